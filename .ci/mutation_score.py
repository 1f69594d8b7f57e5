#!/usr/bin/env python3
"""The mutation score of a suite, from mutmut's own results, against tests/mutation-baseline.json.

score = killed / (all mutants - listed equivalent mutants), in percent; a timeout counts as killed
(the mutant changed behaviour: an endless loop), "no tests" as survived (nothing noticed it).

The baseline holds, per suite, the score to keep and the equivalent mutants, each with the reason no
behaviour can tell it apart and the text of its mutated line (a mutant name is a number within its
function: if the code moved and the name now points at another mutation, it no longer counts as
equivalent and the script says so). The score may only go down with a stated reason: lower "score"
and add a "history" entry {"date", "score", "reason"} whose score is the new one.

    .ci/mutation_score.py engine services    # compare the last `mutmut run` results (no rerun)
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "mutation-baseline.json"
PYTHON = ROOT / ".venv" / "bin" / "python"
KILLED = {"killed", "timeout", "segfault", "caught by type check"}

# Run inside the suite's directory: mutmut reads its configuration from the working directory.
_READER = """
import json, sys
from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files
wanted = set(json.loads(sys.argv[1]))
out = {}
for path in walk_mutatable_files():
    data = SourceFileMutationData(path=path)
    data.load()
    for name, code in data.exit_code_by_key.items():
        status = status_by_exit_code[code]
        diff = None
        if status not in ("killed", "timeout") or name in wanted:
            diff = get_diff_for_mutant(name, path=path)
        out[name] = {"status": status, "diff": diff}
print(json.dumps(out))
"""


def load_baseline() -> dict:
    return json.loads(BASELINE.read_text())


def read_scores(directory: Path, suite: str) -> dict:
    """{name: {"status", "diff"}} for every mutant of the suite's last run."""
    equivalent = load_baseline().get(suite, {}).get("equivalent", {})
    run = subprocess.run([str(PYTHON), "-c", _READER, json.dumps(sorted(equivalent))], cwd=directory,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def _changed_lines(diff: str) -> list[str]:
    return [line[1:].strip() for line in (diff or "").splitlines()
            if line.startswith("+") and not line.startswith("+++")]


def summarize(suite: str, mutants: dict) -> dict:
    entry = load_baseline().get(suite, {})
    equivalent = entry.get("equivalent", {})
    stale = []
    counted = {}
    for name, result in mutants.items():
        listed = equivalent.get(name)
        if listed is not None and listed["mutation"].strip() in _changed_lines(result["diff"]):
            continue
        if listed is not None:
            stale.append(name)
        counted[name] = result["status"]
    missing = sorted(set(equivalent) - set(mutants))
    killed = sum(status in KILLED for status in counted.values())
    not_checked = sorted(name for name, status in counted.items() if status == "not checked")
    survivors = sorted(name for name, status in counted.items() if status not in KILLED | {"not checked"})
    total = len(counted)
    return {"total": len(mutants), "equivalent": len(mutants) - total, "killed": killed,
            "survivors": survivors, "not_checked": not_checked, "stale_equivalents": stale + missing,
            "score": round(100 * killed / total, 2) if total else 100.0}


def compare_with_baseline(suite: str, mutants: dict) -> bool:
    """Print the suite's figures; False when the score went below the baseline (or is unknown)."""
    entry = load_baseline().get(suite, {})
    summary = summarize(suite, mutants)
    print(f"{suite}: {summary['killed']} killed of {summary['total'] - summary['equivalent']} mutants "
          f"({summary['equivalent']} equivalent left out): score {summary['score']}% "
          f"(baseline {entry.get('score')}%)")
    for name in summary["survivors"]:
        print(f"  survived: {name}   (.venv/bin/mutmut show {name})")
    for name in summary["stale_equivalents"]:
        print(f"  listed as equivalent but gone or changed: {name}: update tests/mutation-baseline.json")
    history = entry.get("history") or [{}]
    if history[-1].get("score") != entry.get("score") or not history[-1].get("reason"):
        print(f"  {suite}: the baseline score must be the last history entry's, with its reason")
        return False
    if summary["not_checked"]:
        print(f"  {len(summary['not_checked'])} mutants not checked: the run was interrupted")
        return False
    if entry.get("score") is None or summary["score"] < entry["score"]:
        print(f"  {suite}: the score went down. Kill the survivors, or list a truly equivalent mutant with "
              "its reason, or lower the baseline with a history entry saying why.")
        return False
    if summary["score"] > entry["score"]:
        print(f"  {suite}: better than the baseline: raise it to {summary['score']} (with a history entry).")
    return True


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / ".ci"))
    from mutation import suite_directory

    ok = True
    for suite in argv or ["engine", "services"]:
        ok &= compare_with_baseline(suite, read_scores(suite_directory(suite), suite))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
