"""Reading replies: the JSON object in a reply, validated against its schema, and the one
repair request a reply that does not parse gets."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ValidationError

from datasetkit.core.model import Case
from datasetkit.generate.llm.prompts import schemas, templates
from datasetkit.generate.llm.wire.requests import Wire
from datasetkit.generate.llm.wire.units import Unit


def extract_json(text: str) -> Any:
    """The JSON object in a reply: the whole text, a fenced block, or the first balanced object."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    fence = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fence:
        try:
            return json.loads(fence.group(1))
        except ValueError:
            pass
    start = text.find("{")
    if start >= 0:
        decoder = json.JSONDecoder()
        try:
            return decoder.raw_decode(text[start:])[0]
        except ValueError:
            pass
    raise ValueError("the reply is not valid JSON")


def summarise_validation(exc: ValidationError) -> str:
    """The first few validation errors, one line."""
    parts = []
    for err in exc.errors()[:4]:
        loc = ".".join(str(p) for p in err["loc"]) or "(root)"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)


def parse(u: Unit) -> bool:
    """Parse ``u.result`` into ``u.parsed`` or set ``u.error``; True when a reply was there."""
    res = u.result
    if res is None:
        u.error = u.error or "not_run"
        return False
    if res.refusal:
        u.error = f"model_refused: {res.refusal[:200]}"
        return True
    if res.finish_reason == "content_filter":
        u.error = "content_filtered"
        return True
    if not res.content or not res.content.strip():
        u.error = "empty_reply"
        return True
    model = schemas.SCHEMAS[u.schema]
    try:
        data = extract_json(res.content)
        u.parsed = model.model_validate(data)
        u.error = None
    except ValueError as exc:
        if isinstance(exc, ValidationError):
            u.error = f"invalid_output: {summarise_validation(exc)}"
        else:
            u.error = "truncated_reply" if res.finish_reason == "length" else f"invalid_json: {exc}"
    return True


def repairable(error: str) -> bool:
    """Whether a reply's problem is one a second try with the error shown can fix."""
    return error.startswith(("invalid_json", "invalid_output", "truncated_reply", "empty_reply"))


def repair_unit(u: Unit, wire: Wire, seed: int) -> Unit:
    """The unit that asks the model to fix ``u``'s reply (set as ``u.repair``)."""
    assert u.result is not None
    repair = replace(
        u,
        id=u.id + ":repair",
        messages=templates.repair_messages(
            u.messages, u.result.content or "", u.error or "", u.schema
        ),
        request=None,
        repair=None,
        parsed=None,
        error=None,
    )
    est = u.request.est_output if u.request else 400
    # The failed reply tells the request whether it was cut off (then more room is given).
    repair.request = wire.request(repair, seed, est_output=est)
    repair.result = None
    u.repair = repair
    return repair


def seed_text(case: Case) -> str:
    """A simulation seed's description ("" for other cases)."""
    return case.seed.description if case.seed else ""


def rejected_prompts(parsed: BaseModel | None) -> list[str]:
    """The prompts of a reply whose cases were rejected (a top-up must not repeat them)."""
    if isinstance(parsed, schemas.KnowledgeOut):
        return [parsed.question]
    if isinstance(parsed, schemas.CandidatesOut):
        return [c.question for c in parsed.candidates]
    if isinstance(parsed, schemas.ConversationOut) and parsed.turns:
        return [parsed.turns[0].user]
    if isinstance(parsed, schemas.SeedOut):
        return [parsed.test_case_description[:200]]
    if isinstance(parsed, schemas.StarterOut):
        return [c.prompt for c in parsed.cases]
    return []
