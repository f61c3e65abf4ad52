"""``generate --check-config --probe``: models, the structured mode that works, speed,
system messages; without --probe nothing is contacted."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.helpers.llm_helpers import generate_args, llm_flags
from tests.helpers.llm_personalities import PERSONALITIES
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


@pytest.fixture()
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "DATASETKIT_PROVIDER"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _args(url: str, *extra: str) -> list[str]:
    flags = llm_flags(url, model="fake-model", key_env=None, question_types=None)
    return ["generate", "--check-config", *flags, *extra]


def test_check_config_without_probe_contacts_nothing(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    res = cli(*_args(llm_server.url))
    assert res.exit_code == 0, res.output
    assert "server: not contacted (add --probe" in res.stdout
    assert "structured" in res.stdout and llm_server.requests == []


def test_probe_reports_what_works_on_a_full_server(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    res = cli(*_args(llm_server.url, "--probe"))
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "models: fake-model" in out
    assert "structured output json_schema: taken; reply valid JSON in" in out
    assert "tokens/s" in out and "system messages: honoured" in out
    assert "will use: structured output json_schema, instructions in the system message" in out
    assert len(llm_server.chat_requests()) == 1


def test_probe_finds_json_object_and_a_template_that_drops_system_messages(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    llm_server.personality = PERSONALITIES["llamacpp"]
    res = cli(*_args(llm_server.url, "--probe"))
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "structured output json_schema: rejected (500:" in out
    assert "structured output json_object: taken; reply valid JSON" in out
    assert "system messages: ignored" in out and "pass --no-system-role" in out
    assert "will use: structured output json_object, instructions in the user message" in out


def test_probe_of_a_server_that_is_not_running_exits_2(cli, work: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    res = cli(*_args(url, "--probe"))
    assert res.exit_code == 2
    assert f"could not connect to {url} (connection refused)" in res.stdout


def test_probe_after_the_subcommand_too(cli, llm_server: FakeLLMServer, work: Path) -> None:
    (work / "k.md").write_text("# A\n\nSome text about refunds and returns.\n", encoding="utf-8")
    res = cli(
        *generate_args(
            "k.md",
            output="x.json",
            url=llm_server.url,
            model="fake-model",
            key_env=None,
            question_types=None,
        ),
        "--check-config",
        "--probe",
    )
    assert res.exit_code == 0, res.output
    assert "structured output json_schema: taken" in res.stdout
    assert not (work / "x.json").exists()
