"""Lint configuration: ``datasetkit.toml`` (``[lint]``) or ``pyproject.toml`` (``[tool.datasetkit.lint]``).

The file is found by walking up from the working directory; the first folder that has
a ``datasetkit.toml``, or a ``pyproject.toml`` with a ``[tool.datasetkit]`` table, wins.
Keys (all optional)::

    [tool.datasetkit.lint]
    select = ["lint"]                       # rule codes or prefixes to run (default: all)
    ignore = ["lint.coverage"]              # codes or prefixes to skip (validate codes too)
    near-duplicate-threshold = 0.9          # similarity (0..1) for lint.prompt.near-duplicate
    foundry-evaluators = ["similarity"]     # evaluators a Foundry run will use
    extend-exclude = ["evals/archive/"]     # folder walks skip these too (gitignore syntax)

    [tool.datasetkit.lint.severity]         # per-rule severity: error, warning, info or off
    "lint.prompt.vague" = "error"

    [tool.datasetkit.lint.per-file-ignores] # glob (relative to the config file) -> codes
    "evals/legacy/*.json" = ["lint.m365.missing-schema-version"]

The same keys directly under ``[tool.datasetkit]`` are read too; other sub-tables there
(``generate``, ...) belong to other commands and are left alone.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.io.exclude import configured_patterns

# Finding the file is shared with folder walks (which read its exclude patterns).
from datasetkit.io.settings_file import datasetkit_tables, str_list
from datasetkit.io.settings_file import find_settings_file as find_config

# The configuration's class and its selector matching live in .settings (re-exported).
from datasetkit.lint.settings import (
    DEFAULT_NEAR_DUPLICATE_THRESHOLD as DEFAULT_NEAR_DUPLICATE_THRESHOLD,
)
from datasetkit.lint.settings import LintConfig as LintConfig
from datasetkit.lint.settings import code_matches

_KEYS = {
    "select",
    "ignore",
    "extend-select",
    "severity",
    "per-file-ignores",
    "near-duplicate-threshold",
    "foundry-evaluators",
    "exclude",
    "extend-exclude",
}


# Lint codes that became another code: a selector naming the old one (in a team's settings
# or CI command line) keeps selecting the same findings instead of stopping the run.
RENAMED = {"lint.evaluator.case": "m365.evaluator.case"}


def normalize_selector(selector: str, known: list[str], option: str) -> str:
    """A selector as typed (``evaluator.unknown`` or ``lint.evaluator.unknown``), checked.

    Selectors naming lint rules must match a rule; others (``json.bom``, ``m365.schema``)
    select validate findings and are kept as they are.
    """
    s = selector.strip()
    if not s:
        raise DatasetkitError(
            f"{option}: empty rule code", "name a rule code such as lint.prompt.vague"
        )
    if s in ("ALL", "*"):
        return s
    for name in (s, "lint." + s):
        if name in RENAMED:
            return RENAMED[name]
    candidates = [s] if s.startswith("lint") else ["lint." + s, s]
    for cand in candidates:
        if any(code_matches(code, cand) for code in known):
            return cand
    if s.startswith("lint"):
        best = _closest_rule(s, known)
        hint = f"did you mean {best}? " if best else ""
        raise DatasetkitError(
            f"{option}: no lint rule matches {s!r}", hint + "list the rules with 'datasetkit rules'"
        )
    return s


def _closest_rule(selector: str, known: list[str]) -> str | None:
    """The rule code or family closest to a mistyped selector, or None when none is close.

    Compared without the shared ``lint.`` head, which would make every code look alike.
    """
    import difflib

    names = set(known)
    for code in known:
        parts = code.split(".")
        names.update(".".join(parts[:n]) for n in range(2, len(parts)))
    tails = {name.removeprefix("lint."): name for name in names}
    close = difflib.get_close_matches(selector.removeprefix("lint."), list(tails), n=1, cutoff=0.75)
    return tails[close[0]] if close else None


def _lint_table(path: Path) -> dict[str, Any] | None:
    """The lint settings in ``path``, or None when the file has no datasetkit table."""
    tables = datasetkit_tables(path)
    if tables is None:
        return None
    doc, sub, where = tables
    table = {k: v for k, v in doc.items() if k in _KEYS}
    if sub is not None:
        _check_keys(sub, path, where)
        table.update(sub)
    return table


def _check_keys(table: dict[str, Any], path: Path, where: str) -> None:
    for key in table:
        if key not in _KEYS:
            from rapidfuzz import process

            best = process.extractOne(key, sorted(_KEYS))
            hint = f"did you mean {best[0]!r}? " if best and best[1] >= 70 else ""
            raise DatasetkitError(
                f"{path}: unknown key {key!r} in {where}",
                hint + f"known keys: {', '.join(sorted(_KEYS))}",
            )


def config_from_table(table: dict[str, Any], source: Path | None = None) -> LintConfig:
    """A LintConfig from a parsed lint table, every value checked."""
    from datasetkit.lint.registry import all_rules

    where = source or Path("<config>")
    known = sorted(all_rules())
    cfg = LintConfig(source=source, root=source.parent if source else None)
    if "select" in table:
        cfg.select = [
            normalize_selector(s, known, f"{where}: select")
            for s in str_list(table["select"], where, "select")
        ]
    if "extend-select" in table:
        extra = [
            normalize_selector(s, known, f"{where}: extend-select")
            for s in str_list(table["extend-select"], where, "extend-select")
        ]
        cfg.select = (cfg.select or []) + extra if cfg.select is not None else None
    if "ignore" in table:
        cfg.ignore = [
            normalize_selector(s, known, f"{where}: ignore")
            for s in str_list(table["ignore"], where, "ignore")
        ]
    cfg.severity.update(_severities(table.get("severity", {}), known, where))
    cfg.per_file_ignores.update(_per_file_ignores(table.get("per-file-ignores", {}), known, where))
    if "near-duplicate-threshold" in table:
        cfg.near_duplicate_threshold = check_threshold(
            table["near-duplicate-threshold"], f"{where}: near-duplicate-threshold"
        )
    if "foundry-evaluators" in table:
        cfg.foundry_evaluators = [
            e.removeprefix("builtin.").lower()
            for e in str_list(table["foundry-evaluators"], where, "foundry-evaluators")
        ]
    cfg.exclude, cfg.extend_exclude = configured_patterns(table, where)
    return cfg


def _severities(sev: Any, known: list[str], where: Path) -> dict[str, str]:
    """The severity table: rule code (or prefix) -> error, warning, info or off."""
    if not isinstance(sev, dict):
        raise DatasetkitError(
            f"{where}: severity must be a table of code = level",
            'write "lint.prompt.vague" = "error"',
        )
    out: dict[str, str] = {}
    for code, level in sev.items():
        if level not in ("error", "warning", "info", "off"):
            raise DatasetkitError(
                f"{where}: severity of {code!r} is {level!r}",
                "use one of: error, warning, info, off",
            )
        out[normalize_selector(code, known, f"{where}: severity")] = level
    return out


def _per_file_ignores(pfi: Any, known: list[str], where: Path) -> dict[str, list[str]]:
    """The per-file-ignores table: glob -> the codes ignored in matching files."""
    if not isinstance(pfi, dict):
        raise DatasetkitError(
            f"{where}: per-file-ignores must be a table of glob = [codes]",
            '"old/*.json" = ["lint.m365"]',
        )
    return {
        pattern: [
            normalize_selector(c, known, f"{where}: per-file-ignores")
            for c in str_list(codes, where, pattern)
        ]
        for pattern, codes in pfi.items()
    }


def check_threshold(value: Any, where: str) -> float:
    """A similarity threshold in (0, 1]."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < float(value) <= 1:
        raise DatasetkitError(
            f"{where} is {value!r}", "use a number above 0 and at most 1, e.g. 0.9"
        )
    return float(value)


def load_config(
    explicit: str | os.PathLike[str] | None = None, start: str | os.PathLike[str] | None = None
) -> LintConfig:
    """The configuration: ``explicit`` if given, else the nearest config file, else defaults."""
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise DatasetkitError(f"{path}: no such configuration file", "check the --config path")
        table = _lint_table(path)
        return config_from_table(table or {}, path)
    found = find_config(start)
    if found is None:
        return LintConfig()
    return config_from_table(_lint_table(found) or {}, found)
