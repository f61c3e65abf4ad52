"""A listing of payments (an expenditure report, a register of payments) is asked as a
reader asks about a payment: how much was paid to whom for what, when, and what a payment
covered; a payee paid more than once is told apart by the purpose, then the date."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.record_fixtures import docx_doc

_ROWS = [
    ["Check No.", "Payee", "Purpose", "Date", "Amount"],
    ["4410", "Northwind Paper Co", "Printing of ballots", "03/04/2024", "$3,120.00"],
    ["4411", "Harbor Couriers", "Delivery of ballots", "03/06/2024", "$240.00"],
    ["4412", "Northwind Paper Co", "Envelopes", "03/11/2024", "$515.40"],
    ["4413", "Lakeview Catering", "Poll worker lunches", "03/19/2024", "$688.75"],
    ["4414", "Harbor Couriers", "Delivery of ballots", "03/27/2024", "$260.00"],
]


def _cases(tmp_path: Path, title: str) -> dict[str, str]:
    path = docx_doc(tmp_path / "payments.docx", title, rows=_ROWS)
    outcome = generate_offline(tmp_path, path, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_payment_is_asked_by_payee_and_purpose(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "Register of Payments - County Elections Office")
    assert cases.get("How much was paid to Northwind Paper Co for envelopes?") == "$515.40", cases
    assert cases.get("When was Lakeview Catering paid for poll worker lunches?") == "03/19/2024"
    assert cases.get("What did the $3,120.00 payment to Northwind Paper Co cover?") == (
        "Printing of ballots"
    )
    # Two payments to one payee for one purpose: told apart by the date.
    assert cases.get(
        "How much was paid to Harbor Couriers for delivery of ballots on 03/27/2024?"
    ) == ("$260.00")
    assert not [q for q in cases if "check no" in q.casefold() or " payee?" in q], cases


def test_a_title_span_of_months_is_the_whole_period(tmp_path: Path) -> None:
    from datasetkit.generate.offline.context import report_period

    assert report_period("Statement of Expenditures, January-March 2024") == "January-March 2024"
    assert report_period("Sales Summary – May 2025") == "May 2025"


def test_a_body_named_past_its_first_word_is_not_cut_to_it(tmp_path: Path) -> None:
    # "Committee on Public Works": the name goes on past "Committee", which names no one.
    cases = _cases(tmp_path, "Committee on Public Works - Statement of Expenditures, March 2024")
    assert cases, "a payment listing gives questions"
    assert not [q for q in cases if "Committee's" in q or "at Committee" in q], cases


def test_a_unit_in_the_amount_header_still_makes_a_listing(tmp_path: Path) -> None:
    rows = [["Vendor Name", "Expense Type", "Payment Amount ($)"]]
    rows += [["Summit Rentals", "Chair rental", "$310.00"], ["Orchard Press", "Flyers", "$85.40"]]
    rows += [["Bluebird Sound", "PA system", "$450.00"]]
    path = docx_doc(tmp_path / "expenses.docx", "Spring Fair Expenses", rows=rows)
    outcome = generate_offline(tmp_path, path, 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    amounts = {"Summit Rentals": "$310.00", "Orchard Press": "$85.40", "Bluebird Sound": "$450.00"}
    asked = {q: a for q, a in pairs.items() if q.startswith("How much was paid to ")}
    assert asked, pairs
    for q, a in asked.items():
        assert amounts[q.removeprefix("How much was paid to ").rstrip("?")] == a, (q, a)
