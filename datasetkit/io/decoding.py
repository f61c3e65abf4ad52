"""Turning the bytes of a CSV or text dataset file into text, and saying how.

Order of trust: a byte order mark (UTF-8, UTF-16, UTF-32); strict UTF-8; UTF-16
without a BOM, told by its NUL bytes (every other byte is NUL in mostly-ASCII text);
then charset-normalizer for the legacy code pages Excel writes in other locales
(cp1251, Shift-JIS, ...). When charset-normalizer cannot tell (several encodings fit
and give different text), :func:`decode` raises rather than guess: a garbled dataset
that validates is worse than one that does not run.

Split from :mod:`datasetkit.io.csvfile` (which re-exports these names) so that the
tokenizer and the decoding each stay one concern.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.positions import UTF8_BOM, byte_offset_to_line_col

# Longest first: the UTF-32 LE mark starts with the UTF-16 LE one.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
_LABELS = {
    "utf-16-le": "UTF-16 LE",
    "utf-16-be": "UTF-16 BE",
    "utf-32-le": "UTF-32 LE",
    "utf-32-be": "UTF-32 BE",
}
# The code pages a CSV saved by Excel (or Notepad) on Windows is in: the "ANSI" code
# page of the user's locale. A guess among these beats an equally good DOS or Mac
# code page, which is how "café" stays cp1252 and not cp775.
_LIKELY = {
    "cp1250", "cp1251", "cp1252", "cp1253", "cp1254", "cp1255", "cp1256", "cp1257",
    "cp1258", "cp874", "cp932", "shift_jis", "gb18030", "gbk", "gb2312", "cp949",
    "euc_kr", "big5", "cp950",
}  # fmt: skip
# The languages each Windows code page is made for: when two code pages fit equally
# well, the one made for the language the text is in wins (Portuguese text is cp1252,
# not the Vietnamese cp1258 that differs from it in a few letters).
_MADE_FOR = {
    "cp1250": {"Polish", "Czech", "Slovak", "Hungarian", "Slovene", "Croatian", "Romanian"},
    "cp1251": {"Russian", "Ukrainian", "Bulgarian", "Serbian", "Macedonian", "Belarusian"},
    "cp1252": {
        "English", "French", "German", "Spanish", "Portuguese", "Italian", "Dutch",
        "Danish", "Norwegian", "Swedish", "Finnish", "Icelandic", "Catalan", "Indonesian",
    },
    "cp1253": {"Greek"},
    "cp1254": {"Turkish"},
    "cp1257": {"Lithuanian", "Latvian", "Estonian"},
    "cp1258": {"Vietnamese"},
}  # fmt: skip
# Which name of a set of encodings that give the same text to show (the usual one).
_SHOWN = ("cp1252", "cp1251", "cp1250", "cp932", "gb18030", "cp949", "big5")
# Guesses this close (in charset-normalizer's "chaos", 0..1, lower is cleaner) tie.
_CHAOS_TIE = 0.02
# ... and in "coherence" (0..1, how much the letters look like a language).
_COHERENCE_TIE = 0.03
# Above this much chaos the best guess is noise, not text.
_MAX_CHAOS = 0.2
# How many bytes charset-normalizer may look at: enough for a verdict, bounded time.
_DETECT_BYTES = 1 << 20


@dataclass(frozen=True)
class Issue:
    """A problem met while decoding or tokenizing, for a format to turn into a finding.

    ``kind`` is one of: ``encoding``, ``binary``, ``line-endings``, ``unclosed-quote``,
    ``text-after-quote``, ``extra-cells``, ``missing-cells``, ``comment-after-header``,
    ``duplicate-header``, ``empty-header``, ``no-header``.
    """

    kind: str
    message: str
    line: int | None = None
    column: int | None = None
    index: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Decoded:
    """A file's text with what was learned decoding it."""

    text: str
    encoding: str
    bom: bool
    line_endings: str
    issues: list[Issue] = field(default_factory=list)


class EncodingUnclear(DatasetkitError):
    """The file is not UTF-8 and its encoding cannot be told with confidence."""

    def __init__(self, path: str, candidates: list[str]) -> None:
        which = (
            f"it could be any of {', '.join(candidates)}, which give different text"
            if len(candidates) > 1
            else "no encoding gives clean text"
        )
        super().__init__(
            f"{path}: is not UTF-8 and its encoding cannot be told ({which})",
            "save the file as UTF-8 (in Excel: Save As > 'CSV UTF-8 (Comma delimited)'; "
            "in Notepad: Save As > Encoding: UTF-8), then run again",
        )
        self.candidates = candidates


