"""The quality gate every generated case passes through, offline or LLM.

:func:`check_case` looks at one case (question, expected answer, the evidence that
grounds it): shape checks first (is the question a well-formed question, is the answer
a real answer), then meaning checks (do the numbers, units, dates, names and yes/no of
the answer agree with the evidence). :class:`Gate` adds near-duplicates against what a
run admitted before, with the same definition ``datasetkit lint`` uses.

The checks live beside this module: gate_shape (question and answer shape),
gate_meaning (numbers, units, dates, names), gate_polarity (yes/no and negation),
gate_values (reading numbers, units, dates and times), and the word lists of
gate_words and gate_units.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datasetkit.generate.contract import Chunk, GeneratedCase
from datasetkit.generate.gate import damaged as gate_damaged
from datasetkit.generate.gate import degree as gate_degree
from datasetkit.generate.gate import furniture as gate_furniture
from datasetkit.generate.gate import meaning as gate_meaning
from datasetkit.generate.gate import shape as gate_shape
from datasetkit.lint import (
    broken_clauses,
    clause_shape,
    definitions,
    echo,
    heading_words,
    list_cuts,
    wording,
)
from datasetkit.lint.filler import sample_content
from datasetkit.lint.neardup import DEFAULT_THRESHOLD, NearDuplicateIndex

# Stable rejection codes, with what each means.
CODES: dict[str, str] = {
    "fragment": "the question or answer is not well-formed (a clause pasted into a template, "
    "a sentence cut off mid-way, a heading only, a degree word of its sentence dropped)",
    "form_label": "the answer is a blank form field, or the question asks for a form label",
    "blank": "the answer is empty or says nothing (N/A, TBD, -)",
    "placeholder": "the question or answer holds placeholder text ([insert ...], lorem ipsum, XXX), "
    "or the answer is a document's sample content (stand-in items that count off or repeat, "
    "words that only name the page's parts)",
    "answer_in_question": "the question already contains the answer",
    "near_duplicate": "the question is nearly the same as one admitted before",
    "number_mismatch": "a number in the answer is not in the evidence for the same subject",
    "date_mismatch": "a date in the answer is not a date of the evidence",
    "unit_mismatch": "a number of the answer has another unit or currency than in the evidence",
    "entity_mismatch": "the answer names something (a product, a name) the evidence does not",
    "polarity_mismatch": "the answer says yes where the evidence says no, or the reverse",
    "refers_elsewhere": 'the answer points at text the grader cannot see ("the criteria '
    'listed above", "see below")',
    "raw_identifier": "the question holds a name a user never says (a snake_case or camelCase "
    'field, "Column 3", "Sheet1", a file name, a bare number as the name of a row)',
    "unresolved_reference": 'the question points at something it never names ("this", "that '
    'case", "either", "the above", a pronoun with nothing before it)',
    "templated": 'the question is a template pasted over a heading or title ("What does the '
    'guide say about ...?", "What should I know about ...?")',
    "trivial": 'the answer tells nothing the question does not say ("What is the mudguard?" - '
    '"Protective mudguard"), or is a figure of nothing ("0")',
    "damaged": "the question or answer is a formula, or text the extraction broke (symbols "
    "lost or read as letters, single letters standing as words)",
    "furniture": "the case asks about a paper's publishing matter (thanks, author "
    "contributions, competing interests, correspondence, reprints, received and accepted "
    "dates, copyright and permission notices, the road map of its own sections), not its "
    "subject",
    "incomplete": "the answer gives only part of the list, the steps or the items its question "
    "or evidence holds",
    "no_definition": 'the question asks what a term is and the answer only judges it ("an '
    'interesting example of ...", "a problem for ...", "a more efficient ...")',
}


@dataclass(frozen=True)
class Rejection:
    """Why a case is rejected: a code of :data:`CODES` and a message that says what is wrong."""

    code: str
    message: str


# What a case is, for which checks apply:
#   "answer"     an answer to check against the evidence (all checks);
#   "computed"   an answer with computed figures (a total, a difference): no number check;
#   "correction" the correction of a false premise: no yes/no check, and the question may
#                hold the answer's words;
#   "shape"      a refusal or clarifying question (unanswerable, out of scope), a
#                conversation, a case kept although flagged as not grounded: the question's
#                shape, and an answer that is there at all;
#   "seed"       a simulation seed's description (the question): placeholders only.
MODES: tuple[str, ...] = ("answer", "computed", "correction", "shape", "seed")


def check_case(
    question: str,
    answer: str,
    evidence: str,
    *,
    language: str | None = None,
    mode: str = "answer",
    context: str = "",
) -> Rejection | None:
    """None when the case passes; else why it is rejected. Shape checks, then meaning checks.

    ``context`` is text whose names the answer may use besides the evidence's (the
    document's title and headings); ``mode`` is one of :data:`MODES`.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; use one of {', '.join(MODES)}")
    if mode == "seed":
        found = gate_shape.placeholder_problem(question, "description")
        return Rejection(*found) if found else None
    found = (
        gate_damaged.damaged_problem(question, answer)
        or gate_furniture.furniture_problem(question, answer, evidence)
        or gate_shape.question_problem(question, language)
        or reading_problem(question, language)
        or _degree_problem(question, evidence, language)
        or gate_shape.answer_problem(
            question, answer, evidence, language, refusal=mode == "shape", echo=mode != "correction"
        )
    )
    if found is None and mode != "shape":
        filler = sample_content(answer)
        found = ("placeholder", filler) if filler else None
    if found is None and mode in ("answer", "computed"):
        found = _echo_problem(question, answer, language)
    if found is None and mode in ("answer", "computed"):
        cut = list_cuts.cut_list(question, answer, evidence)
        raw = None if cut else wording.raw_answer(question, answer)
        found = ("incomplete", cut) if cut else ("raw_identifier", raw) if raw else None
    if found is None and mode == "answer" and (language or "en").startswith("en"):
        leans = wording.answer_leans_back(answer, question, evidence)
        found = ("unresolved_reference", leans) if leans else None
    if found is None and mode != "shape":
        found = gate_meaning.check(
            question,
            answer,
            evidence,
            language=language,
            context=context,
            numbers=mode != "computed",
            polarity=mode == "answer",
        )
    return Rejection(*found) if found else None


