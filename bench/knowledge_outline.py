"""What a tool read from a knowledge file, as one outline the scorer can compare.

An outline is a list of blocks in reading order: headings (with their level), paragraphs,
list items, tables (header names and number of data rows) and code. datasetkit's
Sections map onto it directly; the baselines' Markdown is parsed into it the way a
Markdown renderer would read it (a heading line, a list item, a pipe table, a paragraph
of lines up to a blank line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Block:
    """One unit of what a tool read."""

    kind: str  # heading, paragraph, item, table, code, rule
    text: str = ""
    level: int | None = None
    headers: list[str] = field(default_factory=list)
    rows: int = 0
    # The source lines a paragraph was joined from (furniture is looked for line by line).
    lines: list[str] = field(default_factory=list)
    # Marked by the tool as page furniture (a Word header or footer): not a leak.
    furniture: bool = False


# ----- datasetkit --------------------------------------------------------------------


def _table_key(section: Any) -> tuple[object, ...]:
    p = section.provenance
    if p.table is not None:
        return ("table", p.sheet, p.table)
    if getattr(section, "headerless", False):
        return ("grid", p.sheet, p.heading_path)
    return ("rows", p.sheet, p.heading_path, tuple((section.record or {}).keys()))


def from_sections(sections: list[Any]) -> list[Block]:
    """datasetkit's sections as an outline (consecutive rows of one table are one table)."""
    out: list[Block] = []
    i = 0
    while i < len(sections):
        s = sections[i]
        if s.kind == "table_row" and s.record is not None:
            key = _table_key(s)
            j = i
            headers: list[str] = []
            cells: list[str] = []
            while j < len(sections) and sections[j].kind == "table_row":
                if _table_key(sections[j]) != key:
                    break
                for name, value in (sections[j].record or {}).items():
                    if name not in headers:
                        headers.append(name)
                    cells.append(value)
                j += 1
            if getattr(s, "headerless", False):
                headers = ["", ""]  # a grid with no header row names no columns
            out.append(Block("table", " | ".join(cells), headers=headers, rows=j - i))
            i = j
            continue
        part = s.provenance.part
        marked = part in ("header", "footer")
        if s.kind == "heading":
            out.append(Block("heading", s.text, level=s.level or 0, furniture=marked))
        elif s.kind == "list_item":
            label = f"{s.marker} {s.text}" if s.marker else s.text
            out.append(Block("item", s.text, level=s.level, lines=[label], furniture=marked))
        elif s.kind == "code":
            out.append(Block("code", s.text, lines=s.text.split("\n"), furniture=marked))
        else:
            out.append(Block("paragraph", s.text, lines=s.text.split("\n"), furniture=marked))
        i += 1
    return out


# ----- Markdown (the baselines' output) ----------------------------------------------

_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)(?:[-*+•]|\d{1,9}[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")


def _cells(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") else body
    return [c.strip() for c in body.split("|")]


class _MarkdownReader:
    def __init__(self, text: str) -> None:
        self.lines = text.replace("\r\n", "\n").split("\n")
        self.out: list[Block] = []
        self.para: list[str] = []
        self.blank = True  # the line before was blank

    def flush(self) -> None:
        if self.para:
            text = " ".join(line.strip() for line in self.para)
            self.out.append(Block("paragraph", text, lines=[ln.strip() for ln in self.para]))
            self.para = []

    def read(self) -> list[Block]:
        i = 0
        lines = self.lines
        while i < len(lines):
            line = lines[i]
            fence = _FENCE.match(line)
            if fence:
                self.flush()
                j = i + 1
                while j < len(lines) and not lines[j].strip().startswith(fence.group(1)):
                    j += 1
                body = lines[i + 1 : j]
                self.out.append(Block("code", "\n".join(body), lines=body))
                i = j + 1
                continue
            i = self.line(i)
        self.flush()
        return self.out

    def line(self, i: int) -> int:
        """Read the block starting at line ``i``; the index of the next line to read."""
        blank, self.blank = self.blank, not self.lines[i].strip()
        return self.block(i, blank)

    def block(self, i: int, blank: bool) -> int:
        lines = self.lines
        line = lines[i]
        if not line.strip():
            self.flush()
            return i + 1
        atx = _ATX.match(line)
        if atx:
            self.flush()
            self.out.append(Block("heading", atx.group(2), level=len(atx.group(1))))
            return i + 1
        if _RULE.match(line):
            self.flush()
            self.out.append(Block("rule"))
            return i + 1
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if "|" in line and _SEPARATOR.match(nxt):
            self.flush()
            j = i + 2
            rows: list[list[str]] = []
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                rows.append(_cells(lines[j]))
                j += 1
            text = " | ".join(c for row in rows for c in row)
            self.out.append(Block("table", text, headers=_cells(line), rows=len(rows)))
            return j
        item = _ITEM.match(line)
        if item:
            self.flush()
            depth = len(item.group(1).expandtabs(4)) // 2
            self.out.append(Block("item", item.group(2), level=depth, lines=[line.strip()]))
            return i + 1
        follows = not blank or line.startswith(" ")
        if self.out and self.out[-1].kind == "item" and not self.para and follows:
            last = self.out[-1]
            last.text += " " + line.strip()  # a continuation line of the item
            return i + 1
        self.para.append(line)
        return i + 1


def from_markdown(text: str) -> list[Block]:
    """A Markdown text as an outline."""
    return _MarkdownReader(text).read()
