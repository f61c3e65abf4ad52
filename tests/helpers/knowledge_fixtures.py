"""Builders for real knowledge files used by the tests: docx, xlsx, pdf, and hostile ones.

PDFs are written by a small PDF writer here (text objects in a standard font, pages
that hold only an image, bookmarks); encrypted PDFs by pypdf; an encrypted Office file
as a genuine OLE compound file; zip bombs as real deflate streams.
"""

from __future__ import annotations

import re
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Any

# ----- docx ---------------------------------------------------------------------


def make_policy_docx(path: Path) -> Path:
    """A Word policy: Title, two heading levels, paragraphs, bullets, numbered steps, a table."""
    import docx

    d = docx.Document()
    d.add_paragraph("Travel Policy", style="Title")
    d.add_heading("Booking", level=1)
    d.add_paragraph("All trips must be booked through the travel portal at least 14 days ahead.")
    d.add_heading("Approved airlines", level=2)
    d.add_paragraph("Contoso Air", style="List Bullet")
    d.add_paragraph("Fabrikam Airways", style="List Bullet")
    d.add_heading("Expenses", level=1)
    d.add_paragraph("A per diem is a fixed daily allowance for meals and incidentals.")
    d.add_paragraph("Submit the receipt photo in the app.", style="List Number")
    d.add_paragraph("Attach the booking reference.", style="List Number")
    table = d.add_table(rows=3, cols=3)
    for r, row in enumerate(
        [
            ("City", "Per diem", "Hotel cap"),
            ("Paris", "EUR 90", "EUR 220"),
            ("Oslo", "NOK 1100", "NOK 2400"),
        ]
    ):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    d.add_paragraph("Questions go to travel@contoso.example.")
    d.save(str(path))
    return path


# ----- xlsx ---------------------------------------------------------------------


def make_price_xlsx(path: Path) -> Path:
    """A workbook with a title row above the header, formats, a formula with and without a cached value."""
    import datetime as dt

    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Plans"
    ws["A1"] = "Contoso price list 2026"
    ws.append([])
    ws.append(["Plan", "Monthly price", "Seats", "Annual price"])
    rows = [("Basic", 9.9, 1), ("Team", 49, 10), ("Enterprise", 199.5, 100)]
    for i, (plan, price, seats) in enumerate(rows, start=4):
        ws.cell(i, 1, plan)
        ws.cell(i, 2, price).number_format = '"$"#,##0.00'
        ws.cell(i, 3, seats)
        ws.cell(i, 4, f"=B{i}*12").number_format = '"$"#,##0.00'
    notes = wb.create_sheet("Discounts")
    notes.append(["Code", "Discount", "Valid until"])
    notes.append(["SPRING", 0.15, dt.datetime(2026, 5, 31)])
    notes.append(["LOYAL", 0.1, dt.datetime(2026, 12, 31)])
    notes["B2"].number_format = "0%"
    notes["B3"].number_format = "0%"
    wb.create_sheet("Empty")
    wb.save(str(path))
    # Excel would have cached the annual prices of the first two rows; the third stays
    # uncomputed, as in a workbook written by a script and never opened in Excel.
    set_cached_values(path, "xl/worksheets/sheet1.xml", {"D4": "118.8", "D5": "588"})
    return path


def set_cached_values(path: Path, member: str, values: dict[str, str]) -> None:
    """Write cached formula results into a saved workbook (openpyxl cannot compute them)."""
    rewrite_member(
        path,
        member,
        lambda xml: _cache(xml, values),
    )


def _cache(xml: str, values: dict[str, str]) -> str:
    for ref, value in values.items():
        pattern = re.compile(rf'(<c r="{ref}"[^>]*>\s*<f>[^<]*</f>)\s*<v\s*/?>(?:</v>)?')
        xml, n = pattern.subn(lambda m, v=value: f"{m.group(1)}<v>{v}</v>", xml)
        assert n == 1, f"formula cell {ref} not found"
    return xml


