"""Questions policy prose answers that the clause forms miss.

Each form is a sentence shape that policies, handbooks and benefit guides use over and
over, and the question a reader asks of it:

- "<Any person> who <does X> will be subject to <consequence>" -> "What happens to <a
  person> who <does X>?"
- "The purpose of this <program> is to ..." -> "What is the purpose of <the program>?"
- "You have the right to <verbs> <object>" -> "What rights do I have regarding <object>?"
- "Access to <thing> must be restricted to <people>" -> "Who can access <thing>?"
- "If you have any questions about <topic>, please contact <someone>" -> "Who should I
  contact about <organisation>'s <topic>?"
- "We use <means> to <do X>" -> "How does <organisation> <do X>?"
- "<Thing> will be <done> to the extent <limit>" -> "Will <thing> be <done>?" -> "Yes.
  ..." (a "Yes" that tells something: the limit the question did not state)
- "<Figure> will be calculated based on <basis>" -> "How is <figure> calculated?"
- "<People> are encouraged to report <thing> to <someone>" -> "Who should I report
  <thing> to?"; "<Organisation> uses <thing> for <purposes>, such as ..." -> "What does
  <organisation> use <thing> for?"
- "<Thing> must be <done> when <condition>." -> "When must <thing> be <done>?"; "... must
  be protected with <means>" -> "How must ... be protected?"
- "During the <event>, <someone> will <do X>" under a heading that names the event ->
  "What will <someone> do during <the event>?"
- "<Group> with <trait> saw <outcome>" in a report on a period -> "What did <group> with
  <trait> see in <period>?"

Every answer is the whole sentence; the question never contains it.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.forms.text.document import document_fact
from datasetkit.generate.offline.forms.text.terms import fee_asked, notice_asked
from datasetkit.generate.offline.language.words import capital, first_person, is_plural
from datasetkit.generate.offline.text.datelines import dateline_asked
from datasetkit.generate.offline.text.published import where_published
from datasetkit.generate.offline.text.view import Sentence

_WHO = (
    r"employees?|staff(?: members?)?|persons?|individuals?|contractors?|managers?|members?|"
    r"users?|workers?|supervisors?|visitors?|customers?|students?|anyone|someone"
)
_CONSEQUENCE = re.compile(
    rf"^(?P<det>Any|An|A|All)?\s*(?P<who>{_WHO})\s+who\s+(?P<vp>[^,;]{{4,120}}?),?\s+"
    r"(?:will|may|shall|can|could)\s+(?:be\s+)?(?:subject(?:ed)? to|face|receive)\s+\S",
    re.I,
)


def consequence(sentence: str) -> Fact | None:
    """ "Any employee who retaliates ... will be subject to disciplinary action" ->
    "What happens to an employee who retaliates ...?"."""
    m = _CONSEQUENCE.match(sentence)
    if m is None:
        return None
    who = m.group("who").lower()
    plural = (who.endswith("s") and not who.endswith("ss")) or (m.group("det") or "") == "All"
    if who in ("anyone", "someone"):
        head = "someone"
    elif plural:
        head = who
    else:
        head = f"{'an' if who[0] in 'aeiou' else 'a'} {who}"
    vp = first_person(m.group("vp").strip())
    return Fact(f"What happens to {head} who {vp}?", sentence, "consequence")


_PURPOSE = re.compile(
    r"^The (?:main |primary |overall |sole )?(?:purpose|aim|goal|objective) of (?P<what>[^,;]{3,80}?)"
    r" is to (?P<rest>.{10,})$"
)


def purpose(sentence: str) -> Fact | None:
    """ "The purpose of this <program> is to <do X>." -> "What is the purpose of this
    <program>?" (which program, naming says later, or the question is dropped)."""
    m = _PURPOSE.match(sentence)
    if m is None:
        return None
    what = first_person(m.group("what"))
    noun = re.search(r"\b(?:purpose|aim|goal|objective)\b", sentence[:40])
    word = noun.group(0) if noun else "purpose"
    return Fact(f"What is the {word} of {what}?", sentence, "purpose")


_RIGHTS = re.compile(
    r"^(?P<who>You|Employees|Members|Customers|Users|Staff|Participants)\s+(?:have|has)\s+"
    r"the right to\s+(?P<acts>.+?)\b(?P<obj>(?:your|their|the) [^,;.]{3,60}?)"
    r"(?=\s+(?:that|which|we|held|collected|stored)\b|[,;.]|$)"
)


