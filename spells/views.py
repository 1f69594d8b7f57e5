from django.http import Http404
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

from spells import selectors
from spells.describe import describe_spell, summary_text
from spells.forms import CatalogFilterForm
from spells.models import MagicType, Spell
from spells.snapshot import spell_to_engine_dict


def catalog(request):
    """The spell catalog, filtered by level, magic type and tag. HTMX requests get the results only."""
    form = CatalogFilterForm(request.GET or None, magic_types=list(MagicType.objects.order_by("name")))
    form.is_valid()
    spells = [
        {"spell": spell, "summary": summary_text(spell.to_catalog_dict(modulations=[]))}
        for spell in selectors.spell_list(**form.filters())
    ]
    template = "spells/catalog.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    response = render(request, template, {"form": form, "spells": spells})
    patch_vary_headers(response, ("HX-Request",))
    return response


def spell_detail(request, slug: str):
    try:
        spell = selectors.spell_get(slug=slug)
    except Spell.DoesNotExist:
        raise Http404(slug) from None
    data = spell_to_engine_dict(spell)
    house = selectors.club_house_rules()  # the page states the club's numbers (RULES.md §8)
    description = describe_spell(data, type_name=spell.magic_type.name if spell.magic_type else None,
                                 overlevels=house.overlevel_per_duel)
    return render(request, "spells/spell_detail.html", {"spell": spell, "d": description, "dodge_pf": house.dodge_pf})
