"""What ``datasetkit ingest`` prints: extracted text with provenance, as JSON or Markdown."""

from __future__ import annotations

import json
from typing import Any

from .model import Document, Section


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
    if section.marker is not None:
        out["marker"] = section.marker
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


def _escape(text: str) -> str:
    # Keep extracted text from turning into Markdown structure when shown.
    lines = []
    for line in text.split("\n"):
        if line.lstrip().startswith(("#", ">", "|", "- ", "* ", "+ ", "```", "---", "===")):
            line = "\\" + line.lstrip()
        lines.append(line)
    return "\n".join(lines)


def _where(section: Section) -> str:
    p = section.provenance
    bits = []
    if p.line is not None:
        bits.append(f"line {p.line}")
    if p.page is not None:
        bits.append(f"page {p.page}")
    if p.sheet is not None:
        bits.append(f"sheet {p.sheet}")
    if p.row is not None:
        bits.append(f"row {p.row}")
    if p.heading_path and section.kind != "heading":
        bits.append(" > ".join(p.heading_path))
    return ", ".join(bits)


def to_markdown(docs: list[Document]) -> str:
    """All documents as a Markdown report a person can read."""
    out: list[str] = []
    for doc in docs:
        lang = f", language {doc.language}" if doc.language else ""
        out.append(f"# {doc.path}")
        out.append("")
        out.append(f"{doc.kind}, {len(doc.sections)} section(s){lang}")
        out.append("")
        for p in doc.problems:
            page = f" (page {p.page})" if p.page is not None else ""
            hint = f" Fix: {p.hint}" if p.hint else ""
            out.append(f"- **{p.severity}** `{p.code}`{page}: {p.message}.{hint}")
        if doc.problems:
            out.append("")
        for s in doc.sections:
            where = _where(s)
            if s.kind == "heading":
                level = min(6, (s.level or 0) + 2)
                out.append(f"{'#' * level} {s.text}")
                out.append(f"<sub>{where or 'heading'}, level {s.level}</sub>")
            elif s.kind == "table_row" and s.record is not None:
                out.append(f"<sub>{where}</sub>")
                out.append("")
                for key, value in s.record.items():
                    out.append(f"- **{key}**: {value}")
            else:
                label = {"list_item": "list item", "page": "page text"}.get(s.kind, s.kind)
                out.append(f"<sub>{label}{', ' + where if where else ''}</sub>")
                out.append("")
                out.append(_escape(s.text))
            out.append("")
    counts = summary(docs)
    out.append(
        f"{counts['files']} file(s), {counts['sections']} section(s), "
        f"{counts['errors']} error(s), {counts['warnings']} warning(s)"
    )
    return "\n".join(out) + "\n"