def rights(sentence: str) -> Fact | None:
    """ "You have the right to <verb>, <verb> and <verb> <object> ..." -> "What rights do
    I have regarding <object, in the first person>?"."""
    m = _RIGHTS.match(sentence)
    if m is None:
        return None
    who = m.group("who")
    subject = "I" if who == "You" else who.lower()
    obj = first_person(m.group("obj"))
    return Fact(f"What rights do {subject} have regarding {obj}?", sentence, "rights")


_ACCESS = re.compile(
    r"^Access to (?P<what>[^,;]{3,60}?) (?:must|should|shall|will|is|are) (?:be )?"
    r"(?:strictly )?(?:restricted|limited) to\s+\S"
)


def access(sentence: str) -> Fact | None:
    """ "Access to <thing> must be restricted to <people>." -> "Who can access
    <thing>?"."""
    m = _ACCESS.match(sentence)
    if m is None:
        return None
    return Fact(f"Who can access {first_person(m.group('what'))}?", sentence, "access")


_CONTACT_ABOUT = re.compile(
    r"^(?:If you have|For) (?:any )?(?:further |other |additional )?(?:questions?|concerns?)"
    r"(?: or (?:questions?|concerns?))?\s+(?:about|related to|regarding|concerning|on)\s+"
    r"(?P<topic>[^,;]{3,80}?),\s*(?:please\s+)?(?:contact|reach out to|speak (?:to|with)|"
    r"talk to|ask|email|call|ping|get in touch with)\s+(?P<who>[^,;.]{2,80})"
)


def contact_about(sentence: str, ctx: DocContext) -> Fact | None:
    """ "If you have any questions about our <topic>, please contact <someone> ..." ->
    "Who should I contact about <organisation>'s <topic>?" ("our" is the organisation
    the title names)."""
    m = _CONTACT_ABOUT.match(sentence)
    if m is None or re.match(r"(?i)(?:us|them|him|her|it)\b", m.group("who")):
        return None
    topic = _ours(first_person(m.group("topic")), ctx)
    if topic is None or re.match(r"(?i)(?:this|these|that|those|it)\b", topic):
        return None
    return Fact(f"Who should I contact about {topic}?", sentence, "contact")


def _ours(text: str, ctx: DocContext) -> str | None:
    """ "our privacy policies" -> "Fabrikam Tools' privacy policies" (None when the
    document names no organisation to say it with)."""
    if not re.search(r"\bour\b", text, re.I):
        return text
    if not ctx.org:
        return None
    return re.sub(r"\b[Oo]ur\b", ctx.owner(), text)


_MEANS = re.compile(
    r"^(?P<s>We|[A-Z][\w&]*(?: [A-Z][\w&]*){0,3})\s+(?P<verb>uses?|employs?|relies on)\s+"
    r"(?P<tool>[^,;]{3,80}?)\s+to\s+(?P<vp>(?:protect|secure|ensure|keep|prevent|detect|"
    r"monitor|verify|track|store|encrypt|manage|measure|calculate|determine|process|"
    r"handle|review|assess|identify|notify|communicate|collect)\b[^;]{3,120}?)\.?$"
)


def means(sentence: str, ctx: DocContext) -> Fact | None:
    """ "We use <means> to <do X>." -> "How does <organisation> <do X>?" ("We" is the
    organisation the title names)."""
    m = _MEANS.match(sentence)
    if m is None:
        return None
    subject = m.group("s")
    if subject == "We":
        if not ctx.org:
            return None
        subject = ctx.org
    vp = _ours(first_person(m.group("vp")), ctx)
    if vp is None or re.search(r"\b(?:it|this|that|them|these|those)\b", vp.split(",")[0]):
        return None  # "to protect it": what, the question cannot say
    return Fact(f"How does {subject} {vp}?", sentence, "means")


_QUALIFIED = re.compile(
    r"^(?P<subject>The [a-z][\w' -]{3,60}?|All [a-z][\w' -]{3,60}?) (?P<modal>will|is|are)\s+"
    r"(?P<core>(?:be )?(?:kept|treated|held|handled|shared|disclosed|protected|"
    r"retained|stored|used) [\w -]{0,40}?)\s+(?P<limit>(?:to the extent|only (?:if|when|to|"
    r"with|for)|unless|except|provided that|subject to|where (?:required|permitted))\b[^;]{3,})$"
)


