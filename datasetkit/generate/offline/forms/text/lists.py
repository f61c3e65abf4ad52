"""A list asked as a whole ("What does FitPass cover?", "What must employees do upon
separation?"), answered by every item, its question taken from the sentence that
introduces it, the heading above it or a "Label:" line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.language.agreement import plural
from datasetkit.generate.offline.language.clauses import parse, verb_base
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import (
    english_word,
    first_person,
    is_plural,
    lower_words,
    sentences,
    topic_of,
    unnumbered,
)
from datasetkit.generate.offline.naming import (
    OUTLINE_HEADING,
    anchored,
    document_part,
    topic_heading,
)
from datasetkit.generate.offline.text.entries import opens_entry
from datasetkit.generate.offline.text.glossary import in_glossary
from datasetkit.generate.offline.text.heading_lists import (
    defined_by_list,
    heading_list_question,
)
from datasetkit.generate.offline.text.intros import presented_intro
from datasetkit.generate.offline.text.kinds_listed import kinds_listed
from datasetkit.generate.offline.text.label_case import bare_common, label_words
from datasetkit.generate.offline.text.links import link_list
from datasetkit.generate.offline.text.list_intros import intro_question
from datasetkit.generate.offline.text.lists import (
    ADVICE_ITEM,
    GENERIC_TOPICS,
    INTRO_MODAL,
    INTRO_NOISE,
    NO_SUBJECT_ADVICE,
    ListRun,
    generic_advice,
    item_labels,
    items_answer,
)
from datasetkit.generate.offline.text.needs_listed import needs_listed
from datasetkit.generate.offline.text.release_lists import release_lists
from datasetkit.generate.offline.text.version_lists import version_lists
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document
from datasetkit.lint.filler import sample_items

# A lead-in that is a clause pointing at what follows ("Here's how it works", "This is
# what to do"): no noun in it names the items.
_CLAUSE_LEAD = re.compile(
    r"(?i)^(?:here|there)(?:['’]s|\s+(?:is|are))\b|\b(?:how|what|why|where|when|which)\b"
)


def _intro_question(intro: str, topic: str | None, ctx: DocContext) -> str | None:
    """``Employees must:`` -> ``What must employees do?``; ``FitPass covers ...:`` ->
    ``What does FitPass cover?``; ``Company Values:`` -> ``What are the company values?``."""
    said = sentences(intro.strip())
    text = INTRO_NOISE.sub("", said[-1].rstrip(":").strip() if said else "").strip()
    if not text:
        return None
    presented = presented_intro(text, ctx)
    if presented:
        return presented
    label = not re.match(r"(?i)(?:our|we|this|these|it|they|the following|some|the)\b", text)
    if _CLAUSE_LEAD.search(text):
        label = False  # "Here's how it works:": a clause that leads in, not a kind of thing
    if label and re.search(r"[,&]", text):
        return None  # "<A>, <B> & <C>:": a section title, not a kind of thing
    if (
        label
        and len(text.split()) <= 4
        and not re.search(r"\b(?:is|are|must|should|will|can|includes?)\b", text)
    ):
        noun = lower_words(unnumbered(text), ctx.words)
        if bare_common(noun):
            return None  # "Features:": whose, only the heading above says
        noun = label_words(noun)
        if NO_SUBJECT_ADVICE.match(noun) or _OWNERLESS_LABEL.match(noun):
            return None  # "Tips for Employees:" under one benefit of many; "<Kind> Tips:"
            # says whose tips only with its heading (the label's own question adds it)
        return f"What are the {noun}?" if is_plural(noun) else None
    m = INTRO_MODAL.match(text)
    if m:
        return _modal_intro(m, topic, ctx)
    return (
        _own_intro(text, topic, ctx)
        or _kinds_had(text, ctx)
        or _verb_intro(text, topic, ctx)
        or _pointing_intro(text, said[-2] if len(said) > 1 else "")
    )


_POINTING = re.compile(
    r"^(?:This|These|That|Those) (?P<noun>[a-z]+) (?P<modal>should|must|will|may|can) "
    r"(?:include|contain|cover|list|state)$"
)
_WHEN_LEAD = re.compile(r"^(?P<when>(?:When|Before|After|If) [a-z][^,]{3,60}),")


def _pointing_intro(text: str, before: str) -> str | None:
    """ "When <doing X>, please ... This <noun> should include:" -> "What <noun> should I
    include when <doing X>?"."""
    m = _POINTING.match(text)
    lead = _WHEN_LEAD.match(before.strip())
    if m is None or lead is None:
        return None
    when = first_person(lead.group("when"))
    when = when[:1].lower() + when[1:]
    return f"What {m.group('noun')} {m.group('modal')} I include {when}?"


