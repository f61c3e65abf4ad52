"""A one-line progress bar on stderr for a generation run."""

from __future__ import annotations

from typing import IO

from datasetkit.generate.llm.engine.cost import Budget


class Progress:
    """Progress on stderr: a bar with rate and time left on a terminal; otherwise a
    status line per tenth of the run (a log or a pipe gets lines, never a redrawn bar)."""

    def __init__(self, *, total: int, enabled: bool, stream: IO[str]) -> None:
        from datasetkit.terminal.bar import Bar, wanted

        self.total = max(1, total)
        self.enabled = enabled
        self.stream = stream
        self.tty = wanted(stream)
        self.bar = Bar("generating", self.total, unit="cases", enabled=enabled, stream=stream)
        self.done = 0
        self.failed = 0
        self.last_line = ""
        self.last_done = -1

    def update(self, done: int, failed: int, budget: Budget) -> None:
        self.done, self.failed = done, failed
        self.tick(budget)

    def tick(self, budget: Budget) -> None:
        if not self.enabled:
            return
        snap = budget.snapshot()
        width = 24
        filled = min(width, int(width * self.done / self.total))
        cost = f" ${snap['cost']:.4f}" if snap["cost"] is not None else ""
        line = (
            f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} cases, "
            f"{self.failed} short, {snap['calls']} calls{cost}"
        )
        if line == self.last_line:
            return
        step = max(1, self.total // 10)
        if not self.tty and (
            self.done == self.last_done or (self.done % step and self.done < self.total)
        ):
            return  # a log file gets a line per tenth of the run, not per call
        self.last_line = line
        self.last_done = self.done
        if self.tty:
            # The counts beside the bar; the bar adds the rate and the time left.
            label = f"generating ({self.failed} short, {snap['calls']} calls{cost})"
            self.bar.update(self.done, label=label)
            return
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.bar.close()
