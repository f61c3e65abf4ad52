"""Where a Word list ends and what its items hold: an unnumbered lead-in ("A list with
bullets:") between two lists of different definitions is a paragraph of its own, and
typed items that each name a term followed by a paragraph describing it stay one list
with the descriptions in their items."""

from __future__ import annotations

from pathlib import Path

from docx import Document as new_docx
from docx.shared import Pt

from datasetkit.knowledge import load_file
from tests.helpers.docx_fixtures import define_lists, numbered

_STEPS = (
    '<w:abstractNum w:abstractNumId="40"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
    '<w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>'
)
_DOTS = (
    '<w:abstractNum w:abstractNumId="41"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
    '<w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum>'
)


def _two_lists(path: Path, lead_in: str, second_num: int) -> Path:
    d = new_docx()
    define_lists(
        d,
        [_STEPS, _DOTS],
        [
            '<w:num w:numId="50"><w:abstractNumId w:val="40"/></w:num>',
            '<w:num w:numId="51"><w:abstractNumId w:val="41"/></w:num>',
        ],
    )
    d.add_heading("Packing", level=1)
    numbered(d.add_paragraph("Book the flight", style="List Paragraph"), 50)
    numbered(d.add_paragraph("Pack the bag", style="List Paragraph"), 50)
    d.add_paragraph(lead_in, style="List Paragraph")
    numbered(d.add_paragraph("Passport", style="List Paragraph"), second_num)
    numbered(d.add_paragraph("Charger", style="List Paragraph"), second_num)
    numbered(d.add_paragraph("Tickets", style="List Paragraph"), second_num)
    path = path.with_suffix(".docx")
    d.save(str(path))
    return path


def _kinds(path: Path) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in load_file(path).sections if s.kind != "heading"]


def test_a_lead_in_before_another_list_is_a_paragraph(tmp_path: Path) -> None:
    got = _kinds(_two_lists(tmp_path / "lead", "Things to carry:", 51))
    assert got == [
        ("list_item", "Book the flight"),
        ("list_item", "Pack the bag"),
        ("paragraph", "Things to carry:"),
        ("list_item", "Passport"),
        ("list_item", "Charger"),
        ("list_item", "Tickets"),
    ]


def test_an_unnumbered_paragraph_inside_one_list_stays_with_its_item(tmp_path: Path) -> None:
    got = _kinds(_two_lists(tmp_path / "same", "Allow an hour for it:", 50))
    assert got[1] == ("list_item", "Pack the bag\nAllow an hour for it:")
    assert [k for k, _ in got] == ["list_item"] * 5


VALUES = [
    ("Customer first", "Start from what the customer needs and work back from there."),
    ("Ownership", "Weigh the long-term benefit against the short-term gain."),
    ("Lean work", "Find waste early, remove it and learn from each setback."),
    ("Candid trust", "Trust the team and say what you think, with respect."),
]


def _values(path: Path, dash: str = "- ") -> Path:
    d = new_docx()
    d.add_heading("Values", level=1)
    for name, text in VALUES:
        d.add_paragraph(dash + name)
        d.add_paragraph(text)
    d.add_heading("Contact", level=1)
    d.add_paragraph("Write to the people team with any question.")
    path = path.with_suffix(".docx")
    d.save(str(path))
    return path


def test_typed_terms_each_with_a_description_are_one_list(tmp_path: Path) -> None:
    sections = load_file(_values(tmp_path / "values")).sections
    items = [s.text for s in sections if s.kind == "list_item"]
    assert items == [f"{name}\n{text}" for name, text in VALUES]
    kinds = [s.kind for s in sections]
    first = kinds.index("list_item")
    assert kinds[first : first + len(VALUES)] == ["list_item"] * len(VALUES)
    paragraphs = [s.text for s in sections if s.kind == "paragraph"]
    assert paragraphs == ["Write to the people team with any question."]


def test_two_terms_with_descriptions_are_left_as_they_are(tmp_path: Path) -> None:
    d = new_docx()
    for name, text in VALUES[:2]:
        d.add_paragraph("- " + name)
        d.add_paragraph(text)
    path = tmp_path / "two.docx"
    d.save(str(path))
    kinds = [s.kind for s in load_file(path).sections]
    assert kinds == ["list_item", "paragraph", "list_item", "paragraph"]


def test_a_lead_in_to_points_under_an_item_stays_in_it(tmp_path: Path) -> None:
    path = _two_lists(tmp_path / "nested", "Things to carry:", 51)
    d = new_docx(str(path))
    numbered(d.add_paragraph("Leave for the airport", style="List Paragraph"), 50)
    d.save(str(path))
    got = _kinds(path)
    assert got[1] == ("list_item", "Pack the bag\nThings to carry:")
    assert [k for k, _ in got] == ["list_item"] * 6


def _sections_closing_on_an_item(path: Path, title_size: int, body_size: int) -> Path:
    """Sections titled by hand (bold, larger than the text), each holding one short
    bulleted item, so that an item and the next section's title alternate."""
    d = new_docx()
    define_lists(d, [_DOTS], ['<w:num w:numId="51"><w:abstractNumId w:val="41"/></w:num>'])
    for title, item in [("Watering", "Daily"), ("Feeding", "Weekly"), ("Pruning", "Monthly")]:
        head = d.add_paragraph()
        run = head.add_run(title)
        run.bold, run.font.size = True, Pt(title_size)
        bullet = numbered(d.add_paragraph(style="List Paragraph"), 51)
        bullet.add_run(item).font.size = Pt(body_size)
    head = d.add_paragraph()
    run = head.add_run("Repotting")
    run.bold, run.font.size = True, Pt(title_size)
    d.add_paragraph().add_run("Move the plant to a larger pot in spring.").font.size = Pt(body_size)
    path = path.with_suffix(".docx")
    d.save(str(path))
    return path


def test_a_title_after_an_item_is_no_description_of_it(tmp_path: Path) -> None:
    sections = load_file(_sections_closing_on_an_item(tmp_path / "care", 16, 11)).sections
    assert [s.text for s in sections if s.kind == "list_item"] == ["Daily", "Weekly", "Monthly"]
    headings = [s.text for s in sections if s.kind == "heading"]
    assert headings == ["Watering", "Feeding", "Pruning", "Repotting"]