_MODAL_AS = {
    "must not": ("must", " not"),
    "should not": ("should", " not"),
    "may not": ("must", " not"),
    "need to": ("must", ""),
    "agree to": ("must", ""),
}


_PERSON_SUBJECT = re.compile(
    r"(?i)\b(?:I|you|employees?|staff|managers?|members?|workers?|contractors?|visitors?|"
    r"users?|customers?|students?|everyone|anyone|people|persons?|supervisors?|team|leaders?|"
    r"owners?|applicants?|candidates?|partners?|vendors?|suppliers?)\b"
)


def _modal_intro(m: re.Match[str], topic: str | None, ctx: DocContext) -> str | None:
    """ "<People> are expected to:" -> "What are <people> expected to do?"."""
    subject, lead = m.group("subject"), ""
    if ", " in subject:
        lead, subject = subject.rsplit(", ", 1)
    if not subject[:1].isupper() and not lead:
        return None
    if subject.split()[0].lower() in ("we", "our", "it", "this", "they"):
        return None
    subject = "I" if subject.lower() == "you" else lower_words(subject, ctx.words)
    modal = m.group("modal")
    verb, extra = _MODAL_AS.get(modal, (modal, ""))
    if not _PERSON_SUBJECT.search(subject) and verb in ("must", "should") and not lead:
        # "<An activity> must:" -> not "What must <the activity> do?"
        return f"What rules apply to {subject}?"
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


def _own_intro(text: str, topic: str | None, ctx: DocContext) -> str | None:
    """ "Our program includes:" under "Fabrikam Tools' Workplace Safety Program" ->
    "What does Fabrikam Tools' Workplace Safety Program include?"."""
    own = re.match(
        r"(?i)^(?:our|this|the|these)\s+(?P<noun>\w+)\s+(?P<verb>includes?|covers?|offers?|provides?)$",
        text,
    )
    if own is None or not topic:
        return None
    if topic.split()[-1].lower().rstrip("s") != own.group("noun").lower().rstrip("s"):
        return None
    verb = verb_base(own.group("verb").lower())
    do = "do" if is_plural(own.group("noun")) else "does"
    return f"What {do} {lower_words(topic, ctx.words)} {verb}?"


# "<Subject> has the following <things>", "<Subject> offers several <things> over <X>":
# the items are things of a kind the introduction names.
_KINDS_HAD = re.compile(
    r"^(?P<subject>[A-Z][\w.'’ -]{1,60}?)\s+(?P<verb>has|have|offers?|provides?|supports?)\s+"
    r"(?:the following|several|many|some|a few|a number of|various|these|two|three|four|"
    r"five|six|\d{1,2})\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"(?P<rest>\s+(?:over|for|compared to|compared with|than|when)\s+[^,;:]{2,60})?$"
)
_NO_OWNER = re.compile(r"(?i)^(?:it|they|this|these|that|those|we|you|there|each|every)\b")


