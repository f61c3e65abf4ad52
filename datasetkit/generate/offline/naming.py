"""How offline questions name what they are about: whose policy ("What is Acme's policy
on remote work?"), which document, program or period a bare heading question belongs to
("What is covered by PerksPlus?"), and the forms of a report (a key result against its
target, a change "By how much were X up in May 2025?")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.words import lower_words, singular_of
from datasetkit.knowledge.model import Section

RESULT_LINE = re.compile(
    r"^(?:\*\*)?(?P<label>Key Result|KR\s*\d*|Target|Goal|Milestone)\s*\d*:\s*(?P<target>.+?)\s*"
    r"\((?P<word>Achieved|Actual|Result|Reached|Delivered|Status):\s*(?P<actual>[^()]+)\)\.?$",
    re.I,
)


def key_result(section: Section, ctx: DocContext) -> Candidate | None:
    """ "Key Result: 4 new strategic deals (Achieved: 3)" -> "What was achieved against the
    key result "4 new strategic deals" in May 2025?" -> "3 (target: 4 new strategic deals)"."""
    if section.kind != "list_item":
        return None
    m = RESULT_LINE.match(section.text.strip())
    if m is None:
        return None
    target, actual = m.group("target").strip(), m.group("actual").strip()
    label = (
        m.group("label").lower() if not m.group("label").upper().startswith("KR") else "key result"
    )
    when = f" in {ctx.period}" if ctx.period else ""
    question = result_question(target, when) or (
        f'What was achieved against the {label} "{target}"{when}?'
    )
    answer = f"{actual} (target: {target})"
    return Candidate(question, answer, section.text, section, "result", 1, (actual, target))


_BY = re.compile(
    r"^(?P<x>[A-Za-z][\w -]{2,50}?) (?P<v>reduced|increased|improved|cut|grown|raised|lowered|"
    r"decreased|shortened) by (?:\d[\d.,]*\s?%|[$€£]\s?\d[\d.,]*\s?[KkMm]?)$"
)
_COUNTED = re.compile(
    r"^(?P<cur>[$€£])?\d[\d.,]*\s?(?P<mult>[KkMm](?![a-z]))?(?P<pct>%)?\s+(?P<rest>[A-Za-z][^()]{2,70})$"
)
_DONE = re.compile(
    r"\b(?:closed|signed|won|launched|hired|completed|onboarded|shipped|delivered|published|"
    r"resolved|renewed|converted|booked)\b"
)


def result_question(target: str, when: str) -> str | None:
    """A key result asked in plain words, without giving its target away: "Average cycle
    time reduced by 10%" -> "By how much was average cycle time reduced in May 2025?",
    "3 large deals closed in <60 days" -> "How many large deals closed in under 60 days in
    May 2025?", "$500K new pipeline from target industries" -> "How much new pipeline from
    target industries was there in May 2025?"."""
    by = _BY.match(target)
    if by:
        x = by.group("x")
        x = x[:1].lower() + x[1:] if not re.match(r"[A-Z]{2}", x) else x
        return f"By how much was {x} {by.group('v')}{when}?"
    m = _COUNTED.match(target)
    if m is None:
        return None
    rest = re.sub(r"<\s*(?=\d)", "under ", m.group("rest")).strip()
    rest = re.sub(r">\s*(?=\d)", "over ", rest)
    if m.group("pct"):
        return f"What was the {rest}{when}?"  # "90% CSAT" -> "What was the CSAT ...?"
    if m.group("cur") or m.group("mult"):
        return f"How much {rest} was there{when}?"
    if _DONE.search(rest):
        return f"How many {rest}{when}?"
    return f"How many {rest} were there{when}?"


_CHANGE = re.compile(
    r"^(?P<subject>[A-Z][\w -]{3,60}?)\s+(?P<verb>were|was|are|is)\s+(?P<dir>up|down)\s+"
    r"(?:by\s+)?(?P<amount>\d[\d.,]*\s?%)"
)


def change_candidate(sentence: str, section: Section, ctx: DocContext) -> Candidate | None:
    """ "Product demo requests were up 22%, ..." -> "By how much were product demo requests
    up in May 2025?"."""
    change = _CHANGE.match(sentence)
    if change is None:
        return None
    subject = lower_words(change.group("subject"), ctx.words)
    if not ctx.words.name(subject.split()[0]):
        subject = subject[:1].lower() + subject[1:]
    when = f" in {ctx.period}" if ctx.period else ""
    question = f"By how much {change.group('verb')} {subject} {change.group('dir')}{when}?"
    return Candidate(question, sentence, sentence, section, "change", 1, (sentence,))


_BOILERPLATE_TOPIC = re.compile(
    r"(?i)^(?:introduction|scope|purpose|overview|questions|contacts?|seeking|about|general|"
    r"training and education|red flags|policy administration|other information|"
    r"additional information|tips|advice)\b|\bthis plan\b"
)
_COMPANYS = re.compile(r"(?i)^the company's")
_POLICY_DOC = re.compile(r"(?i)\b(?:polic(?:y|ies)|handbook|code of|guidelines|standards|rules)\b")


def about_question(topic: str, title: str | None, owner: str = "the company's") -> str | None:
    """How a user asks for a section's gist: "What is the company's policy on workplace
    violence?", "How does the Employee Handbook define workplace violence?"; None for a
    section that only frames the document (introduction, scope, questions or concerns)."""
    if _BOILERPLATE_TOPIC.match(topic) or re.search(r"\d{5}|\bUSA\b|\bP\.?O\.? Box\b", topic):
        return None  # "Anytown, USA 00000": an address, not a topic
    defined = re.match(r"(?i)^definitions? of (?:the )?(?P<what>.+)$", topic)
    if defined:
        return f"How does {title or 'the document'} define {defined.group('what')}?"
    if re.match(r"(?i)^(?:the company's|our|the)\b", topic):
        # "the company's mission" -> "Contoso Electronics' mission"
        return f"What is {re.sub(_COMPANYS, owner, topic)}?"
    if title and _POLICY_DOC.search(title):
        return f"What is {owner} policy on {topic}?"
    return (
        f"What does {title} say about {topic}?" if title else f"What should I know about {topic}?"
    )


