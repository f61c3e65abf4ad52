"""migrate: byte-exact runevals upgrades, backups, --to, --dry-run, --check, atomicity."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from datasetkit import migrate
from datasetkit.findings import DatasetkitError

from .conftest import CORPUS

M365 = CORPUS / "m365"
PAIRS = [
    ("evalsclicodecamp__prompts.json.bak.20260330102337", "evalsclicodecamp__prompts.fd3a2c5.json"),
    ("evalsclicodecamp__evals-v2.json.bak.20260417110017", "evalsclicodecamp__evals-v2.json"),
]


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


def test_migrating_twice_changes_nothing(cli, tmp_path: Path) -> None:
    target = tmp_path / "evals.json"
    shutil.copy(M365 / PAIRS[0][0], target)
    cli("migrate", str(target))
    once = target.read_bytes()
    result = cli("migrate", str(target))
    assert "nothing to migrate" in result.stderr
    assert target.read_bytes() == once
    assert len(list(tmp_path.glob("evals.json.bak.*"))) == 1


def test_dry_run_shows_the_diff_and_writes_nothing(cli, tmp_path: Path) -> None:
    target = tmp_path / "evals-v2.json"
    shutil.copy(M365 / PAIRS[1][0], target)
    result = cli("migrate", "--dry-run", str(target))
    assert result.exit_code == 0
    assert '+  "schemaVersion": "1.0.0"' in result.stdout
    assert target.read_bytes() == (M365 / PAIRS[1][0]).read_bytes()
    assert list(tmp_path.iterdir()) == [target]


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


def test_failed_write_leaves_original_and_no_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "prompts.json"
    shutil.copy(M365 / PAIRS[0][0], target)
    plan = migrate.plan(str(target))

    def boom(path, data):  # the disk fills up mid-write
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(migrate, "atomic_write_bytes", boom)
    with pytest.raises(OSError):
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
