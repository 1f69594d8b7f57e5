"""Side effects have one way out: no services module imports a tasks module (the tasks import the
services; services queue tasks by name through `common.after_commit`), and only that helper registers
commit hooks."""
import ast
from pathlib import Path

from django.conf import settings

SCANNED_APPS = ("accounts", "duels", "rankings", "audit", "spells", "common", "webhooks", "forum")


def modules(pattern: str):
    for app in SCANNED_APPS:
        yield from (Path(settings.BASE_DIR) / app).glob(pattern)


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_services_module_imports_a_tasks_module():
    offenders = {str(path): sorted(name for name in imported(path) if name.split(".")[-1] == "tasks")
                 for pattern in ("services/**/*.py", "services.py") for path in modules(pattern)}
    assert {path: names for path, names in offenders.items() if names} == {}


def test_commit_hooks_are_registered_in_one_place():
    hand_written = [str(path) for path in modules("**/*.py")
                    if "on_commit(" in path.read_text() and path.name != "after_commit.py"]
    assert hand_written == []


def test_imports_sit_at_the_top_of_app_modules_but_a_few_that_say_why():
    """An import inside a function breaks an import cycle or defers an optional heavy library: each says
    so in a comment on its line or on the lines just above its block."""
    unexplained = []
    for app in (*SCANNED_APPS, "config"):
        for path in (Path(settings.BASE_DIR) / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            lines = path.read_text().splitlines()
            for node in ast.walk(ast.parse("\n".join(lines))):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for inner in ast.walk(node):
                    if not isinstance(inner, ast.Import | ast.ImportFrom):
                        continue
                    above = inner.lineno - 2
                    while above >= 0 and lines[above].strip().startswith(("from ", "import ")):
                        above -= 1
                    if "#" not in lines[inner.lineno - 1] and not lines[above].strip().startswith("#"):
                        unexplained.append(f"{path.relative_to(settings.BASE_DIR)}:{inner.lineno}")
    assert unexplained == []
