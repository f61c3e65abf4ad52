"""The real ``openai`` client against the test server playing each kind of server:
structured output negotiated per server, rejections by 400, 422 and 500, tools and
plain-JSON fallbacks, the mode remembered and recorded, system messages merged."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from datasetkit.generate.llm.wire import structured
from datasetkit.generate.llm.wire.profiles import merge_system
from tests.helpers.llm_helpers import generator, make_plan
from tests.helpers.llm_personalities import PERSONALITIES, Personality
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)

EXPECTED_MODE = {
    "openai": "json_schema",
    "azure": "json_schema",
    "ollama": "json_schema",
    "vllm": "json_schema",
    "lmstudio": "json_schema",
    "llamacpp": "json_object",
}


def _azure(server: FakeLLMServer, version: str) -> dict[str, Any]:
    return {
        "provider": "azure",
        "base_url": None,
        "azure_endpoint": server.azure_endpoint,
        "azure_deployment": "dep",
        "api_version": version,
        "model": "gpt-4o",
    }


@pytest.mark.parametrize("name", sorted(PERSONALITIES))
def test_every_server_gives_its_cases_in_the_mode_it_takes(
    name: str, llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.personality = PERSONALITIES[name]
    settings = _azure(llm_server, "2024-10-21") if name == "azure" else {}
    gen = generator(llm_server, tmp_path, settings, question_types=["lookup"])
    result = gen.generate_knowledge(make_plan(3))
    assert len(result.cases) == 3, result.usage
    assert result.usage["structured_output"] == EXPECTED_MODE[name]
    assert not result.usage["stopped"]
    manifest = json.loads(Path(result.usage["manifest_path"]).read_text(encoding="utf-8"))
    assert manifest["usage"]["structured_output"] == EXPECTED_MODE[name]
    if name == "llamacpp":
        rejected = manifest["usage"]["structured_rejected"]
        assert [r["mode"] for r in rejected] == ["json_schema"]
        assert "json_object" in rejected[0]["reply"]
        # One request found out alone: a single rejection, never retried as a 5xx.
        http = manifest["usage"]["http"]
        assert http["retries"] == 0 and http["by_status"] == {"500": 1}
        assert http["ok"] == http["requests"] - 1
        body = llm_server.chat_requests()[-1]["body"]
        assert body["response_format"]["schema"]["type"] == "object"
        # The grammar made of the schema stops after the candidates asked for.
        schemas = [r["body"]["response_format"]["schema"] for r in llm_server.chat_requests()[1:]]
        lists = [
            sc["properties"]["candidates"] for sc in schemas if "candidates" in sc["properties"]
        ]
        assert lists and all(c["maxItems"] == 3 and c["minItems"] == 1 for c in lists)
        assert all(c["items"]["properties"]["evidence"]["maxItems"] == 6 for c in lists)


def test_old_azure_api_version_falls_back_to_json_object(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.personality = PERSONALITIES["azure"]
    gen = generator(
        llm_server, tmp_path, _azure(llm_server, "2024-06-01"), question_types=["lookup"]
    )
    result = gen.generate_knowledge(make_plan(2))
    assert len(result.cases) == 2 and result.usage["structured_output"] == "json_object"


def test_a_422_naming_response_format_is_a_rejection(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.script("reject:422")
    gen = generator(
        llm_server, tmp_path, {"concurrency": 1}, question_types=["lookup"], critic=False
    )
    result = gen.generate_knowledge(make_plan(1))
    assert len(result.cases) == 1 and result.usage["structured_output"] == "json_object"


def test_tools_then_plain_json_when_nothing_else_is_taken(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.personality = Personality("tools-only", frozenset({"tools"}))
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(2)
    )
    assert len(result.cases) == 2 and result.usage["structured_output"] == "tools"
    body = llm_server.chat_requests()[-1]["body"]
    assert body["tool_choice"]["function"]["name"] == body["tools"][0]["function"]["name"]

    llm_server.personality = Personality("plain", frozenset())
    result = generator(llm_server, tmp_path / "b", question_types=["lookup"]).generate_knowledge(
        make_plan(2)
    )
    assert len(result.cases) == 2 and result.usage["structured_output"] == "none"
    body = llm_server.chat_requests()[-1]["body"]
    assert "response_format" not in body and "tools" not in body
    assert "Reply as JSON matching this schema" in body["messages"][-1]["content"]


def test_the_mode_found_is_remembered_for_the_server_and_model(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.personality = PERSONALITIES["llamacpp"]
    generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(make_plan(1))
    first = len(llm_server.chat_requests())
    gen = generator(llm_server, tmp_path / "b", question_types=["lookup"])
    assert gen.wire.structured == "json_object"
    gen.generate_knowledge(make_plan(1))
    sent = llm_server.chat_requests()[first:]
    assert all(r["body"]["response_format"]["type"] == "json_object" for r in sent)
    assert structured.known(gen.settings.endpoint_label, "gpt-4o-mini") == "json_object"


def test_a_fixed_mode_the_server_rejects_stops_with_the_fix(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.personality = PERSONALITIES["lmstudio"]
    gen = generator(llm_server, tmp_path, {"structured": "json_object"}, question_types=["lookup"])
    result = gen.generate_knowledge(make_plan(1))
    assert not result.cases
    assert "--structured auto" in result.usage["stopped"]
    assert "'response_format.type' must be" in result.usage["stopped"]


def test_no_system_role_puts_the_instructions_in_the_user_message(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.personality = PERSONALITIES["llamacpp"]
    gen = generator(llm_server, tmp_path, {"system_role": False}, question_types=["lookup"])
    result = gen.generate_knowledge(make_plan(1))
    assert len(result.cases) == 1
    for req in llm_server.chat_requests():
        roles = [m["role"] for m in req["body"]["messages"]]
        assert "system" not in roles


def test_merge_system_keeps_the_order_of_the_other_messages() -> None:
    msgs = [
        {"role": "system", "content": "Rules."},
        {"role": "user", "content": "Q1"},
        {"role": "assistant", "content": "A1"},
        {"role": "user", "content": "Q2"},
    ]
    merged = merge_system(msgs)
    assert [m["role"] for m in merged] == ["user", "assistant", "user"]
    assert merged[0]["content"] == "Rules.\n\nQ1" and merged[2]["content"] == "Q2"
    assert merge_system([{"role": "system", "content": "R"}]) == [{"role": "user", "content": "R"}]


def test_replies_without_usage_are_counted_as_estimated(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("no_usage")
    gen = generator(llm_server, tmp_path, question_types=["lookup"], critic=False, judge=False)
    result = gen.generate_knowledge(make_plan(2))
    assert len(result.cases) == 2
    assert result.usage["usage_estimated"] == 2 and result.usage["output_tokens"] > 0


def test_a_model_that_repeats_the_prompt_gets_one_clear_message(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    from datasetkit.generate.llm.engine.summary import summary

    llm_server.mode.add("echo")
    gen = generator(
        llm_server,
        tmp_path,
        {"structured": "json_object"},
        question_types=["lookup"],
        top_up_rounds=0,
    )
    result = gen.generate_knowledge(make_plan(3))
    assert not result.cases
    # Three replies and their three repairs, every one the prompt said back.
    expected = (
        "6 of 6 replies were not valid JSON; the model repeats the prompt: "
        "use a larger model or --structured json_schema"
    )
    assert result.usage["diagnosis"] == expected
    assert f"  replies: {expected}" in summary(result, 3)
    # A server that rejected json_schema is not told to use it.
    llm_server.personality = PERSONALITIES["llamacpp"]
    gen = generator(llm_server, tmp_path / "b", question_types=["lookup"], top_up_rounds=0)
    assert (
        gen.generate_knowledge(make_plan(1))
        .usage["diagnosis"]
        .endswith("the model repeats the prompt: use a larger model")
    )


def test_rejections_are_told_from_other_errors() -> None:
    body = {"response_format": {"type": "json_schema"}}
    llamacpp = "1 validation error: response_format.type Input should be 'text' or 'json_object'"
    assert structured.is_rejection(500, llamacpp, body)
    assert structured.is_rejection(422, "{'loc': ['body', 'response_format']}", body)
    assert not structured.is_rejection(500, "model crashed", body)
    assert not structured.is_rejection(503, "response_format busy", body)
    assert not structured.is_rejection(400, "response_format bad", {"messages": []})
    tools = {"tools": [], "tool_choice": {}}
    assert structured.is_rejection(400, "tool_choice is not supported", tools)
    assert [structured.next_mode(m) for m in structured.FALLBACK] == [
        "json_object",
        "tools",
        "none",
        None,
    ]


def test_the_timeout_follows_max_tokens_and_the_measured_speed() -> None:
    from datasetkit.generate.llm.wire.pacing import SpeedMeter

    meter = SpeedMeter(60.0, fixed=False, assumed=5.0)
    assert meter.timeout(1200) == 15 + 2 * 1200 / 5  # assumed 5 tokens/s before a reply
    meter.record(1000, 10.0, reported=True)  # 100 tokens/s measured
    assert meter.timeout(1200) == 60.0  # never below the configured timeout
    meter.record(200, 90.0, reported=True)  # now 1200 tokens in 100 s: 12 tokens/s
    assert meter.timeout(1200) == 15 + 2 * 1200 / 12
    assert meter.timeout(100_000) == 900.0  # at most 15 minutes
    assert SpeedMeter(3.0, fixed=True, assumed=5.0).timeout(1200) == 3.0  # set by the user
