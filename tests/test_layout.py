"""The package's layout: layers, no import cycles, no module over 600 lines, no function over 60,
no underscored name imported from another module.

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
    assert "datasetkit.cli._llm_options" in graph["datasetkit.cli.generate"]  # from pkg import mod
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
LAYER_EXCEPTIONS: dict[str, str] = {}


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
NAME_EXCEPTIONS: dict[str, str] = {}


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


# Test folders that hold no package's tests: shared fixtures, data, and the project's own
# promises (README, wheel, fresh clone, start-up time).
_TEST_FOLDERS_OF_NO_PACKAGE = {"helpers", "fixtures", "project"}


def test_the_tests_mirror_the_package() -> None:
    tests = ROOT / "tests"
    for folder in sorted(p for p in tests.rglob("*") if p.is_dir()):
        rel = folder.relative_to(tests)
        if rel.parts[0] in _TEST_FOLDERS_OF_NO_PACKAGE or "__pycache__" in rel.parts:
            continue
        code = PACKAGE.joinpath(*rel.parts)
        assert code.is_dir() or code.with_suffix(".py").is_file(), (
            f"tests/{rel.as_posix()} mirrors nothing in datasetkit/: move its tests to the "
            "folder of the package they test"
        )
    for path in sorted(tests.glob("test_*.py")):
        assert path.name == "test_layout.py", (
            f"tests/{path.name}: put it in the folder of the package it tests"
        )


# --- private names ------------------------------------------------------------------------

# Importing package -> why its modules still import underscored names of other modules.
# Only shrinks: a name another module needs is an interface (a public name, a docstring).
PRIVATE_IMPORT_EXCEPTIONS: dict[str, str] = {}


def private_names_imported(tree: ast.AST, mod: Module, known: dict[str, Module]) -> list[str]:
    """The underscored names (``from x import _name``) ``tree`` imports from another module
    of the package, as ``module._name``; a private submodule is a module, not a name."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            name = alias.name
            if not name.startswith("_") or name.startswith("__"):
                continue
            (target,) = _targets(
                ast.ImportFrom(module=node.module, names=[alias], level=node.level), mod, known
            ) or ("",)
            if target.startswith("datasetkit") and not target.endswith("." + name):
                found.append(f"{target}.{name}")
    return found


def private_imports() -> dict[str, list[str]]:
    """Module -> the underscored names it imports from other modules of the package."""
    known = _modules()
    found = {}
    for mod in known.values():
        names = private_names_imported(ast.parse(mod.path.read_text(encoding="utf-8")), mod, known)
        if names:
            found[mod.name] = names
    return found


def test_no_module_imports_another_modules_private_name() -> None:
    found = private_imports()
    new = {
        m: names
        for m, names in found.items()
        if not any(_in(m, p) for p in PRIVATE_IMPORT_EXCEPTIONS)
    }
    assert not new, (
        "private names imported across modules (give each a public name):\n"
        + "\n".join(f"{m}: {', '.join(names)}" for m, names in sorted(new.items()))
    )
    stale = sorted(p for p in PRIVATE_IMPORT_EXCEPTIONS if not any(_in(m, p) for m in found))
    assert not stale, f"no private imports left, drop from PRIVATE_IMPORT_EXCEPTIONS: {stale}"


def test_the_private_name_scan_sees_names_not_modules() -> None:
    known = _modules()
    here = known["datasetkit.convert.entry"]
    tree = ast.parse(
        "from datasetkit.core.findings import Finding, _hidden\n"
        "def f():\n"
        "    from .result import _kept\n"
        "    from datasetkit.cli import _common\n"  # a private module of a package
    )
    assert private_names_imported(tree, here, known) == [
        "datasetkit.core.findings._hidden",
        "datasetkit.convert.result._kept",
    ]
