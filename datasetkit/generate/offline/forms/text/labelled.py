"""A value set after its label on a line of its own ("Weight: 5 lbs", "Limits: Up to $50
per night"), asked as the label of what the section is about: "What is the weight of the
<Product>?", "What are the limits for accommodation?".

Spec sheets, role profiles, contract summaries and expense rules give their facts as
label and value, one per line or list item. The label names what a user asks for, the
section's heading (or, under a heading that only names a collection such as "Technical
Specs", the document's subject) what it belongs to. Only a short value is asked this
way: a value that is a sentence of its own is left to the sentence forms, which ask what
it says. A label that marks a kind of line (a note, a step, a speaker, a date) asks
nothing, nor a yes/no value (the label is then no noun a question can ask for).
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.language.clauses import IMPERATIVE
from datasetkit.generate.offline.language.code_names import code_subject
from datasetkit.generate.offline.language.words import is_plural, lower_words, unnumbered
from datasetkit.generate.offline.record_subject import FIELD, field_question
from datasetkit.generate.offline.text.device_legend import legend_entry
from datasetkit.generate.offline.text.measured_rules import labelled_measure
from datasetkit.generate.offline.text.priced_lines import priced_item
from datasetkit.generate.offline.text.reference import element_of
from datasetkit.generate.offline.text.scheduled import occasion_question
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document, Section

# Labels that mark a kind of line rather than name a property of the thing.
_NOT_A_PROPERTY = re.compile(
    r"(?i)^(?:note|notes|nb|tip|tips|hint|warning|caution|important|example|e\.g|i\.e|"
    r"q|a|question|answer|step|phase|stage|item|section|article|chapter|part|clause|"
    r"figure|fig|table|source|sources|see|ref|reference|references|http|https|www|"
    r"re|subject|from|to|attn|cc|bcc|date|sent|attachments?|signature|signed|by|"
    r"reason for modification|comments?|remarks?|description|summary|overview|"
    r"keywords?|tags?|title|name|version|page|status)\b"
)
# Headings that name a collection of properties, not the thing they belong to.
_COLLECTION = re.compile(
    r"(?i)\b(?:specs?|specifications?|details|information|info|overview|summary|"
    r"facts|key facts|at a glance|properties|attributes|characteristics|features|"
    r"particulars|profile|data|fields?|parameters|settings|values)$"
)
# A state a system reports at one moment (whether a service is up, how a deployment
# ended): a snapshot a document records in passing, no lasting fact to ask.
_SNAPSHOT = re.compile(
    r"(?i)^(?:running|stopped|started|starting|stopping|online|offline|ready|succeeded|"
    r"failed|pending|healthy|unhealthy|degraded|available|unavailable)$"
)
# A label of a reading taken at one moment (the space used, the time up): a snapshot too.
_READING = re.compile(r"(?i)^(?:current\s+)?(?:usage|uptime|used(?:\s+space)?)$")
# One value per case the label covers ("<a> for <case>, <b> for <other case>"): a question about
# the label alone asks of several things at once.
_PER_CASE = re.compile(r"(?i)\bfor\b[^,;]+[,;].*\bfor\b")
_YES_NO = re.compile(r"(?i)^(?:(?:yes|no|true|false)\b.*|(?:y|n|none|n/?a|tbd|-+)\.?)$")
_MAX_VALUE_WORDS = 14
# Labels on a record that mark a note or a signature, not a field of it.
_NOT_A_FIELD = re.compile(
    r"(?i)^(?:note|notes|nb|tip|warning|caution|important|example|comments?|remarks?|"
    r"signature|signed|page|see|ref|http|https|www)\b"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE_ONLY = re.compile(
    rf"(?i)^(?:(?:\d{{1,2}}\s+)?{_MONTH}\s+(?:\d{{1,2}},?\s+)?)?(?:19|20)\d\d"
    rf"(?:\s*[-–/]\s*(?:19|20)?\d\d)?\.?$|^\d{{1,4}}[-/.]\d{{1,2}}[-/.]\d{{1,4}}$"
)
# A value that opens with a verb whose subject is the label ("<Name>: Has no data", "Holds
# three values", "Returns the length"): it says what the labelled thing is or does (a
# code element's, a variant's), no value of a property "What is the <label>?" asks for.
_PREDICATE = re.compile(
    r"(?:Is|Has|Was|Does|Can|Will|Must|May|Should|Cannot|Never|Always)\s"
    r"|[A-Z][a-z]{2,}(?<!s)s\s(?:an?|the|no|one|two|three|four|five|six|several|many|some|"
    r"any|all|each|every|its|their|only|at\s+least|\d)\b"
)
# A value that opens with a pronoun is a sentence ("We treat everyone with respect").
_PRONOUN = re.compile(r"(?:We|You|They|It|He|She|Our|Your|Their|Its|This|These|Those)\b")
# Labels that ask something themselves, end in a preposition ("Fax to") or name when a
# document was handled ("Last updated"): no property of the thing.
_NOT_A_NAME = re.compile(
    r"(?i)^(?:how|what|when|where|why|who|which|whether|if)\b|\b(?:to|by|for|of|on|at|"
    r"with|from|in|and|or|updated|revised|modified|created|issued|approved|reviewed|"
    r"published|prepared|signed|dated|date|effective|submitted|received|"
    # A way to reach someone: the contact forms ask it ("How can I contact ...?").
    r"phone|telephone|tel|fax|e-?mail|website|web|url|address)$"
)
# A verb that makes a value a sentence of its own ("Employees must use ...").
_FINITE = re.compile(
    r"\b(?:is|are|was|were|be|been|must|may|might|can|cannot|could|will|would|shall|should|"
    r"has|have|had|do|does|did)\b",
    re.I,
)


# A rate or amount followed by a line that opens with a number of its own: text from two
# columns of a page read as one line.
_RUN_ON = re.compile(r"^[$€£]?\d[\d,.]*%?\s+\d+\s+[A-Z][a-z]")


def _value(value: str) -> str | None:
    """The value as an answer; None when it is a sentence of its own, or says nothing."""
    value = value.strip()
    words = value.split()
    if not words or _YES_NO.match(value) or _DATE_ONLY.match(value):
        return None  # a yes/no, or the date or period a document or table is for
    if _SNAPSHOT.match(value) or _PER_CASE.search(value):
        return None
    if len(words) > _MAX_VALUE_WORDS:
        return None
    if not re.match(r"[A-Z0-9$€£¥₹+(]", value) or re.match(r"(?:A|An|The)\s", value):
        # "Per diem: a fixed daily allowance", "Supplies: paper, forms": a glossary line
        # or an enumeration in running words, not a property's value.
        return None
    if ":" in value or value.endswith((":", ",", ";")):
        return None  # several labels run together, or a value cut off
    if _PREDICATE.match(value):
        return None  # "Includes a single String": what the labelled thing does, no value
    if words[0].lower() in IMPERATIVE:
        return None  # "Consent: Please read and sign": what to do with the form, not a value
    if _RUN_ON.match(value):
        return None  # a figure run together with the next column's line ("10% 555 Main St")
    if len(words) > 4 and not re.search(r"\d", value):
        return None  # a description or an instruction in running words, not a value
    if (len(words) > 4 and _FINITE.search(value)) or _PRONOUN.match(value):
        return None  # a sentence: asked by what it says
    return value.rstrip(".") if not re.search(r"\b[A-Za-z]\.$", value) else value


def _owner(text: TextChunk) -> str | None:
    """What the label belongs to as a question names it: the section's heading, else the
    heading above it, unless that only names a collection or repeats the document's title
    (then the document's subject, added to the question by the last step, names it)."""
    title = str(text.title or "").casefold()
    heading = unnumbered(str(text.heading or "")).rstrip(": ")
    if text.topic and not _COLLECTION.search(heading) and heading.casefold() != title:
        if not _recurs(text, heading):
            return text.topic
        # A heading repeated under several sections (the same part of each of several things)
        # names no one thing alone: the section it sits in says whose it is.
        parent = text.inside
        if not parent or parent.casefold() == text.topic.casefold():
            return None
        the = "the " if text.topic[:1].isupper() else ""
        return f"{the}{text.topic} for {parent}"
    parent = text.inside
    if parent and not _COLLECTION.search(parent):
        return parent
    return None


def _of_record(owner: str | None, record: str) -> bool:
    """Whether a line's owner is the record itself: no owner, or a heading that only says
    the record's kind ("INVOICE" over the fields of an invoice)."""
    if owner is None:
        return True
    said = set(re.findall(r"\w+", owner.casefold())) - {"the"}
    return bool(said) and said <= set(re.findall(r"\w+", record.casefold()))


def _recurs(text: TextChunk, heading: str) -> bool:
    """Whether the document sets the same heading over more than one section."""
    doc = text.chunk.meta.get("document")
    sections = getattr(doc, "sections", None) or []
    key = heading.casefold()
    return sum(1 for s in sections if s.kind == "heading" and s.text.casefold() == key) > 1


@form(
    "labelled value",
    content="item",
    order=50,
    asks="lookup",
    languages=ALL_LANGUAGES,
    answer="value",
    kinds=("attribute", "control", "message"),
    figures=("attribute",),
    alone=("attribute", "control", "message"),
)
def labelled_value(section: Section, text: TextChunk) -> Candidate | None:
    """ "Weight: 5 lbs" under the stove's heading -> "What is the weight of the stove?",
    answered "5 lbs"; in German, French or Spanish only a measure's label asks
    (:func:`labelled_measure`). A price list's item line, whose price is its value, is
    asked what it costs (:func:`priced_item`); a manual's legend line, what the control
    it names does or what the message it quotes means (:func:`legend_entry`)."""
    found = priced_item(section, text) or legend_entry(section, text)
    return found or _labelled(section, text)


def _labelled(section: Section, text: TextChunk) -> Candidate | None:
    """A "<Label>: <value>" line asked as the label of what its section names."""
    if text.lang != "en":
        return _of_named(labelled_measure(section, text.lang), text)
    line = section.text.strip()
    m = FIELD.match(line)
    if m is None or "\n" in line:
        return None
    label, value = m.group("label").strip(), _value(m.group("value"))
    if (found := _read_as_kind(label, m.group("value"), section, text)) is not None:
        return found
    grid = section.provenance.table is not None
    if text.ctx.record and (_of_record(_owner(text), text.ctx.record) or grid):
        # A field of a filled-in record (a line, or a row of a grid of its boxes): asked
        # of the record, which the question names.
        raw = m.group("value").strip().rstrip(".")
        if _NOT_A_FIELD.match(label) or _YES_NO.match(raw):
            return None
        question = field_question(label, raw, text.ctx.record, text.ctx.words)
        return (
            Candidate(question, raw, line, section, "attribute", 0, (line,)) if question else None
        )
    if value is None or not _names_property(label) or expands(label, value):
        return None
    own = [n.casefold() for n in (text.ctx.org, text.ctx.subject, text.title) if n]
    if len(value) > 3 and any(value.casefold() in n for n in own):
        return None  # "Company: <the organisation its title names>": nothing a reader asks
    if unnumbered(str(text.heading or "")).casefold() in (value.casefold(), line.casefold()):
        return None  # the heading's own line ("COVERED SERVICES: Ambulance"), repeated
    said = lower_words(label, text.ctx.words, force=True)
    be = "are" if is_plural(said) else "is"
    owner = _owner(text)
    if owner is not None and re.search(r"[\[\]()+{}<>|;]", owner):
        return None  # a template's heading or a code: no name a question can use
    asks = _asks(said, value)
    named = owner is not None and (owner[:1].isupper() or owner.startswith("the "))
    if owner is not None and not named and grid:
        # A row of a properties grid: its label is a property of what the heading names.
        owner, named = f"the {owner}", True
    if owner is not None and not named and len(said.split()) > 1:
        owner = None  # "sick leave" names itself; a topic adds only "for <heading>"
    if owner is not None and not named and re.search(r"\d|\w{3,}ed$", owner):
        return None  # "part 39", "Comments Invited": a heading that names no topic
    if owner is None:
        # "What is the weight?", "What is the burner type?" under "Technical Specs": of
        # what, only the document's subject can say; "sick leave" under a topic names itself.
        topical = text.topic is not None and not _COLLECTION.search(str(text.heading or ""))
        subject = subject_of(text.chunk, text.ctx)
        # A call's company says whose the label is no more than a page's furniture does.
        if not (topical and len(said.split()) > 1) and (subject is None or subject.source):
            return None
        question = f"{asks} {be} the {said}?"
    else:
        if owner[:1].isupper() and text.ctx.words.common(owner.split()[-1]):
            owner = f"the {owner}"  # a named thing of a common kind: "the <Name> Tent"
        question = _owned_question(asks, said, owner, named, value)
    tier = 0 if re.search(r"\d", value) else 1
    return Candidate(question, value, line, section, "attribute", tier, (line,))


def _read_as_kind(label: str, raw: str, section: Section, text: TextChunk) -> Candidate | None:
    """A line of a kind asked its own way: a code element's property, an event's day."""
    return _code_property(label, raw, section, text) or _occasion(label, raw, section, text)


def _occasion(label: str, raw: str, section: Section, text: TextChunk) -> Candidate | None:
    """An event's line ("<Event>: <weekday>, <date> at <time> at <place>"): asked when
    and where the event is held, answered by the whole occasion."""
    question = occasion_question(label, raw, text.heading, text.ctx.words)
    if question is None:
        return None
    line = section.text.strip()
    return Candidate(question, raw.strip().rstrip("."), line, section, "attribute", 0, (line,))


# The field a fact sheet names its thing by ("Nombre del curso: <Name>", "Nom du produit:
# <Name>"): a measure's question on the same sheet says whose it is.
_NAME_FIELD = re.compile(
    r"(?i)^(?:nombre|nom|intitulé|título)(?:\s+(?:del|de la|de l['’]|du|de)\s*[^\W\d_]+)?"
    r"\s*:\s*(?P<name>[A-ZÁÉÍÓÚÀÂÇÈÊÎÔÛ][^:;\n]{2,60})$"
)


def _of_named(found: Candidate | None, text: TextChunk) -> Candidate | None:
    """ "¿Cuál es el número de créditos?" on a sheet whose name field says "<Name>" ->
    "¿Cuál es el número de créditos de <Name>?" (Spanish and French, where "de" says whose
    without a case to agree)."""
    if found is None or text.lang not in ("es", "fr"):
        return found
    names = [
        m.group("name").strip().rstrip(".")
        for s in text.chunk.sections
        if (m := _NAME_FIELD.match(s.text.strip()))
    ]
    if len(names) != 1 or len(names[0].split()) > 8 or names[0] in found.question:
        return found
    asked = found.question.rstrip(" ?")
    mark = " ?" if text.lang == "fr" else "?"
    return replace(found, question=f"{asked} de {names[0]}{mark}")


def _code_property(label: str, raw: str, section: Section, text: TextChunk) -> Candidate | None:
    """A property of the option or setting a heading names as typed ("Default value: 60"
    under "array_width"), asked of the name quoted as code; its value may be words in
    lower case ("any positive integer"), as references give them."""
    above = text.path[-2] if len(text.path) >= 2 else None
    doc = text.chunk.meta.get("document")
    element = element_of(
        str(text.heading or ""),
        text.path,
        text.chunk.sections,
        doc if isinstance(doc, Document) else None,
    )
    code = element.said if element else code_subject(unnumbered(str(text.heading or "")), above)
    value = raw.strip().rstrip(".")
    if code is None or _NOT_A_PROPERTY.match(label) or _NOT_A_NAME.search(label):
        return None
    if label.isupper() or value.casefold().startswith(label.casefold()):
        return None  # a marker set before a note ("NEW: New in version 2"), no property
    if not 1 <= len(value.split()) <= _MAX_VALUE_WORDS or ":" in value:
        return None
    if _YES_NO.match(value) and not _DEFAULT_LABEL.match(label):
        return None  # a yes/no is no property's value, but "false" is a default's
    said = lower_words(label, text.ctx.words, force=True)
    be = "are" if is_plural(said) else "is"
    question = f"{_asks(said, value)} {be} the {said} of {code}?"
    if _DEFAULT_LABEL.match(label):
        question = f"What is the default value of {code}?"
    elif _VALUES_LABEL.match(label):
        question = f"Which values does {code} accept?"
    return Candidate(question, value, section.text.strip(), section, "attribute", 0, (value,))


# The label of an element's default, and the one of the values it accepts.
_DEFAULT_LABEL = re.compile(r"(?i)^default(?:\s+value)?s?$")
_VALUES_LABEL = re.compile(
    r"(?i)^(?:(?:allowed|accepted|possible|valid|supported)\s+(?:values|options|choices)|"
    r"values|choices|one of)$"
)


def expands(label: str, value: str) -> bool:
    """True for an abbreviation's key ("<ACR>: <the words its letters stand for>"): a
    glossary line, whose value spells the label's letters out, states no fact of
    anything."""
    letters = re.sub(r"[^A-Za-z]", "", label)
    if not (2 <= len(letters) <= 8 and label.strip().isupper()):
        return False
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", value) if w[0].isupper())
    every = "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", value))
    return letters.upper() in (initials.upper(), every.upper())