def qualified_yes(sentence: str) -> Fact | None:
    """ "<Thing> will be <done> to the extent <limit>." -> "Will <thing> be <done>?" ->
    "Yes. ...": the answer adds the limit, so the "Yes" is not the question's echo."""
    m = _QUALIFIED.match(sentence.rstrip("."))
    if m is None or re.search(r"\b(?:this|these|that|those)\b", m.group("subject")):
        return None
    subject = m.group("subject")
    subject = subject[:1].lower() + subject[1:]
    core = m.group("core").strip()
    if m.group("modal") == "will":
        question = f"Will {subject} {core}?"
    else:
        question = f"{capital(m.group('modal'))} {subject} {core}?"
    return Fact(first_person(question), f"Yes. {sentence}", "yes_no_limited")


_SAW = re.compile(
    r"^(?P<s>[A-Z][a-z][\w -]{3,60}?)\s+(?P<verb>saw|see|show|shows|showed|reported|"
    r"experienced|experience)\s+(?P<what>(?:increased|decreased|higher|lower|faster|slower|"
    r"stronger|weaker|more|fewer|less|better|worse|improved|declining|growing|rising|falling)"
    r"\b.{3,})$"
)


def report_observation(sentence: str, ctx: DocContext) -> Fact | None:
    """In a report on a period: "<Group> with <trait> saw <outcome> ..." -> "What did
    <group> with <trait> see in <period>?"."""
    if not ctx.period:
        return None
    m = _SAW.match(sentence)
    if m is None:
        return None
    subject = m.group("s")
    if not ctx.words.name(subject.split()[0]):
        subject = subject[:1].lower() + subject[1:]
    verb = "see" if m.group("verb") in ("saw", "see") else "show"
    if m.group("verb").startswith("experienc"):
        verb = "experience"
    # "What did healthcare accounts show?" is vague (reviewers asked which trend).
    what = "What trend" if verb == "show" else "What"
    return Fact(f"{what} did {subject} {verb} in {ctx.period}?", sentence, "observation")


_BASED_ON = re.compile(
    r"^(?P<x>The [a-z][\w' -]{3,60}?) (?P<be>will be|is|are|shall be) (?P<how>calculated|"
    r"determined|set|assessed|decided|priced|computed|based) (?:based )?on (?P<on>.{5,})$"
)


def based_on(sentence: str) -> Fact | None:
    """ "<Figure> will be calculated based on <basis> ..." -> "How is <figure>
    calculated?"."""
    m = _BASED_ON.match(sentence)
    if m is None or re.search(r"\b(?:this|these|that|those|it)\b", m.group("x")):
        return None
    x = m.group("x")
    x = x[:1].lower() + x[1:]
    be = "are" if m.group("be") == "are" else "is"
    if m.group("how") == "based":
        return Fact(first_person(f"What {be} {x} based on?"), sentence, "basis")
    return Fact(first_person(f"How {be} {x} {m.group('how')}?"), sentence, "basis")


_REPORT_TO = re.compile(
    r"^(?:(?:All )?(?:employees|staff|you|members|workers|everyone)\s+(?:are|is)\s+(?:also\s+)?"
    r"(?:encouraged|expected|required|asked)\s+to|We\s+(?:also\s+)?(?:encourage|ask|expect)\s+"
    r"(?:our|all)\s+(?:employees|staff|members)\s+to|(?:Please\s+)?)\s*report\s+(?:any\s+|all\s+)?"
    r"(?P<what>[^,;]{3,60}?)\s+to\s+(?P<to>(?:their|your|our|the|a)\s[^.;]{3,80})\.$",
    re.I,
)


def report_to(sentence: str) -> Fact | None:
    """ "<People> are encouraged to report <thing> to <someone> ..." -> "Who should I
    report <thing> to?"."""
    m = _REPORT_TO.match(sentence)
    if m is None or re.match(r"(?i)(?:it|this|these|them)\b", m.group("what")):
        return None
    what = first_person(m.group("what"))
    return Fact(f"Who should I report {what} to?", sentence, "contact")


