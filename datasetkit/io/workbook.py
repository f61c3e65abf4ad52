"""Opening a workbook for the dataset readers: the shared zip guard, then openpyxl.

openpyxl assumes a well-formed package: on a damaged one it raises whatever its
parsing met first (TypeError for an unknown attribute, KeyError for a missing one,
IndexError, ValueError, LookupError for an unknown XML encoding, zlib.error for a
bad deflate stream, ElementTree or lxml parse errors). All of those mean the same
thing to a user, "this workbook is damaged", so they are caught here around the
openpyxl calls only and reported as such. On some damaged parts openpyxl instead
prints to stdout ("0 is out of range", which would corrupt ``--format json``) or
warns and carries on with defaults; both are captured here and become a finding.
"""

from __future__ import annotations

import contextlib
import io
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from xml.etree.ElementTree import ParseError

from datasetkit.core.findings import DatasetkitError
from datasetkit.io.officezip import inspect
from datasetkit.io.partnames import mend_part_names
from datasetkit.io.safety import damaged

_WHAT = "cannot be opened as an Excel workbook: it is damaged"
_HINT = "open it in Excel and save it again as .xlsx"


def _parse_errors() -> tuple[type[BaseException], ...]:
    errors: tuple[type[BaseException], ...] = (
        zipfile.BadZipFile,
        NotImplementedError,  # a zip version or compression method zipfile cannot read
        zlib.error,
        ParseError,
        EOFError,
        TypeError,
        KeyError,
        IndexError,
        ValueError,  # includes UnicodeDecodeError
        LookupError,
        AttributeError,
        AssertionError,
        NotImplementedError,
    )
    try:
        from lxml.etree import LxmlError
    except ImportError:  # pragma: no cover - lxml is optional for openpyxl
        return errors
    return (*errors, LxmlError)


def check_package(path: str, data: bytes) -> None:
    """Refuse a workbook the zip guard refuses (bomb, DTD, encrypted or damaged part)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            refusal = inspect(zf, "xlsx")
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as exc:
        # NotImplementedError: zipfile's answer to a zip version or method it cannot read
        raise damaged(path, exc, _WHAT, _HINT) from None
    if refusal is not None:
        raise DatasetkitError(
            f"{path}: cannot be opened as an Excel workbook: {refusal.message}", refusal.hint
        )


@contextmanager
def openpyxl_errors(path: str, notes: list[str] | None = None) -> Iterator[None]:
    """Report openpyxl's exceptions on a damaged workbook as a damaged-file error.

    What openpyxl prints or warns meanwhile is kept off the user's output and added
    to ``notes`` (one entry per distinct message).
    """
    printed = io.StringIO()
    try:
        with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(printed):
            warnings.simplefilter("always")
            yield
    except DatasetkitError:
        raise
    except _parse_errors() as exc:
        raise damaged(path, exc, _WHAT, _HINT) from exc
    finally:
        if notes is not None:
            said = [str(w.message) for w in caught] + printed.getvalue().splitlines()
            notes.extend(m for m in dict.fromkeys(said) if m.strip() and m not in notes)


def load_workbook(path: str, data: bytes, notes: list[str] | None = None) -> Any:
    """The workbook in openpyxl's read-only mode, after the zip guard passed it."""
    import openpyxl

    check_package(path, data)
    with openpyxl_errors(path, notes):
        data = _mended(data)
        return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)


def _mended(data: bytes) -> bytes:
    """The package stored again under the part names its relationships use, when its
    members are spelt otherwise (Windows paths, another case), as Office reads it;
    otherwise ``data`` itself. The guard has passed the package: its sizes are bounded."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        if not mend_part_names(zf):
            return data
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in zf.infolist():
                dst.writestr(info.filename, zf.read(info))
    return out.getvalue()
