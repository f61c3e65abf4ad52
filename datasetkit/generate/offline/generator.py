"""The offline generator: grounded test cases from the knowledge itself, no API needed.

Questions are chosen from what the content is, by the question forms of the registry
(``forms/``): a FAQ heading, a procedure, a whole list, a definition, a rule, a limit,
a deadline, a contact, a yes/no question with the sentence's polarity; for tables one
cell, a whole row, the rows with a value, counts and extremes computed over the whole
table. Every answer is quoted from the source (or computed from quoted cells) and
checked against it, and every case passes the shared quality gate
(gate.check_case) before it counts: a slot whose first candidate is rejected takes the
next one, and a chunk's capacity counts only candidates that pass.

For a given seed (the plan's), the output is the same, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from pathlib import PurePath
from typing import Any

from datasetkit.core.model import Case, Turn
from datasetkit.generate.contract import (
    Chunk,
    Failure,
    GeneratedCase,
    GenerationResult,
    Plan,
    chunk_language,
)
from datasetkit.generate.gate.admit import Gate
from datasetkit.generate.offline.candidate import (
    Candidate,
    also_sources,
    chunk_sources,
    is_grounded,
)
from datasetkit.generate.offline.caveats import with_caveat
from datasetkit.generate.offline.company_named import company_named
from datasetkit.generate.offline.context import DocContext, doc_context
from datasetkit.generate.offline.doc_subject import named_subject
from datasetkit.generate.offline.examples import without_example_notes
from datasetkit.generate.offline.forms.registry import TABLE_LANGUAGES, kind_traits
from datasetkit.generate.offline.language.kind_named import kind_named
from datasetkit.generate.offline.language.source_case import cased
from datasetkit.generate.offline.language.templates import (
    SUPPORTED_LANGUAGES,
    TEMPLATES,
    check_language,
    said_as,
)
from datasetkit.generate.offline.language.words import normalize, sentences
from datasetkit.generate.offline.letter_head import letter_head, letter_language
from datasetkit.generate.offline.naming import amount_named, said_in_context
from datasetkit.generate.offline.neutral_subject import named_in_language
from datasetkit.generate.offline.principal_said import principal_named
from datasetkit.generate.offline.repeats import ROW_SHARE, Picked, echoes, feasible
from datasetkit.generate.offline.shares import ShapeShare, shape_limit, table_limit
from datasetkit.generate.offline.starter import PLACEHOLDER, starter_skeleton
from datasetkit.generate.offline.tables.ask import table_candidates
from datasetkit.generate.offline.tables.figures import table_caption
from datasetkit.generate.offline.tables.fill_in import (
    blank_form,
    blank_note,
    fill_in_kind,
    fill_in_note,
)
from datasetkit.generate.offline.tables.form_definition import unasked_form
from datasetkit.generate.offline.tables.label import table_label
from datasetkit.generate.offline.tables.pivoted import pivot_fields
from datasetkit.generate.offline.tables.report_title import report_named
from datasetkit.generate.offline.tables.sheet_language import sheet_language
from datasetkit.generate.offline.tables.unlabelled_rows import labelled_rows
from datasetkit.generate.offline.tables.unnamed import unnamed_headers
from datasetkit.generate.offline.tables.view import TableView, table_view
from datasetkit.generate.offline.text.ask import text_candidates
from datasetkit.generate.offline.text.links import is_markdown, without_address
from datasetkit.generate.offline.tidy import tidied
from datasetkit.generate.offline.unread import Unread
from datasetkit.generate.offline.which_one import said_which
from datasetkit.knowledge.model import Document, Provenance, Section

__all__ = [
    "PLACEHOLDER",
    "SUPPORTED_LANGUAGES",
    "Candidate",
    "OfflineGenerator",
    "check_language",
    "chunk_sources",
    "is_grounded",
    "normalize",
    "sentences",
    "starter_skeleton",
]


# What a slot's pick reads: its chunk, the planned chunks, their pools, the seed, the
# language, the gate and the cases picked so far.
_Pick = tuple[Chunk, list[Chunk], dict[str, list[Candidate]], int, str | None, Gate, Picked]


class OfflineGenerator:
    """Grounded cases from the knowledge text itself (the ``offline`` provider)."""

    name = "offline"

    def __init__(self, **settings: Any) -> None:
        # Settings of other providers (model, keys, ...) mean nothing here.
        self.settings = settings
        self._cache: dict[tuple[str, str], list[Candidate]] = {}
        self._haystacks: dict[str, str] = {}
        self._normalized: dict[str, str] = {}  # a source text -> its normal form
        self._contexts: dict[int, DocContext] = {}
        self._tables: dict[tuple[int, int], TableView] = {}
        # The language a document's whole text reads in, when its sections did not agree.
        self._read_as: dict[object, str] = {}
        self._offered = Gate()
        # Why a document gives no cases (its language), said once per file.
        self._notes: set[str] = set()
        # The passages no form asks anything of, said when a run falls short.
        self._unread = Unread()

    def _context(self, chunk: Chunk) -> DocContext:
        doc = chunk.meta.get("document")
        key = id(doc) if isinstance(doc, Document) else 0
        found = self._contexts.get(key)
        if found is None:
            found = doc_context(chunk)
            self._contexts[key] = found
        return found

    def _table(self, chunk: Chunk, ctx: DocContext) -> TableView:
        rows = chunk.meta.get("table_sections") or chunk.sections
        key = (id(rows), len(rows))
        view = self._tables.get(key)
        if view is None:
            doc = chunk.meta.get("document")
            label = table_label(chunk, doc)
            records, partial = labelled_rows([s for s in rows if s.record])
            view = table_view(records, label, ctx.words, pivot_fields(doc, records))
            view.partial = partial
            if isinstance(doc, Document):
                view.caption = table_caption(doc.sections, [s for s in rows if s.record])
            self._tables[key] = view
        return view

    def candidates(self, chunk: Chunk, language: str | None = None) -> list[Candidate]:
        """Every case the chunk can give that passes the gate, best kinds first."""
        lang = self._language(chunk, language)
        key = (chunk.id, lang)
        cached = self._cache.get(key)
        if cached is not None:
            return list(cached)
        if lang not in TEMPLATES:
            # No form writes this language: say so, and skip the table and clause work whose
            # every result would be dropped (a long sheet in such a language took seconds).
            self._notes.add(unsupported_language(chunk.provenance.file, lang))
        if lang not in TEMPLATES or not asked_part(chunk):
            self._cache[key] = []
            return []
        ctx = self._context(chunk)
        found = self._in_context(self._found(chunk, lang, ctx), chunk, ctx, lang)
        # A table chunk's sources are its whole table: built only when there is a case to
        # ground, and each source normalised once for all the chunks that share it.
        haystack = self._haystack(chunk) if found else ""
        seen: set[str] = set()
        out = []
        for c in found:
            # A label copied with the spaces around it ("*  Average Tax Rates:").
            # A link's address after its text: a user names the link, not where it points.
            c = replace(c, question=" ".join(without_address(c.question).split()))
            q = normalize(c.question)
            if q in seen:
                continue
            if not is_grounded(c.grounding(), _with_also(haystack, c, chunk)):
                self._offered.counts["not_in_source"] += 1
                continue
            if (kept := tidied(c) if chunk.kind != "table" else c) is None:
                self._offered.counts["refers_elsewhere"] += 1
                continue
            c = kept
            # The shared gate: shape and meaning checks, and near-duplicates of any
            # question another chunk already offers (so capacities add up honestly).
            if echoes(c.question, c.answer):
                self._offered.counts["answer_repeats_question"] += 1
                continue
            if self._offered.admit(c.question, c.answer, c.full_evidence(), language=lang):
                continue
            seen.add(q)
            out.append(c)
        # A last resort (a section asked about as a whole) only when nothing better exists.
        last = kind_traits().last_resort
        if any(c.question_type not in last for c in out):
            out = [c for c in out if c.question_type not in last]
        # The planner asks for every chunk's capacity and the run then draws from the
        # planned ones: compute each chunk's candidates once.
        self._cache[key] = out
        return list(out)

    def _found(self, chunk: Chunk, lang: str, ctx: DocContext) -> list[Candidate]:
        """The forms' candidates for ``chunk`` in ``lang`` (a language some form writes)."""
        if chunk.kind == "table":
            if lang not in TABLE_LANGUAGES:
                self._notes.add(untabled_language(chunk.provenance.file, lang))
            if (template := fill_in_kind(chunk)) is not None:
                self._notes.add(fill_in_note(chunk, template))
                return []  # a template's rows are no records: the note says so, not Unread
            view = self._table(chunk, ctx)
            if blank_form(view):
                self._notes.add(blank_note(chunk))
                return []
            found = table_candidates(chunk, lang, ctx, view)
            if (why := unasked_form(chunk.provenance.file, view.definition, lang)) is not None:
                self._notes.add(why)
            unnamed = () if found else unnamed_headers(view)
        else:
            unnamed = ()
            if lang != "en" and letter_head(chunk.meta.get("document")):
                self._notes.add(letter_language(chunk.provenance.file, lang))
            found = without_example_notes(text_candidates(chunk, lang, ctx), chunk)
        self._unread.add(chunk, len(found), unnamed)
        return found

    @staticmethod
    def _in_context(
        found: list[Candidate], chunk: Chunk, ctx: DocContext, lang: str
    ) -> list[Candidate]:
        """``found`` said as a reader of many documents needs them: which request, whose
        rules, the document's subject in a question that names nothing of its own."""
        found = cased(found, chunk, lang)  # names as the source writes them
        if lang != "en":
            found = [replace(c, question=said_as(c.question, lang)) for c in found]
            return named_in_language(found, chunk, lang)
        found = kind_named(found, chunk, lang)  # "the Company" the document names
        path = chunk.provenance.heading_path
        found = [amount_named(said_in_context(c, ctx), path, ctx) for c in found]
        # "the request": which one (or not asked); an answer with the caveat after it.
        found = [with_caveat(c, chunk) for c in said_which(found, chunk)]
        # Last: a question that names nothing specific names the document's subject.
        found = company_named(named_subject(found, chunk, ctx), chunk, ctx)
        found = principal_named(found, chunk, ctx)
        return report_named(found, chunk, ctx)

    def _haystack(self, chunk: Chunk) -> str:
        found = self._haystacks.get(chunk.id)
        if found is None:
            done = self._normalized
            found = "\n".join(
                done[s] if s in done else done.setdefault(s, normalize(s))
                for s in chunk_sources(chunk)
            )
            self._haystacks[chunk.id] = found
        return found

    def capacity(self, chunk: Chunk) -> int:
        """How many distinct cases the chunk can give (the planner never asks for more).

        Candidates that give away the same table fact count once: a set holds either a
        row's details or its single cells, never both.
        """
        return len(feasible(self.candidates(chunk)))

    def value(self, chunk: Chunk) -> float:
        """How much a chunk is worth asking about beyond its length: a section that states
        figures (amounts, limits, deadlines), asks a question itself or gives a task's steps
        counts 25 times for each (up to four), one
        that gives only a "what does it say about" question a fifth."""
        cands = self.candidates(chunk)
        if not cands:
            return 1.0  # (before the forms' traits: a declined document loads no form)
        traits = kind_traits()
        figures = sum(1 for c in cands if c.tier == 0 and c.question_type in traits.figures)
        # A question the document asks itself, or a task with its steps, is asked first
        # (tier -1): a section holding one is worth as much as one stating a figure.
        figures += sum(1 for c in cands if c.tier < 0)
        if figures:
            # A summary of costs states several (deductible, co-insurance, out-of-pocket
            # maximum): each is a question users ask first, so each counts.
            return 25.0 * min(figures, 4)
        if cands and all(c.question_type in traits.last_resort for c in cands):
            # Only "What does the plan say about X?": reviewers edit most of these, so such
            # a section is asked when the others are used up, not in their place.
            return 0.2
        return 1.0

    def _language(self, chunk: Chunk, language: str | None) -> str:
        if language:
            check_language(language)
            return language
        # A document in a language no form writes gets no cases (never English questions
        # over it, nor English forms translated word for word); the run says why.
        detected = sheet_language(chunk) or chunk_language(chunk)
        if detected:
            return detected
        # Its document's sections did not agree on one language (many short headings
        # vote apart): the document's text read whole decides, English only when it
        # reads as English.
        from datasetkit.core.language.detect import detect

        doc = chunk.meta.get("document")
        key = id(doc) if isinstance(doc, Document) else chunk.id
        found = self._read_as.get(key)
        if found is None:
            text = chunk.text
            if isinstance(doc, Document):
                text = "\n".join(s.text for s in doc.sections)[:20000]
            guess = detect(text)
            read = guess.language if guess.confidence >= 0.6 else None
            found = self._read_as[key] = read if read and read != "en" else "en"
        return found

    def generate_knowledge(self, plan: Plan, *, language: str | None = None) -> GenerationResult:
        """One grounded case per slot, or a Failure saying why the slot has none."""
        if language:
            check_language(language)
        result = GenerationResult()
        pools: dict[str, list[Candidate]] = {}
        notes: set[str] = set()
        gate = Gate(language=language)
        picked = Picked(kind_traits())
        per_table = table_limit(plan.asked or len(plan.slots))
        shares = ShapeShare(shape_limit(len(plan.slots)), per_table)
        plan_chunks = list({s.chunks[0].id: s.chunks[0] for s in plan.slots if s.chunks}.values())
        # Text that gives questions keeps the tables to their share from the first slot on.
        shares.text = any(c.kind != "table" and self.candidates(c, language) for c in plan_chunks)
        for slot in plan.slots:
            if slot.category != "knowledge":
                result.failures.append(
                    Failure(
                        slot.index,
                        f"the offline generator makes knowledge cases only, not {slot.category}",
                    )
                )
                continue
            chunk = slot.chunks[0]
            detected = chunk_language(chunk)
            if not language and detected and detected not in TEMPLATES:
                notes.add(unsupported_language(chunk.provenance.file, detected))
            # A shape that has taken its share fills more slots only when the document's
            # tables are all it gives.
            pick = (chunk, plan_chunks, pools, plan.seed, language, gate, picked)
            found = self._pick_shared(pick, shares)
            if found is None:
                result.failures.append(
                    Failure(
                        slot.index,
                        f"no further distinct question in {slot.chunks[0].provenance.label()}",
                    )
                )
                continue
            cand, source = found
            result.cases.append(
                self._case(cand, source, slot.category, self._language(source, language))
            )
        short = len(plan.slots) - len(result.cases)
        if short:
            result.shortfall["knowledge"] = short
        # Candidates the gate turned down while slots were filled, by code (reported by
        # the run and the generation benchmark).
        result.usage = {
            "provider": self.name,
            "api_calls": 0,
            "gate_rejected": dict(self._offered.counts + gate.counts),
        }
        left = [c for pool in pools.values() for c in pool] if short else []
        notes |= self._notes | {n for n in (shares.note(left), self._unread.note()) if n}
        if notes:
            result.usage["notes"] = sorted(notes)
        return result

    def _pick_shared(self, pick: _Pick, shares: ShapeShare) -> tuple[Candidate, Chunk] | None:
        """A slot's case within the shares; once nothing else is left to ask, a document's
        tables fill the rest; when tables are all it gives, any shape."""
        found = self._pick(*pick, shares)
        if found is None and not shares.relaxed:
            shares.relaxed = True
            found = self._pick(*pick, shares)
        if found is None and shares.only_tables():
            found = self._pick(*pick, None)
        return found

    def _pick(
        self,
        chunk: Chunk,
        plan_chunks: list[Chunk],
        pools: dict[str, list[Candidate]],
        seed: int,
        language: str | None,
        gate: Gate,
        picked: Picked,
        shares: ShapeShare | None,
    ) -> tuple[Candidate, Chunk] | None:
        # The slot's own chunk first; when its questions are used up (another chunk
        # asked the same one, or the gate turned one down as a near-duplicate), a spare
        # from the same section, then any.
        stratum = chunk.meta.get("stratum")
        others = [c for c in plan_chunks if c.id != chunk.id]
        order = [chunk] + [c for c in others if c.meta.get("stratum") == stratum]
        order += [c for c in others if c.meta.get("stratum") != stratum]
        for source in order:
            if source.id not in pools:
                pools[source.id] = self._ordered(source, seed, language)
            pool = pools[source.id]
            at = 0
            while at < len(pool):
                cand = pool[at]
                if shares is not None and shares.full(cand):
                    at += 1  # kept in the pool for when nothing else is left
                    continue
                pool.pop(at)
                if picked.repeats(cand):
                    continue
                if gate.admit(cand.question, cand.answer, cand.full_evidence()):
                    continue
                picked.add(cand)
                if shares is not None:
                    shares.add(cand)
                return cand, source
        return None

    def _ordered(self, chunk: Chunk, seed: int, language: str | None) -> list[Candidate]:
        """The chunk's candidates by tier; within a tier the kinds take turns, each
        shuffled, so a run mixes lookups, rows, filters and counts (or rules, limits...)."""
        cands = feasible(self.candidates(chunk, language))
        # A string seed is hashed with SHA-512 by random, so the order is stable across runs;
        # keyed by where the chunk sits in its file, not by the folder the file was read
        # from, so a run repeated from another directory or checkout makes the same cases.
        rng = random.Random(f"{seed}:{_order_key(chunk)}")
        tiers: dict[int, dict[str, list[Candidate]]] = {}
        # Whole-row "details" questions are a small share: a few take their turn, the
        # rest come only after every other kind of question.
        rows = [c for c in cands if c.whole_row]
        rng.shuffle(rows)
        late = {id(c) for c in rows[ROW_SHARE:]}
        for c in cands:
            tier = c.tier + 100 if id(c) in late else c.tier
            tiers.setdefault(tier, {}).setdefault(c.question_type, []).append(c)
        ordered: list[Candidate] = []
        for tier in sorted(tiers):
            groups = [tiers[tier][k] for k in sorted(tiers[tier])]
            for g in groups:
                rng.shuffle(g)
            rng.shuffle(groups)
            while any(groups):
                for g in groups:
                    if g:
                        ordered.append(g.pop(0))
        return ordered

    def _case(self, cand: Candidate, chunk: Chunk, category: str, lang: str) -> GeneratedCase:
        prov = _source(cand.section, chunk)
        sources = _with_also(self._haystack(chunk), cand, chunk)
        answer_found = is_grounded(cand.grounding(), sources)
        evidence_found = is_grounded(cand.evidence, sources)
        answer_in_evidence = is_grounded(cand.grounding(), [cand.evidence])
        grounded = answer_found and evidence_found and answer_in_evidence
        checks = {
            "answer_in_source": answer_found,
            "evidence_in_source": evidence_found,
            "answer_in_evidence": answer_in_evidence,
        }
        case = Case(
            category=category,
            turns=[Turn(prompt=cand.question, expected_response=cand.answer)],
        )
        case.extensions = {
            "datasetkit": {
                "source": prov.to_dict(),
                "evidence": cand.full_evidence(),
                "grounded": grounded,
                "generator": self.name,
                "question_type": cand.question_type,
                "form": cand.form,
                "language": lang,
                "chunk": chunk.id,
            }
        }
        if cand.quotes:
            # The answer is computed (a verdict, a count, a value with its unit): these
            # are the pieces of the source it rests on.
            case.extensions["datasetkit"]["quoted"] = list(cand.quotes)
        case.id = case.content_id()
        return GeneratedCase(
            case=case, evidence=cand.full_evidence(), source=prov, grounded=grounded, checks=checks
        )

    def generate_starter(
        self,
        description: str,
        *,
        count: int,
        seed: int,
        language: str | None = None,
        categories: Any = None,
    ) -> GenerationResult:
        """The test-design skeleton: placeholder cases for each category, clearly marked."""
        result = starter_skeleton(description, count=count, seed=seed, categories=categories)
        if language and language != "en":
            result.usage["notes"] = [
                f"the offline placeholders are in English; write the cases in {language}"
            ]
        return result


