"""A duellist's name shows in the table: saving or deleting one makes cached pages stale.

A signal because member sync lives in accounts (`forum_member_upsert` saves the model)."""
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from accounts.models import Duellist
from rankings.services.standings import table_revision_bump


@receiver(post_save, sender=Duellist, dispatch_uid="rankings_duellist_saved")
@receiver(post_delete, sender=Duellist, dispatch_uid="rankings_duellist_deleted")
def duellist_changed(sender, instance, **kwargs):
    if not kwargs.get("raw"):
        table_revision_bump(club_id=instance.club_id)  # their club's table (the admin serves every club)
