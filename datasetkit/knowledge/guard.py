"""Checks a knowledge file passes before any parser sees it.

Size first (a ``stat``, so a huge file costs nothing), then the container: Office
files are zip archives whose member sizes are read from the central directory and
bounded before anything is decompressed (zip bombs), and whose XML parts may not
declare a DTD (entity-expansion bombs; Office never writes one). Encrypted Office files
(a password, or a sensitivity label that encrypts) are not zips at all but OLE compound
files, told apart from old binary .doc/.xls files by the names in their directory.
"""

from __future__ import annotations

import re
import stat
import struct
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from datasetkit.core.findings import DatasetkitError
from datasetkit.io.inputs import kind_of
from datasetkit.io.officezip import ZipLimits, human_size, inspect
from datasetkit.io.partnames import mend_part_names
from datasetkit.knowledge.model import Problem
from datasetkit.knowledge.pdf.budget import FileScan, PdfLimits, scan_file

MB = 1024 * 1024
# Copilot Studio refuses knowledge files over 5 MB; so do we, unless told otherwise.
DEFAULT_MAX_SIZE = 5 * MB

# Every Problem.code a loader can report.
CODES: dict[str, str] = {
    "knowledge.too_large": "the file is over the size limit",
    "knowledge.empty": "the file holds no text",
    "knowledge.encrypted": "the file is password-protected or encrypted (e.g. by a sensitivity label)",
    "knowledge.corrupt": "the file is damaged or not what its extension says",
    "knowledge.unsupported": "the file type is not a knowledge type datasetkit reads",
    "knowledge.legacy_format": "an old binary Office format (.doc/.xls) under a new extension",
    "knowledge.zip_bomb": "an Office archive that would unpack to an unreasonable size",
    "knowledge.pdf_bomb": "a PDF stream or page that inflates or draws far beyond any real document",
    "knowledge.xml_entities": "an Office XML part that declares a DTD or entities",
    "knowledge.no_text_layer": "a PDF with no text on any page (scanned)",
    "knowledge.page_no_text": "a PDF page with no text layer (scanned)",
    "knowledge.truncated": "reading stopped at a limit (pages, time, size of the extracted text)",
    "knowledge.formula_no_value": "formula cells saved without a computed value",
    "knowledge.encoding": "bytes that are not valid in the detected text encoding",
    "knowledge.unreadable": "the file could not be read",
    "knowledge.boilerplate_removed": "running headers, footers, page numbers or notice pages left out",
    "knowledge.toc_skipped": "a table of contents left out",
    "knowledge.outline_skipped": "a PDF's bookmarks left out: more than headings are found from",
    "knowledge.image_region": "an image on a page with text that may hold a table or text (needs OCR)",
    "knowledge.hidden_skipped": "hidden sheets, rows or columns left out",
    "knowledge.layout_unread": "a PDF whose layout could not be read; its text was read page by page",
    "knowledge.comments_skipped": "Word comments were left out (--comments reads them)",
}

CFB_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
# Directory names that tell how an OOXML file inside an OLE container is encrypted.
_OLE_NAMES = (
    "EncryptedPackage",
    "EncryptionInfo",
    "DRMEncryptedDataSpace",
    "DRMEncryptedTransform",
)
# Sector numbers from 0xFFFFFFFA up are markers (end of chain, free, FAT, DIFAT).
_MAX_SECTOR = 0xFFFFFFFA
_END_OF_CHAIN = 0xFFFFFFFE


@dataclass(frozen=True)
class Limits:
    """Bounds that keep one file from exhausting memory or time, and read options."""

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
    # What a PDF's streams may inflate to and its pages draw (decompression bombs).
    pdf: PdfLimits = field(default_factory=PdfLimits)
    # Read options (what to read, not how much).
    # Word comments: off by default, as they are usually review notes, not knowledge.
    include_comments: bool = False


class OutOfTime(Exception):
    """Raised inside a long step (one PDF page) when the file's time budget is spent."""


