"""A count or a list of the rows with a value holds for the whole table: never over part
of a table cut in pieces or continued on another sheet, and never over a subset of what
the value means ("Director" beside "Lead Independent Director")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.xlsx_fixtures import make_sheets_xlsx

HEADER = ["Employee", "Department", "Office"]
PEOPLE = [
    ["Ana Ruiz", "Sales", "Lisbon"],
    ["Ben Okafor", "Sales", "Lagos"],
    ["Chloe Martin", "Finance", "Lyon"],
    ["Dev Patel", "Sales", "Pune"],
    ["Eva Novak", "Finance", "Brno"],
    ["Femi Adeyemi", "Sales", "Accra"],
    ["Gus Lind", "Legal", "Oslo"],
]
SIGNATURES = [
    ["Signature", "Title"],
    ["Hana Ito", "Chairman and Chief Executive Officer"],
    ["Ivan Petrov", "Director"],
    ["Jo Kim", "Director"],
    ["Karl Berg", "Lead Independent Director"],
    ["Lena Vogel", "Director"],
    ["Mia Rossi", "Director"],
    ["Nils Holm", "Chief Financial Officer"],
]


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


_WHOLE_TABLE = re.compile(r"(?i)^(?:how many|which) employees?\b")


def test_a_table_continued_on_another_sheet_is_not_counted_from_one_part(tmp_path: Path) -> None:
    whole = make_sheets_xlsx(tmp_path / "whole.xlsx", {"Staff": [HEADER, *PEOPLE]})
    counted = [q for q in _pairs(generate_offline(tmp_path, whole, 30)) if _WHOLE_TABLE.match(q)]
    assert counted, "a whole table is counted"
    split = make_sheets_xlsx(
        tmp_path / "split.xlsx",
        {"Staff A-E": [HEADER, *PEOPLE[:5]], "Staff F-Z": [HEADER, *PEOPLE[5:]]},
    )
    pairs = _pairs(generate_offline(tmp_path, split, 30))
    assert pairs, "its rows are still asked one by one"
    partial = [q for q in pairs if _WHOLE_TABLE.match(q)]
    assert not partial, partial


def test_a_value_another_value_holds_is_not_counted_alone(tmp_path: Path) -> None:
    path = make_sheets_xlsx(tmp_path / "signatures.xlsx", {"Signatures": SIGNATURES})
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    subset = [
        q for q in pairs if re.search(r"(?i)\bdirector\b", q) and re.match(r"(?i)how many|which", q)
    ]
    assert not subset, subset


def test_a_column_of_full_names_names_people_not_fulls(tmp_path: Path) -> None:
    rows = [["Full Name", "Job Title", "Department", "Hire Date", "City"]]
    rows += [[n, t, d, "4/8/2016", c] for n, d, c in PEOPLE for t in ["Analyst"]]
    pairs = _pairs(
        generate_offline(tmp_path, make_sheets_xlsx(tmp_path / "staff.xlsx", {"Data": rows}), 30)
    )
    assert pairs, "a staff list gives questions"
    for question in pairs:
        assert not re.search(r"(?i)\bfulls?\b", question), question
    assert any(
        re.fullmatch(r"Which employees are in the Sales department\?", q)
        or re.match(r"How many employees are in the Sales", q)
        for q in pairs
    ), list(pairs)


def test_tables_alike_under_their_own_headings_are_each_counted(tmp_path: Path) -> None:
    table = "\n".join(
        ["| Employee | Department | Office |", "| --- | --- | --- |"]
        + [f"| {n} | {d} | {o} |" for n, d, o in PEOPLE]
    )
    doc = tmp_path / "staff.md"
    doc.write_text(f"# Staff\n\n## Lisbon team\n\n{table}\n\n## Pune team\n\n{table}\n", "utf-8")
    pairs = _pairs(generate_offline(tmp_path, doc, 40))
    assert any(_WHOLE_TABLE.match(q) for q in pairs), list(pairs)


def test_a_signature_line_names_its_signer(tmp_path: Path) -> None:
    rows = [["Signature", "Title"]]
    rows += [[f"/s/ {name.upper()} {name}", title] for name, title in SIGNATURES[1:]]
    pairs = _pairs(
        generate_offline(tmp_path, make_sheets_xlsx(tmp_path / "s.xlsx", {"Signatures": rows}), 20)
    )
    assert any("Nils Holm" in q and a == "Chief Financial Officer" for q, a in pairs.items()), pairs
    for question in pairs:
        assert "/s/" not in question and "NILS" not in question, question
