"""Lint configuration: files found by walking up, select/ignore, per-file ignores, severities."""

from __future__ import annotations

import json
import os

import pytest

from datasetkit.core.findings import DatasetkitError, Severity
from datasetkit.lint import find_config, lint_file, load_config
from datasetkit.lint.config import config_from_table

DOC = {
    "schemaVersion": "1.11.0",
    "items": [
        {"prompt": "Tell me about returns"},
        {"prompt": "How many vacation days do new hires get?", "evaluators": {"Similarity": {}}},
    ],
}


@pytest.fixture()
def dataset(tmp_path):
    path = tmp_path / "evals" / "set.json"
    path.parent.mkdir()
    path.write_text(json.dumps(DOC, indent=2) + "\n")
    return path


def codes(path, cfg):
    return {f.code for f in lint_file(str(path), None, cfg).report.findings}


def test_pyproject_found_by_walking_up(tmp_path, dataset, monkeypatch):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.datasetkit.lint]\nignore = ["prompt.vague"]\n\n[tool.datasetkit.generate]\nmodel = "x"\n'
    )
    monkeypatch.chdir(dataset.parent)
    assert find_config() == tmp_path / "pyproject.toml"
    cfg = load_config()
    found = codes(dataset, cfg)
    assert "lint.prompt.vague" not in found
    assert "lint.evaluator.needs-expected-response" in found


def test_datasetkit_toml_wins_over_pyproject_further_up(tmp_path, dataset, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.datasetkit]\nignore = ["lint.evaluator"]\n')
    (dataset.parent / "datasetkit.toml").write_text('[lint]\nselect = ["lint.prompt"]\n')
    monkeypatch.chdir(dataset.parent)
    found = codes(dataset, load_config())
    assert "lint.prompt.vague" in found
    assert not any(c.startswith("lint.evaluator") for c in found)


def test_severity_override_and_off(dataset):
    cfg = config_from_table(
        {
            "severity": {
                "lint.prompt.vague": "error",
                "lint.evaluator.needs-expected-response": "off",
            }
        }
    )
    findings = lint_file(str(dataset), None, cfg).report.findings
    vague = [f for f in findings if f.code == "lint.prompt.vague"]
    assert vague and vague[0].severity == Severity.ERROR
    assert "lint.evaluator.needs-expected-response" not in {f.code for f in findings}


def test_per_file_ignores_relative_to_config(tmp_path, dataset, monkeypatch):
    (tmp_path / "datasetkit.toml").write_text(
        '[lint.per-file-ignores]\n"evals/*.json" = ["lint.prompt.vague"]\n'
    )
    monkeypatch.chdir(tmp_path)
    cfg = load_config()
    assert "lint.prompt.vague" not in codes(dataset, cfg)
    other = tmp_path / "other.json"
    other.write_text(json.dumps(DOC))
    assert "lint.prompt.vague" in codes(other, cfg)


def test_near_duplicate_threshold_setting(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(
        json.dumps(
            {
                "schemaVersion": "1.11.0",
                "items": [
                    {"prompt": "How do I reset my VPN token for the Paris office?"},
                    {"prompt": "How can I reset a VPN token for the Paris site?"},
                ],
            }
        )
    )
    assert "lint.prompt.near-duplicate" not in codes(path, config_from_table({}))
    assert "lint.prompt.near-duplicate" in codes(
        path, config_from_table({"near-duplicate-threshold": 0.75})
    )


def test_ignore_also_drops_validate_codes(tmp_path):
    path = tmp_path / "legacy.json"
    path.write_text(json.dumps([{"prompt": "How many vacation days do new hires get?"}]))
    assert "m365.legacy.bare-array" in codes(path, config_from_table({}))
    assert "m365.legacy.bare-array" not in codes(
        path, config_from_table({"ignore": ["m365.legacy"]})
    )


@pytest.mark.parametrize(
    "table, needle",
    [
        ({"select": ["lint.evaluator.unknwn"]}, "did you mean lint.evaluator.unknown"),
        ({"severity": {"lint.prompt.vague": "loud"}}, "error, warning, info, off"),
        ({"near-duplicate-threshold": 2}, "at most 1"),
        ({"ignore": "lint.prompt.vague", "select": 3}, "list of strings"),
    ],
)
def test_bad_settings_are_clear_errors(table, needle):
    with pytest.raises(DatasetkitError) as exc:
        config_from_table(table)
    assert needle in str(exc.value)


def test_unknown_key_in_lint_table_names_file(tmp_path):
    cfg = tmp_path / "datasetkit.toml"
    cfg.write_text('[lint]\nignroe = ["lint.prompt"]\n')
    with pytest.raises(DatasetkitError) as exc:
        load_config(cfg)
    assert "ignroe" in exc.value.message and str(cfg) in exc.value.message
    assert "ignore" in exc.value.hint


def test_invalid_toml_is_reported(tmp_path):
    cfg = tmp_path / "datasetkit.toml"
    cfg.write_text("[lint\n")
    with pytest.raises(DatasetkitError) as exc:
        load_config(cfg)
    assert "invalid TOML" in exc.value.message


def test_no_config_gives_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if find_config() is None:
        cfg = load_config()
        assert cfg.select is None and cfg.ignore == [] and cfg.near_duplicate_threshold == 0.9
    assert os.getcwd() == str(tmp_path)
