"""The fuzzer's workers and its log: every worker is a child process that writes what it
has counted so far to a progress file, so a run always logs its line.

A run that is stopped (SIGTERM, SIGINT, the time limit of a job runner) logs what its
workers had counted, with ``"stopped"`` naming the signal. A worker that dies (killed by
the kernel, an abort in a C library, a MemoryError where nothing caught it) counts as a
crash: the line says how it died and after how many inputs, and its last input is saved
to ``--save`` for replay. A worker whose progress file has not changed for longer than
the hang limit allows is stuck where the alarms cannot reach it (inside a C library's
loop): it is killed and counted as a hang, its input saved likewise. The parent process does no fuzzing itself, so it stays small
under an address-space limit (``prlimit --as``) that its workers run into.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# How often a worker writes its progress file (seconds).
PROGRESS_EVERY = 2.0
# How long a worker told to stop has to write its tally before it is killed (a worker
# inside a C library's loop sees the signal only when the call returns).
STOP_GRACE = 10.0


@dataclass
class Tally:
    """What one reader's run found."""

    runs: int = 0
    crashes: int = 0
    hangs: int = 0
    slowest: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)
    # What the inputs drew, for shapes that pick per input (a budget, a kind of path).
    drawn: dict[str, int] = field(default_factory=dict)
    # Why the run ended before its time, when it did.
    stopped: str | None = None

    def add(self, other: Tally) -> None:
        """Add up ``other`` (a worker's tally) into this one."""
        self.runs += other.runs
        self.crashes += other.crashes
        self.hangs += other.hangs
        self.slowest = max(self.slowest, other.slowest)
        for mine, theirs in ((self.kinds, other.kinds), (self.drawn, other.drawn)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        if other.stopped and other.stopped != self.stopped:
            self.stopped = "; ".join(filter(None, (self.stopped, other.stopped)))


class Stop(BaseException):
    """Raised in a worker by SIGTERM or SIGINT: it stops and writes what it counted."""


def _stop(signum: int, _frame: object) -> None:
    raise Stop(signal.Signals(signum).name)


class Progress:
    """A worker's progress file, written at most every :data:`PROGRESS_EVERY` seconds."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._next = 0.0

    def write(self, tally: Tally, force: bool = False) -> None:
        """Write ``tally`` (atomically: a reader never sees half a file)."""
        now = time.monotonic()
        if not force and now < self._next:
            return
        self._next = now + PROGRESS_EVERY
        part = self.path.with_suffix(".part")
        part.write_text(json.dumps(asdict(tally)), encoding="utf-8")
        os.replace(part, self.path)

    def read(self) -> Tally:
        """The last tally written (an empty one if none was)."""
        try:
            return Tally(**json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return Tally()


def _child(work: Callable[[Progress, Path], None], progress: Progress, scratch: Path) -> None:
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    work(progress, scratch)


def supervise(
    jobs: list[Callable[[Progress, Path], None]],
    workdir: Path,
    save: Path | None,
    reader: str,
    stall: float,
) -> Tally:
    """Run each job in a child process; their tallies added up, a dead child's too.

    A job is called with its progress file and a scratch folder (where it writes each
    input before running it). SIGTERM or SIGINT to this process is passed on to the
    children, which stop and write their tallies; the run's tally says it was stopped.
    A child whose progress stands still for ``stall`` seconds is killed as stuck.
    """
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    procs = []
    for i, job in enumerate(jobs):
        scratch = workdir / f"worker-{i}"
        scratch.mkdir()
        progress = Progress(workdir / f"progress-{i}.json")
        proc = ctx.Process(target=_child, args=(job, progress, scratch), daemon=True)
        procs.append((proc, progress, scratch))
    stopped: list[tuple[str, float]] = []

    def pass_on(signum: int, _frame: object) -> None:
        stopped.append((signal.Signals(signum).name, time.monotonic()))
        for proc, _, _ in procs:
            if proc.pid is not None and proc.exitcode is None:
                os.kill(proc.pid, signal.SIGTERM)

    old = {s: signal.signal(s, pass_on) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        for proc, _, _ in procs:
            proc.start()
        stuck = _watch(procs, stopped, stall)
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
    total = Tally(stopped=f"stopped by {stopped[0][0]}" if stopped else None)
    for i, (proc, progress, scratch) in enumerate(procs):
        part = progress.read()
        if i in stuck:
            _stuck(part, i, stall, scratch, save, reader)
        elif proc.exitcode and stopped:
            note = f"worker {i} did not stop within {STOP_GRACE:g} s and was killed"
            part.stopped = "; ".join(filter(None, (part.stopped, note)))
        elif proc.exitcode:
            _died(part, i, proc.exitcode, scratch, save, reader)
        total.add(part)
    return total


def _watch(procs: list[Any], stopped: list[tuple[str, float]], stall: float) -> set[int]:
    """Wait for the children; kill one that is stuck, or that was told to stop and has
    not within :data:`STOP_GRACE`. The numbers of those killed as stuck."""
    stuck: set[int] = set()
    for proc, _, _ in procs:
        proc.join(1.0)  # until its progress file exists
    while any(proc.exitcode is None for proc, _, _ in procs):
        now = time.monotonic()
        for i, (proc, progress, _) in enumerate(procs):
            if proc.exitcode is not None:
                continue
            if stopped and now - stopped[0][1] > STOP_GRACE:
                proc.kill()
            elif not stopped and _idle(progress.path) > stall:
                stuck.add(i)
                proc.kill()
        procs[0][0].join(0.5) if procs[0][0].exitcode is None else time.sleep(0.5)
    return stuck


def _idle(path: Path) -> float:
    """Seconds since ``path`` was last written (0 while it does not exist yet)."""
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0


def _stuck(
    tally: Tally, worker: int, stall: float, scratch: Path, save: Path | None, reader: str
) -> None:
    """Count a worker killed as stuck as a hang of its last input, and save that input."""
    kind = "hang: stuck in one input where the alarms cannot reach (killed)"
    tally.hangs += 1
    tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
    saved = _save_last(scratch, save, f"{reader}-stuck-{worker}")
    note = f"worker {worker} stuck for {stall:g} s, killed after {tally.runs:,} inputs{saved}"
    tally.stopped = "; ".join(filter(None, (tally.stopped, note)))


def _save_last(scratch: Path, save: Path | None, name: str) -> str:
    """Save a worker's last input to ``save`` as ``name``; the words that say where."""
    last = sorted(scratch.glob("input*"))
    if save is None or not last:
        return ""
    save.mkdir(parents=True, exist_ok=True)
    target = save / f"{name}{last[0].suffix}"
    target.write_bytes(last[0].read_bytes())
    return f", its last input saved as {target}"


def _died(
    tally: Tally, worker: int, code: int, scratch: Path, save: Path | None, reader: str
) -> None:
    """Count a worker that died as a crash of its last input, and save that input."""
    how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
    kind = f"worker died: {how}"
    tally.crashes += 1
    tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
    saved = _save_last(scratch, save, f"{reader}-died-{worker}")
    note = f"worker {worker} {how} after {tally.runs:,} inputs{saved}"
    tally.stopped = "; ".join(filter(None, (tally.stopped, note)))


def head_commit(root: Path) -> str:
    """The checkout's commit (short), taken when a run starts: the code that ran."""
    import subprocess

    return subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()


def log_run(log: Path, commit: str, entry: dict[str, Any], t: Tally) -> None:
    """Append one run to the log (one JSON line): ``entry`` (the run's settings) and
    the tally."""
    line = {
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": commit,
        **entry,
        "inputs": t.runs,
        "crashes": t.crashes,
        "hangs": t.hangs,
        "slowest": round(t.slowest, 2),
        "kinds": t.kinds,
    }
    if t.drawn:
        line["drawn"] = t.drawn
    if t.stopped:
        line["stopped"] = t.stopped
    with log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")


def print_totals(log: Path) -> None:
    """Inputs, crashes, hangs and the slowest input per reader, over every logged run
    (runs marked ``"void"`` are listed with their reason and left out)."""
    sums: dict[str, Tally] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        if e.get("void"):
            # A run whose counts the harness got wrong (the reason is in the line): shown,
            # not added up.
            print(f"set aside: {e['reader']} run of {e['date']}: {e['void']}")
            continue
        t = sums.setdefault(e["reader"], Tally())
        t.add(Tally(e["inputs"], e["crashes"], e["hangs"], e["slowest"]))
    for reader, t in sorted(sums.items()):
        print(
            f"{reader:15} inputs {t.runs:>9,}  crashes {t.crashes:>5}  hangs {t.hangs:>3}  "
            f"slowest {t.slowest:6.2f}s"
        )
