"""The release: a short hash of the code, templates, translations and static files that make the pages.

Computed once when the settings load (each process start), it prefixes every cache key
(`CACHES[...]["KEY_PREFIX"]`): a deploy that changes a template, a translation or the code that builds
a page gets new keys, so no process can serve HTML rendered by the previous release, and nobody bumps
a version by hand. Everything is read from the files themselves: no Django, no Git needed (a Docker
image has no `.git`). Hashing the tree takes a few tens of milliseconds.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

# What decides a page's HTML: code, templates, catalogues (.mo), static files named by {% static %}.
SOURCE_SUFFIXES = frozenset({".py", ".html", ".txt", ".mo", ".css", ".js", ".svg", ".json"})
# Folders that do not make pages (tests, environments, build output, caches).
SKIPPED_FOLDERS = frozenset({
    "tests", "node_modules", "staticfiles", "media", "build", "artifacts", "mutants", "scripts", "migrations",
    "__pycache__",
})


def source_files(roots: Iterable[Path]) -> list[Path]:
    """The files of `roots` that decide the output, sorted (the same tree gives the same list)."""
    found = []
    for root in roots:
        root = Path(root)
        if root.is_file():
            found.append(root)
            continue
        for folder, subfolders, files in os.walk(root):
            subfolders[:] = [name for name in subfolders if name not in SKIPPED_FOLDERS and not name.startswith(".")]
            found.extend(Path(folder, name) for name in files if Path(name).suffix in SOURCE_SUFFIXES)
    return sorted(found)


def project_roots(base_dir: Path) -> list[Path]:
    """The project's own folders (apps, templates, locale, static): every top-level folder but the
    hidden ones (virtualenv, Git) and the skipped ones."""
    return sorted(path for path in Path(base_dir).iterdir()
                  if path.is_dir() and not path.name.startswith(".") and path.name not in SKIPPED_FOLDERS)


def release_of(roots: Iterable[Path], *, relative_to: Path | None = None) -> str:
    """12 hex digits naming the content of `roots` (file names and bytes)."""
    digest = hashlib.sha256()
    for path in source_files(roots):
        name = path.relative_to(relative_to) if relative_to and path.is_relative_to(relative_to) else path
        digest.update(str(name).encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:  # a file removed while we walk: its name is enough
            continue
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def project_release(base_dir: Path) -> str:
    return release_of(project_roots(base_dir), relative_to=Path(base_dir))