def _kinds_had(text: str, ctx: DocContext) -> str | None:
    """ "<Subject> has the following <things>:" -> "What <things> does <subject> have?",
    with what the things are compared over ("several advantages over <X>")."""
    m = _KINDS_HAD.match(text)
    if m is None or _NO_OWNER.match(m.group("subject")):
        return None
    subject = m.group("subject")
    first = subject.split()[0]
    if first.endswith("ing") and first[1:].islower():
        subject = first.lower() + subject[len(first) :]  # "Using <Name>": an activity
    subject = lower_words(subject, ctx.words, keep_first=subject[:1].islower())
    do = "do" if m.group("verb") in ("have", "offer", "provide", "support") else "does"
    verb = verb_base(m.group("verb"))
    return f"What {m.group('noun')} {do} {subject} {verb}{m.group('rest') or ''}?"


def _verb_intro(text: str, topic: str | None, ctx: DocContext) -> str | None:
    """ "FitPass covers a wide range of activities, including:" -> "What does FitPass
    cover?"."""
    ends_in_verb = re.search(r"\b(?:include|includes|cover|covers|offer|offers)$", text)
    c = parse(text + (" them." if ends_in_verb else "."), ctx.words, topic, vague_ok=ctx.name or "")
    if c is None or c.kind != "verb" or c.negative:
        return None
    if re.fullmatch(r"[A-Za-z]+", c.subject) and english_word(c.subject.lower().rstrip("s")):
        return None  # "Options include:": a bare common noun names no one's options
    if c.verb in ("include", "includes"):
        return first_person(f"What are {c.subject}?")
    do = "do" if plural(c) else "does"
    return first_person(f"What {do} {c.subject} {verb_base(c.verb)}?")


def _in_its_language(
    run: ListRun,
    topic: str | None,
    parent: str | None,
    lang: str,
    sole: bool,
    headings: tuple[str, str | None],
) -> str | None:
    """A list in another language: the question its introduction asks in that language;
    else, for the one list under a heading that names its items, the question the heading
    asks in that language (never a template that quotes the heading: it asks nothing a
    user would)."""
    if run.intro is not None:
        return intro_question(run.intro.text, lang, headings[0])
    if not topic or not sole:
        return None
    # German writes every noun with a capital: the heading as written, not lowered.
    return heading_list_question(headings[0] if lang == "de" else topic, headings[1], lang)


_MOST_ITEMS = 15


def _outlined(topic: str, parent: str | None) -> bool:
    """A short topic whose only owner is an outline heading ("Claims" under "Chapter 3 -
    <title>"): "for <outline>" names no subject, and the bare topic names none either."""
    return bool(parent and len(topic.split()) <= 2 and OUTLINE_HEADING.search(parent))


# A label of remarks on what its section is about: asked alone, it names nothing (its
# list is asked with the section's topic by the label's own question).
_OWNERLESS_LABEL = re.compile(
    r"(?i)^(?:[\w-]+ )?(?:tips|notes|pointers|hints|reminders|considerations|remarks|"
    r"comments|advice|guidelines|takeaways)$"
)


_ASKS_ADVICE = re.compile(r"(?i)\b(?:tips?|advice|steps|ways|recommend\w*|should|how)\b")
_GLOSSARY = re.compile(r"(?i)glossary|definitions|terminology|begriffe|glossaire|glosario")


def _for_parent(
    topic: str, parent: str | None, ctx: DocContext, ctx_title: str | None
) -> str | None:
    """A short topic named for its parent heading ("Exceptions for Covered Services"),
    unless that is a part of the document or says the topic already; None when the parent
    heading is what says whose the topic is but no question can end on it."""
    shared = {w.casefold() for w in re.findall(r"\w+", topic)} & {
        w.casefold() for w in re.findall(r"\w+", parent or "") if len(w) > 3
    }
    if (
        not parent
        or len(topic.split()) > 2
        or parent.lower() in GENERIC_TOPICS
        or parent == ctx_title
        or document_part(parent)
        or shared  # "X for X"
    ):
        return topic
    if not topic_heading(parent, ctx.words):
        # "What are the roles?" under "Building your team": the heading says whose roles,
        # and a question cannot end on it ("... for building your team?").
        return None
    link = "of" if topic.split()[-1].lower() in ("examples", "types", "kinds") else "for"
    return f"{topic} {link} {parent}"


