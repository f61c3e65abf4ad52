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
    styles = _Styles(word)
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
        level = _heading_level(block, styles)
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
        elif _is_list(block, styles):
            ok = b.add("list_item", text, Provenance(display, heading_path=path))
        else:
            ok = b.add("paragraph", text, Provenance(display, heading_path=path))
        if not ok:
            return


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


class _Styles:
    """Paragraph styles read once from styles.xml (python-docx looks each one up anew,
    which makes long documents slow): heading level and list-ness per style id."""

    def __init__(self, word: Any) -> None:
        self._raw: dict[str, tuple[str, str | None, int | None, bool]] = {}
        self.default: str | None = None
        try:
            root = word.styles.element
        except (KeyError, ValueError, AttributeError):
            return
        for st in root.findall(f"{_W}style"):
            if st.get(f"{_W}type") != "paragraph":
                continue
            sid = st.get(f"{_W}styleId") or ""
            name_el = st.find(f"{_W}name")
            name = (name_el.get(f"{_W}val") if name_el is not None else None) or sid
            based = st.find(f"{_W}basedOn")
            base = based.get(f"{_W}val") if based is not None else None
            ppr = st.find(f"{_W}pPr")
            numbered = ppr is not None and ppr.find(f"{_W}numPr") is not None
            self._raw[sid] = (name.strip(), base, _outline_level(st), numbered)
            if st.get(f"{_W}default") in ("1", "true", "on"):
                self.default = sid
        self._levels: dict[str, int | None] = {}
        self._lists: dict[str, bool] = {}

    def _chain(self, sid: str | None) -> list[tuple[str, str | None, int | None, bool]]:
        out: list[tuple[str, str | None, int | None, bool]] = []
        seen: set[str] = set()
        while sid is not None and sid in self._raw and sid not in seen and len(out) < 20:
            seen.add(sid)
            out.append(self._raw[sid])
            sid = self._raw[sid][1]
        return out

    def level(self, sid: str | None) -> int | None:
        """Heading level of a style (0 for Title), from its name or outline level."""
        key = sid or self.default or ""
        if key not in self._levels:
            found: int | None = None
            for name, _base, outline, _numbered in self._chain(key):
                if name.lower() == "title":
                    found = 0
                    break
                m = _HEADING_NAME.match(name)
                if m:
                    found = int(m.group(1))
                    break
                if outline is not None:
                    found = outline
                    break
            self._levels[key] = found
        return self._levels[key]

    def is_list(self, sid: str | None) -> bool:
        """Whether a style numbers or bullets its paragraphs."""
        key = sid or self.default or ""
        if key not in self._lists:
            chain = self._chain(key)
            self._lists[key] = any(n for *_, n in chain) or (
                bool(chain) and chain[0][0].lower().startswith("list")
            )
        return self._lists[key]


def _style_id(p: Any) -> str | None:
    ppr = p._p.find(f"{_W}pPr")
    pstyle = ppr.find(f"{_W}pStyle") if ppr is not None else None
    return pstyle.get(f"{_W}val") if pstyle is not None else None


def _heading_level(p: Any, styles: _Styles) -> int | None:
    """Heading level from the paragraph's outline level or its style (0 for Title)."""
    direct = _outline_level(p._p)
    if direct is not None:
        return direct
    return styles.level(_style_id(p))


def _is_list(p: Any, styles: _Styles) -> bool:
    ppr = p._p.find(f"{_W}pPr")
    if ppr is not None and ppr.find(f"{_W}numPr") is not None:
        return True
    return styles.is_list(_style_id(p))


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
