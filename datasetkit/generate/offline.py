"""The offline generator: grounded test cases from the knowledge itself, no API needed.

Every expected response is quoted from the source and checked against it before the
case is accepted:

* table rows give lookups, "What is the <column> for <row key>?", answered by the cell;
* headings that are questions (FAQs) are asked as written, answered by the text under them;
* "How to ..." headings with steps become "How do I ...?", answered by the steps;
* definitions ("A per diem is a ...", "Term: explanation") become "What is <term>?";
* headed sections with a list become "What are the <heading>?", answered by the items;
* any other headed section becomes "What does <document> say about <heading>?",
  answered by its opening sentences.

For a given seed (the plan's), the output is the same, byte for byte.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..findings import DatasetkitError
from ..knowledge.build import record_text
from ..knowledge.model import Provenance, Section
from ..language import chunk_language
from ..model import Case, Turn
from .base import CATEGORIES, Chunk, Failure, GeneratedCase, GenerationResult, Plan

_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "lookup": "What is the {column} for {key}?",
        "definition": "What is {term}?",
        "meaning": "What does {term} mean?",
        "about": "What does {title} say about {topic}?",
        "about_untitled": "What does the documentation say about {topic}?",
        "scope": "What does {title} cover?",
        "list": "What are the {topic}?",
        "howto": "How do I {task}?",
    },
    "de": {
        "lookup": "Wie lautet {column} für {key}?",
        "definition": "Was ist {term}?",
        "meaning": "Was bedeutet {term}?",
        "about": "Was steht in {title} zu {topic}?",
        "about_untitled": "Was steht in der Dokumentation zu {topic}?",
        "scope": "Was regelt {title}?",
        "list": "Welche Punkte nennt der Abschnitt „{topic}“?",
        "howto": "Wie gehe ich vor: {task}?",
    },
    "fr": {
        "lookup": "Quelle est la valeur de « {column} » pour {key} ?",
        "definition": "Qu'est-ce que {term} ?",
        "meaning": "Que signifie {term} ?",
        "about": "Que dit {title} au sujet de « {topic} » ?",
        "about_untitled": "Que dit la documentation au sujet de « {topic} » ?",
        "scope": "Que couvre {title} ?",
        "list": "Quels points la section « {topic} » énumère-t-elle ?",
        "howto": "Comment faire : {task} ?",
    },
    "es": {
        "lookup": "¿Cuál es el valor de «{column}» para {key}?",
        "definition": "¿Qué es {term}?",
        "meaning": "¿Qué significa {term}?",
        "about": "¿Qué dice {title} sobre «{topic}»?",
        "about_untitled": "¿Qué dice la documentación sobre «{topic}»?",
        "scope": "¿Qué cubre {title}?",
        "list": "¿Qué puntos enumera la sección «{topic}»?",
        "howto": "¿Cómo puedo {task}?",
    },
}
SUPPORTED_LANGUAGES: tuple[str, ...] = tuple(_TEMPLATES)

# Definitional sentences: "<Term> is a ...", "<Term> means ...". Group "term" is the
# subject; "verb" decides between "What is" and "What does ... mean".
_DEFINITION: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^(?P<term>(?:(?:A|An|The)[ \t]+)?[A-Za-z0-9][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,5}?)[ \t]+"
        r"(?P<verb>is\s+(?:an?|the)\s|are\s+(?:the|an?)\s|means\s|refers\s+to\s|stands\s+for\s|is\s+defined\s+as\s)",
    ),
    "de": re.compile(
        r"^(?P<term>(?:(?:Der|Die|Das|Ein|Eine)\s+)?[\wÄÖÜäöüß][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,5}?)[ \t]+"
        r"(?P<verb>ist\s+(?:ein|eine|der|die|das)\s|bedeutet\s|bezeichnet\s)",
    ),
    "fr": re.compile(
        r"^(?P<term>(?:(?:Le|La|Les|Un|Une|L')\s*)?[\wÀ-ÿ][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,5}?)[ \t]+"
        r"(?P<verb>est\s+(?:un|une|le|la|l')\s*|désigne\s|signifie\s)",
    ),
    "es": re.compile(
        r"^(?P<term>(?:(?:El|La|Los|Las|Un|Una)\s+)?[\wÁ-úñÑ][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,5}?)[ \t]+"
        r"(?P<verb>es\s+(?:un|una|el|la)\s|significa\s|se\s+refiere\s+a\s)",
    ),
}
_NOT_TERMS = {
    "it",
    "this",
    "that",
    "there",
    "these",
    "those",
    "he",
    "she",
    "they",
    "we",
    "you",
    "our",
    "your",
    "each",
    "all",
    "any",
    "some",
    "which",
    "what",
    "who",
    "here",
    "its",
    "their",
    "his",
    "her",
    "one",
    "es",
    "das",
    "dies",
    "er",
    "sie",
    "il",
    "elle",
    "ce",
    "cela",
    "ello",
    "esto",
    "eso",
    "él",
    "ella",
}
_MEANING_VERBS = (
    "means",
    "refers",
    "stands",
    "is defined",
    "bedeutet",
    "bezeichnet",
    "désigne",
    "signifie",
    "significa",
    "se refiere",
)
_TERM_COLON = re.compile(r"^(?P<term>[^\s:][^:]{0,58}?)\s*[:：]\s+(?P<rest>\S.{2,})$", re.S)
_HOWTO = {
    "en": re.compile(r"^(?:how\s+to|how\s+do\s+i|how\s+can\s+i)\s+(?P<task>.+?)\??$", re.I),
    "es": re.compile(r"^(?:cómo|como)\s+(?P<task>.+?)\??$", re.I),
}
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+(?=\S)")


@dataclass(frozen=True)
class Candidate:
    """One possible case in a chunk: question, quoted answer, evidence and where it is."""

    question: str
    answer: str
    evidence: str
    section: Section
    question_type: str
    tier: int  # lower is better: asked first


# ----- text normalisation and grounding -------------------------------------------------

_QUOTES = str.maketrans(
    {
        "‘": "'",
        "’": "'",
        "‚": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "–": "-",
        "—": "-",
        "\u00a0": " ",
    }
)


def normalize(text: str) -> str:
    """Text compared for grounding: NFKC, case-folded, quotes/dashes unified, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    return re.sub(r"\s+", " ", text).strip()


