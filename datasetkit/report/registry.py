"""The reporter registry: every module of this package that defines ``REPORTER`` is one.

A reporter only formats: it turns a run (a list of :class:`FileReport`, one per input
file) into the text written to stdout or a file. Its ``rank`` places it among the
``--format`` choices; ``chunks``, when given, makes the report piece by piece so a large
run is never held whole.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from datasetkit.report.file_report import FileReport


@dataclass(frozen=True)
class Reporter:
    """A report format: its ``--format`` name, how it renders a run, where it is listed."""

    name: str
    render: Callable[..., str]
    rank: int
    chunks: Callable[..., Iterator[str]] | None = None


_REPORTERS: dict[str, Reporter] = {}


def reporters() -> dict[str, Reporter]:
    """Every reporter by name, in ``--format`` order (the modules are imported on first use)."""
    if not _REPORTERS:
        package = "datasetkit.report"
        found = []
        for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
            module = importlib.import_module(f"{package}.{info.name}")
            reporter = getattr(module, "REPORTER", None)
            if isinstance(reporter, Reporter):
                found.append(reporter)
        _REPORTERS.update((r.name, r) for r in sorted(found, key=lambda r: (r.rank, r.name)))
    return _REPORTERS


def render_chunks(name: str, reports: list[FileReport], **kwargs: Any) -> Iterator[str]:
    """The report of ``reports`` in pieces (made as written where the reporter can)."""
    reporter = reporters()[name]
    if reporter.chunks is not None:
        return reporter.chunks(reports, **kwargs)
    return iter([reporter.render(reports, **kwargs)])


def render(name: str, reports: list[FileReport], **kwargs: Any) -> str:
    """Format ``reports`` with the reporter called ``name``."""
    return reporters()[name].render(reports, **kwargs)
