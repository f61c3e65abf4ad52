"""What a knowledge file becomes: a Document of Sections, each with its provenance.

Loaders (one per file type) produce these; chunking, sampling and the generators
(offline and LLM) consume them, so a test case can say where its answer comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Provenance:
    """Where a piece of text sits in its source file (1-based page and row)."""

    file: str
    page: int | None = None
    heading_path: tuple[str, ...] = ()
    sheet: str | None = None
    row: int | None = None
    # 1-based line where the text starts (text and Markdown files).
    line: int | None = None
    # Last page of a section that continues across a page break (PDF).
    page_end: int | None = None
    # 1-based number of the table in the document; the rows of one table share it.
    table: int | None = None
    # Spreadsheet cells the text comes from, e.g. ``A3:F3`` (a row) or ``B2`` (one cell).
    cells: str | None = None
    # The part of a Word document outside the body: header, footer, footnote, endnote,
    # comment or text box (None for the body).
    part: str | None = None

    def label(self) -> str:
        """A short human label, e.g. ``policy.pdf p.3 > Returns > Refunds``."""
        parts = [self.file]
        if self.line is not None:
            parts[0] += f":{self.line}"
        if self.sheet is not None:
            parts.append(f"sheet {self.sheet}")
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.cells is not None:
            parts.append(self.cells)
        if self.page is not None:
            pages = f"{self.page}-{self.page_end}" if self.page_end else str(self.page)
            parts.append(f"p.{pages}")
        if self.part is not None:
            parts.append(self.part)
        out = " ".join(parts)
        if self.heading_path:
            out += " > " + " > ".join(self.heading_path)
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (keys with no value are left out)."""
        out: dict[str, Any] = {"file": self.file}
        if self.page is not None:
            out["page"] = self.page
        if self.heading_path:
            out["heading_path"] = list(self.heading_path)
        if self.sheet is not None:
            out["sheet"] = self.sheet
        if self.row is not None:
            out["row"] = self.row
        if self.line is not None:
            out["line"] = self.line
        for key in ("page_end", "table", "cells", "part"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@dataclass
class Section:
    """A unit of extracted content.

    ``kind`` is ``heading`` (``level`` set: 0 title, 1-9), ``paragraph``, ``list_item``
    (``level`` is the nesting depth, 0 at the top; ``marker`` the label such as ``1.``
    for numbered items, None for bullets) or ``table_row`` (``record`` holds header ->
    cell text; ``provenance.table`` groups the rows of one table; a table with no header
    row, a grid of labels and their values, sets ``headerless`` and each row's record is
    ``{label: value}``), ``code`` (text set in
    a fixed-width font, line breaks and indentation kept), or ``page`` (a PDF page's
    whole text, when its layout could not be read).
    """

    kind: str
    text: str
    provenance: Provenance
    level: int | None = None
    record: dict[str, str] | None = None
    marker: str | None = None
    # A row of a table with no header row (a settings or properties grid): Word, Excel
    # and PDF grids share this reading, and a reader names no columns for it.
    headerless: bool = False
    # Spreadsheets: the record keys whose values are recomputed on every recalculation (a
    # volatile formula such as RAND or TODAY, or one computed from it), so the saved value
    # is one draw and never an answer; ``("",)`` for a text holding such a value.
    volatile: tuple[str, ...] = ()
    # Markdown: text set whole as code (a code span), a name a user types as written
    # (``--dry-run``, ``interval``): the record keys whose cells are, or ``("",)`` for a
    # heading that is one code span.
    code: tuple[str, ...] = ()


@dataclass
class Problem:
    """Something a loader could not read, reported by file (and page), never skipped silently."""

    file: str
    message: str
    hint: str = ""
    page: int | None = None
    severity: str = "error"
    # A stable machine name, e.g. ``knowledge.too_large`` (listed in knowledge.guard.CODES).
    code: str = "knowledge.unreadable"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "file": self.file,
            "message": self.message,
            "hint": self.hint,
        }
        if self.page is not None:
            out["page"] = self.page
        return out


@dataclass(frozen=True)
class PivotValue:
    """One value field of a pivot table: the caption over its figures ("Sum of Sales",
    or a name the author gave it), how the pivot summarises its source field ("sum",
    "count", "average", "max", "min", ...; "sum shown as percentOfTotal" for figures
    shown as a share or a difference of others) and that field's name."""

    caption: str
    function: str
    field: str


@dataclass(frozen=True)
class PivotTable:
    """A pivot table as its own definition describes it (spreadsheets): where it sits,
    the fields its rows and columns are grouped by, its value fields, and the sheet,
    table or range it summarises (``source``; None when the definition does not say)."""

    sheet: str
    top: int
    bottom: int
    left: int
    right: int
    rows: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    values: tuple[PivotValue, ...] = ()
    source: str | None = None

    def holds(self, sheet: str | None, row: int | None) -> bool:
        """Whether the row ``row`` of ``sheet`` lies inside this pivot table."""
        return sheet == self.sheet and row is not None and self.top <= row <= self.bottom


@dataclass
class Document:
    """One knowledge file: its sections in reading order, and what could not be read."""

    path: str
    kind: str  # text, markdown, docx, xlsx, pdf
    sections: list[Section] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    language: str | None = None
    # The document's own title (Word core properties, PDF metadata), when it has one.
    title: str | None = None
    # Markdown: the language each fenced code block says it is written in ("rust",
    # "python": its info string's first word), one per block that names one, in order;
    # a block that only includes code from another file counts too.
    code_languages: list[str] = field(default_factory=list)
    # Spreadsheets: the pivot tables, as their definitions describe them.
    pivots: list[PivotTable] = field(default_factory=list)
    # Spreadsheets: the tables (by number) of a form to fill in, read from its drop-down
    # lists and its headers: "form" for a table of example rows and room to fill under
    # drop-downs, "instructions" for one whose headers say what to enter, "lists" for a
    # table of the lists drop-downs offer. None holds records.
    templates: dict[int, str] = field(default_factory=dict)
    # PDF: the running headers a reader skips, one per kind, in page order (the name of
    # the company or the report every page repeats above its own title).
    running_heads: list[str] = field(default_factory=list)
