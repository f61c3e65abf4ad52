"""Inline images in a content stream (``BI`` dictionary ``ID`` data ``EI``): where each
is, found in linear time whatever the stream holds."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

# An inline image: BI, its dictionary (at most _INLINE_HEAD bytes), ID, its data. The
# keywords are found apart and paired, so a stream of BI with no ID stays linear.
_BI = re.compile(rb"(?<=\s)BI(?=\s)")
_ID = re.compile(rb"(?<=\s)ID(?=\s)")
_INLINE_HEAD = 4096


def inline_images(seg: bytes) -> Iterator[tuple[bytes, int]]:
    """(dictionary, where the data starts) of each inline image in ``seg``: each BI with
    the first ID after it, if that is near enough."""
    ids = [m.start() for m in _ID.finditer(seg)]
    done = 0
    for bi in _BI.finditer(seg):
        if bi.start() - 1 < done:
            continue  # inside the previous image's dictionary
        start = bi.end() + 1
        k = bisect.bisect_left(ids, start + 1)
        if k == len(ids):
            return
        if ids[k] - 1 - start <= _INLINE_HEAD:
            yield seg[start : ids[k] - 1], ids[k] + 3
            done = ids[k] + 3


_NUMBER = {
    key: re.compile(rb"/(?:%s)\s+(\d{1,9})\b" % key)
    for key in (b"W|Width", b"H|Height", b"BPC|BitsPerComponent")
}
_COLOURS = re.compile(rb"/(?:CS|ColorSpace)\s*/(\w+)")
_COMPONENTS = {b"RGB": 3, b"DeviceRGB": 3, b"CMYK": 4, b"DeviceCMYK": 4}


def declared_size(head: bytes) -> int:
    """The bytes an inline image's dictionary says its samples take (width x height x
    components x bits): what PDFium allocates for it, whatever its data holds."""
    width, height, bits = (
        int(m.group(1)) if (m := pattern.search(head)) else 1 for pattern in _NUMBER.values()
    )
    colours = _COLOURS.search(head)
    components = _COMPONENTS.get(colours.group(1), 1) if colours else 1
    return width * height * components * max(bits, 1) // 8