def _list_question(
    run: ListRun,
    topic: str | None,
    parent: str | None,
    lang: str,
    ctx: DocContext,
    ctx_title: str | None = None,
    sole: bool = False,
    headings: tuple[str, str | None] = ("", None),
) -> str | None:
    if lang != "en":
        return _in_its_language(run, topic, parent, lang, sole, headings)
    t = TEMPLATES[lang]
    if run.intro is not None:
        asked = _intro_question(run.intro.text, topic, ctx)
        if asked or _OWNERLESS_LABEL.match(run.intro.text.strip().rstrip(":")):
            return asked
        if not re.match(
            r"(?i)^(?:our|the|these|this|company|key)\b|^\w+(?:\s\w+)?:$", run.intro.text
        ):
            return None
    if not topic:
        return None
    if NO_SUBJECT_ADVICE.match(topic) or generic_advice(topic, run.items):
        return None  # "What are the tips for employees?" under one benefit of many
    if topic.lower() in GENERIC_TOPICS or _GLOSSARY.search(topic) or _outlined(topic, parent):
        return None
    named = _for_parent(topic, parent, ctx, ctx_title)
    if named is None:
        return None
    kinds = re.match(r"(?i)^(examples|types|kinds|forms|categories) of\s+(.+)$", named)
    if kinds:  # "Examples of <X>" -> "What are examples of <X>?"
        return f"What are {kinds.group(1).lower()} of {kinds.group(2)}?"
    head = re.match(r"^(\w+)\s+(?:to|for|of|in|on|under)\s", named)
    if head and is_plural(head.group(1)) and head.group(1).lower().endswith("s"):
        # "<Plural> to <X>" -> "What are the <plural> to <X>?"
        return f"What are the {named[:1].lower()}{named[1:]}?"
    given = re.match(
        r"(?i)^(?P<noun>\w+(?: \w+)?) (?P<rest>(?:typically |usually |that are )?"
        r"(?:included|covered|excluded|provided)\b.*)$",
        topic,
    )
    if given:  # "<Things> Typically Included in <X>"
        return f"What {given.group('noun').lower()} are {given.group('rest')}?"
    if re.search(r",|&", topic) and is_plural(topic) and ctx.period is None:
        # "<A>, <B> & <C>": several things, not one plural to ask for
        return f"What does {ctx.owner()} policy on {lower_words(topic, ctx.words, force=True)} say?"
    if is_plural(topic):
        return t["list"].format(topic=named)
    if not _holds_things(topic, ctx):
        return None
    return f"What does {'the ' if named[:1].islower() else ''}{named} include?"


# Nouns of things that hold or are made of parts: "What does the wellness program
# include?" asks what is in it; "What does discharge of debtor include?" asks nothing.
_CONTAINER = re.compile(
    r"(?i)^(?:program(?:me)?|plan|policy|package|kit|coverage|benefit|service|course|training|"
    r"agreement|contract|bundle|offer|membership|subscription|review|audit|summary|report|"
    r"application|process|procedure|check|exam|examination|visit|assessment|pack|set|"
    r"curriculum|scheme|allowance|insurance|warranty|guarantee|budget|fee|price|rate|menu)$"
)


def _holds_things(topic: str, ctx: DocContext) -> bool:
    """Whether a list under ``topic`` reads as what the topic includes: its head noun holds
    parts (a program, a plan, a kit), or it is a proper name."""
    head = re.split(r"(?i)\s+(?:of|for|to|in|on|at|by|with|from|under)\s+", topic.strip())[0]
    words = head.split()
    if not words:
        return False
    if _CONTAINER.match(re.sub(r"[^\w-]", "", words[-1])):
        return True
    return (
        len(words) >= 2 and all(w[:1].isupper() for w in words) and not ctx.words.common(words[0])
    )


# An introduction that says what the list leaves out: asked as what is included, the
# answer would say the opposite.
_LEAVES_OUT = re.compile(r"(?i)\b(?:does|do|shall|will)\s+not\s+(?:include|cover|mean)\b")


