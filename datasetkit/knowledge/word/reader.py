"""Word ``.docx`` knowledge files, read as a person reads them.

The body is walked in order (content controls included): headings with levels,
paragraphs, list items with their depth and computed label (:mod:`.word_lists`, which
also finds lists typed by hand), and tables, each numbered, whose first row is the
header and whose later rows become records (:mod:`.word_tables`; merged cells, nested
tables). What hangs off a paragraph comes right after it with its heading path: the
text boxes anchored in it, the footnotes and endnotes it references, and, when asked
for (``Limits.include_comments``), the comments on it. Headers and footers come after
the body: they repeat on every page, so they are page furniture rather than part of
any section, and each distinct text is given once.

python-docx opens the package (``resolve_entities=False``), and :mod:`.guard` has
already refused archives with a DTD or with parts that unpack to unreasonable sizes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from datasetkit.knowledge.build import Builder, clean_inline, record_text
from datasetkit.knowledge.fonts import monospace_name
from datasetkit.knowledge.guard import Deadline, Limits, open_office_zip
from datasetkit.knowledge.model import Document, Problem, Provenance
from datasetkit.knowledge.word.blocks import GridCell, grid_rows, iter_blocks
from datasetkit.knowledge.word.bold_lead import bold_leads
from datasetkit.knowledge.word.code_blocks import code_blocks, renumber_tables
from datasetkit.knowledge.word.headings import infer_headings, paragraph_look
from datasetkit.knowledge.word.lists import (
    Item,
    Numbering,
    Piece,
    fold_descriptions,
    split_lead_ins,
    strip_typed_bullet,
    typed_lists,
)
from datasetkit.knowledge.word.paragraph import read_paragraph
from datasetkit.knowledge.word.parts import Comments, Notes, Parts
from datasetkit.knowledge.word.run_in import run_in_caption, running_text
from datasetkit.knowledge.word.section_rows import section_rows, split_sections
from datasetkit.knowledge.word.sentences import rejoin
from datasetkit.knowledge.word.styles import (
    Look,
    Styles,
    W,
    num_pr,
    outline_level,
    paragraph_indent,
)
from datasetkit.knowledge.word.tables import (
    WordRow,
    drop_spacer_columns,
    fold_sign_columns,
    grid_widths,
    joined_cell,
    label_value_pairs,
    layout,
    record,
    split_lines,
)
from datasetkit.knowledge.word.title_lines import tabbed

# The heading family of a section row of a layout table (see :mod:`.section_rows`).
_TABLE_SECTION = "table section"
# Tables in cells in text boxes in cells...: deeper than this is not a document.
_MAX_DEPTH = 24
# What is left of a header or footer line once its page-number fields are gone.
_PAGE_WORDS = re.compile(
    r"\b(?:page|pages|pg|p|of|seite|von|página|pagina|de|di|sur|sida|av)\b", re.I
)


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
        b = Builder(doc, limits)
        reader = _Reader(word, display, limits, b.deadline)
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
    try:
        reader.read(b)
    except (AttributeError, KeyError, IndexError, TypeError, ValueError) as exc:
        # A part python-docx opened but whose XML is not what Word writes (a damaged body).
        doc.problems.append(_damaged(display, exc))
        return doc
    doc.title = _title(word, reader.pieces)
    if reader.comments.count and not limits.include_comments:
        doc.problems.append(
            Problem(
                display,
                f"{reader.comments.count} Word comment(s) were left out (they are usually "
                "review notes, not knowledge)",
                "add --comments (Limits(include_comments=True) in Python) to read them",
                severity="info",
                code="knowledge.comments_skipped",
            )
        )
    if not doc.sections and not any(p.severity != "info" for p in doc.problems):
        doc.problems.append(
            Problem(
                display,
                "the document holds no text",
                "add content or leave the file out",
                code="knowledge.empty",
            )
        )
    return doc


def _damaged(display: str, exc: Exception) -> Problem:
    return Problem(
        display,
        f"the docx file is damaged and cannot be read: {_reason(exc)}",
        "open it in Word and save it again as .docx",
        code="knowledge.corrupt",
    )


def _reason(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


def _title(word: Any, pieces: list[Piece]) -> str | None:
    """The core properties' title, else the first Title-style paragraph."""
    title = ""
    # python-docx makes up core properties titled "Word Document" when a file has none.
    rels = word.part.package.rels.values()
    # A relationship without a type (a damaged package) names nothing.
    if any((rel.reltype or "").endswith("/core-properties") for rel in rels):
        try:
            title = (word.core_properties.title or "").strip()
        except Exception:  # a damaged core-properties part is no reason to fail
            title = ""
    if title:
        return title
    return next(
        (
            p.text
            for p in pieces
            if p.kind == "heading" and p.level == 0 and p.provenance.part is None
        ),
        None,
    )


