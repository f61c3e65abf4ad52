"""Temporary files and folders beside a target: named after their process, cleaned up.

Every temporary name datasetkit makes beside a user's file carries the id of the
process that made it (``.out.jsonl.dk1234.x1y2.tmp``, ``.datasetkit-1234-x1y2``).
A run that ends normally, or on SIGTERM/SIGINT/SIGHUP (turned into an exception by
:func:`install_signal_handlers`, so ``finally`` blocks and ``atomic_writer`` clean up),
removes its own. A run killed outright (SIGKILL, power loss) cannot; the next run
writing to the same folder removes what a dead process left (:func:`sweep`). Names of
live processes are never touched, so concurrent runs are safe.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity

# .<name>.dk<pid>.<random>.tmp (atomic_writer), .datasetkit-<pid>-<random> (staging
# folders) and .datasetkit-spool-<pid>-<random>.jsonl (the Foundry CSV writer's spool).
# .<name>.dk<pid>.<random><suffix> (a staged output).
_OURS = re.compile(r"^\..+?\.dk(\d+)\.[A-Za-z0-9_]{4,}|^\.datasetkit-(?:spool-)?(\d+)-")


def temp_prefix(name: str) -> str:
    """The prefix of a temporary file for ``name`` made by this process."""
    return f".{name}.dk{os.getpid()}."


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


# The folders this process makes temporary names in: a SIGTERM removes its own names
# there at once (the signal may land between a file's creation and the code that would
# remove it, such as inside mkstemp or a finally block).
_FOLDERS: set[str] = set()


def beside(folder: str | os.PathLike[str]) -> None:
    """Note that this process makes temporary names in ``folder``."""
    _FOLDERS.add(os.path.abspath(os.fspath(folder) or "."))


def _remove_own() -> None:
    """Remove every temporary name of this process in the folders it wrote in."""
    pid = os.getpid()
    for folder in list(_FOLDERS):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            m = _OURS.match(name)
            if m is None or int(m.group(1) or m.group(2)) != pid:
                continue
            with contextlib.suppress(OSError):
                _remove(os.path.join(folder, name))


def _remove(path: str) -> None:
    """A temporary file or folder of ours (a link is removed, never followed)."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def sweep(folder: str | os.PathLike[str]) -> list[str]:
    """Remove temporary files and folders that dead datasetkit processes left in ``folder``
    (and note it as a folder this process writes in)."""
    beside(folder)
    removed: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        m = _OURS.match(name)
        if m is None or _alive(int(m.group(1) or m.group(2))):
            continue
        with contextlib.suppress(OSError):
            _remove(os.path.join(folder, name))
            removed.append(name)
    return removed


def require_folder(
    path: str | os.PathLike[str], create: bool = False, option: str | None = None
) -> Path:
    """The folder ``path`` will be written in; created only when asked.

    A missing folder is usually a typo in the output path, so it is an error that says
    how to proceed (``option`` names the command's option that creates it) rather than a
    folder made silently.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if folder.is_dir():
        return folder
    if create:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    if folder.exists():
        raise DatasetkitError(f"{path}: {folder} is a file, not a folder", "check the path")
    also = f", or pass {option} to create it" if option else ""
    raise DatasetkitError(
        f"{path}: the folder {folder} does not exist",
        f"create it first (mkdir -p {folder}){also}",
    )


def folder_note(dest: Path, make_parents: bool | None) -> list[Finding]:
    """The note for an output folder about to be created by a caller that does not ask
    (``make_parents`` None): created, but said."""
    folder = dest.parent
    if make_parents is not None or not str(folder) or folder.exists():
        return []
    return [
        Finding(
            "output.folder-created",
            Severity.INFO,
            f"created the folder {folder} for {dest.name}",
            "",
            Location(path=str(dest)),
        )
    ]


@contextlib.contextmanager
def stage_folder(folder: Path, target: Path | None = None) -> Iterator[Path]:
    """A hidden staging folder in ``folder`` (for outputs of several files), removed after."""
    from datasetkit.io.safety import os_error

    sweep(folder)
    try:
        stage = Path(tempfile.mkdtemp(prefix=f".datasetkit-{os.getpid()}-", dir=folder))
    except OSError as exc:
        raise os_error(exc, str(target or folder), "write") from exc
    try:
        yield stage
    finally:
        with contextlib.suppress(OSError):
            shutil.rmtree(stage)


@contextlib.contextmanager
def staged_output(folder: Path, target: Path, multi_file: bool) -> Iterator[Path]:
    """The path a writer writes to before its output replaces ``target``.

    A single file is staged as a hidden, pid-tagged file beside the target (same
    folder, so the final rename is atomic); formats whose files name each other are
    staged in a hidden folder under their real names. Whatever is left is removed.
    """
    if multi_file:
        with stage_folder(folder, target) as stage:
            yield stage / target.name
        return
    import secrets  # here: a validate run stages nothing, and secrets costs ~4 ms to import

    token = secrets.token_hex(4)
    staged = folder / f".{target.name}.dk{os.getpid()}.{token}{target.suffix}"
    sweep(folder)
    try:
        yield staged
    finally:
        with contextlib.suppress(OSError):
            staged.unlink()


def final_path(path: Path, staged: Path, target: Path) -> Path:
    """Where a staged file goes: the target for the staged file, else beside it by name."""
    return target if path == staged else target.parent / path.name


class Terminated(SystemExit):
    """Raised in the main thread on SIGTERM or SIGHUP so cleanup code runs."""


def _on_signal(signum: int, _frame: Any) -> None:
    # Restore the default first: a second signal while cleaning up ends the process.
    signal.signal(signum, signal.SIG_DFL)
    with contextlib.suppress(Exception):
        _remove_own()
    raise Terminated(128 + signum)


def _on_unraisable(args: Any) -> None:
    """A signal that arrived inside code whose exceptions Python cannot pass on (a weakref
    callback of the import machinery, a ``__del__``): end the process as the signal asked,
    after removing this process's temporary names, instead of printing "Exception ignored"
    with a traceback and running on."""
    exc = args.exc_value
    if isinstance(exc, Terminated | KeyboardInterrupt):
        with contextlib.suppress(Exception):
            _remove_own()
        code = exc.code if isinstance(exc, Terminated) else None
        signum = code - 128 if isinstance(code, int) and code > 128 else signal.SIGINT
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        os._exit(128 + int(signum))  # where the signal cannot end the process by itself
    _previous_unraisable(args)


_previous_unraisable = sys.unraisablehook


def install_signal_handlers() -> None:
    """Turn SIGTERM and SIGHUP into an exception (SIGINT already is KeyboardInterrupt)."""
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            with contextlib.suppress(ValueError, OSError):
                signal.signal(sig, _on_signal)
    sys.unraisablehook = _on_unraisable
