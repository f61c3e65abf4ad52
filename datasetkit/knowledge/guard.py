"""Checks a knowledge file passes before any parser sees it.

Size first (a ``stat``, so a huge file costs nothing), then the container: Office
files are zip archives whose member sizes are read from the central directory and
bounded before anything is decompressed (zip bombs), and whose XML parts may not
declare a DTD (entity-expansion bombs; Office never writes one). Password-protected
Office files are not zips at all but OLE compound files, recognised by their magic.
"""

from __future__ import annotations

import re
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..findings import DatasetkitError
from .model import Problem

MB = 1024 * 1024
# Copilot Studio refuses knowledge files over 5 MB; so do we, unless told otherwise.
DEFAULT_MAX_SIZE = 5 * MB

# Every Problem.code a loader can report.
CODES: dict[str, str] = {
    "knowledge.too_large": "the file is over the size limit",
    "knowledge.empty": "the file holds no text",
    "knowledge.encrypted": "the file is password-protected or encrypted",
    "knowledge.corrupt": "the file is damaged or not what its extension says",
    "knowledge.unsupported": "the file type is not a knowledge type datasetkit reads",
    "knowledge.legacy_format": "an old binary Office format (.doc/.xls) under a new extension",
    "knowledge.zip_bomb": "an Office archive that would unpack to an unreasonable size",
    "knowledge.xml_entities": "an Office XML part that declares a DTD or entities",
    "knowledge.no_text_layer": "a PDF with no text on any page (scanned)",
    "knowledge.page_no_text": "a PDF page with no text layer (scanned)",
    "knowledge.truncated": "reading stopped at a limit (pages, time, size of the extracted text)",
    "knowledge.formula_no_value": "formula cells saved without a computed value",
    "knowledge.encoding": "bytes that are not valid in the detected text encoding",
    "knowledge.unreadable": "the file could not be read",
    "knowledge.boilerplate_removed": "running headers, footers, page numbers or notice pages left out",
    "knowledge.toc_skipped": "a table of contents left out",
    "knowledge.image_region": "an image on a page with text that may hold a table or text (needs OCR)",
    "knowledge.hidden_skipped": "hidden sheets, rows or columns left out",
    "knowledge.layout_unread": "a PDF whose layout could not be read; its text was read page by page",
}

CFB_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
# The stream an encrypted OOXML file keeps inside its OLE container (UTF-16LE name).
_ENCRYPTION_INFO = "EncryptionInfo".encode("utf-16-le")
_DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_ROOT_START = re.compile(rb"<[A-Za-z_]")


@dataclass(frozen=True)
class Limits:
    """Bounds that keep one file from exhausting memory or time."""

    max_size: int | None = DEFAULT_MAX_SIZE
    max_zip_members: int = 10_000
    # Total unpacked bytes of a docx/xlsx. Real 5 MB workbooks unpack to well under this.
    max_unpacked: int = 256 * MB
    # A member larger than 1 MB that unpacks to this many times its packed size is a bomb
    # (ordinary Office XML compresses 5-30 times).
    max_ratio: int = 200
    max_pdf_pages: int = 2_000
    max_seconds: float = 60.0
    max_sections: int = 200_000
    max_chars: int = 50_000_000


class Deadline:
    """Wall-clock budget for reading one file; loaders check it between pages and rows."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    def expired(self) -> bool:
        """True once the budget is spent."""
        return time.monotonic() > self._end


def parse_size(text: str) -> int:
    """``5MB``, ``500KB``, ``1.5 MB``, ``1048576`` -> bytes (K/M/G are powers of 1024)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?\s*", text, re.IGNORECASE)
    if not m:
        raise DatasetkitError(
            f"--max-size {text!r} is not a size",
            "write it as bytes or with a unit: 5MB, 500KB, 1GB",
        )
    number = float(m.group(1))
    unit = (m.group(2) or "b").lower()[0]
    factor = {"b": 1, "k": 1024, "m": MB, "g": 1024 * MB}[unit]
    size = int(number * factor)
    if size <= 0:
        raise DatasetkitError(
            f"--max-size {text!r} must be more than 0 bytes", "for example --max-size 10MB"
        )
    return size


def human_size(n: int) -> str:
    """``5 MB``, ``5.2 MB``, ``300 KB``, ``12 bytes``."""
    if n >= MB:
        value = n / MB
        return f"{value:.1f}".rstrip("0").rstrip(".") + " MB"
    if n >= 1024:
        return f"{n / 1024:.1f}".rstrip("0").rstrip(".") + " KB"
    return f"{n} bytes"


