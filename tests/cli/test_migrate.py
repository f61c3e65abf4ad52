"""``datasetkit migrate``: its help, its --to, and what it says about a file it cannot read."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.formats.m365.versions import LATEST_V1


def test_help_shows_a_version_for_to_not_format_names(cli) -> None:
    result = cli("migrate", "-h")
    line = next(x for x in result.stdout.splitlines() if "--to" in x)
    assert "VERSION" in line and "foundry" not in line, line


def test_to_latest_is_the_newest_version_as_for_schema(cli, tmp_path: Path) -> None:
    src = tmp_path / "old.json"
    src.write_text(json.dumps({"prompts": [{"prompt": "hi", "expected_response": "x"}]}))
    result = cli("migrate", str(src), "--to", "latest")
    assert result.exit_code == 0, result.stderr
    assert json.loads(src.read_text())["schemaVersion"] == LATEST_V1


def test_a_jsonl_file_gets_a_hint_migrate_can_follow(cli, tmp_path: Path) -> None:
    from datasetkit import DatasetkitError, migrate

    src = tmp_path / "records.jsonl"
    src.write_text('{"query": "q", "response": "r"}\n' * 2)
    result = cli("migrate", str(src))
    assert result.exit_code == 2
    assert "--from" not in result.stderr and "datasetkit convert" in result.stderr
    try:
        migrate(str(src))
    except DatasetkitError as exc:
        assert "--from" not in exc.hint and "convert" in exc.hint
    else:
        raise AssertionError("a JSONL file was migrated")
