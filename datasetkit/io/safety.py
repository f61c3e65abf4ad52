"""The error boundary: every exception escaping a reader, writer or loader, explained.

Readers raise :class:`DatasetkitError` for what they understand. Anything else that
escapes them (a parser's own exception on a damaged file, a resource limit, a failing
disk) is turned here into a :class:`DatasetkitError` that names the file and says
what is wrong. What cannot be explained is a bug: it becomes an
:class:`UnexpectedError` (a clean exit 2 with a bug-report hint naming the exception
type) and is recorded in :data:`FALLBACKS`, so tests can assert it never fires on
real files. ``DATASETKIT_RAISE_UNEXPECTED=1`` re-raises such exceptions instead, so
the cause is never hidden while developing.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import zipfile
import zlib
from collections.abc import Iterator
from typing import Any
from xml.etree.ElementTree import ParseError

from datasetkit.core.findings import DatasetkitError

BUG_HINT = (
    "this is a bug in datasetkit: please report it with the file (or a copy with private "
    "text replaced) and this message"
)

# Every unexplained exception the boundary turned into an UnexpectedError, in order:
# (path, exception type name, message). Tests and bench/fuzz.py read it.
FALLBACKS: list[tuple[str, str, str]] = []


class UnexpectedError(DatasetkitError):
    """An exception nobody explained: reported with a bug-report hint (exit code 2)."""

    code = "input.internal-error"


# errno -> (what happened, what to do), for reads and writes alike.
_OS_ERRORS: dict[int, tuple[str, str]] = {
    errno.ENOSPC: ("the disk is full", "free some space, or write to another disk"),
    errno.EDQUOT: ("the disk quota is used up", "free some space, or write elsewhere"),
    errno.EACCES: ("permission denied", "check the permissions of the file and its folder"),
    errno.EPERM: ("the operation is not permitted", "check the file's permissions and flags"),
    errno.EROFS: ("the file system is read-only", "write to a folder you can write to"),
    errno.ENAMETOOLONG: (
        "a file name is too long for the file system",
        "use a shorter name (names are limited to 255 bytes)",
    ),
    errno.ENOENT: ("no such file or folder", "check the path"),
    errno.ENOTDIR: ("a part of the path is a file, not a folder", "check the path"),
    errno.EISDIR: ("is a folder, not a file", "name a file"),
    errno.EIO: ("an input/output error from the disk", "check the disk and retry"),
    errno.EMFILE: ("too many open files", "retry with fewer files at once"),
}

# Exceptions a damaged Office file (zip of XML parts) raises from zipfile, zlib,
# ElementTree, lxml or openpyxl: all mean "this file is damaged".
DAMAGED_ARCHIVE: tuple[type[BaseException], ...] = (
    zipfile.BadZipFile,
    zlib.error,
    ParseError,
    EOFError,
)


def _lxml_errors() -> tuple[type[BaseException], ...]:
    try:
        from lxml.etree import LxmlError
    except ImportError:  # pragma: no cover - lxml is optional
        return ()
    return (LxmlError,)


def os_error(exc: OSError, path: str, action: str = "read") -> DatasetkitError:
    """A clean message for a failed read or write (disk full, permission, long name...)."""
    what, hint = _OS_ERRORS.get(exc.errno or -1, (exc.strerror or type(exc).__name__, ""))
    hint = hint or "check the path and retry"
    path = target_name(path) if path else path
    where = exc.filename if isinstance(exc.filename, str) and exc.filename else path
    if where != path and path and not os.path.basename(where).startswith("."):
        return DatasetkitError(f"{path}: cannot {action} {where}: {what}", hint)
    # A temporary name of ours means nothing to the user: name their file.
    return DatasetkitError(f"{path or where}: cannot {action}: {what}", hint)


def _pydantic_error(exc: BaseException, path: str) -> DatasetkitError:
    errors: list[dict[str, Any]] = getattr(exc, "errors", lambda: [])()
    first = errors[0] if errors else {}
    where = "/".join(str(p) for p in first.get("loc", ()))
    got = first.get("input")
    detail = first.get("msg", str(exc)).lower()
    got_text = f" (got {type(got).__name__} {str(got)[:40]!r})" if got is not None else ""
    return DatasetkitError(
        f"{path}: a value has the wrong type at {where or 'the top level'}: {detail}{got_text}",
        "fix the value (an object where an object is expected, text where text is)",
    )


def _unencodable(exc: UnicodeEncodeError, path: str) -> DatasetkitError:
    bad = exc.object[exc.start : exc.end]
    if any("\ud800" <= ch <= "\udfff" for ch in bad):
        return DatasetkitError(
            f"{path}: text holds a lone surrogate ({bad!r}) that cannot be written as "
            f"{exc.encoding}, left by a broken \\ud800 escape",
            "replace the broken escape with the character it was meant to be",
        )
    # Not data's fault alone (a header value, a setting): the characters are not shown,
    # as they may be part of a credential.
    return DatasetkitError(
        f"{path}: {exc.end - exc.start} character(s) cannot be written as {exc.encoding} "
        f"({exc.reason})",
        "use characters the target can hold (a key or header value: printable ASCII only)",
    )


def explain(exc: BaseException, path: str, action: str = "read") -> DatasetkitError:
    """A :class:`DatasetkitError` naming ``path`` that says what ``exc`` means."""
    if isinstance(exc, DatasetkitError):
        return exc
    if isinstance(exc, MemoryError):
        return DatasetkitError(
            f"{path}: too large to {action} in the memory available",
            "split the file into smaller ones",
        )
    if isinstance(exc, RecursionError):
        return DatasetkitError(
            f"{path}: values are nested too deeply to {action}",
            "no real dataset nests lists or objects hundreds of levels deep; check the file",
        )
    if isinstance(exc, OSError) and not isinstance(exc, zipfile.BadZipFile):
        return os_error(exc, path, action)
    if isinstance(exc, UnicodeDecodeError):
        return DatasetkitError(
            f"{path}: bytes {exc.start}-{exc.end} are not valid {exc.encoding} ({exc.reason}); "
            "the file may be truncated or in another encoding",
            "save the file again as UTF-8",
        )
    if isinstance(exc, UnicodeEncodeError):
        return _unencodable(exc, path)
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return DatasetkitError(
            f"{path}: a number has more than 4,300 digits, too many to read",
            "no real dataset holds such a number; write it as text (in quotes) if it is meant",
        )
    if isinstance(exc, DAMAGED_ARCHIVE + _lxml_errors()):
        return damaged(path, exc)
    if type(exc).__name__ == "ValidationError" and type(exc).__module__.startswith("pydantic"):
        return _pydantic_error(exc, path)
    return unexpected(exc, path, action)


def damaged(
    path: str,
    exc: BaseException,
    what: str = "the file is damaged and cannot be opened",
    hint: str = "open it in its program and save it again, or export a fresh copy",
) -> DatasetkitError:
    """The message for an Office file whose zip container or XML parts are damaged."""
    detail = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
    return DatasetkitError(f"{path}: {what} ({type(exc).__name__}: {detail})", hint)


def unexpected(exc: BaseException, path: str, action: str = "read") -> UnexpectedError:
    """The bug-report fallback; recorded in FALLBACKS, re-raised when asked to."""
    FALLBACKS.append((path, type(exc).__name__, str(exc)[:200]))
    if os.environ.get("DATASETKIT_RAISE_UNEXPECTED"):
        raise exc
    detail = str(exc).splitlines()[0][:200] if str(exc) else ""
    return UnexpectedError(
        f"{path}: unexpected error while trying to {action} it "
        f"({type(exc).__name__}{': ' + detail if detail else ''})",
        BUG_HINT,
    )


@contextlib.contextmanager
def boundary(path: str, action: str = "read") -> Iterator[None]:
    """Turn any exception in the block into an explained :class:`DatasetkitError`."""
    try:
        yield
    except (DatasetkitError, KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except Exception as exc:
        raise explain(exc, path, action) from exc


def guard_format(fmt: Any) -> None:
    """Wrap a registered format's read, validate, iter_cases and writes in the boundary.

    Done once per format at registration, so no caller can forget it.
    """
    if getattr(fmt, "_guarded", False):
        return
    for name in ("read", "validate"):
        setattr(fmt, name, _guarded_reader(getattr(fmt, name)))
    iter_cases = fmt.iter_cases

    def cases(src: Any, options: Any, findings: Any) -> Any:
        with boundary(_display(src.path)):
            yield from iter_cases(src, options, findings)

    fmt.iter_cases = functools.wraps(iter_cases)(cases)
    for name in ("write", "write_stream"):
        if hasattr(fmt, name):
            setattr(fmt, name, _guarded_writer(getattr(fmt, name)))
    fmt._guarded = True


def _guarded_reader(method: Any) -> Any:
    @functools.wraps(method)
    def reader(src: Any, options: Any = None) -> Any:
        with boundary(_display(src.path)):
            return method(src, options)

    return reader


def _guarded_writer(method: Any) -> Any:
    @functools.wraps(method)
    def writer(data: Any, dest: Any, options: Any = None) -> Any:
        with boundary(target_name(dest), "write"):
            return method(data, dest, options)

    return writer


_STAGED = re.compile(r"^\.(.+)\.dk\d+\.[A-Za-z0-9_]{4,}")


def target_name(dest: Any) -> str:
    """The name a user gave, for a path a writer was given while staging its output
    (a hidden ``.<name>.dk<pid>.<random>`` file, or a ``.datasetkit-`` folder)."""
    text = os.fspath(dest)
    parent, name = os.path.split(text)
    while os.path.basename(parent).startswith(".datasetkit-"):
        parent = os.path.dirname(parent)
    while (m := _STAGED.match(name)) is not None:
        name = m.group(1)
    return os.path.join(parent, name) if parent else name


def _display(path: str) -> str:
    return "<stdin>" if path == "-" else path


def at_cli(exc: Exception) -> DatasetkitError:
    """The last boundary, in the command: an explained error for any exception left.

    The file is named when the exception carries it (OSError); otherwise the message
    gives the exception type and, for a bug, the bug-report hint.
    """
    if isinstance(exc, OSError) and isinstance(exc.filename, str) and exc.filename:
        writing = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS)
        return explain(exc, exc.filename, "write" if writing else "access")
    marker = "\x00"
    err = explain(exc, marker, "run")
    err.message = err.message.replace(f"{marker}: ", "", 1).replace(marker, "the input")
    err.args = (err.message,)
    return err


def build_or_report(build: Any, findings: list[Any], path: str) -> Any:
    """``build()``, or None when the canonical model rejects a value's type.

    Readers build the model after the format's own checks, which have already reported
    (located) what makes the model reject the document, such as evaluator options that
    are not an object. Then the file has findings and no dataset, as when it cannot be
    parsed; only when no error says why is one added.
    """
    from pydantic import ValidationError

    from datasetkit.core.findings import Finding, Location, Severity

    try:
        return build()
    except ValidationError as exc:
        if not any(f.severity == Severity.ERROR for f in findings):
            err = _pydantic_error(exc, path)
            findings.append(
                Finding("input.wrong-type", Severity.ERROR, err.message, err.hint, Location(path))
            )
        return None
