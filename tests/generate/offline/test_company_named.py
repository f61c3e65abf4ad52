"""A first-person page titled by its topic has its questions say the company it speaks
for."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Benefits & Perks

We want everyone at Fabrikam to be healthy, rested, and able to do their best work. \
Here's what we offer everyone who works at Fabrikam, and our promise to keep it.

## Vacation

Everyone gets 4 weeks of paid vacation per year. Fabrikam reviews its benefits every spring.
"""


def test_a_question_that_names_nothing_says_the_company_the_page_speaks_for(
    tmp_path: Path,
) -> None:
    doc = tmp_path / "benefits.md"
    doc.write_text(PAGE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    assert "How many weeks of paid vacation does everyone get per year at Fabrikam?" in pairs, list(
        pairs
    )