_USES_FOR = re.compile(
    r"^(?P<s>[A-Z][\w&]*(?: [A-Z][\w&]*){0,3}|We)\s+(?:[a-z]+,\s+)*(?:[a-z]+,?\s+and\s+)?"
    r"uses?\s+(?P<x>(?:your\s+|personal\s+|customer\s+|employee\s+)*[a-z][\w -]{2,40}?)\s+"
    r"(?:for|to)\s+(?:a variety of purposes,\s+)?(?:such as|including)\s+(?P<rest>.{10,})$"
)


def uses_for(sentence: str, ctx: DocContext) -> Fact | None:
    """ "<Organisation> collects, stores, and uses <thing> for <purposes>, such as ..." ->
    "What does <organisation> use <thing> for?"."""
    m = _USES_FOR.match(sentence)
    if m is None:
        return None
    subject = m.group("s")
    if subject == "We":
        if not ctx.org:
            return None
        subject = ctx.org
    what = first_person(m.group("x"))
    return Fact(f"What does {subject} use {what} for?", sentence, "purpose")


_MUST_BE = re.compile(
    # A date the rule takes effect may lead ("From <date>, every <thing> must be ..."): the
    # answer keeps it, the question asks of the rule.
    r"^(?:(?:From|As of|Starting|Beginning|Effective|With effect from) [^,]{3,40},\s+)?"
    r"(?P<q>All |Any |Each |Every )?(?P<s>[A-Za-z][\w' ,-]{3,80}?) (?P<m>must|should|shall) "
    r"(?:only )?be (?P<p>(?:pre-|re-|co-)?\w+ed|kept|shown|held|worn|sent|done|given|made|taken|paid) "
    r"(?:securely |immediately |only )?"
    r"(?:(?P<when>when|before|after|once|whenever|upon|within|at)|(?P<how>with|using|by|through|via))\b"
    r"(?P<rest>.{3,})$"
)


def must_be(sentence: str) -> Fact | None:
    """ "All <things> must be <done> when <condition>." -> "When must <things> be
    <done>?"; "All <things> must be protected with <means>." -> "How must <things> be
    protected?"."""
    m = _MUST_BE.match(sentence)
    if m is None or re.match(r"(?i)(?:it|this|these|that|those|they|such)\b", m.group("s")):
        return None
    if re.match(r"(?i)(?:the\s+)?\w+$", m.group("s")) and not _proper(m.group("s")):
        return None  # "the <noun> must be ...": which one, no one can tell
    if re.match(r"(?i)(?:with|for|in|if|when|after|before|during|under|at|on|by)\b", m.group("s")):
        return None  # "With <condition>, <things> must be ...": a lead, not a subject
    if m.group("when") == "by" or re.match(r"\s*(?:the\s+)?\d", m.group("rest")):
        return None  # a deadline, asked by the deadline form
    subject = first_person(m.group("s"))
    subject = subject if _proper(subject) else subject[:1].lower() + subject[1:]
    if m.group("q") and m.group("q") != "All " and not is_plural(subject):
        # "Any plan for ... should be guided by ...": a singular noun keeps its quantifier.
        subject = f"{m.group('q').strip().lower()} {subject}"
    if m.group("how") in ("by", "with") and _PARTY.match(m.group("rest").strip()):
        # "... be discussed with the <Office>": who, not how.
        question = f"Who {m.group('m')} {subject} be {m.group('p')} {m.group('how')}?"
        return Fact(question, sentence, "means")
    head = "When" if m.group("when") else "How"
    question = f"{head} {m.group('m')} {subject} be {m.group('p')}?"
    return Fact(question, sentence, "when" if m.group("when") else "means")


# A party an action is done by or with: a name, or a person, a role or a body.
_PARTY = re.compile(
    r"(?:(?:the|your|a|an|their|its)\s+)?(?:[A-Z][\w.&'-]*\b|(?:\w+\s+){0,2}?(?:manager|"
    r"supervisor|trustee|officer|department|team|director|committee|staff|employee|"
    r"administrator|host|user|owner|agency|office|board|council|representative|person)s?\b)"
)


def _proper(text: str) -> bool:
    return bool(re.match(r"[A-Z][a-z]*[A-Z]|[A-Z]{2,}", text))


