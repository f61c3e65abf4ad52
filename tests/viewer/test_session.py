"""A review session: what the page is told, and a review kept across versions of the set."""

from __future__ import annotations

import json
import os
from pathlib import Path

import datasetkit
from datasetkit.generate.decisions import read_record
from datasetkit.lint.settings import LintConfig
from datasetkit.viewer.session import ReviewSession
from tests.viewer.conftest import FOUNDRY_ROWS, write_foundry


def _session(*paths: str) -> ReviewSession:
    return ReviewSession(list(paths), config=LintConfig())


def _save(session: ReviewSession, file: int, changes: list[dict], mode: str = "remove"):
    version = session.files[file].version
    request = {"discarded": mode, "files": [{"file": file, "version": version, "changes": changes}]}
    return session.save(request)


def test_a_new_version_of_the_set_keeps_the_earlier_decisions(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_foundry(tmp_path / "data.jsonl")
    session = _session("data.jsonl")
    edit = {"turns": [{"expected_response": "Contoso pays for it."}]}
    status, body = _save(
        session,
        0,
        [
            {"index": 1, "verdict": "discarded"},
            {"index": 2, "verdict": "approved", "edit": edit},
            {"index": 3, "verdict": "approved", "note": "fine"},
        ],
    )
    assert status == 200 and body["results"][0]["ok"], body
    assert len(datasetkit.load(str(path)).cases) == 3
    # The set is made again (the cases come back as they were): the page is told which
    # decisions the new version does not show yet, and takes them up as unsaved.
    write_foundry(path)
    again = _session("data.jsonl")
    data = again.data()
    pending = data["pending"]
    assert set(pending) == {"0:1", "0:2"}
    assert pending["0:1"]["verdict"] == "discarded" and pending["0:2"]["edit"] == edit
    rows = {r["k"]: r for r in data["cases"]}
    assert rows["0:3"]["r"] == "approved" and rows["0:1"]["r"] == ""
    changes = [{"index": int(k.split(":")[1]), **v} for k, v in pending.items()]
    assert _save(again, 0, changes)[0] == 200
    cases = datasetkit.load(str(path)).cases
    assert [c.turns[0].prompt for c in cases] == [FOUNDRY_ROWS[i]["query"] for i in (0, 2, 3)]
    assert cases[1].turns[0].expected_response == "Contoso pays for it."


def test_a_note_on_an_edited_case_keeps_its_recorded_edit(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_foundry(tmp_path / "data.jsonl")
    session = _session("data.jsonl")
    edit = {"turns": [{"prompt": "Who pays for the return shipping label?"}]}
    assert _save(session, 0, [{"index": 2, "verdict": "approved", "edit": edit}])[0] == 200
    # The page reloads: the case is now marked edited; the reviewer adds a note only.
    assert _save(session, 0, [{"index": 2, "verdict": "edited", "note": "asked legal"}])[0] == 200
    record = read_record(path)
    assert record is not None
    (decision,) = record.cases.values()
    assert decision.verdict == "edited" and decision.edit == edit and decision.note == "asked legal"


def test_each_file_is_saved_on_its_own_and_a_conflict_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_foundry(tmp_path / "a.jsonl")
    b = write_foundry(tmp_path / "b.jsonl")
    session = _session("a.jsonl", "b.jsonl")
    b.write_text(b.read_text(encoding="utf-8") + '{"query": "New?", "ground_truth": "Yes."}\n')
    request = {
        "files": [
            {"file": i, "version": f.version, "changes": [{"index": 0, "verdict": "discarded"}]}
            for i, f in enumerate(session.files)
        ]
    }
    status, body = session.save(request)
    assert status == 409
    first, second = body["results"]
    assert first["ok"] and not second["ok"] and second["status"] == "conflict"
    assert "changed on disk" in second["message"]
    assert session.files[0].version != request["files"][0]["version"]  # read again
    assert session.files[1].version != request["files"][1]["version"]  # read as it is now


def test_a_page_loaded_after_a_change_on_disk_shows_the_file_as_it_is(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_foundry(tmp_path / "a.jsonl")
    session = _session("a.jsonl")
    before = session.data()["files"][0]["version"]
    path.write_text(path.read_text(encoding="utf-8") + '{"query": "New?", "ground_truth": "Y"}\n')
    data = session.data()
    assert data["files"][0]["version"] != before and data["files"][0]["cases"] == 5
    assert data["cases"][-1]["p"] == "New?"
    # Saved against what it now shows, a decision lands on the file as it is.
    status, _ = _save(session, 0, [{"index": 0, "verdict": "discarded"}])
    lines = path.read_text(encoding="utf-8").splitlines()
    assert status == 200 and len(lines) == 4 and "New?" in lines[-1]


def test_a_stale_page_s_decisions_move_onto_the_same_cases_of_the_new_version(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_foundry(tmp_path / "a.jsonl")
    session = _session("a.jsonl")
    shown = session.files[0].version
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    # Another editor puts a case first, rewrites the third one and removes the last.
    newer = ['{"query": "First now?", "ground_truth": "Yes."}\n', lines[0], lines[1]]
    newer.append('{"query": "Who pays for the label?", "ground_truth": "Contoso."}\n')
    path.write_text("".join(newer), encoding="utf-8")
    changes = [
        {"index": 1, "verdict": "discarded"},
        {"index": 0, "verdict": "approved", "note": "checked"},
        {"index": 2, "verdict": "approved"},
        {"index": 3, "verdict": "edited", "edit": {"turns": [{"prompt": "Gift cards?"}]}},
    ]
    status, body = session.save({"files": [{"file": 0, "version": shown, "changes": changes}]})
    (result,) = body["results"]
    assert status == 409 and result["status"] == "conflict"
    assert path.read_text(encoding="utf-8") == "".join(newer)  # nothing written
    assert result["version"] == session.files[0].version != shown
    assert result["dropped"] == 2 and "2 were for cases changed or no" in result["hint"]
    carried = {c["index"]: (c["verdict"], c["note"]) for c in result["carried"]}
    assert carried == {2: ("discarded", ""), 1: ("approved", "checked")}
    # Sent again against the new version, they are saved.
    again = [{"index": i, "verdict": v, "note": n} for i, (v, n) in carried.items()]
    status, _ = _save(session, 0, again)
    saved = path.read_text(encoding="utf-8")
    assert status == 200 and "Tell me about returns" not in saved and "First now?" in saved


def test_an_output_file_written_by_another_program_is_not_written_over(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_foundry(tmp_path / "a.jsonl")
    session = ReviewSession(["a.jsonl"], output="out.jsonl", config=LintConfig())
    (tmp_path / "out.jsonl").write_text('{"query": "Mine?", "ground_truth": "Yes."}\n')
    version = session.files[0].version
    item = {"file": 0, "version": version, "changes": [{"index": 1, "verdict": "discarded"}]}
    status, body = session.save({"target": "output", "files": [item]})
    (result,) = body["results"]
    assert status == 409 and result["status"] == "conflict" and "out.jsonl" in result["message"]
    assert "another program wrote it" in result["hint"] and "carried" not in result
    assert (tmp_path / "out.jsonl").read_text() == '{"query": "Mine?", "ground_truth": "Yes."}\n'


def test_a_file_whose_name_is_not_utf8_is_opened(tmp_path: Path, monkeypatch) -> None:
    # A Linux name is any bytes: "bad\xff.json" reaches Python with a lone surrogate, which
    # the page's list could not be written with (the review refused to open).
    monkeypatch.chdir(tmp_path)
    name = os.fsdecode(b"bad\xff.json")
    Path(name).write_text(
        '{"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?"}]}', encoding="utf-8"
    )
    listed = json.loads(_session(name).data_json())
    assert "Hi?" in json.dumps(listed)
