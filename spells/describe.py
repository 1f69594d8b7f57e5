"""French descriptions of spells in words ("Inflige 2 PF", "Sort de zone, rayon 1"…).

Everything goes through gettext, so the pages follow the visitor's language.
"""
from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from spells import odds

ARTICLES = ("un ", "une ", "des ", "le ", "la ", "les ", "l'", "l’")


def _subject(target: str) -> str:
    if target == "self":
        return _("le lanceur")
    return _("chaque cible") if target == "zone" else _("la cible")


def _creature(name: str) -> str:
    return name if name.lower().startswith(ARTICLES) else _("un %(name)s") % {"name": name}


def effect_sentences(effect: dict, *, target: str = "opponent") -> list[str]:
    """One sentence per effect key, in the §7 order of application."""
    who = _subject(target)
    sentences = []
    for key, value in effect.items():
        if key == "damage":
            sentences.append(_("Inflige %(n)s PF") % {"n": value})
        elif key == "drain":
            sentences.append(_("Retire %(n)s PM à %(who)s") % {"n": value, "who": who})
        elif key == "heal":
            sentences.append(_("Rend %(n)s PF à %(who)s") % {"n": value, "who": who})
        elif key == "restore":
            sentences.append(_("Rend %(n)s PM à %(who)s") % {"n": value, "who": who})
        elif key == "push":
            sentences.append(ngettext("Repousse %(who)s de %(n)s zone", "Repousse %(who)s de %(n)s zones", value)
                             % {"n": value, "who": who})
        elif key == "pull":
            sentences.append(ngettext("Attire %(who)s de %(n)s zone vers le lanceur",
                                      "Attire %(who)s de %(n)s zones vers le lanceur", value)
                             % {"n": value, "who": who})
        elif key == "stun" and value:
            sentences.append(_("Stupéfie %(who)s : sa prochaine action est perdue") % {"who": who})
        elif key == "disarm" and value:
            sentences.append(_("Désarme %(who)s : aucun sort à sa prochaine action") % {"who": who})
        elif key == "bind" and value:
            sentences.append(_("Entrave %(who)s : aucun déplacement à sa prochaine action") % {"who": who})
        elif key == "shield":
            sentences.append(_shield_sentence(value, who))
        elif key == "summon":
            sentences.append(_summon_sentence(value))
    return sentences


def _shield_sentence(shield: dict, who: str) -> str:
    charges = shield.get("charges", 1)
    if shield.get("team"):
        text = ngettext("Protège chaque membre de l'équipe du lanceur : %(n)s charge de bouclier",
                        "Protège chaque membre de l'équipe du lanceur : %(n)s charges de bouclier", charges)
    else:
        text = ngettext("Protège %(who)s : %(n)s charge de bouclier",
                        "Protège %(who)s : %(n)s charges de bouclier", charges)
    return text % {"n": charges, "who": who} + _(" jusqu'à la fin du tour")


def _summon_sentence(summon: dict) -> str:
    details = ", ".join([
        _("%(n)s PF") % {"n": summon["pf"]},
        ngettext("%(n)s dégât", "%(n)s dégâts", summon["damage"]) % {"n": summon["damage"]},
        _("portée %(n)s") % {"n": summon["range"]},
        ngettext("%(n)s tour", "%(n)s tours", summon["turns"]) % {"n": summon["turns"]},
    ])
    return _("Invoque %(creature)s (%(details)s)") % {"creature": _creature(summon["name"]), "details": details}


def effect_text(effect: dict | None, *, target: str = "opponent") -> str:
    """The whole effect as one line: "Inflige 2 PF. Repousse la cible de 1 zone."."""
    if not effect:
        return ""
    return "".join(f"{sentence}. " for sentence in effect_sentences(effect, target=target)).strip()


def summary_text(spell: dict) -> str:
    """One line for the catalog list: the area, if any, then the effect."""
    area = area_text(spell)
    effect = effect_text(spell["effect"], target=spell["target"])
    return f"{area}. {effect}" if area else effect


def area_text(spell: dict) -> str | None:
    if "ZONE" not in spell["tags"]:
        return None
    radius = spell.get("radius") or 0
    if radius == 0:
        return _("Sort de zone, rayon 0 (la zone visée seulement)")
    return _("Sort de zone, rayon %(radius)s") % {"radius": radius}


def target_text(target: str) -> str:
    return {
        "opponent": _("Un adversaire (duelliste ou créature)"),
        "self": _("Soi-même"),
        "ally": _("Soi-même ou un coéquipier"),
        "zone": _("Une zone de l'estrade"),
    }.get(target, target)


