"""migrate: byte-exact runevals upgrades, backups, --to, --dry-run, --check, atomicity."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from datasetkit import migrate
from datasetkit.core.findings import DatasetkitError
from tests.conftest import CORPUS

M365 = CORPUS / "m365"
PAIRS = [
    ("evalsclicodecamp__prompts.json.bak.20260330102337", "evalsclicodecamp__prompts.fd3a2c5.json"),
    ("evalsclicodecamp__evals-v2.json.bak.20260417110017", "evalsclicodecamp__evals-v2.json"),
]


@pytest.mark.corpus
@pytest.mark.parametrize(("before", "after"), PAIRS)
def test_real_runevals_upgrades_are_reproduced_byte_for_byte(
    cli, tmp_path: Path, before: str, after: str
) -> None:
    target = tmp_path / "prompts.json"
    shutil.copy(M365 / before, target)
    result = cli("migrate", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == (M365 / after).read_bytes()
    backups = list(tmp_path.glob("prompts.json.bak.*"))
    assert len(backups) == 1
    assert re.fullmatch(r"prompts\.json\.bak\.\d{14}", backups[0].name)
    assert backups[0].read_bytes() == (M365 / before).read_bytes()


@pytest.mark.corpus
def test_migrating_twice_changes_nothing(cli, tmp_path: Path) -> None:
    target = tmp_path / "evals.json"
    shutil.copy(M365 / PAIRS[0][0], target)
    cli("migrate", str(target))
    once = target.read_bytes()
    result = cli("migrate", str(target))
    assert "nothing to migrate" in result.stderr
    assert target.read_bytes() == once
    assert len(list(tmp_path.glob("evals.json.bak.*"))) == 1


@pytest.mark.corpus
def test_dry_run_shows_the_diff_and_writes_nothing(cli, tmp_path: Path) -> None:
    target = tmp_path / "evals-v2.json"
    shutil.copy(M365 / PAIRS[1][0], target)
    result = cli("migrate", "--dry-run", str(target))
    assert result.exit_code == 0
    assert '+  "schemaVersion": "1.0.0"' in result.stdout
    assert target.read_bytes() == (M365 / PAIRS[1][0]).read_bytes()
    assert list(tmp_path.iterdir()) == [target]


@pytest.mark.corpus
def test_check_exits_1_when_migration_is_needed(cli, tmp_path: Path) -> None:
    legacy = tmp_path / "legacy.json"
    shutil.copy(M365 / PAIRS[0][0], legacy)
    current = tmp_path / "current.json"
    shutil.copy(M365 / "m365-copilot-eval__starter.json", current)
    assert cli("migrate", "--check", str(current)).exit_code == 0
    result = cli("migrate", "--check", str(legacy))
    assert result.exit_code == 1
    assert "needs migrating" in result.stdout
    assert legacy.read_bytes() == (M365 / PAIRS[0][0]).read_bytes()


@pytest.mark.corpus
def test_prompts_trap_is_renamed_to_items(cli, tmp_path: Path) -> None:
    target = tmp_path / "evals.json"
    shutil.copy(M365 / "evalsclicodecamp__evals.json", target)
    cli("migrate", str(target))
    doc = json.loads(target.read_text())
    original = json.loads((M365 / "evalsclicodecamp__evals.json").read_text())
    assert list(doc) == [*[k if k != "prompts" else "items" for k in original], "schemaVersion"]
    assert doc["items"] == original["prompts"]


def test_parallel_arrays_are_paired(tmp_path: Path) -> None:
    target = tmp_path / "p.json"
    target.write_text(json.dumps({"prompts": ["a", "b"], "expected_responses": ["x", "y"]}))
    plan = migrate.plan(str(target))
    migrate.apply(plan)
    assert json.loads(target.read_text()) == {
        "items": [
            {"prompt": "a", "expected_response": "x"},
            {"prompt": "b", "expected_response": "y"},
        ],
        "schemaVersion": "1.0.0",
    }
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"prompts": ["a", "b"], "expected_responses": ["x"]}))
    with pytest.raises(DatasetkitError, match="2 prompts but 1 expected_responses"):
        migrate.plan(str(bad))


def test_to_version_moves_rejected_fields_and_reports_each_change(cli, tmp_path: Path) -> None:
    doc = {
        "schemaVersion": "1.0.0",
        "items": [
            {"prompt": "a", "testId": "T-1", "category": "billing", "notes": "from the old sheet"},
            {
                "turns": [
                    {
                        "prompt": "b",
                        "error": "Turn not attempted: preceding turn failed",
                        "status": "error",
                    }
                ],
                "summary": {
                    "turns_total": 1,
                    "turns_passed": 0,
                    "turns_failed": 0,
                    "overall_status": "fail",
                },
            },
        ],
    }
    target = tmp_path / "old.json"
    target.write_text(json.dumps(doc, indent=2))
    result = cli("migrate", "--to", "1.11.0", str(target))
    assert result.exit_code == 0, result.output
    new = json.loads(target.read_text())
    assert new["schemaVersion"] == "1.11.0"
    item = new["items"][0]
    assert item == {
        "prompt": "a",
        "tags": ["billing"],
        "extensions": {"testId": "T-1", "notes": "from the old sheet"},
    }
    turn = new["items"][1]["turns"][0]
    assert turn["error"] == {
        "code": "turnSkipped",
        "message": "Turn not attempted: preceding turn failed",
    }
    assert new["items"][1]["summary"]["turns_partial"] == 0
    for words in (
        "schemaVersion 1.0.0 -> 1.11.0",
        "'testId' moved into \"extensions\"",
        '"category" \'billing\' moved into "tags"',
        'string "error" became an error object',
        "added 'turns_errored'",
    ):
        assert words in result.stderr
    assert cli("validate", str(target)).exit_code == 0


def test_to_an_old_version_keeps_category_in_extensions(tmp_path: Path) -> None:
    target = tmp_path / "old.json"
    target.write_text(
        json.dumps({"schemaVersion": "1.0.0", "items": [{"prompt": "a", "category": "x"}]})
    )
    plan = migrate.plan(str(target), "1.6.0")
    assert json.loads(plan.new_text or "")["items"][0] == {
        "prompt": "a",
        "extensions": {"category": "x"},
    }


def test_to_refuses_a_version_older_than_the_features(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    target.write_text(
        json.dumps({"schemaVersion": "1.0.0", "items": [{"prompt": "a", "tags": ["t"]}]})
    )
    with pytest.raises(DatasetkitError, match=r"newer than 1\.6\.0"):
        migrate.plan(str(target), "1.6.0")
    with pytest.raises(DatasetkitError, match="does not downgrade"):
        target.write_text(json.dumps({"schemaVersion": "1.9.0", "items": [{"prompt": "a"}]}))
        migrate.plan(str(target), "1.6.0")


@pytest.mark.corpus
def test_failed_write_leaves_original_and_no_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "prompts.json"
    shutil.copy(M365 / PAIRS[0][0], target)
    plan = migrate.plan(str(target))

    def boom(path, data):  # the disk fills up mid-write
        raise OSError(28, "No space left on device")

    import datasetkit.io.files

    monkeypatch.setattr(datasetkit.io.files, "atomic_write_bytes", boom)
    with pytest.raises(DatasetkitError, match="disk is full"):
        migrate.apply(plan)
    assert target.read_bytes() == (M365 / PAIRS[0][0]).read_bytes()
    assert list(tmp_path.iterdir()) == [target]


def test_malformed_file_is_not_migrated(cli, tmp_path: Path) -> None:
    target = tmp_path / "broken.json"
    target.write_text('[{"prompt": "a"},]')
    result = cli("migrate", str(target))
    assert result.exit_code == 2
    assert "broken.json:1:17" in result.stderr and "trailing comma" in result.stderr
    assert target.read_text() == '[{"prompt": "a"},]'


# --- keys the target schema rejects, and results that would not validate -------------


def _write(tmp_path: Path, doc: object, name: str = "evals.json") -> Path:
    target = tmp_path / name
    target.write_text(json.dumps(doc, indent=2))
    return target


def test_unknown_item_keys_move_into_extensions_with_counts(cli, tmp_path: Path) -> None:
    items = [{"id": f"Q{i}", "prompt": f"p{i}", "ideal_behavior": f"b{i}"} for i in range(7)]
    target = _write(tmp_path, {"schemaVersion": "1.2.0", "items": items})
    assert cli("validate", str(target)).exit_code == 1
    result = cli("migrate", "--to", "1.11.0", str(target))
    assert result.exit_code == 0, result.output
    new = json.loads(target.read_text())
    assert new["items"][3] == {"prompt": "p3", "extensions": {"id": "Q3", "ideal_behavior": "b3"}}
    # One line per kind of move, with the count, not one line per item.
    assert "'id' moved into \"extensions\": 7 places (items[0], items[1]" in result.stderr
    assert "and 2 more" in result.stderr
    assert result.stderr.count("'ideal_behavior' moved") == 1
    assert "migrated to 1.11.0" in result.stdout
    assert cli("validate", str(target)).exit_code == 0


def test_unknown_thread_and_turn_keys_move_into_their_own_extensions(cli, tmp_path: Path) -> None:
    thread = {
        "owner": "qa",
        "turns": [{"prompt": "a", "step": 1}, {"prompt": "b", "step": 2, "extensions": {"k": 1}}],
    }
    target = _write(tmp_path, {"schemaVersion": "1.6.0", "items": [thread]})
    result = cli("migrate", "--to", "1.6.0", str(target))
    assert result.exit_code == 0, result.output
    new = json.loads(target.read_text())["items"][0]
    assert new["extensions"] == {"owner": "qa"}
    assert new["turns"][0] == {"prompt": "a", "extensions": {"step": 1}}
    assert new["turns"][1] == {"prompt": "b", "extensions": {"k": 1, "step": 2}}
    assert "items[0]: 'owner' moved into \"extensions\"" in result.stderr
    assert "'step' moved into \"extensions\": 2 places (items[0].turns[0], items[0].turns[1])" in (
        result.stderr
    )
    assert cli("validate", str(target)).exit_code == 0


def test_a_name_already_in_extensions_is_never_overwritten(cli, tmp_path: Path) -> None:
    items = [
        {"prompt": "a", "id": "new", "extensions": {"id": "old", "id_2": "older"}},
        {"prompt": "b", "testId": "T-1", "extensions": {"testId": "T-1"}},
        {"prompt": "c", "notes": "mine", "extensions": {"notes": "theirs"}},
    ]
    target = _write(tmp_path, {"schemaVersion": "1.4.0", "items": items})
    result = cli("migrate", "--to", "1.11.0", str(target))
    assert result.exit_code == 0, result.output
    new = json.loads(target.read_text())["items"]
    assert new[0]["extensions"] == {"id": "old", "id_2": "older", "id_3": "new"}
    assert new[1]["extensions"] == {"testId": "T-1"}  # the very same value: kept once
    assert new[2]["extensions"] == {"notes": "theirs", "notes_2": "mine"}
    assert "items[0]: 'id' moved into \"extensions\" as 'id_3'" in result.stderr
    assert "items[1]: 'testId' dropped: \"extensions\" already holds the same value" in (
        result.stderr
    )
    assert "items[2]: 'notes' moved into \"extensions\" as 'notes_2'" in result.stderr


@pytest.mark.parametrize("dry_run", [False, True])
def test_a_result_that_cannot_validate_is_not_written(cli, tmp_path: Path, dry_run: bool) -> None:
    thread = {
        "turns": [{"prompt": "a"}],
        "summary": {
            "turns_total": 1,
            "turns_passed": 1,
            "turns_failed": 0,
            "overall_status": "pass",
            "avg": 3,  # a summary has no extensions to keep it in
        },
    }
    doc = {"schemaVersion": "1.2.0", "items": [{"prompt": "x", "id": "Q1"}, thread]}
    target = tmp_path / "evals.json"
    target.write_text(json.dumps(doc, indent=2))
    before = target.read_bytes()
    args = ["migrate", "--to", "1.11.0", *(["--dry-run"] if dry_run else []), str(target)]
    result = cli(*args)
    assert result.exit_code == 1
    assert target.read_bytes() == before
    assert list(tmp_path.iterdir()) == [target]  # and no backup
    assert ": migrated to" not in result.stdout
    line = next(n for n, text in enumerate(before.decode().splitlines(), 1) if '"avg"' in text)
    assert f"evals.json:{line}:" in result.stderr
    assert "at /items/1/summary/avg" in result.stderr
    assert 'that object has no "extensions"' in result.stderr
    assert "fix: remove 'avg'" in result.stderr
    assert "nothing was written" in result.stdout
    assert ("would not be migrated" in result.stdout) is dry_run


def test_a_misspelt_field_is_not_hidden_in_extensions(tmp_path: Path) -> None:
    target = _write(
        tmp_path,
        {
            "schemaVersion": "1.2.0",
            "items": [
                {"prompt": "a", "expected_respons": "b"},
                {"prompt": "c", "response_id": "r"},
            ],
        },
    )
    plan = migrate.plan(str(target), "1.11.0")
    assert not plan.valid
    assert [f.message for f in plan.unfixable] == [
        "'expected_respons' on items[0] looks like a misspelling of 'expected_response', "
        "which 1.11.0 expects there"
    ]
    assert plan.unfixable[0].hint == "rename 'expected_respons' to 'expected_response'"
    # A key merely resembling a field (response_id, response) is a key of its own: it moves.
    assert "items[1]: 'response_id' moved into \"extensions\"" in plan.changes
    with pytest.raises(DatasetkitError, match="not migrated"):
        migrate.apply(plan)
    assert json.loads(target.read_text())["items"][1] == {"prompt": "c", "response_id": "r"}


def test_errors_other_than_unknown_keys_also_stop_the_migration(cli, tmp_path: Path) -> None:
    target = _write(tmp_path, {"schemaVersion": "1.2.0", "items": [{"prompt": ""}]})
    result = cli("migrate", "--to", "1.11.0", str(target))
    assert result.exit_code == 1
    assert "/items/0/prompt" in result.stderr
    assert json.loads(target.read_text())["schemaVersion"] == "1.2.0"


def test_an_open_old_target_still_gets_a_result_validate_accepts(cli, tmp_path: Path) -> None:
    # The 1.0.0 schema allowed any item key, but validate (like runevals) checks every
    # 1.x document against the newest 1.x schema, which does not: so the key moves.
    target = _write(tmp_path, {"schemaVersion": "1.0.0", "items": [{"prompt": "a", "id": "Q"}]})
    result = cli("migrate", "--to", "1.0.0", str(target))
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text())["items"][0] == {"prompt": "a", "extensions": {"id": "Q"}}
    assert cli("validate", str(target)).exit_code == 0


def test_migrating_to_a_version_twice_changes_nothing(cli, tmp_path: Path) -> None:
    thread = {"owner": "qa", "turns": [{"prompt": "a", "step": 1}]}
    items = [{"prompt": "p", "id": "Q", "category": "c", "extensions": {"id": "x"}}, thread]
    target = _write(tmp_path, {"schemaVersion": "1.2.0", "items": items})
    assert cli("migrate", "--to", "1.11.0", str(target)).exit_code == 0
    once = target.read_bytes()
    result = cli("migrate", "--to", "1.11.0", str(target))
    assert result.exit_code == 0
    assert "nothing to migrate (1.11.0)" in result.stderr
    assert target.read_bytes() == once
    assert len(list(tmp_path.glob("evals.json.bak.*"))) == 1


@pytest.mark.parametrize(
    "doc",
    [
        {"cases": [{"question": "q", "answer": "a"}]},
        [{"question": "q", "answer": "a"}],
        {"items": [{"input": "q"}]},
    ],
)
def test_a_file_that_is_no_eval_document_is_refused(cli, tmp_path: Path, doc: object) -> None:
    target = _write(tmp_path, doc)
    before = target.read_bytes()
    for args in (["migrate"], ["migrate", "--to", "1.11.0"]):
        result = cli(*args, str(target))
        assert result.exit_code == 2
        assert "not an M365 eval document" in result.stderr
        assert "nothing was migrated" in result.stderr
        assert target.read_bytes() == before
        assert list(tmp_path.iterdir()) == [target]


def test_one_refused_file_does_not_stop_the_others(cli, tmp_path: Path) -> None:
    bad = _write(tmp_path, {"cases": []}, "a.json")
    good = _write(
        tmp_path, {"schemaVersion": "1.2.0", "items": [{"prompt": "p", "id": "Q"}]}, "b.json"
    )
    result = cli("migrate", "--to", "1.11.0", str(bad), str(good))
    assert result.exit_code == 2
    assert "a.json: not an M365 eval document" in result.stderr
    assert json.loads(good.read_text())["items"][0]["extensions"] == {"id": "Q"}


CORPUS_FILES = sorted([*M365.glob("*.json"), *(CORPUS / "wild" / "m365").glob("*.json")])


@pytest.mark.corpus
@pytest.mark.parametrize("version", ["1.11.0", "1.6.0", "1.2.0"])
def test_migrating_every_corpus_file_only_succeeds_with_a_valid_result(
    cli, tmp_path: Path, version: str
) -> None:
    assert CORPUS_FILES, "no .json files under corpus/m365 and corpus/wild/m365"
    outcomes = set()
    for source in CORPUS_FILES:
        folder = tmp_path / source.stem
        folder.mkdir()
        target = folder / source.name
        shutil.copy(source, target)
        result = cli("migrate", "--to", version, str(target))
        assert "Traceback" not in result.output, source.name
        assert result.exit_code in (0, 1, 2), (source.name, result.output)
        outcomes.add(result.exit_code)
        if result.exit_code == 0:
            check = cli("validate", str(target))
            assert check.exit_code == 0, (source.name, check.output)
            assert json.loads(target.read_text())["schemaVersion"] == version
        else:
            assert target.read_bytes() == source.read_bytes(), source.name
            assert list(folder.iterdir()) == [target], source.name
            said = "nothing was written" if result.exit_code == 1 else "datasetkit: error:"
            assert said in result.output, (source.name, result.output)
    assert 0 in outcomes  # the loop really migrated something
