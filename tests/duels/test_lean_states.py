"""Stored states are lean (no spell catalog; the duel's snapshot holds it): the serializer, the catalog
parsed once per snapshot, and the data migration that rewrites the rows stored before."""
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from duels.engine.state import DuelState, spells_parsed
from duels.models import Declaration, Duel
from duels.services import rules
from duels.services.common import state_fingerprint
from tests.factories.duels import TEST_SPELLS
from tests.support.duels import bet_for, declare, post, started_duel


def test_the_stored_form_leaves_the_catalog_out_and_loads_back_equal_with_the_snapshot():
    state = rules.new_duel_state(
        format="1v1", rp=False, spells=[rules.spell_from_dict(s) for s in TEST_SPELLS],
        duellists=[{"id": "a", "team": 1, "year": 3, "types": ["malefices"]},
                   {"id": "b", "team": 2, "year": 3, "types": ["malefices"]}],
    )
    stored = rules.state_dump(state)
    assert "spells" not in stored and stored == {k: v for k, v in state.to_dict().items() if k != "spells"}
    assert rules.state_load(stored, TEST_SPELLS) == state
    assert DuelState.from_dict(state.to_dict()) == state  # the full document still round-trips alone
    assert rules.state_load(stored).spells == {}  # without the snapshot: no spells (display only)


def test_a_snapshot_is_parsed_once_and_an_equal_snapshot_shares_it():
    first = spells_parsed(TEST_SPELLS)
    assert spells_parsed([dict(s) for s in TEST_SPELLS]) is first
    changed = [dict(TEST_SPELLS[0], range=3), *TEST_SPELLS[1:]]
    assert spells_parsed(changed) is not first and spells_parsed(changed)[TEST_SPELLS[0]["slug"]].range == 3


@pytest.mark.django_db
def test_a_duel_plays_on_from_lean_states(settings):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])  # a spell
    post(duel, b, [])
    declaration = declare(duel, referee)
    assert [hit["spell"] for hit in declaration.state_after["pending"]] == ["bolt"]  # the bolt flies at b
    assert "spells" not in duel.state and "spells" not in declaration.state_after
    assert "spells" not in declaration.state_before
    assert duel.state == declaration.state_after


@pytest.mark.django_db(transaction=True)
def test_the_migration_drops_the_catalog_from_stored_rows_and_keeps_drafts_publishable(settings):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    published = declare(duel, referee)
    post(duel, a, [])
    post(duel, b, [])
    from duels.services import declaration_prepare, declaration_publish

    draft = declaration_prepare(duel=duel, by=referee)
    # Rows as stored before: full states (the catalog repeated) and the draft's fingerprint of it.
    duel.refresh_from_db()
    full_state = rules.state_load(duel.state, duel.spells).to_dict()
    full_after = rules.state_load(published.state_after, duel.spells).to_dict()
    Duel.objects.filter(pk=duel.pk).update(state=full_state)
    Declaration.objects.filter(pk=published.pk).update(state_after=full_after, state_before=full_after)
    Declaration.objects.filter(pk=draft.pk).update(state_before=full_state,
                                                   state_before_sha256=state_fingerprint(full_state))
    executor = MigrationExecutor(connection)
    target = [("duels", "0007_lean_stored_states")]
    executor.migrate([("duels", "0006_matchmaking_settings")])
    executor.loader.build_graph()
    executor.migrate(target)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    duel.refresh_from_db()
    published.refresh_from_db()
    draft.refresh_from_db()
    assert "spells" not in duel.state and rules.state_load(duel.state, duel.spells).to_dict() == full_state
    assert "spells" not in published.state_after and "spells" not in draft.state_before
    declaration_publish(declaration=draft, by=referee)  # still current: not refused as stale
    draft.refresh_from_db()
    assert draft.is_published
