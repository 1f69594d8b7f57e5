"""A club opened by a forum's staff proves its forum (verification_key, verified_at); the operator may
suspend one. Existing clubs were made by their installation's operator: verified from the start."""
import secrets

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone

import clubs.models


def keys_and_trust(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    for club in Club.objects.all():
        club.verification_key = secrets.token_hex(24)
        club.verified_at = club.verified_at or timezone.now()
        club.save(update_fields=["verification_key", "verified_at"])


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0003_house_rules"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="club", name="verification_key",
            field=models.CharField(max_length=64, null=True, editable=False, verbose_name="clé de vérification"),
        ),
        migrations.AddField(
            model_name="club", name="verified_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="vérifié le"),
        ),
        migrations.RunPython(keys_and_trust, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club", name="verification_key",
            field=models.CharField(default=clubs.models.new_verification_key, editable=False, max_length=64,
                                   unique=True, verbose_name="clé de vérification"),
        ),
        migrations.AddField(
            model_name="club", name="opened_by",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="clubs_opened", to=settings.AUTH_USER_MODEL,
                                    verbose_name="ouvert par"),
        ),
        migrations.AddField(
            model_name="club", name="suspended_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="suspendu le"),
        ),
        migrations.AddField(
            model_name="club", name="suspension_reason",
            field=models.CharField(blank=True, max_length=300, verbose_name="motif de la suspension"),
        ),
    ]
