"""Guides name a task in a lead-in that points back at the sentence before it ("You can
... . To do so:"), that says how after the task without a comma ("To ... do the
following:"), or that puts the steps first ("Follow the steps below to ...:"): each is
asked "How do I ...?" with every step. A feature whose section opens with a sentence about
it ("<Name> mode hides ...") is asked what it does; a heading that speaks to the reader
is not taken for a name."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

GUIDE_MD = """# Ledger guide

## Reports

You can export the monthly report as a PDF file. To do so:

1. Open the Reports page.
2. Select the month.
3. Click Export.

## Quotas

To request a larger storage quota do the following:

1. Open the Admin Center.
2. Select Storage.
3. Click Request increase.

## Cleanup

Old builds are kept for 30 days. Follow the steps below to remove old builds:

1. Open the Ledger settings.
2. Select Builds.
3. Click Remove old builds.

## Focus Mode

Focus mode hides the sidebar and the toolbar so that only the ledger is shown. It turns
off when you press Escape.

## Sync

The Sync service copies your ledgers to every device signed in to your account.

## Show me around

Show me around starts a short tour of the Ledger app for new users.
"""


def _pairs(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "ledger-guide.md"
    doc.write_text(GUIDE_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, doc)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_lead_ins_name_the_task_of_their_steps(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path)
    assert pairs["How do I export the monthly report as a PDF file?"] == (
        "Open the Reports page.\nSelect the month.\nClick Export."
    )
    assert pairs["How do I request a larger storage quota with the Ledger app?"].endswith(
        "Click Request increase."
    )
    # The lead-in's note on the same task comes first.
    assert pairs["How do I remove old builds with the Ledger app?"].startswith(
        "Old builds are kept for 30 days.\nOpen the Ledger settings."
    )


def test_feature_opened_by_a_sentence_about_it_is_asked_what_it_does(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path)
    assert pairs["What does Focus mode do?"] == (
        "Focus mode hides the sidebar and the toolbar so that only the ledger is shown. "
        "It turns off when you press Escape."
    )
    assert pairs["What does the Sync service do?"] == (
        "The Sync service copies your ledgers to every device signed in to your account."
    )
    assert not [q for q in pairs if "Show me around" in q]


TOPIC_MD = """# Trustee handbook

## Reduced Compensation

Reduced compensation notices may be issued when a trustee spends funds without approval.
"""


def test_topic_heading_over_a_noun_phrase_is_not_asked_what_it_does(tmp_path: Path) -> None:
    doc = tmp_path / "handbook.md"
    doc.write_text(TOPIC_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, doc)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    assert not [c for c in cases if c.turns[0].prompt.startswith("What does Reduced")]


BARE_MD = """# Workshop set-up

## Settings file for students

How you share the settings file depends on the class. Options include:

- Keep working on the machine used for the set-up.
- Upload the file to shared storage and ask students to download it.
- Paste the file's contents into the class notes.
"""


def test_list_introduced_by_a_bare_common_noun_is_not_asked_of_it(tmp_path: Path) -> None:
    doc = tmp_path / "setup.md"
    doc.write_text(BARE_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, doc)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    assert "What are options?" not in [c.turns[0].prompt for c in cases]
