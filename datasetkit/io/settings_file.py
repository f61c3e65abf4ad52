"""The project's settings file: ``datasetkit.toml``, or a ``pyproject.toml`` with a
``[tool.datasetkit]`` table, found by walking up from a folder.

Lint reads its settings from it (:mod:`datasetkit.lint.config`); folder walks read the
``exclude``/``extend-exclude`` patterns (:mod:`datasetkit.io.exclude`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError


def load_toml(path: Path) -> dict[str, Any]:
    """The parsed TOML file (a DatasetkitError naming the file when it cannot be read)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise DatasetkitError(
            f"{path}: cannot be read ({exc.strerror})", "check the file's permissions"
        ) from exc
    except tomllib.TOMLDecodeError as exc:
        raise DatasetkitError(f"{path}: invalid TOML: {exc}", "fix the TOML syntax") from exc


def find_settings_file(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The nearest ``datasetkit.toml`` or ``pyproject.toml`` with a ``[tool.datasetkit]`` table."""
    here = Path(start) if start is not None else Path.cwd()
    here = here.resolve()
    for folder in (here, *here.parents):
        own = folder / "datasetkit.toml"
        if own.is_file():
            return own
        py = folder / "pyproject.toml"
        if py.is_file():
            try:
                doc = load_toml(py)
            except DatasetkitError:
                continue
            if isinstance(doc.get("tool", {}).get("datasetkit"), dict):
                return py
    return None


def datasetkit_tables(path: Path) -> tuple[dict[str, Any], dict[str, Any] | None, str] | None:
    """The file's datasetkit table, its ``lint`` sub-table and that sub-table's name.

    The datasetkit table is ``[tool.datasetkit]`` of a pyproject.toml (None when there is
    none) or the whole of a datasetkit.toml; the sub-table's keys override its own.
    """
    doc = load_toml(path)
    if path.name == "pyproject.toml":
        tool = doc.get("tool", {}).get("datasetkit")
        if not isinstance(tool, dict):
            return None
        doc, where = tool, "[tool.datasetkit.lint]"
    else:
        where = "[lint]"
    sub = doc.get("lint")
    if sub is not None and not isinstance(sub, dict):
        raise DatasetkitError(f"{path}: {where} must be a table", "write it as a TOML table")
    return doc, sub, where


def str_list(value: Any, path: Path, key: str) -> list[str]:
    """A setting that is a string or a list of strings, as a list."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DatasetkitError(
            f"{path}: {key} must be a list of strings", f'write {key} = ["lint.prompt.vague"]'
        )
    return list(value)