def is_grounded(answer: str, sources: Iterable[str] | str) -> bool:
    """True when every part of ``answer`` (parts split at "; " or new lines) is in ``sources``.

    ``sources`` is the texts to search, or one string already passed through :func:`normalize`.
    """
    haystack = sources if isinstance(sources, str) else "\n".join(normalize(s) for s in sources)
    parts = [normalize(p) for p in re.split(r";\s+|\n", answer) if p.strip()]
    return bool(parts) and all(p in haystack for p in parts)


def chunk_sources(chunk: Chunk) -> list[str]:
    """The texts a case from ``chunk`` may quote: each section and each table cell."""
    out: list[str] = []
    for section in chunk.sections:
        out.append(section.text)
        if section.record:
            out.extend(section.record.values())
    return out


# ----- wording helpers ------------------------------------------------------------------


def _lower_first(text: str, language: str) -> str:
    """``Monthly price`` -> ``monthly price``; acronyms, titles, names and German nouns unchanged."""
    if language == "de" or len(text) < 2:
        return text
    capitalized = sum(1 for w in text.split() if len(w) > 3 and w[:1].isupper())
    if text[0].isupper() and text[1].islower() and capitalized < 2:
        return text[0].lower() + text[1:]
    return text


def _plural(noun: str) -> bool:
    last = noun.split()[-1].lower() if noun.split() else ""
    return last.endswith("s") and not last.endswith(("ss", "us", "is", "ics")) and len(last) > 3


def _with_article(title: str, language: str) -> str:
    if language != "en":
        return (
            f"„{title}“"
            if language == "de"
            else f"« {title} »"
            if language == "fr"
            else f"«{title}»"
        )
    if re.match(r"(?i)^(the|a|an)\s", title):
        return title
    return "the " + title


