"""The notices already sent about a disabled webhook linked to the Django admin, which a club's staff cannot
open: they now link to the webhook's page in the club's control panel and say so (as new notices do)."""
import re

from django.db import migrations

OLD = ("Le webhook « %(name)s » a été désactivé : le destinataire répond %(reason)s "
       "(adresse supprimée ?). Vérifiez-le dans l'administration puis réactivez-le.")
NEW = ("Le webhook « %(name)s » a été désactivé : le destinataire répond %(reason)s "
       "(adresse supprimée ?). Vérifiez-le dans la gestion du club (Webhooks) puis réactivez-le.")
ADMIN_LINK = re.compile(r"^(.*/)admin/webhooks/webhook/(\d+)/change/$")


def panel_link(url: str, slug: str) -> str:
    """The admin's link of a webhook, as the panel's (the site's prefix kept; a club's prefix, once reversed
    into it by mistake, not doubled). Anything else unchanged."""
    found = ADMIN_LINK.match(url or "")
    if found is None:
        return url
    prefix = found.group(1)
    if prefix.endswith(f"/{slug}/"):
        prefix = prefix[:-len(slug) - 1]
    return f"{prefix}{slug}/gestion/webhooks/{found.group(2)}/"


def forwards(apps, schema_editor):
    Notification = apps.get_model("accounts", "Notification")
    Club = apps.get_model("clubs", "Club")
    slugs = dict(Club._base_manager.values_list("pk", "slug"))
    for notice in Notification._base_manager.filter(message_id=OLD).only("pk", "club_id", "url", "params", "message"):
        params = notice.params if isinstance(notice.params, dict) else {}
        notice.message_id = NEW
        if {"name", "reason"} <= set(params):
            notice.message = NEW % {"name": params["name"], "reason": params["reason"]}
        notice.url = panel_link(notice.url, slugs.get(notice.club_id, ""))
        notice.save(update_fields=["message_id", "message", "url"])


class Migration(migrations.Migration):

    dependencies = [
        ("webhooks", "0005_delivery_webhook_recent"),
        ("accounts", "0014_api_token"),
        ("clubs", "0004_opening"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
