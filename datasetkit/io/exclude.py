"""Which files a folder walk skips: defaults, ``exclude``/``extend-exclude``, .gitignore.

Patterns use .gitignore syntax (matched with pathspec). Configured patterns are relative
to the configuration file's folder; a .gitignore applies below its own folder. Files
named on the command line are always read: exclusions only prune folder walks, as in
ruff.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from datasetkit.io.settings_file import datasetkit_tables, find_settings_file, str_list

# Never datasets: tool and build folders, and JSON Schemas (a schema is no dataset).
DEFAULT_EXCLUDE = (
    ".git/",
    ".hg/",
    ".svn/",
    ".venv/",
    "venv/",
    ".tox/",
    ".nox/",
    "node_modules/",
    "__pycache__/",
    "site-packages/",
    "build/",
    "dist/",
    "*.egg-info/",
    ".datasetkit/",
    ".evals/",
    "*.schema.json",
)


def _spec(lines: list[str]) -> Any:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _git_root(folder: Path) -> Path | None:
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def _read_gitignore(folder: Path) -> list[str]:
    try:
        return (folder / ".gitignore").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


class Exclusions:
    """The rules for one folder walk; ``skip(path, is_dir)`` says whether to leave a path out."""

    def __init__(self, top: Path, patterns: list[str], base: Path) -> None:
        self.rules: list[tuple[Path, Any]] = [(base.resolve(), _spec(patterns))]
        top = top.resolve()
        # The .gitignore files of the folders above the walk, up to the repository's root.
        root = _git_root(top)
        above = [] if root is None else [p for p in reversed(top.parents) if p.is_relative_to(root)]
        for folder in above:
            self.enter(folder)

    def enter(self, folder: Path) -> None:
        """Take in the .gitignore of a folder the walk reaches (call before its contents)."""
        lines = _read_gitignore(folder)
        if lines:
            self.rules.append((folder.resolve(), _spec(lines)))

    def skip(self, path: Path, is_dir: bool) -> bool:
        try:
            full = path.resolve()
        except (RuntimeError, OSError):
            # A symbolic link in a loop (RuntimeError before Python 3.13): matched by the
            # name it has here; reading it says what it is.
            full = Path(os.path.abspath(path))
        for base, spec in self.rules:
            try:
                rel = full.relative_to(base).as_posix()
            except ValueError:
                continue
            if rel != "." and spec.match_file(rel + ("/" if is_dir else "")):
                return True
        return False


def configured_patterns(table: dict[str, Any], where: Path) -> tuple[list[str] | None, list[str]]:
    """The ``exclude`` (None: not set) and ``extend-exclude`` patterns of a settings table."""
    exclude = str_list(table["exclude"], where, "exclude") if "exclude" in table else None
    extend = (
        str_list(table["extend-exclude"], where, "extend-exclude")
        if "extend-exclude" in table
        else []
    )
    return exclude, extend


def for_walk(top: Path) -> Exclusions:
    """The exclusions for walking ``top``, from the settings file found as lint finds it."""
    found = find_settings_file(top if top.is_dir() else top.parent)
    table: dict[str, Any] = {}
    tables = datasetkit_tables(found) if found is not None else None
    if tables is not None:
        doc, sub, _ = tables
        # The lint sub-table's settings override the datasetkit table's, as lint reads them.
        for source in (doc, sub or {}):
            table.update({k: v for k, v in source.items() if k in ("exclude", "extend-exclude")})
    exclude, extend = configured_patterns(table, found or Path("<config>"))
    patterns = [*(DEFAULT_EXCLUDE if exclude is None else exclude), *extend]
    return Exclusions(top, patterns, found.parent if found is not None else Path(os.getcwd()))
