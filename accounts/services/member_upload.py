"""The staff page's member CSV import: `forum_members_import` (the check and write of
`manage.py import_forum_members`: all or nothing, every line is checked first, one bad line and nothing is
written) on the uploaded file, read as it comes."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.permissions import IMPORT_MEMBERS
from accounts.services.forum_members import ImportFileError, forum_members_import
from common.access import staff_may

MAX_UPLOAD_BYTES = 20 * 1024 * 1024  # a forum of 100,000 members is a few MB


class UploadRefused(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


@dataclass
class ImportReport:
    """`imported`: written (summary says how many created/updated/unchanged); otherwise `error` says
    why nothing was written and `bad_lines` lists each error of the refused lines, one by one (line
    number, column or "" for the whole line, message)."""

    imported: bool
    summary: str = ""
    error: str = ""
    bad_lines: list[tuple[int, str, str]] = field(default_factory=list)


def forum_members_upload(*, upload: UploadedFile, by: User) -> ImportReport:
    """Staff holding `accounts.import_members` only. Imports the upload as the command imports a file; errors name the upload, not a path."""
    if not staff_may(by, IMPORT_MEMBERS):
        raise UploadRefused(_("Seule l'équipe peut importer les membres du forum."))
    if upload.size > MAX_UPLOAD_BYTES:
        raise UploadRefused(_("Fichier trop gros : au plus %(mb)d Mo.") % {"mb": MAX_UPLOAD_BYTES // (1024 * 1024)})
    try:
        report = forum_members_import(upload, name=upload.name or "CSV")
    except ImportFileError as error:
        return ImportReport(imported=False, error=str(error))
    if not report.imported:
        error = " ".join(filter(None, [report.refusal(), report.hidden_problems()]))
        return ImportReport(imported=False, error=error, bad_lines=list(report.problems))
    return ImportReport(imported=True, summary=report.summary())
