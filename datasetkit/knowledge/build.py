"""Assembling a Document while enforcing the extraction limits, and shared text helpers."""

from __future__ import annotations

import re

from datasetkit.knowledge.guard import Deadline, Limits
from datasetkit.knowledge.model import Document, Problem, Provenance, Section

_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200b\u202f\u205f\u3000]+")


def clean_inline(text: str) -> str:
    """Collapse runs of spaces and tabs, strip the ends; newlines are kept."""
    lines = [
        _SPACES.sub(" ", line).strip()
        for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    ]
    return "\n".join(line for line in lines if line)


def unique_headers(raw: list[str]) -> list[str]:
    """Header cells made usable as record keys: blanks named by column, repeats numbered."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for i, h in enumerate(raw, start=1):
        name = h.strip() or f"Column {i}"
        if name in seen:
            seen[name] += 1
            name = f"{name} ({seen[name]})"
        else:
            seen[name] = 1
        out.append(name)
    return out


def record_text(record: dict[str, str]) -> str:
    """A table row as text: ``Header: value; Header: value`` (empty cells left out)."""
    return "; ".join(f"{k}: {v}" for k, v in record.items() if v != "")


def add_pair(
    b: Builder, label: str, value: str, provenance: Provenance, volatile: bool = False
) -> bool:
    """A row of a grid with no header row: its label and value, read ``Label: value``."""
    sep = " " if label.endswith(":") else ": "
    text = f"{label}{sep}{value}" if value else label
    return b.add(
        "table_row",
        text,
        provenance,
        record={label: value},
        headerless=True,
        volatile=(label,) if volatile else (),
    )


class Builder:
    """Collects sections for one document and stops (with a problem) at the limits."""

    def __init__(self, doc: Document, limits: Limits, deadline: Deadline | None = None) -> None:
        self.doc = doc
        self.limits = limits
        self.deadline = deadline or Deadline(limits.max_seconds)
        self.chars = 0
        self.full = False

    def add(
        self,
        kind: str,
        text: str,
        provenance: Provenance,
        *,
        level: int | None = None,
        record: dict[str, str] | None = None,
        marker: str | None = None,
        headerless: bool = False,
        volatile: tuple[str, ...] = (),
        code: tuple[str, ...] = (),
    ) -> bool:
        """Append a section; False once a limit is reached (the caller should stop)."""
        if self.full:
            return False
        if (
            len(self.doc.sections) >= self.limits.max_sections
            or self.chars + len(text) > self.limits.max_chars
        ):
            self.stop(
                f"stopped after {len(self.doc.sections):,} pieces of text ({self.chars:,} characters): "
                "the extraction limit was reached",
                "split the file; the rest of it was not read",
                provenance.page,
            )
            return False
        self.chars += len(text)
        self.doc.sections.append(
            Section(
                kind,
                text,
                provenance,
                level=level,
                record=record,
                marker=marker,
                headerless=headerless,
                volatile=volatile,
                code=code,
            )
        )
        return True

    def out_of_time(self, where: str, page: int | None = None) -> bool:
        """True (with a problem, once) when the time budget for this file is spent."""
        if self.full:
            return True
        if not self.deadline.expired():
            return False
        self.stop(
            f"stopped at {where}: reading took longer than {self.limits.max_seconds:g} s",
            "split the file into smaller ones; the rest of it was not read",
            page,
        )
        return True

    def stop(self, message: str, hint: str, page: int | None = None) -> None:
        """Mark the document as cut short: nothing more is added."""
        self.full = True
        self.cut_short(message, hint, page)

    def cut_short(self, message: str, hint: str, page: int | None = None) -> None:
        """Report that reading stopped at ``page``; what was read before is still added
        (a PDF's pages are all read before any of their text is)."""
        self.doc.problems.append(
            Problem(
                self.doc.path,
                message,
                hint,
                page=page,
                severity="warning",
                code="knowledge.truncated",
            )
        )
