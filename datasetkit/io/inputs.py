"""Opening what a user names as input without ever waiting on it forever.

A path is looked at (``stat``, which never blocks) before it is opened, and opened
without blocking:

- a regular file is read as a file;
- a pipe (a FIFO made with ``mkfifo``, or ``<(command)`` in a shell, which names one as
  ``/dev/fd/63``) is read whole, under the byte budget of standard input and a time
  budget: a writer must turn up within :data:`PIPE_WAIT_SECONDS` (a FIFO nobody writes
  to would otherwise block ``open`` for ever), and may not stay silent longer than
  :data:`PIPE_IDLE_SECONDS`. Its bytes are kept, so the readers that look at an input
  more than once (format detection, then the reader) see the same bytes;
- a regular file of size 0 (a kernel file in /proc or /sys, whose content is made as
  it is read) is read whole without blocking, under the byte budget of a pipe: one
  that would wait for more (``/proc/kmsg``) is refused;
- a device (``/dev/zero``, ``/dev/urandom``, a terminal, a disk) or a socket is refused
  with a message: a device has no end, and its size (0) says nothing of what it holds.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import time
from typing import IO, Any

from datasetkit.core.findings import DatasetkitError

MB = 1024 * 1024
# The byte budget of a pipe: the one of standard input (a document read whole).
PIPE_BYTES = 256 * MB
# How long a pipe may go without a writer, and a writer without writing.
PIPE_WAIT_SECONDS = 3.0
PIPE_IDLE_SECONDS = 30.0
_POLL = 0.05

# Pipes read so far, by absolute path: a pipe can be read only once. A pipe that could
# not be read fails again at once (format detection asks every format in turn).
_PIPED: dict[str, bytes | DatasetkitError] = {}

_DEVICES = (
    (stat.S_ISCHR, "a character device (such as /dev/zero or a terminal)"),
    (stat.S_ISBLK, "a block device (a disk)"),
    (stat.S_ISSOCK, "a socket"),
)


def kind_of(mode: int) -> str | None:
    """What a non-regular, non-folder file of ``mode`` is, or None for a file or pipe."""
    for test, name in _DEVICES:
        if test(mode):
            return name
    return None


def refuse_device(path: str, what: str) -> DatasetkitError:
    """The error for a device or socket given as an input."""
    return DatasetkitError(
        f"{path}: is {what}, not a file; it has no end and no size to check",
        "name a file, or pipe a program's output to standard input (command | datasetkit ... -)",
    )


def is_pipe(path: str) -> bool:
    """Whether ``path`` names a pipe (a FIFO or a shell's ``<(command)``)."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def require_regular(path: str | os.PathLike[str]) -> None:
    """Refuse a pipe or device where a file on disk is needed (an edit in place)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return  # the read that follows says what is wrong
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return
    what = kind_of(mode) or "a pipe"
    raise DatasetkitError(
        f"{os.fspath(path)}: is {what}, not a file; an edit in place (migrate, lint --fix, "
        "review merge) rewrites a file on disk",
        "name a file on disk, or convert the input to a new file with -o",
    )


def open_input(path: str) -> IO[bytes]:
    """``path`` opened for reading (see the module's docstring); never blocks.

    Raises :class:`DatasetkitError` for a device, a socket, a folder, a pipe with no
    writer or too much in it; OSError for what the system refuses (missing, denied).
    """
    key = os.path.abspath(path)
    if key in _PIPED:
        known = _PIPED[key]
        if isinstance(known, DatasetkitError):
            raise known
        return io.BytesIO(known)
    mode = os.stat(path).st_mode
    what = kind_of(mode)
    if what is not None:
        raise refuse_device(path, what)
    if stat.S_ISDIR(mode):
        raise DatasetkitError(f"{path}: is a folder, not a file", "name a file inside it")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode  # what was opened, if the path changed meanwhile
        if stat.S_ISFIFO(mode):
            try:
                data = _drain(fd, path)
            except DatasetkitError as exc:
                _PIPED[key] = exc
                raise
            _PIPED[key] = data
            os.close(fd)
            return io.BytesIO(data)
        what = kind_of(mode)
        if what is not None:
            raise refuse_device(path, what)
        if stat.S_ISREG(mode) and os.fstat(fd).st_size == 0:
            data = _read_made(fd, path)
            os.close(fd)
            return io.BytesIO(data)
        _blocking(fd)
        return io.BufferedReader(_AsOpened(fd, os.fstat(fd).st_size))
    except BaseException:
        os.close(fd)
        raise


class _AsOpened(io.RawIOBase):
    """A regular file read up to the size it had when it was opened: a file that grows
    while it is read (a log being written to) ends there instead of never."""

    def __init__(self, fd: int, size: int) -> None:
        self._file = io.FileIO(fd, "rb")
        self._size = size

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._size - self._file.tell()
        if left <= 0:
            return 0
        return self._file.readinto(memoryview(buffer).cast("B")[:left]) or 0

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._file.seek(offset, whence)

    def tell(self) -> int:
        return self._file.tell()

    def fileno(self) -> int:
        return self._file.fileno()

    def close(self) -> None:
        self._file.close()
        super().close()


def _blocking(fd: int) -> None:
    """Reads of the file wait for data again (as a regular file's always do)."""
    # Not every system has set_blocking; a regular file reads the same either way.
    with contextlib.suppress(AttributeError, OSError):
        os.set_blocking(fd, True)


def _drain(fd: int, path: str) -> bytes:
    """Everything written to the pipe ``fd`` (opened without blocking), within budgets.

    A read gives data, EAGAIN (a writer is there but has written nothing yet) or 0
    bytes, which means no writer: the end once a writer was seen, else still waiting
    for one (a FIFO's writer opens it after its reader).
    """
    out = io.BytesIO()
    limit = PIPE_BYTES
    writer = False
    now = time.monotonic()
    give_up = now + PIPE_WAIT_SECONDS
    while True:
        try:
            chunk: bytes | None = os.read(fd, MB)
        except BlockingIOError:
            chunk = None
        now = time.monotonic()
        if chunk:
            writer = True
            out.write(chunk)
            if out.tell() > limit:
                raise DatasetkitError(
                    f"{path}: more than {_size(limit)} came through the pipe, over the "
                    "limit for one document",
                    "split the input into smaller files",
                )
            give_up = now + PIPE_IDLE_SECONDS
            continue
        if chunk == b"" and writer:
            return out.getvalue()
        if chunk is None and not writer:
            writer = True
            give_up = now + PIPE_IDLE_SECONDS
        if now >= give_up:
            raise _silent(path, writer)
        if writer:
            _wait(fd, min(_POLL, give_up - now))
        else:
            time.sleep(min(_POLL, give_up - now))


def _read_made(fd: int, path: str) -> bytes:
    """A file of size 0 (a kernel file: /proc, /sys), read whole without blocking, under
    the byte budget of a pipe. Its content is made as it is read; a read that would wait
    (/proc/kmsg waits for the next kernel message) means the file has no end."""
    out = io.BytesIO()
    while True:
        try:
            chunk = os.read(fd, MB)
        except BlockingIOError:
            raise DatasetkitError(
                f"{path}: is a file that waits for more data as it is read (such as "
                "/proc/kmsg); it has no end",
                "save what it holds to a file first, and name that file",
            ) from None
        if not chunk:
            return out.getvalue()
        out.write(chunk)
        if out.tell() > PIPE_BYTES:
            raise DatasetkitError(
                f"{path}: more than {_size(PIPE_BYTES)} read from a file that says its size "
                "is 0, over the limit for one document",
                "save what it holds to a file first, and name that file",
            )


def _size(n: int) -> str:
    return f"{n / MB:,.0f} MB" if n >= MB else f"{n:,} bytes"


def _silent(path: str, writer: bool) -> DatasetkitError:
    if writer:
        return DatasetkitError(
            f"{path}: the program writing to this pipe sent nothing for "
            f"{PIPE_IDLE_SECONDS:g} s; stopped waiting",
            "check the program that writes to it, or save its output to a file first",
        )
    return DatasetkitError(
        f"{path}: is a pipe (FIFO) that no program writes to; waited {PIPE_WAIT_SECONDS:g} s",
        "start the program that writes to it first, or name a file",
    )


def _wait(fd: int, seconds: float) -> None:
    """Until ``fd`` is readable or ``seconds`` pass (a pipe with no writer yet never is)."""
    import select

    try:
        poller = select.poll()
    except AttributeError:  # pragma: no cover - systems without poll
        time.sleep(max(seconds, 0))
        return
    poller.register(fd, select.POLLIN)
    poller.poll(max(int(seconds * 1000), 1))


def read_whole(path: str, limit: int | None) -> bytes:
    """The bytes of ``path`` (see :func:`open_input`), at most ``limit`` of them: a file
    larger than that (or growing while read) is refused, never half read."""
    with open_input(path) as fh:
        data = fh.read() if limit is None else fh.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise DatasetkitError(
            f"{path}: more than {limit / MB:,.0f} MB, over the limit for a file read whole",
            "split the file into smaller ones (the limit keeps memory bounded)",
        )
    return data
