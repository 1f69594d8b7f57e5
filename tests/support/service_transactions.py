"""A static reading of the service modules: which functions write the audit log or queue after-commit work
(`audit_record`, `transaction.on_commit`, `common.after_commit`, or a domain event emitted, whose
subscribers do that) without a transaction of their own.

`audit_record` refuses to run outside a transaction, and after-commit work queued outside one runs at once,
before the action is known to be stored. pytest-django wraps every test in a transaction, so a service
missing its `@transaction.atomic` passes the ordinary tests and fails in production: this reading finds it
without running anything.

A call "reaches a sink" when it is a sink, or a call to a function (of any service module, resolved through
the imports) that reaches one itself without a transaction of its own. A call is protected when its
function is decorated `@transaction.atomic` or when it sits in a `with transaction.atomic():` block.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.paths import ROOT

APPS = ("accounts", "audit", "duels", "forum", "push", "rankings", "spells", "tournaments", "webhooks")

SINKS = {
    ("audit.services", "audit_record"),
    ("common.after_commit", "after_commit"),
    ("common.after_commit", "enqueue_after_commit"),
    ("django.db.transaction", "on_commit"),
    # An event's subscribers (config/events.py) store notices and deliveries and queue their sending.
    ("duels.events", "emit"),
}


def service_modules(root: Path = ROOT) -> dict[str, str]:
    """Dotted name → source of every service module of the project's apps."""
    found = {}
    for app in APPS:
        paths = [root / app / "services.py", *sorted((root / app / "services").glob("*.py"))]
        for path in paths:
            if path.exists():
                dotted = ".".join(path.relative_to(root).with_suffix("").parts)
                found[dotted.removesuffix(".__init__")] = path.read_text(encoding="utf-8")
    return found


def _is_atomic(node: ast.expr) -> bool:
    """`transaction.atomic`, `atomic`, or either called (`transaction.atomic(using=…)`)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr == "atomic"
    return isinstance(node, ast.Name) and node.id == "atomic"


@dataclass
class Function:
    module: str
    name: str
    atomic: bool  # decorated @transaction.atomic
    calls: list[tuple[str, str]] = field(default_factory=list)  # (module, name) called outside an atomic block
    line: int = 0


class _Calls(ast.NodeVisitor):
    """The calls of one function body that run outside any `with transaction.atomic()` block."""

    def __init__(self, resolve):
        self.resolve, self.found, self.depth = resolve, [], 0

    def visit_With(self, node: ast.With) -> None:
        atomic = any(_is_atomic(item.context_expr) for item in node.items)
        for item in node.items:
            self.visit(item.context_expr)
        self.depth += atomic
        for statement in node.body:
            self.visit(statement)
        self.depth -= atomic

    def visit_Call(self, node: ast.Call) -> None:
        if not self.depth:
            target = self.resolve(node.func)
            if target is not None:
                self.found.append(target)
        self.generic_visit(node)


class Reading:
    def __init__(self, modules: dict[str, str]):
        self.sources = modules
        self.trees = {name: ast.parse(source) for name, source in modules.items()}
        self.imports = {name: self._imports(name, tree) for name, tree in self.trees.items()}
        self.functions: dict[tuple[str, str], Function] = {}
        for name, tree in self.trees.items():
            for node in tree.body:
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    self._read(name, node)

    @staticmethod
    def _imports(module: str, tree: ast.Module) -> dict[str, tuple[str, str]]:
        """Local name → (module, attribute) for `from X import Y as Z`; (X, "") for `import X as Z`; and a
        package's names found lazily (`WHERE = {"post_submit": "posting", …}` in duels/services)."""
        names = {}
        for node in tree.body:
            if (isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == ["WHERE"]
                    and isinstance(node.value, ast.Dict)):
                for key, value in zip(node.value.keys, node.value.values, strict=True):
                    names[ast.literal_eval(key)] = (f"{module}.{ast.literal_eval(value)}", ast.literal_eval(key))
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    names[alias.asname or alias.name] = (node.module, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        names[alias.asname] = (alias.name, "")
        return names

    def _canonical(self, module: str, name: str, seen: int = 0) -> tuple[str, str]:
        """Follow re-exports (`from duels.services.faults import absence_confirm` in a package)."""
        if seen < 10 and module in self.imports and name in self.imports[module] and (
                module, name) not in self.functions:
            return self._canonical(*self.imports[module][name], seen + 1)
        return module, name

    def _resolver(self, module: str, local: set[str]):
        imports = self.imports[module]

        def resolve(func: ast.expr) -> tuple[str, str] | None:
            if isinstance(func, ast.Name):
                if func.id in local:
                    return module, func.id
                if func.id in imports:
                    return self._canonical(*imports[func.id])
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in imports:
                source, attribute = imports[func.value.id]  # `notices.on_x`, `transaction.on_commit`
                return self._canonical(f"{source}.{attribute}" if attribute else source, func.attr)
            return None

        return resolve

    def _read(self, module: str, node: ast.FunctionDef) -> None:
        local = {n.name for n in self.trees[module].body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
        visitor = _Calls(self._resolver(module, local))
        for statement in node.body:
            visitor.visit(statement)
        self.functions[(module, node.name)] = Function(
            module=module, name=node.name, atomic=any(_is_atomic(d) for d in node.decorator_list),
            calls=visitor.found, line=node.lineno)

    def reaching(self) -> dict[tuple[str, str], tuple[str, str]]:
        """Every function that reaches a sink outside a transaction of its own → the first call that does."""
        reach: dict[tuple[str, str], tuple[str, str]] = {}
        changed = True
        while changed:
            changed = False
            for key, function in self.functions.items():
                if key in reach or function.atomic:
                    continue
                for call in function.calls:
                    if call in SINKS or call in reach:
                        reach[key] = call
                        changed = True
                        break
        return reach

    def unprotected(self, exempt: set[tuple[str, str]] = frozenset()) -> list[str]:
        """The public functions that reach a sink with no transaction of their own, not exempted."""
        return sorted(
            f"{module}.{name} (line {self.functions[(module, name)].line}) calls {'.'.join(call)} "
            "outside a transaction"
            for (module, name), call in self.reaching().items()
            if not name.startswith("_") and (module, name) not in exempt
        )
