"""PDF stream filters decoded under a byte budget, a chunk at a time.

PDFium and pypdf inflate a stream whole before they look at it: a 1 MB stream that
inflates to 1 GB costs them 1 GB. Here every filter that can expand its input (Flate,
LZW, run-length, and the ASCII encodings that may come before them) is decoded in
chunks that are counted and handed on, never held together, and decoding stops as soon
as a stream is over its budget: more decoded bytes than one stream may have, or (past
the first megabyte) more than ``ratio`` decoded bytes per packed byte read so far, the
rule the Office zip check applies to a member. Ordinary content streams and fonts
inflate 2 to 20 times; a bomb inflates hundreds or a thousand times from its first byte.

Image codecs (DCT, JPX, JBIG2, CCITT) are not decoded: reading text never draws an
image, so the chain stops before them and only what reaches them is counted.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

MB = 1024 * 1024
CHUNK = 64 * 1024
# Packed bytes are handed to the first decoder this many at a time, so the ratio of what
# came out to what went in is known within a few kilobytes.
PIECE = 4096
# A stream inflating to less than this is never judged by its ratio: small streams of
# blanks or zeros (padding, empty tables) compress a thousand times and are harmless.
RATIO_FLOOR = MB

# Long and abbreviated names (inline images use the short ones) of the filters decoded.
_NAMES = {
    "Fl": "FlateDecode",
    "LZW": "LZWDecode",
    "RL": "RunLengthDecode",
    "AHx": "ASCIIHexDecode",
    "A85": "ASCII85Decode",
    "DCT": "DCTDecode",
    "CCF": "CCITTFaxDecode",
}


class OverBudget(Exception):
    """A stream, a page or the file is over its budget; ``reason`` says which and how."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class StreamBudget:
    """How far one stream may inflate: decoded bytes, and decoded bytes per packed byte."""

    max_bytes: int
    max_ratio: int
    # Below this many decoded bytes the ratio is not looked at.
    ratio_floor: int = RATIO_FLOOR


def megabytes(n: int) -> str:
    """``n`` bytes as a size to show: whole megabytes, or kilobytes below one."""
    return f"{n // MB:,} MB" if n >= MB else f"{n // 1024:,} KB"


def filter_names(value: object) -> list[str]:
    """A stream's ``/Filter`` value (a name, a list of names, or text) as long names."""
    if isinstance(value, (bytes, str)):
        text = value.decode("latin-1") if isinstance(value, bytes) else value
        names = re.findall(r"/?([A-Za-z0-9]+)", text)
    elif isinstance(value, (list, tuple)):
        names = [str(v).lstrip("/") for v in value]
    elif value is None:
        names = []
    else:
        names = [str(value).lstrip("/")]
    return [_NAMES.get(n, n) for n in names]


class _Counter:
    """The packed bytes the first decoder has read so far."""

    def __init__(self) -> None:
        self.read = 0


def _feed(raw: bytes | memoryview, counter: _Counter, size: int) -> Iterator[bytes]:
    view = memoryview(raw)
    for start in range(0, len(view), size):
        piece = bytes(view[start : start + size])
        counter.read += len(piece)
        yield piece


def _flate(src: Iterable[bytes]) -> Iterator[bytes]:
    """Inflate zlib data (or raw deflate, which some writers use); damaged data ends the
    output where it breaks, as it does for the readers."""
    d = zlib.decompressobj()
    started = False
    for piece in src:
        buf = piece
        while buf:
            try:
                out = d.decompress(buf, CHUNK)
            except zlib.error:
                if started:
                    return
                d = zlib.decompressobj(-zlib.MAX_WBITS)
                try:
                    out = d.decompress(buf, CHUNK)
                except zlib.error:
                    return
            started = True
            if out:
                yield out
            if d.eof:
                return
            buf = d.unconsumed_tail
            # A full chunk may leave output inside the decompressor: ask until it is empty.
            while not buf and len(out) == CHUNK:
                out = d.decompress(b"", CHUNK)
                if out:
                    yield out
    try:
        tail = d.flush()
    except zlib.error:
        return
    if tail:
        yield tail


def _lzw(src: Iterable[bytes], early: int = 1) -> Iterator[bytes]:
    """LZW as PDF writes it (MSB first, 9 to 12 bits, EarlyChange 1), a chunk at a time."""
    table: list[bytes] = [bytes([i]) for i in range(256)] + [b"", b""]
    width, buffer, bits, prev = 9, 0, 0, b""
    out = bytearray()
    for byte in (b for piece in src for b in piece):
        buffer = (buffer << 8) | byte
        bits += 8
        while bits >= width:
            bits -= width
            code = (buffer >> bits) & ((1 << width) - 1)
            if code == 256:  # clear table
                del table[258:]
                width, prev = 9, b""
                continue
            if code == 257:  # end of data
                if out:
                    yield bytes(out)
                return
            if code < len(table):
                entry = table[code]
            elif code == len(table) and prev:
                entry = prev + prev[:1]
            else:
                if out:
                    yield bytes(out)
                return  # damaged: a code that is not in the table
            out += entry
            if prev and len(table) < 4096:
                table.append(prev + entry[:1])
            prev = entry
            if len(table) + early >= (1 << width) and width < 12:
                width += 1
            if len(out) >= CHUNK:
                yield bytes(out)
                out.clear()
        buffer &= (1 << bits) - 1
    if out:
        yield bytes(out)


