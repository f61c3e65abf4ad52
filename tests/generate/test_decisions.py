"""The review record: a reviewer's decisions beside the dataset, kept by a later generate run."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Turn
from datasetkit.generate.decisions import (
    Decision,
    Record,
    apply_record,
    case_key,
    read_record,
    record_path,
    write_record,
)
from datasetkit.generate.review import dk_extensions
from tests.conftest import ROOT
from tests.helpers.llm_helpers import POLICY, TEST_KEY, generate_args, llm_flags
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


def _case(prompt: str, expected: str = "Yes.", cid: str | None = None) -> Case:
    return Case(id=cid, turns=[Turn(prompt=prompt, expected_response=expected)])


def test_the_record_sits_beside_the_dataset_and_reads_back(tmp_path: Path) -> None:
    dataset = tmp_path / "evals.jsonl"
    assert read_record(dataset) is None
    path = write_record(
        dataset,
        {"tc-1": Decision("discarded"), "tc-2": Decision("approved", note="checked the PDF")},
        "remove",
    )
    assert path == tmp_path / "evals.jsonl.review"
    record = read_record(dataset)
    assert record is not None and record.discarded == "remove"
    assert record.cases["tc-1"].verdict == "discarded"
    assert record.cases["tc-2"].note == "checked the PDF"
    # A later save adds to it; a decision taken back (nothing left) leaves it.
    write_record(dataset, {"tc-3": Decision("approved"), "tc-2": Decision()}, "mark")
    again = read_record(dataset)
    assert again is not None and sorted(again.cases) == ["tc-1", "tc-3"]
    assert again.discarded == "mark"
    # The same decisions give the same bytes (sorted, no timestamps).
    before = path.read_bytes()
    write_record(dataset, {}, "mark")
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "not JSON"),
        ('{"format": "other"}', '"format"'),
        ('{"format": "datasetkit-review", "version": 9, "cases": {}}', "version 9"),
        (
            '{"format": "datasetkit-review", "version": 1, "cases": {"a": {"verdict": "maybe"}}}',
            "maybe",
        ),
    ],
)
def test_a_damaged_record_is_an_error_that_names_it(tmp_path: Path, text: str, says: str) -> None:
    dataset = tmp_path / "evals.json"
    record_path(dataset).write_text(text, encoding="utf-8")
    with pytest.raises(DatasetkitError) as err:
        read_record(dataset)
    assert str(record_path(dataset)) in err.value.message and says in err.value.message
    assert "move it away" in err.value.hint


def test_decisions_are_made_again_on_a_new_version_of_the_cases() -> None:
    kept, edited, dropped, other = (
        _case("Who approves leave?", cid="tc-a"),
        _case("How long is the warranty?", cid="tc-b"),
        _case("What is the capital of France?", cid="tc-c"),
        _case("Is there a dress code?", cid="tc-d"),
    )
    record = Record(
        cases={
            "tc-a": Decision("approved", note="fine"),
            "tc-b": Decision("edited", edit={"turns": [{"expected_response": "Two years."}]}),
            "tc-c": Decision("discarded"),
        }
    )
    out, counts = apply_record([kept, edited, dropped, other], record)
    assert [c.id for c in out] == ["tc-a", "tc-b", "tc-d"]
    assert counts == {"approved": 1, "edited": 1, "discarded": 1}
    assert edited.turns[0].expected_response == "Two years."
    assert dk_extensions(kept) == {"review": "approved", "review_note": "fine"}
    assert dk_extensions(edited)["review"] == "edited"
    assert dk_extensions(other) == {}
    # Marked rather than removed, when the reviewer chose so.
    record.discarded = "mark"
    out, _ = apply_record([_case("What is the capital of France?", cid="tc-c")], record)
    assert len(out) == 1 and dk_extensions(out[0])["review"] == "discarded"


def test_a_case_without_an_id_is_found_by_its_content_before_and_after_an_edit() -> None:
    case = _case("Who approves leave?", "Your manager.")
    key = case_key(case)
    assert key == case.content_id()
    after = _case("Who approves annual leave?", "Your manager.")
    record = Record(
        cases={
            key: Decision(
                "edited",
                edit={"turns": [{"prompt": "Who approves annual leave?"}]},
                result=after.content_id(),
            )
        }
    )
    # The original (a regenerated set) gets the edit; the edited one (a format that keeps
    # no id) is recognised as already edited.
    for case_now in (_case("Who approves leave?", "Your manager."), after):
        out, counts = apply_record([case_now], record)
        assert counts == {"edited": 1}
        assert out[0].turns[0].prompt == "Who approves annual leave?"


def test_generate_keeps_an_earlier_review_of_its_output(tmp_path: Path, cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "examples" / "knowledge", tmp_path / "kb")
    args = ("generate", "knowledge", "kb", "-n", "6", "--seed", "3", "-o", "cases.jsonl")
    assert cli(*args).exit_code == 0
    rows = [json.loads(x) for x in Path("cases.jsonl").read_text(encoding="utf-8").splitlines()]
    first, second, third = rows[0]["id"], rows[1]["id"], rows[2]["id"]
    write_record(
        "cases.jsonl",
        {
            first: Decision("discarded"),
            second: Decision("edited", edit={"turns": [{"prompt": "Reviewed question?"}]}),
            third: Decision("approved"),
        },
        "remove",
    )
    result = cli(*args, "--force")  # a new version of the set, over the reviewed one
    assert result.exit_code == 0, result.output
    assert (
        "kept an earlier review of cases.jsonl (1 approved, 1 edited, 1 discarded)" in result.stderr
    )
    again = [json.loads(x) for x in Path("cases.jsonl").read_text(encoding="utf-8").splitlines()]
    by_id = {r["id"]: r for r in again}
    assert first not in by_id and len(again) == 5
    assert by_id[second]["query"] == "Reviewed question?"
    assert by_id[second]["datasetkit"]["review"] == "edited"
    assert by_id[third]["datasetkit"]["review"] == "approved"


def test_generate_resume_keeps_what_was_reviewed_of_the_partial_set(
    cli, llm_server: FakeLLMServer, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    Path("policy.md").write_text("\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY), encoding="utf-8")
    env = {"TEAM_KEY": TEST_KEY}
    base = [
        *generate_args("policy.md", output="cases.jsonl", count=6, seed=4),
        "--concurrency",
        "1",
        "--no-cache",
        *llm_flags(llm_server.url),
    ]
    # A run stopped part way writes what it has; a reviewer goes through it.
    assert cli(*base, "--max-calls", "15", env=env).exit_code == 1
    partial = [json.loads(x) for x in Path("cases.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(partial) >= 2
    dropped, edited = partial[0]["id"], partial[1]["id"]
    write_record(
        "cases.jsonl",
        {
            dropped: Decision("discarded"),
            edited: Decision("edited", edit={"turns": [{"expected_response": "Checked."}]}),
        },
        "remove",
    )
    # --resume rebuilds the same cases from the journal (same ids) and finishes the set.
    resumed = cli(*base, "--resume", "--force", env=env)
    assert resumed.exit_code == 0, resumed.stderr
    assert "kept an earlier review of cases.jsonl (1 edited, 1 discarded)" in resumed.stderr
    rows = [json.loads(x) for x in Path("cases.jsonl").read_text(encoding="utf-8").splitlines()]
    by_id = {r["id"]: r for r in rows}
    assert dropped not in by_id and len(rows) == 5
    assert by_id[edited]["ground_truth"] == "Checked."
