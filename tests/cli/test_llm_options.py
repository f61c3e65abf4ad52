"""``datasetkit generate`` with an LLM provider: flags, --check-config, --dry-run, exit codes."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.llm_helpers import (
    POLICY,
    TEST_KEY,
    assert_no_key_written,
    generate_args,
    llm_flags,
)
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)


@pytest.fixture()
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("DATASETKIT_PROVIDER", raising=False)
    (tmp_path / "policy.md").write_text(
        "\n\n".join(f"# {h}\n\n{t}" for h, t in POLICY), encoding="utf-8"
    )
    return tmp_path


ENV = {"TEAM_KEY": TEST_KEY}


def test_generate_knowledge_with_an_llm_writes_cases_manifest_and_summary(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    res = cli(
        *generate_args("policy.md", output="evals.json", count=4, seed=2, url=llm_server.url),
        env=ENV,
    )
    assert res.exit_code == 0, res.output
    items = json.loads((work / "evals.json").read_text(encoding="utf-8"))["items"]
    assert len(items) == 4
    manifest = json.loads((work / "evals.json.manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["produced"] == 4 and manifest["seed"] == 2
    calls = {k: v["calls"] for k, v in manifest["usage"]["calls_by_kind"].items()}
    assert calls == {"generate": 4, "repair": 0, "critic": 4, "judge": 4}
    assert "generated 4 of 4 case(s)" in res.stderr
    assert "calls 12 (generate 4, critic 4, judge 4)" in res.stderr
    assert "4/4 cases" in res.stderr  # the progress bar
    assert_no_key_written(work, res.output, res.stderr)


def test_fewer_cases_than_asked_exits_1_and_keeps_the_partial_set(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    res = cli(
        *generate_args("policy.md", output="evals.json", count=4),
        "--max-calls",
        "2",
        "--concurrency",
        "1",
        # One call per case: the budget stops between cases, not inside a case's review.
        "--candidates",
        "1",
        "--no-critic",
        "--no-judge",
        *llm_flags(llm_server.url),
        env=ENV,
    )
    assert res.exit_code == 1
    assert len(json.loads((work / "evals.json").read_text(encoding="utf-8"))["items"]) == 2
    assert "max-calls 2 reached" in res.stderr and "--resume" in res.stderr


def test_refused_key_exits_2(cli, llm_server: FakeLLMServer, work: Path) -> None:
    llm_server.require_key = "the-right-key-xyz"
    res = cli(
        *generate_args("policy.md", output="evals.json", count=2, url=llm_server.url), env=ENV
    )
    assert res.exit_code == 2 and "could not run" in res.stderr and "401" in res.stderr
    assert not (work / "evals.json").exists()
    assert_no_key_written(work, res.output, res.stderr)


def test_dry_run_prints_the_plan_and_sends_nothing(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    res = cli(
        *generate_args("policy.md", output="evals.json", count=6),
        "--dry-run",
        *llm_flags(llm_server.url),
        env=ENV,
    )
    assert res.exit_code == 0, res.output
    assert "calls: 18 to send (generation 6, critic 6, judge 6)" in res.stdout
    assert "estimated cost: $" in res.stdout and "  critic: 6 calls" in res.stdout
    assert llm_server.requests == [] and not (work / "evals.json").exists()
    starter = cli(
        "generate",
        "starter",
        "-d",
        "An HR helper for holidays and payroll.",
        "-o",
        "s.json",
        "--dry-run",
        *llm_flags(llm_server.url, question_types=None),
        env=ENV,
    )
    assert starter.exit_code == 0 and "calls: 5 to send" in starter.stdout


def test_check_config_at_group_level_and_on_a_command(cli, work: Path) -> None:
    (work / "datasetkit.toml").write_text(
        '[generate]\nprovider = "openai"\nmodel = "gpt-4o-mini"\napi_key_env = "TEAM_KEY"\n',
        encoding="utf-8",
    )
    res = cli("generate", "--check-config", env=ENV)
    assert res.exit_code == 0, res.output
    assert (
        "datasetkit.toml" in res.stdout
        and "env TEAM_KEY" in res.stdout
        and TEST_KEY not in res.stdout
    )
    missing = cli("generate", "--check-config", "--api-key-env", "NOT_SET_ANYWHERE", env={})
    assert missing.exit_code == 2 and "NOT_SET_ANYWHERE" in missing.stdout
    sub = cli(*generate_args("policy.md", output="x.json"), "--check-config", env=ENV)
    assert sub.exit_code == 0 and "ready: yes" in sub.stdout and not (work / "x.json").exists()


def test_llm_flags_with_the_offline_provider_are_refused(cli, work: Path) -> None:
    res = cli(
        *generate_args("policy.md", output="evals.json"),
        "--provider",
        "offline",
        "--max-cost",
        "1",
    )
    assert res.exit_code == 2 and "--max-cost" in res.stderr and "LLM provider" in res.stderr


def test_api_key_on_the_command_line_warns_and_is_never_written(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    res = cli(
        *generate_args("policy.md", output="evals.json", count=2, url=llm_server.url, key_env=None),
        "--api-key",
        TEST_KEY,
    )
    assert res.exit_code == 0, res.output
    assert "warning: --api-key puts the key in your shell history" in res.stderr
    assert_no_key_written(work, res.output, res.stderr)


def test_resume_flag_continues_without_repeating_calls(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    base = [
        *generate_args("policy.md", output="evals.json", count=6, seed=4),
        "--concurrency",
        "1",
        "--no-cache",
        *llm_flags(llm_server.url),
    ]
    first = cli(*base, "--max-calls", "3", env=ENV)
    assert first.exit_code == 1
    sent = len(llm_server.chat_requests())
    second = cli(*base, "--resume", "--force", env=ENV)
    assert second.exit_code == 0, second.stderr
    # The three missing generation calls, then a critic and a judge call for each of the
    # six cases; the three paid generation replies were replayed from the journal.
    assert len(llm_server.chat_requests()) - sent == 3 + 6 + 6
    assert len(json.loads((work / "evals.json").read_text(encoding="utf-8"))["items"]) == 6


def test_conversations_written_as_foundry_messages_and_m365_turns(
    cli, llm_server: FakeLLMServer, work: Path
) -> None:
    args = [*llm_flags(llm_server.url, question_types=None), "--multi-turn", "3"]
    args += ["-n", "2", "--seed", "1"]
    res = cli(*generate_args("policy.md", output="conv.jsonl"), *args, env=ENV)
    assert res.exit_code == 0, res.stderr
    rows = [json.loads(x) for x in (work / "conv.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2
    assert [m["role"] for m in rows[0]["messages"]] == ["user", "assistant"] * 3
    m365 = cli(*generate_args("policy.md", output="conv.json"), *args, env=ENV)
    assert m365.exit_code == 0, m365.stderr
    items = json.loads((work / "conv.json").read_text(encoding="utf-8"))["items"]
    assert len(items[0]["turns"]) == 3 and all(t["expected_response"] for t in items[0]["turns"])


def test_simulation_seeds_written_for_foundry(cli, llm_server: FakeLLMServer, work: Path) -> None:
    # A fixed seed: the fake server's answers repeat, and some seeds draw a duplicate.
    args = [*llm_flags(llm_server.url, question_types=None), "--seeds", "--multi-turn", "6"]
    res = cli(*generate_args("policy.md", output="seeds.jsonl", count=2, seed=1), *args, env=ENV)
    assert res.exit_code == 0, res.stderr
    rows = [json.loads(x) for x in (work / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2
    assert all(r["test_case_description"] and r["desired_num_turns"] == 6 for r in rows)


def test_batch_mode_from_the_command_line(cli, llm_server: FakeLLMServer, work: Path) -> None:
    (work / "datasetkit.toml").write_text(
        "[generate]\nbatch_poll_interval = 0.01\n", encoding="utf-8"
    )
    res = cli(
        *generate_args("policy.md", output="evals.json", count=3),
        "--batch",
        *llm_flags(llm_server.url),
        env=ENV,
    )
    assert res.exit_code == 0, res.stderr
    # Generation, critic and judge calls each went as a batch.
    assert llm_server.chat_requests() == [] and len(llm_server.batches) == 3
    assert len(json.loads((work / "evals.json").read_text(encoding="utf-8"))["items"]) == 3


def test_check_config_without_an_llm_says_the_run_is_offline_and_ready(cli, work: Path) -> None:
    # No provider configured: a run is offline, so nothing is missing (no model, no key).
    for args in (["generate"], list(generate_args("policy.md", output="x.json"))):
        res = cli(*args, "--check-config", env={})
        assert res.exit_code == 0, res.output
        assert "offline" in res.stdout and "ready: yes" in res.stdout
        assert "openai" not in res.stdout.split("\n")[0] and "problem" not in res.stdout
        assert not (work / "x.json").exists()
    # LLM options without a provider: the run would refuse them, and so does the check.
    flags = cli("generate", "--check-config", "--model", "gpt-4o-mini", env={})
    assert flags.exit_code == 2 and "--model needs an LLM provider" in flags.stdout


@pytest.mark.parametrize(
    "key",
    ["ｓｋ－ＬＥＡＫ－ｖａｌｕｅ１２３", "sk-leak\u201cquoted\u201dvalue", "sk-leak\nsecond-line"],
)
def test_a_key_http_headers_cannot_carry_is_refused_and_never_shown(
    cli, llm_server: FakeLLMServer, work: Path, key: str
) -> None:
    res = cli(
        *generate_args("policy.md", output="evals.json", count=2, url=llm_server.url, key_env=None),
        "--api-key",
        key,
    )
    assert res.exit_code == 2, res.output
    assert "characters HTTP headers cannot carry" in res.output
    assert "\\ud800" not in res.output and "surrogate" not in res.output
    for piece in [key, *key.split("\n"), key[:6], "ＬＥＡＫ", "leak"]:
        assert piece not in res.output, piece
    assert not llm_server.chat_requests()
