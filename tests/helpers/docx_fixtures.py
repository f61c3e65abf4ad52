"""Word files for the docx reader's tests, built with python-docx plus raw XML.

python-docx writes the package (styles, content types, relationships), headers and
footers, tables with merged and nested cells; raw WordprocessingML fills in what it has
no API for: list definitions in numbering.xml, footnote, endnote and comment parts with
their relationships, text boxes (DrawingML in ``mc:AlternateContent`` with a VML
fallback, and VML alone), fields and tracked changes. Encrypted Office files are
genuine OLE compound files written by :func:`write_compound_file`.
"""

from __future__ import annotations

import itertools
import re
import struct
from pathlib import Path
from typing import Any

_NS = {
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "wps": "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
    "v": "urn:schemas-microsoft-com:vml",
    "o": "urn:schemas-microsoft-com:office:office",
}
_DECLS = " ".join(f'xmlns:{k}="{v}"' for k, v in _NS.items())
_CT = "application/vnd.openxmlformats-officedocument.wordprocessingml."


def xml(snippet: str) -> Any:
    """One WordprocessingML element from its markup (the usual prefixes are declared)."""
    from docx.oxml import parse_xml

    return parse_xml(f"<w:wrap {_DECLS}>{snippet}</w:wrap>")[0]


def run(text: str) -> str:
    """A plain run's markup."""
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def add_runs(paragraph: Any, *snippets: str) -> Any:
    """Append raw runs (or other inline markup) to a python-docx paragraph."""
    for snippet in snippets:
        paragraph._p.append(xml(snippet))
    return paragraph