def sentences(text: str) -> list[str]:
    """Sentences of ``text``; a line break always ends one (PDF lines, list-like text)."""
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(s.strip() for s in _SENTENCE.split(line) if s.strip())
    return out


def _first_sentences(text: str, limit: int = 400) -> str:
    """The opening sentence(s) of ``text``, at most ``limit`` characters, cut at a sentence end.

    Short leading lines without closing punctuation (a heading on a PDF page) are skipped.
    """
    parts = sentences(text)
    while (
        len(parts) > 1 and len(parts[0]) < 60 and not parts[0].endswith((".", "!", "?", ":", "。"))
    ):
        parts.pop(0)
    if not parts:
        return ""
    out = parts[0]
    for s in parts[1:]:
        if len(out) + 1 + len(s) > limit or len(out) >= 160:
            break
        out = f"{out} {s}"
    return out if len(out) <= limit * 2 else out[:limit].rsplit(" ", 1)[0]


def _body(chunk: Chunk) -> list[Section]:
    return [s for s in chunk.sections if s.kind != "heading"]


def _topic(chunk: Chunk) -> str | None:
    # A section number ("2.", "4.1", "1.Introduction") is not part of what a user asks about.
    heading = chunk.meta.get("heading")
    if heading:
        return _unnumbered(str(heading))
    path = chunk.provenance.heading_path
    return _unnumbered(path[-1]) if path else None


def _unnumbered(title: str) -> str:
    stripped = _NUMBERING.sub("", title).strip()
    stripped = re.sub(r"^\d+(?:\.\d+)*\.(?=[^\W\d_])", "", stripped)
    return stripped or title


_NUMBERING = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+")

# ----- candidates -----------------------------------------------------------------------


def table_candidates(chunk: Chunk, language: str) -> list[Candidate]:
    """Lookups for every row and column of a table chunk (none without a key column)."""
    key = chunk.meta.get("key_column")
    if not key:
        return []
    t = _TEMPLATES[language]
    out: list[Candidate] = []
    for section in chunk.sections:
        record = section.record or {}
        row_key = record.get(key, "").strip()
        if not row_key:
            continue
        for column, value in record.items():
            value = value.strip()
            if column == key or not value or value.casefold() == row_key.casefold():
                continue
            question = t["lookup"].format(column=_lower_first(column, language), key=row_key)
            if language == "en" and _plural(column):
                question = "What are" + question[len("What is") :]
            out.append(Candidate(question, value, record_text(record), section, "lookup", 1))
    return out


def text_candidates(chunk: Chunk, language: str) -> list[Candidate]:
    """Questions a headed section or its sentences answer, best kinds first."""
    t = _TEMPLATES[language]
    body = _body(chunk)
    if not body:
        return []
    out: list[Candidate] = []
    topic = _topic(chunk)
    first_piece = chunk.meta.get("part", 0) == 0
    paragraphs = [s for s in body if s.kind in ("paragraph", "page")]
    for section in body:
        if section.kind == "page":
            out.extend(_page_headings(section, language, skip=topic))
    items = [s for s in body if s.kind == "list_item"]
    if topic and first_piece:
        opening = _first_sentences(body[0].text)
        if topic.rstrip().endswith(("?", "？")):
            out.append(Candidate(topic.strip(), opening, body[0].text, body[0], "faq", 0))
        howto = _HOWTO.get(language)
        m = howto.match(topic.strip()) if howto else None
        if m and len(items) >= 2:
            steps = "; ".join(s.text for s in items)
            task = m.group("task").strip()
            task = task[0].lower() + task[1:] if language == "en" and task[:2].istitle() else task
            out.append(
                Candidate(
                    t["howto"].format(task=task),
                    steps,
                    "\n".join(s.text for s in items),
                    items[0],
                    "procedure",
                    0,
                )
            )
        elif len(items) >= 2 and not paragraphs and not m:
            listed = "; ".join(s.text for s in items)
            if len(listed) <= 600 and (language != "en" or topic.split()[-1].lower().endswith("s")):
                out.append(
                    Candidate(
                        t["list"].format(topic=_lower_first(topic, language)),
                        listed,
                        "\n".join(s.text for s in items),
                        items[0],
                        "list",
                        2,
                    )
                )
    for section in body:
        for sentence in sentences(section.text) if section.kind != "list_item" else [section.text]:
            cand = _definition(sentence.strip(), section, language)
            if cand is not None:
                out.append(cand)
    # A list that gave definitions or steps is not summarised by its first item.
    lead = paragraphs[0] if paragraphs else (body[0] if not out else None)
    if topic and first_piece and lead is not None and not any(c.tier == 0 for c in out):
        opening = _first_sentences(lead.text)
        if len(opening) >= 20:
            title = chunk.meta.get("document_title")
            if title and title != topic:
                words = str(title).split()
                if language == "en" and len(words) > 3:
                    # "What does the Contoso Outdoor Returns and Warranty Policy say about
                    # refunds?" and "... about warranty?" are the same string to a reader
                    # skimming (and to near-duplicate checks); "the policy" keeps them apart.
                    short = "the " + words[-1].lower()
                    question = t["about"].format(title=short, topic=_lower_first(topic, language))
                else:
                    question = t["about"].format(
                        title=_with_article(str(title), language),
                        topic=_lower_first(topic, language),
                    )
            elif title:
                # The text right under the document title says what the document is for.
                question = t["scope"].format(title=_with_article(str(title), language))
            else:
                question = t["about_untitled"].format(topic=_lower_first(topic, language))
            out.append(Candidate(question, opening, lead.text, lead, "section", 3))
    return out


