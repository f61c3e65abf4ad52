"""A Word table whose label column has no header of its own (an empty first header cell):
its rows are asked by their labels, never as "the <label> column 1"."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.record_fixtures import docx_doc

_LEAD = ["Here are the snacks our rangers pack for a day on the trail:"]


_ROWS = [
    ["", "Snack", "Calories per serving"],
    ["Nuts", "Almonds, Cashews, Walnuts", "170"],
    ["Dried fruit", "Apricots, Raisins, Figs", "90"],
    ["Bars", "Granola, Protein, Oat", "210"],
]


def _cases(tmp_path: Path, rows: list[list[str]]) -> dict[str, str]:
    outcome = generate_offline(
        tmp_path, docx_doc(tmp_path / "snacks.docx", "Ranger Trail Snack Guide", _LEAD, rows), 20
    )
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_rows_under_an_unheaded_label_column_are_asked_by_their_labels(tmp_path: Path) -> None:
    cases = _cases(tmp_path, _ROWS)
    asked = [q for q in cases if any(k in q for k in ("Nuts", "Dried fruit", "Bars"))]
    assert asked, cases
    assert not [q for q in cases if "column" in q.casefold()], cases
    assert any("calories" in q and cases[q].startswith(("170", "90", "210")) for q in asked), cases
    # A cell that lists several things is asked which are listed, not "the examples"; the
    # question may name the guide the table belongs to.
    nuts = [a for q, a in cases.items() if q.startswith("Which snacks are listed for Nuts")]
    assert nuts == ["Almonds, Cashews, Walnuts"], cases


def test_cells_that_are_pieces_of_sentences_are_not_asked_as_row_names(tmp_path: Path) -> None:
    # Running text a reader split into cells: its pieces name no row.
    rows = [
        ["", "Notes", "Page"],
        ["glittering successes, and where", "One of the highest", "12"],
        ["bolder initiatives and more", "to the growth of", "18"],
        ["successive generations create", "nearing its end", "24"],
    ]
    cases = _cases(tmp_path, rows)
    assert not [q for q in cases if "glittering" in q or "bolder" in q], cases


def test_a_row_of_a_table_of_items_is_named_by_its_label_alone(tmp_path: Path) -> None:
    # "Item" says only that a row is one of the table's: "the Nuts item" names nothing more.
    rows = [["Item", "Snack", "Calories per serving"], *_ROWS[1:]]
    cases = _cases(tmp_path, rows)
    assert cases, "a table of items gives questions"
    assert not [q for q in cases if " item?" in q or " item " in q.replace("Which item", "")], cases


def test_a_grid_of_fields_is_not_asked_as_named_rows(tmp_path: Path) -> None:
    # Label | value | label | value, the labels' columns unheaded: a form, whose field
    # labels name no row ("What is the vehicle for Phone?").
    rows = [
        ["", "Customer", "", "Vehicle"],
        ["Phone", "(555) 010-2000", "Make", "Jeep"],
        ["Policy #", "P-20931", "Model", "Compass"],
        ["Email", "lena@example.com", "Year", "2021"],
    ]
    cases = _cases(tmp_path, rows)
    assert not [q for q in cases if q.endswith(("for Phone?", "for Email?", "for Policy #?"))], (
        cases
    )


def test_rows_named_by_an_unheaded_column_need_something_they_belong_to(tmp_path: Path) -> None:
    # A bare table, no title or subject: "What is the cost for Parts?" says not whose parts.
    from docx import Document

    d = Document()
    d.add_paragraph("See below.")
    rows = [["", "Hours", "Rate", "Cost"], ["Body Labor", "2", "150", "300"]]
    rows += [["Paint Labor", "1.5", "150", "225"], ["Glass Labor", "3", "120", "360"]]
    table = d.add_table(rows=len(rows), cols=4)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    path = tmp_path / "sheet.docx"
    d.save(str(path))
    outcome = generate_offline(tmp_path, path, 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    asked = [c.turns[0].prompt for c in cases]
    assert not [q for q in asked if "Labor" in q], asked


def test_a_column_headed_by_a_determiner_is_not_asked(tmp_path: Path) -> None:
    # A table of links whose column is headed "All": "What is the all for Tickets?" is garbled.
    rows = [
        ["", "All", "Needs a volunteer"],
        ["Tickets", "All tickets (https://example.org/t)", "Open tickets (https://example.org/o)"],
        ["Reviews", "All reviews (https://example.org/r)", "Waiting (https://example.org/w)"],
        ["Drafts", "All drafts (https://example.org/d)", "Stale drafts (https://example.org/s)"],
    ]
    cases = _cases(tmp_path, rows)
    assert not [q for q in cases if "the all" in q.casefold()], cases
