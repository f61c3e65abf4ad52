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


STEPS = """# Payroll Instructions

## Self-employment

If you want to pay your self-employment tax through withholding, you should enter the self-employment income on line 4. Then compute the tax and divide it by the number of pay periods left in the year. You can also add half of the annual tax to line 5 as a deduction. Payroll keeps a copy of the form for three years.
"""


def test_an_answer_takes_the_steps_that_go_on_from_it(tmp_path: Path) -> None:
    # "... you should enter X. Then compute Y. You can also add Z.": an answer that stops
    # at the first step leaves out the rest of the procedure; the sentence after the
    # steps is no step.
    doc = tmp_path / "payroll.md"
    doc.write_text(STEPS, encoding="utf-8")
    answers = list(_pairs(_cases([doc], 10)[0]).values())
    asked = [a for a in answers if a.startswith("If you want to pay")]
    assert asked and asked[0].endswith("to line 5 as a deduction."), answers
