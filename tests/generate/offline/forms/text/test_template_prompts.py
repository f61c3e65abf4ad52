"""A template's own questions are prompts to its author: the lines after them tell the
author what to write, give an example, or ask more questions, and answer nothing."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

TEMPLATE_MD = """# Widget Service Test Plan

## Implementation details

What storage does the service write its records to?

Describe any data structures or background jobs that matter to testing the service.

If the service replaces an older one, briefly discuss its history.

## Failure handling

How will you test the recovery of the service after a crash? (e.g. no partial records
left in the store)

## Failure conditions

- How will you simulate a lost network connection?
- How will you test that requests are retried when the store is down?
- How will you test the rollback of a failed batch? (e.g. no partial records)

## Support

How do customers reach the support team?

Customers write to the support desk of the service, which answers within two working days.
"""


def test_a_template_prompt_is_not_asked(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "plan.md", TEMPLATE_MD)
    asked = " ".join(pairs)
    assert "storage" not in asked
    assert "recovery" not in asked
    assert not any("failure conditions" in q.casefold() for q in pairs)
    # A question the document answers is still asked.
    support = [a for q, a in pairs.items() if "reach the support team" in q]
    assert support and support[0].startswith("Customers")
