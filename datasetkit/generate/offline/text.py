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
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.compare import compare_candidates
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.definitions import defined_figure, definition, described_further
from datasetkit.generate.offline.document import same_hours, second_facts
from datasetkit.generate.offline.facts import is_fluff, sentence_fact
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import (
    first_person,
    heading_question,
    lower_words,
    normalize,
    sentences,
    singular_of,
    topic_of,
    unnumbered,
)
from datasetkit.generate.offline.lists import (
    ADVICE,
    GENERIC_TOPICS,
    LABEL_LINE,
    NO_SUBJECT_ADVICE,
    ListRun,
    generic_advice,
    items_answer,
    list_candidates,
    list_runs,
    subject_intro,
)
from datasetkit.generate.offline.membership import membership_candidates
from datasetkit.generate.offline.naming import (
    about_question,
    anchored,
    change_candidate,
    generic_definition_last,
    key_result,
    named_by_label,
    names_its_subject,
    this_document,
)
from datasetkit.generate.offline.policy import policy_fact
from datasetkit.generate.offline.results import result_candidates
from datasetkit.knowledge.model import Section

_HOWTO = {
    "en": re.compile(r"^(?:how\s+to|how\s+do\s+i|how\s+can\s+i)\s+(?P<task>.+?)\??$", re.I),
    "es": re.compile(r"^(?:cómo|como)\s+(?P<task>.+?)\??$", re.I),
}


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
        return items_answer(run.items), items_answer(run.items)
    for run in runs:
        if run.intro is first:
            text = first.text.strip() + "\n" + items_answer(run.items)
            return text, text
    # An introduction followed by the rules it introduces: the rules are the answer too.
    for run in runs:
        nxt = body[1] if len(body) > 1 else None
        if nxt is not None and (run.intro is nxt or run.items[0] is nxt) and len(run.items) >= 2:
            lead = _opening(first.text) or first.text.strip()[:400]
            intro = run.intro.text.strip() + "\n" if run.intro is nxt and run.intro else ""
            text = f"{lead}\n{intro}{items_answer(run.items)}"
            if len(text) <= 1500:
                return text, f"{first.text}\n{intro}{items_answer(run.items)}"
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
        answer = items_answer(steps.items)
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
    if ordered and steps is not None and sentence_like and topic.lower() not in GENERIC_TOPICS:
        answer = items_answer(steps.items)
        question = TEMPLATES[lang]["steps"].format(topic=topic)
        if lang == "en" and ADVICE.match(topic):
            if NO_SUBJECT_ADVICE.match(topic) or generic_advice(topic, steps.items):
                return []  # "Tips for employees": a heading repeated under every benefit
            question = f"What are the {topic}?"  # not "What are the steps for tips for ...?"
        return [Candidate(question, answer, answer, steps.items[0], "procedure", -1)]
    return []


def fact_candidates(
    body: Sequence[Section],
    runs: Sequence[ListRun],
    topic: str | None,
    lang: str,
    ctx: DocContext,
    path: Sequence[str] = (),
) -> list[Candidate]:
    """Definitions and (English) sentence facts, one question per sentence at most."""
    out: list[Candidate] = []
    intro_of = {id(s): subject_intro(r) for r in runs for s in r.items}
    line_label: str | None = None  # the last "Data Security Audits:" line above
    for section in body:
        found_label = LABEL_LINE.match(section.text.strip())
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
            if found is not None and lang == "en":
                found = described_further(found, sentence, parts[i + 1 :])
            if found is None and lang == "en":
                before = parts[i - 1] if i > 0 else ""
                found = _fact(
                    sentence,
                    section,
                    topic,
                    ctx,
                    intro_of.get(id(section)),
                    line_label,
                    path,
                    before,
                )
                label = re.match(r"^[A-Z][\w &/-]{1,40}:\s+(?=[A-Z])", sentence)
                if found is None and label:  # "Emergency Services: The plan does not ..."
                    found = _fact(sentence[label.end() :], section, topic, ctx, None)
                if found is not None and i + 1 < len(parts):
                    found = _with_follow_up(found, sentence, parts[i + 1])
                out.extend(_besides(found, sentence, parts, i, section, ctx))
            out.extend(_with_figure(found))
    return out


def _with_figure(found: Candidate | None) -> list[Candidate]:
    """A definition and the figure it states, asked on its own ("How long is a store
    credit valid?"); a fee's definition is only its figure."""
    figure = defined_figure(found) if found is not None else None
    if figure is not None and figure.question_type == "amount":
        return [figure]  # "Restocking fee: a charge of 10% ...": what it is, is what it costs
    return [c for c in (figure, found) if c is not None]


def _besides(
    found: Candidate | None,
    sentence: str,
    parts: Sequence[str],
    i: int,
    section: Section,
    ctx: DocContext,
) -> list[Candidate]:
    """What a sentence answers besides its first question: when a service keeping "the
    same hours" is open, who provides what is offered, why not, what a change indicates."""
    out: list[Candidate] = []
    hours = same_hours(found, sentence, parts[i - 1] if i > 0 else "")
    if hours is not None:
        out.append(hours)
    asked = found.question if found is not None else ""
    out.extend(
        Candidate(f.question, f.answer, sentence, section, f.kind, 1, (sentence,))
        for f in second_facts(sentence, ctx)
        if f.question != asked
    )
    return out


