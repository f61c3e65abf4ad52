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
