"""Hostile PDFs: small files whose streams or drawing operators expand without bound.

Each builder returns the bytes of a PDF whose first pages are ordinary text and whose
later page (or the file's structure) holds the bomb, so a reader can be checked both
to stop and to keep the pages before it:

- ``flate``: a FlateDecode content stream that inflates to ``size`` bytes of blanks;
- ``operators``: a content stream of ``(a) Tj`` repeated until it is ``size`` bytes;
- ``forms``: form XObjects that each draw the one below them ``fanout`` times, so a
  few hundred bytes draw ``fanout ** depth`` strings;
- ``image``: an image XObject whose FlateDecode data inflates to ``size`` bytes;
- ``inline``: an inline image (``BI ... ID ... EI``) whose data inflates to ``size``;
- ``objstm``: an object stream (the objects of the page tree compressed together) that
  inflates to ``size`` bytes;
- ``lzw``: an LZWDecode content stream that decodes to ``size`` bytes of blanks;
- ``hex`` and ``a85``: a ``flate`` bomb behind an ASCII filter ([/ASCIIHexDecode
  /FlateDecode], [/ASCII85Decode /FlateDecode]).

The deflate data is built from one compressed block repeated (each block ends with a
full flush, so the copies are identical), with the right checksum: building a 1 GB
bomb takes a fraction of a second and the file stays small.
"""

from __future__ import annotations

import base64
import zlib

from tests.helpers.knowledge_fixtures import pdf_file

KINDS = ("flate", "operators", "forms", "image", "inline", "objstm", "lzw", "hex", "a85")
MB = 1024 * 1024


def deflate_repeated(unit: bytes, size: int, prefix: bytes = b"", suffix: bytes = b"") -> bytes:
    """zlib data that inflates to ``prefix``, then ``unit`` repeated to ``size`` bytes,
    then ``suffix``."""
    block = unit * max(1, MB // len(unit))
    count, rest = divmod(size, len(block))
    rest -= rest % len(unit)
    comp = zlib.compressobj(9)
    head = comp.compress(prefix) + comp.flush(zlib.Z_FULL_FLUSH)
    body = comp.compress(block) + comp.flush(zlib.Z_FULL_FLUSH)
    tail = comp.compress(block[:rest] + suffix) + comp.flush(zlib.Z_FINISH)
    # After a full flush the compressor starts afresh, so every copy of the block
    # compresses to the same bytes; the checksum is the one of the bytes really held.
    check = zlib.adler32(prefix)
    for _ in range(count):
        check = zlib.adler32(block, check)
    check = zlib.adler32(block[:rest] + suffix, check)
    return head + body * count + tail[:-4] + check.to_bytes(4, "big")


def lzw_repeated(byte: int, size: int) -> bytes:
    """LZW data (as PDF writes it: 9 to 12 bits, EarlyChange 1) that decodes to ``byte``
    repeated ``size`` times or a little more: each table is filled with ever longer runs,
    then cleared, so 5 KB of codes give 7 MB."""
    out = bytearray()
    acc = bits = 0

    def put(code: int, width: int) -> None:
        nonlocal acc, bits
        acc, bits = (acc << width) | code, bits + width
        while bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
        acc &= (1 << bits) - 1

    made, width = 0, 9
    while made < size:
        width, table = 9, 258
        put(256, width)  # clear
        for n, code in enumerate([byte, *range(258, 4096)]):
            put(code, width)
            made += 1 if n == 0 else code - 256
            # The decoder adds an entry per code after the first, and widens its codes
            # one entry early (EarlyChange 1).
            table += 1 if n else 0
            if table + 1 >= (1 << width) and width < 12:
                width += 1
            if made >= size:
                break
    put(257, width)  # end of data
    if bits:
        put(0, 8 - bits)
    return bytes(out)


def _text_page(lines: list[str]) -> bytes:
    ops = ["BT /F1 12 Tf"]
    y = 740
    for line in lines:
        ops.append(f"1 0 0 1 72 {y} Tm ({line}) Tj")
        y -= 16
    ops.append("ET")
    return "\n".join(ops).encode("latin-1")


def _stream(dictionary: bytes, data: bytes) -> bytes:
    return b"<< %s /Length %d >>\nstream\n" % (dictionary, len(data)) + data + b"\nendstream"


def _assemble(objects: list[bytes], root: int) -> bytes:
    return pdf_file(objects, root, b"1.5")


GOOD_PAGE = ["Refunds", "Unused items can be returned within 30 days of delivery."]


def bomb(kind: str, size: int = 1024 * MB, good_pages: int = 1, fanout: int = 1000) -> bytes:
    """A PDF of ``good_pages`` text pages followed by one page (or a structure) of the
    bomb ``kind`` (see the module's docstring); ``size`` is what the bomb inflates or
    draws, ``fanout`` the copies each form draws of the one below (``forms``)."""
    if kind == "objstm":
        return _objstm_bomb(size, good_pages)
    objects: list[bytes] = [b"", b""]  # the catalog and the page tree, filled in below
    font = len(objects) + 1
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    pages: list[int] = []

    def page(content: bytes, filters: bytes = b"", xobjects: bytes = b"") -> None:
        objects.append(_stream(filters, content))
        stream = len(objects)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> /XObject << %s >> >> >>"
            % (stream, font, xobjects)
        )
        pages.append(len(objects))

    for n in range(good_pages):
        page(_text_page([f"Page {n + 1}", *GOOD_PAGE]))
    if kind == "flate":
        page(deflate_repeated(b" ", size), b"/Filter /FlateDecode")
    elif kind == "lzw":
        page(lzw_repeated(32, size), b"/Filter /LZWDecode")
    elif kind == "hex":
        data = deflate_repeated(b" ", size).hex().encode() + b">"
        page(data, b"/Filter [/ASCIIHexDecode /FlateDecode]")
    elif kind == "a85":
        data = base64.a85encode(deflate_repeated(b" ", size)) + b"~>"
        page(data, b"/Filter [/ASCII85Decode /FlateDecode]")
    elif kind == "operators":
        data = deflate_repeated(b"(a) Tj\n", size, b"BT /F1 1 Tf\n", b"ET\n")
        page(data, b"/Filter /FlateDecode")
    elif kind == "forms":
        objects.append(
            _stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]", _forms_leaf(fanout))
        )
        below = len(objects)
        depth = 3
        for _ in range(depth - 1):
            objects.append(
                _stream(
                    b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                    b"/Resources << /XObject << /X %d 0 R >> /Font << /F1 %d 0 R >> >>"
                    % (below, font),
                    b"/X Do\n" * fanout,
                )
            )
            below = len(objects)
        page(b"/X Do\n", xobjects=b"/X %d 0 R" % below)
    elif kind == "image":
        data = deflate_repeated(b"\x00", size)
        side = int((size) ** 0.5)
        objects.append(
            _stream(
                b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                b"/BitsPerComponent 8 /Filter /FlateDecode" % (side, side),
                data,
            )
        )
        page(
            b"q 400 0 0 400 100 200 cm /Im1 Do Q\n" + _text_page(GOOD_PAGE),
            xobjects=b"/Im1 %d 0 R" % len(objects),
        )
    elif kind == "inline":
        side = int((size) ** 0.5)
        data = deflate_repeated(b"\x00", side * side)
        head = b"q 400 0 0 400 100 200 cm BI /W %d /H %d /CS /G /BPC 8 /F /Fl ID " % (side, side)
        page(head + data + b"\nEI Q\n" + _text_page(GOOD_PAGE))
    else:
        raise ValueError(f"unknown bomb kind {kind!r}")
    kids = b" ".join(b"%d 0 R" % p for p in pages)
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(pages))
    return _assemble(objects, 1)


