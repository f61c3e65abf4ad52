"""The review of each selected case: a critic call, then a judge (entailment) call.

The critic checks that the question stands alone, reads like a real user's and is
answerable from its passages, and may rewrite it once (the rewrite is checked again,
like any generated case). The judge says whether the passages support the expected
answer: ``supported``, ``partially_supported`` (kept, tagged for review) or
``not_supported`` (dropped; the slot's next candidate takes its place). For an
unanswerable or false-premise question the judge also sees the best-matching chunks of
the whole knowledge, not only the slot's passages. Both verdicts and their reasons are
stored with the case (``extensions.datasetkit.critic`` / ``.judge``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from datasetkit.core.language.detect import language_name
from datasetkit.generate import questions
from datasetkit.generate.contract import Chunk, GeneratedCase
from datasetkit.generate.llm.checks.dedupe import NearDuplicateIndex
from datasetkit.generate.llm.prompts import templates
from datasetkit.generate.llm.prompts.schemas import CriticOut, JudgeOut, KnowledgeOut
from datasetkit.generate.llm.wire.requests import Wire
from datasetkit.generate.llm.wire.units import Unit

if TYPE_CHECKING:
    from datasetkit.generate.llm.checks.checker import Checker
    from datasetkit.generate.llm.prompts.context import Knowledge

Candidate = tuple[GeneratedCase, KnowledgeOut]
EST_OUTPUT = {"critic": 160, "judge": 90}
# Instructions, the case and the reply format, on top of the passages (for --dry-run).
EST_EXTRA_INPUT = {"critic": 650, "judge": 450}


@dataclass
class Pick:
    """A slot's checked candidates under review: the current one first, then fallbacks."""

    unit: Unit
    options: list[Candidate]
    reasons: list[str] = field(default_factory=list)
    parsed: Any = None
    stage: str = "critic"  # critic, judge, done, failed, stopped
    keys: list[str] = field(default_factory=list)  # near-duplicate index keys of the slot

    @property
    def current(self) -> Candidate | None:
        return self.options[0] if self.options else None


def _case_lines(out: KnowledgeOut) -> list[str]:
    lines = ["<case>", f"Question: {out.question}", f"Expected answer: {out.expected_answer}"]
    if out.evidence:
        lines += ["Evidence:"] + [f'- "{q}"' for q in out.evidence]
    lines.append("</case>")
    return lines


def critic_messages(
    chunks: list[Chunk],
    out: KnowledgeOut,
    *,
    question_type: str,
    language: str,
    brief: templates.Brief,
    structured: str,
) -> list[dict[str, str]]:
    """Messages asking the critic for a verdict on one case, and at most one rewrite."""
    style = (
        f" in the intended style ({brief.variety.style_text})" if brief.variety is not None else ""
    )
    lines = [
        "Task: critic",
        f"Question type: {question_type} - {questions.QUESTION_TYPES[question_type]}",
        f"Language: {language_name(language)} ({language})",
        "",
        "You review one test case before it goes into a test set for the agent below.",
        *templates.agent_lines(brief),
        "",
        "Check that:",
        "1. the question is self-contained: it makes sense without the passages at hand (no "
        "'the passage', 'this document', 'the table above', no 'it' or 'they' without a "
        "subject);",
        f"2. the question is natural: a real user of this agent could send it{style}; "
        "intended typos, keywords or casual wording are not faults;",
        "3. it is answerable as intended: the passages answer it (an unanswerable case: no "
        "passage does; a false premise: the passages contradict it), and the expected answer "
        "is that answer, complete and concise, with the passages' numbers and units, no "
        "commentary.",
        'verdict: "pass" when all hold; "rewrite" when a small change fixes it (then give the '
        "rewritten question and expected answer: same fact, same evidence, same language "
        'and style); "reject" when it cannot be fixed. reason: one sentence. Leave question '
        'and expected_answer empty unless the verdict is "rewrite".',
        "",
        *_case_lines(out),
    ]
    return templates.review_messages(
        lines,
        schema="critic",
        structured=structured,
        chunks=chunks,
        brief=brief,
        language=language,
    )


