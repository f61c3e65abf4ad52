"""The request builder: a unit's chat request, as the run's server profile says to build it.

:class:`Wire` turns a :class:`~datasetkit.generate.llm.wire.units.Unit` into a
:class:`~datasetkit.generate.llm.wire.client.ChatRequest` from the run's
:class:`~datasetkit.generate.llm.wire.profiles.ServerProfile` (system messages, the
token cap, the structured-output mode), and changes how requests are built when the
server rejects a parameter: the next structured-output mode of the profile, the other
token cap, or the parameter left out (once per parameter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from datasetkit.generate.llm.config.settings import LLMSettings
from datasetkit.generate.llm.engine.cost import message_tokens
from datasetkit.generate.llm.prompts import schemas, templates
from datasetkit.generate.llm.wire import structured
from datasetkit.generate.llm.wire.cache import request_key
from datasetkit.generate.llm.wire.client import ChatRequest
from datasetkit.generate.llm.wire.profiles import TOKEN_PARAMS, profile_for
from datasetkit.generate.llm.wire.units import Unit, seed_for


class Wire:
    """How requests are built for one server, adjusted when it rejects a parameter."""

    def __init__(self, settings: LLMSettings, halt: Callable[[str], None]) -> None:
        self.settings = settings
        self.halt = halt
        self.profile = profile_for(settings)
        # A mode that worked for this server and model earlier in the process (``auto``).
        known = structured.known(settings.endpoint_label, self.model_name)
        self.structured = (known if self.negotiable else None) or self.profile.structured_modes[0]
        # (mode, why it was left) for each mode a server rejected, in order.
        self.negotiation = structured.rejected_before(settings.endpoint_label, self.model_name)
        # Whether a reply came back in the current mode (it is known to be taken).
        self.confirmed = known is not None
        self.token_param = self.profile.token_param
        self.omit_params: set[str] = set()
        self.adjusted: list[str] = []

    @property
    def negotiable(self) -> bool:
        """Whether the structured-output mode is the server's to choose (``auto``)."""
        return self.settings.structured == "auto"

    @property
    def negotiating(self) -> bool:
        """Whether the structured-output mode is still to be found (``auto``, no reply yet)."""
        return self.negotiable and not self.confirmed

    @property
    def model_name(self) -> str:
        """The model (or Azure deployment) named in requests."""
        if self.profile.deployments:
            return self.settings.azure_deployment or self.settings.model_label
        return self.settings.model or "unknown"

    @property
    def judge_model(self) -> str:
        """The model (or Azure deployment) of judge calls: --judge-model, else the model."""
        return self.settings.judge_model or self.model_name

    def model_for(self, unit: Unit) -> str:
        """The model a unit's request names."""
        return self.judge_model if unit.kind == "judge" else self.model_name

    def temperature_for(self, unit: Unit) -> float:
        """Generation samples with variety; critic and judge calls decide (0 by default)."""
        if unit.kind == "critic":
            return self.settings.critic_temperature
        if unit.kind == "judge":
            return self.settings.judge_temperature
        return self.settings.temperature

    def request(self, unit: Unit, seed: int, *, est_output: int) -> ChatRequest:
        """The request of ``unit`` (more room when its last reply was cut off)."""
        max_tokens = max(self.settings.max_output_tokens, int(est_output * 2.5))
        if unit.result is not None and unit.result.finish_reason == "length":
            max_tokens *= 2
        body: dict[str, Any] = {
            "model": self.model_for(unit),
            "messages": unit.messages,
            "temperature": self.temperature_for(unit),
            "seed": seed_for(seed, unit.id),
            self.token_param: max_tokens,
        }
        for name in self.omit_params:
            body.pop(name, None)
        body.update(structured.request_fields(unit.schema, self.structured, unit.items))
        body["messages"] = self.profile.messages(unit.messages)
        key = request_key(
            body, endpoint=self.settings.endpoint_label, prompt_version=templates.PROMPT_VERSION
        )
        return ChatRequest(
            key=key,
            body=body,
            unit=unit.id,
            schema=unit.schema,
            est_input=message_tokens(unit.messages),
            est_output=est_output,
        )

    def adjust(self, param: str, why: str = "") -> None:
        """Change how requests are built after the server rejected ``param`` (once each;
        structured output steps down the profile's modes instead)."""
        if param == "response_format":
            self._step_down(why)
            return
        if param in self.adjusted:
            self.halt(f"the server rejects the {param} parameter even after adjusting it")
            return
        self.adjusted.append(param)
        if param in TOKEN_PARAMS:
            self.token_param = next(p for p in TOKEN_PARAMS if p != param)
        else:
            self.omit_params.add(param)  # seed, temperature: use the server's default

    def _step_down(self, why: str) -> None:
        """The server rejected the current structured-output mode: use the next one."""
        rejected = self.structured
        if any(m == rejected for m, _ in self.negotiation):
            return  # several requests of one round saw the same rejection
        self.negotiation.append((rejected, why[:300]))
        if "response_format" not in self.adjusted:
            self.adjusted.append("response_format")
        nxt = structured.next_mode(rejected, self.profile.structured_modes)
        if nxt is None:
            self.halt(
                f"the server rejects structured output mode {rejected} ({why[:200]}); "
                "pass --structured auto to let datasetkit find a mode the server accepts"
            )
            return
        self.structured = nxt
        self.confirmed = False

    def confirm(self) -> None:
        """A reply came back in the current mode: remember it for this server and model."""
        self.confirmed = True
        if self.negotiable:  # a fixed mode says nothing of the others
            structured.remember(
                self.settings.endpoint_label, self.model_name, self.structured, self.negotiation
            )

    def rebuild(self, unit: Unit, seed: int) -> None:
        """Rebuild a unit's request after the way requests are built changed."""
        if self.structured != "json_schema":
            # Without a schema in the request, the prompt must carry it.
            hint = schemas.schema_hint(unit.schema)
            last = unit.messages[-1]
            if hint not in last["content"]:
                unit.messages = [
                    *unit.messages[:-1],
                    {**last, "content": last["content"] + "\n\n" + hint},
                ]
        est = unit.request.est_output if unit.request is not None else 400
        unit.request = self.request(unit, seed, est_output=est)
