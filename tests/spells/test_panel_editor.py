"""The club's catalogue editor in its control panel (/<club>/gestion/sorts/): who may open each page, the
spell form's checks (catalog_load's own messages), nothing stored on bad input, and the audit log."""
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from audit.models import AuditAction, AuditLog
from clubs.scoping import activate_club
from spells.models import Spell
from spells.selectors import catalogue_has_copy
from spells.services import catalogue_copy_for
from tests.factories.accounts import UserFactory
from tests.support.clubs import club_member, home_club, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def default_catalogue():
    call_command("catalog_load", stdout=StringIO(), stderr=StringIO())


def pages():
    """(method, URL) of each page of the editor, in the club being served."""
    return [
        ("get", reverse("clubs:catalogue:list")),
        ("get", reverse("clubs:catalogue:add")),
        ("get", reverse("clubs:catalogue:edit", args=["stupefix"])),
        ("post", reverse("clubs:catalogue:retire", args=["stupefix"])),
        ("get", reverse("clubs:catalogue:import")),
        ("get", reverse("clubs:catalogue:export")),
    ]


def open_all(client) -> list[int]:
    return [getattr(client, method)(url).status_code for method, url in pages()]


@pytest.mark.parametrize("owner", [False, True], ids=["staff", "owner"])
def test_the_club_staff_and_its_owner_open_every_page(owner):
    codes = open_all(client_for(club_staff(owner=owner)))
    assert codes == [200, 200, 200, 302, 200, 200]


def _referee():
    user = club_member()
    make_referee(user)
    return user


@pytest.mark.parametrize("who", ["referee", "player", "outsider", "other club's staff"])
def test_anyone_else_signed_in_gets_403_and_nothing_changes(who):
    user = {"referee": _referee, "player": club_member, "outsider": UserFactory,
            "other club's staff": lambda: club_staff(other_club())}[who]()
    assert open_all(client_for(user)) == [403] * 6
    assert not catalogue_has_copy(home_club())
    assert not AuditLog.objects.exists()


def test_anonymous_visitors_go_to_the_login_page():
    client = Client()
    for method, url in pages():
        response = getattr(client, method)(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next="), url


def test_a_spell_of_another_club_is_not_found():
    other = other_club()
    catalogue_copy_for(other)
    Spell.rows.filter(club=other, slug="stupefix").update(slug="stupefix-ilvermorny")
    client = client_for(club_staff())
    assert client.get(reverse("clubs:catalogue:edit", args=["stupefix-ilvermorny"])).status_code == 404
    assert client.post(reverse("clubs:catalogue:retire", args=["stupefix-ilvermorny"])).status_code == 404
    assert client.post(reverse("clubs:catalogue:edit", args=["stupefix-ilvermorny"]), form()).status_code == 404
    assert not catalogue_has_copy(home_club())
    with activate_club(other):
        assert Spell.objects.get(slug="stupefix-ilvermorny").retired_at is None


def form(**changes) -> dict:
    data = {"name": "Éclair", "slug": "eclair", "incantation": "Fulgur", "description": "Un éclair.",
            "level": "2", "range": "5", "magic_type": "malefices", "target": "opponent",
            "effect": '{"damage": 2}', "bonus": '{"damage": 3}', "modulations": ""}
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_a_spell_added_joins_the_club_copy_only_and_is_logged():
    staff = club_staff()
    response = client_for(staff).post(reverse("clubs:catalogue:add"), form(tags=["AUTO"]))
    assert response.status_code == 302
    spell = Spell.objects.get(slug="eclair")
    assert (spell.club, spell.level, spell.tags, spell.effect, spell.bonus) == (home_club(), 2, ["AUTO"],
                                                                                {"damage": 2}, {"damage": 3})
    assert not Spell.rows.owned_by(None).filter(slug="eclair").exists()
    entry = AuditLog.objects.get()
    assert (entry.action, entry.actor, entry.data["slug"], entry.data["created"]) == (
        AuditAction.CATALOGUE_SPELL, staff, "eclair", True)


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"level": "9"}, "level", "« level » doit être un entier de 1 à 8 (reçu : 9)."),
    ({"name": ""}, "name", "« name » est obligatoire."),
    ({"slug": "Éclair !"}, "slug", "« slug » doit être un identifiant en minuscules"),
    ({"slug": "stupefix"}, "slug", "l'identifiant « stupefix » est déjà utilisé par un autre sort."),
    ({"effect": '{"damage": -1}'}, "effect", "« effect.damage » doit être positif ou nul (reçu : -1)."),
    ({"effect": '{"damage": 2'}, "effect", "Ce n'est pas un JSON valide"),
    ({"effect": ""}, "effect", "« effect » est obligatoire."),
    ({"magic_type": "", "bonus": '{"damage": 3}'}, "bonus", "un sort sans type de magie ne peut pas avoir d'effet bonus"),
    ({"tags": ["DEFENCE"]}, "target", "« target » doit être « self » pour un sort DEFENCE"),
    ({"radius": "1"}, "radius", "« radius » n'est permis que pour un sort ZONE."),
    ({"modulations": '[{"level": 1, "effect": {"damage": 3}}]'}, "modulations",
     "« modulations[0].level » doit être un entier supérieur au niveau du sort (2)"),
])
def test_bad_input_is_refused_with_catalog_load_message_and_nothing_stored(changes, field, message):
    response = client_for(club_staff()).post(reverse("clubs:catalogue:add"), form(**changes))
    assert response.status_code == 422
    errors = " ".join(response.context["form"].errors.get(field, []))
    assert message in errors, response.context["form"].errors
    assert message.replace("'", "&#x27;").replace('"', "&quot;") in text(response)
    assert not catalogue_has_copy(home_club())  # not even the copy
    assert not AuditLog.objects.exists()


