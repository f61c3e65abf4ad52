"""A contact block laid out as a form: a person's name, phone, email and address under the
party they speak for ("Contractor", "Participating Entity", "Buyer Information").

Asked as a form, its fields read "What is the telephone?" and then borrow whatever the
document is about ("What is Cloud Solutions' telephone?"). A contact block is asked for
its person as the party's contact: "Who is the contact for the contractor?", "What is the
phone number of the contact for the contractor?". A field that names a role with a
person as its value ("Coordinator: | Ana Ruiz") names the contact ("the NASPO
coordinator"). A signer's title, a date and a signature are no question.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.tables.pairs import form_pairs
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.knowledge.model import Section

# How a question says each way of reaching a person, by the label's words.
_CHANNELS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"(?i)^(?:tele)?phone(?: number| no\.?)?$|^tel\.?$|^mobile$|^cell$"),
        "phone number",
    ),
    (re.compile(r"(?i)^e-?mail(?: address)?$"), "email address"),
    (re.compile(r"(?i)^fax(?: number| no\.?)?$"), "fax number"),
    (re.compile(r"(?i)^(?:mailing |postal |street )?address$"), "postal address"),
)
_NAME = re.compile(r"(?i)^(?:(?:contact )?name|contact(?: person)?|full name)$")
# Fields a contact block holds that no user asks about its person.
_NOT_ASKED = re.compile(r"(?i)^(?:(?:job )?title|position|date|signature|signed|by)$")
# A person's name as a value: two to four capitalised words, maybe a title after a comma.
_PERSON = re.compile(r"^(?:[A-Z][a-z'’.-]+|[A-Z]\.)(?: (?:[A-Z][a-z'’.-]+|[A-Z]\.)){1,3}(?:,.*)?$")
_PARTY = re.compile(r"^[^\W\d_][\w &'’.-]{0,40}$")
# A caption that says whose fields these are: "Buyer Information", "Supplier Details".
_OWNER = re.compile(r"(?i)\s+(?:information|details|info|data|contact|contacts)$")


def contact_candidates(part: TableChunk) -> list[Candidate] | None:
    """The questions of a contact block, or None when the form is not one (a name and at
    least two ways to reach the person)."""
    pairs = form_pairs(part)
    labels = [label for _, label, _ in pairs]
    channels = [c for c in (_channel(label) for label in labels) if c]
    named = [p for p in pairs if _NAME.match(p[1])]
    roles = [p for p in pairs if not _channel(p[1]) and _role(p[1], p[2])]
    if len(set(channels)) < 2 or len(named) + len(roles) != 1:
        return None
    party = _party(part)
    words = part.view.words
    if roles:
        role = lower_words(roles[0][1], words, force=True)
        who = f"{party}'s {role}" if party.startswith("the ") else f"the {party} {role}".strip()
        who = re.sub(" +", " ", who.replace("the  ", "the "))
    else:
        who = f"the contact for {party}" if party else "the contact"
    out = []
    for row, label, value in pairs:
        channel = _channel(label)
        if channel:
            question = f"What is the {channel} of {who}?"
        elif (named and label == named[0][1]) or (roles and label == roles[0][1]):
            question = f"Who is {who}?"
        else:
            continue
        out.append(_candidate(question, label, value, row))
    return out


def _channel(label: str) -> str | None:
    for pattern, said in _CHANNELS:
        if pattern.match(label.strip()):
            return said
    return None


def _role(label: str, value: str) -> bool:
    """A field that names a role and gives a person ("Coordinator: | Ana Ruiz")."""
    return not _NOT_ASKED.match(label) and not _NAME.match(label) and bool(_PERSON.match(value))


def _party(part: TableChunk) -> str:
    """Whom the block speaks for, as a question says it: "the contractor", "NASPO
    ValuePoint", "" when its caption names nobody."""
    caption = _OWNER.sub("", (part.view.caption or "").strip().rstrip(":"))
    if not caption or not _PARTY.match(caption) or len(caption.split()) > 5:
        return ""
    said = lower_words(caption, part.view.words)
    return said if said[:1].isupper() else f"the {said}"


def _candidate(question: str, label: str, value: str, row: Section) -> Candidate:
    evidence = f"{label}: {value}"
    covers = frozenset({(id(row), label)})
    return Candidate(question, value, evidence, row, "lookup", 1, (value,), covers=covers)


_ASKS = re.compile(
    r"^(?:Who is|What is the (?:phone number|email address|fax number|postal address) of) (?P<who>.+)\?$"
)


def names_party(question: str) -> bool:
    """Whether a contact question already says whose contact it asks for (then no other
    subject is added to it)."""
    m = _ASKS.match(question)
    return m is not None and m.group("who") != "the contact"


_ROLE_LINE = re.compile(r"^(?P<role>[A-Z][A-Za-z ]{2,40}):\s*(?P<name>[A-Z][^:;]{2,60}?)\s*$")
_FOR_ROLE = re.compile(r"\bthe contact for the (?P<role>[a-z][a-z ]{2,40})\?$")


def named_parties(question: str, texts: list[str]) -> str:
    """``question`` with the party it asks about named as the document names it: "the
    contact for the contractor" -> "the contact for SHI International Corp." when a line of
    the document reads "Contractor: SHI INTERNATIONAL CORP."; unchanged when none does."""
    m = _FOR_ROLE.search(question)
    if m is None:
        return question
    role = m.group("role")
    for text in texts:
        line = _ROLE_LINE.match(text.strip())
        if line is None or line.group("role").casefold() != role:
            continue
        # No full stop before the question mark ("Corp.?" reads as a pasted sentence).
        name = _as_written(line.group("name").strip(), texts).rstrip(".")
        if not _PERSON_OR_ORG.match(name.removeprefix("the ")):
            return question
        return question[: m.start()] + f"the contact for {name}?"
    return question


_PERSON_OR_ORG = re.compile(r"^[A-Z][\w&'’.,-]*(?: [\w&'’.,-]+){0,6}$")


def _as_written(name: str, texts: list[str]) -> str:
    """``name`` as the running text writes it when the line shouts it ("SHI INTERNATIONAL
    CORP." -> "SHI International Corp.", "STATE OF ALABAMA" -> "the State of Alabama"): a
    mixed-case spelling elsewhere wins, with the article the text gives it."""
    if not name.isupper():
        return name
    stop = "." if name.endswith(".") else ""
    pattern = re.compile(r"(?P<the>\bthe\s+)?" + re.escape(name.rstrip(".")), re.I)
    for text in texts:
        for found in pattern.finditer(text):
            said = found.group(0)[len(found.group("the") or "") :]
            if not said.isupper():
                return ("the " if found.group("the") else "") + said + stop
    return name
