"""``--check-config``: the report, and the exit code that says whether a run can start."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.llm.config.check_config import check_config
from tests.helpers.llm_helpers import TEST_KEY


def test_check_config_report_and_exit_code(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    text, code = check_config({"provider": "openai", "model": "gpt-4o", "cwd": str(tmp_path)})
    assert code == 2 and "no OpenAI API key found" in text
    monkeypatch.setenv("MY_TEAM_KEY", TEST_KEY)
    text, code = check_config(
        {
            "provider": "openai",
            "model": "gpt-4o",
            "api_key_env": "MY_TEAM_KEY",
            "cwd": str(tmp_path),
        }
    )
    assert code == 0 and "env MY_TEAM_KEY" in text and TEST_KEY not in text
