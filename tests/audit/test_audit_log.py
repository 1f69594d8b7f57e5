"""The audit log is append-only, written inside the action's transaction, and read-only in the admin."""
import pytest
from django.db import transaction

from audit.models import AuditLog
from audit.services import audit_record
from tests.factories.accounts import UserFactory

pytestmark = pytest.mark.django_db


def test_an_entry_records_who_what_and_why():
    staff = UserFactory(is_staff=True)
    entry = audit_record(actor=staff, action="duel.cancel", reason="Doublon", data={"x": 1})
    entry.refresh_from_db()
    assert (entry.actor, entry.action, entry.reason, entry.data) == (staff, "duel.cancel", "Doublon", {"x": 1})
    assert entry.action_label == "duel annulé"


def test_entries_cannot_be_changed_or_deleted_through_the_app():
    entry = audit_record(actor=None, action="fault.record")
    entry.reason = "rewritten"
    with pytest.raises(TypeError):
        entry.save()
    with pytest.raises(TypeError):
        entry.delete()
    with pytest.raises(TypeError):
        AuditLog.objects.filter(pk=entry.pk).update(reason="x")
    with pytest.raises(TypeError):
        AuditLog.objects.all().delete()
    assert AuditLog.objects.get(pk=entry.pk).reason == ""


def test_an_entry_rolls_back_with_the_action_it_records():
    class Boom(Exception):
        pass

    with pytest.raises(Boom), transaction.atomic():
        audit_record(actor=None, action="duel.start")
        raise Boom
    assert not AuditLog.objects.exists()


def test_the_admin_lists_and_filters_but_cannot_edit(client):
    staff = UserFactory(is_staff=True, is_superuser=True)
    entry = audit_record(actor=staff, action="duel.cancel", reason="Doublon")
    client.force_login(staff)
    listing = client.get("/admin/audit/auditlog/?action=duel.cancel")
    assert listing.status_code == 200 and "Doublon" in listing.content.decode()
    assert client.get("/admin/audit/auditlog/add/").status_code == 403
    assert client.post(f"/admin/audit/auditlog/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    assert AuditLog.objects.filter(pk=entry.pk).exists()