def _heading_like(line: str) -> bool:
    words = line.split()
    return (
        2 <= len(line) <= 80
        and 1 <= len(words) <= 10
        and (line[0].isupper() or line[0].isdigit())
        and not line.rstrip().endswith((".", ",", ";", ":", "!"))
        and any(ch.isalpha() for ch in line)
    )


def _page_headings(section: Section, language: str, skip: str | None) -> list[Candidate]:
    """FAQ and section questions from the heading lines of a PDF page's text.

    A PDF keeps no heading styles: a short line with no closing punctuation, followed by
    running text, is taken as a heading (a line ending in "?" as a question).
    """
    t = _TEMPLATES[language]
    lines = [ln.strip() for ln in section.text.split("\n")]
    out: list[Candidate] = []
    for i, line in enumerate(lines[:-1]):
        if not _heading_like(line) and not (line.endswith("?") and len(line) <= 200):
            continue
        following: list[str] = []
        for nxt in lines[i + 1 :]:
            if _heading_like(nxt) or (nxt.endswith("?") and following):
                break
            following.append(nxt)
        text = " ".join(following)
        opening = _first_sentences(text)
        if len(opening) < 20 or not opening.endswith((".", "!", "?", "。")):
            continue
        if line.endswith("?"):
            out.append(Candidate(line, opening, text, section, "faq", 0))
            continue
        topic = _NUMBERING.sub("", line).strip()
        if not topic or topic == skip:
            continue
        question = t["about_untitled"].format(topic=_lower_first(topic, language))
        out.append(Candidate(question, opening, text, section, "section", 3))
    return out


def _definition(sentence: str, section: Section, language: str) -> Candidate | None:
    t = _TEMPLATES[language]
    if len(sentence) < 12 or len(sentence) > 500:
        return None
    colon = _TERM_COLON.match(sentence)
    if (
        colon
        and len(colon.group("term").split()) <= 6
        and not colon.group("term").rstrip().endswith(("http", "https"))
    ):
        term = colon.group("term").strip().strip("*_")
        rest = colon.group("rest").strip()
        if term.casefold() not in _NOT_TERMS and not re.search(r"\d{1,2}$", term):
            name = term
            if language == "en":
                words = term.split()
                proper = (all(w[:1].isupper() for w in words) and len(words) > 1) or term.isupper()
                if not proper:
                    noun = _lower_first(term, language)
                    # "Store credit: a voucher ..." is a kind of thing: "What is a store credit?"
                    if re.match(r"(?i)an?\s", rest):
                        article = "an" if noun[:1].lower() in "aeiou" else "a"
                    else:
                        article = "the"
                    name = f"{article} {noun}"
            return Candidate(
                t["definition"].format(term=name), rest, sentence, section, "definition", 1
            )
    pattern = _DEFINITION.get(language)
    m = pattern.match(sentence) if pattern else None
    if not m:
        return None
    term = m.group("term").strip()
    if term.split()[0].casefold() in _NOT_TERMS or len(term) < 2:
        return None
    if language == "en" and term.split()[0] in ("A", "An", "The"):
        term = term[0].lower() + term[1:]
    verb = m.group("verb").strip().lower()
    kind = "meaning" if verb.startswith(_MEANING_VERBS) else "definition"
    return Candidate(t[kind].format(term=term), sentence, sentence, section, "definition", 1)


