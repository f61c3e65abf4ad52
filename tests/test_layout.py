"""The package's layout: layers, no import cycles, no module over 600 lines, no function over 60.

A static scan of every ``import`` in ``datasetkit`` (module level, inside functions and
under ``TYPE_CHECKING``): an import that runs from a lower layer to a higher one, or a
cycle that never bites at import time, still ties modules together, so none is allowed.
The layer order is stated once, in ``docs/architecture.md``, and read from there.
Sizes are checked against an explicit list of the exceptions that remain, each with its
reason; an entry that no longer applies fails too, so the list only shrinks.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "datasetkit"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60

# Module (path relative to the package) -> why it may stay over MAX_MODULE_LINES.
MODULE_EXCEPTIONS: dict[str, str] = {}

# "path::Qualified.name" -> why the function may stay over MAX_FUNCTION_LINES.
FUNCTION_EXCEPTIONS: dict[str, str] = {}


@dataclass(frozen=True)
class Module:
    name: str  # dotted: datasetkit.formats.table.format
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
    assert "datasetkit.core.records" in graph["datasetkit.core.model"]  # inside a method
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


# --- layers -------------------------------------------------------------------------------

# The command line talks to the library through the public API only, plus what it draws.
CLI_MAY_IMPORT = ("datasetkit", "datasetkit.api", "datasetkit.report", "datasetkit.terminal")

# "importer -> imported" pairs that still run upward or past the public API. Only shrinks.
LAYER_EXCEPTIONS: dict[str, str] = {
    "datasetkit.cli -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli -> datasetkit.io.safety": "moved as it was; issue 26 removes it",
    "datasetkit.cli -> datasetkit.io.staging": "moved as it was; issue 26 removes it",
    "datasetkit.cli._common -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli._common -> datasetkit.io.safety": "moved as it was; issue 26 removes it",
    "datasetkit.cli._conventions -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli._help -> datasetkit.formats": "moved as it was; issue 26 removes it",
    "datasetkit.cli._stdout -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli._stdout -> datasetkit.formats": "moved as it was; issue 26 removes it",
    "datasetkit.cli.convert -> datasetkit.convert.entry": "moved as it was; issue 26 removes it",
    "datasetkit.cli.convert -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli.convert -> datasetkit.formats": "moved as it was; issue 26 removes it",
    "datasetkit.cli.convert -> datasetkit.io.paths": "moved as it was; issue 26 removes it",
    "datasetkit.cli.generate -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli.generate -> datasetkit.generate.plan": "moved as it was; issue 26 removes it",
    "datasetkit.cli.generate -> datasetkit.generate.run": "moved as it was; issue 26 removes it",
    "datasetkit.cli.generate -> datasetkit.knowledge": "moved as it was; issue 26 removes it",
    "datasetkit.cli.ingest -> datasetkit.knowledge": "moved as it was; issue 26 removes it",
    "datasetkit.cli.ingest -> datasetkit.knowledge.render": "moved as it was; issue 26 removes it",
    "datasetkit.cli.init -> datasetkit.convert.entry": "moved as it was; issue 26 removes it",
    "datasetkit.cli.init -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli.init -> datasetkit.core.model": "moved as it was; issue 26 removes it",
    "datasetkit.cli.init -> datasetkit.formats.m365.templates": "moved as it was; issue 26 removes it",
    "datasetkit.cli.init -> datasetkit.io.files": "moved as it was; issue 26 removes it",
    "datasetkit.cli.lint -> datasetkit.io.paths": "moved as it was; issue 26 removes it",
    "datasetkit.cli.lint -> datasetkit.lint.config": "moved as it was; issue 26 removes it",
    "datasetkit.cli.lint -> datasetkit.lint.registry": "moved as it was; issue 26 removes it",
    "datasetkit.cli.lint -> datasetkit.lint.run": "moved as it was; issue 26 removes it",
    "datasetkit.cli.lint -> datasetkit.lint.stats": "moved as it was; issue 26 removes it",
    "datasetkit.cli.lint -> datasetkit.validate": "moved as it was; issue 26 removes it",
    "datasetkit.cli.migrate -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli.migrate -> datasetkit.io.paths": "moved as it was; issue 26 removes it",
    "datasetkit.cli.migrate -> datasetkit.migrate": "moved as it was; issue 26 removes it",
    "datasetkit.cli.review -> datasetkit.convert.entry": "moved as it was; issue 26 removes it",
    "datasetkit.cli.review -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli.review -> datasetkit.generate.review": "moved as it was; issue 26 removes it",
    "datasetkit.cli.review -> datasetkit.io.inplace": "moved as it was; issue 26 removes it",
    "datasetkit.cli.schema -> datasetkit.formats.m365.schemas": "moved as it was; issue 26 removes it",
    "datasetkit.cli.schema -> datasetkit.io.files": "moved as it was; issue 26 removes it",
    "datasetkit.cli.validate -> datasetkit.core.findings": "moved as it was; issue 26 removes it",
    "datasetkit.cli.validate -> datasetkit.io.files": "moved as it was; issue 26 removes it",
    "datasetkit.cli.validate -> datasetkit.validate": "moved as it was; issue 26 removes it",
    "datasetkit.core.jsonloc -> datasetkit.io.files": "moved as it was; issue 26 removes it",
    "datasetkit.core.language.detect -> datasetkit.generate.contract": "moved as it was; issue 26 removes it",
    "datasetkit.core.language.detect -> datasetkit.knowledge.model": "moved as it was; issue 26 removes it",
    "datasetkit.core.roles -> datasetkit.io.csvfile": "moved as it was; issue 26 removes it",
    "datasetkit.formats.foundry.fast.scan -> datasetkit.convert.prepare": "moved as it was; issue 26 removes it",
    "datasetkit.generate.llm.cli_options -> datasetkit.cli.generate": "moved as it was; issue 26 removes it",
    "datasetkit.terminal.bar -> datasetkit.formats": "moved as it was; issue 26 removes it",
}


def layers() -> list[tuple[str, tuple[str, ...]]]:
    """The layers of docs/architecture.md, top to bottom: (name, module prefixes)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    block = re.search(r"<!-- layers.*?-->\s*```text\n(.*?)```", text, re.S)
    assert block, f"{ARCHITECTURE}: the layer list (<!-- layers --> then a text block) is missing"
    out = []
    for line in block.group(1).splitlines():
        name, *prefixes = line.split()
        out.append((name, tuple(prefixes)))
    return out