_BARE_AMOUNT = re.compile(r"^What (?:is|are) the [a-z][a-z -]*\?$")
_FIGURE_KINDS = frozenset(("amount", "limit", "deadline", "frequency", "term", "when"))
_FOLLOW_UP = re.compile(
    r"^(?:This|These|However|But|Except|Unless|Otherwise|Note that|"
    r"(?:You|They|Employees|Members|Customers) (?:may|can) also|"
    r"It (?:also )?(?:includes|covers|contains|lists))\b"
)
_HAS_FIGURE = re.compile(r"\d|[$€£¥%]")


def _with_follow_up(found: Candidate, sentence: str, nxt: str) -> Candidate:
    """The answer with the next sentence when that one finishes what this one says:
    a caveat ("However, ...", "This does not apply ...") or the number this one lacks."""
    nxt = nxt.strip()
    if found.question_type == "scope" and not _FOLLOW_UP.match(nxt):
        return found  # "It was last updated in March 2026.": another question's answer
    if len(nxt) > 300 or len(nxt) < 15 or not nxt.endswith((".", "!", ")")) or is_fluff(nxt):
        return found
    caveat = bool(_FOLLOW_UP.match(nxt))
    pointing = re.match(r"^(?:This|These)\s+(?P<noun>[a-z]+)\s", nxt)
    if pointing and singular_of(pointing.group("noun")) not in {
        singular_of(w) for w in re.findall(r"[a-z]+", sentence.lower())
    }:
        caveat = False  # "This plan does not ..." after a sentence about providers: new topic
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


def _fact(
    sentence: str,
    section: Section,
    topic: str | None,
    ctx: DocContext,
    intro: str | None,
    line_label: str | None = None,
    path: Sequence[str] = (),
    before: str = "",
) -> Candidate | None:
    text = sentence
    if intro and section.kind == "list_item":
        text = f"{intro} {sentence[:1].lower()}{sentence[1:]}"
    change = change_candidate(sentence, section, ctx)
    if change is not None:
        return change
    fact = policy_fact(text, ctx, topic) or sentence_fact(text, ctx.words, topic)
    if fact is not None and fact.kind == "includes" and line_label:
        fact = named_by_label(fact, line_label, ctx)
    if fact is not None:
        fact = _demonstrative_named(fact, text, topic, path, ctx, before)
    if fact is None or (fact.kind == "includes" and not names_its_subject(fact.question, topic)):
        return None
    fact = this_document(fact, ctx, path)
    if fact is None:
        return None
    if fact.kind == "amount" and ctx.name and _BARE_AMOUNT.match(fact.question):
        # "What is the co-insurance?" -> "... in the Northwind Health Standard Plan?"
        fact = replace(fact, question=f"{fact.question[:-1]} in {ctx.name}?")
    answer = fact.answer if text == sentence else fact.answer.replace(text, sentence)
    if before and _BACK_REFERENCE.search(sentence) and len(before) < 300 and fact.kind != "contact":
        # "Phone support is available ... during the same hours.": which hours, the
        # sentence before says, so the answer holds both.
        answer = answer.replace(sentence, f"{before.strip()} {sentence}", 1)
        sentence = f"{before.strip()} {sentence}"
    fact = replace(fact, question=named_by_topic(fact.question, topic))
    tier = 2 if fact.kind in ("rule", "yes_no") else 1
    if fact.kind in _FIGURE_KINDS and _HAS_FIGURE.search(sentence):
        tier = 0  # "The deductible for Northwind Standard is $2,000": what users ask first
    return Candidate(fact.question, answer, sentence, section, fact.kind, tier, (sentence,))


_BACK_REFERENCE = re.compile(
    r"(?i)\b(?:the same (?:hours|days|times?|period|terms|conditions|address|number|rules)|"
    r"as above|as mentioned above|as described above)\b"
)


def named_by_topic(question: str, topic: str | None) -> str:
    """ "Within how many days is a claim decided?" under "How do I make a warranty claim?"
    -> "... is a warranty claim decided?": the heading's kind of claim, not any claim."""
    if not topic:
        return question
    for m in re.finditer(r"\b(?P<det>a|an|the) (?P<noun>[a-z]{4,})\b", question):
        kind = re.search(rf"(?i)\b(?P<mod>[a-z]{{4,}}) {m.group('noun')}s?\b", topic)
        if kind and kind.group("mod").lower() not in _NOT_MODIFIERS:
            mod = kind.group("mod").lower()
            if mod in question.lower():
                return question
            det = "an" if mod[0] in "aeiou" and m.group("det") != "the" else m.group("det")
            if (det == "an" and m.group("det") == "a") or det != "an":
                return (
                    question[: m.start()] + f"{det} {mod} {m.group('noun')}" + question[m.end() :]
                )
    return question


