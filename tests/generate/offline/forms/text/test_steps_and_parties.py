"""An answer gives the whole of what is asked: the steps that follow "you may submit an
appeal", and the amount of every party a rule names."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Northwind Health Plan

## Appeals

If your claim is denied, you may submit an appeal. To submit an appeal, follow these steps:

1. Write a letter that explains why you disagree with the decision.
2. Attach any medical records that support your appeal.
3. Send the letter and records to Northwind Health within 180 days.
4. Keep a copy of everything you send.

## Bereavement leave

Employees may take bereavement leave when a family member dies. You can take up to 10 days \
for a spouse or child and 3 days for other relatives.
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "plan.md"
    doc.write_text(DOC, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_the_steps_after_a_sentence_that_leads_into_them_are_asked(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    # The question may end naming the document's organisation.
    asked = [a for q, a in pairs.items() if q.startswith("How do I submit an appeal")]
    assert asked, pairs
    steps = asked[0]
    assert "Write a letter" in steps and "Keep a copy" in steps, steps


def test_a_limit_for_several_parties_is_asked_for_all_of_them(tmp_path: Path) -> None:
    # "How many days can I take for a spouse or child and 3 days for other relatives?"
    # pastes the second party's amount into the question.
    pairs = _asked(tmp_path)
    asked = {q: a for q, a in pairs.items() if "10 days" in a}
    assert asked, pairs
    for q, a in asked.items():
        assert "3 days" not in q and "spouse" not in q, q
        assert "3 days for other relatives" in a, a
