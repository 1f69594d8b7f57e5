"""manage.py duel_export: a duel's whole story as JSON; the seed only once the duel is finished."""
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from duels.services import forfeit
from tests.support.duels import RP_TEXT, declare, post, started_duel

pytestmark = pytest.mark.django_db


def export(duel_id) -> dict:
    out = StringIO()
    call_command("duel_export", str(duel_id), stdout=out)
    return json.loads(out.getvalue())


def test_a_running_duel_exports_posts_declarations_and_dice_but_not_the_seed():
    duel, referee, (harry, drago) = started_duel()
    post(duel, harry, [{"move": 5}])
    post(duel, drago, [{"move": 7}])
    declare(duel, referee, comment="Premier tour.")
    archive = export(duel.pk)
    assert archive["format"] == "estrade-duel-export/1" and archive["seed_revealed"] is False
    assert archive["duel"]["id"] == duel.pk and archive["duel"]["seed"] is None
    assert archive["duel"]["seed_sha256"] == duel.seed_sha256
    assert [p["rp_text"] for p in archive["post"]] == [RP_TEXT, RP_TEXT]
    assert archive["declaration"][0]["referee_comment"] == "Premier tour."
    assert "rolls" in archive["declaration"][0] and archive["declaration"][0]["state_after"]
    assert {d["forum_name"] for d in archive["duellist"]} == {harry.duellist.forum_name, drago.duellist.forum_name}
    assert len(archive["participant"]) == 2 and archive["windowslot"]
    assert duel.seed not in json.dumps(archive)


def test_a_finished_duel_exports_its_seed_and_audit_trail(tmp_path):
    duel, _referee, (harry, _drago) = started_duel()
    forfeit(duel=duel, by=harry.duellist.user)
    path = tmp_path / "duel.json"
    call_command("duel_export", str(duel.pk), "--output", str(path), stderr=StringIO())
    archive = json.loads(path.read_text())
    duel.refresh_from_db()
    assert archive["seed_revealed"] is True and archive["duel"]["seed"] == duel.seed
    assert archive["result"], "the results of the finished duel"
    assert "auditlog" in archive  # the audit app is installed: its entries (maybe none) are exported


def test_an_unknown_duel_is_a_clear_error():
    with pytest.raises(CommandError, match="introuvable"):
        call_command("duel_export", "999999")