def add_part(document: Any, name: str, kind: str, body: str) -> None:
    """A footnotes/endnotes/comments part (``kind``) related to the main document."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part

    root = {"footnotes": "footnotes", "endnotes": "endnotes", "comments": "comments"}[kind]
    blob = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f"<w:{root} {_DECLS}>{body}</w:{root}>"
    ).encode()
    part = Part(PackURI(name), f"{_CT}{kind}+xml", blob, document.part.package)
    reltype = {"footnotes": RT.FOOTNOTES, "endnotes": RT.ENDNOTES, "comments": RT.COMMENTS}[kind]
    document.part.relate_to(part, reltype)


def define_lists(document: Any, abstracts: list[str], nums: list[str]) -> None:
    """Add list definitions (``w:abstractNum``) and lists (``w:num``) to numbering.xml."""
    numbering = document.part.numbering_part.element
    first_num = numbering.find(f"{{{_NS['w']}}}num")
    for snippet in abstracts:
        if first_num is not None:
            first_num.addprevious(xml(snippet))
        else:
            numbering.append(xml(snippet))
    for snippet in nums:
        numbering.append(xml(snippet))


def numbered(paragraph: Any, num_id: int, ilvl: int = 0) -> Any:
    """Give a paragraph direct numbering (``w:numPr``)."""
    num_pr = paragraph._p.get_or_add_pPr().get_or_add_numPr()
    num_pr.get_or_add_ilvl().val = ilvl
    num_pr.get_or_add_numId().val = num_id
    return paragraph


def _level(ilvl: int, fmt: str, text: str, extra: str = "") -> str:
    return (
        f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="1"/><w:numFmt w:val="{fmt}"/>{extra}'
        f'<w:lvlText w:val="{text}"/><w:lvlJc w:val="left"/>'
        f'<w:pPr><w:ind w:left="{720 * (ilvl + 1)}" w:hanging="360"/></w:pPr></w:lvl>'
    )


# ----- lists ----------------------------------------------------------------------------


def _travel_lists(d: Any) -> None:
    """Lists 30-35: steps (1. a) i.), bullets, steps again restarted (32) and continued
    (33), legal numbering (I., 1.1), chapter numbers for headings (1, 1.1)."""
    steps = "".join(
        [
            _level(0, "decimal", "%1."),
            _level(1, "lowerLetter", "%2)"),
            _level(2, "lowerRoman", "%3."),
        ]
    )
    bullets = _level(0, "bullet", "\uf0b7", '<w:lvlRestart w:val="0"/>') + _level(1, "bullet", "o")
    legal = _level(0, "upperRoman", "%1.") + _level(1, "decimal", "%1.%2", "<w:isLgl/>")
    chapters = _level(0, "decimal", "%1") + _level(1, "decimal", "%1.%2")
    define_lists(
        d,
        [
            f'<w:abstractNum w:abstractNumId="20">{steps}</w:abstractNum>',
            f'<w:abstractNum w:abstractNumId="21">{bullets}</w:abstractNum>',
            f'<w:abstractNum w:abstractNumId="22">{legal}</w:abstractNum>',
            f'<w:abstractNum w:abstractNumId="23">{chapters}</w:abstractNum>',
        ],
        [
            '<w:num w:numId="30"><w:abstractNumId w:val="20"/></w:num>',
            '<w:num w:numId="31"><w:abstractNumId w:val="21"/></w:num>',
            '<w:num w:numId="32"><w:abstractNumId w:val="20"/>'
            '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>',
            '<w:num w:numId="33"><w:abstractNumId w:val="20"/></w:num>',
            '<w:num w:numId="34"><w:abstractNumId w:val="22"/></w:num>',
            '<w:num w:numId="35"><w:abstractNumId w:val="23"/></w:num>',
        ],
    )


def make_lists_docx(path: Path) -> Path:
    """Word lists: a three-level numbered list, bullets, a restarted list, a list that
    continues another one, legal numbering, a style's list, numbering switched off, and
    numbered headings."""
    import docx

    d = docx.Document()
    _travel_lists(d)
    d.add_heading("Booking a trip", level=1)
    for text, ilvl in [
        ("Open the travel portal.", 0),
        ("Sign in.", 0),
        ("Use your badge.", 1),
        ("Or use a one-time code.", 1),
        ("Ask IT for a code.", 2),
        ("Choose the trip.", 0),
        ("Pick the dates.", 1),
    ]:
        numbered(d.add_paragraph(text, style="List Paragraph"), 30, ilvl)
    d.add_heading("Packing", level=1)
    numbered(d.add_paragraph("Laptop", style="List Paragraph"), 31, 0)
    numbered(d.add_paragraph("Charger", style="List Paragraph"), 31, 1)
    d.add_heading("After the trip", level=1)
    numbered(d.add_paragraph("Send the receipts.", style="List Paragraph"), 32, 0)
    numbered(d.add_paragraph("File the report.", style="List Paragraph"), 32, 0)
    d.add_paragraph("Then, some weeks later:")
    numbered(d.add_paragraph("Check the refund.", style="List Paragraph"), 33, 0)
    d.add_heading("Rules", level=1)
    numbered(d.add_paragraph("Scope", style="List Paragraph"), 34, 0)
    numbered(d.add_paragraph("Who may travel", style="List Paragraph"), 34, 1)
    numbered(d.add_paragraph("Who approves", style="List Paragraph"), 34, 1)
    d.add_heading("Styles", level=1)
    d.add_paragraph("Numbered by its style.", style="List Number")
    d.add_paragraph("A bullet one level down.", style="List Bullet 2")
    numbered(d.add_paragraph("Numbering switched off.", style="List Number"), 0, 0)
    numbered(d.add_heading("Appendix", level=1), 35, 0)
    numbered(d.add_heading("Contacts", level=2), 35, 1)
    d.add_paragraph("Write to travel@contoso.example.")
    d.save(str(path))
    return path


def make_typed_lists_docx(path: Path) -> Path:
    """Lists typed by hand: bullets, symbol-font bullets, numbers and letters, lists
    on soft line breaks, and look-alikes that are not lists."""
    import docx

    d = docx.Document()
    d.add_heading("Before you go", level=1)
    d.add_paragraph("Bring:")
    for text in ("- a passport", "• a visa", "* travel insurance"):
        d.add_paragraph(text)
    add_runs(
        d.add_paragraph(),
        '<w:r><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/></w:rPr>'
        '<w:sym w:font="Symbol" w:char="F0B7"/></w:r>',
        "<w:r><w:tab/></w:r>",
        run("a charged phone"),
    )
    d.add_paragraph("Meals paid:")
    d.add_paragraph("o Lunch")
    d.add_paragraph("o Dinner")
    d.add_paragraph("Other meals are not paid.")
    d.add_paragraph("o que fazer em caso de atraso está na página seguinte.")
    d.add_heading("At the airport", level=1)
    d.add_paragraph("1. Go to the desk.")
    d.add_paragraph("2) Give your booking code.")
    d.add_paragraph("(a) Window seat")
    d.add_paragraph("(b) Aisle seat")
    d.add_paragraph("Boarding closes 20 minutes before departure.")
    d.add_paragraph("1. Introduction is the first chapter of the handbook.")
    d.add_heading("Offices", level=1)
    add_runs(
        d.add_paragraph(),
        run("Our offices:"),
        "<w:r><w:br/></w:r>",
        run("- Oslo"),
        "<w:r><w:br/></w:r>",
        run("- Paris"),
    )
    add_runs(
        d.add_paragraph(),
        run("1) Pack"),
        "<w:r><w:br/></w:r>",
        run("2) Travel"),
    )
    add_runs(d.add_paragraph(), run("Opening hours"), "<w:r><w:br/></w:r>", run("9 to 17"))
    d.add_paragraph("- Offices keep badges.", style="List Bullet")
    d.save(str(path))
    return path


# ----- notes, comments, text boxes, headers and footers ---------------------------------


_FOOTNOTES = (
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
    '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
    "</w:r></w:p></w:footnote>"
    '<w:footnote w:type="continuationNotice" w:id="1"><w:p>'
    + run("(continued on the next page)")
    + "</w:p></w:footnote>"
    '<w:footnote w:id="5"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
    "<w:r><w:footnoteRef/></w:r>"
    + run(" Receipts older than 90 days are refused.")
    + "</w:p></w:footnote>"
    '<w:footnote w:id="3"><w:p><w:r><w:footnoteRef/></w:r>'
    + run(" Taxis only after 22:00.")
    + "</w:p></w:footnote>"
    '<w:footnote w:id="4"><w:p>' + run("Never referenced.") + "</w:p></w:footnote>"
)
_ENDNOTES = (
    '<w:endnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:endnote>'
    '<w:endnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
    "</w:r></w:p></w:endnote>"
    '<w:endnote w:id="1"><w:p><w:r><w:endnoteRef/></w:r>'
    + run(" Policy approved by the board in 2025.")
    + "</w:p></w:endnote>"
)
_COMMENTS = (
    '<w:comment w:id="0" w:author="Ana" w:initials="A"><w:p>'
    + run("Check the 90 days with finance.")
    + "</w:p></w:comment>"
    '<w:comment w:id="1" w:author="Ben" w:initials="B"><w:p>'
    + run("Add the taxi app name.")
    + "</w:p></w:comment>"
)


def _note_ref(kind: str, note_id: int) -> str:
    style = "FootnoteReference" if kind == "footnote" else "EndnoteReference"
    return (
        f'<w:r><w:rPr><w:rStyle w:val="{style}"/></w:rPr>'
        f'<w:{kind}Reference w:id="{note_id}"/></w:r>'
    )


def _comment_on(comment_id: int, text: str) -> list[str]:
    return [
        f'<w:commentRangeStart w:id="{comment_id}"/>',
        run(text),
        f'<w:commentRangeEnd w:id="{comment_id}"/>',
        f'<w:r><w:commentReference w:id="{comment_id}"/></w:r>',
    ]


def _text_box(text: str) -> str:
    """A DrawingML text box with its VML fallback, as Word writes it (same text twice)."""
    content = f"<w:txbxContent><w:p>{run(text)}</w:p></w:txbxContent>"
    return (
        "<w:r><mc:AlternateContent>"
        '<mc:Choice Requires="wps"><w:drawing>'
        '<wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" '
        'relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">'
        '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0'
        '</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0'
        '</wp:posOffset></wp:positionV><wp:extent cx="2286000" cy="457200"/><wp:wrapSquare '
        'wrapText="bothSides"/><wp:docPr id="1" name="Text Box 1"/>'
        '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/'
        'wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr/>'
        f"<wps:txbx>{content}</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic>"
        "</wp:anchor></w:drawing></mc:Choice>"
        '<mc:Fallback><w:pict><v:shape id="Text Box 1" o:spid="_x0000_s1026" '
        'type="#_x0000_t202" style="width:180pt;height:36pt">'
        f"<v:textbox>{content}</v:textbox></v:shape></w:pict></mc:Fallback>"
        "</mc:AlternateContent></w:r>"
    )


def _vml_text_box(text: str) -> str:
    content = f"<w:txbxContent><w:p>{run(text)}</w:p></w:txbxContent>"
    return (
        '<w:r><w:pict><v:shape id="_x0000_s2050" type="#_x0000_t202" '
        f'style="width:120pt;height:30pt"><v:textbox>{content}</v:textbox></v:shape></w:pict></w:r>'
    )


def _page_field() -> list[str]:
    return [
        run("Page "),
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
        '<w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>',
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
        run("3"),
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        run(" of "),
        '<w:fldSimple w:instr=" NUMPAGES ">' + run("9") + "</w:fldSimple>",
    ]


def make_parts_docx(path: Path) -> Path:
    """Footnotes, an endnote, comments, text boxes, tracked changes and hidden text,
    and headers and footers over two sections (first-page, even-page, a repeated one)."""
    import docx

    d = docx.Document()
    d.add_heading("Expenses", level=1)
    add_runs(
        d.add_paragraph(),
        *_comment_on(0, "Submit receipts within 90 days."),
        _note_ref("footnote", 5),
    )
    add_runs(d.add_paragraph("Meals are paid by the per diem."), _note_ref("endnote", 1))
    d.add_heading("Transport", level=1)
    add_runs(
        d.add_paragraph("Taxis are allowed late at night."),
        _note_ref("footnote", 3),
        _text_box("Taxi hotline: +47 555 0100"),
    )
    add_runs(
        d.add_paragraph("Trains are preferred"),
        '<w:del w:id="90" w:author="Ana"><w:r><w:delText> over planes</w:delText></w:r></w:del>',
        '<w:ins w:id="91" w:author="Ana">' + run(" for trips under 500 km") + "</w:ins>",
        '<w:r><w:rPr><w:vanish/></w:rPr><w:t xml:space="preserve"> (draft note)</w:t></w:r>',
        run("."),
        *_comment_on(1, " Book through the portal."),
        _vml_text_box("Rail desk: room 101"),
    )
    add_part(d, "/word/footnotes.xml", "footnotes", _FOOTNOTES)
    add_part(d, "/word/endnotes.xml", "endnotes", _ENDNOTES)
    add_part(d, "/word/comments.xml", "comments", _COMMENTS)
    first = d.sections[0]
    first.header.paragraphs[0].text = "Contoso Travel Policy"
    first.different_first_page_header_footer = True
    first.first_page_header.paragraphs[0].text = "Contoso — internal"
    d.settings.odd_and_even_pages_header_footer = True
    first.even_page_header.paragraphs[0].text = "Contoso Travel Policy"
    add_runs(first.footer.paragraphs[0], *_page_field())
    first.footer.add_paragraph("Questions: travel@contoso.example")
    second = d.add_section()
    d.add_paragraph("Appendix text.")
    second.header.is_linked_to_previous = False
    second.header.paragraphs[0].text = "Contoso Travel Policy"
    d.save(str(path))
    return path


# ----- tables ---------------------------------------------------------------------------


def _fill(table: Any, rows: list[list[str]]) -> None:
    for r, values in enumerate(rows):
        for c, text in enumerate(values):
            if text:
                table.cell(r, c).text = text


def add_filled_table(document: Any, rows: list[list[str]]) -> Any:
    """A table of ``rows`` (the first its header) added to ``document``; empty strings stay
    empty cells."""
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    _fill(table, rows)
    return table


def make_tables_docx(path: Path) -> Path:
    """Tables: vertically and horizontally merged cells, a nested table, a one-cell box,
    a numbered list in a cell."""
    import docx

    d = docx.Document()
    d.add_heading("Per diem", level=1)
    rates = d.add_table(rows=5, cols=3)
    _fill(
        rates,
        [
            ["Region", "City", "Per diem"],
            ["Europe", "Paris", "EUR 90"],
            ["", "Oslo", "NOK 1100"],
            ["Asia", "Tokyo", "JPY 12000"],
            ["Africa", "", ""],
        ],
    )
    rates.cell(1, 0).merge(rates.cell(2, 0))
    rates.cell(4, 1).merge(rates.cell(4, 2)).text = "No trips planned"
    d.add_heading("Where to stay", level=1)
    topics = d.add_table(rows=3, cols=2)
    _fill(topics, [["Topic", "Details"], ["Hotels", "Book approved hotels:"], ["Taxis", ""]])
    hotels = topics.cell(1, 1).add_table(rows=3, cols=2)
    _fill(hotels, [["Hotel", "Stars"], ["Contoso Inn", "4"], ["Fabrikam Lodge", "3"]])
    cell = topics.cell(2, 1)
    numbered(cell.paragraphs[0], 40)
    cell.paragraphs[0].add_run("Use the app.")
    numbered(cell.add_paragraph("Keep the receipt."), 40)
    define_lists(
        d,
        [f'<w:abstractNum w:abstractNumId="41">{_level(0, "decimal", "%1.")}</w:abstractNum>'],
        ['<w:num w:numId="40"><w:abstractNumId w:val="41"/></w:num>'],
    )
    box = d.add_table(rows=1, cols=1)
    box.cell(0, 0).text = "All amounts include VAT."
    box.cell(0, 0).add_paragraph("Rates change every January.")
    d.add_paragraph("End of the rates.")
    d.save(str(path))
    return path


def make_titled_docx(path: Path, core_title: str | None) -> Path:
    """A document with a Title paragraph, and a core-properties title when given."""
    import docx

    d = docx.Document()
    if core_title is not None:
        d.core_properties.title = core_title
    d.add_paragraph("Intro before the title.")
    d.add_paragraph("Travel Policy", style="Title")
    d.add_paragraph("Trips need approval.")
    d.save(str(path))
    return path


def drop_core_properties(path: Path) -> Path:
    """Remove docProps/core.xml and its relationship, as some generators write files."""
    import zipfile

    with zipfile.ZipFile(path) as zf:
        parts = [(info, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in parts:
            if info.filename == "docProps/core.xml":
                continue
            if info.filename in ("_rels/.rels", "[Content_Types].xml"):
                text = data.decode("utf-8")
                for tag in ("Relationship", "Override"):
                    text = re.sub(rf"<{tag} [^>]*core[.-]?[Pp]ropert[^>]*/>", "", text)
                    text = re.sub(rf"<{tag} [^>]*docProps/core\.xml[^>]*/>", "", text)
                data = text.encode("utf-8")
            zf.writestr(info.filename, data)
    return path


# ----- encrypted Office files: OLE compound files ---------------------------------------

_FREE, _END, _FATSECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD
Tree = dict[str, "Tree | bytes"]


def write_compound_file(path: Path, tree: Tree) -> Path:
    """A genuine OLE compound file (MS-CFB version 3, 512-byte sectors) holding ``tree``:
    names map to storages (dicts) or streams (bytes). Streams are padded to 4096 bytes so
    they live in ordinary sectors (no mini stream); the directory spans several sectors."""
    entries: list[dict[str, Any]] = [{"name": "Root Entry", "type": 5, "data": b""}]

    def add(children: Tree) -> int:
        # Siblings form a binary search tree (ordered by length, then upper case); a
        # chain through the right links is a valid (if unbalanced) one.
        ids = []
        for name in sorted(children, key=lambda n: (len(n), n.upper())):
            value = children[name]
            entry: dict[str, Any] = {"name": name}
            entries.append(entry)
            ids.append(len(entries) - 1)
            if isinstance(value, dict):
                entry.update(type=1, data=b"", child=add(value) if value else _FREE)
            else:
                entry.update(type=2, data=value.ljust(4096, b"\x00"))
        for a, b in itertools.pairwise(ids):
            entries[a]["right"] = b
        return ids[0] if ids else _FREE

    entries[0]["child"] = add(tree)
    n_dir = -(-len(entries) // 4)
    streams = [e for e in entries if e["type"] == 2]
    n_data = sum(len(e["data"]) // 512 for e in streams)
    n_fat = 1
    while n_fat * 128 < n_fat + n_dir + n_data:
        n_fat += 1
    fat = [_FATSECT] * n_fat
    fat += [n_fat + i + 1 for i in range(n_dir - 1)] + [_END]
    for e in streams:
        e["start"] = len(fat)
        count = len(e["data"]) // 512
        fat += [len(fat) + i + 1 for i in range(count - 1)] + [_END]
    fat += [_FREE] * (n_fat * 128 - len(fat))
    directory = b"".join(_dir_entry(e) for e in entries)
    directory = directory.ljust(n_dir * 512, b"\x00")
    header = (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
        + b"\x00" * 16
        + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
        + b"\x00" * 6
        + struct.pack("<IIIIIIIII", 0, n_fat, n_fat, 0, 4096, _END, 0, _END, 0)
        + struct.pack("<109I", *(list(range(n_fat)) + [_FREE] * (109 - n_fat)))
    )
    assert len(header) == 512
    body = struct.pack(f"<{len(fat)}I", *fat) + directory
    body += b"".join(e["data"] for e in streams)
    path.write_bytes(header + body)
    return path


def _dir_entry(e: dict[str, Any]) -> bytes:
    raw = e["name"].encode("utf-16-le") + b"\x00\x00"
    # Storages have no data (sector 0); the root's empty mini stream ends at once.
    start = e.get("start", _END if e["type"] == 5 else 0)
    return (
        raw.ljust(64, b"\x00")
        + struct.pack("<HBB", len(raw), e["type"], 1)
        + struct.pack("<III", e.get("left", _FREE), e.get("right", _FREE), e.get("child", _FREE))
        + b"\x00" * 16
        + struct.pack("<I", 0)
        + b"\x00" * 16
        + struct.pack("<IQ", start, len(e["data"]))
    )


def _data_spaces(space: str, transform: str) -> Tree:
    return {
        "Version": b"\x3c\x00\x00\x00" + "Microsoft.Container.DataSpaces".encode("utf-16-le"),
        "DataSpaceMap": b"\x08\x00\x00\x00\x01\x00\x00\x00" + space.encode("utf-16-le"),
        "DataSpaceInfo": {space: b"\x08\x00\x00\x00\x01\x00\x00\x00"},
        "TransformInfo": {transform: {"\x06Primary": b"\x58\x00\x00\x00\x01\x00\x00\x00"}},
    }


def make_label_protected_office(path: Path) -> Path:
    """What Office writes for a file whose sensitivity label encrypts it (rights
    management): the package in ``EncryptedPackage``, a ``\\x06DataSpaces`` storage with
    a ``DRMEncryptedDataSpace``, and no ``EncryptionInfo``."""
    tree: Tree = {
        "EncryptedPackage": struct.pack("<Q", 4096) + bytes(range(256)) * 8,
        "\x06DataSpaces": _data_spaces("DRMEncryptedDataSpace", "DRMEncryptedTransform"),
    }
    return write_compound_file(path, tree)


def make_password_protected_office(path: Path) -> Path:
    """What Office writes for a password: ``EncryptionInfo`` and ``EncryptedPackage``,
    with the strong-encryption data space (not the DRM one)."""
    tree: Tree = {
        "EncryptionInfo": b"\x04\x00\x04\x00\x40\x00\x00\x00",
        "EncryptedPackage": struct.pack("<Q", 4096) + bytes(range(256)) * 8,
        "\x06DataSpaces": _data_spaces("StrongEncryptionDataSpace", "StrongEncryptionTransform"),
    }
    return write_compound_file(path, tree)


def make_legacy_doc_about_encryption(path: Path) -> Path:
    """An old binary .doc (saved as .docx) whose text happens to name the streams an
    encrypted file has: only the directory tells it apart."""
    text = "Encrypted files hold an EncryptedPackage stream and EncryptionInfo."
    tree: Tree = {
        "WordDocument": b"\xec\xa5" + text.encode("utf-16-le"),
        "1Table": b"\x00" * 16,
        "\x05SummaryInformation": b"\xfe\xff",
    }
    return write_compound_file(path, tree)
