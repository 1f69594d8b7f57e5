"""The staff page's member CSV import: the very check and write of `manage.py import_forum_members`
(all or nothing: every line is checked first, one bad line and nothing is written), on an uploaded file."""
from __future__ import annotations

import io
import re
import tempfile
from dataclasses import dataclass, field

from django.core.files.uploadedfile import UploadedFile
from django.core.management import CommandError, call_command
from django.utils.translation import gettext as _

from accounts.models import User

MAX_UPLOAD_BYTES = 20 * 1024 * 1024  # a forum of 100,000 members is a few MB
_LINE = re.compile(r"^Ligne (\d+) : (.*)$")


class UploadRefused(Exception):
    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


@dataclass
class ImportReport:
    """`imported`: written (summary says how many created/updated/unchanged); otherwise `error` says
    why nothing was written and `bad_lines` lists each refused line (line number, message)."""

    imported: bool
    summary: str = ""
    error: str = ""
    bad_lines: list[tuple[int, str]] = field(default_factory=list)


def forum_members_upload(*, upload: UploadedFile, by: User) -> ImportReport:
    """Staff only. Streams the upload to a temporary file and runs the command's import on it."""
    if not (by.is_active and by.is_staff):
        raise UploadRefused(_("Seule l'équipe peut importer les membres du forum."))
    if upload.size > MAX_UPLOAD_BYTES:
        raise UploadRefused(_("Fichier trop gros : au plus %(mb)d Mo.") % {"mb": MAX_UPLOAD_BYTES // (1024 * 1024)})
    out, err = io.StringIO(), io.StringIO()
    with tempfile.NamedTemporaryFile(suffix=".csv") as copy:
        for chunk in upload.chunks():
            copy.write(chunk)
        copy.flush()
        try:
            call_command("import_forum_members", copy.name, stdout=out, stderr=err)
        except CommandError as exc:
            bad = [(int(m.group(1)), m.group(2)) for m in map(_LINE.match, err.getvalue().splitlines()) if m]
            return ImportReport(imported=False, error=str(exc).replace(copy.name, upload.name or "CSV"),
                                bad_lines=bad)
    return ImportReport(imported=True, summary=out.getvalue().strip())
