"""Stored engine states without the spell catalog (the duel's `spells` snapshot holds it).

Rewrites `Duel.state`, `Declaration.state_after` / `state_before` and `DeclarationRevision.state_after`
by dropping their "spells" list: what `rules.state_dump` writes from now on. Nothing else in a state
changes, so replays and dice checks read the same values. A draft's `state_before_sha256` is the
fingerprint of the duel's state it was prepared from: drafts still current get the fingerprint of the
lean state, so they can still be published (a published declaration keeps its fingerprint).
Reversible: the reverse puts the duel's catalog back, in the engine's own form.
"""
import hashlib
import json

from django.db import migrations

CHUNK = 500


def _fingerprint(state):  # duels.services.common.state_fingerprint, frozen here
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _lean(state):
    if isinstance(state, dict) and "spells" in state:
        return {key: value for key, value in state.items() if key != "spells"}
    return state


def _rewrite(model, fields, change, queryset=None):
    rows = queryset if queryset is not None else model.objects.only("pk", *fields)
    batch = []
    for row in rows.iterator(chunk_size=CHUNK):
        changed = False
        for name in fields:
            value = getattr(row, name)
            new = change(row, value)
            if new is not value:
                setattr(row, name, new)
                changed = True
        if changed:
            batch.append(row)
        if len(batch) >= CHUNK:
            model.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        model.objects.bulk_update(batch, fields)


def forwards(apps, schema_editor):
    Duel = apps.get_model("duels", "Duel")
    Declaration = apps.get_model("duels", "Declaration")
    Revision = apps.get_model("duels", "DeclarationRevision")
    # Drafts first, while the duel's state is still the full one their fingerprint was taken from.
    drafts = Declaration.objects.exclude(status="published").select_related("window__duel")
    batch = []
    for draft in drafts.iterator(chunk_size=CHUNK):
        full = draft.window.duel.state
        if full is not None and draft.state_before_sha256 == _fingerprint(full):
            draft.state_before_sha256 = _fingerprint(_lean(full))
            batch.append(draft)
    Declaration.objects.bulk_update(batch, ["state_before_sha256"], batch_size=CHUNK)
    _rewrite(Duel, ["state"], lambda row, value: _lean(value))
    _rewrite(Declaration, ["state_after", "state_before"], lambda row, value: _lean(value))
    _rewrite(Revision, ["state_after"], lambda row, value: _lean(value))


def backwards(apps, schema_editor):
    from duels.engine.spells import spell_from_dict

    Duel = apps.get_model("duels", "Duel")
    Declaration = apps.get_model("duels", "Declaration")
    Revision = apps.get_model("duels", "DeclarationRevision")
    catalogs = {}

    def full(duel_id, value):
        if not isinstance(value, dict) or "spells" in value:
            return value
        if duel_id not in catalogs:
            snapshot = Duel.objects.values_list("spells", flat=True).get(pk=duel_id)
            catalogs[duel_id] = [spell_from_dict(s).to_dict() for s in snapshot or []]
        return {**value, "spells": catalogs[duel_id]}

    drafts = Declaration.objects.exclude(status="published").select_related("window__duel")
    batch = []
    for draft in drafts.iterator(chunk_size=CHUNK):
        lean = draft.window.duel.state
        if lean is not None and draft.state_before_sha256 == _fingerprint(lean):
            draft.state_before_sha256 = _fingerprint(full(draft.window.duel_id, lean))
            batch.append(draft)
    Declaration.objects.bulk_update(batch, ["state_before_sha256"], batch_size=CHUNK)
    _rewrite(Duel, ["state"], lambda row, value: full(row.pk, value))
    _rewrite(Declaration, ["state_after", "state_before"], lambda row, value: full(row.window.duel_id, value),
             Declaration.objects.select_related("window"))
    _rewrite(Revision, ["state_after"], lambda row, value: full(row.declaration.window.duel_id, value),
             Revision.objects.select_related("declaration__window"))


class Migration(migrations.Migration):
    dependencies = [
        ("duels", "0006_matchmaking_settings"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
