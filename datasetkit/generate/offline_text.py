"""Cases from text: FAQ headings, procedures, whole lists, definitions and sentence facts.

* a heading that is a question (or one in all but punctuation) is asked, answered by
  the text under it (with the whole list its opening sentence introduces);
* "How to ..." headings, or numbered steps under a task heading, become "How do I ...?",
  answered by every step;
* a list is asked as a whole ("What does PerksPlus cover?", "What must employees do
  upon separation?"), answered by all its items;
* definitions ("A per diem is a ...", "Term: explanation") become "What is <term>?";
* single sentences give rules, limits, deadlines, contacts and yes/no questions
  (offline_facts), so prose without headings still gives cases;
* only a section that gives nothing else is asked about as a whole, by the document's
  name ("What does the Employee Handbook say about ...?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..knowledge.model import Section
from .base import Chunk
from .offline_asks import Fact
from .offline_base import Candidate, DocContext
from .offline_clauses import parse, plural_subject, verb_base
from .offline_definitions import definition
from .offline_facts import is_fluff, sentence_fact
from .offline_membership import membership_candidates
from .offline_naming import about_question, anchored, change_candidate, key_result
from .offline_templates import TEMPLATES
from .offline_words import (
    first_person,
    heading_question,
    is_plural,
    lower_words,
    normalize,
    sentences,
    singular_of,
    topic_of,
    unnumbered,
)

_HOWTO = {
    "en": re.compile(r"^(?:how\s+to|how\s+do\s+i|how\s+can\s+i)\s+(?P<task>.+?)\??$", re.I),
    "es": re.compile(r"^(?:cómo|como)\s+(?P<task>.+?)\??$", re.I),
}
_GENERIC_TOPICS = {
    "overview",
    "introduction",
    "purpose",
    "conclusion",
    "summary",
    "next steps",
    "tips",
    "notes",
    "note",
    "general",
    "background",
    "other information",
    "additional information",
    "miscellaneous",
    "details",
    "acknowledgment",
    "acknowledgement",
}
_INTRO_MODAL = re.compile(
    r"^(?P<subject>.+?)\s+(?P<modal>must not|must|should not|should|may not|are expected to|"
    r"is expected to|are required to|is required to|need to|agree to)$"
)
_INTRO_NOISE = re.compile(
    r",?\s*(?:including(?: but not limited to)?|such as|as follows|the following|below)\s*$", re.I
)


@dataclass
class ListRun:
    """Consecutive list items, with the sentence that introduces them (ending in ":")."""

    intro: Section | None
    items: list[Section]
    # The nearest "Reporting Procedures:" line above the list: a heading in all but form.
    label: str | None = None


_LABEL_LINE = re.compile(r"^(?P<label>[A-Z][\w&/ -]{2,40}):$")


def _runs(body: Sequence[Section]) -> list[ListRun]:
    runs: list[ListRun] = []
    prev: Section | None = None
    label: str | None = None
    for s in body:
        found = _LABEL_LINE.match(s.text.strip()) if s.kind != "list_item" else None
        if found and len(found.group("label").split()) <= 4:
            label = found.group("label")
        if s.kind == "list_item":
            if prev is not None and prev.kind == "list_item":
                runs[-1].items.append(s)
            else:
                intro = prev if prev is not None and prev.text.rstrip().endswith(":") else None
                runs.append(ListRun(intro, [s], label))
        prev = s
    return runs


def _items_answer(items: Sequence[Section]) -> str:
    # Markdown emphasis a loader kept ("**Objective 1: ...**") is not part of the answer.
    # An item a PDF repeats (a page printed twice) is said once.
    said = dict.fromkeys(s.text.strip().strip("*_").strip() for s in items)
    return "\n".join(said)


def _opening(text: str, limit: int = 400, key: str | None = None) -> str:
    """The first sentences of ``text`` that say something (tone-setting ones skipped).

    With ``key`` (the heading's head noun, "mission"), the answer starts at the first
    sentence that names it when the opening does not ("Our mission is to ...").
    """
    # "IMPORTANT PLAN INFORMATION: ..." - a running label the PDF printed, not an answer.
    text = re.sub(r"^[A-Z][A-Z0-9 &,'’/-]{6,}:\s*", "", text.strip())
    out = ""
    if key and len(text) > 480:
        said = sentences(text)
        named = [i for i, x in enumerate(said) if re.search(rf"(?i)\b{re.escape(key)}", x)]
        if named and named[0] >= 2:
            # The sentence that names the heading's subject is the answer, whatever its tone.
            out, text = said[named[0]], " ".join(said[named[0] + 1 :])
            if len(out) >= 60:
                return out
    # A short paragraph (a policy's three sentences) is the answer whole: its last
    # sentence is often the rule ("Weapons on Company premises are strictly prohibited").
    whole = len(text) <= 480
    for s in sentences(text):
        if not s.endswith((".", "!", "?", ")", "。")):
            if out:
                break
            continue  # a heading-like line, or an introduction ending in ":"
        if not out and (is_fluff(s) or len(s) < 20):
            continue
        if out and len(out) + 1 + len(s) > (480 if whole else limit):
            break
        out = f"{out} {s}".strip()
        if len(out) >= 160 and not whole:
            break
    return out


def _section_answer(body: Sequence[Section], runs: Sequence[ListRun]) -> tuple[str, str]:
    """What answers the heading of a section: its opening, and the list it introduces."""
    first = body[0]
    if first.kind == "list_item":
        run = next(r for r in runs if r.items[0] is first)
        return _items_answer(run.items), _items_answer(run.items)
    for run in runs:
        if run.intro is first:
            text = first.text.strip() + "\n" + _items_answer(run.items)
            return text, text
    # An introduction followed by the rules it introduces: the rules are the answer too.
    for run in runs:
        nxt = body[1] if len(body) > 1 else None
        if nxt is not None and (run.intro is nxt or run.items[0] is nxt) and len(run.items) >= 2:
            lead = _opening(first.text) or first.text.strip()[:400]
            intro = run.intro.text.strip() + "\n" if run.intro is nxt and run.intro else ""
            text = f"{lead}\n{intro}{_items_answer(run.items)}"
            if len(text) <= 1500:
                return text, f"{first.text}\n{intro}{_items_answer(run.items)}"
    return _opening(first.text) or first.text.strip()[:400], first.text


def _gerund_task(topic: str, ctx: DocContext) -> str | None:
    """``filing a claim`` -> ``file a claim`` (the document's own words decide the stem)."""
    words = topic.split()
    first = words[0].lower() if words else ""
    if not first.endswith("ing") or len(first) < 6 or len(words) < 2:
        return None
    stem = first[:-3]
    for option in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""):
        if option and ctx.words.common(option):
            return " ".join([option, *words[1:]])
    return None


def _asked_heading(
    title: str, topic: str, has_steps: bool, lang: str, ctx: DocContext
) -> str | None:
    """The question a heading asks: as written, made a question, or a task with steps."""
    if lang == "en":
        asked = heading_question(title, ctx.words)
        if asked is None and has_steps:
            task = _gerund_task(topic, ctx)
            asked = f"How do I {first_person(task)}?" if task else None
    else:
        howto = _HOWTO.get(lang)
        m = howto.match(title) if howto and has_steps else None
        asked = TEMPLATES[lang]["howto"].format(task=m.group("task").strip()) if m else None
    if asked is None and title.endswith(("?", "？")):
        asked = title if not title.isupper() else lower_words(title, ctx.words).capitalize()
    return asked


def _heading_cases(
    heading: str,
    topic: str,
    body: Sequence[Section],
    runs: Sequence[ListRun],
    lang: str,
    ctx: DocContext,
) -> list[Candidate]:
    title = unnumbered(heading).strip()
    steps = runs[0] if runs and runs[0].items[0] in body[:2] and len(runs[0].items) >= 2 else None
    asked = _asked_heading(title, topic, steps is not None, lang, ctx)
    task = asked is not None and (
        asked.startswith(("How do I", "How can I")) or (lang != "en" and not title.endswith("?"))
    )
    if asked is not None and steps is not None and task:
        answer = _items_answer(steps.items)
        return [Candidate(asked, answer, answer, steps.items[0], "procedure", -1)]
    if asked is not None:
        answer, evidence = _section_answer(body, runs)
        if len(answer) >= 15:
            return [Candidate(asked, answer, evidence, body[0], "faq", -1)]
    ordered = steps is not None and all(s.marker and s.marker[:1].isdigit() for s in steps.items)
    # Steps are sentences ("Submit the form."), not names or "Term: ..." entries.
    sentence_like = steps is not None and all(
        s.text.rstrip().endswith((".", "!")) and len(s.text.split()) >= 3 and ":" not in s.text[:40]
        for s in steps.items
    )
    if ordered and steps is not None and sentence_like and topic.lower() not in _GENERIC_TOPICS:
        answer = _items_answer(steps.items)
        question = TEMPLATES[lang]["steps"].format(topic=topic)
        if lang == "en" and _ADVICE.match(topic):
            if _NO_SUBJECT_ADVICE.match(topic):
                return []  # "Tips for employees": a heading repeated under every benefit
            question = f"What are the {topic}?"  # not "What are the steps for tips for ...?"
        return [Candidate(question, answer, answer, steps.items[0], "procedure", -1)]
    return []


def _intro_question(intro: str, topic: str | None, ctx: DocContext) -> str | None:
    """``Employees must:`` -> ``What must employees do?``; ``PerksPlus covers ...:`` ->
    ``What does PerksPlus cover?``; ``Company Values:`` -> ``What are the company values?``."""
    said = sentences(intro.strip())
    text = _INTRO_NOISE.sub("", said[-1].rstrip(":").strip() if said else "").strip()
    if not text:
        return None
    label = not re.match(r"(?i)(?:our|we|this|these|it|they|the following|some|the)\b", text)
    if (
        label
        and len(text.split()) <= 4
        and not re.search(r"\b(?:is|are|must|should|will|can|includes?)\b", text)
    ):
        noun = lower_words(unnumbered(text), ctx.words)
        if _NO_SUBJECT_ADVICE.match(noun):
            return None  # "Tips for Employees:" under one benefit of many
        return f"What are the {noun}?" if is_plural(noun) else None
    m = _INTRO_MODAL.match(text)
    if m:
        subject, lead = m.group("subject"), ""
        if ", " in subject:
            lead, subject = subject.rsplit(", ", 1)
        if not subject[:1].isupper() and not lead:
            return None
        if subject.split()[0].lower() in ("we", "our", "it", "this", "they"):
            return None
        subject = "I" if subject.lower() == "you" else lower_words(subject, ctx.words)
        modal = m.group("modal")
        verb, extra = {
            "must not": ("must", " not"),
            "should not": ("should", " not"),
            "may not": ("must", " not"),
            "need to": ("must", ""),
            "agree to": ("must", ""),
        }.get(modal, (modal, ""))
        if verb.endswith("to"):
            be, part = verb.split(" ", 1)
            opening = f"What {be} {subject} {part} do"
        else:
            opening = f"What {verb} {subject}{extra} do"
        if lead:
            opening += " " + lower_words(lead[:1].lower() + lead[1:], ctx.words)
        elif topic and not {w.casefold() for w in re.findall(r"\w{4,}", topic)} & {
            w.casefold() for w in re.findall(r"\w{4,}", subject)
        }:
            opening += f" about {topic}"  # never "social media activity ... about social media"
        return first_person(opening) + "?"
    own = re.match(
        r"(?i)^(?:our|this|the|these)\s+(?P<noun>\w+)\s+(?P<verb>includes?|covers?|offers?|provides?)$",
        text,
    )
    if (
        own
        and topic
        and topic.split()[-1].lower().rstrip("s") == own.group("noun").lower().rstrip("s")
    ):
        # "Our program includes:" under "Contoso Electronics' Workplace Safety Program"
        verb = verb_base(own.group("verb").lower())
        do = "do" if is_plural(own.group("noun")) else "does"
        return f"What {do} {lower_words(topic, ctx.words)} {verb}?"
    c = parse(
        text
        + (
            " them."
            if re.search(r"\b(?:include|includes|cover|covers|offer|offers)$", text)
            else "."
        ),
        ctx.words,
        topic,
        vague_ok=ctx.name or "",
    )
    if c is None or c.kind != "verb" or c.negative:
        return None
    if c.verb in ("include", "includes"):
        return first_person(f"What are {c.subject}?")
    do = "do" if plural_subject(c.subject) else "does"
    return first_person(f"What {do} {c.subject} {verb_base(c.verb)}?")


_ADVICE = re.compile(
    r"(?i)^(?:tips|guidelines|ways|best practices|recommendations|suggestions|rules|dos)\b"
)
_NO_SUBJECT_ADVICE = re.compile(
    r"(?i)^(?:tips|advice|guidelines)(?: for (?:employees|members|you|staff|everyone))?$"
)
_ADVICE_ITEM = re.compile(
    r"(?i)^(?:make sure|be sure|don[’']t|do not|be |remember|consider|try|keep|ask|talk|take|"
    r"avoid|stay|get|eat|drink|exercise|plan|check)\b"
)
_ASKS_ADVICE = re.compile(r"(?i)\b(?:tips?|advice|steps|ways|recommend\w*|should|how)\b")
_GLOSSARY = re.compile(r"(?i)glossary|definitions|terminology|begriffe|glossaire|glosario")


def _list_question(
    run: ListRun,
    topic: str | None,
    parent: str | None,
    lang: str,
    ctx: DocContext,
    ctx_title: str | None = None,
) -> str | None:
    t = TEMPLATES[lang]
    if lang == "en" and run.intro is not None:
        asked = _intro_question(run.intro.text, topic, ctx)
        if asked:
            return asked
        if not re.match(
            r"(?i)^(?:our|the|these|this|company|key)\b|^\w+(?:\s\w+)?:$", run.intro.text
        ):
            return None
    if not topic:
        return None
    if lang != "en":
        return t["list"].format(topic=topic)
    if _NO_SUBJECT_ADVICE.match(topic):
        return None  # "What are the tips for employees?" under one benefit of many
    if topic.lower() in _GENERIC_TOPICS or _GLOSSARY.search(topic):
        return None
    named = topic
    shared = {w.casefold() for w in re.findall(r"\w+", topic)} & {
        w.casefold() for w in re.findall(r"\w+", parent or "") if len(w) > 3
    }
    if (
        parent
        and len(topic.split()) <= 2
        and parent.lower() not in _GENERIC_TOPICS
        and parent != ctx_title
        and not shared  # "medical transportation for medical transportation"
    ):
        link = "of" if topic.split()[-1].lower() in ("examples", "types", "kinds") else "for"
        named = f"{topic} {link} {parent}"
    kinds = re.match(r"(?i)^(examples|types|kinds|forms|categories) of\s+(.+)$", named)
    if kinds:  # "Examples of prohibited conduct" -> "What are examples of prohibited conduct?"
        return f"What are {kinds.group(1).lower()} of {kinds.group(2)}?"
    head = re.match(r"^(\w+)\s+(?:to|for|of|in|on|under)\s", named)
    if head and is_plural(head.group(1)) and head.group(1).lower().endswith("s"):
        # "Exceptions to prior authorization" -> "What are the exceptions to prior ...?"
        return f"What are the {named[:1].lower()}{named[1:]}?"
    given = re.match(
        r"(?i)^(?P<noun>\w+(?: \w+)?) (?P<rest>(?:typically |usually |that are )?"
        r"(?:included|covered|excluded|provided)\b.*)$",
        topic,
    )
    if given:  # "Services Typically Included in Hospice Care"
        return f"What {given.group('noun').lower()} are {given.group('rest')}?"
    return t["list"].format(topic=named) if is_plural(topic) else f"What does {named} include?"


def list_candidates(
    runs: Sequence[ListRun],
    topic: str | None,
    parent: str | None,
    lang: str,
    ctx: DocContext,
    title: str | None = None,
) -> list[Candidate]:
    """One question per list, answered by every item of it."""
    out: list[Candidate] = []
    for run in runs:
        if len(run.items) < 2:
            continue
        question = _list_question(run, topic, parent, lang, ctx, title)
        if (
            question is None
            and lang == "en"
            and run.label
            and topic
            and is_plural(run.label)
            and not _NO_SUBJECT_ADVICE.match(run.label)
        ):
            # "Reporting Procedures:" under "Whistleblower Policy"
            question = f"What are the {lower_words(run.label, ctx.words, force=True)} for {topic}?"
        answer = _items_answer(run.items)
        if question is None or len(answer) > 1500:
            continue
        advice = sum(1 for i in run.items if _ADVICE_ITEM.match(i.text.strip()))
        if lang == "en" and advice * 2 >= len(run.items) and not _ASKS_ADVICE.search(question):
            continue  # "What does foot care include?" answered by "Make sure you ...": tips
        # A label intro ("Company Values:") is not evidence: it reads as an empty field.
        said = run.intro is not None and len(run.intro.text.split()) > 5
        evidence = (run.intro.text + "\n" if run.intro and said else "") + answer
        out.append(Candidate(question, answer, evidence, run.items[0], "list", 1))
    return out


def _subject_intro(run: ListRun) -> str | None:
    if run.intro is None:
        return None
    said = sentences(run.intro.text.strip())
    last = said[-1] if said else ""
    m = _INTRO_MODAL.match(_INTRO_NOISE.sub("", last.rstrip(":")).strip())
    return m.group(0) if m and "," not in m.group("subject") else None


def fact_candidates(
    body: Sequence[Section], runs: Sequence[ListRun], topic: str | None, lang: str, ctx: DocContext
) -> list[Candidate]:
    """Definitions and (English) sentence facts, one question per sentence at most."""
    out: list[Candidate] = []
    intro_of = {id(s): _subject_intro(r) for r in runs for s in r.items}
    line_label: str | None = None  # the last "Data Security Audits:" line above
    for section in body:
        found_label = _LABEL_LINE.match(section.text.strip())
        if found_label and section.kind != "list_item":
            line_label = found_label.group("label")
            continue
        if section.kind == "list_item" and intro_of.get(id(section)):
            parts = [section.text.strip()]
        elif section.kind == "list_item" or section.kind in ("paragraph", "page"):
            parts = sentences(section.text)
        else:
            continue
        result = key_result(section, ctx) if lang == "en" else None
        if result is not None:
            out.append(result)
            continue
        for i, sentence in enumerate(parts):
            found = definition(sentence, section, lang, ctx, topic)
            if found is None and lang == "en":
                found = _fact(sentence, section, topic, ctx, intro_of.get(id(section)), line_label)
                label = re.match(r"^[A-Z][\w &/-]{1,40}:\s+(?=[A-Z])", sentence)
                if found is None and label:  # "Emergency Services: The plan does not ..."
                    found = _fact(sentence[label.end() :], section, topic, ctx, None)
                if found is not None and i + 1 < len(parts):
                    found = _with_follow_up(found, sentence, parts[i + 1])
            if found is not None:
                out.append(found)
    return out


_FIGURE_KINDS = frozenset(("amount", "limit", "deadline", "frequency", "term", "when"))
_FOLLOW_UP = re.compile(r"^(?:This|These|However|But|Except|Unless|Otherwise|Note that)\b")
_HAS_FIGURE = re.compile(r"\d|[$€£¥%]")


def _with_follow_up(found: Candidate, sentence: str, nxt: str) -> Candidate:
    """The answer with the next sentence when that one finishes what this one says:
    a caveat ("However, ...", "This does not apply ...") or the number this one lacks."""
    nxt = nxt.strip()
    if len(nxt) > 300 or len(nxt) < 15 or not nxt.endswith((".", "!", ")")) or is_fluff(nxt):
        return found
    caveat = bool(_FOLLOW_UP.match(nxt))
    figure = not _HAS_FIGURE.search(sentence) and bool(_HAS_FIGURE.search(nxt))
    if not (caveat or figure):
        return found
    if figure and not caveat and not re.match(r"^(?:It|They|The|Th(?:is|at|ese|ose))\b", nxt):
        return found  # a number about something else
    if sentence not in found.answer or len(found.answer) + len(nxt) > 700:
        return found
    return Candidate(
        found.question,
        f"{found.answer} {nxt}",
        f"{found.evidence} {nxt}",
        found.section,
        found.question_type,
        found.tier,
        (*found.quotes, nxt) if found.quotes else found.quotes,
        found.note,
    )


_THIS_DOC = re.compile(r"\b(?:this|the) (?P<noun>plan|policy|program|programme|handbook|guide)\b")


def _this_document(fact: Fact, ctx: DocContext) -> Fact | None:
    """ "... covered under this plan?" names the plan ("the Northwind Health Standard
    Plan") when the document is one; otherwise the question cannot say which."""
    m = _THIS_DOC.search(fact.question)
    if m is None or not m.group(0).startswith("this"):
        return fact
    if ctx.name and ctx.name.lower().endswith(m.group("noun")):
        return replace(fact, question=fact.question.replace(m.group(0), ctx.name, 1))
    return None


_INCLUDES_Q = re.compile(
    r"^What (?P<aux>will|does|do) (?P<det>(?:the|all|any) )?(?P<subj>.+?) "
    r"(?P<verb>include|contain|cover)\?$"
)


def _named_by_label(fact: Fact, label: str, ctx: DocContext) -> Fact:
    """ "What will audits cover?" under the line "Data Security Audits:" -> "What will
    data security audits cover?"."""
    m = _INCLUDES_Q.match(fact.question)
    if m is None:
        return fact
    head = singular_of(m.group("subj").split()[-1].lower())
    if head not in {singular_of(w.lower()) for w in label.split()}:
        return fact
    named = lower_words(label, ctx.words, force=True)
    question = f"What {m.group('aux')} {m.group('det') or ''}{named} {m.group('verb')}?"
    return replace(fact, question=question)


def _generic_definition_last(c: Candidate) -> Candidate:
    """ "What are premiums?" -> a textbook definition: asked after the document's own
    rules and figures, not before them."""
    if c.question_type != "definition" or _HAS_FIGURE.search(c.answer):
        return c
    if re.search(r"\b[A-Z][a-z]+", c.question.split(" ", 2)[-1]):
        return c  # "What is Northwind Health Plus?": the document's own thing
    return replace(c, tier=2)


def _names_its_subject(question: str, topic: str | None) -> bool:
    """ "What will the written summary include?" says which summary only under a heading
    that names it; a name in the question ("Northwind Standard") says it anyway."""
    body = question.split(" ", 1)[-1]
    if re.search(r"\b[A-Z][a-z]+", body):
        return True
    topic_words = {w.casefold() for w in re.findall(r"\w{4,}", topic or "")}
    return bool(topic_words & {w.casefold() for w in re.findall(r"\w{4,}", body)})


def _fact(
    sentence: str,
    section: Section,
    topic: str | None,
    ctx: DocContext,
    intro: str | None,
    line_label: str | None = None,
) -> Candidate | None:
    text = sentence
    if intro and section.kind == "list_item":
        text = f"{intro} {sentence[:1].lower()}{sentence[1:]}"
    change = change_candidate(sentence, section, ctx)
    if change is not None:
        return change
    fact = sentence_fact(text, ctx.words, topic)
    if fact is not None and fact.kind == "includes" and line_label:
        fact = _named_by_label(fact, line_label, ctx)
    if fact is None or (fact.kind == "includes" and not _names_its_subject(fact.question, topic)):
        return None
    fact = _this_document(fact, ctx)
    if fact is None:
        return None
    answer = fact.answer if text == sentence else fact.answer.replace(text, sentence)
    tier = 2 if fact.kind in ("rule", "yes_no") else 1
    if fact.kind in _FIGURE_KINDS and _HAS_FIGURE.search(sentence):
        tier = 0  # "The deductible for Northwind Standard is $2,000": what users ask first
    return Candidate(fact.question, answer, sentence, section, fact.kind, tier, (sentence,))


def _same_words(topic: str, words: set[str]) -> bool:
    """True when every word of ``topic`` is one of ``words`` (a heading that repeats the
    document's title)."""
    return {w.casefold() for w in re.findall(r"\w+", topic)} - {"the"} <= words


def _head_noun(topic: str) -> str | None:
    """ "the company's mission" -> "mission"; None for a phrase with no clear head."""
    words = re.findall(r"[A-Za-z][\w-]{3,}", topic)
    return singular_of(words[-1].lower()) if words else None


def _without_heading(text: str, heading: str) -> str:
    """The paragraph without the heading a PDF ran into it ("LABEL: Workers' Compensation
    Insurance At Contoso, we ..." -> "At Contoso, we ...")."""
    body = re.sub(r"^[A-Z][A-Z0-9 &,'’/-]{6,}:\s*", "", text.strip())
    title = re.sub(r"^[A-Z][A-Z0-9 &,'’/-]{6,}:\s*", "", heading.strip())
    same = body.replace("’", "'").casefold().startswith(title.replace("’", "'").casefold())
    if title and same and len(body) > len(title) + 20:
        return body[len(title) :].lstrip(" :.-–")
    return text


def about_candidate(
    chunk: Chunk, body: Sequence[Section], topic: str, lang: str, ctx: DocContext
) -> Candidate | None:
    """The last resort for a section that gives nothing else: what it says, by name."""
    t = TEMPLATES[lang]
    lead = next((s for s in body if s.kind in ("paragraph", "page")), None)
    if lead is None or topic.lower() in _GENERIC_TOPICS:
        return None
    if re.search(r"(?i)\b(?:19|20)\d\d\b|\bversion\b|\bv\d", str(chunk.meta.get("heading") or "")):
        return None  # "Effective Date: January 1, 2026 Version 4.2": a cover line, not a topic
    lead_text = _without_heading(lead.text, str(chunk.meta.get("heading") or ""))
    opening = _opening(lead_text, key=_head_noun(topic))
    if len(opening) < 40:
        return None
    evidence = lead.text
    # "... subject to the following:" and its items: the answer keeps the items.
    run = next((r for r in _runs(body) if r.intro is lead and len(r.items) >= 2), None)
    if run is not None and lead.text.rstrip().endswith(":"):
        items = _items_answer(run.items)
        intro = sentences(lead.text.strip())[-1]
        if len(opening) + len(intro) + len(items) <= 1500 and (
            intro == opening or intro not in opening
        ):
            joined = f"{opening} {intro}"
            if intro == opening or normalize(joined) in normalize(lead.text):
                opening = f"{intro if intro == opening else joined}\n{items}"
                evidence = f"{lead.text}\n{items}"
    title = ctx.name if lang == "en" else (chunk.meta.get("document_title") or None)
    heading = chunk.meta.get("heading")
    if title and heading and heading == chunk.meta.get("document_title"):
        question = t["scope"].format(title=title if lang == "en" else _quoted(title, lang))
    elif lang == "en":
        asked = about_question(topic, title, ctx.owner())
        if asked is None:
            return None
        question = asked
    elif title:
        question = t["about"].format(title=_quoted(title, lang), topic=topic)
    else:
        question = t["about_untitled"].format(topic=topic)
    return Candidate(question, opening, evidence, lead, "section", 4)


def normalize_eq(a: str, b: str) -> bool:
    """Same words, case and articles aside."""

    def norm(x: str) -> str:
        return re.sub(r"^(?:the|a|an)\s+", "", x.strip().lower())

    return norm(a) == norm(b)


def _quoted(title: str, lang: str) -> str:
    return f"„{title}“" if lang == "de" else f"« {title} »" if lang == "fr" else f"«{title}»"


def text_candidates(chunk: Chunk, lang: str, ctx: DocContext) -> list[Candidate]:
    """Every question a text chunk answers, best kinds first."""
    body = [s for s in chunk.sections if s.kind != "heading"]
    if not body:
        return []
    path = chunk.provenance.heading_path
    heading = chunk.meta.get("heading") or (path[-1] if path else None)
    topic = topic_of(str(heading), ctx.words) if heading else None
    parent = topic_of(path[-2], ctx.words) if len(path) >= 2 else None
    runs = _runs(body)
    out: list[Candidate] = []
    first_piece = chunk.meta.get("part", 0) == 0
    if heading and topic and first_piece:
        out.extend(_heading_cases(str(heading), topic, body, runs, lang, ctx))
    if out:
        # The list the heading's answer already holds is not asked again.
        runs_left = [r for r in runs if r.intro is not body[0] and r.items[0] is not body[0]]
    else:
        runs_left = runs
    title = chunk.meta.get("document_title")
    title_topic = topic_of(str(title), ctx.words) if title else None
    if not any(c.question_type == "procedure" for c in out):
        out.extend(list_candidates(runs_left, topic, parent, lang, ctx, title_topic))
    if lang == "en":
        # The section a bare heading question sits in names it, unless that section is
        # the document itself (its title): then the document, program or period does.
        title_words = {w.casefold() for w in re.findall(r"\w+", str(title or ""))}
        inside = parent if parent and not _same_words(parent, title_words) else None
        out = [anchored(c, ctx, inside) for c in out]
    out.extend(fact_candidates(body, runs, topic, lang, ctx))
    if lang == "en":
        doc_title = chunk.meta.get("document_title")
        out.extend(
            membership_candidates(
                runs, str(heading) if heading else None, ctx, str(doc_title) if doc_title else None
            )
        )
    # The last resort: the generator keeps it only when nothing else passes the gate.
    if topic and first_piece:
        found = about_candidate(chunk, body, topic, lang, ctx)
        if found is not None:
            out.append(found)
    return [_generic_definition_last(c) for c in out]