def _degree_problem(question: str, evidence: str, language: str | None) -> tuple[str, str] | None:
    """A question that repeats a phrase of its evidence without the degree word on it."""
    dropped = gate_degree.dropped_degree(question, evidence, language)
    return ("fragment", dropped) if dropped else None


def _echo_problem(question: str, answer: str, language: str | None) -> tuple[str, str] | None:
    """A question that holds most of its answer, an answer that only restates it, or one that
    judges the term its question asks to define."""
    held = echo.holds_answer(question, answer, language)
    if held:
        return "answer_in_question", held
    said = echo.restates_question(question, answer, language)
    if said:
        return "trivial", said
    judged = definitions.defines_nothing(question, answer, language)
    return ("no_definition", judged) if judged else None


def reading_problem(question: str, language: str | None = None) -> tuple[str, str] | None:
    """Whether the question reads without its document: ``(code, message)`` or None."""
    lang = (language or "en").split("-")[0].casefold()
    for code, found in (
        ("fragment", broken_clauses.broken_clause(question) if lang == "en" else None),
        ("fragment", heading_words.repeated_word(question, language)),
        ("fragment", clause_shape.clause_problem(question, language)),
        ("raw_identifier", wording.raw_identifier(question)),
        ("unresolved_reference", wording.unresolved_reference(question, language)),
        ("templated", wording.templated_question(question, language)),
    ):
        if found:
            return code, found
    return None


