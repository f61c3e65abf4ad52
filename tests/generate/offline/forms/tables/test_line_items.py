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
    record = "Ana Lucia Ortega's service invoice"
    assert cases.get(f"How much are the rear brake pads on {record}?") == "$96.00", cases
    assert cases.get(f"What is the unit price of the wheel weights on {record}?") == "$0.75"
    assert cases.get(f"How much is the total due on {record}?") == "$341.50"
    assert not [q for q in cases if "description" in q.casefold() or " line " in q], cases


def test_items_outside_a_record_are_not_asked_of_one(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "Brake Service Price Guide", [])
    assert not [q for q in cases if "invoice" in q], cases