def judge_messages(
    chunks: list[Chunk],
    out: KnowledgeOut,
    *,
    question_type: str,
    language: str,
    brief: templates.Brief,
    structured: str,
) -> list[dict[str, str]]:
    """Messages asking the judge whether the passages support the expected answer."""
    lines = [
        "Task: judge",
        f"Question type: {question_type}",
        f"Language: {language_name(language)} ({language})",
        "",
        "Decide whether the passages support the expected answer to the question.",
        "- supported: every claim of the expected answer is stated in, or follows directly "
        "from, the passages; its numbers, units, dates, names and yes/no agree with them",
        "- partially_supported: the core is supported, but a detail is missing from, or goes "
        "beyond, the passages",
        "- not_supported: the passages contradict the expected answer, or do not contain it",
        "When the expected answer says the information is not available: supported means no "
        "passage answers the question; not_supported means one does. When it corrects a false "
        "premise: supported means the passages contradict the premise and agree with the "
        "correction.",
        "reason: one sentence naming the claim and the passage (P1, P2, ...) that decides it.",
        "",
        *_case_lines(out),
    ]
    return templates.review_messages(
        lines,
        schema="judge",
        structured=structured,
        chunks=chunks,
        brief=brief,
        language=language,
    )


class Reviewer:
    """Builds the critic and judge calls of a round and applies their verdicts."""

    def __init__(
        self,
        *,
        critic: bool,
        judge: bool,
        wire: Wire,
        checker: Checker,
        brief: Callable[[Unit], templates.Brief],
        knowledge: Callable[[], Knowledge | None],
    ) -> None:
        self.critic = critic
        self.judge = judge
        self.wire = wire
        self.checker = checker
        self.brief = brief
        self.knowledge = knowledge

    @property
    def active(self) -> bool:
        """Whether selected cases are reviewed at all."""
        return self.critic or self.judge

    def first_stage(self, pick: Pick) -> str:
        """Where a new current candidate starts."""
        if pick.current is None:
            return "failed"
        if self.critic:
            return "critic"
        return self._after_critic(pick)

    def _after_critic(self, pick: Pick) -> str:
        qtype = pick.unit.question_type
        return "judge" if self.judge and qtype != "out-of-scope" else "done"

    # ------------------------------------------------------------------ units

    def units(self, picks: list[Pick], seed: int) -> list[Unit]:
        """The critic or judge call of every pick waiting for one, in slot order."""
        out = []
        for pick in picks:
            if pick.stage in ("critic", "judge") and pick.current is not None:
                out.append(self._unit(pick, pick.stage, seed))
        return out

    def judge_chunks(self, u: Unit, out: KnowledgeOut) -> list[Chunk]:
        """The slot's passages, plus (for unanswerable and false-premise questions) the
        chunks of the whole knowledge that best match the question."""
        chunks = list(u.chunks)
        know = self.knowledge()
        if know is not None and u.question_type in ("unanswerable", "false-premise"):
            have = {c.id for c in chunks}
            chunks += [c for c in know.search(out.question, 3) if c.id not in have]
        return chunks

    def _unit(self, pick: Pick, kind: str, seed: int) -> Unit:
        assert pick.current is not None
        gc, out = pick.current
        u = pick.unit
        brief = self.brief(u)
        if kind == "critic":
            chunks = list(u.chunks)
            msgs = critic_messages(
                chunks,
                out,
                question_type=u.question_type,
                language=u.language,
                brief=brief,
                structured=self.wire.structured,
            )
        else:
            chunks = self.judge_chunks(u, out)
            msgs = judge_messages(
                chunks,
                out,
                question_type=u.question_type,
                language=u.language,
                brief=brief,
                structured=self.wire.structured,
            )
        unit = Unit(
            id=f"{kind}:{u.id}:{gc.case.id}",
            schema=kind,
            category=u.category,
            question_type=u.question_type,
            chunks=chunks,
            messages=msgs,
            slot=u.slot,
            attempt=u.attempt,
            language=u.language,
            kind=kind,
            variety=u.variety,
            review=pick,
        )
        unit.request = self.wire.request(unit, seed, est_output=EST_OUTPUT[kind])
        return unit

    # ------------------------------------------------------------------ verdicts

    def apply(
        self,
        r: Unit,
        *,
        index: NearDuplicateIndex,
        corpus: list[Chunk],
        stopped: bool,
    ) -> None:
        """Move a pick on after its critic or judge reply (``r.parsed`` or ``r.error``)."""
        pick: Pick = r.review
        if r.parsed is None:
            if stopped and (r.result is None or r.error == "not_run"):
                pick.stage = "stopped"
            elif r.kind == "critic":  # the critic advises; without it the judge decides
                self._record(pick, "critic", {"verdict": "unavailable", "reason": r.error})
                pick.stage = self._after_critic(pick)
            else:
                self.next_option(pick, f"judge_failed: {r.error}", index)
            return
        if isinstance(r.parsed, CriticOut):
            self._critic(pick, r.parsed, index, corpus)
        else:
            assert isinstance(r.parsed, JudgeOut)
            self._judge(pick, r.parsed, index)

    def _critic(
        self, pick: Pick, v: CriticOut, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> None:
        assert pick.current is not None
        out = pick.current[1]
        if v.verdict == "reject":
            self.next_option(pick, f"critic_rejected: {v.reason}", index)
            return
        if v.verdict == "rewrite" and v.question.strip():
            new = out.model_copy(
                update={
                    "question": v.question.strip(),
                    "expected_answer": v.expected_answer.strip() or out.expected_answer,
                }
            )
            again, why = self.checker.knowledge_case(
                pick.unit, new, index, corpus, exclude=pick.keys
            )
            if again is None:
                self.next_option(pick, f"critic_rewrite_rejected: {why}", index)
                return
            pick.options[0] = (again, new)
            key = f"pick:{pick.unit.id}:{len(pick.keys)}"
            index.add(key, new.question)
            pick.keys.append(key)
            self._record(
                pick,
                "critic",
                {"verdict": "rewrite", "reason": v.reason, "original_question": out.question},
            )
        else:
            self._record(pick, "critic", {"verdict": "pass", "reason": v.reason})
        pick.stage = self._after_critic(pick)

    def _judge(self, pick: Pick, v: JudgeOut, index: NearDuplicateIndex) -> None:
        if v.verdict == "not_supported":
            self.next_option(pick, f"judge_not_supported: {v.reason}", index)
            return
        info = {"verdict": v.verdict, "reason": v.reason, "model": self.wire.judge_model}
        self._record(pick, "judge", info)
        if v.verdict == "partially_supported" and pick.current is not None:
            case = pick.current[0].case
            case.tags = [*(case.tags or []), "judge:partial"]
            note = f"The judge found the answer only partly supported: {v.reason}"
            case.notes = f"{case.notes} {note}" if case.notes else note
        pick.stage = "done"

    def _record(self, pick: Pick, name: str, info: dict[str, Any]) -> None:
        assert pick.current is not None
        gc = pick.current[0]
        gc.checks[name] = info["verdict"]
        ext = (gc.case.extensions or {}).setdefault("datasetkit", {})
        ext[name] = {k: v for k, v in info.items() if v is not None}

    def next_option(self, pick: Pick, reason: str, index: NearDuplicateIndex) -> None:
        """Drop the current candidate for ``reason`` and promote the next one that is not
        a near-duplicate of what the run holds now."""
        pick.reasons.append(reason)
        pick.options.pop(0)
        while pick.options:
            _gc, out = pick.options[0]
            dup = self.checker.duplicate(out.question, index, exclude=pick.keys)
            if dup is None:
                key = f"pick:{pick.unit.id}:{len(pick.keys)}"
                index.add(key, out.question)
                pick.keys.append(key)
                break
            pick.reasons.append(dup)
            pick.options.pop(0)
        pick.stage = self.first_stage(pick)
