"""Template helpers of the duel pages (display only)."""
from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from duels.export.bbcode import rp_html
from duels.models.duel import OVER
from duels.pages.stage_html import stage_html
from duels.pages.teams import duel_team, team_label
from duels.pages.year_gap import year_gap
from duels.selectors.house_rules import club_rules, rules_of
from duels.selectors.standing import registration_standing as duellist_standing
from spells.models import MagicType

register = template.Library()


@register.filter
def remaining(deadline_view: dict) -> str:
    """"2 j 5 h", "47 h 12 min", "12 min": the time left before a deadline."""
    if not deadline_view or deadline_view["late"]:
        return _("délai dépassé")
    hours, minutes = deadline_view["hours"], deadline_view["minutes"]
    if hours >= 48:
        return _("%(d)d j %(h)d h") % {"d": hours // 24, "h": hours % 24}
    if hours:
        return _("%(h)d h %(m)02d min") % {"h": hours, "m": minutes}
    return _("%(m)d min") % {"m": minutes}


@register.filter(name="team_label")
def team_label_filter(people) -> str:
    """« cedric & fred »: a list of names or participants as every page names a team."""
    return team_label(people or [])


@register.filter(name="duel_team")
def duel_team_filter(duel, team) -> str:
    """One side of the duel (`duel|duel_team:1`), named as every page names a team."""
    return duel_team(duel, int(team))


@register.filter
def get(mapping, key):
    if mapping is None:
        return None
    try:
        return mapping.get(key) if hasattr(mapping, "get") else mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def strkey(value) -> str:
    return str(value)


@register.simple_tag
def duel_house_rules(duel):
    """The duel's house rules (RULES.md §8): the numbers its pages state (`{% duel_house_rules duel as house %}`)."""
    return rules_of(duel)


@register.inclusion_tag("duels/_eligibility.html", takes_context=True)
def registration_standing(context, duellist, with_link=True):
    """Where the duellist stands for registering, the same on every page (duels.selectors.standing)."""
    known = context.get("standing")  # the view computed it already (dashboard, registration)
    return {"standing": known or duellist_standing(duellist), "duellist": duellist, "with_link": with_link,
            "held_pairing": context.get("held_pairing"), "house": club_rules()}


@register.filter
def bbcode_html(text: str):
    """RP text with its forum BBCode rendered ([b], [i], [u], [s], [color], [quote], [url]; safe links)."""
    return mark_safe(rp_html(text))  # the bbcode parser escaped all HTML before rendering the tags


@register.filter
def type_labels(slugs) -> str:
    """Magic types by their label ("Maléfices"), never the slug; one query, before the start only."""
    slugs = list(slugs or [])
    names = dict(MagicType.objects.filter(slug__in=slugs).values_list("slug", "name"))
    return ", ".join(names.get(slug, slug) for slug in slugs)


@register.simple_tag
def stage_block(zones, stage_id: str = "live", labelled_by: str = ""):
    """The stage's HTML (the `stage` partial of duels/duel.html), rendered once per distinct stage;
    `labelled_by`: the id of the visible heading naming it, when the page has one."""
    return stage_html(zones, stage_id, labelled_by)


@register.inclusion_tag("duels/_year_gap.html")
def year_gap_warning(duel, participants=None):
    """The year-gap warning (with each duellist's PF/PM) while the duel is not over; nothing otherwise."""
    if duel.status in OVER:
        return {"gap": None}
    return {"gap": year_gap(duel, participants)}


@register.simple_tag
def colon():
    """The colon after a label, as each language writes it: "arbitre : x" in French (a
    space before), "referee: x" in English."""
    return " : " if (get_language() or "fr").startswith("fr") else ": "
