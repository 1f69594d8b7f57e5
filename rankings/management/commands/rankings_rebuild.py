"""Recompute the champions table from the results; report the differences and fix them.

    python manage.py rankings_rebuild             # report and fix
    python manage.py rankings_rebuild --check     # report only; exit status 1 when something differs
    python manage.py rankings_rebuild --season automne-2026
"""
from dataclasses import fields

from django.core.management.base import CommandError

from clubs.commands import ClubCommand
from rankings.models import Season
from rankings.services.rebuild import standings_rebuild
from rankings.services.standings import Key, ScopeKey, Tally

SHOWN = 20
FIELDS = [f.name for f in fields(Tally)]


def describe_scope(scope: ScopeKey) -> str:
    season_id, kind, format, year = scope
    return f"saison {season_id or 'toutes'}, type {kind or 'tous'}, format {format or 'tous'}, année {year or 'toutes'}"


def describe(key: Key) -> str:
    return f"duelliste {key[4]}, {describe_scope(key[:4])}"


class Command(ClubCommand):
    help = "Recalcule le classement à partir des résultats, signale les différences et les corrige."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Signaler sans corriger (code 1 si différence).")
        parser.add_argument("--season", help="Identifiant (slug) d'une saison : ne reconstruire qu'elle.")

    def handle(self, *args, check=False, season=None, **options):
        chosen = None
        if season:
            chosen = Season.objects.filter(slug=season).first()
            if chosen is None:
                raise CommandError(f"Saison inconnue : {season}")
        report = standings_rebuild(season=chosen, fix=not check)
        self.stdout.write(f"{report.checked} lignes attendues d'après les résultats.")
        for label, keys in (("manquante", report.missing), ("en trop", report.extra)):
            for key in keys[:SHOWN]:
                self.stdout.write(f"  ligne {label} : {describe(key)}")
        for key, stored, expected in report.changed[:SHOWN]:
            wrong = ", ".join(
                f"{name} {have} → {want}"
                for name, have, want in zip(FIELDS, stored, expected, strict=True) if have != want
            )
            self.stdout.write(f"  ligne fausse : {describe(key)} : {wrong}")
        for scope, stored, expected in report.sizes[:SHOWN]:
            self.stdout.write(f"  nombre de lignes faux : {describe_scope(scope)} : "
                              f"{stored} → {expected}")
        if not report.differences:
            self.stdout.write(self.style.SUCCESS("Aucune différence : le classement est à jour."))
            return
        summary = (
            f"{len(report.missing)} manquante(s), {len(report.extra)} en trop, {len(report.changed)} fausse(s)"
            + (f", {len(report.sizes)} nombre(s) de lignes faux" if report.sizes else "")
        )
        if report.fixed:
            self.stdout.write(self.style.WARNING(f"Différences corrigées : {summary}."))
        else:
            self.stdout.write(self.style.ERROR(f"Différences (non corrigées) : {summary}."))
            raise SystemExit(1)