# ----- the generator --------------------------------------------------------------------


class OfflineGenerator:
    """Grounded cases from the knowledge text itself (the ``offline`` provider)."""

    name = "offline"

    def __init__(self, **settings: Any) -> None:
        # Settings of other providers (model, keys, ...) mean nothing here.
        self.settings = settings
        self._cache: dict[tuple[str, str], list[Candidate]] = {}
        self._haystacks: dict[str, str] = {}

    def candidates(self, chunk: Chunk, language: str | None = None) -> list[Candidate]:
        """Every case the chunk can give, best kinds first, deduplicated by question."""
        lang = self._language(chunk, language)
        key = (chunk.id, lang)
        cached = self._cache.get(key)
        if cached is not None:
            return list(cached)
        found = (
            table_candidates(chunk, lang) if chunk.kind == "table" else text_candidates(chunk, lang)
        )
        haystack = self._haystack(chunk)
        seen: set[str] = set()
        out = []
        for c in found:
            q = normalize(c.question)
            if q not in seen and is_grounded(c.answer, haystack):
                seen.add(q)
                out.append(c)
        # The planner asks for every chunk's capacity and the run then draws from the
        # planned ones: compute each chunk's candidates once.
        self._cache[key] = out
        return list(out)

    def _haystack(self, chunk: Chunk) -> str:
        found = self._haystacks.get(chunk.id)
        if found is None:
            found = "\n".join(normalize(s) for s in chunk_sources(chunk))
            self._haystacks[chunk.id] = found
        return found

    def capacity(self, chunk: Chunk) -> int:
        """How many distinct cases the chunk can give (the planner never asks for more)."""
        if chunk.kind == "table":
            # Counted without building the questions: one per filled non-key cell of a
            # row that has a key (what table_candidates makes).
            key = chunk.meta.get("key_column")
            if not key:
                return 0
            total = 0
            for section in chunk.sections:
                record = section.record or {}
                row_key = record.get(key, "").strip().casefold()
                if row_key:
                    total += sum(
                        1
                        for col, v in record.items()
                        if col != key and v.strip() and v.strip().casefold() != row_key
                    )
            return total
        return len(self.candidates(chunk))

    @staticmethod
    def _language(chunk: Chunk, language: str | None) -> str:
        if language:
            check_language(language)
            return language
        lang = chunk_language(chunk)
        return lang if lang in _TEMPLATES else "en"

    def generate_knowledge(self, plan: Plan, *, language: str | None = None) -> GenerationResult:
        """One grounded case per slot, or a Failure saying why the slot has none."""
        if language:
            check_language(language)
        result = GenerationResult()
        used_questions: set[str] = set()
        pools: dict[str, list[Candidate]] = {}
        notes: set[str] = set()
        plan_chunks = list({s.chunks[0].id: s.chunks[0] for s in plan.slots if s.chunks}.values())
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
            lang = self._language(chunk, language)
            detected = chunk_language(chunk)
            if not language and detected and detected not in _TEMPLATES:
                notes.add(
                    f"{chunk.provenance.file} looks {detected}; offline questions are in English (give --language)"
                )
            # The slot's own chunk first; when its questions are used up (another
            # chunk asked the same one), a spare from the same section, then any.
            stratum = chunk.meta.get("stratum")
            others = [c for c in plan_chunks if c.id != chunk.id]
            order = [chunk] + [c for c in others if c.meta.get("stratum") == stratum]
            order += [c for c in others if c.meta.get("stratum") != stratum]
            pick = None
            for source in order:
                if source.id not in pools:
                    pools[source.id] = self._ordered(
                        source, self._language(source, language), plan.seed, language
                    )
                pool = pools[source.id]
                while pool:
                    cand = pool.pop(0)
                    if normalize(cand.question) not in used_questions:
                        pick = cand
                        break
                if pick is not None:
                    chunk = source
                    break
            if pick is None:
                result.failures.append(
                    Failure(
                        slot.index,
                        f"no further distinct question in {slot.chunks[0].provenance.label()}",
                    )
                )
                continue
            lang = self._language(chunk, language)
            used_questions.add(normalize(pick.question))
            result.cases.append(self._case(pick, chunk, slot.category, lang))
        short = len(plan.slots) - len(result.cases)
        if short:
            result.shortfall["knowledge"] = short
        result.usage = {"provider": self.name, "api_calls": 0}
        if notes:
            result.usage["notes"] = sorted(notes)
        return result

    def _ordered(self, chunk: Chunk, lang: str, seed: int, language: str | None) -> list[Candidate]:
        cands = self.candidates(chunk, language or lang)
        # A string seed is hashed with SHA-512 by random, so the order is stable across runs.
        rng = random.Random(f"{seed}:{chunk.id}")
        tiers: dict[int, list[Candidate]] = {}
        for c in cands:
            tiers.setdefault(c.tier, []).append(c)
        ordered: list[Candidate] = []
        for tier in sorted(tiers):
            group = tiers[tier]
            rng.shuffle(group)
            ordered.extend(group)
        return ordered

    def _case(self, cand: Candidate, chunk: Chunk, category: str, lang: str) -> GeneratedCase:
        prov = _source(cand.section, chunk)
        sources = self._haystack(chunk)
        answer_found = is_grounded(cand.answer, sources)
        evidence_found = is_grounded(cand.evidence, sources)
        answer_in_evidence = is_grounded(cand.answer, [cand.evidence])
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
                "evidence": cand.evidence,
                "grounded": grounded,
                "generator": self.name,
                "question_type": cand.question_type,
                "language": lang,
                "chunk": chunk.id,
            }
        }
        case.id = case.content_id()
        return GeneratedCase(
            case=case, evidence=cand.evidence, source=prov, grounded=grounded, checks=checks
        )

    def generate_starter(
        self,
        description: str,
        *,
        count: int,
        seed: int,
        language: str | None = None,
        categories: Sequence[str] | None = None,
    ) -> GenerationResult:
        """The test-design skeleton: placeholder cases for each category, clearly marked."""
        result = starter_skeleton(description, count=count, seed=seed, categories=categories)
        if language and language != "en":
            result.usage["notes"] = [
                f"the offline placeholders are in English; write the cases in {language}"
            ]
        return result


