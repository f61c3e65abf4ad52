"""Turning the paths a user typed into the files a command reads.

Files, folders (their dataset files, sorted), globs (quoted or expanded by the shell,
sorted), and ``-`` for standard input. With no path at all, the dataset is found as
``runevals`` finds it.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

from datasetkit.core.findings import DatasetkitError

# runevals' discovery order when no --prompts-file is given.
DISCOVERY_ORDER = (
    "prompts.json",
    "evals.json",
    "tests.json",
    "evals/prompts.json",
    "evals/evals.json",
    "evals/tests.json",
)

# Extensions a folder scan picks up (every format datasetkit reads).
DATASET_SUFFIXES = (".json", ".jsonl", ".csv", ".txt", ".xlsx")
_SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv", ".evals", ".datasetkit"}


def discover(cwd: str | os.PathLike[str] | None = None) -> Path | None:
    """The first of runevals' default dataset files that exists under ``cwd``."""
    base = Path(cwd) if cwd is not None else Path(".")
    for name in DISCOVERY_ORDER:
        candidate = base / name
        if candidate.is_file():
            return Path(os.path.normpath(candidate))
    return None


def _scan_dir(folder: Path, suffixes: tuple[str, ...]) -> list[str]:
    from datasetkit.io.exclude import for_walk

    # Defaults, the configuration's exclude/extend-exclude, and .gitignore files.
    rules = for_walk(folder)
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        rules.enter(here)
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in _SKIP_DIRS and not d.startswith(".") and not rules.skip(here / d, True)
        )
        for name in sorted(files):
            wanted = Path(name).suffix.lower() in suffixes and ".bak." not in name
            if wanted and not rules.skip(here / name, False):
                found.append(os.path.join(root, name))
    return found


def expand(paths: list[str], suffixes: tuple[str, ...] = DATASET_SUFFIXES) -> list[str]:
    """Expand files, folders and globs into a sorted, de-duplicated list of files.

    Raises DatasetkitError for a path that matches nothing.
    """
    out: list[str] = []
    for raw in paths:
        if raw == "-":
            out.append("-")
            continue
        p = Path(raw)
        if p.is_dir():
            files = _scan_dir(p, suffixes)
            if not files:
                raise DatasetkitError(
                    f"{raw}: no dataset files in this folder",
                    f"datasetkit reads {', '.join(suffixes)} files",
                )
            out.extend(files)
        elif p.exists():
            out.append(raw)
        elif glob.has_magic(raw):
            matches = sorted(m for m in glob.glob(raw, recursive=True) if Path(m).is_file())
            if not matches:
                raise DatasetkitError(
                    f"{raw}: the pattern matches no file", "check the pattern and the folder"
                )
            out.extend(matches)
        else:
            raise DatasetkitError(f"{raw}: no such file or folder", "check the path")
    seen: set[str] = set()
    unique = []
    for f in out:
        if f not in seen:
            seen.add(f)
            unique.append(f)
    # Shell-expanded globs arrive in the shell's order; sort files for a stable report,
    # but keep stdin where the user put it.
    if "-" not in unique:
        unique.sort()
    return unique