_NOT_MODIFIERS = frozenset(("make", "file", "submit", "your", "their", "with", "about", "from"))


_DEMONSTRATIVE = re.compile(r"^(?:This|These|That|Those)\s+(?P<noun>[a-z][\w-]*)\s")
_DOCUMENT_NOUNS = frozenset(("policy", "plan", "program", "programme", "handbook", "guide"))


def _demonstrative_named(
    fact: Fact,
    sentence: str,
    topic: str | None,
    path: Sequence[str],
    ctx: DocContext,
    before: str = "",
) -> Fact | None:
    """ "This notice must be provided ..." under "Notice of Privacy Practices" asks "When
    must the notice of privacy practices be provided?"; "This limit applies to ..." under a
    heading that does not say which limit asks nothing."""
    m = _DEMONSTRATIVE.match(sentence)
    if m is None or m.group("noun") in _DOCUMENT_NOUNS:
        return fact
    noun = m.group("noun")
    the = re.search(rf"\bthe {re.escape(noun)}\b", fact.question)
    if the is None:
        return fact  # the question names its subject some other way
    said = _antecedent(sentence, before)
    if said is not None:
        # "This written summary ..." after "... a written summary of their performance
        # review ..." -> "the written summary of my performance review"
        phrase, named = said
        if phrase in fact.question:
            return replace(fact, question=fact.question.replace(phrase, named, 1))
    words = (topic or "").split()
    if topic and " and " in topic and words[0].lower() == noun and len(path) >= 2:
        # "This training ..." under "Training and Education" in "Workplace Violence"
        parent = lower_words(path[-2], ctx.words)
        named = f"the {parent} {noun}"
        whole = f"the {topic.lower()}"  # "the training and education", named by the heading
        target = whole if whole in fact.question.lower() else the.group(0)
        start = fact.question.lower().index(target)
        question = fact.question[:start] + named + fact.question[start + len(target) :]
        return replace(fact, question=question)
    if topic and 1 < len(words) <= 6 and words[0].lower() == noun:
        named = f"the {topic[:1].lower()}{topic[1:]}"
        return replace(fact, question=fact.question.replace(the.group(0), named, 1))
    if names_its_subject(fact.question, topic):
        return fact
    return None


_SUBJECT_WORDS = re.compile(
    r"^(?:This|These|That|Those)\s+(?P<np>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+"
    r"(?:will|must|should|is|are|can|may|shall|includes?|contains?|covers?)\b"
)


def _antecedent(sentence: str, before: str) -> tuple[str, str] | None:
    """ "This written summary will include ..." after "Employees will receive a written
    summary of their performance review which ..." -> ("the written summary", "the written
    summary of my performance review"); None when the sentence before does not name it."""
    m = _SUBJECT_WORDS.match(sentence)
    if m is None or not before:
        return None
    np = m.group("np")
    found = re.search(
        rf"\b(?:a|an|the)\s+{re.escape(np)}\s+(?P<of>(?:of|for|on|about)\s+[a-z][\w' -]{{3,50}}?)"
        r"(?=\s+(?:which|that|who|will|is|are|must)\b|[,.;]|$)",
        before,
    )
    if found is None:
        return None
    of = found.group("of")
    if re.match(r"(?i)(?:all )?(?:employees|staff|members|workers|you)\b", before.strip()):
        of = re.sub(r"\btheir\b", "my", of)  # "employees ... their review": the asker's
    return f"the {np}", first_person(f"the {np} {of}")


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
        rest = body[len(title) :].lstrip(" :.-–")
        if rest[:1].islower():
            return text  # "Gene Therapy are two treatments ...": the heading is the subject
        return rest
    return text


def about_candidate(
    chunk: Chunk, body: Sequence[Section], topic: str, lang: str, ctx: DocContext
) -> Candidate | None:
    """The last resort for a section that gives nothing else: what it says, by name."""
    t = TEMPLATES[lang]
    lead = next((s for s in body if s.kind in ("paragraph", "page")), None)
    if lead is None or topic.lower() in GENERIC_TOPICS:
        return None
    if re.search(r"(?i)\b(?:19|20)\d\d\b|\bversion\b|\bv\d", str(chunk.meta.get("heading") or "")):
        return None  # "Effective Date: January 1, 2026 Version 4.2": a cover line, not a topic
    lead_text = _without_heading(lead.text, str(chunk.meta.get("heading") or ""))
    opening = _opening(lead_text, key=_head_noun(topic))
    if len(opening) < 40:
        return None
    evidence = lead.text
    # "... subject to the following:" and its items: the answer keeps the items.
    run = next((r for r in list_runs(body) if r.intro is lead and len(r.items) >= 2), None)
    if run is not None and lead.text.rstrip().endswith(":"):
        items = items_answer(run.items)
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
    runs = list_runs(body)
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
    # A comparison asks a two-plan sentence better than "What does X cover?" would.
    out.extend(compare_candidates(body, ctx, lang))
    if lang == "en":
        out.extend(result_candidates(body, ctx))
    out.extend(fact_candidates(body, runs, topic, lang, ctx, path))
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
    return [generic_definition_last(c) for c in out]
