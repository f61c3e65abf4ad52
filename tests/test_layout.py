"""The package's layout: no import cycles, no module over 600 lines, no function over 60.

A static scan of every ``import`` in ``datasetkit`` (module level, inside functions and
under ``TYPE_CHECKING``): a cycle that never bites at import time still ties modules
together, so none is allowed. Sizes are checked against an explicit list of the
exceptions that remain, each with its reason; an entry that no longer applies fails
too, so the list only shrinks.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "datasetkit"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60

# Module (path relative to the package) -> why it may stay over MAX_MODULE_LINES.
MODULE_EXCEPTIONS: dict[str, str] = {}

# "path::Qualified.name" -> why the function may stay over MAX_FUNCTION_LINES.
FUNCTION_EXCEPTIONS: dict[str, str] = {}


@dataclass(frozen=True)
class Module:
    name: str  # dotted: datasetkit.formats.table
    path: Path
    is_package: bool


def _modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = Module(".".join(parts), path, is_package)
    return found


def _targets(node: ast.Import | ast.ImportFrom, mod: Module, known: dict[str, Module]) -> set[str]:
    """The package modules an import statement loads (the nearest known module of each name)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            base = mod.name.split(".")
            if not mod.is_package:
                base.pop()
            base = base[: len(base) - (node.level - 1)]
            prefix = ".".join([*base, node.module] if node.module else base)
        else:
            prefix = node.module or ""
        # "from pkg import name": name is a submodule, or an attribute of pkg.
        names = [
            f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix for a in node.names
        ]
    out = set()
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != mod.name:
            out.add(name)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports, wherever in the module the import is."""
    known = _modules()
    graph: dict[str, set[str]] = {}
    for mod in known.values():
        tree = ast.parse(mod.path.read_text(encoding="utf-8"))
        graph[mod.name] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph[mod.name] |= _targets(node, mod, known)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = []
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work.append((root, iter(sorted(graph[root]))))
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def _functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, int]]:
    """Every function's qualified name (``Class.method``, ``outer.inner``) and length."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = prefix + node.name
            if not isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                yield name, node.end_lineno - node.lineno + 1
            yield from _functions(node, name + ".")
        else:
            yield from _functions(node, prefix)


def sizes() -> tuple[dict[str, int], dict[str, int]]:
    """The modules over MAX_MODULE_LINES and the functions over MAX_FUNCTION_LINES."""
    modules: dict[str, int] = {}
    functions: dict[str, int] = {}
    for mod in _modules().values():
        rel = mod.path.relative_to(PACKAGE).as_posix()
        text = mod.path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            modules[rel] = lines
        for name, length in _functions(ast.parse(text)):
            if length > MAX_FUNCTION_LINES:
                functions[f"{rel}::{name}"] = length
    return modules, functions


def test_no_import_cycles() -> None:
    graph = import_graph()
    found = cycles(graph)
    described = [
        "; ".join(f"{a} -> {b}" for a in group for b in sorted(graph[a]) if b in group)
        for group in found
    ]
    assert not found, "import cycles between datasetkit modules:\n" + "\n".join(described)


def test_the_scan_sees_every_kind_of_import() -> None:
    # In-function, TYPE_CHECKING and relative imports all count (a cycle through any of
    # them is still a cycle): the package's known ones must be in the graph.
    graph = import_graph()
    assert "datasetkit._records" in graph["datasetkit.model"]  # inside a method
    assert "datasetkit.lint.context" in graph["datasetkit.lint.registry"]  # TYPE_CHECKING
    assert "datasetkit.generate.llm.cli_options" in graph["datasetkit.generate.llm.providers"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_module_sizes() -> None:
    modules, _ = sizes()
    new = {m: n for m, n in modules.items() if m not in MODULE_EXCEPTIONS}
    assert not new, f"modules over {MAX_MODULE_LINES} lines (split them by concern): {new}"
    stale = sorted(set(MODULE_EXCEPTIONS) - set(modules))
    assert not stale, (
        f"no longer over {MAX_MODULE_LINES} lines, drop from MODULE_EXCEPTIONS: {stale}"
    )


def test_function_sizes() -> None:
    _, functions = sizes()
    new = {f: n for f, n in functions.items() if f not in FUNCTION_EXCEPTIONS}
    assert not new, f"functions over {MAX_FUNCTION_LINES} lines (split them): {new}"
    stale = sorted(set(FUNCTION_EXCEPTIONS) - set(functions))
    assert not stale, (
        f"no longer over {MAX_FUNCTION_LINES} lines, drop from FUNCTION_EXCEPTIONS: {stale}"
    )


def test_every_exception_says_why() -> None:
    for name, reason in {**MODULE_EXCEPTIONS, **FUNCTION_EXCEPTIONS}.items():
        assert reason.strip(), f"{name}: the exception needs a reason"
