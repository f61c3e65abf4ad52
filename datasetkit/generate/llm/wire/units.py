"""Units of work (one model call each) and how their requests are built.

A :class:`Unit` is one call: the messages, the reply schema, what it is for (a plan
slot, a starter category) and, once resolved, the reply. :class:`Wire` turns a unit
into a :class:`~datasetkit.generate.llm.wire.client.ChatRequest`, and changes how requests
are built when a server rejects a parameter (once per parameter).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from datasetkit.generate.contract import Chunk, PlanSlot
from datasetkit.generate.llm.config.settings import LLMSettings
from datasetkit.generate.llm.engine.cost import message_tokens
from datasetkit.generate.llm.prompts import schemas, templates
from datasetkit.generate.llm.prompts.guidance import Variety
from datasetkit.generate.llm.wire import structured
from datasetkit.generate.llm.wire.cache import request_key
from datasetkit.generate.llm.wire.client import ChatRequest, ChatResult


@dataclass
class Unit:
    """One model call and what it is for."""

    id: str
    schema: str
    category: str
    question_type: str
    chunks: list[Chunk]
    messages: list[dict[str, str]]
    slot: PlanSlot | None = None
    attempt: int = 0
    count: int = 1
    language: str = "en"
    request: ChatRequest | None = None
    result: ChatResult | None = None
    repair: Unit | None = None
    parsed: BaseModel | None = None
    error: str | None = None
    # generate, critic or judge: sets the temperature and (judge) the model
    kind: str = "generate"
    # Who asks and how (single-turn knowledge cases).
    variety: Variety | None = None
    # What a critic or judge call reviews (see review.Pick).
    review: Any = None
    # How many items the reply's list holds, at least and at most (candidates, cases,
    # turns): a grammar built from the schema then cannot run on to max_tokens.
    items: tuple[int, int] | None = None


def seed_for(seed: int, unit_id: str) -> int:
    """The request seed of a unit: the run's seed mixed with the unit's id."""
    return int(hashlib.sha256(f"{seed}:{unit_id}".encode()).hexdigest()[:8], 16) % (2**31 - 1)


def group_of(u: Unit) -> str:
    """What a unit fills: a plan slot, or a starter category."""
    if u.slot is not None:
        return f"slot:{u.slot.index}"
    return f"starter:{u.category}"


def slot_index(u: Unit) -> int | None:
    """The plan slot index of a unit (None for starter units)."""
    return u.slot.index if u.slot is not None else None


def wanted(units: list[Unit], group: str) -> int:
    """How many cases the units of ``group`` ask for."""
    return sum(u.count for u in units if group_of(u) == group)


class Wire:
    """How requests are built for one server, adjusted when it rejects a parameter."""

    def __init__(self, settings: LLMSettings, halt: Callable[[str], None]) -> None:
        self.settings = settings
        self.halt = halt
        self.structured = settings.structured
        if settings.structured == "auto":
            # A mode that worked for this server and model earlier in the process.
            known = structured.known(settings.endpoint_label, self.model_name)
            self.structured = known or structured.FALLBACK[0]
        # (mode, why it was left) for each mode a server rejected, in order.
        self.negotiation = structured.rejected_before(settings.endpoint_label, self.model_name)
        # Whether a reply came back in the current mode (it is known to be taken).
        self.confirmed = structured.known(settings.endpoint_label, self.model_name) is not None
        self.token_param = (
            "max_tokens" if settings.provider == "compatible" else "max_completion_tokens"
        )
        self.omit_params: set[str] = set()
        self.adjusted: list[str] = []

    @property
    def negotiating(self) -> bool:
        """Whether the structured-output mode is still to be found (``auto``, no reply yet)."""
        return self.settings.structured == "auto" and not self.confirmed

    @property
    def model_name(self) -> str:
        """The model (or Azure deployment) named in requests."""
        if self.settings.provider == "azure":
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
        if not self.settings.system_role:
            body["messages"] = merge_system(unit.messages)
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
        structured output steps down :data:`structured.FALLBACK` instead)."""
        if param == "response_format":
            self._step_down(why)
            return
        if param in self.adjusted:
            self.halt(f"the server rejects the {param} parameter even after adjusting it")
            return
        self.adjusted.append(param)
        if param in ("max_tokens", "max_completion_tokens"):
            self.token_param = "max_completion_tokens" if param == "max_tokens" else "max_tokens"
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
        nxt = structured.next_mode(rejected)
        if self.settings.structured != "auto" or nxt is None:
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
        if self.settings.structured == "auto":  # a fixed mode says nothing of the others
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


def merge_system(messages: list[dict[str, str]]) -> list[dict[str, str]]:
    """``messages`` with the system messages put at the head of the first user message.

    For models whose chat template drops system messages (Gemma's, for one): the
    instructions must reach the model in a turn it reads.
    """
    system = "\n\n".join(m["content"] for m in messages if m.get("role") == "system")
    rest = [m for m in messages if m.get("role") != "system"]
    if not system:
        return rest
    for i, m in enumerate(rest):
        if m.get("role") == "user":
            merged = {**m, "content": f"{system}\n\n{m['content']}"}
            return [*rest[:i], merged, *rest[i + 1 :]]
    return [{"role": "user", "content": system}, *rest]
