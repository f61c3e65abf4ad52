"""Table questions never say a column name that is a value: a table printed with no
header row, read with its first record in the header's place (a donor, a town, an amount,
a date), or with placeholder names, gets no row lookups; a table with a true header is
still asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.tables.value_headers import unsaid_headers
from tests.helpers.knowledge_fixtures import text_pairs

_DONORS = ("Northwind Trust", "Fabrikam Foundation", "Contoso Fund", "Adatum Society")
_TOWNS = ("Leeds", "Bristol", "Norwich", "Exeter", "Durham", "Bath", "York", "Chester")
ROWS = [
    [f"{_DONORS[k % 4]} {k + 1}", _TOWNS[k], f"£{1200 + 275 * k:,}", f"{k + 2:02d}/03/2024"]
    for k in range(8)
]


def _annex(header: list[str] | None) -> str:
    rows = ROWS if header is None else [header, *ROWS]
    lines = ["# Annex I. Donors", "", "The donors of the year and what each of them gave.", ""]
    lines.append("| " + " | ".join(rows[0]) + " |")
    lines.append("|" + " --- |" * len(rows[0]))
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(lines) + "\n"


def test_a_record_read_as_the_header_names_no_column(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "annex.md", _annex(None))
    said = {v.casefold() for v in ROWS[0]}
    for prompt in pairs:
        assert not any(v in prompt.casefold() for v in said), prompt
        assert not any(town.casefold() in prompt.casefold() for town in _TOWNS), prompt


def test_a_true_header_over_the_same_rows_is_asked(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "annex.md", _annex(["Donor", "Town", "Amount", "Date"]))
    assert any(
        "Bristol" in answer or "town" in prompt.casefold() for prompt, answer in pairs.items()
    )


def test_headers_that_are_values_are_not_said() -> None:
    headers = ["Donor", "Town", "Amount", "01/03/2024", "Leeds"]
    values = [
        ["Contoso Fund", "Leeds", "£1,200", "yes", "2"],
        ["Adatum", "York", "£900", "no", "1"],
    ]
    assert unsaid_headers(headers, values) == {"01/03/2024", "Leeds"}
    record = ["Northwind Trust", "Bath", "£3,000", "09/03/2024"]
    rows = [
        ["Contoso Fund", "Leeds", "£1,200", "02/03/2024"],
        ["Adatum", "York", "£900", "03/03/2024"],
    ]
    assert unsaid_headers(record, rows) == set(record)
    # "Total" heads the column that sums a cross table's rows, and names its last row too.
    totals = unsaid_headers(
        ["Region", "2023", "Total"], [["North", "5", "9"], ["Total", "8", "12"]]
    )
    assert totals == set()


def test_a_name_set_with_a_full_stop_leaves_the_other_rows_named(tmp_path: Path) -> None:
    rows = [
        ("Sensor test", "$3,400"),
        ("Wiring change", "$6,715"),
        ("Manual revisions", "$85"),
        ("Marker installation and verification, label removal.", "$170"),
    ]
    lines = ["# Estimated costs", "", "The costs of each action are estimated below.", ""]
    lines += ["| Action | Labor cost |", "| --- | --- |"]
    lines += [f"| {a} | {b} |" for a, b in rows]
    pairs = text_pairs(tmp_path, "costs.md", "\n".join(lines) + "\n")
    asked = [p for p in pairs if "labor cost" in p.casefold()]
    assert any("Wiring change" in p for p in asked), pairs
    assert not any("removal" in p for p in pairs), pairs
