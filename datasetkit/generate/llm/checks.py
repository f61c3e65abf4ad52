"""The checks a generated case must pass before it is accepted, and the case it becomes.

A knowledge case needs its evidence quoted from its passages and an answer the evidence
supports; a negative case must expect a refusal or a correction; every case must be in
the source's language and no near-duplicate of another. With ``ungrounded="flag"``,
cases that fail only on grounding are kept, tagged and never marked grounded.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ...knowledge.model import Provenance
from ...language import is_wrong_language
from ...model import Case, Seed, Source, Turn
from ..base import Chunk, GeneratedCase
from . import prompts
from .dedupe import NearDuplicateIndex, case_text
from .grounding import answer_supported, find_evidence, text_in_corpus
from .units import Unit

# Reasons that concern grounding: with ungrounded="flag" such cases are kept, marked.
GROUNDING_REASONS = frozenset(
    {
        "evidence_not_found",
        "no_evidence",
        "answer_not_supported_by_evidence",
        "answer_number_not_in_evidence",
        "single_source_for_multi_section",
        "unanswerable_detail_in_source",
    }
)


def suggest_evaluators(
    question_type: str, answer: str, *, documents: bool = True
) -> dict[str, dict[str, Any]]:
    """Evaluators that fit a case: match for short facts, similarity/groundedness for prose."""
    if question_type in prompts.NEGATIVE_TYPES or not documents:
        return {"Similarity": {}}
    words = answer.split()
    out: dict[str, dict[str, Any]] = {}
    if len(words) == 1 and re.search(r"\d", words[0]):
        out["ExactMatch"] = {}
    elif len(words) <= 6:
        out["PartialMatch"] = {"threshold": 0.5}
    else:
        out["Similarity"] = {}
        out["Groundedness"] = {}
    if question_type in ("multi-section", "comparison", "procedural", "aggregation"):
        out["Citations"] = {}
    return out


class Checker:
    """Checks replies against their passages for one run."""

    def __init__(
        self, *, ungrounded: str, dedupe_threshold: float, multi_turn: int, seed_turns: int
    ) -> None:
        self.ungrounded = ungrounded
        self.dedupe_threshold = dedupe_threshold
        self.multi_turn = multi_turn
        self.seed_turns = seed_turns

    def evaluate(
        self, u: Unit, parsed: BaseModel, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> tuple[list[GeneratedCase], list[str]]:
        if isinstance(parsed, prompts.KnowledgeOut):
            gc, reason = self._check_knowledge(u, parsed, index, corpus)
            return ([gc] if gc else []), ([reason] if reason else [])
        if isinstance(parsed, prompts.ConversationOut):
            gc, reason = self._check_conversation(u, parsed, index)
            return ([gc] if gc else []), ([reason] if reason else [])
        if isinstance(parsed, prompts.SeedOut):
            gc, reason = self._check_seed(u, parsed, index)
            return ([gc] if gc else []), ([reason] if reason else [])
        assert isinstance(parsed, prompts.StarterOut)
        return self._check_starter(u, parsed, index)

    def evidence(
        self, quotes: Sequence[str], chunks: list[Chunk]
    ) -> tuple[list[tuple[str, Provenance, str]], str | None]:
        found: list[tuple[str, Provenance, str]] = []
        for q in quotes:
            if not q.strip():
                continue
            m = find_evidence(q, chunks)
            if m is None:
                return found, "evidence_not_found"
            found.append((q, m.provenance, m.chunk_id))
        if not found:
            return found, "no_evidence"
        return found, None

    def duplicate(self, text: str, index: NearDuplicateIndex) -> str | None:
        hit = index.find(text)
        if hit is None:
            return None
        return "duplicate_of_existing" if hit.startswith("existing:") else "duplicate_in_batch"

    def _check_knowledge(
        self, u: Unit, out: prompts.KnowledgeOut, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> tuple[GeneratedCase | None, str | None]:
        qtype = u.question_type
        checks: dict[str, Any] = {"question_type": qtype, "language": u.language}
        reason: str | None = None
        found: list[tuple[str, Provenance, str]] = []
        if is_wrong_language(out.question + " " + out.expected_answer, u.language):
            return None, "wrong_language"
        dup = self.duplicate(out.question, index)
        if dup:
            return None, dup
        if qtype in ("unanswerable", "out-of-scope"):
            if out.expected_behavior not in ("refuse", "clarify"):
                return None, "negative_case_expects_an_answer"
            if qtype == "unanswerable":
                if not out.missing_detail.strip():
                    reason = "unanswerable_without_missing_detail"
                elif text_in_corpus(out.missing_detail, corpus):
                    reason = "unanswerable_detail_in_source"
                checks["missing_detail_absent_from_sources"] = reason is None
            checks["expected_behavior"] = out.expected_behavior
        elif qtype == "false-premise":
            found, reason = self.evidence(out.evidence, u.chunks)
            checks["evidence_found"] = reason is None
            checks["expected_behavior"] = out.expected_behavior
            if reason is None and out.expected_behavior == "answer":
                reason = "false_premise_not_corrected"
        else:
            found, reason = self.evidence(out.evidence, u.chunks)
            checks["evidence_found"] = reason is None
            if reason is None:
                sup = answer_supported(
                    out.expected_answer,
                    [q for q, _, _ in found],
                    question=out.question,
                    language=u.language,
                    check_numbers=qtype != "aggregation",
                )
                checks["answer_support"] = sup.score
                if not sup.ok:
                    reason = sup.reason
            if (
                reason is None
                and qtype in prompts.MULTI_CHUNK_TYPES
                and len({cid for _, _, cid in found}) < 2
                and len({c.id for c in u.chunks}) >= 2
            ):
                reason = "single_source_for_multi_section"
        grounded = reason is None
        if not grounded and not (self.ungrounded == "flag" and reason in GROUNDING_REASONS):
            return None, reason
        checks["grounded"] = grounded
        if reason:
            checks["reason"] = reason
        source = (
            found[0][1]
            if found
            else (u.chunks[0].provenance if u.chunks and qtype != "out-of-scope" else None)
        )
        tags = [f"type:{qtype}"]
        if qtype in prompts.NEGATIVE_TYPES:
            tags.append("negative")
        if not grounded:
            tags.append("ungrounded")
        turn = Turn(
            prompt=out.question,
            expected_response=out.expected_answer,
            evaluators=suggest_evaluators(qtype, out.expected_answer),
        )
        case = Case(
            kind="single",
            category=u.category,
            tags=tags,
            turns=[turn],
            notes=None
            if grounded
            else f"Not grounded ({reason}): check the expected response against the source.",
            extensions={
                "datasetkit": {
                    "question_type": qtype,
                    "expected_behavior": out.expected_behavior,
                    "evidence": [q for q, _, _ in found] or list(out.evidence),
                    "source": source.to_dict() if source else None,
                    "grounded": grounded,
                    "language": u.language,
                }
            },
            source=Source(path=source.file, row=source.row) if source else None,
        )
        case.id = case.content_id()
        evidence = found[0][0] if found else None
        return GeneratedCase(
            case=case, evidence=evidence, source=source, grounded=grounded, checks=checks
        ), (None if grounded else reason)

    def _check_conversation(
        self, u: Unit, out: prompts.ConversationOut, index: NearDuplicateIndex
    ) -> tuple[GeneratedCase | None, str | None]:
        want = self.multi_turn
        if len(out.turns) != want:
            return None, f"wrong_turn_count: {len(out.turns)} of {want}"
        text = " ".join(t.user + " " + t.expected_response for t in out.turns)
        if is_wrong_language(text, u.language):
            return None, "wrong_language"
        dup = self.duplicate(case_text(t.user for t in out.turns), index)
        if dup:
            return None, dup
        turns: list[Turn] = []
        evidence_all: list[list[str]] = []
        history = ""
        first_source: Provenance | None = None
        reason: str | None = None
        for t in out.turns:
            history += " " + t.user
            found, why = self.evidence(t.evidence, u.chunks)
            if why is None:
                sup = answer_supported(
                    t.expected_response,
                    [q for q, _, _ in found],
                    question=history,
                    language=u.language,
                )
                why = None if sup.ok else sup.reason
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
        grounded = reason is None
        base_reason = reason.split(" (turn")[0] if reason else None
        if not grounded and not (self.ungrounded == "flag" and base_reason in GROUNDING_REASONS):
            return None, reason
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

    def _check_seed(
        self, u: Unit, out: prompts.SeedOut, index: NearDuplicateIndex
    ) -> tuple[GeneratedCase | None, str | None]:
        if len(out.test_case_description) > 2500:
            return None, "seed_description_too_long"
        if is_wrong_language(out.test_case_description, u.language):
            return None, "wrong_language"
        dup = self.duplicate(out.test_case_description, index)
        if dup:
            return None, dup
        found, reason = self.evidence(out.evidence, u.chunks)
        grounded = reason is None
        if not grounded and self.ungrounded != "flag":
            return None, reason
        source = found[0][1] if found else None
        case = Case(
            kind="seed",
            category=u.category,
            tags=["type:simulation-seed"] + ([] if grounded else ["ungrounded"]),
            seed=Seed(description=out.test_case_description, desired_num_turns=self.seed_turns),
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

    def _check_starter(
        self, u: Unit, out: prompts.StarterOut, index: NearDuplicateIndex
    ) -> tuple[list[GeneratedCase], list[str]]:
        cases: list[GeneratedCase] = []
        reasons: list[str] = []
        local = NearDuplicateIndex(self.dedupe_threshold)
        for item in out.cases:
            if len(cases) >= u.count:
                break
            if is_wrong_language(item.prompt + " " + item.expected_response, u.language):
                reasons.append("wrong_language")
                continue
            dup = self.duplicate(item.prompt, index) or (
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
