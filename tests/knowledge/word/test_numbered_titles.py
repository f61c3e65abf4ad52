"""Word section titles typed with their numbers ("1. Introduction", "3.1 Scope") in plain
body paragraphs: a run of them in sequence, each over its own content, are headings
nested by numbering depth; numbered lists and numbered sentences are not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from datasetkit.knowledge import load_file

_TITLES = (
    "Introduction",
    "System Components",
    "Installation",
    "Configuration",
    "Operation",
    "Monitoring",
    "Security",
    "Backups",
    "Troubleshooting",
    "Maintenance",
)


def _manual(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Pump Station Manual", style="Title")
    for n, title in enumerate(_TITLES, start=1):
        d.add_paragraph(f"{n}. {title}")
        d.add_paragraph(f"This part explains the {title.lower()} of the pump station in detail.")
        for point in ("check the valves", "record the pressure"):
            d.add_paragraph(point, style="List Bullet")
    d.save(str(path))
    return path


def test_numbered_section_titles_are_headings(tmp_path: Path) -> None:
    doc = load_file(_manual(tmp_path / "manual.docx"))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads[0] == (0, "Pump Station Manual")
    assert heads[1:] == [(1, f"{n}. {t}") for n, t in enumerate(_TITLES, start=1)]
    items = [s for s in doc.sections if s.kind == "list_item"]
    assert len(items) == 20
    assert items[-1].provenance.heading_path[-1] == "10. Maintenance"


def test_numbered_list_of_short_items_stays_a_list(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("Steps", style="Heading 1")
    d.add_paragraph("Follow these steps before the first start.")
    for n, step in enumerate(("Open the valve", "Fill the tank", "Start the pump"), start=1):
        d.add_paragraph(f"{n}. {step}")
    d.add_paragraph("The pump then runs on its own.")
    d.save(str(tmp_path / "steps.docx"))
    doc = load_file(tmp_path / "steps.docx")
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Steps"]
    assert len([s for s in doc.sections if s.kind == "list_item"]) == 3


def test_numbered_sentences_stay_paragraphs(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("Terms", style="Heading 1")
    for n in range(1, 5):
        d.add_paragraph(f"{n}. The supplier shall deliver the goods named in order {n} on time.")
        d.add_paragraph("Any delay is reported to the buyer in writing within two days.")
    d.save(str(tmp_path / "terms.docx"))
    doc = load_file(tmp_path / "terms.docx")
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Terms"]


@pytest.mark.parametrize("case", [str.upper, str.title])
def test_parts_and_typed_subsections_nest(tmp_path: Path, case: Callable[[str], str]) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("Specification for Site Works", style="Title")
    subs = {1: ("SUMMARY", "REFERENCES", "SUBMITTALS"), 2: ("MATERIALS", "EQUIPMENT")}
    for part, name in ((1, "GENERAL"), (2, "PRODUCTS")):
        d.add_paragraph(f"PART {part} – {name}")
        for n, sub in enumerate(subs[part], start=1):
            d.add_paragraph(f"{part}.{n} {case(sub)}")
            d.add_paragraph("The contractor provides what this article describes.")
            d.add_paragraph("Work is inspected before it is covered.")
    d.save(str(tmp_path / "spec.docx"))
    doc = load_file(tmp_path / "spec.docx")
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (0, "Specification for Site Works"),
        (1, "PART 1 – GENERAL"),
        (2, f"1.1 {case('SUMMARY')}"),
        (2, f"1.2 {case('REFERENCES')}"),
        (2, f"1.3 {case('SUBMITTALS')}"),
        (1, "PART 2 – PRODUCTS"),
        (2, f"2.1 {case('MATERIALS')}"),
        (2, f"2.2 {case('EQUIPMENT')}"),
    ]


def test_numbered_titles_in_mixed_case_nest_by_depth(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("Operations Guide", style="Heading 1")
    for top, subs in ((1, ("Scope", "Terms")), (2, ("Roles", "Duties")), (3, ())):
        d.add_paragraph(f"{top}. Chapter {top} Overview")
        d.add_paragraph("This chapter sets out what follows and why it matters.")
        for n, sub in enumerate(subs, start=1):
            d.add_paragraph(f"{top}.{n} {sub}")
            d.add_paragraph("Each team keeps a record of this work for a year.")
    d.save(str(tmp_path / "guide.docx"))
    doc = load_file(tmp_path / "guide.docx")
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (1, "Operations Guide"),
        (2, "1. Chapter 1 Overview"),
        (3, "1.1 Scope"),
        (3, "1.2 Terms"),
        (2, "2. Chapter 2 Overview"),
        (3, "2.1 Roles"),
        (3, "2.2 Duties"),
        (2, "3. Chapter 3 Overview"),
    ]
