"""An answer takes the caveat that follows it (the next sentence, or a short note right
after its paragraph), and nothing else that follows."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

GUIDE = """# Exporting Reports

## Formats

If you export a report as CSV, the exporter will write one row per record for you.

/// note

Keep in mind that this means formulas are written as their values. Charts are left out.

///

If you export a report as PDF, the exporter will write every page with its charts.

The export runs in the background.
"""


def test_an_answer_takes_the_caveat_right_after_it(tmp_path: Path) -> None:
    doc = tmp_path / "export.md"
    doc.write_text(GUIDE, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    answers = list(_pairs(cases).values())
    csv = [a for a in answers if "as CSV" in a]
    assert csv and csv[0].endswith("written as their values. Charts are left out."), answers
    pdf = [a for a in answers if "as PDF" in a]
    assert pdf and pdf[0].endswith("every page with its charts."), answers