# A long table is asked about in this many of its chunks at most, spread evenly from its
# first (which holds the whole-table questions): every chunk's candidates pass the gate,
# whose duplicate check grows with what it has admitted, and a 30-case set needs a few
# hundred rows to choose from, not thousands.
_TABLE_PARTS = 40


def asked_part(chunk: Chunk) -> bool:
    """Whether a table chunk is among the parts of its table that questions are drawn
    from (every part of a table of up to ``_TABLE_PARTS`` chunks; any other chunk)."""
    parts = int(chunk.meta.get("table_parts") or 0)
    if chunk.kind != "table" or parts <= _TABLE_PARTS:
        return True
    step = (parts - 1) / (_TABLE_PARTS - 1)
    return int(chunk.meta.get("table_part") or 0) in {round(i * step) for i in range(_TABLE_PARTS)}


def unsupported_language(file: str, lang: str) -> str:
    """Why a document in ``lang`` gives no offline cases."""
    from datasetkit.core.language.detect import language_name

    spoken = ", ".join(language_name(code) for code in SUPPORTED_LANGUAGES)
    return (
        f"{file} is in {language_name(lang)}: no offline question form writes questions in "
        f"{language_name(lang)} (they write {spoken}), so it gives no cases; use an LLM "
        "provider for it"
    )