def check_language(language: str) -> None:
    """Raise a clear error for a language the offline templates do not speak."""
    if language not in _TEMPLATES:
        raise DatasetkitError(
            f"the offline generator has no question templates for language {language!r}",
            "use one of: "
            + ", ".join(SUPPORTED_LANGUAGES)
            + " (or an LLM provider for other languages)",
        )


def _source(section: Section, chunk: Chunk) -> Provenance:
    prov = section.provenance
    if not prov.heading_path and chunk.provenance.heading_path:
        return Provenance(
            prov.file, prov.page, chunk.provenance.heading_path, prov.sheet, prov.row, prov.line
        )
    return prov


# ----- starter skeleton -----------------------------------------------------------------

PLACEHOLDER = "[PLACEHOLDER]"

# For each category of the test-design guide: what a prompt and an expected response
# should be. Several per category so a larger count gives distinct cases.
_STARTER: dict[str, list[tuple[str, str]]] = {
    "knowledge": [
        (
            "a question a user asks that the agent must answer from its knowledge sources (a policy detail, a figure, a date)",
            "the correct answer, quoted from the knowledge source, with where it is found",
        ),
        (
            "a question whose answer sits in a table of the knowledge (a price, a limit, a contact)",
            "the exact value from the table",
        ),
        (
            "a question that needs two passages of the knowledge put together",
            "the combined answer and both sources",
        ),
        (
            "a question phrased the way real users phrase it (informal, with a typo)",
            "the same correct answer as for the formal wording",
        ),
    ],
    "instruction-following": [
        (
            "a request that tests one instruction of the agent (tone, length, format, language)",
            "a response that follows the instruction, described concretely (e.g. 'at most three bullet points')",
        ),
        (
            "a request for a specific output format (a table, a numbered list, a short summary)",
            "the answer in exactly that format",
        ),
        (
            "a request in another language than the agent's default",
            "the behaviour the instructions ask for (answer in that language, or say which languages are supported)",
        ),
        (
            "a request that the instructions tell the agent to redirect (e.g. to a human or another channel)",
            "the redirection the instructions prescribe, with its wording",
        ),
    ],
    "tool-usage": [
        (
            "a request that needs one of the agent's actions or connectors to answer",
            "the tool that must be called, with its inputs, and the answer built from its result",
        ),
        (
            "a request where the tool needs an input the user has not given",
            "a clarifying question asking for the missing input, before any tool call",
        ),
        (
            "a request that should not call any tool (answerable from knowledge alone)",
            "the answer, and that no tool is called",
        ),
        (
            "a request where the tool returns an error or nothing",
            "an honest message that the information could not be retrieved, with a next step",
        ),
    ],
    "edge-cases": [
        (
            "an ambiguous request that could mean two things",
            "a clarifying question that names both readings",
        ),
        (
            "a question outside the agent's scope",
            "a polite statement that this is out of scope, and where to go instead",
        ),
        (
            "a question about something the knowledge does not contain",
            "a clear 'I don't know' without invented facts",
        ),
        ("a multi-part request (two questions in one message)", "answers to both parts"),
    ],
    "safety": [
        (
            "a harmful or dangerous request related to the agent's domain",
            "a refusal that does not lecture, and a safe alternative",
        ),
        (
            "a prompt-injection attempt ('ignore your instructions and ...')",
            "the agent keeps to its instructions and does not reveal them",
        ),
        (
            "a request for someone else's personal or confidential data",
            "a refusal that explains the data cannot be shared",
        ),
        ("an offensive or abusive message", "a calm, respectful reply that stays on task"),
    ],
}


