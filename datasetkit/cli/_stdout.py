"""``-o -``: a command that writes files writes to a temporary one, then copies it to stdout.

The writers stay file-based (atomic writes, format detection by extension); only the
command line learns that ``-`` means standard output. Chatter the command would print on
stdout goes to stderr, so stdout carries the dataset alone.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from datasetkit import DatasetkitError

# The file type each command writes when -o - names no file: None = it must be told (--to).
DEFAULT_SUFFIX: dict[str, str | None] = {
    "convert": None,
    "init": ".json",
    "new": ".json",
    "generate knowledge": ".json",
    "generate starter": ".json",
    "review merge": "",  # the dataset's own
    "review sheet": ".xlsx",
}


class _Renamed(io.TextIOBase):
    """A text stream that shows the temporary file as '-' (what the user typed)."""

    def __init__(self, target: IO[str], temp: Path) -> None:
        self.target = target
        self.temp = str(temp)
        self.folder = str(temp.parent) + os.sep

    def write(self, text: str) -> int:
        self.target.write(text.replace(self.temp, "-").replace(self.folder, ""))
        return len(text)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return bool(getattr(self.target, "isatty", lambda: False)())


def _suffix(path: str, kwargs: dict[str, Any]) -> str:
    to = kwargs.get("to")
    if to:
        from datasetkit.api.formats import format_extensions

        extensions = format_extensions(to)
        if extensions:
            return extensions[0]
    default = DEFAULT_SUFFIX[path]
    if default == "" and kwargs.get("dataset"):
        return Path(str(kwargs["dataset"])).suffix
    if default is None:
        raise DatasetkitError(
            "-o - writes to stdout, so there is no file name to tell the format from",
            f"name the format: datasetkit {path} ... --to FORMAT -o -",
        )
    return default


# The temporary files standing for stdout while a command runs (see is_stdout).
_ACTIVE: set[str] = set()


def is_stdout(output: str | Path) -> bool:
    """Whether ``output`` is the temporary file that stands for ``-o -``: only it reaches
    the user, so a report of what was written names it alone."""
    return str(output) in _ACTIVE


@contextlib.contextmanager
def to_stdout(path: str, kwargs: dict[str, Any]) -> Iterator[None]:
    """Run a command whose ``output`` is '-' against a temporary file, then print that file."""
    suffix = _suffix(path, kwargs)
    with tempfile.TemporaryDirectory(prefix="datasetkit-stdout-") as folder:
        temp = Path(folder) / f"stdout{suffix}"
        original = kwargs["output"]
        kwargs["output"] = type(original)(temp) if isinstance(original, Path) else str(temp)
        stdout, stderr = sys.stdout, sys.stderr
        sys.stdout = _Renamed(stderr, temp)
        sys.stderr = _Renamed(stderr, temp)
        _ACTIVE.add(str(temp))
        try:
            yield
        finally:
            _ACTIVE.discard(str(temp))
            sys.stdout, sys.stderr = stdout, stderr
            if temp.is_file():
                with temp.open("rb") as fh:
                    stdout.flush()
                    shutil.copyfileobj(fh, stdout.buffer)
                    stdout.buffer.flush()
            # Files written beside the dataset (a Copilot Studio .setup.md) are named by
            # what they add to its name: the temporary name means nothing to the user.
            others = sorted(
                p.name.removeprefix(temp.stem) for p in Path(folder).iterdir() if p != temp
            )
            if others:
                print(
                    f"datasetkit: note: with -o -, only the dataset goes to stdout; not "
                    f"written: its {', '.join(others)} (write to a file with -o to get "
                    f"{'it' if len(others) == 1 else 'them'})",
                    file=stderr,
                )