def _run_length(src: Iterable[bytes]) -> Iterator[bytes]:
    """Run-length data, read a piece at a time up to its end-of-data byte (128)."""
    data = b""
    for piece in src:
        data += piece
        out = bytearray()
        i = 0
        while i < len(data):
            n = data[i]
            if n == 128:
                if out:
                    yield bytes(out)
                return
            step = 2 + n if n < 128 else 2
            if i + step > len(data):
                break  # a run that goes on in the next piece
            out += data[i + 1 : i + step] if n < 128 else data[i + 1 : i + 2] * (257 - n)
            i += step
            if len(out) >= CHUNK:
                yield bytes(out)
                out.clear()
        data = data[i:]
        if out:
            yield bytes(out)
    if data:
        yield data[1:]  # the last run is cut short: what there is of it


_HEX_JUNK = re.compile(rb"[^0-9A-Fa-f]")


def _ascii_hex(src: Iterable[bytes]) -> Iterator[bytes]:
    """ASCIIHex data, a piece at a time up to its end (``>``); other bytes are skipped."""
    odd = b""
    for piece in src:
        text, end, _ = piece.partition(b">")
        digits = odd + _HEX_JUNK.sub(b"", text)
        if end:
            digits += b"0" * (len(digits) % 2)
        cut = len(digits) - len(digits) % 2
        odd = digits[cut:]
        if cut:
            yield binascii.unhexlify(digits[:cut])
        if end:
            return
    if odd:
        yield binascii.unhexlify(odd + b"0")


# Whole ASCII85 groups: five digits, or z (four zero bytes).
_A85_GROUPS = re.compile(rb"(?:z|[!-u]{5})*")


def _ascii85(src: Iterable[bytes]) -> Iterator[bytes]:
    """ASCII85 data, a piece at a time up to its end (``~>``); damaged data ends it."""
    text = b""
    for n, piece in enumerate(src):
        text += re.sub(rb"\s", b"", piece)
        if n == 0:
            text = text.removeprefix(b"<~")
        end = text.find(b"~>")
        if end >= 0:
            text = text[:end]
        cut = len(text) if end >= 0 else _A85_GROUPS.match(text).end()  # type: ignore[union-attr]
        if not cut and end < 0 and len(text) >= 5:
            return  # a byte that is no ASCII85 digit: the data is damaged there
        try:
            if cut:
                yield base64.a85decode(text[:cut])
        except ValueError:
            return
        if end >= 0:
            return
        text = text[cut:]


_DECODERS = {
    "FlateDecode": _flate,
    "LZWDecode": _lzw,
    "RunLengthDecode": _run_length,
    "ASCIIHexDecode": _ascii_hex,
    "ASCII85Decode": _ascii85,
}


def _bounded(
    chunks: Iterator[bytes], budget: StreamBudget, counter: _Counter, what: str
) -> Iterator[bytes]:
    made = 0
    for chunk in chunks:
        made += len(chunk)
        if made > budget.max_bytes:
            raise OverBudget(
                f"{what} inflates to more than {megabytes(budget.max_bytes)} "
                f"(the limit for one stream)"
            )
        if made > budget.ratio_floor and made > budget.max_ratio * max(counter.read, 1):
            raise OverBudget(
                f"{what} inflates more than {budget.max_ratio} times its packed size "
                f"({counter.read:,} bytes gave {made:,} and more): a decompression bomb"
            )
        yield chunk


def decode(
    raw: bytes | memoryview, filters: Sequence[str], budget: StreamBudget, what: str = "a stream"
) -> Iterator[bytes]:
    """The decoded bytes of a stream, a chunk at a time.

    Raises :class:`OverBudget` (naming ``what``) as soon as the stream is over
    ``budget``. Decoding stops quietly at damaged data or at a filter that is not
    decoded to read text (an image codec): what was decoded up to there is given.
    """
    return _decode(raw, filters, budget, what, _Counter(), PIECE)


def _decode(
    raw: bytes | memoryview,
    filters: Sequence[str],
    budget: StreamBudget,
    what: str,
    counter: _Counter,
    piece: int,
) -> Iterator[bytes]:
    chunks: Iterator[bytes] = _feed(raw, counter, piece)
    for name in (_NAMES.get(n, n) for n in filters):
        if name == "Crypt":
            continue
        decoder = _DECODERS.get(name)
        if decoder is None:
            break
        chunks = _bounded(decoder(chunks), budget, counter, what)
    return chunks


def decoded_size(
    raw: bytes | memoryview, filters: Sequence[str], budget: StreamBudget, what: str
) -> int:
    """How many bytes a stream decodes to (see :func:`decode`), counted, never held."""
    return sum(len(chunk) for chunk in decode(raw, filters, budget, what))


# Inline images are read in small pieces: data that runs on into the content after it
# is read only a little past its end.
_INLINE_PIECE = 256


def inline_extent(
    raw: bytes | memoryview, filters: Sequence[str], budget: StreamBudget, what: str
) -> tuple[int, int]:
    """What an inline image's data (``raw``: from its start to the end of what is read of
    the content) decodes to, and about how many bytes of ``raw`` that read."""
    counter = _Counter()
    size = sum(len(c) for c in _decode(raw, filters, budget, what, counter, _INLINE_PIECE))
    return size, counter.read
