"""The real knowledge files of the corpus read as a person reads them.

Headings where the documents have them, whole paragraphs, no word split at a line
end, tables in rows and columns (the job table as PDF and as xlsx gives the same
rows), removed boilerplate and image-only regions reported, encryption recognised.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from datasetkit.knowledge import Document, load, load_file

_ENDS_SENTENCE = re.compile(r"[.!?:;…)\]\"”’]$")
# A letter, a hyphen, a space and a lowercase word: a word broken at a line end, unless
# the hyphen is suspended before a conjunction ("pre- and post-natal").
_BROKEN = re.compile(r"[^\W\d_]- (?!(?:and|or|und|oder|et|ou)\b)[a-z]")


@pytest.fixture(scope="module")
def knowledge(corpus: Path) -> dict[str, Document]:
    folder = corpus / "knowledge"
    docs = load(
        sorted(folder.glob("*.pdf")) + sorted(folder.glob("*.docx")) + sorted(folder.glob("*.xlsx"))
    )
    return {Path(d.path).name: d for d in docs}


def _prose(doc: Document) -> list[str]:
    # Prose: paragraphs of eight words or more that are not pipe-separated fragments, nor
    # the cover text around the title (a date and version line is not a sentence).
    cover = {s.provenance.page for s in doc.sections if s.kind == "heading" and s.level == 0}
    return [
        s.text
        for s in doc.sections
        if s.kind == "paragraph"
        and len(s.text.split()) >= 8
        and " | " not in s.text
        and not (s.provenance.page in cover and len(s.provenance.heading_path) <= 1)
    ]


PDFS = [
    "Benefit_Options.pdf",
    "Northwind_Standard_Benefits_Details.pdf",
    "PerksPlus.pdf",
    "company_policies_sample.pdf",
    "employee_handbook.pdf",
]


@pytest.mark.parametrize("name", PDFS)
def test_pdf_prose_is_whole_paragraphs_under_headings(
    knowledge: dict[str, Document], name: str
) -> None:
    doc = knowledge[name]
    headings = [s for s in doc.sections if s.kind == "heading"]
    assert len(headings) >= 4, name
    prose = _prose(doc)
    assert prose, name
    ended = sum(1 for t in prose if _ENDS_SENTENCE.search(t.rstrip()))
    assert ended >= 0.95 * len(prose), [t[-60:] for t in prose if not _ENDS_SENTENCE.search(t)]
    broken = [m.group(0) for s in doc.sections for m in _BROKEN.finditer(s.text)]
    assert broken == [], broken
    # Every paragraph sits under a heading.
    assert all(s.provenance.heading_path for s in doc.sections if s.kind == "paragraph"), name


def test_pdf_headings_and_levels_follow_the_type(knowledge: dict[str, Document]) -> None:
    doc = knowledge["company_policies_sample.pdf"]
    levels = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    assert doc.title == "ACME CORPORATION"
    assert levels["4.Gifts, Hospitality & Entertainment"] < levels["4.2 Approval Thresholds"]
    assert levels["1.Introduction & Scope"] == levels["24.Policy Administration & Acknowledgment"]
    # The table of contents is skipped, not read as text, and said so.
    assert not any("Table of Contents" in s.text for s in doc.sections)
    assert any(
        p.code == "knowledge.toc_skipped" and "24 entries" in p.message for p in doc.problems
    )


def test_pdf_lists_and_paragraphs_that_cross_a_page(knowledge: dict[str, Document]) -> None:
    doc = knowledge["employee_handbook.pdf"]
    items = [s for s in doc.sections if s.kind == "list_item"]
    values = [s for s in items if s.provenance.heading_path[-1:] == ("Values",)]
    assert [s.marker for s in values] == [f"{n}." for n in range(1, 9)]
    assert (
        values[2].text
        == "Innovation: We encourage creativity and support new ideas and approaches to our business."
    )
    assert values[6].provenance.page == 4  # the list goes on after the page break
    assert any("cutting-edge systems" in s.text for s in doc.sections)
    crossing = [s for s in knowledge["Benefit_Options.pdf"].sections if s.provenance.page_end]
    assert [(s.provenance.page, s.provenance.page_end) for s in crossing] == [(3, 4)]
    assert crossing[0].text.endswith("as well as medical services.")


def test_pdf_notice_pages_running_footers_and_images_are_reported(
    knowledge: dict[str, Document],
) -> None:
    handbook = knowledge["employee_handbook.pdf"]
    assert not any("language model (Azure OpenAI)" in s.text for s in handbook.sections)
    assert any(p.code == "knowledge.boilerplate_removed" and p.page == 2 for p in handbook.problems)
    jobs = knowledge["Contoso_AI_Jobs.pdf"]
    assert not any("Page 1 of 1" in s.text for s in jobs.sections)
    assert any("running footer" in p.message and "Confidential" in p.message for p in jobs.problems)
    benefits = knowledge["Benefit_Options.pdf"]
    images = [p for p in benefits.problems if p.code == "knowledge.image_region"]
    assert [p.page for p in images] == [4]
    assert "OCR" in images[0].hint


def test_the_job_table_reads_the_same_from_pdf_and_xlsx(knowledge: dict[str, Document]) -> None:
    pdf = [
        s.record or {} for s in knowledge["Contoso_AI_Jobs.pdf"].sections if s.kind == "table_row"
    ]
    xlsx = [
        s.record or {} for s in knowledge["Contoso_AI_Jobs.xlsx"].sections if s.kind == "table_row"
    ]
    assert len(pdf) == len(xlsx) == 25
    # The two files were written apart (the PDF shortens a few titles); the rows agree.
    assert [(r["Job ID"], r["Department"], r["Location"], r["Level"]) for r in pdf] == [
        (r["Job ID"], r["Department"], f"{r['City']}, {r['State']}", r["Experience Level"])
        for r in xlsx
    ]
    same_title = sum(1 for a, b in zip(pdf, xlsx, strict=True) if a["Job Title"] == b["Job Title"])
    assert (
        same_title == 22
    )  # "ML", "NLP" and "AI Trainer / Annotator Lead" are shortened in the PDF
    assert pdf[0]["Salary Range"] == "$165,000 - $210,000"
    assert (xlsx[0]["Salary Min"], xlsx[0]["Salary Max"]) == ("$165,000", "$210,000")
    assert {
        s.provenance.table
        for s in knowledge["Contoso_AI_Jobs.pdf"].sections
        if s.kind == "table_row"
    } == {1}


def test_a_ruled_table_that_goes_on_over_a_page(knowledge: dict[str, Document]) -> None:
    rows = [s for s in knowledge["company_policies_sample.pdf"].sections if s.kind == "table_row"]
    gifts = [s for s in rows if s.provenance.table == 1]
    assert list(gifts[0].record or {}) == ["Scenario", "Per-Item Value (USD)", "Required Action"]
    assert len(gifts) == 9
    assert {s.provenance.page for s in gifts} == {3, 4}
    assert (gifts[3].record or {})["Per-Item Value (USD)"] == "Up to $150"
    assert (gifts[5].record or {})["Scenario"] == "Any gift involving a government official"


def test_word_files(knowledge: dict[str, Document]) -> None:
    report = knowledge["Sales_KPI_OKR_Report_May2025.docx"]
    kinds = [s.kind for s in report.sections]
    assert (
        kinds.count("heading") >= 3
        and kinds.count("list_item") >= 8
        and kinds.count("table_row") == 5
    )
    assert report.title == "Monthly Sales KPI & OKR Summary Report – May 2025"
    spyware = knowledge["SpywareSafety.docx"]
    assert [p.code for p in spyware.problems] == ["knowledge.encrypted"]
    assert "sensitivity label" in spyware.problems[0].message
    assert ".doc" not in spyware.problems[0].hint


def test_the_long_plan_document_keeps_its_section_headings(corpus: Path) -> None:
    doc = load_file(corpus / "knowledge" / "Northwind_Standard_Benefits_Details.pdf")
    headings = [s.text for s in doc.sections if s.kind == "heading"]
    assert len(headings) > 100
    for title in ("Summary of Benefits", "Acupuncture", "Hospice Care", "Coinsurance"):
        assert title in headings
    assert not any(s.kind == "paragraph" and s.text == "Hospice Care" for s in doc.sections)
