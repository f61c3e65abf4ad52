"""A contents list's heading ("Table of Contents", "Inhaltsverzeichnis") names no topic:
labelled lines that stand under it, where a document's own section titles were not read
as headings, are never asked "for table of contents"."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from tests.helpers.knowledge_fixtures import offline_pairs


@pytest.mark.parametrize("heading", ["Table of Contents", "Contents", "Inhaltsverzeichnis"])
def test_labelled_lines_under_a_contents_heading(tmp_path: Path, heading: str) -> None:
    document = docx.Document()
    document.add_paragraph("Staffwise", style="Title")
    document.add_paragraph(
        "Staffwise is an HR management system for teams of 50 to 500 people. It tracks "
        "attendance, runs payroll and manages leave."
    )
    document.add_paragraph(heading, style="Heading 1")
    for line in [
        "Frontend: Next.js 14, React, TypeScript",
        "Backend: Node.js, Express.js",
        "Database: PostgreSQL 15",
        "Deployment: Vercel and Render",
    ]:
        document.add_paragraph(line)
    path = tmp_path / "staffwise.docx"
    document.save(str(path))
    pairs = offline_pairs(tmp_path, path, count=10)
    for question in pairs:
        assert heading.casefold() not in question.casefold(), question
