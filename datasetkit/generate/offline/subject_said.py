"""The subject of a document as a question says it: the :class:`Subject` read by
``doc_subject``, and the last step that puts it in a question that names nothing specific.

It replaces the generic noun the subject ends with ("the tent" -> "the <Product> Tent",
"the policy" -> "<Company>'s <Name> Policy"), else adds "at <Organisation>", "for
<Product>", "in <Software>" or "under <Rules>" at the end of the question. It leaves alone
a question that names the subject or any other proper name, a question that asks what a
term means (the term is its subject), and a question whose end is a stranded preposition
("Who must it be approved by?").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from datasetkit.generate.gate.admit import reading_problem
from datasetkit.generate.gate.shape import question_problem
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.defined_terms import (
    asks_defined_term,
    defines_itself,
    listed_kind,
)
from datasetkit.generate.offline.full_name import said_in_full
from datasetkit.generate.offline.instrument_subject import renamed
from datasetkit.generate.offline.language.words import DocWords, english_word
from datasetkit.generate.offline.release_title import states_change
from datasetkit.generate.offline.shaped_said import by_turns, call_said, lead, person_said
from datasetkit.generate.offline.shaped_subject import REFERENCE_KINDS, Shaped
from datasetkit.generate.offline.subject_words import DOC_KINDS, RULE_NOUNS
from datasetkit.lint.subject import asks_a_definition, names_in, names_something

# How a subject is said after the question: an organisation's rules apply "at" it, a
# product's facts are "for" it, a policy's terms "under" it.
# The kinds of software a document names a program by ("<Name> is an open-source
# framework", "the <Name> Add-In").
SOFTWARE_KINDS = frozenset(
    re.findall(
        r"\S+",
        "add-in addin add-on addon plugin plug-in extension framework library toolkit sdk "
        "api cli app application package gem module editor generator engine compiler tool "
        "software runtime interpreter ide middleware connector driver daemon",
    )
)
# Kinds of written guidance a name can end with, beside the documents' own kinds.
_WRITTEN_KINDS = frozenset(("profile", "guidance", "standard", "standards", "guidelines"))
PREPOSITIONS = {
    "organisation": "at",
    "product": "for",
    "rules": "under",
    "place": "in",
    "person": "for",
}


@dataclass(frozen=True)
class Subject:
    """What a document is about, as a question names it."""

    name: str  # "Contoso Outdoor", "the TrailMaster X4 Tent", "Acme's Travel Policy"
    kind: str  # organisation, product or rules
    # What the evidence was: "title" (the title names it as such), "body" (the body
    # names it often enough to be sure of a title that is a name alone, or of no title),
    # or where else the document states it: "cover", "lead", "first line", "file name".
    evidence: str
    # The phrases a question that already names the subject holds (any one of them).
    phrases: tuple[str, ...]
    # The generic noun the name ends with ("tent", "policy"): "the tent" becomes the name.
    head: str | None = None
    # The organisation whose rules they are: the short way to say them at a question's
    # end ("... at Acme?"; a long policy name on every question makes them all alike).
    org: str | None = None
    # How sure it is: True when two places agree (the title and the body, a cover line
    # with a company suffix, the file's name); a likely subject is still one clear
    # place's. Weak evidence gives no subject at all.
    confirmed: bool = True
    # The kind of instrument an agreement or a solicitation is ("Master Agreement"): a
    # question's generic mention of it ("the Agreement") is said by the name.
    instrument: str | None = None
    # The short form the document uses for the subject ("<ACR>"): a question that says
    # it says the name in full instead, once.
    short: str | None = None
    # A piece of software (a framework, an add-in, a tool): what a user does is done "in"
    # it ("How do I bind a control in the <Name> Add-In?"), never "at" it.
    software: bool = False
    # A release's product ("<Name>" of "<Name> 1.2.0"): what a question says when its
    # evidence tells nothing the release brings or changes (the team, the community).
    general: str | None = None
    # Where a call's figures were said ("<Company>'s Q3 2025 earnings call"): a
    # question that says no period says it ("..., according to <source>?").
    source: str | None = None
    # The preposition the document itself says the subject with ("on <Platform>"), read
    # from its body; "" when nothing says one (the subject is then said only as an
    # owner, "<Name>'s ...").
    preposition: str | None = None

    def tail(self) -> str:
        """The phrase a question ends with: "at Acme", "for the X4 Tent", "under the Plan",
        "in the <Name> Add-In"; "" when no preposition is known."""
        if self.preposition is not None:
            return f"{self.preposition} {self.name}" if self.preposition else ""
        if self.software:
            kind = self.name.split()[-1].casefold()
            generic = kind in SOFTWARE_KINDS and not self.name.startswith("the ")
            return f"in the {self.name}" if generic else f"in {self.name}"
        if self.org:
            return f"at {self.org}"
        last = self.name.split()[-1].casefold() if self.name.split() else ""
        if self.kind == "organisation" and last in DOC_KINDS | _WRITTEN_KINDS:
            # A document's own name ("<Org> Data Profile", "<Team> Guide") is no place
            # anything happens "at": what it says holds according to it.
            the = "" if self.name.startswith("the ") else "the "
            return f"according to {the}{self.name}"
        return f"{PREPOSITIONS[self.kind]} {self.name}"


def with_subject(
    c: Candidate,
    subject: Subject,
    words: DocWords,
    doc_name: str | None = None,
    code_names: frozenset[str] = frozenset(),
) -> Candidate:
    """``c`` with its question naming ``subject``, when it names nothing specific; one that
    names the document itself ("... in the <Title> Manual?") names the subject there
    instead (the agent holds the subject's facts, not the file)."""
    q = c.question
    release = subject.general is not None
    subject = _release_or_project(c, subject)
    if subject.short and q.endswith("?"):
        said = said_in_full(q, subject.short, subject.name)
        if said != q:
            return replace(c, question=said)
    if subject.instrument and q.endswith("?"):
        said = renamed(q, subject.name, subject.instrument)
        if said != q:
            return replace(c, question=said)
    if q.endswith("?") and asks_a_definition(q):
        if subject.software and _generic_term(q, subject, code_names):
            # "What is a channel?" in a language's or a tool's guide: what the term means
            # there ("a channel" in another language is another thing).
            return replace(c, question=f"{q[:-1].rstrip()} {subject.tail()}?")
        return _defined_by(c, subject)
    if not q.endswith("?") or subject.kind == "person" or subject.source:
        return _shape_said(c, subject) if q.endswith("?") else c
    bare = f"the {subject.phrases[-1]}"
    if subject.org and bare in q and subject.org not in q:
        # "Does the Travel Policy cover ...?" -> "Does Acme's Travel Policy cover ...?"
        return replace(c, question=q.replace(bare, subject.name, 1))
    if any(p.casefold() in q.casefold() for p in subject.phrases):
        return c
    if subject.kind == "rules" and not subject.org and _topic_said(q, subject):
        return c  # "the reimbursement request" under "the Reimbursement Policy": said once
    named = _tail_named(q, subject)
    if named is not None:
        return replace(c, question=named)
    if doc_name and q.endswith(f" in {doc_name}?"):
        q = q[: -len(f" in {doc_name}?")] + "?"
    q = _part_dropped(q, subject)
    if asks_defined_term(c.question, c.evidence) and subject.kind == "rules":
        return _defined_by(c, subject)  # "Does <Term> include ...?" of a term it defines
    q = _heading_capitals_dropped(q, subject, words)
    if owned := _defined_term_owned(q, subject):
        return replace(c, question=owned)
    if names_something(q) and not _names_code_only(q, subject, code_names):
        return c
    fixed = _head_replaced(q, subject)
    if fixed is None and reading_problem(q):
        return c  # "What is the following?": the gate turns it down; naming would hide it
    question = fixed or _owned(q, subject) or _object(q, subject) or _appended(q, subject, release)
    if question is None:
        return c
    if question_problem(question, "en") and not question_problem(c.question, "en"):
        return c  # never turn a well-formed question into one the gate refuses
    return replace(c, question=question)


def from_shape(shaped: Shaped) -> Subject:
    """The :class:`Subject` a document's shape names (a CV, a reference page, a call)."""
    if shaped.kind == "person":
        return Subject(shaped.name, "person", "title", shaped.phrases)
    if shaped.kind == "organisation":
        return Subject(shaped.name, "organisation", "body", shaped.phrases)
    if shaped.kind == "reference":
        return Subject(shaped.name, "product", "title", shaped.phrases, shaped.detail)
    source = f"{shaped.name}'s {shaped.detail} earnings call"
    return Subject(shaped.name, "organisation", "lead", shaped.phrases, source=source)


def _shape_said(c: Candidate, subject: Subject) -> Candidate:
    """``c`` naming a CV's person or the call its figures were said in (``shaped_said``)."""
    q = c.question
    if reading_problem(q) or question_problem(q, "en"):
        return c  # the gate turns it down; naming would hide what is wrong
    if subject.source:
        said = call_said(q, subject.source)
    elif any(p.casefold() in q.casefold() for p in subject.phrases):
        return c
    else:
        path = c.section.provenance.heading_path
        said = person_said(q, subject.name, path[-1] if path else None)
    if said is None or question_problem(said, "en"):
        return c
    return replace(c, question=said)


def _release_or_project(c: Candidate, subject: Subject) -> Subject:
    """A release post's subject for ``c``: the release when the case tells what it brings
    or changes (the question, its evidence or, but for a word to the people behind the
    project, a heading it is under says so), else the project, named without the version."""
    if not subject.general:
        return subject
    path = c.section.provenance.heading_path
    said = f"{c.question}\n{c.evidence}"  # the question may say what its list's lead says
    if states_change(said, subject.name, "\n".join(path or ())):
        return subject
    return replace(subject, name=subject.general, phrases=(subject.general,), general=None)


def _names_code_only(q: str, subject: Subject, code_names: frozenset[str]) -> bool:
    """Whether the only names ``q`` says are names the page's own code uses (a type, a
    function: "Option", "FnOnce"): in a page about a language or a tool, they are the
    subject's, and the question still needs to say whose."""
    if not subject.software or not code_names:
        return False
    named = {n for n in names_in(q) if " " not in n}
    # A name in code font ("`client.timeout`") or a command-line flag ("-z", "--hidden")
    # is the page's own setting or call.
    coded = {n for n in named if "`" in n or n.startswith("-")}
    return bool(named) and named - coded <= code_names


def _generic_term(q: str, subject: Subject, code_names: frozenset[str]) -> bool:
    """Whether definition question ``q`` asks a term in words anyone uses (no name but
    the page's own code names), and does not say the subject."""
    if any(p.casefold() in q.casefold() for p in (*subject.phrases, subject.name)):
        return False
    return not names_something(q) or _names_code_only(q, subject, code_names)


def _part_dropped(q: str, subject: Subject) -> str:
    """``q`` without "... for user guide?": a part of the document named by its kind,
    not a topic."""
    part = re.search(r" for (?:the )?(?:[a-z]+ ){0,2}(?P<kind>[a-z]+)\?$", q)
    if part and part.group("kind") in DOC_KINDS and _the_document(part.group("kind"), subject):
        return q[: part.start()] + "?"
    return q


def _the_document(kind: str, subject: Subject) -> bool:
    """Whether a kind of document a question names ("... for user guide?") can be this
    document: not when the subject is a document of another kind ("... for final
    report?" in a handbook asks about a report it describes)."""
    return subject.kind != "rules" or subject.head in (None, kind) or subject.head in RULE_NOUNS


def _defined_by(c: Candidate, subject: Subject) -> Candidate:
    """ "What does Waiting Period mean?" asks a term a policy or an agreement defines for
    itself: another policy defines it otherwise, so the question says whose definition
    ("... under the <Policy>?"). A term asked in any other document ("What is a per
    diem?") is what the question is about."""
    q = c.question
    path = c.section.provenance.heading_path
    if subject.kind == "product" and path and listed_kind(path[-1]) and subject.name not in q:
        # A value a product's page lists ("the <value> status") is that product's.
        said = f"in {subject.name}" if subject.name[:1].isupper() else subject.tail()
        return replace(c, question=f"{q[:-1].rstrip()} {said}?")
    if subject.kind != "rules" or not defines_itself(c.evidence, path):
        return c
    if any(p.casefold() in q.casefold() for p in subject.phrases):
        return c
    return replace(c, question=f"{q[:-1].rstrip()} under {subject.name}?")


def _topic_said(q: str, subject: Subject) -> bool:
    """Whether ``q`` says every word of the rules' name before their kind ("<topic>")."""
    words = subject.phrases[-1].split()[:-1]
    return bool(words) and all(re.search(rf"(?i)\b{re.escape(w)}\b", q) for w in words)


def _tail_named(q: str, subject: Subject) -> str | None:
    """ "Who can join the volunteer program?" in a document about the "<Org> Volunteer
    Program": the question says the subject by the last words of its name, in lower
    case; the full name replaces them rather than being added a second time."""
    words = re.sub(r"^the ", "", subject.name).split()
    if subject.head and words[-1].casefold() != subject.head:
        return None  # "Handbook for <Audience>": its last words say whom it is for
    for k in range(len(words) - 1, 1, -1):
        m = re.search(rf"\bthe {re.escape(' '.join(words[-k:]))}\b(?!['’-])", q, re.IGNORECASE)
        # Only a generic mention in lower case: "the Basic Plan" names a plan already.
        if m and m.group(0).islower() and not _quoted_at(q, m.start()):
            said = subject.name
            if not said.startswith("the ") and "'" not in said and "’" not in said:
                said = f"the {said}"
            return q[: m.start()] + said + q[m.end() :]
    return None


def _quoted_at(text: str, pos: int) -> bool:
    return text[:pos].count('"') % 2 == 1 or text[:pos].count("“") > text[:pos].count("”")


def _head_replaced(q: str, subject: Subject) -> str | None:
    """ "How do I set up the tent?" -> "How do I set up the <Product> Tent?"."""
    if not subject.head:
        return None
    m = re.search(rf"\b(?:the|this|our) {re.escape(subject.head)}\b(?!['’-])", q)
    if m is None or _quoted_at(q, m.start()):
        return None
    return q[: m.start()] + subject.name + q[m.end() :]


_WHAT_THE = re.compile(
    r"^(?P<ask>(?:What|Who|Which) (?:is|are|was|were)) the (?P<np>(?:[a-z][\w-]* ){0,3}[a-z][\w-]*)\?$"
)
_PREPOSITION = re.compile(r"\b(?:of|for|in|on|at|to|by|with|from|about|under|per)\b")


def _owned(q: str, subject: Subject) -> str | None:
    """ "What are the core values?" -> "What are <Organisation>'s core values?"."""
    m = _WHAT_THE.match(q)
    if subject.kind != "organisation" or m is None or _PREPOSITION.search(m.group("np")):
        return None
    name = subject.name
    owner = f"{name}'" if name.endswith("s") else f"{name}'s"
    return f"{m.group('ask')} {owner} {m.group('np')}?"


def _heading_capitals_dropped(q: str, subject: Subject, words: DocWords) -> str:
    """Before a body's principal subject is said: a heading's capitals ("the Key
    Features") are no name of the question's own."""
    return _common_lowered(q, words) if subject.evidence == "principal" else q


def _common_lowered(q: str, words: DocWords) -> str:
    """``q`` with a heading's or a label's capitals ("the Key Features") dropped: each
    capitalised word after the first that the document writes in lower case, or a
    dictionary word its running text never capitalises inside a sentence (a product's
    name in dictionary words keeps its capitals); never an acronym."""
    first, _, rest = q.partition(" ")
    said = []
    for w in rest.split(" "):
        core = w.strip("?,;:()")
        plain = core[:1].isupper() and core[1:].islower()
        plain = plain and (words.common(core) or _dictionary_only(core, words))
        said.append(w.lower() if plain else w)
    return " ".join([first, *said])


# "my Account", "your Profile": a word of the language capitalised after a possessive,
# as terms of service write the things they define for their own platform.
_POSSESSED_TERM = re.compile(r"\b(?P<own>[Mm]y|[Yy]our) (?P<term>[A-Z][a-z]+)\b(?! [A-Z])")


def _defined_term_owned(q: str, subject: Subject) -> str | None:
    """``q`` with a defined term said as the subject's ("my Account" -> "my <Name>
    account"): the capital marks the platform's own thing, which the question then
    names; None when ``q`` holds no such term or another name."""
    m = _POSSESSED_TERM.search(q)
    if (
        m is None
        or subject.kind not in ("organisation", "product")
        or not english_word(m.group("term"))
    ):
        return None
    if subject.name.startswith("the ") or "'" in subject.name or "’" in subject.name:
        return None  # "my the X account", "my Acme's account": no attributive name
    said = f"{m.group('own')} {subject.name} {m.group('term').lower()}"
    owned = q[: m.start()] + said + q[m.end() :]
    if names_something(owned.replace(subject.name, "")) or question_problem(owned, "en"):
        return None
    return owned


def _dictionary_only(word: str, words: DocWords) -> bool:
    return english_word(word) and word.lower() not in words.capital


_BARE_TASK = re.compile(
    r"^How (?:do|can|should) (?:I|you|we) [a-z]+(?: (?:up|down|out|in|on|off|back|away))?\?$"
)


def _object(q: str, subject: Subject) -> str | None:
    """ "How do I set up?" asks about a product with no object: "How do I set up the
    <Product>?"."""
    if subject.kind != "product" or not _BARE_TASK.match(q):
        return None
    return f"{q[:-1]} {subject.name}?"


_ENDS_IN_PREPOSITION = re.compile(
    r"\b(?:of|for|in|on|at|to|by|with|from|about|under|into|over)$", re.IGNORECASE
)


_HOW_DO_I = re.compile(r"^How (?:do|can|should|would) (?:I|you|we)\b")


def _appended(q: str, subject: Subject, release: bool = False) -> str | None:
    """ "<question>?" -> "<question> at <Organisation>?", before a closing aside in
    parentheses ("(e.g., ...)") that belongs to the question's end."""
    body = q[:-1].rstrip()
    aside = ""
    m = re.search(r"\s+\([^()]*\)$", body)
    if m:
        body, aside = body[: m.start()], body[m.start() :]
    # "... at Fabrikam Inc?": an abbreviation's dot is not written before the mark.
    tail = subject.tail() if aside else subject.tail().rstrip(".")
    if not tail:
        return None  # no preposition the document says its subject with
    if subject.software and not release and _HOW_DO_I.match(q) and tail.startswith("in "):
        # A task is done with a program ("How do I ... with <Name>?"); what a release
        # changes is in it ("How do I silence the new warning in <Name> 2.1?").
        tail = "with " + tail[3:]
    if re.search(r"(?i)\b(?:the|a|an|this|that|its|their|your|my)$", body):
        return None  # "How often can I export the?": cut before its noun, naming hides it
    stranded = _ENDS_IN_PREPOSITION.search(body)
    if stranded and stranded.group(0).lower() == tail.split()[0]:
        return None  # "... register for for Acme?": the same word twice
    if stranded and subject.kind != "organisation" and not subject.org:
        return None  # "Who is it approved by under the Plan?": only "at" reads after one
    if subject.head in REFERENCE_KINDS and tail.startswith("for "):
        # A function's facts said "for" it: before some questions, so that a reference
        # page's questions (all of them its function's) do not end alike.
        front = lead(q, f"For {tail[4:]}") if by_turns(q) and not aside else None
        if front:
            return front
    return f"{body} {tail}{aside}?"
