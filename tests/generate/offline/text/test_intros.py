"""A sentence that presents the list after it is asked as what it presents, saying whose
list it is."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Working here

Welcome to Contoso. We are glad you joined Contoso, and we hope your work at Contoso is fun.

## Perks

The following perks are available to all full-time employees:

- Free lunch on Fridays
- A monthly gym allowance of $50
- Two volunteer days per year

## Tools

Here are the tools we use to track our work:

- Jira for tickets
- Confluence for documents
- Slack for chat

## Guidelines

Here are a few guiding principles for remote work:

- Keep your calendar up to date
- Answer messages within one working day
- Join the weekly team call

## Doubts

Here are some questions to ask whether something could be a problem:

- Is it competitive?
- Does it take much of your time?
"""


def test_a_presented_list_is_asked_as_what_it_presents(tmp_path: Path) -> None:
    doc = tmp_path / "working.md"
    doc.write_text(PAGE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    perks = pairs.get("What perks are available to all full-time employees at Contoso?", "")
    assert "Free lunch" in perks and "Two volunteer days" in perks, list(pairs)
    tools = pairs.get("What tools does Contoso use to track its work?", "")
    assert "Jira" in tools and "Slack" in tools, list(pairs)
    assert "What are the guiding principles for remote work at Contoso?" in pairs, list(pairs)
    # "something" points at what the question cannot show.
    assert not [q for q in pairs if "something" in q], list(pairs)
