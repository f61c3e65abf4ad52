"""The review round trip: sheet out, people's decisions and edits back in, by id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.convert.prepare import prepare_for_target
from datasetkit.convert.readwrite import read_dataset, write_dataset
from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.generate.review import (
    COLUMNS,
    dk_extensions,
    merge_files,
    merge_review,
    read_review_sheet,
    write_review_sheet,
)


def _case(prompt: str, expected: str, category: str = "knowledge", **dk) -> Case:
    c = Case(category=category, turns=[Turn(prompt=prompt, expected_response=expected)])
    c.extensions = {
        "datasetkit": {
            "source": {"file": "policy.md", "heading_path": ["Refunds"], "line": 3},
            "evidence": expected,
            "grounded": True,
            **dk,
        }
    }
    c.id = c.content_id()
    return c


@pytest.fixture()
def dataset() -> Dataset:
    return Dataset(
        cases=[
            _case("What is the refund window?", "30 days"),
            _case("=1+1 is what?", "2", question_type="lookup"),
            _case("Who approves travel?", "Your manager"),
            _case("What is the hotel cap in Oslo?", "NOK 2400"),
            Case(
                kind="conversation",
                id="conv-1",
                category="edge-cases",
                turns=[
                    Turn(prompt="I want a refund", expected_response="Ask for the order number"),
                    Turn(prompt="It is 42", expected_response="Refund started"),
                ],
            ),
        ]
    )


def _edit(path: Path, changes: dict[str, object], append: list[list[object]] | None = None) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(path)
    ws = wb["Review"]
    for ref, value in changes.items():
        ws[ref] = value
        if isinstance(value, str):
            ws[ref].data_type = "s"
    for row in append or []:
        ws.append(row)
    wb.save(path)


def test_the_sheet_shows_question_answer_evidence_source_and_checks(
    tmp_path: Path, dataset: Dataset
) -> None:
    import openpyxl

    path = write_review_sheet(dataset, tmp_path / "review.xlsx")
    ws = openpyxl.load_workbook(path)["Review"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    assert rows[0] == [name for name, _ in COLUMNS]
    first = dataset.cases[0]
    assert rows[1] == [
        first.id,
        "1",
        None,
        "knowledge",
        "What is the refund window?",
        "30 days",
        "30 days",
        "policy.md:3 > Refunds",
        "grounded: yes",
        None,
    ]
    # A prompt that starts with "=" stays text, not a formula.
    assert ws["E3"].value == "=1+1 is what?" and ws["E3"].data_type == "s"
    # A conversation has one row per turn.
    assert [r[0:2] for r in rows[5:7]] == [["conv-1", "1"], ["conv-1", "2"]]
    assert ws.data_validations.dataValidation[0].formula1 == '"approve,reject"'
    # Same content, same bytes.
    again = write_review_sheet(dataset, tmp_path / "again.xlsx")
    assert path.read_bytes() == again.read_bytes()


def test_merge_keeps_every_edit_by_id(tmp_path: Path, dataset: Dataset) -> None:
    path = write_review_sheet(dataset, tmp_path / "review.xlsx")
    _edit(
        path,
        {
            "C2": "approve",
            "F2": "30 calendar days from delivery",  # edited expected response
            "E4": "Who must approve a business trip?",  # edited question, no decision
            "D4": "instruction-following",
            "J4": "asked by HR",
            "C5": "reject",
            "F7": "Refund of order 42 started",  # second turn of the conversation
        },
        append=[
            [
                "",
                "",
                "",
                "safety",
                "Can you share a colleague's salary?",
                "No, salaries are confidential.",
            ]
        ],
    )
    rows, findings = read_review_sheet(path)
    assert findings == []
    result = merge_review(dataset, rows)
    cases = {c.id: c for c in result.dataset.cases}
    ids = [c.id for c in dataset.cases]
    assert ids[3] not in cases  # rejected
    assert cases[ids[0]].turns[0].expected_response == "30 calendar days from delivery"
    assert cases[ids[0]].turns[0].prompt == "What is the refund window?"
    assert dk_extensions(cases[ids[0]])["review"] == "edited"
    edited = cases[ids[2]]
    assert (edited.turns[0].prompt, edited.category, edited.notes) == (
        "Who must approve a business trip?",
        "instruction-following",
        "asked by HR",
    )
    assert edited.id == ids[2]  # ids stay stable through edits
    assert cases["conv-1"].turns[1].expected_response == "Refund of order 42 started"
    assert cases[ids[1]].turns[0].prompt == "=1+1 is what?"  # untouched
    assert dk_extensions(cases[ids[1]]).get("review") is None
    added = result.dataset.cases[-1]
    assert (added.category, added.turns[0].prompt, added.turns[0].expected_response) == (
        "safety",
        "Can you share a colleague's salary?",
        "No, salaries are confidential.",
    )
    assert (result.approved, result.edited, result.rejected, result.added, result.unreviewed) == (
        0,
        3,
        1,
        1,
        1,
    )
    # The input is not changed.
    assert dataset.cases[0].turns[0].expected_response == "30 days"


def test_unknown_ids_bad_decisions_and_emptied_questions_are_reported(
    tmp_path: Path, dataset: Dataset
) -> None:
    path = write_review_sheet(dataset, tmp_path / "review.xlsx")
    _edit(
        path,
        {"C2": "maybe", "E3": "", "C4": "yes"},
        append=[["tc-000000000000", "1", "approve", "", "Ghost?", "Boo"]],
    )
    rows, findings = read_review_sheet(path)
    assert [(f.code, f.location.row) for f in findings] == [("review.decision.unknown", 2)]
    result = merge_review(dataset, rows, drop_unreviewed=True)
    codes = [(f.code, f.location.row) for f in result.findings]
    assert ("review.id.unknown", 8) in codes
    assert ("review.question.empty", 3) in codes
    # Only the approved case survives --drop-unreviewed.
    assert [c.id for c in result.dataset.cases] == [dataset.cases[2].id]
    assert result.dropped == 4


def test_merge_files_updates_an_m365_dataset_with_a_backup(
    tmp_path: Path, dataset: Dataset
) -> None:
    dest = tmp_path / "evals.json"
    laid_out = Dataset(cases=[prepare_for_target(c, None, "m365") for c in dataset.cases])
    assert write_dataset(laid_out, dest).paths
    original = dest.read_bytes()
    read = read_dataset(str(dest))
    assert read.dataset is not None
    sheet = write_review_sheet(read.dataset, tmp_path / "review.xlsx")
    _edit(sheet, {"C2": "approve", "F3": "Two", "C4": "reject"})
    result, paths = merge_files(sheet, str(dest))
    assert paths == [dest]
    backups = list(tmp_path.glob("evals.json.bak.*"))
    assert len(backups) == 1 and backups[0].read_bytes() == original
    doc = json.loads(dest.read_text(encoding="utf-8"))
    items = doc["items"]
    assert len(items) == 4
    assert items[0]["extensions"]["datasetkit"]["review"] == "approved"
    assert items[0]["extensions"]["datasetkit"]["source"] == {
        "file": "policy.md",
        "heading_path": ["Refunds"],
        "line": 3,
    }
    assert items[1]["expected_response"] == "Two"
    assert items[1]["extensions"]["id"] == dataset.cases[1].id
    assert result.summary().startswith("1 approved, 1 edited, 1 rejected, 0 added, 2 not reviewed")
    # A second review round finds the same ids.
    read2 = read_dataset(str(dest))
    assert read2.dataset is not None
    assert [c.id for c in read2.dataset.cases][:2] == [dataset.cases[0].id, dataset.cases[1].id]


def test_merge_into_foundry_jsonl_and_errors(tmp_path: Path, dataset: Dataset) -> None:
    dest = tmp_path / "evals.jsonl"
    singles = Dataset(cases=[prepare_for_target(c, None, "foundry") for c in dataset.cases[:3]])
    assert write_dataset(singles, dest).paths
    read = read_dataset(str(dest))
    assert read.dataset is not None
    sheet = write_review_sheet(read.dataset, tmp_path / "review.xlsx")
    _edit(sheet, {"F2": "Thirty days"})
    out = tmp_path / "merged.jsonl"
    result, paths = merge_files(sheet, str(dest), output=str(out))
    assert paths == [out] and result.edited == 1
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert first["ground_truth"] == "Thirty days"
    assert not list(tmp_path.glob("*.bak.*"))
    with pytest.raises(DatasetkitError, match="no such file"):
        merge_files(tmp_path / "missing.xlsx", str(dest))
    bad = tmp_path / "bad.xlsx"
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.append(["something", "else"])
    wb.save(bad)
    with pytest.raises(DatasetkitError, match="no 'id'"):
        merge_files(bad, str(dest))


def test_merge_in_place_refuses_a_file_changed_since_it_was_read(
    tmp_path: Path, dataset: Dataset, monkeypatch
) -> None:
    import datasetkit.convert.readwrite as convert_module
    from datasetkit.core.findings import DatasetkitError

    dest = tmp_path / "evals.json"
    laid_out = Dataset(cases=[prepare_for_target(c, None, "m365") for c in dataset.cases])
    assert write_dataset(laid_out, dest).paths
    read = read_dataset(str(dest))
    assert read.dataset is not None
    sheet = write_review_sheet(read.dataset, tmp_path / "review.xlsx")
    _edit(sheet, {"C2": "approve"})
    real_read = convert_module.read_dataset
    theirs = dest.read_text(encoding="utf-8").replace('"items"', '"items" ', 1)

    def read_then_edited_elsewhere(path: str, *args, **kwargs):
        found = real_read(path, *args, **kwargs)
        dest.write_text(theirs, encoding="utf-8")  # another program saves the file meanwhile
        return found

    monkeypatch.setattr(convert_module, "read_dataset", read_then_edited_elsewhere)
    with pytest.raises(DatasetkitError, match="changed since it was read"):
        merge_files(sheet, str(dest))
    # Their edit stands; nothing was written over it, and no backup was made.
    assert dest.read_text(encoding="utf-8") == theirs
    assert not list(tmp_path.glob("evals.json.bak.*"))
