"""python manage.py duel_export DUEL_ID [--output FILE]: one duel as a JSON archive.

Everything stored about it, row by row (every column of every model below, ids included, so the archive
can be read back or compared with a restored backup): the duel, its participants and their duellists,
windows and slots, posts (automatic ones too), declarations with their dice, events and stage, faults,
exemptions, results, and the audit trail when the `audit` app is installed. The dice seed is written
only once the duel is finished (the same rule as the site and the API): an archive of a running duel
must not let anyone predict its next rolls.
"""
from __future__ import annotations

import json

from django.apps import apps
from django.core.exceptions import FieldError
from django.core.management.base import CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from clubs.commands import ClubCommand
from duels.models import Duel, DuelStatus

FORMAT = "estrade-duel-export/1"
# (app, model, lookup to the duel): models missing from this installation are skipped.
SECTIONS = [
    ("duels", "Participant", "duel"),
    ("accounts", "Duellist", "participations__duel"),
    ("duels", "Window", "duel"),
    ("duels", "WindowSlot", "window__duel"),
    ("duels", "Post", "window__duel"),
    ("duels", "Declaration", "window__duel"),
    ("duels", "DeclarationRevision", "declaration__window__duel"),
    ("duels", "Fault", "participant__duel"),
    ("duels", "Exemption", "participant__duel"),
    ("rankings", "Result", "duel"),
    ("audit", "AuditLog", "duel"),
]


def row(instance) -> dict:
    return {field.attname: field.value_from_object(instance) for field in instance._meta.concrete_fields}


def duel_archive(duel: Duel) -> dict:
    finished = duel.status == DuelStatus.FINISHED
    archive = {
        "format": FORMAT,
        "exported_at": timezone.now(),
        "seed_revealed": finished,
        "duel": {**row(duel), "seed": duel.seed if finished else None},
    }
    for app_label, model_name, lookup in SECTIONS:
        try:
            model = apps.get_model(app_label, model_name)
        except LookupError:
            continue
        try:
            rows = model._default_manager.filter(**{lookup: duel}).distinct().order_by("pk")
            archive[model._meta.model_name] = [row(instance) for instance in rows]
        except FieldError:  # a model whose relation to the duel changed: say so rather than guess
            archive[model._meta.model_name] = None
    return archive


class Command(ClubCommand):
    help = "Exporte un duel complet en JSON (messages, déclarations, dés ; graine si le duel est terminé)."

    def add_arguments(self, parser):
        parser.add_argument("duel_id", type=int)
        parser.add_argument("--output", help="Fichier à écrire (par défaut : la sortie standard).")

    def handle(self, *args, duel_id: int, output: str | None = None, **options):
        duel = Duel.objects.filter(pk=duel_id).first()
        if duel is None:
            raise CommandError(f"Duel n°{duel_id} introuvable.")
        text = json.dumps(duel_archive(duel), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.stderr.write(f"Duel n°{duel_id} exporté dans {output}.")
        else:
            self.stdout.write(text)