def _not_its_own(run: ListRun) -> bool:
    """Whether a list belongs to another form or cannot be asked as "what it includes": its
    introduction opens a defined term ("<Term> means the following:", asked with the
    whole definition) or says what is left out ("... does not include any:"), or its
    first item goes on from a term set above it ("means ...")."""
    if re.match(r"(?:means|shall mean|does not include)\b", run.items[0].text.strip()):
        return True
    intro = run.intro.text if run.intro is not None else ""
    return opens_entry(intro) is not None or bool(_LEAVES_OUT.search(intro))


def list_candidates(
    runs: Sequence[ListRun],
    topic: str | None,
    parent: str | None,
    lang: str,
    ctx: DocContext,
    title: str | None = None,
    sole: bool = False,
    headings: tuple[str, str | None] = ("", None),
) -> list[Candidate]:
    """One question per list, answered by every item of it (``sole``: the only list of a
    section's first chunk, whose heading names what it holds; ``headings``: its heading
    and the one above it, as written)."""
    out: list[Candidate] = []
    for run in runs:
        if len(run.items) < 2 or len(run.items) > _MOST_ITEMS:
            continue  # thirty job titles: an answer no grader can compare
        if link_list([i.text for i in run.items]):
            continue  # a reading list: titles and addresses, no fact to check
        if sample_items([i.text for i in run.items]):
            continue  # a template's stand-in items show a format, they state nothing
        if (lang == "en" and _not_its_own(run)) or in_glossary(run.items, run.items, lang):
            continue  # a glossary's entries are asked one by one, each whole
        told = sum(1 for i in run.items if _told(i.text))
        if lang == "en" and run.intro is None and told * 2 >= len(run.items):
            continue  # "We evaluated ...": an account of what was done, no list of things
        if (
            lang == "en"
            and run.intro is None
            and all(_LABELLED_RULE.match(i.text) for i in run.items)
        ):
            continue  # "Eligibility: ...", "Limits: ...": rules under labels, each asked alone
        question = _list_question(run, topic, parent, lang, ctx, title, sole, headings)
        if (
            question is None
            and lang == "en"
            and run.label
            and topic
            and is_plural(run.label)
            and not NO_SUBJECT_ADVICE.match(run.label)
            and topic_heading(topic, ctx.words)
        ):
            # "Reporting Procedures:" under "Whistleblower Policy"
            question = f"What are the {lower_words(run.label, ctx.words, force=True)} for {topic}?"
        if question is None and (defined := _defined(run, lang)) is not None:
            out.append(defined)
            continue
        answer, quotes = _whole_answer(run)
        if question is None or len(answer) > 1500:
            continue
        advice = sum(1 for i in run.items if ADVICE_ITEM.match(i.text.strip()))
        if lang == "en" and advice * 2 >= len(run.items) and not _ASKS_ADVICE.search(question):
            continue  # "What does foot care include?" answered by "Make sure you ...": tips
        # A label intro ("Company Values:") is not evidence: it reads as an empty field.
        said = run.intro is not None and len(run.intro.text.split()) > 5
        evidence = (run.intro.text + "\n" if run.intro and said else "") + "\n".join(
            quotes or (answer,)
        )
        out.append(Candidate(question, answer, evidence, run.items[0], "list", 1, quotes))
    return out


def _whole_answer(run: ListRun) -> tuple[str, tuple[str, ...]]:
    """Every item of the list, one a line; for a list too long to say whole whose every
    item names itself by a label ("Auskunftsrecht: Sie haben das Recht, ..."), the labels
    (each still names one item of the whole list), with the items as the quotes."""
    answer = items_answer(run.items)
    labels = item_labels(run.items) if len(answer) > 1500 else None
    if labels is None:
        return answer, ()
    return labels, tuple(i.text.strip() for i in run.items)


def _defined(run: ListRun, lang: str) -> Candidate | None:
    """A definition that runs on into its list (not English): asked as the term, answered
    by the defining sentence and every item."""
    found = defined_by_list(run.intro.text, lang) if lang != "en" and run.intro else None
    answer = items_answer(run.items)
    if found is None or len(answer) > 1500:
        return None
    answer = f"{found[1]}\n{answer}"
    return Candidate(found[0], answer, answer, run.items[0], "definition", 1)


