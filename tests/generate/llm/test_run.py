"""The LLM providers through the generate pipeline (load -> plan -> LLM -> write)."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.generate.run import GenerateOptions, generate_knowledge, generate_starter
from tests.helpers.llm_helpers import POLICY, TEST_KEY, assert_no_key_written
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


@pytest.fixture()
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEAM_LLM_KEY", TEST_KEY)
    (tmp_path / "policy.md").write_text(
        "\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY), encoding="utf-8"
    )
    return tmp_path


def _settings(server: FakeLLMServer) -> dict:
    return {
        "base_url": server.url,
        "model": "gpt-4o-mini",
        "api_key_env": "TEAM_LLM_KEY",
        "timeout": 1.0,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "question_types": "lookup,multi-section",
    }


def test_knowledge_run_writes_grounded_cases_from_every_section(
    llm_server: FakeLLMServer, workdir: Path
) -> None:
    outcome = generate_knowledge(
        GenerateOptions(
            files=["policy.md"],
            count=6,
            output="evals.json",
            provider="compatible",
            seed=3,
            provider_settings=_settings(llm_server),
        )
    )
    assert outcome.ok and outcome.produced == 6
    doc = json.loads((workdir / "evals.json").read_text(encoding="utf-8"))
    items = doc["items"]
    assert len(items) == 6
    headings = {tuple(i["extensions"]["datasetkit"]["source"]["heading_path"]) for i in items}
    assert len(headings) == 6  # spread over all six sections
    assert all(i["extensions"]["datasetkit"]["grounded"] for i in items)
    assert_no_key_written(workdir, json.dumps(outcome.report, default=str))


def test_starter_run_writes_ten_ungrounded_cases(llm_server: FakeLLMServer, workdir: Path) -> None:
    outcome = generate_starter(
        GenerateOptions(
            count=10,
            output="starter.json",
            provider="compatible",
            seed=1,
            provider_settings=_settings(llm_server),
        ),
        "A travel assistant that books flights, hotels and rental cars for employees.",
    )
    assert outcome.produced == 10
    items = json.loads((workdir / "starter.json").read_text(encoding="utf-8"))["items"]
    assert all("not-document-grounded" in i["tags"] for i in items)
    assert_no_key_written(workdir)
