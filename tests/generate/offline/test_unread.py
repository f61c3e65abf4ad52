"""A run that makes fewer cases than asked says how much of the knowledge no offline form
could ask about, and names the largest such passages."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline, make_pdf

CONTRACT_MD = """# Supply Agreement

## Payment Terms

Invoices must be paid within 30 days of receipt.

## Governing Law

Notwithstanding any provision to the contrary herein contained, this Agreement and any
dispute arising hereunder shall be construed in accordance with the laws of the State of
Alabama, the parties hereto submitting to the exclusive jurisdiction of its courts.
"""


def test_a_short_run_names_the_passages_no_form_asks_about(tmp_path: Path) -> None:
    f = tmp_path / "contract.md"
    f.write_text(CONTRACT_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    message = outcome.shortfall_message or ""
    assert outcome.produced < 30
    assert "1 of 2 passages" in message, message
    assert "hold nothing the offline forms ask about" in message
    assert "contract.md > Governing Law" in message
    assert "Payment Terms'" not in message


RAMBLE = [
    "The committee met on a grey afternoon and talked for a long while about the weather,",
    "the state of the roads, the old mill by the river and the people who used to work there,",
    "without coming to any view on any of it before the light went and everyone went home.",
]


def test_passages_of_a_document_without_headings_are_named_by_page_once(tmp_path: Path) -> None:
    # A PDF with no headings: each page is one passage the forms cannot ask about. The note
    # names them by page, not three times by the bare file name.
    f = make_pdf(
        tmp_path / "minutes.pdf", [RAMBLE, RAMBLE[1:] + RAMBLE[:1], RAMBLE[2:] + RAMBLE[:2]]
    )
    message = generate_offline(tmp_path, f, 30).shortfall_message or ""
    assert "hold nothing the offline forms ask about" in message, message
    named = re.findall(r"'([^']+)'", message.split("e.g.", 1)[1])
    assert len(named) == len(set(named)) >= 2, message
    assert all(re.fullmatch(r"minutes\.pdf p\.\d", n) for n in named), named


def test_a_table_under_stored_names_is_said_to_be_read_but_unnamed(tmp_path: Path) -> None:
    # A benchmark's timings under the names a program stored them by: the table is read
    # whole, but no question can say what a cell is; the note says so, and by which names.
    from tests.helpers.xlsx_fixtures import make_sheet_xlsx

    rows = [["cardinality", "rows_by_key", "iter_groups"]]
    rows += [[n, 0.05 + n / 10000, 0.04 + n / 20000] for n in (1, 3, 15, 30, 150, 300)]
    path = make_sheet_xlsx(tmp_path / "bench.xlsx", "timings", rows)
    outcome = generate_offline(tmp_path, path, 30)
    message = outcome.shortfall_message or ""
    assert outcome.produced == 0
    assert "1 of them is a table read whole" in message, message
    assert "'rows_by_key', 'iter_groups'" in message, message


def test_a_table_of_plain_names_gets_no_such_note(tmp_path: Path) -> None:
    f = tmp_path / "contract.md"
    f.write_text(CONTRACT_MD, encoding="utf-8")
    message = generate_offline(tmp_path, f, 30).shortfall_message or ""
    assert "read whole" not in message, message
