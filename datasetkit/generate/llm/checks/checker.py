"""The checks a generated case must pass before it is accepted, and the case it becomes.

A knowledge case needs its evidence quoted from its passages and an answer that passes
the quality gate (:func:`datasetkit.generate.gate.admit.check_case`: the answer's numbers,
units, dates, names and yes/no agree with the evidence, the question and answer are
well-formed); a negative case must expect a refusal or a correction, and an
unanswerable question must not be answered by any chunk of the knowledge (the run's
lexical index); every case must be in the source's language and no near-duplicate of
another. With ``ungrounded="flag"``, cases that fail only on grounding are kept, tagged
and never marked grounded.

A reply holds several candidates: each is checked; the first that passes is the slot's
case, the others that pass are kept as fallbacks.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from datasetkit.core.language.detect import is_wrong_language
from datasetkit.core.model import Case, Source, Turn
from datasetkit.generate import questions
from datasetkit.generate.contract import Chunk, GeneratedCase
from datasetkit.generate.gate import admit as gate
from datasetkit.generate.llm.checks.case_rules import GROUNDING_REASONS, suggest_evaluators
from datasetkit.generate.llm.checks.dedupe import NearDuplicateIndex
from datasetkit.generate.llm.checks.grounding import find_evidence, text_in_corpus
from datasetkit.generate.llm.checks.reply_kinds import (
    Found,
    check_conversation,
    check_seed,
    check_starter,
)
from datasetkit.generate.llm.prompts.schemas import (
    CandidatesOut,
    ConversationOut,
    KnowledgeOut,
    SeedOut,
    StarterOut,
)
from datasetkit.generate.llm.wire.units import Unit

if TYPE_CHECKING:
    from datasetkit.generate.llm.prompts.context import Knowledge

Candidate = tuple[GeneratedCase, KnowledgeOut]

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)*")


class Checker:
    """Checks replies against their passages (and the whole knowledge) for one run."""

    def __init__(
        self, *, ungrounded: str, dedupe_threshold: float, multi_turn: int, seed_turns: int
    ) -> None:
        self.ungrounded = ungrounded
        self.dedupe_threshold = dedupe_threshold
        self.multi_turn = multi_turn
        self.seed_turns = seed_turns
        # Every chunk of the run, with its lexical index (set by the engine for a run).
        self.knowledge: Knowledge | None = None

    # ------------------------------------------------------------------ dispatch

    def evaluate(
        self, u: Unit, parsed: BaseModel, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> tuple[list[GeneratedCase], list[str]]:
        """The accepted cases of a reply and the reasons the others were rejected."""
        if isinstance(parsed, CandidatesOut):
            picked, reasons = self.candidates(u, parsed, index, corpus)
            return [gc for gc, _ in picked[: u.count]], reasons
        if isinstance(parsed, KnowledgeOut):
            gc, reason = self.knowledge_case(u, parsed, index, corpus)
            return ([gc] if gc else []), ([reason] if reason else [])
        if isinstance(parsed, ConversationOut):
            gc, reason = check_conversation(self, u, parsed, index)
            return ([gc] if gc else []), ([reason] if reason else [])
        if isinstance(parsed, SeedOut):
            gc, reason = check_seed(self, u, parsed, index)
            return ([gc] if gc else []), ([reason] if reason else [])
        assert isinstance(parsed, StarterOut)
        return check_starter(self, u, parsed, index)

    def candidates(
        self, u: Unit, out: CandidatesOut, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> tuple[list[Candidate], list[str]]:
        """The candidates that pass, in order (grounded ones first), and why others did not."""
        local = NearDuplicateIndex(self.dedupe_threshold)
        passed: list[Candidate] = []
        reasons: list[str] = []
        for i, cand in enumerate(out.candidates):
            if local.find(cand.question):
                reasons.append("duplicate_in_batch")
                continue
            gc, reason = self.knowledge_case(u, cand, index, corpus)
            if reason:
                reasons.append(reason)
            if gc is not None:
                local.add(str(i), cand.question)
                passed.append((gc, cand))
        passed.sort(key=lambda p: not p[0].grounded)  # stable: reply order otherwise
        return passed, reasons

    # ------------------------------------------------------------------ parts

    def evidence(self, quotes: Sequence[str], chunks: list[Chunk]) -> tuple[Found, str | None]:
        """Where each quote is found in ``chunks``, or why not."""
        found: Found = []
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

    def duplicate(
        self, text: str, index: NearDuplicateIndex, exclude: Collection[str] = ()
    ) -> str | None:
        """Why ``text`` is a near-duplicate of something indexed, or None."""
        hit = index.find(text, exclude=exclude)
        if hit is None:
            return None
        return "duplicate_of_existing" if hit.startswith("existing:") else "duplicate_in_batch"

    def gate(
        self,
        question: str,
        answer: str,
        evidence: list[str],
        u: Unit,
        *,
        mode: str = "answer",
        meaning_only: bool = False,
    ) -> str | None:
        """The quality gate's rejection of a case (``code: message``), or None.

        The mode is the gate's: ``answer`` checks the answer's numbers, units, dates,
        names and yes/no against the evidence; ``computed`` (an aggregation) leaves the
        numbers to :func:`derivable`: each must be quoted, or the count, sum, minimum,
        maximum or mean of the rows quoted; ``correction`` (a false premise) and
        ``shape`` (a refusal) check less. ``meaning_only`` ignores the shape checks (a
        follow-up turn of a conversation is not a standalone question). The names of
        the source's document and headings may appear in the answer.
        """
        found = gate.check_case(
            question,
            answer,
            "\n".join(evidence),
            language=u.language,
            mode=mode,
            context=self._context(u),
        )
        if found is not None and meaning_only and found.code not in GROUNDING_REASONS:
            found = None
        if found is not None:
            return f"{found.code}: {found.message}"
        if mode == "computed" and not derivable(answer, evidence):
            return (
                "number_mismatch: a number in the answer is neither in the rows quoted nor "
                "computed from them (a count, sum, minimum, maximum or mean)"
            )
        return None

    def _context(self, u: Unit) -> str:
        names: list[str] = []
        for c in u.chunks:
            names.extend(c.provenance.heading_path)
            for key in ("doc_title", "document_title"):
                if c.meta.get(key):
                    names.append(str(c.meta[key]))
        return "\n".join(dict.fromkeys(names))

    def _corpus(self, corpus: list[Chunk]) -> list[Chunk]:
        return self.knowledge.chunks if self.knowledge is not None else corpus

    # ------------------------------------------------------------------ knowledge cases

    def knowledge_case(
        self,
        u: Unit,
        out: KnowledgeOut,
        index: NearDuplicateIndex,
        corpus: list[Chunk],
        *,
        exclude: Collection[str] = (),
    ) -> tuple[GeneratedCase | None, str | None]:
        """One single-turn case, or why it is rejected (a flagged case has both)."""
        if is_wrong_language(out.question + " " + out.expected_answer, u.language):
            return None, "wrong_language"
        dup = self.duplicate(out.question, index, exclude)
        if dup:
            return None, dup
        checks: dict[str, Any] = {"question_type": u.question_type, "language": u.language}
        found, reason = self._reason(u, out, corpus, checks)
        grounded = reason is None
        base = (reason or "").split(":")[0]
        if not grounded and not (self.ungrounded == "flag" and base in GROUNDING_REASONS):
            return None, reason
        checks["grounded"] = grounded
        if reason:
            checks["reason"] = reason
        return self._case(u, out, found, grounded, reason, checks), reason

    def _reason(
        self, u: Unit, out: KnowledgeOut, corpus: list[Chunk], checks: dict[str, Any]
    ) -> tuple[Found, str | None]:
        qtype = u.question_type
        everything = self._corpus(corpus)
        if qtype in ("unanswerable", "out-of-scope"):
            checks["expected_behavior"] = out.expected_behavior
            if out.expected_behavior not in ("refuse", "clarify"):
                return [], "negative_case_expects_an_answer"
            reason = self.gate(out.question, out.expected_answer, [], u, mode="shape")
            if reason is None and qtype == "unanswerable":
                if not out.missing_detail.strip():
                    reason = "unanswerable_without_missing_detail"
                elif text_in_corpus(out.missing_detail, everything):
                    reason = "unanswerable_detail_in_source"
                elif self.knowledge is not None and self.knowledge.covers(out.question):
                    reason = "unanswerable_covered_by_source"
                checks["missing_detail_absent_from_sources"] = reason is None
            return [], reason
        found, reason = self.evidence(out.evidence, u.chunks)
        checks["evidence_found"] = reason is None
        if qtype == "false-premise":
            checks["expected_behavior"] = out.expected_behavior
            if reason is None and out.expected_behavior == "answer":
                reason = "false_premise_not_corrected"
            if reason is None:
                evidence = [q for q, _, _ in found]
                reason = self.gate(
                    out.question, out.expected_answer, evidence, u, mode="correction"
                )
            premise = out.missing_detail.strip()
            if reason is None and premise and text_in_corpus(premise, everything):
                reason = "false_premise_stated_in_source"
            return found, reason
        if reason is None:
            mode = "computed" if qtype == "aggregation" else "answer"
            reason = self.gate(
                out.question, out.expected_answer, [q for q, _, _ in found], u, mode=mode
            )
            checks["gate"] = reason.split(":")[0] if reason else "passed"
        if (
            reason is None
            and qtype in questions.MULTI_CHUNK_TYPES
            and len({c.id for c in u.chunks}) >= 2
            and len({cid for _, _, cid in found}) < 2
        ):
            reason = "single_source_for_multi_section"
        return found, reason

    def _case(
        self,
        u: Unit,
        out: KnowledgeOut,
        found: Found,
        grounded: bool,
        reason: str | None,
        checks: dict[str, Any],
    ) -> GeneratedCase:
        qtype = u.question_type
        source = (
            found[0][1]
            if found
            else (u.chunks[0].provenance if u.chunks and qtype != "out-of-scope" else None)
        )
        tags = [f"type:{qtype}"]
        if qtype in questions.NEGATIVE_TYPES:
            tags.append("negative")
        if not grounded:
            tags.append("ungrounded")
        ext: dict[str, Any] = {
            "question_type": qtype,
            "expected_behavior": out.expected_behavior,
            "evidence": [q for q, _, _ in found] or list(out.evidence),
            "source": source.to_dict() if source else None,
            "grounded": grounded,
            "language": u.language,
        }
        if len({cid for _, _, cid in found}) > 1:
            ext["sources"] = [p.to_dict() for _, p, _ in found]
        if u.variety is not None:
            ext["style"] = u.variety.to_dict()
        case = Case(
            kind="single",
            category=u.category,
            tags=tags,
            turns=[
                Turn(
                    prompt=out.question,
                    expected_response=out.expected_answer,
                    evaluators=suggest_evaluators(qtype, out.expected_answer),
                )
            ],
            notes=None
            if grounded
            else f"Not grounded ({reason}): check the expected response against the source.",
            extensions={"datasetkit": ext},
            source=Source(path=source.file, row=source.row) if source else None,
        )
        case.id = case.content_id()
        return GeneratedCase(
            case=case,
            evidence=found[0][0] if found else None,
            source=source,
            grounded=grounded,
            checks=checks,
        )


def _value(text: str) -> float | None:
    raw = text.replace(",", "") if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", text) else text
    try:
        return float(raw.replace(",", "."))
    except ValueError:
        return None


def derivable(answer: str, evidence: Sequence[str]) -> bool:
    """Whether every number of ``answer`` is in the quoted rows or computed from them: the
    number of rows, or the sum, minimum, maximum or mean of one column's values."""
    rows = [r for r in evidence if r.strip()]
    quoted = {v for r in rows for n in _NUMBER.findall(r) if (v := _value(n)) is not None}
    columns: dict[str, list[float]] = {}
    for r in rows:
        for cell in re.split(r"\s*[|;]\s*", r):
            name, sep, val = cell.partition(":")
            nums = _NUMBER.findall(val) if sep else []
            if nums and (v := _value(nums[0])) is not None:
                columns.setdefault(name.strip().casefold(), []).append(v)
    derived = {float(len(rows))}
    for values in columns.values():
        derived |= {sum(values), min(values), max(values), sum(values) / len(values)}
    allowed = quoted | derived
    for n in _NUMBER.findall(answer):
        v = _value(n)
        if v is None:
            continue
        if not any(abs(v - a) <= max(0.011, abs(a) * 1e-6) for a in allowed):
            return False
    return True
