"""A progress bar on stderr for runs that can take long: rich, with rate and time left.

Drawn only on a terminal (never into a CI log or a pipe), only for a run that lasts more
than half a second, and redrawn at most twice a second by rich's own thread, so an
update costs a counter increment. ``NO_COLOR`` and ``TERM=dumb`` are honoured by rich.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .formats import ReadOptions

# A run shorter than this shows no bar at all (no flash on small files).
SHOW_AFTER = 0.5
# Each redraw costs a few milliseconds of the run (measured: bench/run.py target 8);
# twice a second keeps the rate and time left current without costing the run 1%.
REFRESH_PER_SECOND = 2


def wanted(stream: IO[str] | None = None) -> bool:
    """True when a bar may be drawn: a terminal, not TERM=dumb, not DATASETKIT_NO_PROGRESS."""
    stream = stream or sys.stderr
    if os.environ.get("DATASETKIT_NO_PROGRESS") or os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


class Bar:
    """``with Bar("validating", total, unit="bytes") as bar: bar.update(done)``.

    ``unit`` is "bytes" (sizes and transfer speed) or a noun counted ("files", "cases").
    A disabled bar (not a terminal, -q) does nothing.
    """

    def __init__(
        self,
        label: str,
        total: int | None,
        *,
        unit: str = "files",
        enabled: bool = True,
        stream: IO[str] | None = None,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.stream = stream or sys.stderr
        self.enabled = enabled and wanted(self.stream)
        self.started = time.monotonic()
        self.done = 0
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Bar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def update(self, done: int, total: int | None = None, label: str | None = None) -> None:
        """Set how far the run is (and the total or label, when they change)."""
        if not self.enabled:
            return
        self.done = done
        if total is not None:
            self.total = total
        if label is not None:
            self.label = label
        if self._progress is None:
            if time.monotonic() - self.started < SHOW_AFTER:
                return
            self._start()
        self._progress.update(self._task, completed=done, total=self.total, description=self.label)

    def advance(self, n: int = 1) -> None:
        self.update(self.done + n)

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            Task,
            TaskProgressColumn,
            TextColumn,
            TimeRemainingColumn,
            TransferSpeedColumn,
        )
        from rich.text import Text

        class Rate(ProgressColumn):
            """Items per second (rich's own rate column is for bytes)."""

            def render(self, task: Task) -> Text:
                return Text(f"{task.speed:.1f} {unit}/s" if task.speed else "")

        unit = self.unit
        if unit == "bytes":
            counts: list[Any] = [DownloadColumn(), TransferSpeedColumn()]
        else:
            counts = [MofNCompleteColumn(), Rate()]
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            *counts,
            TimeRemainingColumn(),
            # Only ever started on a terminal (see wanted), so rich may draw as on one.
            console=Console(file=self.stream, force_terminal=True),
            transient=True,
            refresh_per_second=REFRESH_PER_SECOND,
        )
        self._progress.start()
        self._task = self._progress.add_task(self.label, total=self.total, completed=self.done)

    def close(self) -> None:
        """Remove the bar (it is transient: the final report says what was done)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def file_steps(
    files: list[str], options: ReadOptions, progress: Callable[[int, int], None] | None
) -> Iterator[tuple[str, ReadOptions]]:
    """Each file with the read options to use, reporting bytes read to ``progress``.

    Readers that stream (JSONL, CSV) call ``options.extra["progress"]`` with the bytes
    read so far, so one large file moves the bar too; the rest move it file by file.
    """
    if progress is None:
        yield from ((path, options) for path in files)
        return
    sizes = [_size(path) for path in files]
    total = sum(sizes)
    done = 0
    progress(0, total)
    for path, size in zip(files, sizes, strict=True):
        base = done
        extra = {**options.extra, "progress": lambda n, base=base: progress(base + n, total)}
        yield path, replace(options, extra=extra)
        done += size
        progress(done, total)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path) if path != "-" else 0
    except OSError:
        return 0
