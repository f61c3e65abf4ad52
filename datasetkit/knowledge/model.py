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

    def label(self) -> str:
        """A short human label, e.g. ``policy.pdf p.3 > Returns > Refunds``."""
        parts = [self.file]
        if self.line is not None:
            parts[0] += f":{self.line}"
        if self.sheet is not None:
            parts.append(f"sheet {self.sheet}")
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.page is not None:
            parts.append(f"p.{self.page}")
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
        return out


@dataclass
class Section:
    """A unit of extracted content.

    ``kind`` is ``heading`` (``level`` set), ``paragraph``, ``list_item``, ``table_row``
    (``record`` holds header -> cell text) or ``page`` (a PDF page's text).
    """

    kind: str
    text: str
    provenance: Provenance
    level: int | None = None
    record: dict[str, str] | None = None


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


@dataclass
class Document:
    """One knowledge file: its sections in reading order, and what could not be read."""

    path: str
    kind: str  # text, markdown, docx, xlsx, pdf
    sections: list[Section] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    language: str | None = None