# An item that is a whole sentence under a label of its own ("Limits: <a sentence>."): the
# items of such a list are different things said of the heading, not its members.
_LABELLED_RULE = re.compile(r"^\s*[A-Z][\w /&-]{1,30}:\s+(?:\S+\s+){3,}\S+[.!]\s*$")


def _told(item: str) -> bool:
    """Whether a list item is a passage of an account, not a thing listed: it speaks for
    the writer ("We ...", "Our ...") or opens with a clause of its own (eight words or
    more, no label before a colon) and runs on (two sentences or more, or 25 words or
    more). A thing named first ("Monthly tech talks. See the calendar.") is listed."""
    text = item.strip()
    if re.match(r"(?:We|Our|I)\b", text):
        return True
    sentences = [x for x in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if x]
    if ":" in text[:80] or not text.endswith((".", "!")) or len(sentences[0].split()) < 8:
        return False
    return len(sentences) >= 2 or len(text.split()) >= 25


def _cut_by_chunk(run: ListRun, text: TextChunk) -> bool:
    """Whether the chunk holds only part of the list ``run`` is part of: the document's
    list goes on before the chunk's first item or after its last (a list longer than a
    chunk), so an answer from the chunk would cut it."""
    doc = text.chunk.meta.get("document")
    own = [s for s in text.chunk.sections if s.kind != "heading"]
    if not isinstance(doc, Document) or not own or not run.items:
        return False
    where = {id(s): i for i, s in enumerate(doc.sections)}
    first, last = where.get(id(own[0])), where.get(id(own[-1]))
    if first is None or last is None:
        return False
    before = doc.sections[first - 1] if first > 0 else None
    after = doc.sections[last + 1] if last + 1 < len(doc.sections) else None
    opens = run.items[0] is text.body[0] and own[0].kind == "list_item"
    closes = run.items[-1] is text.body[-1] and own[-1].kind == "list_item"
    return (opens and before is not None and before.kind == "list_item") or (
        closes and after is not None and after.kind == "list_item"
    )


def _said(text: TextChunk) -> tuple[str, str | None]:
    """The chunk's heading and the one above it as written (a name keeps its capitals),
    the one above as its topic when it is shouted or names none."""
    heading = unnumbered(str(text.heading or "")).strip().rstrip(":").strip()
    above = unnumbered(text.path[-2]).strip() if len(text.path) >= 2 and text.parent else None
    return heading, (text.parent if above is None or above.isupper() else above)


@form(
    "whole list",
    content="lists",
    order=20,
    asks="list",
    languages=ALL_LANGUAGES,
    answer="list",
    kinds=("list", "definition"),
)
def whole_list(text: TextChunk) -> list[Candidate]:
    """Each list no heading's answer holds, asked as a whole (named by its section in English)."""
    changes, asked = release_lists(text)
    if changes:  # a release's list of changes, asked with the release
        text.hold(asked)
        return changes
    released = version_lists(text)  # a version's list of changes, asked with the release
    if released:
        return released
    if text.lang == "de":
        named = kinds_listed(text)  # "Welche Feiertage gibt es?" over a list of them
        if named:
            return named
    title_topic = topic_of(str(text.title), text.ctx.words) if text.title else None
    needs = needs_listed(text, [r for r in text.lists_left() if not _cut_by_chunk(r, text)])
    whole = [r for r in text.lists_left() if not _cut_by_chunk(r, text)]
    sole = text.opens_section and len(text.runs) == 1
    found = list_candidates(
        whole, text.topic, text.parent, text.lang, text.ctx, title_topic, sole, _said(text)
    )
    if text.lang != "en":
        return found
    inside = text.inside if text.inside and text.inside.lower() not in GENERIC_TOPICS else None
    return needs + [a for c in found if (a := anchored(c, text.ctx, inside)) is not None]
