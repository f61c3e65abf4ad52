"""The objects of a PDF as its bytes give them, found without a PDF library: what the
byte budget (:mod:`.budget`) measures before PDFium or pypdf parses anything."""

from __future__ import annotations

import re
from collections.abc import Iterator

_OBJ = re.compile(rb"(\d+)\s+\d+\s+obj\b")
_LENGTH = re.compile(rb"/Length\s+(\d+)(\s+\d+\s+R)?")
# Dictionaries of objects that are not streams kept for pass 2 (pages, resources), and
# how much of each: a page's dictionary is a few hundred bytes.
_DICT_BYTES = 64 * 1024


def _stream_end(data: bytes, start: int, dictionary: bytes) -> int:
    m = _LENGTH.search(dictionary)
    if m and not m.group(2):
        end = start + int(m.group(1))
        if 0 <= end <= len(data) and b"endstream" in data[end : end + 32]:
            return end
    found = data.find(b"endstream", start)
    return len(data) if found < 0 else found


def objects_in(data: bytes) -> Iterator[tuple[int, bytes, bytes | None]]:
    """(object number, dictionary, packed data) of every object in the file's bytes
    (None for the data of an object that is not a stream)."""
    pos = 0
    while (m := _OBJ.search(data, pos)) is not None:
        head = m.end()
        stop = data.find(b"endobj", head)
        stop = len(data) if stop < 0 else stop
        kw = data.find(b"stream", head, stop)
        if kw < 0:
            yield int(m.group(1)), data[head : min(stop, head + _DICT_BYTES)], None
            pos = max(stop, head)
            continue
        start = kw + 6
        if data[start : start + 2] == b"\r\n":
            start += 2
        elif data[start : start + 1] in (b"\n", b"\r"):
            start += 1
        dictionary = data[head:kw]
        end = _stream_end(data, start, dictionary)
        yield int(m.group(1)), dictionary, data[start:end]
        # On from the header, not the end: in a damaged file a wrong /Length or a stray
        # "endstream" can swallow the objects that follow, which PDFium finds through
        # the cross-reference table. An object found twice is counted at its largest.
        pos = head
