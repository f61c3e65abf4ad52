"""A list led in by a clause that points at it ("Here's how it works:") is never asked as
a kind of thing ("What are the here's how it works?"); a label that names things is."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs

GUIDE = """# Guest guide

## Compensation for damage

Accidents can happen during a stay, and we have procedures in place to handle \
compensation for damage. Here’s how it works:

- Reporting damage: report it at once through the platform.
- Documenting damage: take photos or videos of the damage and describe it.
- Claim resolution: when no agreement is reached, file a claim through the platform.

## Accepted documents

Accepted documents:

- A passport that is valid for the whole stay.
- A national identity card of a member state.
- A residence permit issued by the host country.
"""


def test_a_clause_that_leads_into_a_list_is_not_asked_as_a_thing(tmp_path: Path) -> None:
    page = tmp_path / "guide.md"
    page.write_text(GUIDE, encoding="utf-8")
    pairs = offline_pairs(tmp_path, page)
    assert not [q for q in pairs if "how it works" in q.lower()], pairs
    assert any(q.startswith("What are the accepted documents") for q in pairs), pairs