def _style_id(p: Any) -> str | None:
    ppr = p.find(f"{W}pPr")
    pstyle = ppr.find(f"{W}pStyle") if ppr is not None else None
    return pstyle.get(f"{W}val") if pstyle is not None else None


@dataclass(frozen=True)
class _Ctx:
    """Where blocks are being read: the document part, a fixed heading path (None to
    follow the headings as they come), the table they sit in, whether headings count."""

    part: str | None = None
    path: tuple[str, ...] | None = None
    table: int | None = None
    headings: bool = True


class _Stop(Exception):
    """Reading stops: out of time (``where`` says where) or past the size limits (None)."""

    def __init__(self, where: str | None = None) -> None:
        super().__init__(where)
        self.where = where


class _Reader:
    """Walks one Word document into pieces (sections before they are added)."""

    def __init__(self, word: Any, display: str, limits: Limits, deadline: Deadline) -> None:
        self.word = word
        self.display = display
        self.limits = limits
        self.deadline = deadline
        self.parts = Parts(word)
        styles_root = self.parts.related("styles")
        self.styles = Styles(styles_root)
        self.numbering = Numbering(self.parts.related("numbering"), styles_root)
        self.notes = Notes(self.parts, self.parts.related("settings"))
        self.comments = Comments(self.parts)
        self.mono_body = monospace_name(self.styles.font(self.styles.default) or "")
        self.pieces: list[Piece] = []
        self.stack: list[tuple[int, str]] = []
        self.tables = 0
        self.blocks_read = 0
        self.depth = 0
        self.chars = 0

    # ----- the whole document ---------------------------------------------------------

    def read(self, b: Builder) -> None:
        """Read everything into ``b``: body, stray comments, headers and footers."""
        stopped: str | None = None
        try:
            self.blocks(self.word.element.body, _Ctx())
            if self.limits.include_comments:
                for text in self.comments.rest():
                    if text:
                        self.add(Piece("paragraph", text, Provenance(self.display, part="comment")))
            self.furniture()
        except _Stop as stop:
            stopped = stop.where
        for name in self.parts.damaged:
            b.doc.problems.append(
                Problem(
                    self.display,
                    f"part {name} of the docx file is not well-formed XML; its text was left out",
                    "open the file in Word and save it again",
                    severity="warning",
                    code="knowledge.corrupt",
                )
            )
        pieces, tables = code_blocks(self.pieces, self.tables)
        if tables != self.tables:
            pieces = renumber_tables(pieces)
        pieces = fold_descriptions(rejoin(typed_lists(split_lead_ins(pieces))))
        infer_headings(pieces)
        for piece in pieces:
            if not b.add(
                piece.kind,
                piece.text,
                piece.provenance,
                level=piece.level,
                record=piece.record,
                marker=piece.marker,
                headerless=piece.headerless,
            ):
                return
        if stopped:
            b.out_of_time(stopped)

    def add(self, piece: Piece) -> None:
        self.pieces.append(piece)
        self.chars += len(piece.text)
        # Past the limits the Builder stops anyway; collecting more only costs memory.
        if len(self.pieces) > self.limits.max_sections or self.chars > self.limits.max_chars:
            raise _Stop()

    def furniture(self) -> None:
        """Headers, then footers: each distinct line once, after the body."""
        seen: set[tuple[str | None, str, str]] = set()
        for kind, root in self.parts.headers_and_footers():
            start, tables = len(self.pieces), self.tables
            self.blocks(root, _Ctx(part=kind, path=(), headings=False))
            kept = []
            for piece in self.pieces[start:]:
                key = (piece.provenance.part, piece.kind, piece.text)
                if key not in seen:
                    seen.add(key)
                    kept.append(piece)
            self.pieces[start:] = kept
            if not any(p.provenance.table for p in kept):
                self.tables = tables

    # ----- blocks and paragraphs ------------------------------------------------------

    def path(self, ctx: _Ctx) -> tuple[str, ...]:
        return ctx.path if ctx.path is not None else tuple(t for _, t in self.stack)

    def prov(self, ctx: _Ctx, path: tuple[str, ...], row: int | None = None) -> Provenance:
        return Provenance(self.display, heading_path=path, row=row, table=ctx.table, part=ctx.part)

    def blocks(self, container: Any, ctx: _Ctx) -> None:
        if self.depth >= _MAX_DEPTH:
            return
        self.depth += 1
        try:
            for el in iter_blocks(container):
                if self.blocks_read % 200 == 0 and self.deadline.expired():
                    raise _Stop(f"block {self.blocks_read + 1}")
                self.blocks_read += 1
                if el.tag == f"{W}tbl":
                    self.table(el, ctx)
                else:
                    self.paragraph(el, ctx)
        finally:
            self.depth -= 1

    def paragraph(self, p: Any, ctx: _Ctx) -> None:
        sid = _style_id(p)
        if self.styles.is_toc(sid) or self.styles.hidden(sid):
            return  # a contents entry, or text its style hides
        content = read_paragraph(p)
        if content.internal_link and ctx.part is None:
            return  # a contents entry: a link to a heading further on, not content
        item = self.list_item(p, sid)
        text = clean_inline(content.text)
        if ctx.part in ("header", "footer") and not re.search(r"\w", _PAGE_WORDS.sub("", text)):
            text = ""
        level = self.heading_level(p, sid) if ctx.headings and ctx.part is None else None
        caption = run_in_caption(text) if text and level else None
        if caption is not None:
            # "Payment. Company will pay ...": the caption heads the clause's own text.
            text = caption[0]
        elif text and level and running_text(text):
            level = None  # a whole clause in a heading style: text, not a title
        look = paragraph_look(p, self.styles, sid) if ctx.part is None else None
        if look is not None and tabbed(content.text):
            look = replace(look, tabbed=True)
        if level is None and look is not None and look.mono and not self.typed_face(sid):
            self.code(content.text, content.symbol_lead, item, look, ctx)
        elif text and level is not None:
            title = text.replace("\n", " ")
            while self.stack and self.stack[-1][0] >= level:
                self.stack.pop()
            self.stack.append((level, title))
            marker = item.marker if item else None
            self.add(Piece("heading", title, self.prov(ctx, self.path(ctx)), level, marker=marker))
            if caption is not None:
                self.add(Piece("paragraph", caption[1], self.prov(ctx, self.path(ctx))))
        elif text and item is not None:
            if item.marker is None:
                text = strip_typed_bullet(text, content.symbol_lead)
            self.text_piece(
                p,
                ctx,
                "list_item",
                text,
                item.level,
                marker=item.marker,
                look=look,
                counter=item.counter,
            )
        elif text and self.continues_item(sid, ctx):
            # Word's "List Paragraph" without a number under an item: more of that item.
            self.pieces[-1].text += "\n" + text
            self.chars += len(text) + 1
        elif text and not self.split_lead(p, sid, text, look, ctx):
            self.text_piece(
                p, ctx, "paragraph", text, typed=True, symbol_lead=content.symbol_lead, look=look
            )
        self.anchored(content.anchors, ctx, self.path(ctx))

    def split_lead(self, p: Any, sid: str | None, text: str, look: Look | None, ctx: _Ctx) -> bool:
        """Bold lines over body text in one paragraph: candidate headings and paragraphs
        (see :mod:`.bold_lead`)."""
        if look is None or look.bold:
            return False
        parts = bold_leads(p, self.styles, sid, text)
        for part, lead in parts:
            self.text_piece(p, ctx, "paragraph", part, typed=True, look=replace(look, bold=lead))
        return bool(parts)

    def text_piece(
        self, p: Any, ctx: _Ctx, kind: str, text: str, level: int | None = None, **kw: Any
    ) -> None:
        """Add a paragraph or list item of the text, with the paragraph's own indentation."""
        prov = self.prov(ctx, self.path(ctx))
        kw["indent"] = paragraph_indent(p.find(f"{W}pPr"))
        self.add(Piece(kind, text, prov, level, **kw))

    def code(self, raw: str, symbol_lead: bool, item: Item | None, look: Look, ctx: _Ctx) -> None:
        """A paragraph of program text, line breaks and spaces kept, with what it is
        read as should its face turn out to be the body's (see :mod:`.code_blocks`)."""
        prov = self.prov(ctx, self.path(ctx))
        lines = raw.replace("\r\n", "\n").replace("\r", "\n").expandtabs(8).split("\n")
        text = "\n".join(line.replace("\u00a0", " ").rstrip() for line in lines)
        plain_text = clean_inline(raw)
        plain: Piece | None = None
        if plain_text and item is not None:
            if item.marker is None:
                plain_text = strip_typed_bullet(plain_text, symbol_lead)
            plain = Piece("list_item", plain_text, prov, item.level, marker=item.marker, look=look)
        elif plain_text:
            plain = Piece(
                "paragraph", plain_text, prov, typed=True, symbol_lead=symbol_lead, look=look
            )
        if plain is not None or (self.pieces and self.pieces[-1].kind == "code"):
            # A blank line inside a block of program text is part of it.
            self.add(Piece("code", text, prov, look=look, plain=plain))

    def typed_face(self, sid: str | None) -> bool:
        """Whether the document's own body style is set in a fixed-width face (a memo
        typed in Courier): then only a style named for code marks program text."""
        return self.mono_body and not self.styles.code(sid)

    def continues_item(self, sid: str | None, ctx: _Ctx) -> bool:
        """Whether an unnumbered paragraph goes on with the list item just before it."""
        last = self.pieces[-1] if self.pieces else None
        return (
            last is not None
            and last.kind == "list_item"
            and ctx.part is None
            and ctx.table is None
            and last.provenance.part is None
            and last.provenance.table is None
            and self.styles.name(sid).strip().lower() == "list paragraph"
        )

    def heading_level(self, p: Any, sid: str | None) -> int | None:
        """Heading level from the paragraph's outline level or its style (0 for Title).

        An outline level set on the paragraph itself counts only when its type sets it
        apart from the document's body (bold, or larger than the default paragraph
        style): text pasted from a web page keeps the level of the block it came from,
        so a name or an address line under a page title carries one too."""
        style = self.styles.level(sid)
        direct = outline_level(p)
        if direct is None or style is not None:
            return style if direct is None else direct
        look = paragraph_look(p, self.styles, sid)
        body = self.styles.size(self.styles.default)
        apart = look.bold or look.marked or bool(look.size and body and look.size > body)
        return direct if apart else None

    def list_item(self, p: Any, sid: str | None) -> Item | None:
        """Depth and label of a numbered or bulleted paragraph (counting it), else None."""
        direct = num_pr(p.find(f"{W}pPr"))
        style = self.styles.numbering(sid)
        num_id = direct[0] if direct and direct[0] is not None else (style[0] if style else None)
        if num_id == "0":
            return None  # numbering switched off for this paragraph
        if num_id is not None and self.numbering.known(num_id):
            ilvl = direct[1] if direct and direct[1] is not None else None
            if ilvl is None and style is not None:
                ilvl = style[1]
            if ilvl is None:
                ilvl = self.numbering.style_level(num_id, sid or self.styles.default)
            item = self.numbering.count(num_id, ilvl)
            if item.level == 0:
                item.level = self.styles.nested_depth(sid)
            return item
        if self.styles.named_list(sid):
            return Item(self.styles.nested_depth(sid), None)
        return None

    def anchored(self, anchors: list[tuple[str, Any]], ctx: _Ctx, path: tuple[str, ...]) -> None:
        """Text boxes, notes and comments anchored in a paragraph, in their order."""
        for kind, value in anchors:
            if kind == "textbox":
                box = _Ctx(part=ctx.part or "textbox", path=path, headings=False)
                self.blocks(value, box)
            elif kind in ("footnote", "endnote"):
                note = self.notes.take(kind, value)
                if note is not None and note[0]:
                    prov = Provenance(self.display, heading_path=path, part=kind)
                    self.add(Piece("paragraph", note[0], prov, marker=note[1]))
            elif kind == "comment" and self.limits.include_comments:
                text = self.comments.take(value)
                if text:
                    prov = Provenance(self.display, heading_path=path, part="comment")
                    self.add(Piece("paragraph", text, prov))

    # ----- tables -----------------------------------------------------------------------

    def table(self, tbl: Any, ctx: _Ctx) -> None:
        if self.depth >= _MAX_DEPTH:
            return
        self.depth += 1
        try:
            self.table_rows(tbl, ctx)
        finally:
            self.depth -= 1

    def table_rows(self, tbl: Any, ctx: _Ctx) -> None:
        rows = grid_rows(tbl)
        if len(rows) == 1 and len(rows[0]) == 1:
            # A one-cell table is a box around ordinary content: read it as such, its
            # headings too (a boxed note under its own title).
            self.tables += 1
            self.blocks(rows[0][0].tc, replace(ctx, table=self.tables))
            return
        read = split_lines(self.read_rows(rows))
        read = drop_spacer_columns(fold_sign_columns(read), grid_widths(tbl))
        marks = section_rows(read, self.distinct) if ctx.headings and ctx.part is None else []
        if not marks:
            self.table_part(read, ctx)
            return
        for title, part in split_sections(read, marks):
            if title is not None:
                text = " ".join(dict.fromkeys(t for _, t in title.cells if t))
                prov = self.prov(ctx, self.path(ctx))
                self.add(Piece("paragraph", text, prov, section=_TABLE_SECTION))
                self.anchored(title.anchors, ctx, self.path(ctx))
            if any(r.has_text or r.nested or r.anchors for r in part):
                self.table_part(part, ctx)

    def table_part(self, read: list[WordRow], ctx: _Ctx) -> None:
        """Rows of one table (or of one titled part of a layout table) as a table."""
        self.tables += 1
        path = self.path(ctx)
        inner = replace(ctx, path=path, table=self.tables, headings=False)
        with_text = [r for r in read if r.has_text]
        pairs = label_value_pairs(with_text, self.distinct)
        if pairs is not None and not any(r.nested or r.anchors for r in read):
            for label, value in pairs:
                sep = " " if label.endswith(":") else ": "
                text = f"{label}{sep}{value}" if value else label
                prov = self.prov(inner, path)
                self.add(Piece("table_row", text, prov, record={label: value}, headerless=True))
            return
        shape = layout(with_text) if len(with_text) > 1 else None
        skip = {id(r) for r in shape.header} if shape else set()
        outer = replace(ctx, path=path)
        for row in read:
            if row.has_text and (shape is None or row in shape.titles or row in shape.notes):
                # A table of one row, or a title or note across the whole table: text.
                text = " | ".join(dict.fromkeys(t for _, t in row.cells if t))
                self.add(Piece("paragraph", text, self.prov(inner, path)))
            elif row.has_text and shape is not None and id(row) not in skip:
                values = record(shape.keys, row.cells)
                prov = self.prov(inner, path, row=row.number)
                self.add(Piece("table_row", record_text(values), prov, record=values))
            for nested in row.nested:
                self.table(nested, outer)
            self.anchored(row.anchors, outer, path)

    def distinct(self, cell: GridCell) -> bool:
        """Whether a cell is set apart from body cells: shaded, or all its text bold."""
        tcpr = cell.tc.find(f"{W}tcPr")
        shd = tcpr.find(f"{W}shd") if tcpr is not None else None
        fill = (shd.get(f"{W}fill") or "").lower() if shd is not None else ""
        if fill not in ("", "auto", "ffffff"):
            return True
        texted = [p for p in cell.tc.iter(f"{W}p") if "".join(p.itertext()).strip()]
        return bool(texted) and all(
            paragraph_look(p, self.styles, _style_id(p)).bold for p in texted
        )

    def read_rows(self, rows: list[list[GridCell]]) -> list[WordRow]:
        """Cell texts per row; a vertically merged cell repeats the text of the one above."""
        out: list[WordRow] = []
        above: dict[int, str] = {}
        for number, cells in enumerate(rows, start=1):
            row = WordRow(number, [])
            for cell in cells:
                text = self.cell_text(cell.tc, row, cell.col)
                if cell.continued:
                    text = above.get(cell.col, "")
                elif text:
                    row.has_text = True
                row.cells.append((cell, text))
            above = {cell.col: text for cell, text in row.cells}
            out.append(row)
        return out

    def cell_text(self, tc: Any, row: WordRow, col: int) -> str:
        """A cell's paragraphs as one line (numbered ones with their label); its nested
        tables and anchors are kept on the row, to follow it, and its lines (paragraphs
        and line breaks, blank ones too) by column."""
        texts: list[str] = []
        lines = row.lines.setdefault(col, [])
        for el in iter_blocks(tc):
            if el.tag == f"{W}tbl":
                row.nested.append(el)
                continue
            content = read_paragraph(el)
            item = self.list_item(el, _style_id(el))
            lines.extend(" ".join(line.split()) for line in content.text.split("\n"))
            text = clean_inline(content.text).replace("\n", " ")
            if text and item is not None and item.marker:
                text = f"{item.marker} {text}"
            if text:
                texts.append(text)
            row.anchors.extend(content.anchors)
        return joined_cell(texts)
