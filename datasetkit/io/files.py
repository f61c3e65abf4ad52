"""Safe file handling: atomic writes, backups, decoding with located errors.

Nothing a user owns may be lost or half-written: every write goes to a temporary
file in the target folder, is flushed and fsynced, then renamed over the target.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from datasetkit.core.findings import DatasetkitError

MB = 1024 * 1024
# One line of a streamed file (JSONL, CSV) may hold at most this many bytes: a dataset
# row is limited to 2 MB by Foundry, so a longer line is never a real one, and reading
# it whole would take memory without bound.
MAX_LINE_BYTES = 64 * MB
# Formats read as a whole document (M365 JSON, Copilot Studio and sheet CSV, peers)
# hold their bytes and text in memory; larger files are refused, not half-read.
MAX_DOCUMENT_BYTES = 256 * MB


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file in the same folder, fsync, rename)."""
    with atomic_writer(path) as fh:
        fh.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` atomically, with LF line endings exactly as given."""
    atomic_write_bytes(path, text.encode(encoding))


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary file handle whose content replaces ``path`` only if the block succeeds.

    On any exception the temporary file is removed and ``path`` is untouched. The
    folder must exist (see ``staging.require_folder``): none is created silently.
    """
    from datasetkit.io.safety import os_error
    from datasetkit.io.staging import require_folder, sweep, temp_prefix

    target = Path(path)
    folder = require_folder(target)
    try:
        # What a killed run left here goes first: every command that writes sweeps
        # (convert, migrate, lint --fix, review merge, generate), not only convert.
        sweep(folder)
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target.name), suffix=".tmp", dir=folder)
    except OSError as exc:
        raise os_error(exc, str(target), "write") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            try:
                fh.flush()
                os.fsync(fh.fileno())
            except OSError as exc:
                raise os_error(exc, str(target), "write") from exc
        _keep_mode(tmp, target)
        try:
            os.replace(tmp, target)
        except OSError as exc:
            raise os_error(exc, str(target), "write") from exc
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _keep_mode(tmp: str, target: Path) -> None:
    """Give the new file the permissions of the one it replaces (mkstemp creates 0600)."""
    if target.exists():
        with contextlib.suppress(OSError):
            os.chmod(tmp, target.stat().st_mode & 0o7777)
    else:
        with contextlib.suppress(OSError):
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)


def is_dir(path: str | os.PathLike[str]) -> bool:
    """``Path.is_dir`` that answers False for a path the system cannot even look up.

    A name longer than the file system allows (ENAMETOOLONG), or one passing through
    a file, cannot be a folder; asking must not crash a check.
    """
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def read_input_bytes(path: str, max_bytes: int | None = MAX_DOCUMENT_BYTES) -> bytes:
    """Read a file (``-`` is standard input; a pipe is read under the same budget, a
    device refused: see :mod:`datasetkit.io.inputs`), with errors that say what to do."""
    from datasetkit.io.inputs import read_whole

    if path == "-":
        data = sys.stdin.buffer.read(max_bytes + 1) if max_bytes else sys.stdin.buffer.read()
        if max_bytes and len(data) > max_bytes:
            raise DatasetkitError(
                f"<stdin>: more than {max_bytes:,} bytes, over the limit for one document",
                "split the input into smaller files",
            )
        return data
    p = Path(path)
    if not p.exists():
        raise DatasetkitError(
            f"{path}: no such file", "check the path, or run from the folder that holds it"
        )
    if p.is_dir():
        raise DatasetkitError(f"{path}: is a folder, not a file", "name a file inside it")
    try:
        if max_bytes is not None and p.stat().st_size > max_bytes:
            raise DatasetkitError(
                f"{path}: the file is {p.stat().st_size / MB:,.0f} MB, over the limit of "
                f"{max_bytes / MB:,.0f} MB for a file read whole",
                "split the file into smaller ones (the limit keeps memory bounded)",
            )
        return read_whole(path, max_bytes)
    except PermissionError as exc:
        raise DatasetkitError(
            f"{path}: cannot be read ({exc.strerror})", "check the file's permissions"
        ) from exc


def input_size(path: str) -> int:
    """An input's size in bytes (0 for standard input or a file that cannot be read)."""
    try:
        return os.path.getsize(path) if path != "-" else 0
    except OSError:
        return 0


def read_line(fh: IO[bytes], number: int, path: str, limit: int = MAX_LINE_BYTES) -> bytes:
    """The next line of ``fh`` (b'' at the end), refusing one longer than ``limit``.

    The over-long line is neither held whole nor read to its end: reading stops at the
    limit (a device or a binary file may never have a line break), and the error says
    the line is longer than that.
    """
    raw = fh.readline(limit + 1)
    if len(raw) <= limit or raw.endswith(b"\n"):
        return raw
    raise DatasetkitError(
        f"{path}:{number}: line {number} is over the limit of {limit // MB} MB for "
        "one line; no real dataset row is that long",
        "check the file: a line that long is usually a missing line break or a binary file",
    )


def iter_lines(fh: IO[bytes], path: str, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of ``fh``, each bounded by ``limit`` (see :func:`read_line`)."""
    number = 0
    while True:
        number += 1
        raw = read_line(fh, number, path, limit)
        if not raw:
            return
        yield raw
