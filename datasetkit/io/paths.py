"""Turning the paths a user typed into the files a command reads.

Files, folders (their dataset or knowledge files), globs (quoted or expanded by the
shell, sorted), and ``-`` for standard input. With no path at all, the dataset is found
as ``runevals`` finds it.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit.core.findings import DatasetkitError

if TYPE_CHECKING:
    from datasetkit.io.exclude import Exclusions

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


@dataclass(frozen=True)
class FileKind:
    """What a folder named on the command line is searched for, and how the files are listed."""

    noun: str  # "no <noun> files in this folder"
    suffixes: tuple[str, ...]
    # Dataset folders honour the configuration's exclude patterns and .gitignore, and skip
    # backups; knowledge folders skip hidden files and Office lock files (~$name.docx).
    excludes: bool = True
    # Datasets are checked in a stable (sorted) order; knowledge files stay in the order
    # given, which is the order their cases are planned in.
    sort: bool = True
    stdin: bool = True  # "-" stands for standard input


DATASETS = FileKind("dataset", DATASET_SUFFIXES)


def _scan_dir(folder: Path, kind: FileKind) -> list[str]:
    # Defaults, the configuration's exclude/extend-exclude, and .gitignore files.
    rules = _exclusions(folder) if kind.excludes else None
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        if rules is not None:
            rules.enter(here)
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in _SKIP_DIRS
            and not d.startswith(".")
            and not (rules is not None and rules.skip(here / d, True))
        )
        for name in sorted(files):
            if Path(name).suffix.lower() not in kind.suffixes:
                continue
            if rules is None:
                if not name.startswith((".", "~$")):
                    found.append(os.path.join(root, name))
            elif ".bak." not in name and not rules.skip(here / name, False):
                found.append(os.path.join(root, name))
    return found


def _exclusions(folder: Path) -> Exclusions:
    from datasetkit.io.exclude import for_walk

    return for_walk(folder)


def expand(
    paths: Iterable[str | os.PathLike[str]], kind: FileKind | tuple[str, ...] = DATASETS
) -> list[str]:
    """Expand files, folders and globs into a de-duplicated list of files (``-`` is kept for
    standard input); ``kind`` says what a folder is searched for (a tuple: dataset files with
    those suffixes).

    Raises DatasetkitError for a path that matches nothing.
    """
    if isinstance(kind, tuple):
        kind = replace(DATASETS, suffixes=kind)
    out: list[str] = []
    for raw in (os.fspath(p) for p in paths):
        if raw == "-" and kind.stdin:
            out.append("-")
            continue
        out.extend(_files_of(raw, kind))
    seen: set[str] = set()
    unique = []
    for f in out:
        key = os.path.normpath(f)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    # Shell-expanded globs arrive in the shell's order; sort files for a stable report,
    # but keep stdin where the user put it.
    if kind.sort and "-" not in unique:
        unique.sort()
    return unique


def _looked_up(raw: str) -> tuple[bool, bool]:
    """(is a folder, exists) for ``raw``; a name the system cannot look up (longer than
    a path may be, or holding a NUL) is an error that says so, not a traceback."""
    p = Path(raw)
    try:
        return p.is_dir(), p.exists()
    except (OSError, ValueError) as exc:
        shown = raw if len(raw) <= 80 else raw[:60] + f"... ({len(raw):,} characters)"
        why = getattr(exc, "strerror", None) or str(exc)
        raise DatasetkitError(
            f"{shown}: cannot be looked up as a path ({why})",
            "name a file or folder; text to read goes in as bytes or through standard input",
        ) from None


def _files_of(raw: str, kind: FileKind) -> list[str]:
    p = Path(raw)
    folder, exists = _looked_up(raw)
    if folder:
        files = _scan_dir(p, kind)
        if not files:
            raise DatasetkitError(
                f"{raw}: no {kind.noun} files in this folder",
                f"datasetkit reads {', '.join(kind.suffixes)} files",
            )
        return files
    if exists:
        return [raw]
    if glob.has_magic(raw):
        matches = sorted(m for m in glob.glob(raw, recursive=True) if Path(m).is_file())
        if not matches:
            raise DatasetkitError(
                f"{raw}: the pattern matches no file", "check the pattern and the folder"
            )
        return matches
    if os.path.islink(raw):
        # A link whose target is missing or leads back to itself: exists() says False.
        return _dangling(raw)
    raise DatasetkitError(f"{raw}: no such file or folder", "check the path")


def _dangling(raw: str) -> list[str]:
    """The error for a symbolic link that leads to no file."""
    import errno

    try:
        os.stat(raw)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise DatasetkitError(
                f"{raw}: is a symbolic link in a loop (it leads back to itself)",
                "point the link at a file, or name the file itself",
            ) from None
    raise DatasetkitError(
        f"{raw}: is a symbolic link to {os.readlink(raw)}, which does not exist",
        "point the link at a file, or name the file itself",
    )
