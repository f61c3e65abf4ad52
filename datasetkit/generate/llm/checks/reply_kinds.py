"""Checks of conversations, simulation seeds and starter cases (single-turn knowledge
cases are in :mod:`.checker`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from datasetkit.core.language.detect import is_wrong_language
from datasetkit.core.model import Case, Seed, Source, Turn
from datasetkit.generate.contract import Chunk, GeneratedCase
from datasetkit.generate.llm.checks.case_rules import GROUNDING_REASONS, suggest_evaluators
from datasetkit.generate.llm.checks.dedupe import NearDuplicateIndex, case_text
from datasetkit.generate.llm.prompts.schemas import ConversationOut, SeedOut, StarterOut
from datasetkit.generate.llm.wire.units import Unit
from datasetkit.knowledge.model import Provenance

# Where each evidence quote was found: (quote, provenance, chunk id).
Found = list[tuple[str, Provenance, str]]


class Checker(Protocol):
    """What these checks use of :class:`.checker.Checker` (which calls them, so they do
    not import it)."""

    ungrounded: str
    dedupe_threshold: float
    multi_turn: int
    seed_turns: int

    def evidence(self, quotes: Sequence[str], chunks: list[Chunk]) -> tuple[Found, str | None]: ...

    def duplicate(
        self, text: str, index: NearDuplicateIndex, exclude: Collection[str] = ()
    ) -> str | None: ...

    def gate(
        self,
        question: str,
        answer: str,
        evidence: list[str],
        u: Unit,
        *,
        mode: str = "answer",
        meaning_only: bool = False,
    ) -> str | None: ...


def check_conversation(
    checker: Checker, u: Unit, out: ConversationOut, index: NearDuplicateIndex
) -> tuple[GeneratedCase | None, str | None]:
    """A scripted conversation: every turn's evidence found and its answer through the gate."""
    want = checker.multi_turn
    if len(out.turns) != want:
        return None, f"wrong_turn_count: {len(out.turns)} of {want}"
    text = " ".join(t.user + " " + t.expected_response for t in out.turns)
    if is_wrong_language(text, u.language):
        return None, "wrong_language"
    dup = checker.duplicate(case_text(t.user for t in out.turns), index)
    if dup:
        return None, dup
    turns, evidence_all, first_source, reason = _conversation_turns(checker, u, out)
    grounded = reason is None
    base_reason = reason.split(" (turn")[0].split(":")[0] if reason else None
    if not grounded and not (checker.ungrounded == "flag" and base_reason in GROUNDING_REASONS):
        return None, reason
    case = _conversation_case(u, out, turns, evidence_all, first_source, reason)
    checks = {"turns": len(turns), "grounded": grounded, "language": u.language}
    if reason:
        checks["reason"] = reason
    return GeneratedCase(
        case=case,
        evidence=evidence_all[0][0] if evidence_all and evidence_all[0] else None,
        source=first_source,
        grounded=grounded,
        checks=checks,
    ), (None if grounded else reason)


def _conversation_turns(
    checker: Checker, u: Unit, out: ConversationOut
) -> tuple[list[Turn], list[list[str]], Provenance | None, str | None]:
    """The turns, each turn's evidence, the first source found, and the first turn's
    reason for failing (None when every turn is grounded and passes the gate)."""
    turns: list[Turn] = []
    evidence_all: list[list[str]] = []
    first_source: Provenance | None = None
    reason: str | None = None
    for t in out.turns:
        found, why = checker.evidence(t.evidence, u.chunks)
        if why is None:
            # A follow-up leans on earlier turns: only the answer's meaning is checked.
            why = checker.gate(
                t.user,
                t.expected_response,
                [q for q, _, _ in found],
                u,
                meaning_only=bool(turns),
            )
        if why is not None and reason is None:
            reason = f"{why} (turn {len(turns) + 1})"
        if found and first_source is None:
            first_source = found[0][1]
        evidence_all.append([q for q, _, _ in found] or list(t.evidence))
        turns.append(
            Turn(
                prompt=t.user,
                expected_response=t.expected_response,
                evaluators=suggest_evaluators("lookup", t.expected_response),
                tags=[f"move:{t.move}"],
            )
        )
    return turns, evidence_all, first_source, reason