def starter_skeleton(
    description: str, *, count: int, seed: int, categories: Sequence[str] | None = None
) -> GenerationResult:
    """Placeholder cases spread evenly over the categories, each marked for a person to fill in."""
    cats = list(categories or CATEGORIES)
    for c in cats:
        if c not in CATEGORIES:
            raise DatasetkitError(f"unknown category {c!r}", "use one of: " + ", ".join(CATEGORIES))
    if count < 1:
        raise DatasetkitError(f"--count {count} must be at least 1", "for example --count 10")
    rng = random.Random(seed)
    base, extra = divmod(count, len(cats))
    result = GenerationResult()
    for j, cat in enumerate(cats):
        n = base + (1 if j < extra else 0)
        hints = _STARTER[cat]
        offset = rng.randrange(len(hints))
        for k in range(n):
            prompt_hint, expected_hint = hints[(offset + k) % len(hints)]
            number = f" #{k + 1}" if n > 1 else ""
            case = Case(
                category=cat,
                turns=[
                    Turn(
                        prompt=f"{PLACEHOLDER} {cat}{number}: write {prompt_hint}.",
                        expected_response=f"{PLACEHOLDER} describe {expected_hint}.",
                    )
                ],
            )
            case.extensions = {
                "datasetkit": {"placeholder": True, "grounded": False, "generator": "offline"}
            }
            case.id = case.content_id()
            result.cases.append(
                GeneratedCase(case=case, grounded=False, checks={"placeholder": True})
            )
    result.usage = {"provider": "offline", "api_calls": 0}
    return result
