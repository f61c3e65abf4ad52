"""How offline questions name what they are about: which document, program or period a
bare heading question belongs to ("What is covered by FitPass?"), which plan "this
plan" is, the heading's kind of thing ("a warranty claim", not "a claim"), what "This
summary" points back at, and when a textbook definition is asked (after the document's
own rules and figures)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.imperative import imperative_task
from datasetkit.generate.offline.language.words import (
    DocWords,
    first_person,
    lower_words,
    singular_of,
)
from datasetkit.generate.offline.subject_words import DOC_KINDS

_BARE = re.compile(r"^(?:What|Which|Who)\s+(?:is|are)\s+(?P<rest>[^A-Z?]{3,60})\?$")


def document_part(heading: str | None) -> bool:
    """Whether a heading names a part of the document itself ("Post award guide", "FAQ",
    "Annual report"), a place to find things in rather than a subject they are for."""
    words = re.findall(r"[^\W\d_]+", heading or "")
    return bool(words) and words[-1].casefold() in DOC_KINDS


# A heading that strings parts together ("<A>, <B> - <C>", "Chapter 3 - <title>"): said
# after "for", it reads as the document's outline, not as what a question is for.
OUTLINE_HEADING = re.compile(r",|\s[-–—]\s|(?i:\b(?:chapter|part|article|section)\s+\w+\b)")

# A heading that is a clause or a question of its own ("How Billing Works", "Overview:
# What is <X>?"): no noun phrase a question can end on ("... for how billing works?").
CLAUSE_HEADING = re.compile(
    r"(?i)^(?:[^:?]{2,40}:\s+)?(?:how|what|why|when|where|which|who)\b|^[^?]*\?\s*$"
)
# A heading that numbers or marks a part ("Lab 04", "[Amended]", "Step 2/ideation"):
# it says where a list is, not what it is for.
_MARKED_HEADING = re.compile(r"\d|[\[\]{}<>/|#]")
# The words that open a gerund's object ("Building your team", "Managing the budget").
_OBJECT_OPENS = frozenset(
    ["the", "a", "an", "your", "our", "their", "my", "his", "her", "this", "these", "those", "its"]
)


def topic_heading(heading: str, words: DocWords) -> bool:
    """Whether a heading names a topic a question can end on ("... for newborn care?"):
    a noun phrase, not an outline, a clause, a numbered or marked part, an order to the
    reader ("Get started") or a gerund with its object ("Building your team")."""
    if OUTLINE_HEADING.search(heading) or CLAUSE_HEADING.match(heading):
        return False
    if _MARKED_HEADING.search(heading) or imperative_task(heading, words):
        return False
    tokens = heading.lower().split()
    return not (len(tokens) > 1 and tokens[0].endswith("ing") and tokens[1] in _OBJECT_OPENS)


_GIVEN = re.compile(r"\b(?:covered|included|excluded|reimbursed|allowed|eligible|offered)$")


def anchored(c: Candidate, ctx: DocContext, parent: str | None = None) -> Candidate | None:
    """A heading's bare question names what it is about: "What is covered?" under
    "Newborn Care" -> "What is covered for newborn care?", at the top of the FitPass
    document -> "What is covered by FitPass?"; "What are the insights & trends?" ->
    "... for May 2025?", "What are the job roles?" -> "... in the Employee Handbook?".
    None when only a heading no question can end on ("Building your team") says whose."""
    m = _BARE.match(c.question)
    if c.question_type not in ("faq", "list") or m is None or "company" in m.group("rest"):
        return c
    stem = c.question[:-1]
    asked = {w.casefold() for w in re.findall(r"\w{4,}", stem)}
    part = parent if document_part(parent) else None
    if part and part.casefold() != re.sub(r"^the ", "", (ctx.name or "").casefold()):
        # "What are the contract modifications in the post award guide?", never "... for
        # post award guide?": a part of the document is where they are, not what for.
        question = f"{stem} in the {part}?"
    elif (
        parent
        and not part
        and topic_heading(parent, ctx.words)
        and not asked & {w.casefold() for w in re.findall(r"\w{4,}", parent)}
    ):
        question = f"{stem} for {parent}?"
    elif _GIVEN.search(stem) and (ctx.subject or ctx.name):
        question = f"{stem} by {ctx.subject or ctx.name}?"
    elif ctx.period and ctx.period.casefold() in stem.casefold():
        return c  # "What are the third quarter 2024 highlights?" says its period already
    elif ctx.period:
        question = f"{stem} for {ctx.period}?"
    elif ctx.name:
        question = f"{stem} in {ctx.name}?"
    elif parent and not part and not topic_heading(parent, ctx.words):
        return None
    else:
        return c
    return replace(c, question=question)


_THIS_DOC = re.compile(
    r"\b(?:this|the|my|your) (?P<noun>plan|policy|program|programme|handbook|guide|report|document)\b"
)


def this_document(fact: Fact, ctx: DocContext, path: Sequence[str] = ()) -> Fact | None:
    """ "... covered under this plan?" names the plan ("the Fabrikam Standard
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
    """A heading that is a policy's name in title case ("<Name> <Topic> Policy") names
    "this policy" (as "the <Name> <Topic> Policy"); a one-word heading ("Purpose") does
    not."""
    text = re.sub(r"^\W+|\s*:$", "", heading.strip())
    words = text.split()
    if not 2 <= len(words) <= 7 or words[-1].lower() != noun:
        return None
    if not all(w[:1].isupper() or w.lower() in ("of", "and", "for", "the", "&") for w in words):
        return None
    return text if words[0].lower() == "the" else f"the {text}"


# A figure: a digit, a currency or a percent sign.
HAS_FIGURE = re.compile(r"\d|[$€£¥₹%]")
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
    if c.question_type != "definition" or HAS_FIGURE.search(c.answer):
        return c
    if re.search(r"\b[A-Z][a-z]+", c.question.split(" ", 2)[-1]):
        return c  # "What is Fabrikam Plus?": the document's own thing
    return replace(c, tier=2)


def names_its_subject(question: str, topic: str | None) -> bool:
    """ "What will the written summary include?" says which summary only under a heading
    that names it; a name in the question ("Fabrikam Standard") says it anyway."""
    body = question.split(" ", 1)[-1]
    if re.search(r"\b[A-Z][a-z]+", body):
        return True
    topic_words = {w.casefold() for w in re.findall(r"\w{4,}", topic or "")}
    return bool(topic_words & {w.casefold() for w in re.findall(r"\w{4,}", body)})


def named_by_topic(question: str, topic: str | None) -> str:
    """ "Within how many days is a <noun> decided?" under a heading that names a kind of
    <noun> ("How do I make a <kind> <noun>?") -> "... is a <kind> <noun> decided?": the
    heading's kind, not any."""
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


def demonstrative_named(
    fact: Fact,
    sentence: str,
    topic: str | None,
    path: Sequence[str],
    ctx: DocContext,
    before: str = "",
) -> Fact | None:
    """ "This <noun> must be ..." under a heading that names the <noun> ("<Noun> of <Topic>")
    asks "When must the <noun> of <topic> be ...?"; "This <noun> applies to ..." under a
    heading that does not say which <noun> asks nothing."""
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
    """ "This <np> will include ..." after "<People> will receive a <np> of their <thing>
    which ..." -> ("the <np>", "the <np> of my <thing>"); None when the sentence before
    does not name it."""
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


_OWNED = re.compile(
    r"\bthe (?P<what>(?:company(?:'s)? )?(?:[a-z]+ ){0,2}(?:policy|policies|values))\b"
)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def said_in_context(c: Candidate, ctx: DocContext) -> Candidate:
    """A question that only the document's own organisation or period can answer says
    which: "Who does the privacy policy apply to?" in the handbook of an organisation ->
    "Who does <Org>'s privacy policy apply to?"; "When do classes start?" in a document
    titled for one term -> "When do classes start in <term>?"."""
    question = c.question
    m = _OWNED.search(question)
    if ctx.org and m and ctx.org.casefold() not in question.casefold():
        what = re.sub(r"^company(?:'s)? ", "", m.group("what"))
        question = f"{question[: m.start()]}{ctx.owner()} {what}{question[m.end() :]}"
    dated = ctx.period and ctx.period.casefold() in question.casefold()
    if ctx.period and question.startswith("When ") and not dated and not _YEAR.search(question):
        question = f"{question[:-1]} in {ctx.period}?" if question.endswith("?") else question
    return c if question == c.question else replace(c, question=question)


_AMOUNT_Q = re.compile(
    r"^How (?:many|much) (?P<unit>hours|days|weeks|months|years|time|leave|money)\b"
    r" (?:can|may|do|will|should|must) (?:I|we|you|employees|staff)\b(?P<rest>.*)\?$"
)
_HEADING_NUMBER = re.compile(r"^(?:[\dIVXivx]+[.)]|[A-Za-z][.)])(?:\d+[.)]?)*\s+")


def amount_named(c: Candidate, path: Sequence[str], ctx: DocContext) -> Candidate:
    """ "How many hours can I take?" says an amount of nothing in particular: under a
    heading ("Jury duty") that the question does not echo, it asks "How many hours can I
    take for jury duty?"; unchanged when any heading above says nothing a question can
    use (a question, a long title) or the question already names one."""
    m = _AMOUNT_Q.match(c.question)
    if m is None or not path or re.search(r"\b(?:for|of|on|to|in|with|about)\b", m.group("rest")):
        return c  # "... for each election": the question already says what for
    asked = {w.casefold() for w in re.findall(r"\w{4,}", m.group("rest"))}
    for heading in path:
        if asked & {w.casefold() for w in re.findall(r"\w{4,}", heading)}:
            return c
    leaf = _HEADING_NUMBER.sub("", path[-1].strip()).rstrip(":.").strip()
    if not leaf or len(leaf.split()) > 5 or not re.search(r"[A-Za-z]{3}", leaf):
        return c
    if re.search(r"\?|\b(?:can|may|must|should|will|how|what|when|who)\b", leaf, re.I):
        return c  # a heading that is a sentence ("Reasons someone can take leave")
    named = lower_words(leaf, ctx.words)
    return replace(c, question=f"{c.question[:-1]} for {named}?")
