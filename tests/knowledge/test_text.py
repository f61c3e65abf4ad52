"""Plain text, Markdown and CSV knowledge files: encodings, structure, provenance."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Provenance, load_file


def _dump(doc):
    return [(s.kind, s.text, s.provenance, s.level, s.record) for s in doc.sections]


POLICY_MD = """\
---
title: ignored front matter
---
# Returns Policy

Our **returns** policy covers [all stores](https://example.com/stores)
and the online shop.

## Refund window

Refunds are issued within *14 days* of receipt.

- Receipts are required
- Gift cards are `not refundable`

| Product | Price |
|---|---:|
| Widget \\| Pro | 10 |
| Gadget | |

How to return
-------------

1. Pack the item.
2. Print the label.

```
# this is code, not a heading
```
"""


def test_markdown_structure_and_provenance_exactly(tmp_path: Path) -> None:
    f = tmp_path / "policy.md"
    f.write_text(POLICY_MD, encoding="utf-8")
    doc = load_file(f, display="policy.md")
    assert doc.kind == "markdown"
    assert doc.problems == []
    top = ("Returns Policy",)
    win = ("Returns Policy", "Refund window")
    how = ("Returns Policy", "How to return")
    assert _dump(doc) == [
        ("heading", "Returns Policy", Provenance("policy.md", heading_path=top, line=4), 1, None),
        (
            "paragraph",
            "Our returns policy covers all stores (https://example.com/stores) and the online shop.",
            Provenance("policy.md", heading_path=top, line=6),
            None,
            None,
        ),
        ("heading", "Refund window", Provenance("policy.md", heading_path=win, line=9), 2, None),
        (
            "paragraph",
            "Refunds are issued within 14 days of receipt.",
            Provenance("policy.md", heading_path=win, line=11),
            None,
            None,
        ),
        (
            "list_item",
            "Receipts are required",
            Provenance("policy.md", heading_path=win, line=13),
            None,
            None,
        ),
        (
            "list_item",
            "Gift cards are not refundable",
            Provenance("policy.md", heading_path=win, line=14),
            None,
            None,
        ),
        (
            "table_row",
            "Product: Widget | Pro; Price: 10",
            Provenance("policy.md", heading_path=win, row=2, line=18),
            None,
            {"Product": "Widget | Pro", "Price": "10"},
        ),
        (
            "table_row",
            "Product: Gadget",
            Provenance("policy.md", heading_path=win, row=3, line=19),
            None,
            {"Product": "Gadget", "Price": ""},
        ),
        ("heading", "How to return", Provenance("policy.md", heading_path=how, line=21), 2, None),
        (
            "list_item",
            "Pack the item.",
            Provenance("policy.md", heading_path=how, line=24),
            None,
            None,
        ),
        (
            "list_item",
            "Print the label.",
            Provenance("policy.md", heading_path=how, line=25),
            None,
            None,
        ),
        (
            "code",
            "# this is code, not a heading",
            Provenance("policy.md", heading_path=how, line=28),
            None,
            None,
        ),
    ]
    assert (
        Provenance("policy.md", heading_path=win, row=2, line=18).label()
        == "policy.md:18 row 2 > Returns Policy > Refund window"
    )


def test_text_encodings_are_detected(tmp_path: Path) -> None:
    text = "Prämien für Fahrräder werden monatlich gezahlt.\n\nZweiter Absatz über Gebühren."
    cases = {
        "utf8.txt": text.encode("utf-8"),
        "bom.txt": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "utf16.txt": b"\xff\xfe" + text.encode("utf-16-le"),
        "utf16be.txt": b"\xfe\xff" + text.encode("utf-16-be"),
        "cp1252.txt": text.replace("\n", "\r\n").encode("cp1252"),
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        doc = load_file(tmp_path / name, display=name)
        assert [s.text for s in doc.sections] == [
            "Prämien für Fahrräder werden monatlich gezahlt.",
            "Zweiter Absatz über Gebühren.",
        ], name
        assert [s.provenance.line for s in doc.sections] == [1, 3], name
        assert doc.problems == [], name


def test_plain_text_paragraphs_and_bullets(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_text(
        "Opening hours are 9 to 5\non weekdays.\n\n- Closed on Sundays\n* Open late on Thursdays\n",
        encoding="utf-8",
    )
    doc = load_file(f, display="notes.txt")
    assert _dump(doc) == [
        (
            "paragraph",
            "Opening hours are 9 to 5 on weekdays.",
            Provenance("notes.txt", line=1),
            None,
            None,
        ),
        ("list_item", "Closed on Sundays", Provenance("notes.txt", line=4), None, None),
        ("list_item", "Open late on Thursdays", Provenance("notes.txt", line=5), None, None),
    ]


def test_whitespace_only_and_binary_files_are_reported(tmp_path: Path) -> None:
    (tmp_path / "blank.md").write_text("  \n\n\t\n", encoding="utf-8")
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02\xff\xfe\x00garbage\x00" * 20)
    blank = load_file(tmp_path / "blank.md", display="blank.md")
    assert [(p.code, p.severity) for p in blank.problems] == [("knowledge.empty", "error")]
    binary = load_file(tmp_path / "binary.txt", display="binary.txt")
    assert binary.sections == []
    assert [p.code for p in binary.problems] == ["knowledge.corrupt"]
    assert "binary" in binary.problems[0].message


def test_csv_with_semicolons_and_a_quoted_multiline_cell(tmp_path: Path) -> None:
    f = tmp_path / "prices.csv"
    f.write_text('Plan;Price;Notes\nBasic;9.90;"Billed\nmonthly"\n\nTeam;49;\n', encoding="utf-8")
    doc = load_file(f, display="prices.csv")
    assert doc.kind == "csv"
    assert _dump(doc) == [
        (
            "table_row",
            "Plan: Basic; Price: 9.90; Notes: Billed monthly",
            Provenance("prices.csv", row=2, line=2),
            None,
            {"Plan": "Basic", "Price": "9.90", "Notes": "Billed monthly"},
        ),
        (
            "table_row",
            "Plan: Team; Price: 49",
            Provenance("prices.csv", row=3, line=5),
            None,
            {"Plan": "Team", "Price": "49", "Notes": ""},
        ),
    ]


def test_csv_with_a_header_only_is_empty(tmp_path: Path) -> None:
    f = tmp_path / "head.csv"
    f.write_text("Plan,Price\n", encoding="utf-8")
    doc = load_file(f, display="head.csv")
    assert [p.code for p in doc.problems] == ["knowledge.empty"]


def test_hostile_markdown_lines_take_linear_time(tmp_path: Path) -> None:
    import time

    f = tmp_path / "hostile.md"
    f.write_text(
        "# "
        + " " * 50_000
        + "x\n\n"
        + "[x](" * 20_000
        + "\n\n"
        + "**x " * 20_000
        + "\n\n"
        + "a *b " * 20_000
        + "\n",
        encoding="utf-8",
    )
    start = time.monotonic()
    doc = load_file(f, display="hostile.md")
    assert time.monotonic() - start < 3
    assert len(doc.sections) == 4


def _memo() -> str:
    """A three-page plain-text memo laid out the way RFCs and many manuals are."""
    foot = "Lee                         Informational                    [Page {}]"
    head = "MEMO 12                  Parking Handbook                    May 2024"
    page1 = [
        "Office Services                                          A. Lee",
        "Category: Informational                                May 2024",
        "",
        "                          Parking Handbook",
        "",
        "Contents",
        "",
        "1.  Permits .....................................................  1",
        "1.1  Visitors ...................................................  1",
        "2.  Charging points .............................................  2",
        "",
        "1.  Permits",
        "",
        "   Every member of staff may apply for one permit a year.  Permits",
        "   are issued by the front desk and the steps to follow are:",
        "",
        "   (1)  Fill in the form at the front desk and give it to",
        "        the duty manager.",
        "   (2)  Wait for the email that says the permit is ready.",
        "",
        "1.1  Visitors",
        "",
        "   Visitors park in the marked bays next to the entrance and the",
        "   reception staff record the plate of every car that parks",
        "",
        "",
        foot.format(1),
    ]
    page2 = [
        head,
        "",
        "",
        "   there until it leaves.  No visitor needs a permit for a day.",
        "",
        "2.  Charging points",
        "",
        "   Four bays have a charging point; a car may charge for two hours.",
        "",
        foot.format(2),
    ]
    page3 = [head, "", "3.  Bicycles", "", "   Bicycles are kept in the shed.", "", foot.format(3)]
    return "\n\f\n".join("\n".join(p) for p in (page1, page2, page3)) + "\n"


def test_plain_text_read_by_its_layout(tmp_path: Path) -> None:
    f = tmp_path / "memo.txt"
    f.write_text(_memo(), encoding="utf-8")
    doc = load_file(f, display="memo.txt")
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    # The centred title, then the flush-left sections at the depth of their numbers;
    # the contents list and its title are not headings.
    assert heads == [
        (0, "Parking Handbook"),
        (1, "1. Permits"),
        (2, "1.1 Visitors"),
        (1, "2. Charging points"),
        (1, "3. Bicycles"),
    ]
    text = "\n".join(s.text for s in doc.sections)
    # Running header and footer, and the dot-leader contents list, are no text.
    assert "Informational" not in text.replace("Category: Informational", "")
    assert "[Page" not in text and "MEMO 12" not in text and "....." not in text
    assert "Contents" not in text
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    # A line indented under an item's text belongs to the item.
    assert items == [
        "Fill in the form at the front desk and give it to the duty manager.",
        "Wait for the email that says the permit is ready.",
    ]
    # The paragraph cut by the page break is one paragraph again.
    assert any(
        s.text.endswith(
            "record the plate of every car that parks there until it leaves. "
            "No visitor needs a permit for a day."
        )
        for s in doc.sections
    )


def test_plain_text_without_indentation_keeps_numbered_steps_as_items(tmp_path: Path) -> None:
    f = tmp_path / "steps.txt"
    f.write_text(
        "2.1 Saving a file\n\nTo save:\n\n1. Open the menu\n\n2. Choose Save\n", encoding="utf-8"
    )
    doc = load_file(f, display="steps.txt")
    assert [(s.kind, s.text) for s in doc.sections] == [
        ("heading", "2.1 Saving a file"),
        ("paragraph", "To save:"),
        ("list_item", "Open the menu"),
        ("list_item", "Choose Save"),
    ]


def test_markdown_lines_set_apart_by_hard_breaks_are_paragraphs_of_their_own(
    tmp_path: Path,
) -> None:
    # Spec sheets and addresses end each line with two spaces (or a backslash) so that
    # it shows on its own; a hard break before a line in lower case goes on the sentence.
    path = tmp_path / "tent.md"
    path.write_text(
        "## Technical Specs\n"
        "**Capacity**: 4-person  \n"
        "**Weight**: 8.5 lbs\\\n"
        "**Material**: Polyester\n\n"
        "The tent packs small  \n"
        "and sets up in minutes.\n",
        encoding="utf-8",
    )
    doc = load_file(path, display="tent.md")
    assert [(s.kind, s.text) for s in doc.sections] == [
        ("heading", "Technical Specs"),
        ("paragraph", "Capacity: 4-person"),
        ("paragraph", "Weight: 8.5 lbs"),
        ("paragraph", "Material: Polyester"),
        ("paragraph", "The tent packs small and sets up in minutes."),
    ]


def _headings(tmp_path: Path, name: str, text: str) -> list[tuple[int | None, str]]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return [(s.level, s.text) for s in load_file(f).sections if s.kind == "heading"]


def test_flush_left_text_shows_headings_by_underline_capitals_and_numbers(
    tmp_path: Path,
) -> None:
    text = (
        "Leave Policy\n============\n\n"
        "Staff take leave through the portal. Requests need two weeks of notice\n"
        "and the approval of a manager.\n\n"
        "1. Annual leave\n---------------\n\n"
        "Every employee has 25 days a year.\n\n"
        "1.1 Carrying days over\n\n"
        "Up to five days move to the next year.\n\n"
        "2. Sick leave\n-------------\n\n"
        "Report sickness before 10 am on the first day.\n\n"
        "1. Call your manager\n\n2. Fill in the form\n"
    )
    # Underlines nest in the order they first appear, numbers by their depth; numbered
    # lines that follow one another are list items, not sections.
    assert _headings(tmp_path, "leave.txt", text) == [
        (1, "Leave Policy"),
        (2, "1. Annual leave"),
        (3, "1.1 Carrying days over"),
        (2, "2. Sick leave"),
    ]


def test_short_lines_between_blank_lines_that_open_a_paragraph_are_headings(
    tmp_path: Path,
) -> None:
    text = (
        "Travel guide\n\n"
        "This guide covers trips abroad and the costs the company pays for.\n"
        "It applies to every office.\n\n"
        "BOOKING\n\n"
        "Book economy for flights under six hours; longer flights need approval.\n\n"
        "Hotels and meals\n\n"
        "Stay in the hotels on the approved list when there is one in the city.\n\n"
        "Per diem rates\n\n"
        "Meals are paid at the rate of the country, up to the limit on the list.\n\n"
        "Hi Sam,\n\nThanks for the draft of the guide. The numbers look right to me.\n\n"
        "Shopping list\n\nMilk\nBread\n\n"
        "Name     Days    Paid\n\nAlex     12      Yes\n\n"
        "Call me\n\nThanks\n\nAlex Brown\n"
    )
    # The opening line set like the headings is the title; capitals rank above plain
    # lines. A greeting, a line before a list of short lines, a row of columns, a short
    # paragraph and a signature are not headings.
    assert _headings(tmp_path, "travel.txt", text) == [
        (1, "Travel guide"),
        (1, "BOOKING"),
        (2, "Hotels and meals"),
        (2, "Per diem rates"),
    ]


def test_text_with_a_paragraph_per_line_and_no_blank_lines(tmp_path: Path) -> None:
    # Each long line ends a sentence: every line is a paragraph of its own, and the
    # short lines between them are headings. Wrapped text stays one paragraph.
    text = (
        "Travel policy\n"
        "Employees book travel through the approved portal at least fourteen days ahead.\n"
        "Managers approve each trip in advance and check the cost against their budget.\n"
        "Booking flights\n"
        "Book economy for flights under six hours. Business class needs a director.\n"
        "Hotels\n"
        "Stay in the hotels on the approved list when there is one in the city you visit.\n"
        "Wrapped text goes on from one line\n"
        "to the next until its sentence ends.\n"
    )
    f = tmp_path / "policy.txt"
    f.write_text(text, encoding="utf-8")
    doc = load_file(f)
    assert [(s.kind, s.level, s.text[:26]) for s in doc.sections] == [
        ("heading", 0, "Travel policy"),
        ("paragraph", None, "Employees book travel thro"),
        ("paragraph", None, "Managers approve each trip"),
        ("heading", 1, "Booking flights"),
        ("paragraph", None, "Book economy for flights u"),
        ("heading", 1, "Hotels"),
        ("paragraph", None, "Stay in the hotels on the "),
        ("paragraph", None, "Wrapped text goes on from "),
    ]
    assert doc.sections[-1].text.endswith("from one line to the next until its sentence ends.")


def test_a_link_whose_address_a_page_template_fills_in_reads_as_its_text(
    tmp_path: Path,
) -> None:
    # "[text]({% page "/x" %})": the site builds the address; a reader sees the link text.
    path = tmp_path / "team.md"
    path.write_text(
        'As per [the org chart]({% page "/org-chart" %}), the team reports to the director.\n'
        "Ask on [the help page]({{ site.baseurl }}/help/) before you file a ticket.\n",
        encoding="utf-8",
    )
    doc = load_file(path, display="team.md")
    assert [s.text for s in doc.sections] == [
        "As per the org chart, the team reports to the director. "
        "Ask on the help page before you file a ticket."
    ]


def test_a_markdown_line_of_images_alone_is_a_figure_not_text(tmp_path: Path) -> None:
    # A reader sees a picture where an image stands on its own line; its alt text is no
    # sentence, so it must not end up in a paragraph or in the answer built from it.
    path = tmp_path / "guide.md"
    path.write_text(
        "# Uploading files\n\n"
        "Select the files and press Upload.\n"
        "![Image of the upload dialog](images/upload.png)\n\n"
        "> ![Upload link](/docs/upload.png)\n\n"
        "[![build status](badge.svg)](https://ci.example.com)\n\n"
        "- Open the ![gear](gear.png) menu to change the limit.\n",
        encoding="utf-8",
    )
    texts = [s.text for s in load_file(path).sections]
    assert "Select the files and press Upload." in texts
    assert not any("upload dialog" in t or "Upload link" in t or "build status" in t for t in texts)
    # An image inside a sentence stands for a word the sentence needs.
    assert "Open the gear menu to change the limit." in texts


def test_a_pipe_table_with_no_filled_row_keeps_its_labels_as_a_line(tmp_path: Path) -> None:
    # A header over no row, over empty rows, or over rows a converter wrote as plain
    # lines: the labels are still text of the page, not dropped with the table.
    path = tmp_path / "empty.md"
    path.write_text(
        "# Sign-off\n\nShow times\n| Screen | Title | Time |\n|---|:--|--:|\n1 SCR-1 Winter 7 PM\n\n"
        "| Name | Date | Signature |\n| --- | --- | --- |\n|  |  |  |\n\n"
        "| Total due: | | $40.00 |\n|---|---|---|\n",
        encoding="utf-8",
    )
    doc = load_file(path)
    texts = [(s.kind, s.text) for s in doc.sections]
    assert ("paragraph", "Screen | Title | Time") in texts
    assert ("paragraph", "Name | Date | Signature") in texts
    assert ("paragraph", "Total due: | $40.00") in texts
    assert ("paragraph", "1 SCR-1 Winter 7 PM") in texts
    assert not any(s.kind == "table_row" for s in doc.sections)
