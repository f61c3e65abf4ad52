"""A task and the steps that carry it out, asked "How do I ...?" and answered by every step.

The task is named by the section's heading ("How to ...", or a heading on a task such
as "Filing a claim" over its steps) or by the sentence that leads into the steps (a
purpose clause ending in a colon). A task's section is about its steps: none of its
lists is asked again as a list. (A heading that is a question is asked by the
question-and-answer form.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import form
from datasetkit.generate.offline.forms.text.lead_ins import lead_in_question
from datasetkit.generate.offline.language.imperative import imperative_task
from datasetkit.generate.offline.language.reader import reports_done, said_by_reader
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import (
    english_word,
    first_person,
    heading_question,
    lower_words,
    sentences,
    unnumbered,
)
from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.generate.offline.text.heading_lists import heading_task
from datasetkit.generate.offline.text.lists import (
    ListRun,
    items_answer,
)
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Section

_HOWTO = {
    "en": re.compile(r"^(?:how\s+to|how\s+do\s+i|how\s+can\s+i)\s+(?P<task>.+?)\??$", re.I),
    "es": re.compile(r"^(?:cómo|como)\s+(?P<task>.+?)\??$", re.I),
}


# Nouns a gerund describes rather than acts on ("Reporting Procedures", "Claims
# Requirements"): a heading ending in one names a set of rules, not a task.
_KIND_OF_RULES = re.compile(
    r"(?i)^(?:procedures?|processe?s?|requirements?|guidelines?|rules?|policies|policy|"
    r"instructions?|options?|channels?|standards?|criteria|steps|tips|ideas|advice|basics|"
    r"essentials|recommendations|precautions|safety|costs?|expenses)$"
)


_OBJECT_OPENERS = frozenset(
    ("the", "a", "an", "your", "our", "their", "its", "this", "up", "down", "out", "off")
)


def _gerund_task(topic: str, ctx: DocContext, stepped: bool = False) -> str | None:
    """``filing a claim`` -> ``file a claim`` (the document's own words decide the stem)."""
    words = topic.split()
    first = words[0].lower() if words else ""
    if not first.endswith("ing") or len(first) < 6 or len(words) < 2:
        return None
    if words[1].lower() in ("of", "for", "with", "in", "on", "at", "to", "by", "from"):
        return None  # "Meeting of creditors": a noun, not a task done to an object
    if _KIND_OF_RULES.match(words[-1]):
        return None  # "<Doing> Procedures": the procedures are a thing, not what is done
    rest = words[1:]
    both = len(rest) >= 2 and rest[0].lower() == "and" and rest[1].lower().endswith("ing")
    if rest[0].lower() == "and" and not both:
        return None  # "Cleaning and Maintenance": two things, no task done to an object
    # Beyond the document's own words a gerund is read as a verb only where a noun cannot
    # be one: before an article or a particle ("Packing the Tent", "Taking Down ..."),
    # joined to another gerund, or under a "Step N" heading ("Operating Expenses" is a
    # noun phrase).
    acts = stepped or both or rest[0].lower() in _OBJECT_OPENERS
    verb = _base_verb(first, ctx, acts)
    if verb is None:
        return None
    if both:
        # "Unpacking and Organizing Components": both verbs act on the object.
        second = _base_verb(rest[1].lower(), ctx, acts)
        if second is None:
            return None
        rest = ["and", second, *rest[2:]]
    return " ".join([verb, *rest])


# The task a gerund heading names, for the other forms that read a task from a title.
gerund_task = _gerund_task


def _base_verb(gerund: str, ctx: DocContext, dictionary: bool) -> str | None:
    """``selecting`` -> ``select``, ``taking`` -> ``take``, ``setting`` -> ``set``: the
    document's own words decide first, then an English dictionary."""
    stem = gerund[:-3]
    if len(stem) < 2:
        return None
    if stem[-1:] == stem[-2:-1] and stem[-1] not in "lsfz":
        options = [stem[:-1], stem, stem + "e"]  # a doubled consonant: "setting"
    elif re.search(r"[^aeiou][aeiou][^aeiouwxy]$", stem) or len(stem) < 3:
        options = [stem + "e", stem]  # "taking", "using", "storing"
    else:
        options = [stem, stem + "e"]  # "selecting", "assembling", "cleaning"
    for known in (ctx.words.common, english_word) if dictionary else (ctx.words.common,):
        found = next((o for o in options if len(o) > 2 and known(o)), None)
        if found:
            return found
    return None


def _asked_heading(
    title: str, topic: str, has_steps: bool, lang: str, ctx: DocContext
) -> str | None:
    """The question a heading asks: as written, made a question, or a task with steps."""
    if lang == "en":
        asked = heading_question(title, ctx.words)
        if asked is None and has_steps:
            stepped = bool(re.match(r"(?i)step\s+\d+\b", title))
            task = _gerund_task(topic, ctx, stepped) or imperative_task(topic, ctx.words)
            asked = f"How do I {first_person(task)}?" if task else None
    else:
        howto = _HOWTO.get(lang)
        m = howto.match(title) if howto and has_steps else None
        asked = TEMPLATES[lang]["howto"].format(task=m.group("task").strip()) if m else None
    if asked is None and title.endswith(("?", "？")):
        asked = title if not title.isupper() else lower_words(title, ctx.words).capitalize()
    return asked


@dataclass(frozen=True)
class _Heading:
    """What a heading asks as written, and the steps right under it (if any)."""

    title: str
    steps: ListRun | None
    asked: str | None


# A list's lead-in that says its items are the steps ("Follow these steps:", "Do the
# following:", "To do so:"): the heading's task is done by them.
_STEPS_LEAD = re.compile(
    r"(?i)\b(?:steps?|following|follows|below|procedure|instructions|to do (?:so|this|that)|"
    r"here(?:'s| is) how|schritte?|folgt|"
    r"folgende[nm]?|pasos?|siguientes?|étapes?|suivantes?)\b"
)


def _steps(text: TextChunk) -> ListRun | None:
    """The list right under a heading, when it is the heading's steps: a lead-in of its own
    that names something else ("There are several ways to look at the file:") makes it a
    list of that, and the heading's task is not answered by it."""
    runs, body = text.runs, text.body
    if not runs or runs[0].items[0] not in body[:2] or len(runs[0].items) < 2:
        return None
    intro = runs[0].intro
    said = sentences(intro.text.strip()) if intro is not None else []
    if said and not _STEPS_LEAD.search(said[-1]):
        return None
    return runs[0]


def _read(text: TextChunk) -> _Heading:
    title = unnumbered(str(text.heading)).strip()
    steps = _steps(text)
    topic = str(text.topic)
    asked = _asked_heading(title, topic, steps is not None, text.lang, text.ctx)
    return _Heading(title, steps, asked)


def _task_heading(h: _Heading, text: TextChunk) -> _Heading:
    """A Spanish or French heading that names a task by its verb over the section's one
    list of instructions ("Revisar el código"): asked "How can I <task>?"."""
    steps = [i.text for i in h.steps.items] if h.steps is not None else []
    # German writes every noun with a capital: its heading as written, not lowered.
    said = h.title if text.lang == "de" else str(text.topic)
    task = heading_task(said, steps, text.lang) if text.lang in ("es", "fr", "de") else None
    if task is None:
        return h
    return _Heading(
        h.title, h.steps, _ASK_TASK[text.lang].format(task=said_by_reader(task, text.lang))
    )


def _heading_task(text: TextChunk) -> list[Candidate]:
    """ "How to file a claim" over its steps -> "How do I file a claim?", every step."""
    if not text.opens_section or text.lang not in _ASK_TASK:
        return []
    h = _read(text)
    if h.asked is None and h.steps is not None and len(text.runs) == 1:
        h = _task_heading(h, text)
    task = h.asked is not None and (
        h.asked.startswith(("How do I", "How can I"))
        or (text.lang != "en" and not h.title.endswith("?"))
    )
    if h.asked is None or h.steps is None or not task:
        return []
    answer = "\n".join(filter(None, (_intro_before(h.steps, h.asked), items_answer(h.steps.items))))
    text.hold(text.runs)
    return [Candidate(h.asked, answer, answer, h.steps.items[0], "procedure", -1)]


# "To file a claim, follow these steps:", "If you want to apply:", "Para solicitar ...:",
# "Um ... zu beantragen, ...:", "Pour demander ... :": a purpose clause that names the task
# its list or command carries out.
_PURPOSE = {
    # The lead-in may go on to say how ("..., follow these steps:", "... do the following:"),
    # or say the steps first and the task last ("Follow the steps below to ...:").
    "en": re.compile(
        r"^(?:(?:(?:in order )?to|if you (?:want|wish|need|would like) to) "
        r"(?P<task>[a-z][^,:;]{6,90}?)(?:,[^:]*|\s+(?:do|follow|complete|use|perform)\s+"
        r"(?:the following|these steps|the steps below)[^,:;]*)?"
        r"|(?:please )?(?:follow|complete|perform) (?:the|these) (?:following )?steps"
        r"(?: (?:outlined|listed|described|shown|given))?(?: below| here)? to "
        r"(?P<after>[a-z][^,:;]{6,90}?)):$",
        re.I,
    ),
    "es": re.compile(r"^para (?P<task>[a-záéíóúñ][^,:;]{6,90}?)(?:,[^:]*)?:$", re.I),
    # German puts the verb last, after "zu" or with "zu" inside a separable verb
    # ("herunterzuladen"): the question says the infinitive whole.
    "de": re.compile(
        r"^um (?P<obj>[^,:;]{3,80}?) (?:(?P<pre>ab|an|auf|aus|ein|fest|her|herunter|hin|hoch|"
        r"mit|nach|um|vor|weg|zu|zurück)zu(?P<joined>[a-zäöü]{3,})|zu (?P<verb>[a-zäöü]{3,}))"
        r"(?:,[^:]*)?:$",
        re.I,
    ),
    "fr": re.compile(r"^pour (?P<task>[a-zàâçéèêëîïôûù][^,:;]{6,90}?)(?:,[^:]*)?\s?:$", re.I),
}
_ASK_TASK = {
    "en": "How do I {task}?",
    "es": "¿Cómo puedo {task}?",
    "de": "Wie kann ich {task}?",
    "fr": "Comment puis-je {task} ?",
}
# French "votre" is "mon" or "ma" by a gender the text does not show, and a task said by
# "we" or of a third party ("nos compétences", "son travail") is no reader's: not asked.
_FR_READER = re.compile(
    r"(?i)\b(?:vous|votre|vos|tu|ton|ta|tes|te|toi|nous|nos|notre|on|son|sa|ses|leurs?)\b"
)
# A French task opens with its infinitive ("pour demander ...", "pour s'inscrire"): "pour
# le bon déroulé de ..." names a purpose, no task.
_FR_TASK = re.compile(r"(?i)^(?:s['’]|se\s|me\s|m['’])?[a-zàâçéèêëîïôûù-]{2,}(?:er|ir|re|oir)\b")
# What may follow the purpose clause's comma: an instruction to the reader ("suivez les
# étapes", "il faut", "voici", "procédez ainsi"); a clause with its own subject ("un
# responsable a besoin de") says what someone else needs, not how to do the task.
_FR_LED = re.compile(
    r"(?i)^(?:[a-zàâçéèêëîïôûù-]+ez\b|il\s+(?:vous\s+)?faut\b|voici\b|veuillez\b|vous\s+devez\b)"
)


def _fr_led(sentence: str) -> bool:
    """Whether a French purpose clause leads into the reader's steps: nothing after its
    comma, or an instruction to the reader."""
    rest = sentence.split(",", 1)[1].strip().rstrip(":").strip() if "," in sentence else ""
    return not rest or bool(_FR_LED.match(rest))


def _after_purpose(m: re.Match[str]) -> str:
    """What a lead-in says after its purpose clause's comma ("" when nothing)."""
    ends = [m.end(g) for g in ("task", "after", "verb", "joined") if m.groupdict().get(g)]
    rest = m.string[max(ends) :] if ends else ""
    return rest.split(",", 1)[1] if "," in rest else ""


def _task(m: re.Match[str], lang: str) -> str | None:
    """The task a purpose clause names, as the reader says it of themself; None when what
    follows it says what is done by others ("..., werden diese Schritte getan:")."""
    if reports_done(_after_purpose(m), lang):
        return None
    if lang == "de":
        verb = (m.group("pre") or "") + (m.group("joined") or m.group("verb") or "")
        words = said_by_reader(f"{m.group('obj')} {verb}", lang).split()
        if any(w.lower() in ("ihr", "ihre", "ihren", "ihrem", "ihrer", "sie") for w in words):
            return None  # the formal "Ihr" is also "her" or "their": not said as "mein"
        return " ".join(words)
    task = (m.groupdict().get("task") or m.groupdict().get("after") or "").strip()
    if lang == "fr":
        if _FR_READER.search(task) or not _FR_TASK.match(task) or not _fr_led(m.group(0)):
            return None
        return said_by_reader(task, lang)
    return said_by_reader(task, lang) if lang == "es" else first_person(task)


@form(
    "task and its steps",
    content="section",
    order=10,
    asks="procedural",
    # A task becomes a question in the words of languages whose headings and lead-ins
    # name it the way a question does ("How to ...", "To ...:", "Cómo ...", "Um ... zu
    # ...:", "Pour ... :").
    languages=frozenset(_PURPOSE),
    answer="steps",
    kinds=("procedure",),
)
def task_steps(text: TextChunk) -> list[Candidate]:
    """A task and the steps that carry it out, named by the section's heading ("How to
    request leave") or by the sentence that leads into the steps ("To request leave,
    follow these steps:") -> "How do I request leave?", answered by every step."""
    found = _heading_task(text)
    if found:
        return found
    pattern, out = _PURPOSE[text.lang], []
    for run in text.lists_left():
        if run.intro is None or len(run.items) < 2:
            continue
        # The purpose clause is the intro's last sentence: "If ..., you may appeal. To
        # appeal, follow these steps:".
        said = sentences(run.intro.text.strip()) or [run.intro.text.strip()]
        m = pattern.match(said[-1].strip())
        task = _task(m, text.lang) if m else _said_before(said, text.lang)
        led = _led(said[-1], text) if task is None else None
        if (task is None and led is None) or _writers_did(said[-1], text):
            continue
        before = _same_task_before(said[:-1], task) if m and task else ""
        answer = "\n".join(filter(None, (before, items_answer(run.items))))
        question = led or _ASK_TASK[text.lang].format(task=task)
        out.append(Candidate(question, answer, answer, run.items[0], "procedure", -1))
        text.hold([run])
    return out or _lead_in_tasks(text, pattern)


# "To <do X>, we <do Y>:": in a paper, what the writers did (a derivation, a method), not
# steps a reader follows ("How do I <do X>?" would ask it of the reader). In a company's
# text "we" is the company, asked as such.
_WRITER_DOES = re.compile(r"(?i)^(?:in order )?to [^,:;]+,\s*(?:we|our)\b")


def _writers_did(sentence: str, text: TextChunk) -> bool:
    """Whether ``sentence`` says what a paper's writers did to reach a goal."""
    doc = text.chunk.meta.get("document")
    return bool(_WRITER_DOES.match(sentence.strip())) and reads_as_paper(doc)


# The longest run of the lead-in's own sentences an answer carries before the steps.
_MOST_BEFORE = 800


def _stems(text: str) -> set[str]:
    return {w[:5].casefold() for w in re.findall(r"[^\W\d_]{4,}", text)}


def _intro_before(run: ListRun, task: str) -> str:
    """What the steps' lead-in paragraph says of the task before the sentence that leads
    into them (one that ends in a colon)."""
    if run.intro is None or not run.intro.text.rstrip().endswith(":"):
        return ""
    said = sentences(run.intro.text.strip()) or [run.intro.text.strip()]
    return _same_task_before(said[:-1], re.sub(r"(?i)^how (?:do|can) i\s+|\?$", "", task))


def _same_task_before(said: list[str], task: str) -> str:
    """The sentences of the lead-in before the one that names the task, from the first
    that speaks of the task (its verb or its object): what they say (a choice the steps
    leave out, a note on how long it takes) is part of doing it."""
    words = _stems(task)
    start = next((i for i, s in enumerate(said) if _stems(s) & words), None)
    if start is None:
        return ""
    before = " ".join(s.strip() for s in said[start:])
    return before if len(before) <= _MOST_BEFORE else ""


# A lead-in that points back at the task the sentence before it names ("You can export
# the report as a PDF. To do so:").
_DO_SO = re.compile(r"(?i)^(?:to do (?:so|this|that)|here(?:'s| is) how)\s*:$")
_CAN = re.compile(r"(?i)^(?:you|users?) can (?:also )?(?P<task>[a-z][^:;]{6,120}?)\.$")


def _said_before(said: list[str], lang: str) -> str | None:
    """The task of a lead-in that only points back at it, from the sentence before."""
    if lang != "en" or len(said) < 2 or not _DO_SO.match(said[-1].strip()):
        return None
    m = _CAN.match(said[-2].strip())
    return first_person(m.group("task").strip()) if m else None


# A box set apart from the text (Markdown admonitions, a "Note:" or "Warning:" label).
_ASIDE = re.compile(
    r"^\s*(?::{3}|!{3}|(?:note|warning|caution|tip|important|hinweis|achtung|nota|"
    r"advertencia|remarque|attention)\s*:)",
    re.I,
)


# A paragraph wholly in brackets: an aside (an alternative, a note), not what the lead-in
# announces.
_IN_BRACKETS = re.compile(r"^\((?:[^()]|\([^()]*\))*\)$", re.S)
# A lead-in that announces several things ("one of the following buttons:", "any of these
# commands:"): one paragraph after it is not them (in a guide they are often pictures).
_SEVERAL = re.compile(
    r"(?i)\b(?:(?:one|any|each|all) of )?(?:the following|these|those) (?:\w+ )?\w+s:$"
)


def _boxed(then: Section) -> bool:
    """Whether ``then`` is text in a note box beside the page's body (read from its markup)."""
    return then.provenance.part == "note"


def _lead_in_tasks(text: TextChunk, pattern: re.Pattern[str]) -> list[Candidate]:
    """ "To install the tool, use pip:" over a paragraph or a code block of its own (a command, a short
    instruction) -> "How do I install the tool?", answered by both."""
    out = []
    for lead, then in zip(text.body, text.body[1:], strict=False):
        if lead.kind != "paragraph" or then.kind not in ("paragraph", "code"):
            continue
        said = sentences(lead.text.strip()) or [lead.text.strip()]
        m = pattern.match(said[-1].strip())
        task = _task(m, text.lang) if m else None
        led = _led(said[-1], text) if task is None and then.kind == "code" else None
        if (task is None and led is None) or len(then.text) > 300:
            continue
        if then.text.rstrip().endswith(":"):
            continue
        if _writers_did(said[-1], text):
            continue
        if _ASIDE.match(then.text) or _IN_BRACKETS.match(then.text.strip()) or _boxed(then):
            continue  # a warning box or an aside after the lead-in: not the instruction
        if then.kind == "paragraph" and _SEVERAL.search(said[-1]):
            continue  # "use one of the following buttons:" over a paragraph: they are pictures
        question = led or _ASK_TASK[text.lang].format(task=task)
        answer = f"{said[-1].strip()}\n{then.text.strip()}"
        out.append(Candidate(question, answer, answer, lead, "procedure", -1))
    return out


def _led(sentence: str, text: TextChunk) -> str | None:
    """The question of an English lead-in that ends in the means of its task ("Delete an
    account with:", "Roles can be granted with:"; see ``lead_ins``)."""
    return lead_in_question(sentence, text.ctx.words) if text.lang == "en" else None
