"""Fuzz shapes whose input is a path that is not a regular file: devices and other
special files (``device``), and FIFOs (``fifo``).

Both run in the fuzzing process itself (no subprocess per input) and never sleep: a FIFO
writer that stalls holds its end open until the reader has given up, and the pipe's time
budgets (``PIPE_WAIT_SECONDS``, ``PIPE_IDLE_SECONDS``) are set to a few milliseconds. The
budgets are parameters of the same code path a user's pipe takes, so a shorter one stops
the same reads sooner; :data:`FIFO_WAITS` says which values the log's runs used.

Each runner takes the path of one mutant and returns False when the boundary's
bug-report fallback fired; what each input drew (the kind of path, the command) is
counted in ``DRAWN`` and logged.
"""

from __future__ import annotations

import contextlib
import os
import socket
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

# What the inputs of this run drew, for the log (fuzz.py resets and reads it).
DRAWN: Counter[str] = Counter()
# The pipe's time budgets while fuzzing: how long a FIFO may go without a writer, and
# a writer without writing (seconds).
FIFO_WAITS = (0.005, 0.005)


def fallbacks() -> int:
    """How often the boundary's bug-report fallback has fired in this process."""
    from datasetkit.io.safety import FALLBACKS

    return len(FALLBACKS)


def pick(data: bytes, n: int) -> int:
    """A choice among ``n`` drawn from the mutant itself (so a replay takes the same)."""
    import zlib

    return zlib.crc32(data[:256]) % n


def _command(target: str, data: bytes, out: str) -> None:
    """validate, lint, stats or convert of ``target``, with a format or detection,
    picked from the mutant."""
    from datasetkit.convert.entry import convert
    from datasetkit.lint.engine import lint_file
    from datasetkit.lint.stats import dataset_stats
    from datasetkit.validate import validate_file

    fmt = (None, "m365", "foundry", "copilot-studio")[pick(data[::-1], 4)]
    command = ("validate", "lint", "stats", "convert")[pick(data[1:], 4)]
    DRAWN[command] += 1
    if command == "validate":
        validate_file(target, fmt)
    elif command == "lint":
        lint_file(target, fmt)
    elif command == "stats":
        dataset_stats(target, fmt)
    else:
        convert([target], out, source=fmt, force=True)


# ---------------------------------------------------------------- devices and special files

_DEVICES = ("/dev/zero", "/dev/urandom", "/dev/null", "/dev/full")
# Regular files of size 0 whose content the kernel makes as they are read.
_PROC = ("/proc/self/maps", "/proc/self/status", "/proc/self/mountinfo", "/proc/cpuinfo")


@contextlib.contextmanager
def _special(how: int, tmp: str, data: bytes, suffix: str) -> Iterator[str]:
    """A path of kind ``how``: a device, a /proc file, a socket, a symlink loop, a
    symlink to a device, a folder, or a file whose name is not UTF-8 (holding the mutant)."""
    if how < len(_DEVICES):
        yield _DEVICES[how]
        return
    how -= len(_DEVICES)
    if how < len(_PROC):
        yield _PROC[how]
        return
    how -= len(_PROC)
    target = os.path.join(tmp, "in" + suffix)
    if how == 0:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(target)
            yield target
        return
    if how == 1:
        os.symlink(target, target)  # a link to itself: ELOOP
    elif how == 2:
        os.symlink(_DEVICES[pick(data, len(_DEVICES))], target)
    elif how == 3:
        os.mkdir(target)
    else:
        # Bytes that are not UTF-8 in the name (a Linux name is any bytes but / and NUL).
        raw = (
            os.fsencode(tmp)
            + b"/in\xff\xfe"
            + bytes(data[:8]).replace(b"/", b"").replace(b"\0", b"")
        )
        target = os.fsdecode(raw + os.fsencode(suffix))
        Path(target).write_bytes(data)
    yield target


_SPECIAL_KINDS = len(_DEVICES) + len(_PROC) + 5


def device(path: str) -> bool:
    """validate, lint, stats or convert of a device, a /proc file, a socket, a symlink
    loop or to a device, a folder, or a file with a name that is not UTF-8."""
    data = Path(path).read_bytes()
    before = fallbacks()
    how = pick(data, _SPECIAL_KINDS)
    with (
        tempfile.TemporaryDirectory(prefix="dk-dev-") as tmp,
        _special(how, tmp, data, Path(path).suffix) as target,
    ):
        DRAWN[_kind_name(how)] += 1
        _command(target, data, os.path.join(tmp, "out.jsonl"))
    return fallbacks() == before


def _kind_name(how: int) -> str:
    if how < len(_DEVICES):
        return _DEVICES[how]
    if how < len(_DEVICES) + len(_PROC):
        return "/proc file"
    return ("socket", "symlink loop", "symlink to a device", "folder", "name not UTF-8")[
        how - len(_DEVICES) - len(_PROC)
    ]


# ---------------------------------------------------------------- FIFOs


def _feed(fifo: str, data: bytes, hold: threading.Event | None) -> threading.Thread:
    """A writer for ``fifo``: ``data``, then (given ``hold``) its end kept open, silent,
    until ``hold`` is set (the reader has given up by then), then closed."""

    def write() -> None:
        try:
            fd = os.open(fifo, os.O_WRONLY)
        except OSError:
            return
        try:
            os.write(fd, data[: 60 * 1024])
            if hold is not None:
                hold.wait(5)
        except OSError:
            pass
        finally:
            os.close(fd)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def fifo(path: str) -> bool:
    """validate, lint, stats or convert of a FIFO with no writer, one fed the mutant and
    closed, or one fed the mutant that then stays open and silent; picked from the mutant."""
    from datasetkit.io import inputs

    data = Path(path).read_bytes()
    before = fallbacks()
    inputs.PIPE_WAIT_SECONDS, inputs.PIPE_IDLE_SECONDS = FIFO_WAITS
    inputs._PIPED.clear()
    how = pick(data, 3)
    DRAWN[("no writer", "fed", "fed, then silent")[how]] += 1
    hold = threading.Event() if how == 2 else None
    with tempfile.TemporaryDirectory(prefix="dk-fifo-") as tmp:
        target = os.path.join(tmp, "in" + Path(path).suffix)
        os.mkfifo(target)
        writer = _feed(target, data, hold) if how else None
        try:
            _command(target, data, os.path.join(tmp, "out.jsonl"))
        finally:
            if hold is not None:
                hold.set()
            if writer is not None:
                with_writer_gone(target, writer)
    return fallbacks() == before


def with_writer_gone(fifo_path: str, writer: threading.Thread) -> None:
    """Let a writer still blocked in open() go (a reader opens and closes the FIFO)."""
    if writer.is_alive():
        try:
            fd = os.open(fifo_path, os.O_RDONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
        writer.join(2)


PATH_SHAPES: dict[str, Callable[[str], bool]] = {"device": device, "fifo": fifo}