def bom_encoding(data: bytes) -> tuple[str, int] | None:
    """The UTF-16/32 encoding a byte order mark names, and the mark's length."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return codec, len(bom)
    return None


def utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``utf-16-be`` when the bytes look like UTF-16 text with no BOM.

    Text that is mostly ASCII has a NUL as every other byte in UTF-16, and on the
    same side: at least a third of one side NUL and almost none of the other.
    """
    sample = data[:4096]
    if len(sample) < 4:
        return None
    sample = sample[: len(sample) // 2 * 2]
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    for codec, nul, other in (("utf-16-le", odd, even), ("utf-16-be", even, odd)):
        if nul >= half / 3 and other <= half / 50:
            try:
                text = sample.decode(codec)
            except UnicodeDecodeError:
                return None
            # Binary data can have the NUL pattern too; text has few control characters.
            controls = sum(ch < " " and ch not in "\t\r\n" for ch in text)
            return codec if controls <= len(text) / 50 else None
    return None


def _made_for(match: Any) -> bool:
    """Whether one of the code pages of a guess is made for the language it found."""
    return any(match.language in _MADE_FOR.get(cp, ()) for cp in match.could_be_from_charset)


def _shown(names: list[str]) -> str:
    for name in _SHOWN:
        if name in names:
            return name
    return names[0]


def detect(data: bytes, path: str = "<input>") -> tuple[str, str]:
    """The encoding of non-UTF-8 text and a note on the guess (such as the language).

    Raises :class:`EncodingUnclear` when no encoding gives clean text, or when several
    fit about equally well and give different text (short files often do).
    """
    from charset_normalizer import from_bytes

    sample = data[:_DETECT_BYTES]
    if len(data) > len(sample):
        cut = sample.rfind(b"\n")
        sample = sample[: cut + 1] if cut > 0 else sample
    matches = [m for m in from_bytes(sample) if m.chaos <= _MAX_CHAOS]
    if not matches:
        raise EncodingUnclear(path, [])
    top = min(m.chaos for m in matches)
    close = [m for m in matches if m.chaos <= top + _CHAOS_TIE]
    likely = [m for m in close if _LIKELY & set(m.could_be_from_charset)]
    pool = likely or close
    best = max(pool, key=lambda m: (m.coherence, -m.chaos))
    text = str(best)
    rivals = [
        m
        for m in pool
        if m is not best and m.coherence >= best.coherence - _COHERENCE_TIE and str(m) != text
    ]
    if rivals:
        tied = [best, *rivals]
        fitting = [m for m in tied if _made_for(m)]
        if len({str(m) for m in fitting}) != 1:
            raise EncodingUnclear(path, [_shown(m.could_be_from_charset) for m in tied])
        best = fitting[0]
    name = _shown(best.could_be_from_charset)
    return name, best.language if best.language not in ("", "Unknown") else ""


def decode(data: bytes, path: str = "<input>", encoding: str | None = None) -> Decoded:
    """Decode CSV/TXT bytes: BOMs, UTF-8, UTF-16 without BOM, then a detected code page.

    A file that is not UTF-8 gets an ``encoding`` issue naming the encoding used (at
    the first byte that is not UTF-8 when it was detected). ``encoding`` names the
    encoding instead of detecting it. Raises :class:`EncodingUnclear` (a
    DatasetkitError naming ``path``) when the encoding cannot be told.
    """
    if encoding:
        return _decode_as(data, path, encoding)
    found = bom_encoding(data)
    if found is not None:
        codec, size = found
        return _finish(data[size:].decode(codec, errors="replace"), codec, True, [_unicode(codec)])
    bom = data.startswith(UTF8_BOM)
    body = data[len(UTF8_BOM) :] if bom else data
    # Before UTF-8: NUL bytes are valid UTF-8, so UTF-16 text would pass as it.
    codec16 = utf16_without_bom(body) if b"\x00" in body[:4096] else None
    if codec16 is not None:
        return _finish(body.decode(codec16), codec16, False, [_unicode(codec16, bom=False)])
    if b"\x00" in body[:8192]:
        issue = Issue("binary", "the file holds NUL bytes: it is not a text file", 1, 1)
        return _finish(body.decode("latin-1"), "latin-1", bom, [issue])
    try:
        return _finish(body.decode("utf-8"), "utf-8-sig" if bom else "utf-8", bom, [])
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    name, note = detect(body, path)
    line, col = byte_offset_to_line_col(body, first_bad)
    issue = Issue(
        "encoding",
        f"the file is not UTF-8 (byte 0x{body[first_bad]:02X} at line {line}): "
        f"decoded as {name} (detected{', ' + note if note else ''})",
        line,
        col,
        data={"encoding": name, "detected": True},
    )
    return _finish(body.decode(name, errors="replace"), name, bom, [issue])


def _unicode(codec: str, bom: bool = True) -> Issue:
    label = _LABELS.get(codec, codec)
    how = "" if bom else " without a byte order mark"
    return Issue(
        "encoding",
        f"the file is {label}{how} (Excel's 'Unicode Text'), not UTF-8: decoded as {label}",
        1,
        1,
        data={"encoding": codec, "detected": not bom},
    )


def _decode_as(data: bytes, path: str, encoding: str) -> Decoded:
    """Decode with the encoding a user named (no detection, no encoding issue)."""
    import codecs

    try:
        codec = codecs.lookup(encoding).name
    except LookupError:
        raise DatasetkitError(
            f"unknown encoding {encoding!r}", "name a Python codec such as cp1251 or shift_jis"
        ) from None
    bom = data.startswith(UTF8_BOM) and codec == "utf-8"
    body = data[len(UTF8_BOM) :] if bom else data
    try:
        text = body.decode(codec)
    except UnicodeDecodeError as exc:
        line, col = byte_offset_to_line_col(body, exc.start)
        raise DatasetkitError(
            f"{path}: is not {encoding}: byte 0x{body[exc.start]:02X} at line {line}, column {col}",
            "name the encoding the file was saved in, or save it as UTF-8",
        ) from None
    return _finish(text.removeprefix("\ufeff"), codec, bom, [])


def _finish(text: str, encoding: str, bom: bool, issues: list[Issue]) -> Decoded:
    endings = line_endings(text)
    if endings in ("crcrlf", "mixed"):
        issues.append(
            Issue(
                "line-endings",
                "broken \\r\\r\\n line endings: each was read as one line break"
                if endings == "crcrlf"
                else "the file mixes line-ending styles",
                data={"line_endings": endings},
            )
        )
    return Decoded(text, encoding, bom, endings, issues)


# How much of a file format detection looks at: header rows come within the first lines.
SNIFF_BYTES = 16384


def sniff_text(head: bytes) -> str | None:
    """The complete lines of a file's first bytes as text, for format detection; None
    for what is not a text table (empty, a zip such as .xlsx, an OLE2 file such as
    .xls, binary). UTF-16/32 is decoded first, so its NUL bytes do not count as binary;
    a file whose encoding cannot be told gives its best guess here (the reader then
    says so)."""
    if not head or head[:4] == b"PK\x03\x04" or head[:8] == OLE2_MAGIC:
        return None
    whole = len(head) < SNIFF_BYTES  # else the head may end inside a line
    codec = (bom_encoding(head) or ("", 0))[0] or utf16_without_bom(head)
    if codec:
        unit = 4 if "32" in codec else 2
        text = head[: len(head) // unit * unit].decode(codec, errors="replace")
    elif b"\x00" in head[:4096]:
        return None
    else:
        cut = max(head.rfind(b"\n"), head.rfind(b"\r"))
        if not whole and cut > 0:
            head = head[: cut + 1]  # no half character at the end
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            try:
                text = head.decode(detect(head)[0], errors="replace")
            except DatasetkitError:
                # Unclear: the ASCII part (usually the header) still tells the format.
                text = head.decode("latin-1")
    text = text.removeprefix("\ufeff")
    cut = max(text.rfind("\n"), text.rfind("\r"))
    return text[: cut + 1] if not whole and cut > 0 else text


# The first bytes of an OLE2 compound file: an old .xls (or .doc), or an encrypted
# (password-protected) .xlsx, which Office wraps in OLE2 too.
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def line_endings(text: str) -> str:
    """``lf``, ``crlf``, ``cr``, ``crcrlf``, ``mixed`` or ``none`` (a single line)."""
    # Counting with str.count keeps this at C speed on big files.
    crcrlf = text.count("\r\r\n")
    crlf = text.count("\r\n") - crcrlf
    lf = text.count("\n") - crlf - crcrlf
    cr = text.count("\r") - crlf - 2 * crcrlf
    kinds = [k for k, n in (("lf", lf), ("crlf", crlf), ("cr", cr), ("crcrlf", crcrlf)) if n]
    if not kinds:
        return "none"
    return kinds[0] if len(kinds) == 1 else "mixed"
