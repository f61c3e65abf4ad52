"""How agreements title their parts and clauses: a bold numbered title ending with a
colon, lower-case lettered titles under a numbered section, and attachment or exhibit
titles that the numbered sections after them sit under, all in one body type."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"


def _agreement(path: Path) -> Path:
    first = [
        ("Attachment A: Master Agreement Terms and Conditions", B, 10),
        ("", R, 10),
        ("1. Order of Precedence", B, 10),
        *body(*PROSE),
        ("2. Purchasing Entity Data:", B, 10),
        *body(*PROSE),
        ("3. Additional Terms and Conditions", B, 10),
        *body(*PROSE),
        ("a. Restrictions:", B, 10),
        *body(*PROSE),
        ("b. Service Specifications:", B, 10),
        *body(*PROSE),
        ("c. Non-appropriation of funds:", B, 10),
        *body(*PROSE),
        # A lead-in sentence in bold ending with a colon stays a paragraph.
        ("4. The parties agree to the following terms for the services:", B, 10),
        *body(*PROSE),
    ]
    # The exhibit is set a point smaller than the agreement.
    small = [*((t, R, 9.0) for t in PROSE), ("", R, 9.0)]
    second = [
        ("Exhibit 1 to the Master Agreement: Hosting Services", B, 10),
        ("", R, 10),
        ("1. Data Location", B, 9),
        *small,
        ("2. Background Checks:", B, 9),
        *small,
    ]
    return write_pages(path, [first, second])


def test_parts_and_clause_titles_nest_by_what_they_are(tmp_path: Path) -> None:
    doc = load_file(_agreement(tmp_path / "agreement.pdf"))
    heads = [(s.text, s.level) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        ("Attachment A: Master Agreement Terms and Conditions", 1),
        ("1. Order of Precedence", 2),
        ("2. Purchasing Entity Data:", 2),
        ("3. Additional Terms and Conditions", 2),
        ("a. Restrictions:", 3),
        ("b. Service Specifications:", 3),
        ("c. Non-appropriation of funds:", 3),
        ("Exhibit 1 to the Master Agreement: Hosting Services", 2),
        ("1. Data Location", 3),
        ("2. Background Checks:", 3),
    ]
    checks = next(s for s in doc.sections if s.text == "2. Background Checks:")
    assert checks.provenance.heading_path == (
        "Attachment A: Master Agreement Terms and Conditions",
        "Exhibit 1 to the Master Agreement: Hosting Services",
        "2. Background Checks:",
    )


def test_a_bold_numbered_list_stays_a_list(tmp_path: Path) -> None:
    page = [
        ("ACTION REQUIREMENTS", B, 14),
        ("", R, 10),
        *body(*PROSE),
        ("1. Action Name", B, 10),
        ("2. Priority", B, 10),
        ("3. Type of Action:", B, 10),
        ("4. Action Description", B, 10),
        ("5. Sample Data - the payload that helps with the development", R, 10),
        ("6. Test Accounts - any account needed to run the action", R, 10),
        ("", R, 10),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "actions.pdf", [page]))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["ACTION REQUIREMENTS"]
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert items[:4] == ["Action Name", "Priority", "Type of Action:", "Action Description"]


def test_the_centred_last_line_of_a_bold_note_is_no_heading(tmp_path: Path) -> None:
    canv = Canvas(str(tmp_path / "note.pdf"), pagesize=LETTER)
    y = LETTER[1] - 72.0
    canv.setFont(B, 14)
    canv.drawString(72, y, "PARTICIPATING ADDENDUM")
    canv.setFont(R, 10)
    for text in PROSE:
        y -= 12.5
        canv.drawString(72, y, text)
    y -= 8.0
    canv.setFont(B, 10)
    note = [
        (120.0, "Please email a fully executed copy of this document to the program office"),
        (120.0, "so that the participation of the state can be recorded and shown in the"),
        (220.0, "appropriate data bases."),
    ]
    for x, text in note:
        y -= 12.5
        canv.drawString(x, y, text)
    canv.save()
    doc = load_file(tmp_path / "note.pdf")
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["PARTICIPATING ADDENDUM"]
    assert any(s.text.endswith("appropriate data bases.") for s in doc.sections)


def test_short_bold_titles_ending_with_a_full_stop_title_their_clauses(tmp_path: Path) -> None:
    large = [(t, R, 12.0) for t in PROSE]
    # The attachment is set a point smaller than the agreement, its clause titles in bold
    # ending with a full stop, as a run-in title would.
    small = [*((t, R, 11.0) for t in PROSE), ("", R, 11.0)]
    first = [
        ("SCOPE OF SERVICES", B, 16),
        *(line for _ in range(4) for line in [("", R, 12), *large]),
    ]
    second = [
        ("1.1 Awarded Service Model(s).", B, 11),
        ("Contractor is awarded the following service model:", R, 11),
        ("• Infrastructure as a Service", R, 11),
        ("• Platform as a Service", R, 11),
        ("", R, 11),
        ("Deployment Models.", B, 11),
        *small,
        # A sentence in bold stays a paragraph.
        ("All prices are shown in dollars.", B, 11),
        *small,
    ]
    doc = load_file(write_pages(tmp_path / "scope.pdf", [first, second]))
    assert [s.text for s in doc.sections if s.kind == "heading"] == [
        "SCOPE OF SERVICES",
        "1.1 Awarded Service Model(s).",
        "Deployment Models.",
    ]


def test_an_attachment_printed_in_small_type_is_titled_at_the_top_of_its_page(
    tmp_path: Path,
) -> None:
    large = [(t, R, 12.0) for t in PROSE]
    first = [("1. Scope", B, 12), *(line for _ in range(3) for line in [*large, ("", R, 12)])]
    # A price list printed into the agreement: every line in small type, its title a
    # point larger than the rows and in bold.
    rows = [(f"Service tier {k}      Discount {5 + k}%", R, 7.0) for k in range(12)]
    price_list = [
        ("Attachment C - Pricing Discounts and Schedule", B, 8),
        ("Contractor: Example Services, Inc.", R, 8),
        ("", R, 7),
        *rows,
    ]
    doc = load_file(write_pages(tmp_path / "pricing.pdf", [first, price_list]))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert (1, "Attachment C - Pricing Discounts and Schedule") in heads


def test_a_title_in_a_series_set_a_point_smaller_takes_its_place_in_the_series(
    tmp_path: Path,
) -> None:
    items = [
        ("A. THE AGGREGATE LIABILITY OF EITHER PARTY IS LIMITED TO THE FEES", R, 10),
        ("PAID UNDER THE ORDER IN THE TWELVE MONTHS BEFORE THE CLAIM.", R, 10),
        ("B. NEITHER PARTY IS LIABLE FOR INDIRECT OR CONSEQUENTIAL DAMAGES.", R, 10),
        ("", R, 10),
    ]
    page = [
        ("1. Additional Terms and Conditions", B, 10),
        *body(*PROSE),
        ("a. Restrictions:", B, 10),
        *body(*PROSE),
        ("b. Use of the Services:", B, 10),
        *body(*PROSE),
        # The same kind of title, set a point smaller over a list of capital items.
        ("c. Limitation of Liability:", B, 9),
        *items,
        ("d. Export:", B, 10),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "terms.pdf", [page]))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert [level for level, _ in heads[1:]] == [heads[1][0]] * 4
    assert [text for _, text in heads] == [
        "1. Additional Terms and Conditions",
        "a. Restrictions:",
        "b. Use of the Services:",
        "c. Limitation of Liability:",
        "d. Export:",
    ]
