"""What ``datasetkit ingest`` prints: extracted text with provenance, as JSON or Markdown."""

from __future__ import annotations

import json
import re
from typing import Any

from datasetkit.knowledge.model import Document, Section


def section_dict(section: Section) -> dict[str, Any]:
    """One section as JSON-ready data."""
    out: dict[str, Any] = {
        "kind": section.kind,
        "text": section.text,
        "source": section.provenance.to_dict(),
    }
    if section.level is not None:
        out["level"] = section.level
    if section.record is not None:
        out["record"] = dict(section.record)
    if section.headerless:
        out["headerless"] = True  # a grid with no header row: the record is label: value
    if section.marker is not None:
        out["marker"] = section.marker
    if section.volatile:
        out["volatile"] = list(section.volatile)  # recomputed on every recalculation
    return out


def document_dict(doc: Document) -> dict[str, Any]:
    """One document as JSON-ready data."""
    return {
        "path": doc.path,
        "kind": doc.kind,
        "language": doc.language,
        "title": doc.title,
        "sections": [section_dict(s) for s in doc.sections],
        "problems": [p.to_dict() for p in doc.problems],
    }


def summary(docs: list[Document]) -> dict[str, int]:
    """Counts for the closing line: files, sections, errors, warnings."""
    problems = [p for d in docs for p in d.problems]
    return {
        "files": len(docs),
        "sections": sum(len(d.sections) for d in docs),
        "errors": sum(1 for p in problems if p.severity == "error"),
        "warnings": sum(1 for p in problems if p.severity == "warning"),
    }


def to_json(docs: list[Document]) -> str:
    """All documents as one JSON object (stable key order, UTF-8 kept readable)."""
    payload = {"documents": [document_dict(d) for d in docs], "summary": summary(docs)}
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


_MD_START = re.compile(r"^(#{1,6}\s|>|[-*+]\s|\d{1,9}[.)]\s|```|~~~|-{3,}|={3,}|\|)")


def _escape(text: str) -> str:
    """Extracted text kept from turning into Markdown structure when shown."""
    lines = []
    for line in text.split("\n"):
        stripped = line.lstrip()
        if _MD_START.match(stripped):
            stripped = "\\" + stripped
        lines.append(stripped)
    return "  \n".join(lines)


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "<br>")


def _place(section: Section) -> str:
    """Where the reader is: page or sheet (shown when it changes; parts are labelled inline)."""
    p = section.provenance
    bits = []
    if p.sheet is not None:
        bits.append(f"sheet {p.sheet}")
    if p.page is not None:
        bits.append(f"page {p.page}")
    return ", ".join(bits)


def _table_key(section: Section) -> tuple[object, ...]:
    p = section.provenance
    if p.table is not None:
        return ("table", p.table)
    if section.headerless:
        return ("grid", p.sheet, p.heading_path)
    return ("rows", p.sheet, p.heading_path, tuple((section.record or {}).keys()))


def _grid_lines(rows: list[Section]) -> list[str]:
    """A grid with no header row: an empty header, each row a label and its value."""
    out = ["|  |  |", "| --- | --- |"]
    for s in rows:
        label, value = next(iter((s.record or {"": ""}).items()))
        out.append(f"| {_cell(label)} | {_cell(value)} |")
    return out


def _record_lines(rows: list[Section]) -> list[str]:
    """A table's header row, then one line per record."""
    headers: list[str] = []
    for s in rows:
        for key in s.record or {}:
            if key not in headers:
                headers.append(key)
    out = [
        "| " + " | ".join(_cell(h) for h in headers) + " |",
        "|" + "|".join(" --- " for _ in headers) + "|",
    ]
    for s in rows:
        record = s.record or {}
        out.append("| " + " | ".join(_cell(record.get(h, "")) for h in headers) + " |")
    return out


def _table_lines(rows: list[Section]) -> list[str]:
    out = _grid_lines(rows) if rows[0].headerless else _record_lines(rows)
    first, last = rows[0].provenance, rows[-1].provenance
    bits = []
    if first.table is not None:
        bits.append(f"table {first.table}")
    if first.row is not None:
        bits.append(f"rows {first.row}-{last.row}" if last.row != first.row else f"row {first.row}")
    if first.cells and last.cells:
        bits.append(f"cells {first.cells.split(':')[0]}:{last.cells.split(':')[-1]}")
    if first.page is not None:
        pages = f"{first.page}-{last.page}" if last.page != first.page else str(first.page)
        bits.append(f"page {pages}")
    out.append("")
    out.append(f"<sub>{', '.join(bits)}</sub>")
    return out


def _item(section: Section) -> str:
    indent = "   " * (section.level or 0)
    marker = section.marker
    if marker and re.fullmatch(r"\d{1,9}[.)]", marker):
        return f"{indent}{marker} {_escape(section.text)}"
    label = f"{marker} " if marker else ""
    return f"{indent}- {label}{_escape(section.text)}"


def _section_lines(s: Section) -> list[str]:
    p = s.provenance
    line = f" <sub>line {p.line}</sub>" if p.line is not None else ""
    if s.kind == "heading":
        level = min(6, (s.level or 0) + 2)
        return [f"{'#' * level} {s.text}{line}", ""]
    if s.kind == "list_item":
        return [_item(s) + line]
    if s.kind == "code":
        fence = "````" if "```" in s.text else "```"
        return [fence, s.text, fence + line, ""]
    if p.part is not None:
        label = f"{p.part} {s.marker}" if s.marker else p.part
        return [f"> *{label}:* {_escape(s.text)}{line}", ""]
    return [_escape(s.text) + line, ""]


def _document_lines(doc: Document) -> list[str]:
    lang = f", language {doc.language}" if doc.language else ""
    title = f", title “{doc.title}”" if doc.title else ""
    out = [f"# {doc.path}", "", f"{doc.kind}, {len(doc.sections)} section(s){lang}{title}", ""]
    for p in doc.problems:
        page = f" (page {p.page})" if p.page is not None else ""
        hint = f" Fix: {p.hint}" if p.hint else ""
        out.append(f"- **{p.severity}** `{p.code}`{page}: {p.message}.{hint}")
    if doc.problems:
        out.append("")
    place = ""
    i = 0
    sections = doc.sections
    while i < len(sections):
        s = sections[i]
        where = _place(s)
        if where and where != place:
            if out and out[-1]:
                out.append("")
            out.extend([f"<sub>{where}</sub>", ""])
        place = where or place
        if s.kind == "table_row" and s.record is not None:
            key = _table_key(s)
            j = i
            while (
                j < len(sections)
                and sections[j].kind == "table_row"
                and _table_key(sections[j]) == key
            ):
                j += 1
            if out and out[-1].startswith(("-", " ")):
                out.append("")
            out.extend(_table_lines(sections[i:j]))
            out.append("")
            i = j
            continue
        if s.kind != "list_item" and out and out[-1] and not out[-1].startswith("#"):
            out.append("")
        out.extend(_section_lines(s))
        i += 1
    return out


def to_markdown(docs: list[Document]) -> str:
    """All documents as a Markdown report a person can read: headings as headings,
    lists as lists, tables as tables, and the page or sheet each part comes from."""
    out: list[str] = []
    for doc in docs:
        out.extend(_document_lines(doc))
        if out and out[-1] != "":
            out.append("")
    counts = summary(docs)
    out.append(
        f"{counts['files']} file(s), {counts['sections']} section(s), "
        f"{counts['errors']} error(s), {counts['warnings']} warning(s)"
    )
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text) + "\n"
