"""The club's rules page: the forum's rulebook (rulebook-fr.txt) with the club's own numbers in place
(RULES.md §8). A number the club changed is marked, with the rulebook's beside it."""
from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.scoping import current_club
from duels.engine.house_rules import RULEBOOK
from duels.selectors.house_rules import club_rules

# The rulebook's own words for the years (§2.4's table); the page is the forum's French rulebook.
YEAR_NAMES = {1: "Première année", 2: "Deuxième année", 3: "Troisième année", 4: "Quatrième année",
              5: "Cinquième année", 6: "Sixième année", 7: "Septième année", 8: "Adulte"}


@require_GET
def rules_page(request):
    house = club_rules()
    points = [{"year": YEAR_NAMES[year], "pf": pf, "pm": pm, "changed": (pf, pm) != RULEBOOK.points[year]}
              for year, (pf, pm) in house.points.items()]
    return render(request, "duels/rules.html", {
        "club": current_club(), "house": house, "rulebook": RULEBOOK, "points": points,
        "changed": set(house.to_dict()), "climb_example": 3 * house.move_pf,
    })