def _conversation_case(
    u: Unit,
    out: ConversationOut,
    turns: list[Turn],
    evidence_all: list[list[str]],
    first_source: Provenance | None,
    reason: str | None,
) -> Case:
    """The conversation as a case (flagged when not grounded), with its content id."""
    grounded = reason is None
    case = Case(
        kind="conversation",
        category=u.category,
        tags=["type:conversation"] + ([] if grounded else ["ungrounded"]),
        # The turns are the canonical form: writers lay them out as M365 turns or as
        # Foundry messages (user / assistant pairs).
        turns=turns,
        notes=None if grounded else f"Not grounded ({reason}): check the expected responses.",
        extensions={
            "datasetkit": {
                "question_type": "conversation",
                "moves": [t.move for t in out.turns],
                "evidence": evidence_all,
                "source": first_source.to_dict() if first_source else None,
                "grounded": grounded,
                "language": u.language,
            }
        },
        source=Source(path=first_source.file) if first_source else None,
    )
    case.id = case.content_id()
    return case


def check_seed(
    checker: Checker, u: Unit, out: SeedOut, index: NearDuplicateIndex
) -> tuple[GeneratedCase | None, str | None]:
    """A simulation seed: short enough, in the language, its evidence found."""
    if len(out.test_case_description) > 2500:
        return None, "seed_description_too_long"
    if is_wrong_language(out.test_case_description, u.language):
        return None, "wrong_language"
    dup = checker.duplicate(out.test_case_description, index)
    if dup:
        return None, dup
    found, reason = checker.evidence(out.evidence, u.chunks)
    grounded = reason is None
    if not grounded and checker.ungrounded != "flag":
        return None, reason
    source = found[0][1] if found else None
    case = Case(
        kind="seed",
        category=u.category,
        tags=["type:simulation-seed"] + ([] if grounded else ["ungrounded"]),
        seed=Seed(description=out.test_case_description, desired_num_turns=checker.seed_turns),
        extensions={
            "datasetkit": {
                "question_type": "simulation-seed",
                "evidence": [q for q, _, _ in found] or list(out.evidence),
                "source": source.to_dict() if source else None,
                "grounded": grounded,
                "language": u.language,
            }
        },
        source=Source(path=source.file) if source else None,
    )
    case.id = case.content_id()
    return GeneratedCase(
        case=case,
        evidence=found[0][0] if found else None,
        source=source,
        grounded=grounded,
        checks={"evidence_found": grounded, "language": u.language},
    ), (None if grounded else reason)


def check_starter(
    checker: Checker, u: Unit, out: StarterOut, index: NearDuplicateIndex
) -> tuple[list[GeneratedCase], list[str]]:
    """Starter cases: in the language, no duplicates; never marked grounded."""
    cases: list[GeneratedCase] = []
    reasons: list[str] = []
    local = NearDuplicateIndex(checker.dedupe_threshold)
    for item in out.cases:
        if len(cases) >= u.count:
            break
        if is_wrong_language(item.prompt + " " + item.expected_response, u.language):
            reasons.append("wrong_language")
            continue
        dup = checker.duplicate(item.prompt, index) or (
            "duplicate_in_batch" if local.find(item.prompt) else None
        )
        if dup:
            reasons.append(dup)
            continue
        case = Case(
            kind="single",
            category=u.category,
            tags=["starter", "not-document-grounded"],
            turns=[
                Turn(
                    prompt=item.prompt,
                    expected_response=item.expected_response,
                    evaluators=suggest_evaluators(
                        "starter", item.expected_response, documents=False
                    ),
                )
            ],
            notes="Written from the agent description, not checked against documents: "
            "review the expected response.",
            extensions={
                "datasetkit": {
                    "question_type": "starter",
                    "document_grounded": False,
                    "rationale": item.rationale,
                    "language": u.language,
                }
            },
        )
        case.id = case.content_id()
        local.add(case.id, item.prompt)
        cases.append(
            GeneratedCase(
                case=case,
                grounded=False,
                checks={"document_grounded": False, "language": u.language},
            )
        )
    return cases, reasons