_BARE = re.compile(r"^(?:What|Which|Who)\s+(?:is|are)\s+(?P<rest>[^A-Z?]{3,60})\?$")
_GIVEN = re.compile(r"\b(?:covered|included|excluded|reimbursed|allowed|eligible|offered)$")


def anchored(c: Candidate, ctx: DocContext, parent: str | None = None) -> Candidate:
    """A heading's bare question names what it is about: "What is covered?" under
    "Newborn Care" -> "What is covered for newborn care?", at the top of the PerksPlus
    document -> "What is covered by PerksPlus?"; "What are the insights & trends?" ->
    "... for May 2025?", "What are the job roles?" -> "... in the Employee Handbook?"."""
    m = _BARE.match(c.question)
    if c.question_type not in ("faq", "list") or m is None or "company" in m.group("rest"):
        return c
    stem = c.question[:-1]
    asked = {w.casefold() for w in re.findall(r"\w{4,}", stem)}
    if parent and not asked & {w.casefold() for w in re.findall(r"\w{4,}", parent)}:
        question = f"{stem} for {parent}?"
    elif _GIVEN.search(stem) and (ctx.subject or ctx.name):
        question = f"{stem} by {ctx.subject or ctx.name}?"
    elif ctx.period:
        question = f"{stem} for {ctx.period}?"
    elif ctx.name:
        question = f"{stem} in {ctx.name}?"
    else:
        return c
    return replace(c, question=question)


_THIS_DOC = re.compile(
    r"\b(?:this|the|my|your) (?P<noun>plan|policy|program|programme|handbook|guide|report|document)\b"
)


def this_document(fact: Fact, ctx: DocContext, path: Sequence[str] = ()) -> Fact | None:
    """ "... covered under this plan?" names the plan ("the Northwind Health Standard
    Plan") when the document is one, else the nearest heading that names one ("What is the
    purpose of the Workplace Violence Prevention Program?", "... violates the Whistleblower
    Policy?"); otherwise the question cannot say which, and is dropped."""
    m = _THIS_DOC.search(fact.question)
    if m is None or m.group(0).startswith("the"):
        return fact
    noun = m.group("noun")
    if ctx.name and ctx.name.lower().endswith(noun):
        name = ctx.name
        if ctx.period and noun in ("report", "document") and ctx.period not in name:
            name = f"{name} for {ctx.period}"  # a monthly report: which month, too
        return replace(fact, question=fact.question.replace(m.group(0), name, 1))
    for heading in reversed(path):
        named = _naming_heading(heading, noun) or _named_for(heading, noun, ctx)
        if named:
            return replace(fact, question=fact.question.replace(m.group(0), named, 1))
    return None


def _named_for(heading: str, noun: str, ctx: DocContext) -> str | None:
    """The one program the text names with the heading's words: "Workplace Violence" ->
    "the Workplace Violence Prevention Program"."""
    words = {w.casefold() for w in re.findall(r"[A-Za-z]{3,}", heading)} - {"and", "the"}
    if not words:
        return None
    found = [
        n
        for n in ctx.names
        if n.lower().endswith(noun) and words <= {w.casefold() for w in re.findall(r"\w+", n)}
    ]
    return f"the {found[0]}" if len(found) == 1 else None


def _naming_heading(heading: str, noun: str) -> str | None:
    """ "Contoso Electronics Whistleblower Policy" names "this policy" (as "the Contoso
    Electronics Whistleblower Policy"); "Purpose" or "Privacy" do not."""
    text = re.sub(r"^\W+|\s*:$", "", heading.strip())
    words = text.split()
    if not 2 <= len(words) <= 7 or words[-1].lower() != noun:
        return None
    if not all(w[:1].isupper() or w.lower() in ("of", "and", "for", "the", "&") for w in words):
        return None
    return text if words[0].lower() == "the" else f"the {text}"


_HAS_FIGURE = re.compile(r"\d|[$€£¥%]")
_INCLUDES_Q = re.compile(
    r"^What (?P<aux>will|does|do) (?P<det>(?:the|all|any) )?(?P<subj>.+?) "
    r"(?P<verb>include|contain|cover)\?$"
)


def named_by_label(fact: Fact, label: str, ctx: DocContext) -> Fact:
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


def generic_definition_last(c: Candidate) -> Candidate:
    """ "What are premiums?" -> a textbook definition: asked after the document's own
    rules and figures, not before them."""
    if c.question_type != "definition" or _HAS_FIGURE.search(c.answer):
        return c
    if re.search(r"\b[A-Z][a-z]+", c.question.split(" ", 2)[-1]):
        return c  # "What is Northwind Health Plus?": the document's own thing
    return replace(c, tier=2)


def names_its_subject(question: str, topic: str | None) -> bool:
    """ "What will the written summary include?" says which summary only under a heading
    that names it; a name in the question ("Northwind Standard") says it anyway."""
    body = question.split(" ", 1)[-1]
    if re.search(r"\b[A-Z][a-z]+", body):
        return True
    topic_words = {w.casefold() for w in re.findall(r"\w{4,}", topic or "")}
    return bool(topic_words & {w.casefold() for w in re.findall(r"\w{4,}", body)})
