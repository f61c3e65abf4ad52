"""A list's label in title case that the document repeats ("Key Features:") is asked in
common words, so the question can say whose list it is ("What are the key features for
<Product>?"), not "What are the Key Features?"; a one-word label alone asks nothing."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs


def _manual(path: Path) -> Path:
    from docx import Document

    d = Document()
    d.add_heading("Tailwind Tracker - Complete Documentation", 0)
    d.add_heading("System Overview", 1)
    d.add_paragraph(
        "Tailwind Tracker is a fleet management system built with modern web technologies. "
        "Tailwind Tracker follows each truck from depot to customer."
    )
    d.add_paragraph("Key Features:")
    for item in ("Live vehicle tracking", "Automated route planning", "Fuel usage reports"):
        d.add_paragraph(item, style="List Bullet")
    d.add_heading("Reporting Module", 1)
    d.add_paragraph("Tailwind Tracker builds its reports every night from the trip logs.")
    d.add_paragraph("Key Features:")
    for item in ("Daily trip summaries", "Driver scorecards", "Export to spreadsheets"):
        d.add_paragraph(item, style="List Bullet")
    d.add_paragraph("Features:")
    for item in ("Charts per depot", "Alerts on late deliveries"):
        d.add_paragraph(item, style="List Bullet")
    d.save(str(path))
    return path


def test_a_title_case_label_is_asked_in_common_words_with_whose(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _manual(tmp_path / "manual.docx"), 30)
    assert not [q for q in pairs if "Key Features" in q or q == "What are the Features?"], sorted(
        pairs
    )
    asked = [q for q in pairs if "key features" in q]
    assert asked and all("Tailwind Tracker" in q for q in asked), sorted(pairs)