class Gate:
    """One run's gate: check_case plus near-duplicates against what it admitted before
    (and ``existing`` texts)."""

    def __init__(
        self,
        existing: Iterable[str] = (),
        *,
        language: str | None = None,
        threshold: float = DEFAULT_THRESHOLD,
    ) -> None:
        self.language = language
        self.counts: Counter[str] = Counter()
        self.admitted = 0
        self._existing = NearDuplicateIndex(threshold)
        for i, text in enumerate(existing):
            self._existing.add(f"existing:{i}", text)
        # Apart from the existing texts: lint compares the admitted set all-against-all.
        self._seen = NearDuplicateIndex(threshold)
        self._questions: list[str] = []

    def admit(
        self,
        question: str,
        answer: str,
        evidence: str,
        *,
        prompts: Sequence[str] | None = None,
        language: str | None = None,
        mode: str = "answer",
        context: str = "",
    ) -> Rejection | None:
        """None when the case is admitted (and remembered); else why it is rejected.

        ``prompts`` are all the user turns of a conversation (compared for near-duplicates
        as lint compares them; default: the question); ``language`` overrides the gate's
        for this case; ``mode`` and ``context`` are :func:`check_case`'s.
        """
        found = check_case(
            question,
            answer,
            evidence,
            language=language or self.language,
            mode=mode,
            context=context,
        ) or self._duplicate(list(prompts) if prompts else [question])
        if found is not None:
            self.counts[found.code] += 1
            return found
        self._seen.add(str(len(self._questions)), list(prompts) if prompts else [question])
        self._questions.append(question)
        self.admitted += 1
        return None

    def _duplicate(self, prompts: list[str]) -> Rejection | None:
        hit = self._seen.find(prompts)
        if hit is not None:
            earlier = self._questions[int(hit[0])]
            return Rejection(
                "near_duplicate",
                f"the question is {hit[1]:.0%} similar to an earlier one: {_short(earlier)!r}",
            )
        hit = self._existing.find(prompts) if len(self._existing) else None
        if hit is not None:
            return Rejection(
                "near_duplicate", f"the question is {hit[1]:.0%} similar to an existing case"
            )
        return None

    @property
    def rejected(self) -> int:
        """How many cases the gate rejected."""
        return sum(self.counts.values())

    def summary(self) -> str:
        """E.g. ``"rejected 12: near_duplicate 5, fragment 4, number_mismatch 3"``."""
        total = self.rejected
        if not total:
            return "rejected 0"
        ranked = sorted(self.counts.items(), key=lambda x: (-x[1], x[0]))
        return f"rejected {total}: " + ", ".join(f"{c} {n}" for c, n in ranked)


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ----- generated cases ----------------------------------------------------------------------

_SHAPE_ONLY_TYPES = frozenset({"unanswerable", "out-of-scope", "conversation"})


def case_mode(gc: GeneratedCase) -> str:
    """Which checks apply to a generated case (see :data:`MODES`)."""
    case = gc.case
    ext = _facts(gc)
    qtype = str(ext.get("question_type") or "")
    behaviour = str(ext.get("expected_behavior") or "")
    if not case.turns:
        return "seed"
    if (
        len(case.turns) > 1
        or case.kind == "conversation"
        or qtype in _SHAPE_ONLY_TYPES
        or behaviour in ("refuse", "clarify")
        or "ungrounded" in (case.tags or [])
    ):
        return "shape"
    if qtype == "false-premise" or behaviour == "correct":
        return "correction"
    if qtype == "aggregation":
        return "computed"
    return "answer"


def _facts(gc: GeneratedCase) -> dict[str, Any]:
    ext = gc.case.extensions or {}
    facts = ext.get("datasetkit") if isinstance(ext, dict) else None
    return facts if isinstance(facts, dict) else {}


def case_evidence(gc: GeneratedCase, chunks: Mapping[str, Chunk] | None = None) -> str:
    """The evidence a case's answer is checked against: every quote the generator found,
    else the text of the chunk it came from."""
    quotes = _facts(gc).get("evidence")
    if isinstance(quotes, list) and quotes and all(isinstance(q, str) for q in quotes):
        return "\n".join(q for q in quotes if q.strip())
    if gc.evidence:
        return gc.evidence
    chunk_id = _facts(gc).get("chunk")
    if chunks and isinstance(chunk_id, str) and chunk_id in chunks:
        return chunks[chunk_id].text
    return ""


def case_context(gc: GeneratedCase, chunks: Mapping[str, Chunk] | None = None) -> str:
    """Names the answer may use besides the evidence's: the source's headings and title."""
    out: list[str] = []
    if gc.source is not None:
        out.extend(gc.source.heading_path)
        out.append(Path(gc.source.file).stem.replace("_", " "))
    chunk_id = _facts(gc).get("chunk")
    if chunks and isinstance(chunk_id, str) and chunk_id in chunks:
        title = chunks[chunk_id].meta.get("document_title")
        if title:
            out.append(str(title))
    return "\n".join(out)


def admit_generated(
    gate: Gate, gc: GeneratedCase, *, chunks: Mapping[str, Chunk] | None = None
) -> Rejection | None:
    """Pass a generated case through ``gate`` (its question, answer, evidence, language)."""
    case = gc.case
    mode = case_mode(gc)
    language = _facts(gc).get("language")
    language = language if isinstance(language, str) else None
    if mode == "seed":
        text = case.seed.description if case.seed is not None else ""
        return gate.admit(text, "", "", language=language, mode="seed")
    first = case.turns[0]
    return gate.admit(
        first.prompt,
        first.expected_response or "",
        case_evidence(gc, chunks),
        prompts=[t.prompt for t in case.turns],
        language=language,
        mode=mode,
        context=case_context(gc, chunks),
    )