def check_size(path: Path, display: str, limits: Limits) -> Problem | None:
    """A ``knowledge.too_large`` or ``knowledge.empty`` problem, judged from the size alone."""
    size = path.stat().st_size
    if limits.max_size is not None and size > limits.max_size:
        return Problem(
            display,
            f"{size:,} bytes ({human_size(size)}) is over the limit of {human_size(limits.max_size)} "
            f"({limits.max_size:,} bytes) for knowledge files (the limit Copilot Studio applies)",
            "split the file, or raise the limit with --max-size (e.g. --max-size 10MB)",
            code="knowledge.too_large",
        )
    if size == 0:
        return Problem(
            display,
            "the file is empty (0 bytes)",
            "add content or leave the file out",
            code="knowledge.empty",
        )
    return None


def not_a_zip(path: Path, display: str, kind: str) -> Problem:
    """Why a .docx/.xlsx that is not a zip cannot be read: encrypted, legacy, or damaged."""
    with open(path, "rb") as fh:
        head = fh.read(8)
        if head == CFB_MAGIC:
            # The directory of a small OLE file sits near its start; 1 MB is plenty to find
            # the stream name without reading the whole file.
            fh.seek(0)
            body = fh.read(MB)
            if _ENCRYPTION_INFO in body:
                return Problem(
                    display,
                    f"the {kind} file is password-protected (encrypted)",
                    "open it in Office, remove the password (File > Info > Protect), save, and retry",
                    code="knowledge.encrypted",
                )
            old = {"docx": ".doc", "xlsx": ".xls"}.get(kind, "old Office")
            return Problem(
                display,
                f"this is an old binary Office file ({old}), not a {kind} file",
                f"open it in Office and save it as .{kind}",
                code="knowledge.legacy_format",
            )
    return Problem(
        display,
        f"not a valid {kind} file (it is not a zip archive)",
        f"check that the file really is a .{kind}; re-save it from Office if it was renamed",
        code="knowledge.corrupt",
    )


def open_office_zip(
    path: Path, display: str, kind: str, limits: Limits
) -> tuple[zipfile.ZipFile | None, list[Problem]]:
    """Open a docx/xlsx archive after checking member sizes and XML prologs.

    Returns the open archive (caller closes it) or None with the problems that stop reading.
    """
    if not zipfile.is_zipfile(path):
        return None, [not_a_zip(path, display, kind)]
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        return None, [_corrupt(display, kind, str(exc))]
    try:
        problem = _check_members(zf, display, kind, limits)
    except (zipfile.BadZipFile, OSError, RuntimeError, EOFError) as exc:
        zf.close()
        return None, [_corrupt(display, kind, str(exc))]
    if problem is not None:
        zf.close()
        return None, [problem]
    return zf, []


def _corrupt(display: str, kind: str, detail: str) -> Problem:
    return Problem(
        display,
        f"the {kind} file is damaged and cannot be opened ({detail})",
        "open it in Office and save it again, or export a fresh copy",
        code="knowledge.corrupt",
    )


def _check_members(zf: zipfile.ZipFile, display: str, kind: str, limits: Limits) -> Problem | None:
    infos = zf.infolist()
    if len(infos) > limits.max_zip_members:
        return Problem(
            display,
            f"the {kind} archive has {len(infos):,} parts (the limit is {limits.max_zip_members:,})",
            "this is not an ordinary Office file; re-save it from Office",
            code="knowledge.zip_bomb",
        )
    total = 0
    for info in infos:
        if info.flag_bits & 0x1:
            return Problem(
                display,
                f"part {info.filename} of the {kind} archive is encrypted",
                "remove the password in Office and save again",
                code="knowledge.encrypted",
            )
        total += info.file_size
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > MB and ratio > limits.max_ratio:
            return Problem(
                display,
                f"part {info.filename} would unpack from {human_size(info.compress_size)} to "
                f"{human_size(info.file_size)} ({ratio:,.0f} times); refused as a zip bomb",
                "re-save the file from Office; if it is genuine, split it into smaller files",
                code="knowledge.zip_bomb",
            )
    if total > limits.max_unpacked:
        return Problem(
            display,
            f"the {kind} archive would unpack to {human_size(total)} (the limit is "
            f"{human_size(limits.max_unpacked)}); refused as a zip bomb",
            "split the file into smaller ones",
            code="knowledge.zip_bomb",
        )
    for info in infos:
        name = info.filename.lower()
        if not (name.endswith(".xml") or name.endswith(".rels")):
            continue
        with zf.open(info) as fh:
            head = fh.read(65536)
        root = _ROOT_START.search(head)
        prolog = head[: root.start()] if root else head
        if _DOCTYPE.search(prolog) or (root is None and len(head) == 65536):
            return Problem(
                display,
                f"part {info.filename} declares a DTD or XML entities, which Office files never "
                "contain; refused (entity-expansion attack)",
                "re-save the file from Office",
                code="knowledge.xml_entities",
            )
    return None