def _forms_leaf(fanout: int) -> bytes:
    return b"BT /F1 1 Tf\n" + b"(a) Tj\n" * fanout + b"ET\n"


def _objstm_bomb(size: int, good_pages: int) -> bytes:
    """The page objects in an object stream padded with blanks to ``size`` bytes, found
    through a cross-reference stream (PDF 1.5)."""
    # 1 catalog, 2 pages, 3 font, then per page: its content stream and the page.
    inner: dict[int, bytes] = {}
    streams: dict[int, bytes] = {}
    kids = []
    n = 4
    for i in range(good_pages):
        streams[n] = _stream(b"", _text_page([f"Page {i + 1}", *GOOD_PAGE]))
        inner[n + 1] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 3 0 R >> >> >>" % n
        )
        kids.append(n + 1)
        n += 2
    inner[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    inner[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    inner[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    numbers = sorted(inner)
    bodies = b""
    index = []
    for num in numbers:
        index.append(b"%d %d" % (num, len(bodies)))
        bodies += inner[num] + b"\n"
    header = b" ".join(index) + b"\n"
    payload = header + bodies
    pad = max(0, size - len(payload))
    # The padding is blanks after the last object: the stream inflates to ``size``.
    comp = deflate_repeated(b" ", pad, payload)
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for num, body in streams.items():
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    objstm = n
    offsets[objstm] = len(out)
    out += (
        b"%d 0 obj\n" % objstm
        + _stream(
            b"/Type /ObjStm /N %d /First %d /Filter /FlateDecode" % (len(numbers), len(header)),
            comp,
        )
        + b"\nendobj\n"
    )
    xref_num = objstm + 1
    offsets[xref_num] = len(out)
    rows = []
    for num in range(xref_num + 1):
        if num == 0:
            rows.append(b"\x00\x00\x00\x00\xff\xff")
        elif num in inner:
            rows.append(b"\x02" + objstm.to_bytes(3, "big") + numbers.index(num).to_bytes(2, "big"))
        else:
            rows.append(b"\x01" + offsets[num].to_bytes(3, "big") + b"\x00\x00")
    table = b"".join(rows)
    out += (
        b"%d 0 obj\n" % xref_num
        + _stream(b"/Type /XRef /Size %d /W [1 3 2] /Root 1 0 R" % (xref_num + 1), table)
        + b"\nendobj\n"
    )
    out += b"startxref\n%d\n%%%%EOF\n" % offsets[xref_num]
    return bytes(out)
