"""Word lists: depth and computed labels from numbering.xml, lists typed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.knowledge import load_file
from tests.helpers.docx_fixtures import make_lists_docx, make_typed_lists_docx


def _items(path: Path) -> list[tuple[str, str, int | None, str | None]]:
    doc = load_file(path, display=path.name)
    assert doc.problems == []
    return [(s.kind, s.text, s.level, s.marker) for s in doc.sections if s.kind != "heading"]


def test_numbered_lists_get_word_labels_and_depths(tmp_path: Path) -> None:
    got = _items(make_lists_docx(tmp_path / "lists.docx"))
    assert got == [
        ("list_item", "Open the travel portal.", 0, "1."),
        ("list_item", "Sign in.", 0, "2."),
        ("list_item", "Use your badge.", 1, "a)"),
        ("list_item", "Or use a one-time code.", 1, "b)"),
        ("list_item", "Ask IT for a code.", 2, "i."),
        ("list_item", "Choose the trip.", 0, "3."),
        # A deeper level starts again after a shallower item.
        ("list_item", "Pick the dates.", 1, "a)"),
        # Bullets have no label, whatever character draws them.
        ("list_item", "Laptop", 0, None),
        ("list_item", "Charger", 1, None),
        # A list whose w:num restarts level 0 (startOverride) counts from 1 again...
        ("list_item", "Send the receipts.", 0, "1."),
        ("list_item", "File the report.", 0, "2."),
        ("paragraph", "Then, some weeks later:", None, None),
        # ...and another list of the same definition continues it, as in Word.
        ("list_item", "Check the refund.", 0, "3."),
        # Legal numbering (w:isLgl) shows every level in decimal: "1.1", not "I.1".
        ("list_item", "Scope", 0, "I."),
        ("list_item", "Who may travel", 1, "1.1"),
        ("list_item", "Who approves", 1, "1.2"),
        # Numbering that comes from the paragraph style.
        ("list_item", "Numbered by its style.", 0, "1."),
        # "List Bullet 2" is a nested list drawn with its own one-level list.
        ("list_item", "A bullet one level down.", 1, None),
        # numId 0 switches the style's numbering off.
        ("paragraph", "Numbering switched off.", None, None),
        ("paragraph", "Write to travel@contoso.example.", None, None),
    ]


def test_numbered_headings_keep_their_level_and_carry_the_number(tmp_path: Path) -> None:
    doc = load_file(make_lists_docx(tmp_path / "lists.docx"))
    headings = [(s.text, s.level, s.marker) for s in doc.sections if s.kind == "heading"]
    assert headings[-2:] == [("Appendix", 1, "1"), ("Contacts", 2, "1.1")]
    assert doc.sections[-1].provenance.heading_path == ("Appendix", "Contacts")


def test_list_items_keep_their_heading_path(tmp_path: Path) -> None:
    doc = load_file(make_lists_docx(tmp_path / "lists.docx"))
    item = next(s for s in doc.sections if s.text == "Ask IT for a code.")
    assert item.provenance.heading_path == ("Booking a trip",)


def test_lists_typed_by_hand(tmp_path: Path) -> None:
    got = _items(make_typed_lists_docx(tmp_path / "typed.docx"))
    assert got == [
        ("paragraph", "Bring:", None, None),
        ("list_item", "a passport", 0, None),
        ("list_item", "a visa", 0, None),
        ("list_item", "travel insurance", 0, None),
        # A Symbol-font bullet (a private-use character) and a tab.
        ("list_item", "a charged phone", 0, None),
        ("paragraph", "Meals paid:", None, None),
        ("list_item", "Lunch", 0, None),
        ("list_item", "Dinner", 0, None),
        ("paragraph", "Other meals are not paid.", None, None),
        # A lone "o " is a word (Portuguese "o que"), not a bullet.
        ("paragraph", "o que fazer em caso de atraso está na página seguinte.", None, None),
        ("list_item", "Go to the desk.", 0, "1."),
        ("list_item", "Give your booking code.", 0, "2)"),
        # "2)" goes on counting after "1." (one list, other punctuation); "(a)" starts
        # a count of another shape: the options of item 2, one level down.
        ("list_item", "Window seat", 1, "(a)"),
        ("list_item", "Aisle seat", 1, "(b)"),
        ("paragraph", "Boarding closes 20 minutes before departure.", None, None),
        # A lone numbered line is a paragraph: one number does not make a list.
        ("paragraph", "1. Introduction is the first chapter of the handbook.", None, None),
        # One paragraph with a bullet on each line (soft breaks): the line before the
        # first bullet stays a paragraph, each bulleted line is an item.
        ("paragraph", "Our offices:", None, None),
        ("list_item", "Oslo", 0, None),
        ("list_item", "Paris", 0, None),
        ("list_item", "Pack", 0, "1)"),
        ("list_item", "Travel", 0, "2)"),
        ("paragraph", "Opening hours\n9 to 17", None, None),
        # A Word bullet with a dash typed in front as well: one bullet, not two.
        ("list_item", "Offices keep badges.", 0, None),
    ]


def test_ingest_json_shows_markers_and_levels(tmp_path: Path, cli) -> None:
    path = make_lists_docx(tmp_path / "lists.docx")
    result = cli("ingest", "--format", "json", str(path))
    assert result.exit_code == 0, result.output
    sections = json.loads(result.stdout)["documents"][0]["sections"]
    item = next(s for s in sections if s["text"] == "Ask IT for a code.")
    assert (item["kind"], item["level"], item["marker"]) == ("list_item", 2, "i.")
    bullet = next(s for s in sections if s["text"] == "Charger")
    assert (bullet["level"], "marker" in bullet) == (1, False)


def test_real_report_lists_headings_and_table(corpus: Path) -> None:
    path = corpus / "knowledge" / "Sales_KPI_OKR_Report_May2025.docx"
    if not path.exists():
        pytest.skip(f"{path} is not in the corpus")
    doc = load_file(path, display=path.name)
    assert doc.problems == []
    assert doc.title == "Monthly Sales KPI & OKR Summary Report – May 2025"
    kinds = [s.kind for s in doc.sections]
    assert (kinds.count("heading"), kinds.count("list_item"), kinds.count("table_row")) == (
        4,
        10,
        5,
    )
    okr = [(s.level, s.text) for s in doc.sections if s.kind == "list_item"][:3]
    # "List Bullet 2" items sit under their objective, without the dash typed before them.
    assert okr == [
        (0, "**Objective 1: Expand strategic accounts in finance and healthcare.**"),
        (1, "Key Result: 4 new strategic deals (Achieved: 3)"),
        (1, "Key Result: $500K new pipeline from target industries (Achieved: $480K)"),
    ]
    # The last paragraph is four "- " lines joined by soft breaks: four items.
    trends = [
        s.text for s in doc.sections if s.provenance.heading_path[-1] == "📊 Insights & Trends"
    ]
    assert trends[1:] == [
        "Larger deals are taking longer to close due to security reviews and legal bottlenecks.",
        "Healthcare accounts show increased engagement but slower procurement cycles.",
        "Reps with early executive alignment saw faster deal progression and higher win rates.",
        "Product demo requests were up 22%, indicating growing interest in new features.",
    ]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert {s.provenance.table for s in rows} == {1}
    assert rows[0].record == {"Metric": "Total Revenue", "Value": "$1.2M"}


def _contents_and_answers_docx(path: Path) -> Path:
    """A hand-made contents list (paragraphs that only link to bookmarks further on),
    then the answers: numbered items, one with a "List Paragraph" that goes on with it."""
    import docx

    from tests.helpers.docx_fixtures import add_runs, numbered, run

    d = docx.Document()
    d.add_paragraph("Questions")
    for n, question in enumerate(["Where do I park?", "When are we open?"], start=1):
        add_runs(d.add_paragraph(), f'<w:hyperlink w:anchor="q{n}">{run(question)}</w:hyperlink>')
    d.add_paragraph("Answers")
    first = d.add_paragraph("Where do I park? In the north car park.", style="List Number")
    add_runs(first, '<w:bookmarkStart w:id="1" w:name="q1"/><w:bookmarkEnd w:id="1"/>')
    numbered(first, 1)
    d.add_paragraph("Visitors use the bays by the door.", style="List Paragraph")
    numbered(d.add_paragraph("When are we open? From 9 to 5.", style="List Number"), 1)
    d.add_paragraph("See the notice board for holidays.")
    d.save(path)
    return path


def test_contents_links_are_no_text_and_list_paragraphs_go_on_with_their_item(
    tmp_path: Path,
) -> None:
    got = _items(_contents_and_answers_docx(tmp_path / "faq.docx"))
    assert [(kind, text) for kind, text, _level, _marker in got] == [
        ("paragraph", "Questions"),
        ("paragraph", "Answers"),
        (
            "list_item",
            "Where do I park? In the north car park.\nVisitors use the bays by the door.",
        ),
        ("list_item", "When are we open? From 9 to 5."),
        ("paragraph", "See the notice board for holidays."),
    ]
