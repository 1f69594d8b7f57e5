"""An installation becomes its first club, with nothing lost: every club-owned row joins it, every
account becomes its member (referees and staff keep their roles there), and the forum settings of the
environment become the club's. A fresh database gets the same first club, ready to be renamed."""
import os

from django.conf import settings
from django.db import migrations

CLUB_OWNED = [
    ("accounts", ["Duellist", "Notification", "Invitation", "SignupRequest"]),
    ("audit", ["AuditLog"]),
    ("forum", ["DuelTopic", "Publication", "PmBatch", "PmDelivery"]),
    ("rankings", ["SalaryScale", "Result", "Season", "Standing", "ScopeSize", "TableRevision", "DuelFigures",
                  "ClubFigure"]),
    ("webhooks", ["Webhook", "Delivery"]),
    ("duels", ["Registration", "MatchmakingSettings", "Declaration", "DeclarationRevision", "Window", "WindowSlot",
               "Fault", "Exemption", "Duel", "Participant", "Post"]),
]
REFEREE_GROUP = "Arbitres"


def home_club(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    Membership = apps.get_model("clubs", "Membership")
    User = apps.get_model("accounts", "User")
    forum_url = getattr(settings, "FORUM_URL", "")
    club, _created = Club.objects.get_or_create(slug=os.environ.get("CLUB_SLUG", "club"), defaults=dict(
        name=os.environ.get("CLUB_NAME", "Club de duel"),
        forum_url=forum_url, forum_origins=[o for o in getattr(settings, "FORUM_ORIGINS", []) if o != forum_url],
        duel_section=getattr(settings, "FORUM_DUEL_SECTION", 0) or 0,
        forum_profile_url=getattr(settings, "FORUM_PROFILE_URL", ""),
        language=(settings.LANGUAGE_CODE or "fr")[:2], time_zone=settings.TIME_ZONE,
    ))
    for app_label, names in CLUB_OWNED:
        for name in names:
            apps.get_model(app_label, name).objects.filter(club__isnull=True).update(club=club)
    referees = set(User.objects.filter(groups__name=REFEREE_GROUP).values_list("pk", flat=True))
    Membership.objects.bulk_create([
        Membership(user_id=pk, club=club, is_referee=pk in referees, is_staff=is_staff, is_owner=is_superuser,
                   joined_at=joined)
        for pk, is_staff, is_superuser, joined in User.objects.values_list("pk", "is_staff", "is_superuser",
                                                                         "date_joined")
    ], ignore_conflicts=True)  # migrated back and forth (a test): the first club's members stay


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("accounts", "0010_club"),
        ("audit", "0002_club"),
        ("forum", "0002_club"),
        ("rankings", "0010_club"),
        ("webhooks", "0003_club"),
        ("duels", "0011_club"),
    ]

    operations = [migrations.RunPython(home_club, migrations.RunPython.noop)]
