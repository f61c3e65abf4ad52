"""The objects of a PDF as its bytes give them, found without a PDF library: what the
byte budget (:mod:`.budget`) measures before PDFium or pypdf parses anything."""

from __future__ import annotations

import re
from collections.abc import Iterator

# Not after a digit: a search starting inside a long run of digits (ASCIIHex data) would
# otherwise try every start in the run, each to its end (quadratic in the run's length).
_OBJ = re.compile(rb"(?<!\d)(\d+)\s+\d+\s+obj\b")
_LENGTH = re.compile(rb"/Length\s+(\d+)(\s+\d+\s+R)?")
# Dictionaries of objects that are not streams kept for pass 2 (pages, resources), and
# how much of each: a page's dictionary is a few hundred bytes.
_DICT_BYTES = 64 * 1024


def _stream_end(data: bytes, start: int, dictionary: bytes) -> int:
    """Where a stream's data ends: at its /Length when "endstream" follows it there, else
    the later of its /Length and the first "endstream" (PDFium may read either)."""
    found = data.find(b"endstream", start)
    found = len(data) if found < 0 else found
    m = _LENGTH.search(dictionary)
    if m and not m.group(2):
        end = start + int(m.group(1))
        if 0 <= end <= len(data):
            return end if b"endstream" in data[end : end + 32] else max(end, found)
    return found


def objects_in(data: bytes) -> Iterator[tuple[int, bytes, bytes | None]]:
    """(object number, dictionary, packed data) of every object in the file's bytes
    (None for the data of an object that is not a stream)."""
    m = _OBJ.search(data)
    while m is not None:
        head = m.end()
        # The object runs to the next object's header: damage can put "endobj" inside
        # a dictionary, and PDFium reads past it to the stream that follows.
        after = _OBJ.search(data, head)
        stop = len(data) if after is None else after.start()
        kw = _stream_keyword(data, head, stop)
        if kw < 0:
            yield int(m.group(1)), data[head : min(stop, head + _DICT_BYTES)], None
        else:
            start = kw + 6
            if data[start : start + 2] == b"\r\n":
                start += 2
            elif data[start : start + 1] in (b"\n", b"\r"):
                start += 1
            dictionary = data[head:kw]
            end = _stream_end(data, start, dictionary)
            yield int(m.group(1)), dictionary, data[start:end]
        # On from this object's header, not from its end: in a damaged file a wrong
        # /Length or a stray "endstream" can swallow the objects that follow, which PDFium
        # finds through the cross-reference table. An object found twice is counted at
        # its largest.
        m = after


def _stream_keyword(data: bytes, start: int, stop: int) -> int:
    """Where the word ``stream`` (not the end of ``endstream``) is first, or -1."""
    kw = data.find(b"stream", start, stop)
    while kw >= 3 and data[kw - 3 : kw] == b"end":
        kw = data.find(b"stream", kw + 6, stop)
    return kw
