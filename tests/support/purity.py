"""What the purity tests of the pure engines (duels/engine, tournaments/engine) share: the names a
module imports and the standard library's names."""
import ast
import sys
from pathlib import Path

STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def imported_names(path: Path) -> list[str]:
    """The absolute imports of a module (relative imports are its own package's)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.append(node.module)
    return names
