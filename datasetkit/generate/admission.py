"""A generate run's quality gate and top-ups: plan, generate, admit through the gate
(the same near-duplicate definition as ``datasetkit lint``), ask again for what was
rejected, and say honestly how many the knowledge held (see :mod:`.run`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import Chunk, Failure, GeneratedCase, GenerationResult, Generator
from datasetkit.generate.options import GenerateOptions, RunOutcome
from datasetkit.generate.plan import build_plan

if TYPE_CHECKING:
    from datasetkit.generate.gate.admit import Gate


def unique_cases(result: GenerationResult) -> list[GeneratedCase]:
    seen: set[str] = set()
    out: list[GeneratedCase] = []
    for gc in result.cases:
        cid = gc.case.id or gc.case.content_id()
        gc.case.id = cid
        if cid in seen:
            result.failures.append(
                Failure(None, f"duplicate of case {cid} (same question and answer)")
            )
            continue
        seen.add(cid)
        out.append(gc)
    return out


def _existing_prompts(options: GenerateOptions, generator: Generator) -> list[str]:
    """Prompts of a dataset the run adds to (an LLM option): new cases must not repeat them."""
    found = options.provider_settings.get("existing_prompts") or getattr(
        getattr(generator, "options", None), "existing_prompts", None
    )
    return [p for p in found or [] if isinstance(p, str)]


def lint_threshold() -> float:
    """The near-duplicate threshold ``datasetkit lint`` uses here (the project's setting)."""
    from datasetkit.lint.config import DEFAULT_NEAR_DUPLICATE_THRESHOLD, load_config

    try:
        return load_config().near_duplicate_threshold
    except DatasetkitError:
        return DEFAULT_NEAR_DUPLICATE_THRESHOLD


def _gate(
    outcome: RunOutcome, options: GenerateOptions, generator: Generator, cases: list[GeneratedCase]
) -> list[GeneratedCase]:
    """The cases the quality gate admits; each rejection becomes a Failure with its code."""
    from datasetkit.generate.gate.admit import Gate, admit_generated

    gate = Gate(
        _existing_prompts(options, generator),
        language=options.language,
        threshold=lint_threshold(),
    )
    chunks = {c.id: c for c in outcome.chunks}
    kept: list[GeneratedCase] = []
    for gc in cases:
        found = admit_generated(gate, gc, chunks=chunks)
        if found is None:
            kept.append(gc)
            continue
        question = gc.case.first_prompt or (gc.case.seed.description if gc.case.seed else "")
        short = " ".join(question.split())
        short = short if len(short) <= 80 else short[:79] + "…"
        outcome.result.failures.append(
            Failure(None, f"{found.code}: {found.message} (question: {short!r})", code=found.code)
        )
    outcome.rejected = dict(gate.counts)
    # A generator that checks its candidates against the gate itself (offline) reports
    # what it turned down on the way; the run's summary and report include it.
    ahead = outcome.result.usage.get("gate_rejected") or {}
    outcome.rejected_ahead = {str(k): int(v) for k, v in ahead.items()}
    both = Gate()
    both.counts.update(gate.counts)
    both.counts.update(outcome.rejected_ahead)
    outcome.gate_summary = both.summary()
    _note_gate_in_manifest(outcome.result, gate, len(kept))
    return kept


def _note_gate_in_manifest(result: GenerationResult, gate: Gate, produced: int) -> None:
    """An LLM run's manifest says what the gate rejected and how many cases remained."""
    manifest = result.usage.get("manifest") if isinstance(result.usage, dict) else None
    path = result.usage.get("manifest_path") if isinstance(result.usage, dict) else None
    if not isinstance(manifest, dict) or not isinstance(path, str):
        return
    from datasetkit.generate.gate.admit import CODES
    from datasetkit.generate.llm.engine.manifest import write_manifest

    counts = manifest.setdefault("counts", {})
    if isinstance(counts, dict):
        counts["produced"] = produced
    manifest["gate"] = {
        "rejected": gate.rejected,
        "by_code": dict(sorted(gate.counts.items())),
        "codes": {c: CODES[c] for c in sorted(gate.counts)},
    }
    write_manifest(path, manifest)


# Offline generation costs nothing: when the gate rejects cases, the run asks for more
# (a larger plan over the same knowledge) up to this many times, until the knowledge
# has no further question. LLM runs top up inside the engine, where calls are paid.
_TOP_UPS = 4


def generate_gated(
    outcome: RunOutcome,
    options: GenerateOptions,
    generator: Generator,
    provider: str,
    seed: int,
) -> list[GeneratedCase]:
    """Plan, generate and gate; the admitted cases (at most ``options.count``)."""
    capacity = getattr(generator, "capacity", None)
    value = getattr(generator, "value", None)
    budget = options.count
    admitted: list[GeneratedCase] = []
    for attempt in range(_TOP_UPS + 1):
        outcome.plan = build_plan(
            outcome.chunks,
            budget,
            seed,
            categories=tuple(options.categories) or ("knowledge",),
            capacity=capacity if callable(capacity) else None,
            value=value if callable(value) else None,
        )
        outcome.plan.retrieval = outcome.retrieval
        outcome.plan.asked = options.count
        planned = len(outcome.plan.slots)
        failures: list[Failure] = []
        if planned < options.count:
            failures.append(
                Failure(
                    None,
                    f"the knowledge holds only {planned} distinct question(s) for this provider; {options.count} were asked for",
                )
            )
        result = generator.generate_knowledge(outcome.plan, language=options.language)
        result.failures = failures + result.failures
        outcome.result = result
        admitted = _gate(outcome, options, generator, unique_cases(result))
        short = options.count - len(admitted)
        if short <= 0 or provider != "offline" or planned < budget or attempt == _TOP_UPS:
            break
        # Ask for the missing cases again, and for as many more as were just rejected.
        budget = planned + short + sum(outcome.rejected.values())
    if len(admitted) >= options.count:
        # Enough good cases: the slots of a larger plan that gave none are no shortfall.
        admitted = _trim(admitted, options.count, outcome.chunks)
        outcome.result.shortfall = {}
        outcome.result.failures = [f for f in outcome.result.failures if f.code]
    else:
        outcome.result.failures = _holds_only(outcome.result.failures, len(admitted), options.count)
    outcome.result.cases = admitted
    return admitted


def _holds_only(failures: list[Failure], made: int, asked: int) -> list[Failure]:
    """One honest line when the knowledge ran out: "holds only <made>", not the planned
    count, and not one "no further distinct question" line per empty slot."""
    if not any(f.reason.startswith("the knowledge holds only") for f in failures):
        return failures
    kept = [
        f
        for f in failures
        if f.code
        or not f.reason.startswith(("the knowledge holds only", "no further distinct question"))
    ]
    line = Failure(
        None,
        f"the knowledge holds only {made} distinct question(s) that pass every check for this "
        f"provider; {asked} were asked for",
    )
    return [line, *kept]


def _trim(cases: list[GeneratedCase], count: int, chunks: list[Chunk]) -> list[GeneratedCase]:
    """``count`` of the cases, dropping from the best-covered sections first."""
    strata = {c.id: str(c.meta.get("stratum") or c.provenance.file) for c in chunks}

    def stratum(gc: GeneratedCase) -> str:
        facts = (gc.case.extensions or {}).get("datasetkit") or {}
        chunk = facts.get("chunk") if isinstance(facts, dict) else None
        return strata.get(str(chunk), gc.source.file if gc.source else "")

    keep = list(cases)
    while len(keep) > count:
        sizes: dict[str, int] = {}
        for gc in keep:
            sizes[stratum(gc)] = sizes.get(stratum(gc), 0) + 1
        fullest = max(sizes, key=lambda k: (sizes[k], k))
        last = max(i for i, gc in enumerate(keep) if stratum(gc) == fullest)
        del keep[last]
    return keep


def shortfall_message(
    made: int, asked: int, gate_summary: str, rejected: int, notes: Sequence[str] = ()
) -> str:
    """What a run that made fewer cases than asked tells its user: --count is a ceiling,
    and the knowledge gave this many questions that pass every check (never a count of
    what was planned), what the checks turned down, and why a document gave none."""
    message = (
        f"made {made} of {asked}: {made} question(s) in this knowledge passed every check "
        "(--count is a ceiling; no case is padded to reach it)"
    )
    if rejected:
        message += f"; {gate_summary}"
    return message + "".join(f"; {n}" for n in notes)