_DURING = re.compile(
    r"^During (?P<when>(?:the|your|each|every|a) [a-z][a-z -]{2,40}), (?P<s>(?:your|the|a) "
    r"[a-z][a-z ]{2,30}|[A-Z][\w ]{2,30}?) will (?P<v>discuss|review|cover|explain|ask|check|"
    r"assess|evaluate|look at|go over)\b(?P<rest>.{5,})$"
)


def during(sentence: str, topic: str | None) -> Fact | None:
    """ "During the <event>, your <someone> will <verb> ..." under a heading that names
    the event -> "What will my <someone> <verb> during my <event>?"."""
    m = _DURING.match(sentence)
    if m is None:
        return None
    when = m.group("when")
    noun = when.split()[-1]
    named = re.search(rf"(?i)\b(\w+) {re.escape(noun)}s?\b", topic or "")
    if when.startswith("the ") and len(when.split()) == 2:
        if named is None:
            return None  # "during the review": which review, the question cannot say
        when = f"my {named.group(1).lower()} {noun}"
    subject = first_person(m.group("s"))
    return Fact(
        first_person(f"What will {subject} {m.group('v')} during {when}?"), sentence, "what"
    )


_CHOOSE_FROM = re.compile(
    r"^(?:(?P<lead>With [A-Z][^,]{2,60}), )?you can choose from (?:a (?:wide )?(?:variety|range|"
    r"number|list|selection) of )?(?P<x>[a-z][\w -]{3,40}?),? (?:including|such as) .{5,}$"
)


def choose_from(sentence: str) -> Fact | None:
    """ "With <named plan>, you can choose from a variety of <things>, including ..." ->
    "Which <things> can I choose from with <named plan>?"."""
    m = _CHOOSE_FROM.match(sentence)
    if m is None:
        return None
    lead = f" {m.group('lead')[:1].lower()}{m.group('lead')[1:]}" if m.group("lead") else ""
    return Fact(f"Which {m.group('x')} can I choose from{lead}?", sentence, "choice")


_DEDUCTS = re.compile(
    r"^(?P<s>[A-Z][\w&]*(?: [A-Z][\w&]*){0,3}|We) (?:automatically )?deducts? (?P<x>the [a-z][\w' -]{3,60}?) "
    r"from (?:each|every|your|the employee's|their) (?:paycheck|paycheque|salary|pay|wages?)\b"
)


def deducts(sentence: str) -> Fact | None:
    """ "<Organisation> deducts <amount> from each paycheck." -> "How is <amount>
    paid?"."""
    m = _DEDUCTS.match(sentence)
    if m is None:
        return None
    return Fact(first_person(f"How is {m.group('x')} paid?"), sentence, "means")


def policy_fact(sentence: str, ctx: DocContext, topic: str | None = None) -> Fact | None:
    """The question one of the forms above asks of ``sentence`` (English), or None."""
    text = sentence.strip()
    if len(text) < 25 or len(text) > 420 or not text.endswith((".", "!", ")")):
        return None
    return (
        consequence(text)
        or purpose(text)
        or rights(text)
        or access(text)
        or where_published(text)
        or contact_about(text, ctx)
        or means(text, ctx)
        or qualified_yes(text)
        or based_on(text)
        or report_to(text)
        or uses_for(text, ctx)
        or must_be(text)
        or during(text, topic)
        or choose_from(text)
        or deducts(text)
        or report_observation(text, ctx)
        or document_fact(text, ctx)
    )


@form(
    "policy prose",
    content="statement",
    order=53,
    asks="lookup",
    languages=ENGLISH,
    answer="sentence",
    kinds=(
        "consequence",
        "purpose",
        "rights",
        "access",
        "contact",
        "means",
        "yes_no_limited",
        "basis",
        "observation",
        "choice",
        "scope",
        "when",
        "count",
        "definition",
        "amount",
        "limit",
        "deadline",
    ),
    figures=("when", "amount", "limit", "deadline"),
    alone=("count",),
)
def policy_prose(said: Sentence) -> Fact | Candidate | None:
    """The question a policy's sentence shape asks (the shapes above, then the document's),
    then a contract's fee or notice period stated as a figure (``terms``), then the date a
    document's opening line gives it (``datelines``)."""
    found = policy_fact(said.text, said.ctx, said.topic) or fee_asked(said) or notice_asked(said)
    return found or dateline_asked(said)
