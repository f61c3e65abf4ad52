"""The zip and XML guards every path that opens an xlsx or docx file goes through.

An Office file is a zip archive of XML parts. Before any parser sees one, its member
sizes are read from the central directory and bounded (zip bombs: a 3 MB file can
declare a 3 GB sheet), and its XML parts may not declare a DTD (entity-expansion
bombs; Office never writes one). Reading the first bytes of each XML part also
catches a member damaged at its start, reported here rather than as a parser's
exception later. The dataset readers (``formats.table``) and the
knowledge loaders (``knowledge.excel``, ``knowledge.word``) share these checks.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from dataclasses import dataclass

MB = 1024 * 1024
_DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_ROOT_START = re.compile(rb"<[A-Za-z_]")


@dataclass(frozen=True)
class ZipLimits:
    """How large an Office archive may unpack."""

    max_members: int = 10_000
    # Total unpacked bytes. Real 5 MB workbooks unpack to well under this.
    max_unpacked: int = 256 * MB
    # A member over 1 MB unpacking to this many times its packed size is a bomb
    # (ordinary Office XML compresses 5-30 times).
    max_ratio: int = 200


@dataclass(frozen=True)
class Refusal:
    """Why an archive is refused: a stable code, a message and the fix."""

    code: str  # zip_bomb, xml_entities, encrypted or corrupt
    message: str
    hint: str


def human_size(n: int) -> str:
    """``5 MB``, ``5.2 MB``, ``300 KB``, ``12 bytes``."""
    if n >= MB:
        value = n / MB
        return f"{value:.1f}".rstrip("0").rstrip(".") + " MB"
    if n >= 1024:
        return f"{n / 1024:.1f}".rstrip("0").rstrip(".") + " KB"
    return f"{n} bytes"


# Exceptions reading a damaged member raises (bad CRC, bad deflate stream, cut short).
_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, NotImplementedError)


def inspect(zf: zipfile.ZipFile, kind: str, limits: ZipLimits | None = None) -> Refusal | None:
    """Check an open Office archive; the reason to refuse it, or None when it is sound."""
    limits = limits or ZipLimits()
    try:
        infos = zf.infolist()
        refusal = _sizes(infos, kind, limits)
        return refusal or _xml_parts(zf, infos, kind)
    except _DAMAGED as exc:
        return Refusal(
            "corrupt",
            f"the {kind} file is damaged and cannot be opened ({_detail(exc)})",
            "open it in its program and save it again, or export a fresh copy",
        )


def _detail(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


def _sizes(infos: list[zipfile.ZipInfo], kind: str, limits: ZipLimits) -> Refusal | None:
    if len(infos) > limits.max_members:
        return Refusal(
            "zip_bomb",
            f"the {kind} archive has {len(infos):,} parts (the limit is {limits.max_members:,})",
            "this is not an ordinary Office file; re-save it from Office",
        )
    total = 0
    for info in infos:
        if info.flag_bits & 0x1:
            return Refusal(
                "encrypted",
                f"part {info.filename} of the {kind} archive is encrypted",
                "remove the password in Office and save again",
            )
        total += info.file_size
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > MB and ratio > limits.max_ratio:
            return Refusal(
                "zip_bomb",
                f"part {info.filename} would unpack from {human_size(info.compress_size)} to "
                f"{human_size(info.file_size)} ({ratio:,.0f} times); refused as a zip bomb",
                "re-save the file from Office; if it is genuine, split it into smaller files",
            )
    if total > limits.max_unpacked:
        return Refusal(
            "zip_bomb",
            f"the {kind} archive would unpack to {human_size(total)} (the limit is "
            f"{human_size(limits.max_unpacked)}); refused as a zip bomb",
            "split the file into smaller ones",
        )
    return None


def _xml_parts(zf: zipfile.ZipFile, infos: list[zipfile.ZipInfo], kind: str) -> Refusal | None:
    for info in infos:
        name = info.filename.lower()
        if not (name.endswith(".xml") or name.endswith(".rels")):
            continue
        with zf.open(info) as fh:
            head = _as_utf8(fh.read(65536))
        root = _ROOT_START.search(head)
        prolog = head[: root.start()] if root else head
        if _DOCTYPE.search(prolog) or (root is None and len(head) == 65536):
            return Refusal(
                "xml_entities",
                f"part {info.filename} declares a DTD or XML entities, which Office files never "
                "contain; refused (entity-expansion attack)",
                "re-save the file from Office",
            )
    return None


# How a UTF-16 part starts: with a byte-order mark, or "<" beside a NUL.
_UTF16_STARTS = {
    b"\xff\xfe": "utf-16",
    b"\xfe\xff": "utf-16",
    b"<\x00": "utf-16-le",
    b"\x00<": "utf-16-be",
}


def _as_utf8(head: bytes) -> bytes:
    """The first bytes of a part as UTF-8. Office writes some parts (the data model's
    custom XML) in UTF-16, where a NUL sits beside every ASCII character: read raw, such
    a part shows no root element and would be taken for an endless prolog."""
    encoding = _UTF16_STARTS.get(head[:2])
    if encoding is None:
        return head
    # A read cut at an odd byte or inside a surrogate pair loses one character at most.
    return head.decode(encoding, errors="ignore").encode("utf-8")
