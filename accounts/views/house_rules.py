"""The club's house rules page (RULES.md §8), for its staff (EDIT_HOUSE_RULES)."""
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.permissions import EDIT_HOUSE_RULES
from clubs.house_rules_page import PRESETS, HouseRulesForm, changes, house_rules_save, preset_rules
from clubs.scoping import current_club
from common.access import permission_required
from duels.engine.house_rules import HouseRulesError
from duels.selectors.house_rules import club_rules


@permission_required(EDIT_HOUSE_RULES)
def house_rules(request):
    """GET: the club's rules (or a preset's, `?preset=`). POST « Aperçu »: what would change. POST
    « Enregistrer »: save and log."""
    club = current_club()
    current = club_rules(club)
    preview = None
    if request.method == "POST":
        form = HouseRulesForm(request.POST, current=current)
        if form.is_valid():
            try:
                rules = form.rules()
            except HouseRulesError:
                rules = None
            if rules is not None and "save" in request.POST:
                changed = house_rules_save(club=club, rules=rules, by=request.user)
                if changed:
                    messages.success(request, _("Règles maison enregistrées : elles valent pour les duels qui commencent désormais."))
                else:
                    messages.info(request, _("Aucun changement."))
                return redirect("house_rules")
            if rules is not None:
                preview = changes(current, rules)
    else:
        preset = preset_rules(request.GET.get("preset", ""))
        form = HouseRulesForm(current=current)
        if preset is not None:
            form = HouseRulesForm(current=preset)
            preview = changes(current, preset)
    return render(request, "accounts/house_rules.html", {
        "form": form, "preview": preview, "presets": [(slug, label) for slug, (label, _knobs) in PRESETS.items()],
    })
