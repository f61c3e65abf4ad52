"""In-place edits (``migrate``, ``lint --fix``, ``review merge``): locked, checked, backed up.

Two runs editing one file must not both write (one edit would be lost) nor share a
backup name (one backup would be lost). So an edit

- holds an exclusive lock on the file from reading it to replacing it (``flock`` on
  the file itself; after the lock is granted the path is checked to still be that
  file, since the previous holder replaced it with a new one);
- re-reads the file just before writing and refuses if it changed since it was read
  (an editor or another tool that does not lock);
- writes the backup under a name no other run can take: the timestamped name runevals
  uses, with ``.1``, ``.2``... only when that name exists, claimed with ``os.link``,
  which never replaces an existing file.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.io import files as io

_held: dict[str, int] = {}
_held_lock = threading.Lock()


def _lock_fd(path: str) -> int:
    import fcntl

    while True:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            # The previous holder may have replaced the file: lock the one at the path.
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


@contextlib.contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (re-entrant within one process)."""
    from datasetkit.io.inputs import require_regular

    require_regular(path)  # opening a pipe to lock it would wait for a writer
    key = os.path.realpath(path)
    with _held_lock:
        if key in _held:
            _held[key] += 1
            fd = None
        else:
            fd = -1
    if fd is None:
        try:
            yield
        finally:
            with _held_lock:
                _held[key] -= 1
        return
    try:
        fd = _lock_fd(key)
    except FileNotFoundError:
        raise DatasetkitError(f"{path}: no such file", "check the path") from None
    with _held_lock:
        _held[key] = 1
    try:
        yield
    finally:
        with _held_lock:
            del _held[key]
        os.close(fd)  # closing releases the lock


def backup_name(path: str | os.PathLike[str], when: datetime | None = None, n: int = 0) -> Path:
    """``<name>.bak.<YYYYMMDDHHMMSS>`` (runevals' name), ``.<n>`` appended when n > 0."""
    p = Path(path)
    stamp = (when or datetime.now()).strftime("%Y%m%d%H%M%S")
    return p.with_name(f"{p.name}.bak.{stamp}" + (f".{n}" if n else ""))


def free_backup_name(path: str | os.PathLike[str], when: datetime | None = None) -> Path:
    """``<name>.bak.<YYYYMMDDHHMMSS>`` beside ``path`` (the name runevals uses).

    If that name is taken (two backups in one second), ``.1``, ``.2``... is appended
    rather than overwriting an earlier backup. :func:`write_backup` claims the name
    atomically; this only says which name is free now.
    """
    n = 0
    while backup_name(path, when, n).exists():
        n += 1
    return backup_name(path, when, n)


def write_backup(
    path: str | os.PathLike[str], when: datetime | None = None, data: bytes | None = None
) -> Path:
    """Write a complete backup of ``path`` (or of ``data``) under a name nobody else holds.

    The bytes go to a temporary file first (fsynced), which is then linked to the first
    free name: a backup is whole or absent, and an existing one is never replaced.
    """
    import tempfile

    from datasetkit.io.staging import beside, temp_prefix

    p = Path(path)
    body = p.read_bytes() if data is None else data
    beside(p.parent)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(p.name), suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        n = 0
        while True:
            candidate = backup_name(path, when, n)
            try:
                _claim(tmp, candidate, body)
                return candidate
            except FileExistsError:
                n += 1
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _claim(tmp: str, candidate: Path, body: bytes) -> None:
    """Give ``tmp``'s bytes the name ``candidate``; FileExistsError when it is taken."""
    import errno

    try:
        os.link(tmp, candidate)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # A file system without hard links: exclusive creation still never replaces.
        fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())


def replace_in_place(
    path: str | os.PathLike[str],
    original: bytes,
    new: bytes,
    *,
    when: datetime | None = None,
    backup: bool = True,
) -> Path | None:
    """Replace ``path`` (read as ``original``) with ``new``: locked, checked, backed up.

    Returns the backup's path. Raises DatasetkitError, with the file untouched, when the
    file changed since it was read.
    """
    from datasetkit.io.safety import os_error

    try:
        # Looked up on the module at call time, so a patched writer (a full disk in the
        # tests) is the one used.
        return _replace(path, original, new, when, backup, io.atomic_write_bytes)
    except OSError as exc:
        raise os_error(exc, str(path), "write") from exc


def _replace(
    path: str | os.PathLike[str],
    original: bytes,
    new: bytes,
    when: datetime | None,
    backup: bool,
    write: Any,
) -> Path | None:
    with locked(path):
        if Path(path).read_bytes() != original:
            raise DatasetkitError(
                f"{path}: the file changed since it was read (another program or run "
                "edited it); nothing was written",
                "run the command again on the file as it is now",
            )
        saved = write_backup(path, when, original) if backup else None
        try:
            write(path, new)
        except BaseException:
            if saved is not None:
                saved.unlink(missing_ok=True)  # the file was not touched
            raise
    return saved
