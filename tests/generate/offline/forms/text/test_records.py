"""The fields of a filled-in record (an invoice, an estimate, an application), one per
line, are asked of the record, which the question names by its kind and by whom it is
for ("How much is the total due on <Issuer>'s repair invoice for <Customer>?")."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.record_fixtures import docx_doc, pdf_lines

_INVOICE = [
    "Invoice Number: INV-3301",
    "Customer: Priya Raman",
    "Vehicle: 2016 Subaru Outback",
    "Odometer: 88,412",
    "Parts: $512.30",
    "Labor: $410.00",
    "Shop Supplies: $24.95",
    "Total Due: $1,092.55",
]
_APPLICATION = [
    "Applicant: Tomasz Wielgosz",
    "Business Name: Wielgosz Bakery LLC",
    "Licence Type: Retail food establishment",
    "Seating Capacity: 28",
    "Application Fee: $150.00",
]


def _cases(outcome: object) -> dict[str, str]:
    dataset = getattr(outcome, "dataset", None)
    cases = dataset.cases if dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_an_invoice_s_amounts_are_asked_of_the_customer_s_invoice(tmp_path: Path) -> None:
    path = pdf_lines(tmp_path / "invoice.pdf", "Lakeside Garage - Repair Invoice", _INVOICE)
    cases = _cases(generate_offline(tmp_path, path, 20))
    total = [q for q, a in cases.items() if a == "$1,092.55"]
    assert total == [
        "How much is the total due on the Lakeside Garage repair invoice for Priya Raman?"
    ], cases
    assert any(a == "$410.00" and "labor" in q for q, a in cases.items()), cases
    assert all("the Lakeside Garage repair invoice for Priya Raman" in q for q in cases), cases


def test_an_application_s_fields_name_the_applicant(tmp_path: Path) -> None:
    path = docx_doc(tmp_path / "licence.docx", "Application for Food Licence", _APPLICATION)
    cases = _cases(generate_offline(tmp_path, path, 20))
    fee = [q for q, a in cases.items() if a == "$150.00"]
    assert fee == [
        "How much is the application fee on Tomasz Wielgosz's application for food licence?"
    ], cases


def test_fields_under_a_title_that_names_no_record_are_not_asked_of_one(tmp_path: Path) -> None:
    # "Weekly Notes" is no kind of record: no record's name is made up for its lines.
    path = docx_doc(tmp_path / "notes.docx", "Weekly Notes", _INVOICE)
    cases = _cases(generate_offline(tmp_path, path, 20))
    assert not [q for q in cases if "Priya Raman's" in q], cases


def test_a_record_s_date_is_asked_of_the_record(tmp_path: Path) -> None:
    lines = [*_INVOICE[:2], "Invoice Date: May 6, 2024", *_INVOICE[2:]]
    path = docx_doc(tmp_path / "invoice.docx", "Lakeside Garage - Repair Invoice", lines)
    cases = _cases(generate_offline(tmp_path, path, 20))
    assert (
        cases.get("What is the invoice date on the Lakeside Garage repair invoice for Priya Raman?")
        == "May 6, 2024"
    )


def test_labelled_lines_in_running_text_make_no_record(tmp_path: Path) -> None:
    # Three labelled lines among many paragraphs of a claim procedure: no record to name.
    prose = [f"Paragraph {n} of the procedure explains how a claim is reviewed." for n in range(12)]
    path = docx_doc(tmp_path / "claims.docx", "Claim Form Guidance", [*_APPLICATION[:3], *prose])
    cases = _cases(generate_offline(tmp_path, path, 20))
    assert not [q for q in cases if "Tomasz Wielgosz's" in q], cases


def test_a_line_that_names_the_document_s_own_organisation_is_not_asked(tmp_path: Path) -> None:
    # Role profiles that each open "Company: <the organisation the title names>".
    from docx import Document

    d = Document()
    d.add_heading("Role Descriptions at Fabrikam Hotels", 1)
    for role, pay in (("Night Auditor", "$38,000 to $44,000"), ("Concierge", "$35,000 to $41,000")):
        d.add_heading(role, 2)
        for line in (f"Position: {role}", "Company: Fabrikam Hotels", f"Salary Range: {pay}"):
            d.add_paragraph(line)
    d.save(str(tmp_path / "roles.docx"))
    cases = _cases(generate_offline(tmp_path, tmp_path / "roles.docx", 20))
    assert cases, "role profiles give questions"
    assert not [q for q, a in cases.items() if a == "Fabrikam Hotels"], cases


def test_a_record_is_named_by_its_issuer_never_by_a_date_line(tmp_path: Path) -> None:
    # A letterhead under the record's kind, a printed-on line first, and no customer field:
    # every question names the issuer's order, none the "Print Date" line.
    path = tmp_path / "booking.docx"
    lines = [
        "Print Date 11/02/2023 09:15:40",
        "Billing Type: Net 45",
        "Payment Terms: Prepaid",
        "Contact Email: desk@example.org",
        "Commission: 12%",
    ]
    from docx import Document

    d = Document()
    d.add_heading("BOOKING ORDER", 1)
    d.add_paragraph(lines[0])
    d.add_heading("HARBOURVIEW THEATRES Orders", 2)
    for line in lines[1:]:
        d.add_paragraph(line)
    d.save(str(path))
    cases = _cases(generate_offline(tmp_path, path, 20))
    assert cases, cases
    assert not [q for q in cases if "Print Date" in q or "11/02" in q], cases
    asked = [q for q, a in cases.items() if a.startswith("Net 45")]
    assert asked and "the Harbourview Theatres booking order" in asked[0], cases


def test_a_record_with_no_customer_is_named_by_its_number(tmp_path: Path) -> None:
    lines = ["Order Number: PO-7731", "Ship Via: Ground", "Freight: $42.00", "Terms: Net 30"]
    path = pdf_lines(tmp_path / "order.pdf", "Northgate Supply - Purchase Order", lines)
    cases = _cases(generate_offline(tmp_path, path, 20))
    freight = [q for q, a in cases.items() if a == "$42.00"]
    assert freight == ["How much is the freight on the Northgate Supply purchase order PO-7731?"]


def test_a_table_s_one_row_over_its_total_is_asked_once(tmp_path: Path) -> None:
    rows = [
        ["Month", "Shows", "Gross Amount"],
        ["March 2024", "36", "$9,400.00"],
        ["Totals", "36", "$9,400.00"],
    ]
    lines = ["Billing Type: Net 45", "Payment Terms: Prepaid", "Contact Email: desk@example.org"]
    path = docx_doc(tmp_path / "order.docx", "Harbourview Theatres - Booking Order", lines, rows)
    cases = _cases(generate_offline(tmp_path, path, 20))
    gross = [q for q, a in cases.items() if a.startswith("$9,400")]
    assert len(gross) == 1, cases


def test_a_bare_name_field_says_whose_name_its_heading_gives(tmp_path: Path) -> None:
    from docx import Document

    d = Document()
    d.add_heading("Harbourview Theatres - Booking Order", 1)
    for line in ["Billing Type: Net 45", "Payment Terms: Prepaid", "Commission: 12%"]:
        d.add_paragraph(line)
    d.add_heading("Customer", 2)
    grid = [["Name:", "Lumen Pictures", "Category:", "Film Distributor"]]
    grid += [["Customer ID:", "C-4410", "Contact Email:", "desk@lumen.example"]]
    table = d.add_table(rows=2, cols=4)
    for r, row in enumerate(grid):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    path = tmp_path / "order.docx"
    d.save(str(path))
    cases = _cases(generate_offline(tmp_path, path, 20))
    named = [q for q, a in cases.items() if a == "Lumen Pictures"]
    assert named and all("customer's name" in q for q in named), cases


def test_a_figure_run_together_with_an_address_is_not_an_answer(tmp_path: Path) -> None:
    lines = ["Billing Type: Net 45", "Commission: 12% 48 Harbour Road Suite 5 Leith", "Rate: 9%"]
    path = docx_doc(tmp_path / "agency.docx", "Booking Agency Terms", lines)
    cases = _cases(generate_offline(tmp_path, path, 20))
    # The labelled line is not asked with the address as its commission.
    assert not [q for q, a in cases.items() if "Harbour Road" in a and "commission " in q], cases
    assert cases.get("What is the rate under the Booking Agency Terms?") == "9%", cases