def rewrite_member(path: Path, member: str, change) -> None:
    """Replace one part of a zip archive with ``change(old_text)``."""
    with zipfile.ZipFile(path) as zf:
        parts = [(info, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in parts:
            if info.filename == member:
                data = change(data.decode("utf-8")).encode("utf-8")
            zf.writestr(info.filename, data)


# ----- pdf ----------------------------------------------------------------------


def _pdf_string(text: str) -> str:
    out = []
    for ch in text:
        code = ch.encode("cp1252")[0]
        if ch in "()\\":
            out.append("\\" + ch)
        elif code > 126:
            out.append(f"\\{code:03o}")
        else:
            out.append(ch)
    return "(" + "".join(out) + ")"


def make_pdf(
    path: Path,
    pages: list[list[str | tuple[str, float, bool]] | str | None] | list[list[str] | str | None],
    outline: list[tuple[str, int]] | None = None,
) -> Path:
    """A PDF whose pages hold lines of Helvetica text, ``"image"`` (a scan) or None (blank).

    ``outline`` is a list of (bookmark title, 0-based page index).
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    pages_id = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    bold = add(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
    )
    image = add(
        b"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x00\xff\xff\x00\nendstream"
    )
    page_ids: list[int] = []
    for page in pages:
        if page == "image":
            content = b"q 400 0 0 500 100 150 cm /Im1 Do Q"
        elif page is None:
            content = b""
        else:
            ops = ["BT"]
            y = 740.0
            for line in page:
                # A line is text (12 pt Helvetica), "" (a blank line: paragraph spacing),
                # or (text, size, bold).
                text, size, bold = (line, 12.0, False) if isinstance(line, str) else line
                if not text:
                    y -= 16
                    continue
                ops.append(
                    f"/F{2 if bold else 1} {size:g} Tf 1 0 0 1 72 {y:g} Tm {_pdf_string(text)} Tj"
                )
                y -= max(16.0, size * 1.35)
            ops.append("ET")
            content = "\n".join(ops).encode("latin-1")
        stream = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page_ids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> /XObject << /Im1 %d 0 R >> >> >>"
                % (pages_id, stream, font, bold, image)
            )
        )
    kids = " ".join(f"{p} 0 R" for p in page_ids).encode()
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids))
    outlines = b""
    if outline:
        root = add(b"")
        items = [add(b"") for _ in outline]
        for n, (title, page_index) in enumerate(outline):
            links = b""
            if n > 0:
                links += b" /Prev %d 0 R" % items[n - 1]
            if n + 1 < len(items):
                links += b" /Next %d 0 R" % items[n + 1]
            objects[items[n] - 1] = b"<< /Title %s /Parent %d 0 R /Dest [%d 0 R /Fit]%s >>" % (
                _pdf_string(title).encode("latin-1"),
                root,
                page_ids[page_index],
                links,
            )
        objects[root - 1] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (
            items[0],
            items[-1],
            len(items),
        )
        outlines = b" /Outlines %d 0 R" % root
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R%s >>" % (pages_id, outlines)
    path.write_bytes(pdf_file(objects, catalog))
    return path


def pdf_file(objects: list[bytes], root: int, version: bytes = b"1.4") -> bytes:
    """A PDF of ``objects`` (numbered from 1) with its cross-reference table; ``root`` is
    the catalog's number."""
    out = bytearray(b"%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n" % version)
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        root,
        xref,
    )
    return bytes(out)


def encrypt_pdf(
    src: Path, dest: Path, password: str = "secret", algorithm: str = "RC4-128"
) -> Path:
    """A password-protected copy of ``src`` (pypdf's writer)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(str(src)))
    writer.encrypt(user_password=password, owner_password=password + "-owner", algorithm=algorithm)
    with open(dest, "wb") as fh:
        writer.write(fh)
    return dest


# ----- encrypted Office file (OLE compound file) ------------------------------------


def make_encrypted_office(path: Path) -> Path:
    """What Office writes for a password-protected docx/xlsx: a compound file holding
    ``EncryptionInfo`` and ``EncryptedPackage`` streams instead of a zip."""
    sector = 512
    end, free, fat_sect = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD
    info = b"\x04\x00\x04\x00\x40\x00\x00\x00" + b"\x00" * (4096 - 8)  # agile encryption v4.4
    package = struct.pack("<Q", 12345) + bytes(range(256)) * 15 + b"\x00" * (4096 - 8 - 3840)
    n_info = len(info) // sector
    n_pkg = len(package) // sector
    fat = [fat_sect, end]
    start_info = len(fat)
    fat += [start_info + i + 1 for i in range(n_info - 1)] + [end]
    start_pkg = len(fat)
    fat += [start_pkg + i + 1 for i in range(n_pkg - 1)] + [end]
    fat += [free] * (sector // 4 - len(fat))

    def entry(name: str, kind: int, child: int, right: int, start: int, size: int) -> bytes:
        raw = name.encode("utf-16-le") + b"\x00\x00"
        return (
            raw.ljust(64, b"\x00")
            + struct.pack("<HBB", len(raw), kind, 1)
            + struct.pack("<III", free, right, child)
            + b"\x00" * 16
            + struct.pack("<I", 0)
            + b"\x00" * 16
            + struct.pack("<IQ", start, size)
        )

    directory = (
        entry("Root Entry", 5, 1, free, end, 0)
        + entry("EncryptionInfo", 2, free, 2, start_info, len(info))
        + entry("EncryptedPackage", 2, free, free, start_pkg, len(package))
        + b"\x00" * 128
    )
    header = (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
        + b"\x00" * 16
        + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
        + b"\x00" * 6
        + struct.pack("<IIIIIIIII", 0, 1, 1, 0, 4096, end, 0, end, 0)
        + struct.pack("<I", 0)
        + struct.pack("<I", free) * 108
    )
    assert len(header) == sector
    body = header + struct.pack(f"<{sector // 4}I", *fat) + directory + info + package
    path.write_bytes(body)
    return path


# ----- zip bombs ----------------------------------------------------------------------


def _raw_zip(path: Path, members: list[tuple[str, bytes, int, int]]) -> None:
    """Write a zip from (name, raw deflate data, crc32, uncompressed size) members."""
    out = bytearray()
    central = bytearray()
    for name, data, crc, size in members:
        offset = len(out)
        fname = name.encode()
        out += (
            struct.pack(
                "<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data), size, len(fname), 0
            )
            + fname
            + data
        )
        central += (
            struct.pack(
                "<IHHHHHHIIIHHHHHII",
                0x02014B50,
                20,
                20,
                0,
                8,
                0,
                0x21,
                crc,
                len(data),
                size,
                len(fname),
                0,
                0,
                0,
                0,
                0,
                offset,
            )
            + fname
        )
    cd_offset = len(out)
    out += central
    out += struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), cd_offset, 0
    )
    path.write_bytes(bytes(out))


def make_zip_bomb(src: Path, dest: Path, member: str, megabytes: int = 300) -> Path:
    """``src`` (a docx/xlsx) with ``member`` replaced by XML that unpacks to ``megabytes`` MB."""
    members: list[tuple[str, bytes, int, int]] = []
    with zipfile.ZipFile(src) as zf:
        for info in zf.infolist():
            data = zf.read(info)
            if info.filename == member:
                continue
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            members.append(
                (info.filename, c.compress(data) + c.flush(), zlib.crc32(data), len(data))
            )
    chunk = b" " * (1 << 20)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    # After a full flush the compressor starts afresh, so one compressed megabyte can be
    # repeated: a real stream that unpacks to the full size.
    raw = block * megabytes + c.flush()
    crc = 0
    for _ in range(megabytes):
        crc = zlib.crc32(chunk, crc)
    members.append((member, raw, crc, megabytes << 20))
    _raw_zip(dest, members)
    return dest


def make_entity_bomb_docx(src: Path, dest: Path) -> Path:
    """``src`` with a billion-laughs DTD in front of word/document.xml."""
    dtd = (
        '<!DOCTYPE w:document [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
    )
    dest.write_bytes(src.read_bytes())
    rewrite_member(
        dest,
        "word/document.xml",
        lambda xml: xml.replace("?>", "?>" + dtd, 1).replace("Booking", "&d;", 1),
    )
    return dest


def offline_questions(tmp_path: Path, name: str, text: str, count: int = 30) -> list[str]:
    """The questions offline generation asks of ``text`` written to ``tmp_path / name``."""
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, source, count)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return [c.turns[0].prompt for c in cases]


def generate_offline(tmp_path: Path, source: Path, count: int = 30) -> Any:
    """Offline generation from one knowledge file, seed 1, written beside it in tmp_path
    (the run's outcome: ``dataset``, ``shortfall_message``, ...)."""
    from datasetkit.generate.run import GenerateOptions, generate_knowledge

    return generate_knowledge(
        GenerateOptions(
            files=[str(source)],
            count=count,
            output=str(tmp_path / f"{source.name}.json"),
            seed=1,
            provider="offline",
            max_size=None,
            force=True,
        )
    )


def offline_pairs(tmp_path: Path, source: Path, count: int = 30) -> dict[str, str]:
    """The prompts of an offline run over ``source`` and their expected responses."""
    outcome = generate_offline(tmp_path, source, count)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def text_pairs(tmp_path: Path, name: str, text: str, count: int = 20) -> dict[str, str]:
    """The prompts and expected responses of an offline run over ``text`` saved as ``name``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return offline_pairs(tmp_path, path, count)
