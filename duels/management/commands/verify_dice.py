"""manage.py verify_dice DUEL_ID: re-derive every stored roll of a finished duel from its revealed seed."""
from django.core.management.base import CommandError

from clubs.commands import ClubCommand
from duels.models import Declaration, Duel, DuelStatus
from duels.services.dice import roll_derive, seed_fingerprint


class Command(ClubCommand):
    help = "Vérifie les dés d'un duel terminé à partir de sa graine révélée (code de sortie 1 en cas d'écart)."

    def add_arguments(self, parser):
        parser.add_argument("duel_id", type=int)

    def handle(self, *args, duel_id: int, **options):
        duel = Duel.objects.filter(pk=duel_id).first()
        if duel is None:
            raise CommandError(f"Duel n°{duel_id} introuvable.")
        if duel.status != DuelStatus.FINISHED:
            raise CommandError(f"Duel n°{duel_id} : pas terminé, sa graine est encore secrète.")
        seed = duel.revealed_seed
        problems = []
        if seed_fingerprint(seed) != duel.seed_sha256:
            problems.append(f"la graine révélée ne correspond pas à l'empreinte publiée {duel.seed_sha256}")
        checked = 0
        declarations = Declaration.objects.filter(window__duel=duel).select_related("window").order_by(
            "window__turn", "window__phase"
        )
        for declaration in declarations:
            window = declaration.window
            for roll in declaration.rolls:
                checked += 1
                expected = roll_derive(
                    seed=seed, turn=window.turn, phase=window.phase,
                    post_order=roll["post_order"], step_index=roll["step_index"],
                )
                if roll["roll"] != expected:
                    problems.append(
                        f"tour {window.turn}, {window.phase}, message {roll['post_order']}, "
                        f"étape {roll['step_index']} : dé enregistré {roll['roll']}, attendu {expected}"
                    )
        self.stdout.write(f"Duel n°{duel.pk} — graine : {seed}")
        self.stdout.write(f"SHA-256 publiée : {duel.seed_sha256}")
        if problems:
            for problem in problems:
                self.stdout.write(f"ÉCART : {problem}")
            raise CommandError(f"{len(problems)} écart(s) sur {checked} dé(s).")
        self.stdout.write(self.style.SUCCESS(f"Les {checked} dés concordent avec la graine révélée."))