def test_the_form_and_catalog_load_give_the_same_message(tmp_path):
    """The same bad spell, loaded from a file and typed in the form: one message (prefixed by its slug in
    the command's list)."""
    import json

    from django.core.management import CommandError

    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"spells": [{"slug": "eclair", "name": "Éclair", "level": 9, "range": 5,
                                            "target": "opponent", "effect": {"damage": 2}}]}), encoding="utf-8")
    errors = StringIO()
    with pytest.raises(CommandError):
        call_command("catalog_load", "--club", "club", "--file", str(path), stdout=StringIO(), stderr=errors)
    response = client_for(club_staff()).post(reverse("clubs:catalogue:add"),
                                             form(slug="eclair-2", level="9", bonus="", magic_type=""))
    [message] = response.context["form"].errors["level"]
    assert f"- eclair : {message}" in errors.getvalue()


def test_an_edit_changes_the_spell_but_never_its_slug():
    client = client_for(club_staff())
    page = client.get(reverse("clubs:catalogue:edit", args=["stupefix"]))
    initial = page.context["form"].initial
    assert initial["slug"] == "stupefix" and initial["level"] == 3
    data = {key: value for key, value in initial.items() if value is not None}
    data.update(level="4", slug="autre")  # the disabled slug is ignored
    response = client.post(reverse("clubs:catalogue:edit", args=["stupefix"]), data)
    assert response.status_code == 302, response.context["form"].errors
    assert Spell.objects.get(slug="stupefix").level == 4
    assert not Spell.objects.filter(slug="autre").exists()
    assert Spell.rows.owned_by(None).get(slug="stupefix").level == 3


def test_the_list_says_which_catalogue_the_club_reads_and_filters():
    client = client_for(club_staff())
    page = text(client.get(reverse("clubs:catalogue:list")))
    assert 'data-catalogue="default"' in page and 'data-spell="stupefix"' in page
    found = text(client.get(reverse("clubs:catalogue:list"), {"q": "stupé"}))
    assert 'data-spell="stupefix"' in found and 'data-spell="protego"' not in found
    catalogue_copy_for(home_club())
    assert 'data-catalogue="copy"' in text(client.get(reverse("clubs:catalogue:list")))


def test_the_menu_lists_the_catalogue_after_the_house_rules():
    from clubs.panel_menu import SECTIONS

    names = [name for name, _label in SECTIONS]
    assert names.index("clubs:catalogue:list") == names.index("house_rules") + 1


def test_a_post_without_its_csrf_token_is_refused_and_changes_nothing():
    client = client_for(club_staff(), csrf=True)
    assert client.post(reverse("clubs:catalogue:retire", args=["stupefix"]), {"retired": "1"}).status_code == 403
    assert client.post(reverse("clubs:catalogue:add"), form()).status_code == 403
    assert not catalogue_has_copy(home_club())


def test_the_pages_read_in_english_for_an_english_reader():
    client = client_for(club_staff())
    client.cookies["django_language"] = "en"
    page = text(client.get(reverse("clubs:catalogue:list")))
    assert "Add a spell" in page and "The club uses the site's default catalogue" in page
    response = client.post(reverse("clubs:catalogue:add"), form(level="9"))
    assert response.status_code == 422 and "Ajouter un sort" not in text(response)
    assert response.context["form"].errors["level"] == ["“level” must be an integer from 1 to 8 (got: 9)."]
