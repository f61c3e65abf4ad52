"""Steps led in by the last sentence of a paragraph ("Follow the steps below to ...:")
are answered with the sentences before it that speak of the same task: a choice the
steps leave out, or a note on how long it takes, is part of doing it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

PAGE = """# Harbor web console

## Archiving reports

The console keeps every report you sent in the last year. You can archive one report,
several reports or all of them from the list. Archiving can take up to 5 minutes, so
refresh the page to see its progress. Follow the steps below to archive reports:

1. Open the Reports tab at the top of the page.
2. Select the reports in the list.
3. Click Archive and confirm.

## Printing

Printing needs a printer set up for your account. Follow these steps to print a report:

1. Open the report.
2. Click Print.
"""


def test_the_lead_in_paragraph_of_the_same_task_is_part_of_the_answer(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "console.md", PAGE)
    assert pairs["How do I archive reports?"] == (
        "The console keeps every report you sent in the last year. You can archive one "
        "report, several reports or all of them from the list. Archiving can take up to 5 "
        "minutes, so refresh the page to see its progress.\n"
        "Open the Reports tab at the top of the page.\nSelect the reports in the list.\n"
        "Click Archive and confirm."
    )
    assert pairs["How do I print a report?"] == (
        "Printing needs a printer set up for your account.\nOpen the report.\nClick Print."
    )
