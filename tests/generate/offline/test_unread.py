"""A run that makes fewer cases than asked says how much of the knowledge no offline form
could ask about, and names the largest such passages."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

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
