"""Word ``.docx`` knowledge files: headings with levels, paragraphs, list items, tables.

The body is walked in order (content controls included). A table's first row is its
header; every later row becomes a record keyed by the header cells. python-docx parses
with ``resolve_entities=False``, and :mod:`.guard` has already refused archives with a
DTD or with parts that unpack to unreasonable sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .build import Builder, clean_inline, record_text, unique_headers
from .guard import Limits, open_office_zip
from .model import Document, Problem, Provenance

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_NAME = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)


def load_docx(path: Path, display: str, limits: Limits) -> Document:
    """Read a .docx file into a Document."""
    doc = Document(display, "docx")
    zf, problems = open_office_zip(path, display, "docx", limits)
    if zf is None:
        doc.problems.extend(problems)
        return doc
    zf.close()
    import docx

    try:
        word = docx.Document(str(path))
    except Exception as exc:  # python-docx raises many types for damaged packages
        doc.problems.append(
            Problem(
                display,
                f"the docx file cannot be opened: {_reason(exc)}",
                "open it in Word and save it again as .docx",
                code="knowledge.corrupt",
            )
        )
        return doc
    b = Builder(doc, limits)
    _walk(word, b, display)
    if not doc.sections and not doc.problems:
        doc.problems.append(
            Problem(
                display,
                "the document holds no text",
                "add content or leave the file out",
                code="knowledge.empty",
            )
        )
    return doc


def _reason(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


def _blocks(parent: Any, container: Any) -> Iterator[Any]:
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    for child in container.iterchildren():
        if child.tag == f"{_W}p":
            yield Paragraph(child, parent)
        elif child.tag == f"{_W}tbl":
            yield Table(child, parent)
        elif child.tag == f"{_W}sdt":
            # Content controls wrap ordinary paragraphs and tables.
            content = child.find(f"{_W}sdtContent")
            if content is not None:
                yield from _blocks(parent, content)


def _walk(word: Any, b: Builder, display: str) -> None:
    from docx.table import Table

    stack: list[tuple[int, str]] = []
    body = word.element.body
    for n, block in enumerate(_blocks(word, body)):
        if n % 200 == 0 and b.out_of_time(f"block {n + 1}"):
            return
        path = tuple(t for _, t in stack)
        if isinstance(block, Table):
            if not _table(block, b, display, path):
                return
            continue
        text = clean_inline(block.text)
        if not text:
            continue
        level = _heading_level(block)
        if level is not None:
            title = text.replace("\n", " ")
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            ok = b.add(
                "heading",
                title,
                Provenance(display, heading_path=tuple(t for _, t in stack)),
                level=level,
            )
        elif _is_list(block):
            ok = b.add("list_item", text, Provenance(display, heading_path=path))
        else:
            ok = b.add("paragraph", text, Provenance(display, heading_path=path))
        if not ok:
            return


def _style_chain(style: Any) -> Iterator[Any]:
    seen = 0
    while style is not None and seen < 20:
        yield style
        style = style.base_style
        seen += 1


def _outline_level(element: Any) -> int | None:
    ppr = element.find(f"{_W}pPr")
    if ppr is None:
        return None
    lvl = ppr.find(f"{_W}outlineLvl")
    if lvl is None:
        return None
    try:
        value = int(lvl.get(f"{_W}val"))
    except (TypeError, ValueError):
        return None
    # Level 9 is "body text"; 0-8 are Heading 1-9.
    return value + 1 if 0 <= value <= 8 else None


def _heading_level(p: Any) -> int | None:
    """Heading level from the paragraph's outline level or its style (0 for Title)."""
    direct = _outline_level(p._p)
    if direct is not None:
        return direct
    try:
        style = p.style
    except (KeyError, ValueError):
        return None
    for s in _style_chain(style):
        name = (s.name or "").strip()
        if name.lower() == "title":
            return 0
        m = _HEADING_NAME.match(name)
        if m:
            return int(m.group(1))
        level = _outline_level(s.element)
        if level is not None:
            return level
    return None


def _is_list(p: Any) -> bool:
    ppr = p._p.pPr
    if ppr is not None and ppr.numPr is not None:
        return True
    try:
        name = (p.style.name or "").lower() if p.style is not None else ""
    except (KeyError, ValueError):
        return False
    return name.startswith("list")


def _row_cells(row: Any) -> list[str]:
    out: list[str] = []
    last = None
    for cell in row.cells:
        # A horizontally merged cell is returned once per grid column it spans.
        if last is not None and cell._tc is last:
            continue
        last = cell._tc
        out.append(clean_inline(cell.text).replace("\n", " "))
    return out


def _table(table: Any, b: Builder, display: str, path: tuple[str, ...]) -> bool:
    # Rows are numbered as they stand in the table (header = row 1), blank ones skipped.
    rows = [
        (n, cells)
        for n, cells in enumerate((_row_cells(r) for r in table.rows), start=1)
        if any(cells)
    ]
    if not rows:
        return True
    if len(rows) == 1:
        return b.add(
            "paragraph",
            " | ".join(c for c in rows[0][1] if c),
            Provenance(display, heading_path=path),
        )
    headers = unique_headers(rows[0][1])
    for number, cells in rows[1:]:
        cells = cells + [""] * (len(headers) - len(cells))
        keys = headers + [f"Column {k}" for k in range(len(headers) + 1, len(cells) + 1)]
        record = dict(zip(keys, cells, strict=False))
        if not b.add(
            "table_row",
            record_text(record),
            Provenance(display, heading_path=path, row=number),
            record=record,
        ):
            return False
    return True
