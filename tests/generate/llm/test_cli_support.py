"""The glue the generate command uses: providers, --check-config, --dry-run, summary, progress."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import io
from pathlib import Path

from datasetkit.generate.llm import cli_support
from datasetkit.generate.llm.config.providers import register
from tests.helpers.llm_helpers import TEST_KEY, generator, make_plan
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


def test_register_adds_three_providers_that_build_generators(tmp_path: Path, monkeypatch) -> None:
    providers: dict = {}
    register(providers)
    assert set(providers) == {"openai", "azure", "compatible"}
    monkeypatch.setenv("OPENAI_API_KEY", TEST_KEY)
    gen = providers["openai"](
        model="gpt-4o-mini", cwd=str(tmp_path), question_types="lookup,comparison"
    )
    assert gen.settings.provider == "openai" and gen.options.question_types == [
        "lookup",
        "comparison",
    ]


def test_check_config_report_and_exit_code(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    text, code = cli_support.check_config(
        {"provider": "openai", "model": "gpt-4o", "cwd": str(tmp_path)}
    )
    assert code == 2 and "no OpenAI API key found" in text
    monkeypatch.setenv("MY_TEAM_KEY", TEST_KEY)
    text, code = cli_support.check_config(
        {
            "provider": "openai",
            "model": "gpt-4o",
            "api_key_env": "MY_TEAM_KEY",
            "cwd": str(tmp_path),
        }
    )
    assert code == 0 and "env MY_TEAM_KEY" in text and TEST_KEY not in text


def test_dry_run_and_summary_and_exit_code(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    gen = generator(llm_server, tmp_path, question_types=["lookup"], top_up_rounds=0)
    report = cli_support.dry_run(gen, plan=make_plan(3))
    assert "calls: 9 to send (generation 3, critic 3, judge 3)" in report
    assert llm_server.requests == []
    starter = cli_support.dry_run(gen, description="A travel booking assistant.", count=10)
    assert "calls: 5 to send" in starter
    llm_server.script("refusal")
    result = gen.generate_knowledge(make_plan(3))
    text = cli_support.summary(result, requested=3)
    assert "generated 2 of 3" in text and "model_refused x1" in text and "manifest:" in text
    assert cli_support.exit_code(result) == 1


def test_progress_bar_goes_to_the_given_stream(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    stream = io.StringIO()
    gen = generator(
        llm_server, tmp_path, question_types=["lookup"], progress=True, progress_stream=stream
    )
    gen.generate_knowledge(make_plan(3))
    lines = stream.getvalue().splitlines()
    assert lines and lines[-1].startswith("[########################] 3/3 cases")
