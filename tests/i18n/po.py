"""A tiny reader for the project's .po files (no polib in the project)."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(".*")$')


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    line: int = 0

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.msgctxt is None

    @property
    def key(self) -> str:
        """The key the entry has in a gettext catalogue (context, then EOT, then the msgid)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


def parse(path: Path) -> list[Entry]:
    entries: list[Entry] = []
    current = Entry()
    target: tuple[str, int | None] | None = None

    def flush():
        nonlocal current, target
        if target is not None:
            entries.append(current)
        current, target = Entry(), None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#~"):
            if target is not None and not current.obsolete:
                flush()
            current.obsolete = True
            line = line[2:].strip()
            if not line or line.startswith("#"):
                continue
        if not line:
            flush()
        elif line.startswith("#,"):
            if target is not None:
                flush()
            current.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            if target is not None:
                flush()
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            name, index = target
            if name == "msgstr":
                current.msgstr[index] += value
            else:
                setattr(current, name, getattr(current, name) + value)
        else:
            match = _KEYWORD.match(line)
            assert match, f"{path}:{number}: cannot read {raw!r}"
            name, index, value = match.group(1), match.group(2), ast.literal_eval(match.group(3))
            if name == "msgctxt" or (name == "msgid" and target is not None and target[0] == "msgstr"):
                if target is not None and target[0] == "msgstr":
                    flush()
            if name == "msgstr":
                target = ("msgstr", int(index or 0))
                current.msgstr[target[1]] = value
            else:
                if current.line == 0:
                    current.line = number
                target = (name, None)
                setattr(current, name, value)
    flush()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    text = next(e for e in entries if e.is_header).msgstr[0]
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)
