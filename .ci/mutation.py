#!/usr/bin/env python3
"""Mutation testing (README "Mutation testing"): run mutmut on one or more suites, then
compare each suite's score with the checked-in baseline (tests/mutation-baseline.json).

    .ci/mutation.py engine services          # what `make mutation` runs
    .ci/mutation.py engine --max-children 1
    .ci/mutation.py engine --module duels/engine/movement.py    # one module's mutants only
    .ci/mutation.py engine --changed-since origin/main          # the engine modules a change touched (CI)
    .ci/mutation.py services --changed-since origin/main        # the same for the services
    .ci/mutation.py --score-only engine      # only read the last results and compare

Suites:
- engine: `[tool.mutmut]` of pyproject.toml as it stands, run in the project root (results in
  ./mutants/, so `.venv/bin/mutmut results` / `show` / `browse` work there).
- services: the same keys overridden by `[tool.estrade-mutation.services]` (other files, other
  tests), run in a scratch directory .mutation/services/ that links to the project's apps (mutmut
  reads its configuration from the working directory's pyproject.toml and writes ./mutants/ there).
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = ROOT / ".venv" / "bin" / "mutmut"
sys.path.insert(0, str(ROOT / ".ci"))

from mutation_score import compare_with_baseline, read_mutants  # noqa: E402


def _toml_value(value) -> str:
    # Strings, numbers, booleans and lists of them: JSON spells them as TOML does.
    return json.dumps(value)


def suite_directory(suite: str) -> Path:
    """Where mutmut runs for this suite (the project root for the engine)."""
    if suite == "engine":
        return ROOT
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    overlay = pyproject["tool"].get("estrade-mutation", {}).get(suite)
    if overlay is None:
        raise SystemExit(f"unknown mutation suite {suite!r} (see [tool.estrade-mutation.*] in pyproject.toml)")
    settings = {**pyproject["tool"]["mutmut"], **overlay}
    scratch = ROOT / ".mutation" / suite
    scratch.mkdir(parents=True, exist_ok=True)
    linked = [*settings["source_paths"], *settings.get("also_copy", []), "tests"]
    for name in linked:
        link = scratch / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    # The project's pyproject.toml (pytest settings) with this suite's [tool.mutmut] section.
    text = (ROOT / "pyproject.toml").read_text()
    start = text.index("[tool.mutmut]")
    end = text.index("\n[", start + 1)
    section = "[tool.mutmut]\n" + "".join(f"{key} = {_toml_value(value)}\n" for key, value in settings.items())
    (scratch / "pyproject.toml").write_text(text[:start] + section + text[end:])
    return scratch


def mutant_globs(modules: list[str]) -> list[str]:
    """mutmut's names for the mutants of these files: duels/engine/movement.py -> duels.engine.movement.*"""
    return [module.removesuffix(".py").replace("/", ".") + ".*" for module in modules]


def suite_settings(suite: str) -> dict:
    """The suite's [tool.mutmut] keys: the engine's as they stand, a service suite's overlaid on them."""
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    overlay = {} if suite == "engine" else tool.get("estrade-mutation", {}).get(suite, {})
    return {**tool["mutmut"], **overlay}


def changed_modules(suite: str, since: str) -> list[str]:
    """The files this suite mutates that changed since `since` (a git ref)."""
    diff = subprocess.run(["git", "diff", "--name-only", f"{since}...HEAD"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.split()
    settings = suite_settings(suite)
    mutated, left_out = settings.get("only_mutate", []), settings.get("do_not_mutate", [])
    return [path for path in diff if path.endswith(".py") and not path.endswith("__init__.py")
            and any(fnmatch.fnmatch(path, p) for p in mutated) and not any(fnmatch.fnmatch(path, p) for p in left_out)
            and (ROOT / path).exists()]


def refresh_unmutated_copies(directory: Path) -> None:
    """mutmut copies the source apps into mutants/ once and regenerates only the files it mutates: a file
    it does not mutate (events.py, models…) changed since would be tested in its old version. Copy it again."""
    settings = tomllib.loads((directory / "pyproject.toml").read_text())["tool"]["mutmut"]
    mutated = settings.get("only_mutate", [])
    skipped = settings.get("do_not_mutate", [])
    for source_path in settings["source_paths"]:
        for source in (directory / source_path).rglob("*"):
            relative = source.relative_to(directory)
            copy = directory / "mutants" / relative
            if not source.is_file() or not copy.exists() or "__pycache__" in relative.parts:
                continue
            name = str(relative)
            is_mutated = name.endswith(".py") and any(fnmatch.fnmatch(name, p) for p in mutated) and not any(
                fnmatch.fnmatch(name, p) for p in skipped)
            if not is_mutated and source.read_bytes() != copy.read_bytes():
                shutil.copy2(source, copy)


def run_suite(suite: str, max_children: int, modules: list[str], budget: float | None) -> float:
    """Run mutmut; past `budget` seconds stop it (its results so far are kept: modules it did not
    finish are reported as skipped by the comparison)."""
    directory = suite_directory(suite)
    refresh_unmutated_copies(directory)
    started = time.monotonic()
    # mutmut's exit code is 0 even with survivors; the score comparison decides.
    run = subprocess.Popen([str(MUTMUT), "run", "--max-children", str(max_children), *mutant_globs(modules)],
                           cwd=directory, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                           start_new_session=True)
    try:
        code = run.wait(timeout=budget)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGTERM)  # mutmut and its workers
        run.wait()
        print(f"{suite}: stopped after the {budget / 60:.0f} min budget; unfinished modules are skipped")
        return time.monotonic() - started
    if code:
        raise SystemExit(f"{suite}: mutmut failed (exit {code})")
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("suites", nargs="*", default=["engine", "services"])
    parser.add_argument("--max-children", type=int, default=int(os.environ.get("MUTATION_CHILDREN", "2")))
    parser.add_argument("--score-only", action="store_true", help="do not run mutmut, read its last results")
    parser.add_argument("--module", action="append", default=[], help="only this file's mutants (repeatable)")
    parser.add_argument("--changed-since", metavar="REF", help="only each suite's modules changed since REF")
    parser.add_argument("--budget-minutes", type=float, help="stop mutmut after this long (CI's time budget)")
    args = parser.parse_args()
    failed = False
    for suite in args.suites:
        modules = list(args.module)
        if args.changed_since:
            modules += changed_modules(suite, args.changed_since)
            if not modules:
                print(f"{suite}: no module it mutates changed since {args.changed_since}: nothing to run")
                continue
        budget = args.budget_minutes * 60 if args.budget_minutes else None
        seconds = None if args.score_only else run_suite(suite, args.max_children, modules, budget)
        if seconds is not None:
            print(f"{suite}: mutmut took {seconds / 60:.1f} min with {args.max_children} worker(s)")
        failed |= not compare_with_baseline(suite, read_mutants(suite_directory(suite), suite))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
