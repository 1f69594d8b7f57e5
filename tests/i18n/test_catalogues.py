"""The translation catalogues: English complete, French plural rule, compiled files up to date."""
from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

from tests.i18n.po import LOCALE, Entry, header, parse

EN_PO = LOCALE / "en" / "LC_MESSAGES" / "django.po"
FR_PO = LOCALE / "fr" / "LC_MESSAGES" / "django.po"
PROJECT = LOCALE.parent
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%%|\{\{[^}]*\}\}")


def live(path: Path) -> list[Entry]:
    return [e for e in parse(path) if not e.is_header and not e.obsolete]


def sources(entry: Entry) -> list[str]:
    return [entry.msgid] if entry.msgid_plural is None else [entry.msgid, entry.msgid_plural]


def test_the_english_catalogue_translates_every_message():
    entries = live(EN_PO)
    assert len(entries) > 800
    untranslated = [e.msgid for e in entries if not all(e.msgstr.values())]
    fuzzy = [e.msgid for e in entries if "fuzzy" in e.flags]
    assert not untranslated, f"untranslated in {EN_PO}: {untranslated[:10]}"
    assert not fuzzy, f"fuzzy in {EN_PO}: {fuzzy[:10]}"
    plurals = [e for e in entries if e.msgid_plural is not None]
    assert plurals and all(sorted(e.msgstr) == [0, 1] for e in plurals)


def test_translations_keep_the_placeholders():
    """A lost %(name)s raises KeyError at run time (or leaves a hole in the page)."""
    wrong = []
    for entry in live(EN_PO):
        msgids = sources(entry)
        for index, text in entry.msgstr.items():
            source = msgids[min(index, len(msgids) - 1)]
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
                wrong.append((source, text))
    assert not wrong


def test_headers_declare_the_plural_rules():
    en, fr = header(parse(EN_PO)), header(parse(FR_PO))
    assert en["Language"] == "en" and en["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert fr["Language"] == "fr" and fr["Plural-Forms"] == "nplurals=2; plural=(n > 1);"
    assert not [e for e in parse(EN_PO) + parse(FR_PO) if "fuzzy" in e.flags]


def test_the_french_catalogue_only_carries_the_plurals():
    """The source strings are the French text: singular entries stay empty, plural ones repeat the
    French forms so that the French rule (0 and 1 singular) applies."""
    entries = live(FR_PO)
    assert {e.key for e in entries} == {e.key for e in live(EN_PO)}
    for entry in entries:
        if entry.msgid_plural is None:
            assert entry.msgstr == {0: ""}, entry.msgid
        else:
            assert entry.msgstr == {0: entry.msgid, 1: entry.msgid_plural}, entry.msgid


@pytest.mark.parametrize("n, french, english", [
    (0, "0 duel créé.", "0 duels created."),
    (1, "1 duel créé.", "1 duel created."),
    (2, "2 duels créés.", "2 duels created."),
])
def test_plural_rules_at_run_time(n, french, english):
    with translation.override("fr"):
        assert translation.ngettext("%(n)d duel créé.", "%(n)d duels créés.", n) % {"n": n} == french
    with translation.override("en"):
        assert translation.ngettext("%(n)d duel créé.", "%(n)d duels créés.", n) % {"n": n} == english


def test_a_message_in_english_and_in_french():
    with translation.override("en"):
        assert translation.gettext("Catalogue des sorts") == "Spell catalogue"
        assert translation.pgettext("bets", " ou ") == " or "
    with translation.override("fr"):
        assert translation.gettext("Catalogue des sorts") == "Catalogue des sorts"


def catalogue_of(po: Path) -> dict:
    """What msgfmt should put in the .mo: translated, non-fuzzy entries, keyed as gettext keys them."""
    expected = {}
    for entry in parse(po):
        if entry.obsolete or "fuzzy" in entry.flags or entry.is_header:
            continue
        if entry.msgid_plural is None:
            if entry.msgstr[0]:
                expected[entry.key] = entry.msgstr[0]
        elif all(entry.msgstr.values()):
            for index, text in entry.msgstr.items():
                expected[(entry.key, index)] = text
    return expected


def compiled(mo: Path) -> dict:
    with mo.open("rb") as handle:
        catalogue = dict(gettext.GNUTranslations(handle)._catalog)
    catalogue.pop("", None)
    return catalogue


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_compiled_catalogue_matches_the_po_file(language):
    """The .mo is committed (run time reads only it): it must hold exactly what the .po says.
    Fix: `python manage.py compilemessages --ignore=.venv`."""
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run compilemessages"
    assert compiled(mo) == catalogue_of(po), f"{mo} is out of date: run compilemessages"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")
@pytest.mark.parametrize("language", ["en", "fr"])
def test_msgfmt_accepts_the_po_file(tmp_path, language):
    """msgfmt --check: format strings agree with the msgids, the header is well formed."""
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), str(po)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert compiled(tmp_path / "django.mo") == compiled(po.with_suffix(".mo"))


SOURCE_IGNORED = shutil.ignore_patterns(
    ".*", "__pycache__", "*.pyc", "*.mo", "*.sqlite3", "*.egg-info", "tests", "artifacts", "staticfiles",
    "node_modules", "build",
)


@pytest.mark.skipif(shutil.which("xgettext") is None or shutil.which("msgmerge") is None,
                    reason="GNU gettext (xgettext, msgmerge) is not installed: cannot extract the messages")
def test_the_english_catalogue_covers_every_marked_string(tmp_path):
    """Run `makemessages -l en` on a copy of the project: no new (empty) or changed (fuzzy) entry may
    appear. Fix: run makemessages (README command below), translate, compilemessages.
        DEBUG=1 python manage.py makemessages -l en -l fr --ignore=.venv --ignore=tests \
            --ignore=staticfiles --ignore=artifacts
    """
    copy = tmp_path / "project"
    copy.mkdir()
    for item in PROJECT.iterdir():
        if item.name in {".venv", ".git", "tests", "artifacts", "staticfiles"} or item.name.startswith("."):
            continue
        if item.is_dir():
            shutil.copytree(item, copy / item.name, ignore=SOURCE_IGNORED)
        elif item.suffix in {".py", ".toml"}:
            shutil.copy2(item, copy / item.name)
    env = {**os.environ, "DEBUG": "1", "PYTHONDONTWRITEBYTECODE": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "en", "--no-obsolete", "--ignore=.venv"],
        cwd=copy, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    refreshed = live(copy / "locale" / "en" / "LC_MESSAGES" / "django.po")
    missing = [e.msgid for e in refreshed if not all(e.msgstr.values()) or "fuzzy" in e.flags]
    assert not missing, (
        f"{len(missing)} marked string(s) not translated in {EN_PO} "
        f"(run makemessages, translate, compilemessages): {missing[:10]}"
    )
    assert len(refreshed) > 800
