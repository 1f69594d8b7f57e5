"""The staff page's member CSV import, in two steps: the upload is checked and previewed (the import of
`manage.py import_forum_members` run and rolled back: what it would create and update, or every bad line),
then the staff confirm and it is imported (checked again: all or nothing, one bad line and nothing is
written). Between the two steps the file waits in the cache for PREVIEW_SECONDS, under a random token that
only its uploader, in its club, can confirm."""
from __future__ import annotations

import io
import secrets
from dataclasses import dataclass, field

from django.core.cache import cache
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.permissions import IMPORT_MEMBERS
from accounts.services.forum_members import ImportFileError, forum_members_import
from accounts.services.members import ForumMemberData
from audit.models import AuditAction
from audit.services import audit_record
from clubs.scoping import current_club
from common.access import staff_may

MAX_UPLOAD_BYTES = 20 * 1024 * 1024  # a forum of 100,000 members is a few MB
PREVIEW_SECONDS = 30 * 60


class UploadRefused(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


@dataclass
class ImportReport:
    """`imported`: written (summary says how many created/updated/unchanged). `previewed`: checked, nothing
    written yet; `summary` says what the import would do, `sample` shows its first rows and `token`
    confirms it. Otherwise `error` says why nothing was written and `bad_lines` lists each error of the
    refused lines, one by one (line number, column or "" for the whole line, message)."""

    imported: bool
    previewed: bool = False
    summary: str = ""
    error: str = ""
    bad_lines: list[tuple[int, str, str]] = field(default_factory=list)
    sample: list[ForumMemberData] = field(default_factory=list)
    token: str = ""
    file_name: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # an extra column's unknown values (imported all the same)


def _checked(by: User) -> None:
    if not staff_may(by, IMPORT_MEMBERS):
        raise UploadRefused(_("Seule l'équipe peut importer les membres du forum."))


def _cache_key(by: User, token: str) -> str:
    return f"member-import:{current_club().pk}:{by.pk}:{token}"


def _run(content: bytes, name: str, *, dry_run: bool) -> ImportReport:
    try:
        report = forum_members_import(io.BytesIO(content), name=name, dry_run=dry_run)
    except ImportFileError as error:
        return ImportReport(imported=False, error=str(error))
    if not report.imported:
        error = " ".join(filter(None, [report.refusal(), report.hidden_problems()]))
        return ImportReport(imported=False, error=error, bad_lines=list(report.problems))
    if dry_run:
        return ImportReport(imported=False, previewed=True, summary=report.summary(), sample=report.sample,
                            file_name=name, warnings=report.warnings())
    return ImportReport(imported=True, summary=report.summary(), warnings=report.warnings(),
                        counts={"created": report.created, "updated": report.updated, "unchanged": report.unchanged})


def forum_members_preview(*, upload: UploadedFile, by: User) -> ImportReport:
    """Staff holding `accounts.import_members` only. Checks the upload as the import would, writes nothing;
    a clean file is kept for `forum_members_confirm` under the report's token."""
    _checked(by)
    if upload.size > MAX_UPLOAD_BYTES:
        raise UploadRefused(_("Fichier trop gros : au plus %(mb)d Mo.") % {"mb": MAX_UPLOAD_BYTES // (1024 * 1024)})
    content, name = upload.read(), upload.name or "CSV"
    report = _run(content, name, dry_run=True)
    if report.previewed:
        report.token = secrets.token_urlsafe(16)
        cache.set(_cache_key(by, report.token), (name, content), PREVIEW_SECONDS)
    return report


def forum_members_confirm(*, token: str, by: User) -> ImportReport:
    """Imports the file `by` previewed under `token` (checked again: the members may have changed since)."""
    _checked(by)
    key = _cache_key(by, token)
    kept = cache.get(key) if token else None
    if kept is None:
        raise UploadRefused(_("L'aperçu a expiré (ou vient d'un autre compte) : envoyez le fichier à nouveau."))
    name, content = kept
    with transaction.atomic():
        report = _run(content, name, dry_run=False)
        if report.imported:
            audit_record(actor=by, action=AuditAction.MEMBERS_IMPORT, data={"file": name, **report.counts})
    cache.delete(key)
    return report
