"""A form laid out as a table ("Label: | value | Label: | value") is read in pairs, each
label with the value beside it; a placeholder ("UNDEFINED", "TBD", "N/A"), an empty cell or
a value that is itself a label is never an answer; a code's meaning is not asked without
saying what the code is ("What is the finished?")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.docx_fixtures import add_filled_table
from tests.helpers.knowledge_fixtures import generate_offline

CONTRACT = [
    ["Contract Number:", "MA-2300-0417", "Name:", "Office Supplies Statewide MA"],
    ["Type:", "Master Agreement", "Not to Exceed Amount:", ""],
    ["Signature Date:", "UNDEFINED", "Original End Date:", "6/30/2025"],
    ["Begin Date:", "7/1/2024", "Actual End Date:", ""],
    ["Solicitation Number:", "SRC-88120", "Version Number:", "2"],
]
BUYER = [
    ["Name:", "Dana Whitfield"],
    ["Phone:", "UNDEFINED"],
    ["Email:", "dana.w@northwind.example"],
]
STATES = [
    ["Value", "Description"],
    ["started", "The update is in progress."],
    ["finished", "The update completed."],
    ["abandoned", "The update was not completed."],
]
ROOMS = [
    ["Room", "Floor", "Seats", "Projector"],
    ["Aurora", "2", "12", "TBD"],
    ["Borealis", "3", "N/A", "Ceiling mounted"],
    ["Cascade", "TBD", "8", "Portable"],
    ["Delta", "4", "20", "Ceiling mounted"],
]


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Northwind Purchasing Agreement", level=1)
    for title, rows in (
        ("Contract Information", CONTRACT),
        ("Buyer Information", BUYER),
        ("Update states", STATES),
        ("Meeting rooms", ROOMS),
    ):
        d.add_paragraph(title)
        add_filled_table(d, rows)
    d.save(str(path))
    return path


def test_a_form_is_read_label_by_value_and_placeholders_are_no_answers(tmp_path: Path) -> None:
    pairs = _pairs(generate_offline(tmp_path, _docx(tmp_path / "agreement.docx"), 40))
    assert pairs, "the document gives questions"
    values = {
        label.rstrip(":").lower(): value
        for row in CONTRACT + BUYER
        for label, value in zip(row[::2], row[1::2], strict=True)
    }
    form = 0
    for question, answer in pairs.items():
        assert answer not in ("UNDEFINED", "TBD", "N/A", ""), (question, answer)
        assert not answer.rstrip().endswith(":"), (question, answer)
        m = re.match(r"What is the (?:contract's |buyer's )?(.+?)(?: under .*)?\?$", question)
        if m and m.group(1).lower() in values:
            assert answer == values[m.group(1).lower()], (question, answer)
            form += 1
    assert form >= 2, pairs
    assert not any(re.match(r"(?i)what is the (?:started|finished|abandoned)\b", q) for q in pairs)