class Deadline:
    """Wall-clock budget for reading one file; loaders check it between pages and rows,
    and inside a page's own loops (:meth:`check`), so one huge page cannot run past it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    def expired(self) -> bool:
        """True once the budget is spent."""
        return time.monotonic() > self._end

    def check(self, step: int, every: int = 1024) -> None:
        """Raise :class:`OutOfTime` once the budget is spent (looked at every ``every``
        steps of a loop, so the check costs nothing measurable)."""
        if step % every == 0 and time.monotonic() > self._end:
            raise OutOfTime


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


def check_size(path: Path, display: str, limits: Limits) -> Problem | None:
    """A ``knowledge.too_large`` or ``knowledge.empty`` problem, judged from the size alone
    (``knowledge.unreadable`` for a pipe or a device, whose size says nothing)."""
    st = path.stat()
    if not stat.S_ISREG(st.st_mode):
        what = kind_of(st.st_mode) or "a pipe"
        return Problem(
            display,
            f"is {what}, not a file: a knowledge file is read from disk",
            "save the content to a file and give that",
            code="knowledge.unreadable",
        )
    size = st.st_size
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


def pdf_bomb(display: str, reason: str, page: int | None = None) -> Problem:
    """A ``knowledge.pdf_bomb`` problem: reading stopped at ``page`` (or never began).

    A warning when pages before it were read, else an error (nothing was read).
    """
    kept = page is not None and page > 1
    where = f"; pages 1-{page - 1} were read" if kept and page is not None else ""
    return Problem(
        display,
        f"reading stopped: {reason}{where}",
        "if the file is genuine, print it to a new PDF; a PDF this expansive is "
        "usually built to exhaust memory",
        page=page,
        severity="warning" if kept else "error",
        code="knowledge.pdf_bomb",
    )


def check_pdf(path: Path, display: str, limits: Limits) -> tuple[FileScan, Problem | None]:
    """Inflate (count and drop) every stream of the PDF at ``path`` under ``limits.pdf``,
    before any PDF library decodes one; a problem when the file cannot be opened safely."""
    scan = scan_file(path.read_bytes(), limits.pdf)
    if scan.refused is not None:
        return scan, pdf_bomb(display, scan.refused)
    return scan, None


def not_a_zip(path: Path, display: str, kind: str) -> Problem:
    """Why a .docx/.xlsx that is not a zip cannot be read: encrypted, legacy, or damaged."""
    with open(path, "rb") as fh:
        head = fh.read(8)
        if head == CFB_MAGIC:
            protection = _ole_protection(fh)
            if protection == "label":
                return Problem(
                    display,
                    f"the {kind} file is protected by a sensitivity label (rights management "
                    "encrypts its content)",
                    "open it in Office with an account that may read it, save a copy with a label "
                    "that does not encrypt (or ask the label owner to remove the encryption), "
                    "and retry",
                    code="knowledge.encrypted",
                )
            if protection == "password":
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


def _ole_protection(fh: BinaryIO) -> str | None:
    """``label``, ``password`` or None for an OLE compound file, from its stream names.

    Encrypted OOXML keeps the real package in an ``EncryptedPackage`` stream. Rights
    management (sensitivity labels, IRM) describes its encryption in a
    ``\\x06DataSpaces`` storage with a ``DRMEncryptedDataSpace``; a password puts an
    ``EncryptionInfo`` stream beside it instead.
    """
    try:
        names = _ole_directory(fh)
    except (OSError, struct.error, ValueError):
        names = None
    if names is None:
        # Not a directory we can walk: the names of a small file's directory sit near
        # its start, so look for them there.
        fh.seek(0)
        body = fh.read(MB)
        names = {n for n in _OLE_NAMES if n.encode("utf-16-le") in body}
    if "EncryptedPackage" not in names and "EncryptionInfo" not in names:
        return None
    if names & {"DRMEncryptedDataSpace", "DRMEncryptedTransform"}:
        return "label"
    return "password"


def _ole_directory(fh: BinaryIO) -> set[str] | None:
    """The names of every storage and stream in a compound file's directory (MS-CFB),
    read sector by sector through the allocation table; None if the header is odd."""
    fh.seek(0)
    header = fh.read(512)
    if len(header) < 512:
        return None
    shift = struct.unpack_from("<H", header, 0x1E)[0]
    if shift not in (9, 12):
        return None
    size = 1 << shift
    per_sector = size // 4
    n_fat, first_dir = struct.unpack_from("<II", header, 0x2C)
    first_difat, n_difat = struct.unpack_from("<II", header, 0x44)
    fat = [s for s in struct.unpack_from("<109I", header, 0x4C) if s < _MAX_SECTOR][:n_fat]

    def sector(n: int) -> bytes:
        fh.seek((n + 1) * size)
        data = fh.read(size)
        if len(data) < size:
            raise ValueError("truncated compound file")
        return data

    difat, hops = first_difat, 0
    while len(fat) < n_fat and difat < _MAX_SECTOR and hops <= min(n_difat, 1000):
        entries = struct.unpack(f"<{per_sector}I", sector(difat))
        fat += [s for s in entries[:-1] if s < _MAX_SECTOR]
        difat, hops = entries[-1], hops + 1
    fat_cache: dict[int, tuple[int, ...]] = {}

    def next_sector(n: int) -> int:
        index = n // per_sector
        if index >= len(fat):
            return _END_OF_CHAIN
        if index not in fat_cache:
            fat_cache[index] = struct.unpack(f"<{per_sector}I", sector(fat[index]))
        return fat_cache[index][n % per_sector]

    names: set[str] = set()
    current, seen = first_dir, set[int]()
    while current < _MAX_SECTOR and current not in seen and len(seen) < 4096:
        seen.add(current)
        data = sector(current)
        for off in range(0, size, 128):
            length, kind = struct.unpack_from("<HB", data, off + 64)
            if kind in (1, 2, 5) and 2 <= length <= 64:
                names.add(data[off : off + length - 2].decode("utf-16-le", "replace"))
        current = next_sector(current)
    return names


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
    except (zipfile.BadZipFile, OSError, NotImplementedError) as exc:
        # NotImplementedError: a zip version or method zipfile cannot read
        return None, [_corrupt(display, kind, str(exc))]
    try:
        problem = _check_members(zf, display, kind, limits)
    except (zipfile.BadZipFile, OSError, RuntimeError, EOFError, NotImplementedError) as exc:
        zf.close()
        return None, [_corrupt(display, kind, str(exc))]
    if problem is not None:
        zf.close()
        return None, [problem]
    mend_part_names(zf)
    return zf, []


def _corrupt(display: str, kind: str, detail: str) -> Problem:
    return Problem(
        display,
        f"the {kind} file is damaged and cannot be opened ({detail})",
        "open it in Office and save it again, or export a fresh copy",
        code="knowledge.corrupt",
    )


def _check_members(zf: zipfile.ZipFile, display: str, kind: str, limits: Limits) -> Problem | None:
    zip_limits = ZipLimits(limits.max_zip_members, limits.max_unpacked, limits.max_ratio)
    refusal = inspect(zf, kind, zip_limits)
    if refusal is None:
        return None
    return Problem(display, refusal.message, refusal.hint, code=f"knowledge.{refusal.code}")
