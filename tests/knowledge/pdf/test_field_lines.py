"""A filled form: prompts in the form's type, answers typed in another, larger one.
Neither an answer nor a prompt with its answer is a heading; the form's own lettered
sections are."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import Run, write_runs

B, R, T = "Helvetica-Bold", "Helvetica", "Times-Roman"
FORM = 9.0
ANSWER = 11.0


def _outline(doc: Document) -> list[str]:
    return [s.text for s in doc.sections if s.kind == "heading"]


def _prompt(text: str, bold: bool = False) -> list[Run]:
    return [(text, B if bold else R, FORM)]


def _answer(*lines: str) -> list[list[Run] | None]:
    return [[(text, T, ANSWER)] for text in lines]


INSTRUCTIONS = [
    "Reports that leave out any of the required information are returned to the agency for",
    "completion. Fill in every field; write N/A where a field does not apply to the case and",
    "attach any pages the answers need. Keep a copy of the report with the case file.",
]
ANSWERS = [
    (
        "The agency received a report about the child on the morning after the incident and",
        "opened an assessment the same day, with a visit to the home in the afternoon.",
    ),
    (
        "The caseworker met the family at the hospital and spoke with the doctors who were",
        "treating the child, and then with the police officers who were at the house.",
    ),
    (
        "Services were offered to the mother and accepted, and the family was seen every",
        "week in the month that followed, until the case was closed by the supervisor.",
    ),
]


def _form(path: Path) -> Path:
    lines: list[list[Run] | None] = [[("Summary Report for a Serious Incident", B, 13.0)], None]
    lines += [_prompt(t) for t in INSTRUCTIONS] + [None]
    lines += [[("Race or Ethnicity: ", R, FORM), ("African American or Black", T, ANSWER)], None]
    lines += [_prompt("Date of Incident: 01/09/2015"), None]
    lines += [_prompt("A. Children residing at home at the time of the incident:", True)]
    for k, answer in enumerate(ANSWERS):
        lines += [_prompt(f"Description of what the agency did, part {k + 1}:"), None]
        lines += [*_answer(*answer), None]
    lines += [_prompt("Summary of the services provided to the family before the incident:")]
    lines += [*_answer("N/A"), None]
    lines += [
        _prompt("B. Children residing in out-of-home care at the time of the incident:", True)
    ]
    lines += [_prompt("Description of the placement and the reasons it was chosen for the"), None]
    lines += [*_answer("Not applicable: the child lived at home with the family at the time.")]
    lines += [None, *[_prompt(t) for t in INSTRUCTIONS]]
    return write_runs(path, lines)


def test_an_answer_typed_larger_than_the_form_is_not_a_heading(tmp_path: Path) -> None:
    # The answers run as paragraphs in their own type; a short one ("N/A") is one of
    # them, not a title over what follows.
    outline = _outline(load_file(_form(tmp_path / "form.pdf")))
    assert "N/A" not in outline
    assert outline[0] == "Summary Report for a Serious Incident"


def test_a_prompt_with_its_answer_on_one_line_is_a_field(tmp_path: Path) -> None:
    # The prompt is in the form's type and ends with a colon; the answer after it is
    # larger: a field and its value, which no reader takes for a heading.
    outline = _outline(load_file(_form(tmp_path / "form.pdf")))
    assert not any(text.startswith("Race or Ethnicity") for text in outline)


def test_the_forms_lettered_sections_ending_in_a_colon_are_headings(tmp_path: Path) -> None:
    # "A. ...:" in bold over the prompts and answers of its section titles them; a
    # lead-in ending in a colon leads into a list, and none follows here.
    outline = _outline(load_file(_form(tmp_path / "form.pdf")))
    assert "A. Children residing at home at the time of the incident:" in outline
    assert "B. Children residing in out-of-home care at the time of the incident:" in outline


def test_contact_lines_set_apart_are_not_headings(tmp_path: Path) -> None:
    # The authors' addresses under a paper's title and a help desk's number in bold
    # are contact details, whatever their type; the sections around them stay headings.
    lines: list[list[Run] | None] = [[("Reading Forms at Scale", B, 16.0)], None]
    lines += [[("ana@example.edu   ben@example.org", R, 12.0)], None]
    lines += [[("1 Introduction", B, 12.0)], None]
    lines += [[(t, R, 10.0)] for t in INSTRUCTIONS] + [None]
    lines += [[("Finance Helpdesk 816-926-7287 or 1-800-676-3690", B, 10.0)], None]
    lines += [[(t, R, 10.0)] for t in INSTRUCTIONS] + [None]
    lines += [[("2 Method", B, 12.0)], None]
    lines += [[(t, R, 10.0)] for t in INSTRUCTIONS]
    outline = _outline(load_file(write_runs(tmp_path / "paper.pdf", lines)))
    assert outline == ["Reading Forms at Scale", "1 Introduction", "2 Method"]


def test_the_end_of_a_line_set_apart_is_not_a_heading(tmp_path: Path) -> None:
    # A bold cell's text wrapped onto a line of its own ("31 December)", a lower-case
    # run-on) is the end of a longer line, not a title; the titles around it stay.
    body: list[list[Run] | None] = [[(t, R, 10.0)] for t in INSTRUCTIONS]
    lines: list[list[Run] | None] = [[("Fund Prospectus", B, 16.0)], None, *body, None]
    lines += [[("Accounting Dates", B, 10.0)], None, *body, None]
    lines += [[("31 December)", B, 10.0)], None, *body, None]
    lines += [[("particular class of share of a Fund", B, 10.0)], None, *body, None]
    lines += [[("Income Allocation", B, 10.0)], None, *body]
    outline = _outline(load_file(write_runs(tmp_path / "fund.pdf", lines)))
    assert outline == ["Fund Prospectus", "Accounting Dates", "Income Allocation"]
