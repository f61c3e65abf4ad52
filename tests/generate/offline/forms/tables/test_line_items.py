"""A record's line items (an invoice's parts and labour) are asked for their price on the
record, named by whom it is for; the same table outside a record is asked as any table."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.record_fixtures import docx_doc

_ITEMS = [
    ["Line", "Description", "Qty", "Unit Price", "Amount"],
    ["1", "Rear brake pads", "1", "$96.00", "$96.00"],
    ["2", "Brake fluid flush", "1", "$79.50", "$79.50"],
    ["3", "Labor", "2.5", "$64.00", "$160.00"],
    ["4", "Wheel weights", "8", "$0.75", "$6.00"],
]


def _cases(tmp_path: Path, title: str, fields: list[str]) -> dict[str, str]:
    outcome = generate_offline(
        tmp_path,
        docx_doc(tmp_path / "invoice.docx", title, fields, _ITEMS, ["Total Due: $341.50"]),
        30,
    )
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


_FIELDS = ["Invoice Number: 7781", "Customer: Ana Lucia Ortega", "Vehicle: 2012 Honda Fit"]


def test_line_items_are_asked_on_the_record(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "Corner Auto - Service Invoice", _FIELDS)
    record = "the Corner Auto service invoice for Ana Lucia Ortega"
    assert cases.get(f"How much are the rear brake pads on {record}?") == "$96.00", cases
    assert cases.get(f"What is the unit price of the wheel weights on {record}?") == "$0.75"
    assert cases.get(f"How much is the total due on {record}?") == "$341.50"
    assert not [q for q in cases if "description" in q.casefold() or " line " in q], cases


def test_items_outside_a_record_are_not_asked_of_one(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "Brake Service Price Guide", [])
    assert not [q for q in cases if "invoice" in q], cases


def test_a_record_laid_out_in_boxes_names_itself_and_its_work(tmp_path: Path) -> None:
    # A form's fields in a two-column table (the first box read as a header), its work
    # in a table of operations, its totals in boxes again.
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    def boxed(rows: list[list[str]]) -> Table:
        table = Table(rows)
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black)]))
        return table

    fields = [["Estimate No.", "E-5510"], ["Customer", "Ines Moreau"], ["Vehicle", "2015 Mazda 3"]]
    work = [
        ["Description", "Amount"],
        ["Repair rear door", "$340.00"],
        ["Refinish rear door", "$220.00"],
        ["Blend quarter panel", "$95.00"],
    ]
    totals = [["Subtotal", "$655.00"], ["Tax", "$40.61"], ["Total", "$695.61"]]
    path = tmp_path / "estimate.pdf"
    title = Paragraph("Eastside Body Works - Repair Estimate", getSampleStyleSheet()["Title"])
    story = [title, boxed(fields), Spacer(1, 12), boxed(work), Spacer(1, 12), boxed(totals)]
    SimpleDocTemplate(str(path), pagesize=LETTER).build(story)
    outcome = generate_offline(tmp_path, path, 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    record = "the Eastside Body Works repair estimate for Ines Moreau"
    assert pairs.get(f"How much is the total on {record}?") == "$695.61", pairs
    assert pairs.get(f"What is the estimate number on {record}?") == "E-5510", pairs
    assert pairs.get(f"How much is charged to blend quarter panel on {record}?") == "$95.00"
