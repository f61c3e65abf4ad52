"""Server profiles: what a kind of server accepts, declared in one table, is the request
built for it. A quirk declared in a profile changes the requests without touching the
request builder, the negotiation or the client."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from datasetkit.generate.llm.config.settings import PROVIDERS
from datasetkit.generate.llm.wire.profiles import PROFILES, ServerProfile, profile_for
from datasetkit.generate.llm.wire.requests import Wire
from datasetkit.generate.llm.wire.units import Unit
from tests.helpers.llm_helpers import generator, make_plan, settings_for
from tests.helpers.llm_personalities import PERSONALITIES
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)

# A server whose model drops system messages, that takes its reply shape only as
# json_object, caps replies with max_tokens and refuses a seed: one declaration.
QUIRKY = ServerProfile(
    "quirky",
    system_role=False,
    structured_modes=("json_object", "none"),
    token_param="max_tokens",
    droppable_params=("seed",),
)


def _unit() -> Unit:
    return Unit(
        id="u1",
        schema="knowledge_candidates",
        category="knowledge",
        question_type="lookup",
        chunks=[],
        messages=[
            {"role": "system", "content": "Write test cases."},
            {"role": "user", "content": "From this passage."},
        ],
        items=(1, 3),
    )


# Requests are built here, never sent: no server needs to listen.
NOWHERE = SimpleNamespace(url="http://127.0.0.1:9/v1")


def test_every_provider_has_a_profile() -> None:
    assert set(PROFILES) == set(PROVIDERS)
    assert all(name == p.name for name, p in PROFILES.items())


def test_a_quirk_declared_in_a_profile_is_the_request_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PROFILES, "compatible", QUIRKY)
    stopped: list[str] = []
    wire = Wire(settings_for(NOWHERE, tmp_path), stopped.append)
    body = wire.request(_unit(), 7, est_output=100).body
    # The instructions ride at the head of the user message.
    assert [m["role"] for m in body["messages"]] == ["user"]
    assert body["messages"][0]["content"] == "Write test cases.\n\nFrom this passage."
    # The first mode the profile declares, its token cap; the unit's messages are unchanged.
    assert body["response_format"]["type"] == "json_object" and "max_tokens" in body
    assert "max_completion_tokens" not in body and _unit().messages[0]["role"] == "system"
    # A refused seed is left out; a refused temperature is not the profile's to drop.
    assert "seed" in QUIRKY.adjustable_params and "temperature" not in QUIRKY.adjustable_params
    wire.adjust("seed")
    assert "seed" not in wire.request(_unit(), 7, est_output=100).body
    # The negotiation steps down the profile's modes only: json_object, then the prompt.
    wire.adjust("response_format", "json_object is not supported")
    assert wire.structured == "none"
    assert "response_format" not in wire.request(_unit(), 7, est_output=100).body
    wire.adjust("response_format", "no reply shape at all")
    assert stopped and "structured output mode none" in stopped[0]


def test_the_settings_fix_what_the_profile_leaves_open(tmp_path: Path) -> None:
    default = profile_for(settings_for(NOWHERE, tmp_path))
    assert default == PROFILES["compatible"] and default.system_role
    fixed = profile_for(
        settings_for(NOWHERE, tmp_path, system_role=False, structured="json_object")
    )
    assert fixed == replace(
        PROFILES["compatible"], system_role=False, structured_modes=("json_object",)
    )


def test_a_server_declared_as_it_is_needs_no_negotiation(
    llm_server: FakeLLMServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # llama-cpp-python with Gemma's template, declared: no json_schema request to reject,
    # no system message for the template to drop.
    llm_server.personality = PERSONALITIES["llamacpp"]
    monkeypatch.setitem(PROFILES, "compatible", QUIRKY)
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(2)
    )
    assert len(result.cases) == 2 and result.usage["structured_output"] == "json_object"
    assert result.usage["http"]["by_status"] == {}
    for req in llm_server.chat_requests():
        assert "system" not in [m["role"] for m in req["body"]["messages"]]
        assert req["body"]["response_format"]["type"] == "json_object"
