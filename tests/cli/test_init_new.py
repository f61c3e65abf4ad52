"""init (templates) and new (inline prompts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.formats import InputFile, get
from datasetkit.formats.m365 import schemas, templates, versions
from datasetkit.formats.m365.features import minimum_version


@pytest.mark.parametrize("name", templates.names())
def test_each_template_is_valid_at_the_newest_1x_and_declares_what_it_uses(
    name: str, tmp_path: Path
) -> None:
    doc = json.loads(templates.load(name))
    assert list(schemas.validator_for(versions.LATEST_V1).iter_errors(doc)) == []
    # It declares the lowest version that covers its features, so older CLIs run it too.
    assert doc["schemaVersion"] == minimum_version(doc, "1.6.0")
    p = tmp_path / "t.json"
    p.write_bytes(templates.load(name))
    assert get("m365").validate(InputFile(str(p))).findings == []


def test_init_writes_evals_json_and_refuses_to_overwrite(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("init")
    assert result.exit_code == 0
    target = tmp_path / "evals" / "evals.json"
    assert target.read_bytes() == templates.load("basic")
    target.write_text("mine")
    again = cli("init", "--template", "multi-turn")
    assert again.exit_code == 2
    assert "--force" in again.stderr
    assert target.read_text() == "mine"
    assert cli("init", "--template", "multi-turn", "--force").exit_code == 0
    assert target.read_bytes() == templates.load("multi-turn")
    # runevals' discovery finds it, so validate with no path does too.
    assert cli("validate").exit_code == 0


def test_new_pairs_prompts_and_expected(cli, tmp_path: Path) -> None:
    out = tmp_path / "inline.json"
    result = cli(
        "new",
        "--prompt",
        "What is our refund window?",
        "--expected",
        "30 days",
        "--prompt",
        "Who approves refunds?",
        "--expected",
        "",
        "--evaluator",
        "Similarity",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    assert doc["items"] == [
        {"prompt": "What is our refund window?", "expected_response": "30 days"},
        {"prompt": "Who approves refunds?"},
    ]
    assert doc["default_evaluators"] == {"Similarity": {}}
    assert cli("validate", str(out)).exit_code == 0


def test_new_refuses_mismatched_counts(cli, tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    result = cli("new", "--prompt", "a", "--prompt", "b", "--expected", "x", "-o", str(out))
    assert result.exit_code == 2
    assert "2 --prompt but 1 --expected" in result.stderr
    assert not out.exists()