def _names_property(label: str) -> bool:
    """Whether a label names a lasting property of a thing: not a kind of line, a way to
    reach someone, a reading taken at one moment, a code, or a sentence's opening."""
    if _NOT_A_PROPERTY.match(label) or _NOT_A_NAME.search(label) or _READING.match(label):
        return False
    if re.search(r"\d|/", label):  # a code, or two labels joined by a slash
        return False
    return len(label.split()) <= 5 and label.split()[0].lower() not in _VERB_STARTS


def _owned_question(asks: str, said: str, owner: str, named: bool, value: str) -> str:
    """ "What is the <label> of <Name>?" / "... for <topic>?"; under a heading that is one
    plural noun (a collection of things, "Skills"), a label whose value lists several of
    them names a group of that collection, not what it is for: "Which skills are listed
    under visualization?"."""
    bare = re.fullmatch(r"[a-z][a-z-]+", owner) is not None and is_plural(owner)
    if not named and bare and len([x for x in value.split(",") if x.strip()]) >= 2:
        return f"Which {owner} are listed under {said}?"
    be = "are" if is_plural(said) else "is"
    return f"{asks} {be} the {said} {'of' if named else 'for'} {owner}?"


def _asks(said: str, value: str) -> str:
    """A person in a role ("Academic Editor: <Name>") is asked who, anything else what."""
    person = re.fullmatch(r"(?:[A-Z][\w'.-]*\s?){2,4}", value)
    return "Who" if _ROLE.search(said) and person else "What"


# Labels that name a person by the role they hold.
_ROLE = re.compile(
    r"\b(?:editor|author|manager|owner|contact|director|officer|lead|chair|president|"
    r"supervisor|reviewer|approver|sponsor|coordinator|administrator|representative|"
    r"advisor|adviser|head)s?$"
)


# Words that open an instruction or a clause, not the name of a property.
_VERB_STARTS = IMPERATIVE | {"stay", "no", "not", "if", "when", "for", "in", "to", "see"}
