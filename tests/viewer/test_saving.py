"""Saving a review: in place through the in-place machinery, or to a new file; never over
newer changes; the decisions recorded beside the dataset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import datasetkit
from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.decisions import read_record
from datasetkit.generate.review import dk_extensions
from datasetkit.lint.settings import LintConfig
from datasetkit.viewer.opened import open_dataset
from datasetkit.viewer.saving import Change, OutputTarget, SaveConflict, save_review
from datasetkit.viewer.verifying import SaveRefused
from tests.viewer.conftest import FOUNDRY_ROWS, write_foundry


def _open(path: Path, fmt: str | None = None):
    return open_dataset(0, str(path), fmt, LintConfig())


def _backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bak.*"))


def test_a_save_in_place_writes_only_the_decisions_and_keeps_a_backup(tmp_path: Path) -> None:
    path = write_foundry(tmp_path / "data.jsonl")
    before = path.read_bytes()
    opened = _open(path)
    changes = [
        Change(1, "discarded"),
        Change(2, None, "", {"turns": [{"prompt": "Who pays for the return shipping label?"}]}),
        Change(3, "approved", "checked with the policy"),
    ]
    saved = save_review(opened, opened.version, changes, "remove")
    assert saved.removed == 1 and saved.written == [path]
    # The backup is the file as it was; the file is valid and holds exactly the decisions.
    (backup,) = _backups(path)
    assert saved.backup == backup and backup.read_bytes() == before
    assert datasetkit.validate(str(path)).ok
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    old = before.decode("utf-8").splitlines(keepends=True)
    assert len(lines) == 3
    assert lines[0] == old[0]  # untouched: byte for byte, spacing and all
    edited, approved = json.loads(lines[1]), json.loads(lines[2])
    assert edited["query"] == "Who pays for the return shipping label?"
    assert edited["ground_truth"] == FOUNDRY_ROWS[2]["ground_truth"]
    assert edited["datasetkit"]["review"] == "edited"
    assert {k: v for k, v in approved.items() if k != "datasetkit"} == FOUNDRY_ROWS[3]
    assert approved["datasetkit"]["review"] == "approved"
    assert approved["datasetkit"]["review_note"] == "checked with the policy"
    # The decisions are in the record beside the dataset, by case.
    record = read_record(path)
    assert record is not None
    assert sorted(d.verdict or "" for d in record.cases.values()) == [
        "approved",
        "discarded",
        "edited",
    ]


def test_discarded_cases_can_stay_marked(tmp_path: Path) -> None:
    path = write_foundry(tmp_path / "data.jsonl")
    opened = _open(path)
    saved = save_review(opened, opened.version, [Change(0, "discarded")], "mark")
    assert (saved.removed, saved.marked) == (0, 1)
    cases = datasetkit.load(str(path)).cases
    assert len(cases) == 4 and dk_extensions(cases[0])["review"] == "discarded"


def test_a_format_that_cannot_keep_the_mark_refuses_to_mark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every writable format carries extensions today; one that did not would bring the
    # discarded cases back as kept. Laying the cases out without them stands in for it.
    import datasetkit.convert.prepare as prepare

    real = prepare.prepare_for_target

    def without_extensions(case, source, target):
        out = real(case, source, target)
        out.extensions = None
        return out

    monkeypatch.setattr(prepare, "prepare_for_target", without_extensions)
    path = write_foundry(tmp_path / "data.jsonl")
    before = path.read_bytes()
    opened = _open(path)
    with pytest.raises(DatasetkitError, match="cannot keep the mark"):
        save_review(opened, opened.version, [Change(0, "discarded")], "mark")
    assert path.read_bytes() == before and not _backups(path)


def test_a_stale_page_cannot_overwrite_newer_changes(tmp_path: Path) -> None:
    path = write_foundry(tmp_path / "data.jsonl")
    opened = _open(path)
    # Another program changes the file after the page read it.
    newer = path.read_bytes() + b'{"query": "Added elsewhere?", "ground_truth": "Yes."}\n'
    path.write_bytes(newer)
    with pytest.raises(SaveConflict, match="changed on disk"):
        save_review(opened, opened.version, [Change(0, "discarded")], "remove")
    assert path.read_bytes() == newer and not _backups(path)
    # A page that holds an older version than the server's is refused the same way.
    current = _open(path)
    with pytest.raises(SaveConflict):
        save_review(current, opened.version, [Change(0, "discarded")], "remove")


def test_a_save_may_keep_a_file_s_errors_but_never_add_one(tmp_path: Path) -> None:
    # The file breaks a rule where the page cannot edit (a retired evaluator): a review
    # of its cases is still saved; an edit that breaks another rule is not.
    items = [
        {"prompt": "Hi?", "evaluators": {"ToolCallAccuracy": {}}},
        {"prompt": "Bye?"},
        {"prompt": "Thanks?"},
    ]
    path = tmp_path / "evals.json"
    path.write_text(json.dumps({"schemaVersion": "1.11.0", "items": items}), encoding="utf-8")
    opened = _open(path)
    assert not datasetkit.validate(str(path)).ok
    save_review(opened, opened.version, [Change(2, "discarded")])
    assert len(datasetkit.load(str(path)).cases) == 2
    before = path.read_bytes()
    opened = _open(path)
    with pytest.raises(SaveRefused) as refused:
        save_review(opened, opened.version, [Change(1, None, "", {"turns": [{"prompt": ""}]})])
    assert refused.value.findings and "nothing was written" in refused.value.message
    assert path.read_bytes() == before and len(_backups(path)) == 1


def test_a_writer_that_does_not_give_the_cases_back_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A writer that changes what it writes (a column read back differently) stands in
    # for a format whose round trip loses cases or text.
    import datasetkit.convert.prepare as prepare

    real = prepare.prepare_for_target

    def garbled(case, source, target):
        out = real(case, source, target)
        out.turns[0].prompt = out.turns[0].prompt.upper()
        return out

    monkeypatch.setattr(prepare, "prepare_for_target", garbled)
    path = write_foundry(tmp_path / "data.jsonl")
    before = path.read_bytes()
    opened = _open(path)
    with pytest.raises(DatasetkitError, match="does not give these cases back") as err:
        save_review(opened, opened.version, [Change(0, "approved")])
    assert "-o FILE --to FORMAT" in err.value.hint
    assert path.read_bytes() == before and not _backups(path)


def test_a_review_can_be_saved_into_a_new_file_in_another_format(tmp_path: Path) -> None:
    path = write_foundry(tmp_path / "data.jsonl")
    before = path.read_bytes()
    opened = _open(path)
    target = OutputTarget(str(tmp_path / "reviewed.json"), None)
    saved = save_review(opened, opened.version, [Change(1, "discarded")], "remove", target)
    assert path.read_bytes() == before and not _backups(path)
    out = datasetkit.load(str(tmp_path / "reviewed.json"))
    assert [t.turns[0].prompt for t in out.cases] == [
        r["query"] for i, r in enumerate(FOUNDRY_ROWS) if i != 1
    ]
    assert saved.backup is None
    # A second save replaces it (with a backup), unless it changed meanwhile.
    opened = _open(path)
    save_review(opened, opened.version, [Change(2, "discarded")], "remove", target)
    assert len(datasetkit.load(str(tmp_path / "reviewed.json")).cases) == 3
    assert len(_backups(tmp_path / "reviewed.json")) == 1
    (tmp_path / "reviewed.json").write_text("{}", encoding="utf-8")
    with pytest.raises(SaveConflict):
        save_review(opened, opened.version, [Change(3, "discarded")], "remove", target)


def test_a_read_only_format_is_saved_only_into_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_text(json.dumps({"input": "Hi?", "ideal": "Hello."}) + "\n", encoding="utf-8")
    opened = _open(path, "openai-evals")
    with pytest.raises(DatasetkitError, match="cannot write it") as err:
        save_review(opened, opened.version, [Change(0, "approved")])
    assert "-o FILE" in err.value.hint
