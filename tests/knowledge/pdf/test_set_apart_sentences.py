"""Sentences set apart by their type are no headings: the bold opening words of a
paragraph that goes on in lower case on the next line, and a quotation pulled out in
large type. The section titles around them stay headings."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import Run, write_runs

B, R = "Helvetica-Bold", "Helvetica"

BODY = [
    "Each office keeps a list of the data it holds and publishes it once a year for the",
    "public. The list says who answers questions about each set and how often it changes.",
    "Offices that hold no data say so in a short note that goes out with the annual report.",
]


def _outline(doc: Document) -> list[str]:
    return [s.text for s in doc.sections if s.kind == "heading"]


def _body() -> list[list[Run] | None]:
    return [[(t, R, 10.0)] for t in BODY]


def test_bold_opening_words_going_on_in_lower_case_are_no_heading(tmp_path: Path) -> None:
    lines: list[list[Run] | None] = [[("Open Data Guide", B, 18.0)], None]
    lines += [[("Publishing the Catalogue", B, 14.0)], None, *_body(), None]
    lines += [[("For data to be open and useful to others, it is essential", B, 10.0)]]
    lines += [[("to describe every file in the catalogue with its licence and owner.", R, 10.0)]]
    lines += [None, *_body(), None]
    lines += [[("Keeping Data Current", B, 14.0)], None, *_body()]
    outline = _outline(load_file(write_runs(tmp_path / "guide.pdf", lines)))
    assert outline == ["Open Data Guide", "Publishing the Catalogue", "Keeping Data Current"]


def test_a_pull_quote_in_large_type_is_no_heading(tmp_path: Path) -> None:
    lines: list[list[Run] | None] = [[("The Rationing Debate", B, 18.0)], None]
    lines += [[("Defining the Boundaries", B, 13.0)], None, *_body(), None]
    lines += [[("“Whether a service belongs in the package has nothing to do with cost”", R, 13.0)]]
    lines += [None, *_body(), None]
    lines += [[("Meeting the Objections", B, 13.0)], None, *_body()]
    outline = _outline(load_file(write_runs(tmp_path / "debate.pdf", lines)))
    assert outline == ["The Rationing Debate", "Defining the Boundaries", "Meeting the Objections"]