def tag_text(tag: str) -> str:
    return {
        "AUTO": _("Automatique : réussit sans pari et ne peut pas être esquivé."),
        "SOIN": _("Soin : ne coûte aucun PM et réussit sans pari."),
        "ZONE": _("Zone : touche tous ceux qui sont dans la zone visée, sauf le lanceur (coéquipiers compris) ; "
                  "ne peut pas être esquivé."),
        "INVOCATION": _("Invocation : fait apparaître une créature dans une zone libre à portée."),
        "DEFENCE": _("Défense : peut aussi être lancé en phase de défense."),
    }.get(tag, tag)


def cost_text(level: int, *, soin: bool) -> str:
    if soin:
        return _("Aucun PM (sort de soin)")
    return ngettext("%(n)s PM", "%(n)s PM", level) % {"n": level}


def year_text(level: int) -> str:
    if level >= 8:
        return _("Adulte")
    if level == 1:
        return _("1re année")
    return _("%(n)se année") % {"n": level}


def bets_text(bets: tuple[str, ...]) -> str:
    if not bets:
        return _("aucun pari")
    return pgettext("bets", " ou ").join("-".join(bet) for bet in bets)


def chance_text(chance: Fraction) -> str:
    if chance == 1:
        return _("réussite assurée")
    return ngettext("%(num)s chance sur %(den)s", "%(num)s chances sur %(den)s", chance.numerator) % {
        "num": chance.numerator, "den": chance.denominator,
    }


def situation_text(key: str, *, type_name: str | None, level: int, overlevels: int = 1) -> str:
    """`overlevels`: the club's overlevel attempts per duel (RULES.md §8 `overlevel_per_duel`)."""
    if key == odds.ORDINARY:
        return _("Lancer ordinaire") if type_name else _("Lancer (sort sans type de magie)")
    if key == odds.OWN_TYPE:
        return _("Lanceur du type %(type)s") % {"type": type_name}
    above = year_text(level - 1) if level > 1 else None
    if key == odds.OVERLEVEL:
        if overlevels != 1:
            if above:
                return ngettext("Tentative de niveau supérieur (en %(year)s, %(n)s fois par duel)",
                                "Tentative de niveau supérieur (en %(year)s, %(n)s fois par duel)",
                                overlevels) % {"year": above, "n": overlevels}
            return ngettext("Tentative de niveau supérieur (%(n)s fois par duel)",
                            "Tentative de niveau supérieur (%(n)s fois par duel)", overlevels) % {"n": overlevels}
        if above:
            return _("Tentative de niveau supérieur (en %(year)s, une fois par duel)") % {"year": above}
        return _("Tentative de niveau supérieur (une fois par duel)")
    return _("Tentative de niveau supérieur, membre du club Prodigium en duel RP")


OVERLEVEL_SITUATIONS = (odds.OVERLEVEL, odds.OVERLEVEL_PRODIGIUM)


def describe_spell(spell: dict, *, type_name: str | None, overlevels: int = 1) -> dict:
    """Everything the spell page says, from a §7 catalog dict. `overlevels`: the club's overlevel attempts
    per duel (RULES.md §8; with none, the page shows no overlevel attempt)."""
    soin = "SOIN" in spell["tags"]
    target = spell["target"]
    situations = [
        {
            "label": situation_text(s.key, type_name=type_name, level=spell["level"], overlevels=overlevels),
            "cost": cost_text(spell["level"], soin=soin and s.key not in OVERLEVEL_SITUATIONS),
            "options": [{"bets": bets_text(o.bets), "chance": chance_text(o.chance), "percent": o.percent,
                         "effect": _("effet bonus") if o.bonus else _("effet normal")} for o in s.options],
        }
        for s in odds.bet_situations(spell) if overlevels or s.key not in OVERLEVEL_SITUATIONS
    ]
    return {
        "year": year_text(spell["level"]),
        "cost": cost_text(spell["level"], soin=soin),
        "target": target_text(target),
        "area": area_text(spell),
        "dodgeable": odds.dodgeable(spell),
        "tags": [{"tag": tag, "text": tag_text(tag)} for tag in spell["tags"]],
        "effect": effect_sentences(spell["effect"], target=target),
        "bonus": effect_sentences(spell["bonus"], target=target) if spell.get("bonus") else [],
        "modulations": [
            {"level": m["level"], "year": year_text(m["level"]), "cost": cost_text(m["level"], soin=soin),
             "effect": effect_sentences(m["effect"], target=target),
             "bonus": effect_sentences(m["bonus"], target=target) if m.get("bonus") else []}
            for m in spell.get("modulations", [])
        ],
        "situations": situations,
    }