def untabled_language(file: str, lang: str) -> str:
    """Why the tables of a document in ``lang`` give no offline cases."""
    from datasetkit.core.language.detect import language_name

    return (
        f"{file}: its tables are in {language_name(lang)}, and no offline table form writes "
        f"{language_name(lang)} questions yet, so its tables give no cases; use an LLM "
        "provider for them"
    )


def _source(section: Section, chunk: Chunk) -> Provenance:
    prov = section.provenance
    if not prov.heading_path and chunk.provenance.heading_path:
        return replace(prov, heading_path=chunk.provenance.heading_path)
    return prov


def _order_key(chunk: Chunk) -> str:
    """The chunk's place and text, with its file named by its base name only."""
    prov = chunk.provenance.to_dict()
    prov["file"] = PurePath(str(prov.get("file", ""))).name
    payload = json.dumps([prov, chunk.text], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


def _with_also(haystack: str, cand: Candidate, chunk: Chunk) -> str:
    """The chunk's haystack, with the sections past it that the case reads whole (only
    sections of the chunk's own document)."""
    doc = chunk.meta.get("document")
    if not cand.also or not isinstance(doc, Document):
        return haystack
    own = {id(s) for s in doc.sections}
    extra = [s for s in cand.also if id(s) in own]
    return f"{haystack}\n{also_sources(extra, is_markdown(chunk.provenance.file))}"
