#!/usr/bin/env python3
"""Mutation scores from mutmut's own results, module by module, against tests/mutation-baseline.json.

score = killed / (mutants - listed equivalent mutants), in percent. A timeout counts as killed (the
mutant changed behaviour: an endless loop); "no tests" counts as survived (nothing noticed it).

Per module, so that a run of only some modules (CI runs the engine modules a change touched) is
compared with their own baseline figures. A module whose mutants were not all checked is skipped and
said so; a module without a baseline figure yet is reported, not failed. The suite's score is over its
fully checked modules.

The baseline holds, per suite: "modules" {path: score to keep}, "equivalent" {mutant name: {"reason",
"mutation"}} — the reason no behaviour can tell it apart and the text of its mutated line (a mutant name
is a number within its function: if the code moved and the name now points at another change, it no
longer counts as equivalent and the script says so) — and "history" [{"date", "scores", "reason"}]. A
module's score may only go down with a stated reason: lower it and add a history entry saying why.

    .ci/mutation_score.py engine services    # compare the last `mutmut run` results (no rerun)
    .ci/mutation_score.py --write engine     # print the figures as baseline JSON (to review and paste)
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
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
        if status in ("survived", "no tests") or name in wanted:
            diff = get_diff_for_mutant(name, path=path)
        out[name] = {"module": str(path), "status": status, "diff": diff}
print(json.dumps(out))
"""


def load_baseline() -> dict:
    return json.loads(BASELINE.read_text()) if BASELINE.exists() else {}


def read_mutants(directory: Path, suite: str) -> dict:
    """{name: {"module", "status", "diff"}} for every mutant of the suite's last run."""
    equivalent = load_baseline().get(suite, {}).get("equivalent", {})
    run = subprocess.run([str(PYTHON), "-c", _READER, json.dumps(sorted(equivalent))], cwd=directory,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def _added_lines(diff: str | None) -> list[str]:
    return [line[1:].strip() for line in (diff or "").splitlines()
            if line.startswith("+") and not line.startswith("+++")]


def summarize(suite: str, mutants: dict) -> dict:
    """Per module: killed, counted (non-equivalent), equivalent, survivors, complete."""
    equivalent = load_baseline().get(suite, {}).get("equivalent", {})
    modules: dict[str, dict] = defaultdict(lambda: {"killed": 0, "counted": 0, "equivalent": 0,
                                                    "survivors": [], "not_checked": 0})
    stale = sorted(set(equivalent) - set(mutants))
    for name, result in sorted(mutants.items()):
        module = modules[result["module"]]
        listed = equivalent.get(name)
        if listed is not None:
            if listed["mutation"].strip() in _added_lines(result["diff"]):
                module["equivalent"] += 1
                continue
            stale.append(name)
        if result["status"] == "not checked":
            module["not_checked"] += 1
            continue
        module["counted"] += 1
        if result["status"] in KILLED:
            module["killed"] += 1
        else:
            module["survivors"].append(name)
    for module in modules.values():
        module["complete"] = module["not_checked"] == 0
        module["score"] = round(100 * module["killed"] / module["counted"], 2) if module["counted"] else 100.0
    return {"modules": dict(modules), "stale_equivalents": stale}


def suite_score(modules: dict) -> tuple[int, int, int, float]:
    """(killed, counted, equivalent, score) over the fully checked modules."""
    done = [m for m in modules.values() if m["complete"]]
    killed = sum(m["killed"] for m in done)
    counted = sum(m["counted"] for m in done)
    equivalent = sum(m["equivalent"] for m in done)
    return killed, counted, equivalent, round(100 * killed / counted, 2) if counted else 100.0


def compare_with_baseline(suite: str, mutants: dict) -> bool:
    """Print the suite's figures; False when a module's score went below its baseline."""
    entry = load_baseline().get(suite, {})
    kept = entry.get("modules", {})
    summary = summarize(suite, mutants)
    ok = True
    history = entry.get("history") or [{}]
    if kept and (history[-1].get("scores") != kept or not history[-1].get("reason")):
        print(f"  {suite}: the baseline figures must be those of the last history entry, with its reason")
        ok = False
    for path, module in sorted(summary["modules"].items()):
        if not module["complete"]:
            print(f"  {path}: {module['not_checked']} mutants not checked (not run, or interrupted): skipped")
            continue
        floor = kept.get(path)
        print(f"  {path}: {module['killed']}/{module['counted']} killed, {module['equivalent']} equivalent: "
              f"{module['score']}% (baseline {floor}%)")
        for name in module["survivors"]:
            print(f"    survived: {name}")
        if floor is None:
            print(f"    {path} has no baseline figure yet: add it to tests/mutation-baseline.json")
        elif module["score"] < floor:
            print(f"    {path} went below its baseline: kill the survivors (`.venv/bin/mutmut show NAME`), list a"
                  " truly equivalent mutant with its reason, or lower the baseline with a history entry saying why.")
            ok = False
    for name in summary["stale_equivalents"]:
        print(f"  listed as equivalent but gone or changed: {name} (update tests/mutation-baseline.json)")
    killed, counted, equivalent, score = suite_score(summary["modules"])
    if not counted:
        print(f"{suite}: no module fully checked yet: no score")
        return ok
    print(f"{suite}: {killed} killed of {counted} mutants ({equivalent} equivalent left out) in the checked "
          f"modules: {score}%")
    return ok


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / ".ci"))
    from mutation import suite_directory

    write = "--write" in argv
    suites = [a for a in argv if not a.startswith("--")] or ["engine", "services"]
    ok = True
    for suite in suites:
        mutants = read_mutants(suite_directory(suite), suite)
        if write:
            modules = summarize(suite, mutants)["modules"]
            print(json.dumps({suite: {path: m["score"] for path, m in sorted(modules.items()) if m["complete"]}},
                             indent=2))
        else:
            ok &= compare_with_baseline(suite, mutants)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
