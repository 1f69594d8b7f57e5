"""The club's catalogue editor, in its control panel (/<club>/gestion/sorts/): the list, a spell added or
changed, retired or brought back, the catalogue file imported or exported. Views only: the writes are
spells.services' (staff check, copy-on-write, audit log)."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.scoping import current_club
from common.access import permission_required
from common.errors import RefusedError
from common.views import refused
from spells import selectors
from spells.catalog_format import dumps_catalog
from spells.describe import year_text
from spells.models import MagicType, Spell
from spells.panel_forms import CatalogueFilterForm, CatalogueImportForm, SpellForm
from spells.services import (
    EDIT_CATALOGUE,
    CatalogError,
    SpellRefused,
    catalogue_import,
    catalogue_spell_retire,
    catalogue_spell_save,
)

LIST = "clubs:catalogue:list"


def _magic_types() -> list[MagicType]:
    return list(MagicType.objects.order_by("name"))


@permission_required(EDIT_CATALOGUE)
def catalogue_list(request):
    """The spells of the catalogue the club reads, retired ones included, filtered (HTMX: the results only)."""
    club = current_club()
    form = CatalogueFilterForm(request.GET or None, magic_types=_magic_types())
    form.is_valid()
    spells = [{"spell": spell, "year": year_text(spell.level)}
              for spell in selectors.catalogue_panel_spells(club, **form.filters())]
    template = "spells/panel/catalogue.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    response = render(request, template, {
        "form": form, "spells": spells, "own_copy": selectors.catalogue_has_copy(club),
    })
    patch_vary_headers(response, ("HX-Request",))
    return response


def _spell_or_404(club, slug: str) -> Spell:
    try:
        return selectors.catalogue_panel_spell(club, slug)
    except Spell.DoesNotExist:
        raise Http404(slug) from None


@permission_required(EDIT_CATALOGUE)
def spell_add(request):
    return _spell_form(request, spell=None)


@permission_required(EDIT_CATALOGUE)
def spell_edit(request, slug: str):
    return _spell_form(request, spell=_spell_or_404(current_club(), slug))


def _spell_form(request, *, spell: Spell | None):
    club = current_club()
    form = SpellForm(request.POST or None, magic_types=_magic_types(), spell=spell)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                saved = catalogue_spell_save(club=club, by=request.user, data=form.data_dict,
                                             editing=spell.slug if spell else None)
            except SpellRefused as error:
                form.add_problems(error.problems)
            except Spell.DoesNotExist:
                raise Http404 from None
            except RefusedError as error:
                return refused(request, error, LIST)
            else:
                messages.success(request, _("Sort « %(name)s » enregistré : il vaut pour les duels qui commencent "
                                            "désormais.") % {"name": saved.name})
                return redirect(LIST)
        status = 422
    return render(request, "spells/panel/spell_form.html", {"form": form, "spell": spell}, status=status)


@permission_required(EDIT_CATALOGUE)
@require_POST
def spell_retire(request, slug: str):
    """POST `retired` 1: retire the spell; 0: bring it back."""
    club = current_club()
    spell = _spell_or_404(club, slug)
    retired = request.POST.get("retired") != "0"
    try:
        catalogue_spell_retire(club=club, by=request.user, slug=spell.slug, retired=retired)
    except Spell.DoesNotExist:
        raise Http404 from None
    except RefusedError as error:
        return refused(request, error, LIST)
    if retired:
        messages.success(request, _("Sort « %(name)s » retiré : les nouveaux duels ne le proposent plus ; les duels "
                                    "en cours le gardent.") % {"name": spell.name})
    else:
        messages.success(request, _("Sort « %(name)s » remis au catalogue.") % {"name": spell.name})
    return redirect(LIST)


@permission_required(EDIT_CATALOGUE)
def catalogue_import_page(request):
    """Upload a catalogue file: all or nothing, each problem listed."""
    form = CatalogueImportForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                result = catalogue_import(club=current_club(), by=request.user, data=form.cleaned_data["file"])
            except CatalogError as error:
                problems = error.problems
            except RefusedError as error:
                return refused(request, error, LIST)
            else:
                messages.success(request, _("Catalogue importé. %(result)s") % {"result": result})
                return redirect(LIST)
        status = 422
    return render(request, "spells/panel/import.html", {"form": form, "problems": problems}, status=status)


@permission_required(EDIT_CATALOGUE)
def catalogue_export(request):
    """The club's catalogue file (catalog_export's format), as a download."""
    club = current_club()
    text = dumps_catalog(selectors.catalog_export_data(club=club))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="catalogue-{club.slug}.json"'
    return response
