"""``generate --check-config --probe``: ask the server what works before a run pays for it.

It lists the models, then sends one tiny structured request per structured-output mode
until one is taken (the order a run tries them), and reports the latency, the writing
speed, whether the model reads system messages (the test word is given only there;
when the reply misses it, the same request with the instructions in the user message
tells whether the system message was dropped), and what a run will use.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from datasetkit.generate.llm.config.settings import LLMSettings, redact
from datasetkit.generate.llm.prompts.schemas import schema_hint
from datasetkit.generate.llm.wire.client import build_openai_client, error_text, unreachable_reason
from datasetkit.generate.llm.wire.profiles import ServerProfile, merge_system, profile_for
from datasetkit.generate.llm.wire.structured import is_rejection, request_fields, tool_arguments

SECRET = "tangerine"
MESSAGES = [
    {"role": "system", "content": f"You are a test. The secret word is {SECRET}."},
    {
        "role": "user",
        "content": "This is a datasetkit probe. Reply with the secret word as a JSON object "
        'with one key, "word".\n\n' + schema_hint("probe"),
    },
]


@dataclass
class Attempt:
    """One probe request: its mode, what came back, and how long it took."""

    mode: str
    status: str  # ok, rejected, not_json, error
    seconds: float = 0.0
    word: str | None = None
    output_tokens: int = 0
    detail: str = ""


@dataclass
class ProbeReport:
    """What the probe found; ``ok`` is False when the server could not be used."""

    lines: list[str] = field(default_factory=list)
    ok: bool = True
    structured: str | None = None
    system_role: bool | None = None


class _Unreachable(Exception):
    pass


@dataclass
class _Server:
    """The server probed: its client, the settings and the profile requests follow."""

    client: Any
    settings: LLMSettings
    profile: ServerProfile


def _ask(server: _Server, mode: str, messages: list[dict[str, str]]) -> Attempt:
    import openai

    settings, client = server.settings, server.client
    body: dict[str, Any] = {
        "model": settings.azure_deployment or settings.model or "unknown",
        "messages": messages,
        "temperature": 0,
        server.profile.token_param: 40,
        **request_fields("probe", mode),
    }
    started = time.monotonic()
    try:
        resp = client.chat.completions.create(**body)
    except openai.APIConnectionError as exc:
        raise _Unreachable(unreachable_reason(exc) or str(exc)) from None
    except openai.APIStatusError as exc:
        text = error_text(exc)
        statuses = server.profile.rejection_statuses
        status = "rejected" if is_rejection(exc.status_code, text, body, statuses) else "error"
        return Attempt(mode, status, detail=f"{exc.status_code}: {text[:200]}")
    seconds = time.monotonic() - started
    message = resp.choices[0].message if resp.choices else None
    content = (getattr(message, "content", None) or "") or (tool_arguments(message) or "")
    usage = getattr(resp, "usage", None)
    out = int(getattr(usage, "completion_tokens", 0) or 0)
    try:
        word = str(json.loads(content).get("word", ""))
    except (ValueError, AttributeError):
        return Attempt(mode, "not_json", seconds, None, out, content[:80])
    return Attempt(mode, "ok", seconds, word, out)


def _models(client: Any) -> str:
    try:
        ids = [m.id for m in client.models.list().data]
    except Exception as exc:  # a listing is informative only: some servers have none
        return f"models: could not list them ({type(exc).__name__})"
    shown = ", ".join(ids[:8]) + (f" and {len(ids) - 8} more" if len(ids) > 8 else "")
    return f"models: {shown or 'none listed'}"


def probe(settings: LLMSettings) -> ProbeReport:
    """Contact the server and report what works (one request per mode tried, at most
    five in all)."""
    report = ProbeReport()
    client = build_openai_client(settings).with_options(timeout=120.0)
    # The modes of the profile (or the one --structured fixes), tried as a run tries them.
    server = _Server(client, settings, profile_for(settings))
    report.lines.append(f"probe: {settings.endpoint_label}")
    try:
        report.lines.append(_models(client))
        found = _structured(server, report)
        if found is not None:
            _system_role(server, found, report)
    except _Unreachable as exc:
        report.ok = False
        report.lines.append(
            f"could not connect to {settings.endpoint_label} ({exc}): start the server, "
            "or fix --base-url / --azure-endpoint"
        )
    report.lines = [redact(line) for line in report.lines]
    return report


def _structured(server: _Server, report: ProbeReport) -> Attempt | None:
    for mode in server.profile.structured_modes:
        a = _ask(server, mode, MESSAGES)
        if a.status == "rejected":
            report.lines.append(f"structured output {mode}: rejected ({a.detail})")
            continue
        if a.status == "error":
            report.ok = False
            report.lines.append(f"structured output {mode}: the request failed ({a.detail})")
            return None
        speed = f", {a.output_tokens / a.seconds:.1f} tokens/s" if a.output_tokens else ""
        shape = "valid JSON" if a.status == "ok" else f"not valid JSON ({a.detail!r})"
        report.lines.append(
            f"structured output {mode}: taken; reply {shape} in {a.seconds:.2f}s{speed}"
        )
        report.structured = mode
        return a
    report.ok = False
    report.lines.append(
        "structured output: no mode was taken: try --structured none with a larger model"
    )
    return None


def _system_role(server: _Server, first: Attempt, report: ProbeReport) -> None:
    if first.word == SECRET:
        report.system_role = True
        report.lines.append("system messages: honoured")
    else:
        again = _ask(server, first.mode, merge_system(MESSAGES))
        if again.word == SECRET:
            report.system_role = False
            report.lines.append(
                "system messages: ignored (the model answered only when the instructions "
                "were in the user message): pass --no-system-role"
            )
        else:
            report.lines.append(
                "system messages: unclear (the model did not give the test word either way)"
            )
    role = "system message" if report.system_role is not False else "user message"
    report.lines.append(
        f"will use: structured output {report.structured}, instructions in the {role}"
    )