def layer_of(module: str, order: list[tuple[str, tuple[str, ...]]]) -> int:
    """The index of the layer holding ``module`` (its longest matching prefix)."""
    best, best_len = -1, -1
    for i, (_, prefixes) in enumerate(order):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best_len:
                best, best_len = i, len(p)
    assert best >= 0, f"{module} is in no layer of {ARCHITECTURE.name}: add its package there"
    return best


def _in(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_violations() -> dict[str, str]:
    """Every "importer -> imported" pair that runs upward, or from the CLI past the API."""
    order = layers()
    found: dict[str, str] = {}
    for mod, targets in import_graph().items():
        here = layer_of(mod, order)
        for target in sorted(targets):
            there = layer_of(target, order)
            if there < here:
                found[f"{mod} -> {target}"] = (
                    f"{order[here][0]} imports {order[there][0]}, a layer above it"
                )
            elif _in(mod, "datasetkit.cli") and not (
                target in ("datasetkit", "datasetkit._version")
                or any(_in(target, p) for p in (*CLI_MAY_IMPORT[1:], "datasetkit.cli"))
            ):
                found[f"{mod} -> {target}"] = "the CLI reaches past the public API"
    return found


def test_imports_run_down_the_layers() -> None:
    found = layer_violations()
    new = {k: v for k, v in found.items() if k not in LAYER_EXCEPTIONS}
    assert not new, "imports against the layer order of docs/architecture.md:\n" + "\n".join(
        f"{k}: {v}" for k, v in sorted(new.items())
    )
    stale = sorted(set(LAYER_EXCEPTIONS) - set(found))
    assert not stale, f"no longer found, drop from LAYER_EXCEPTIONS: {stale}"


def test_the_layer_rule_catches_an_upward_import() -> None:
    order = [("top", ("a",)), ("bottom", ("b",))]
    assert layer_of("a.x", order) == 0
    assert layer_of("b", order) == 1
    # the longest prefix wins: a package may sit in a lower layer than its parent
    assert layer_of("a.low.y", [*order, ("lowest", ("a.low",))]) == 2


def test_every_layer_is_a_package_with_its_job_stated() -> None:
    for _, prefixes in layers():
        for prefix in prefixes:
            rel = Path(*prefix.split(".")[1:])
            init = PACKAGE / rel / "__init__.py"
            path = init if init.is_file() else (PACKAGE / rel).with_suffix(".py")
            assert path.is_file(), f"{prefix}: no such module or package"
            assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), (
                f"{path.relative_to(ROOT)}: say the layer's job in its docstring"
            )


def test_every_package_has_a_docstring_and_is_shipped() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = set(re.findall(r'^\s*"(datasetkit[\w.]*)",$', text, re.M))
    for init in sorted(PACKAGE.rglob("__init__.py")):
        name = ".".join(init.parent.relative_to(ROOT).parts)
        assert name in listed, f"pyproject.toml: add {name!r} to [tool.setuptools] packages"
        assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), (
            f"{init.relative_to(ROOT)}: say what the package is for in its docstring"
        )


# A module named by its size rather than its job: a sibling that extends another's name
# (x.py beside x_more.py), or a filler word.
_FILLER = re.compile(r"(^other_|_(base|more|extra|misc|utils|helpers|types|support)$)")


# Module -> why it keeps its name for now. Only shrinks.
NAME_EXCEPTIONS: dict[str, str] = {
    "datasetkit.generate.llm.cli_support": "moved as it was; issue 26 renames it",
    "datasetkit.generate.llm.engine_types": "moved as it was; issue 26 renames it",
    "datasetkit.generate.llm.other_checks": "moved as it was; issue 26 renames it",
}


def test_no_module_is_named_by_a_size_suffix() -> None:
    names = _modules()
    bad = []
    for name, mod in names.items():
        parent, _, leaf = name.rpartition(".")
        if mod.is_package or leaf.startswith("__"):
            continue
        if _FILLER.search(leaf.lstrip("_")):
            bad.append(f"{name}: a filler word, name it by what it does")
        head = leaf.lstrip("_").split("_")
        for i in range(1, len(head)):
            sibling = f"{parent}.{'_'.join(head[:i])}"
            if sibling in names and not names[sibling].is_package:
                bad.append(f"{name}: named after its sibling {sibling}")
    stale = sorted(set(NAME_EXCEPTIONS) - {b.partition(":")[0] for b in bad})
    assert not stale, f"renamed already, drop from NAME_EXCEPTIONS: {stale}"
    bad = [b for b in bad if b.partition(":")[0] not in NAME_EXCEPTIONS]
    assert not bad, "modules named by suffix:\n" + "\n".join(sorted(bad))
