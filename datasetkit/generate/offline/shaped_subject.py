"""The subject a document's shape names, where its title is no "<Name> <kind of document>".

Three shapes of document say what they are about by where they put it, not by a title a
reader of titles would recognise:

- a résumé or CV opens with its person's name (two to four capitalised words, a
  credential after a comma allowed: "<FIRST> <LAST>, PhD"), a contact line under it (a
  mail address, a phone number, a profile address) and the sections every CV has
  (experience, education, skills, in English, German, French or Spanish): its facts are
  that person's;
- a reference page is titled by the name of what it documents, written as code (a
  dotted, snake_case or camelCase name, a call "name()"), and its text says what kind
  of thing that is ("The <name> function encodes ..."): its facts are that function's,
  command's or option's;
- a call transcript opens with the company, its ticker in parentheses and the period of
  the call ("<Company> (<TICKER>) Q3 2025 Earnings Call"): its figures are what the
  company said in that call, for that period;
- a letter opens with its greeting ("Dear Shareholders", "Sehr geehrte ...", "Chers
  ...", "Estimados ...") and is signed for a company with its legal form ("<Name>,
  Inc."): it speaks for that company, named as its text names it most.

Each is read from the document's first lines and structure only; a document of none of
these shapes gives nothing here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.knowledge.model import Document

# Sections a CV has, in the languages the forms speak (a heading's words, any case).
_CV_SECTIONS = re.compile(
    r"(?i)\b(?:experience|employment|work history|education|skills|summary|profile|"
    r"qualifications|certifications?|publications|projects|languages|references|"
    r"berufserfahrung|ausbildung|kenntnisse|fähigkeiten|werdegang|qualifikationen|"
    r"expérience|formation|compétences|langues|"
    r"experiencia|educación|formación|habilidades|competencias|idiomas|perfil|profil)\b"
)
# A line of contact details: a mail address, a phone number, a profile address.
_CONTACT = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.]+|\+?\(?\d{2,4}\)?[\s.-]\d{2,4}[\s.-]\d{3,4}|linkedin\.com|github\.com"
)
# A name word: capitalised or in capitals, letters with an inner hyphen or apostrophe.
_NAME_WORD = re.compile(
    r"[A-ZÀ-Ý][a-zà-ÿ]+(?:[-'’][A-ZÀ-Ý]?[a-zà-ÿ]+)?|[A-ZÀ-Ý]{2,}(?:-[A-ZÀ-Ý]{2,})?"
)
# What follows a name after a comma: credentials, short and capitalised ("PhD", "MBA").
_CREDENTIALS = re.compile(r"(?:,\s*[A-Z][A-Za-z.]{1,6}){1,3}\s*$")
MIN_CV_SECTIONS = 2
# Words that make a name an organisation's.
_ORG_WORD = re.compile(
    r"(?i)\b(?:inc|corp|corporation|ltd|llc|plc|gmbh|ag|sa|group|company|bank|university|"
    r"college|institute|foundation|association|agency|department|services|solutions)\b"
)


@dataclass(frozen=True)
class Shaped:
    """A subject the document's shape names."""

    name: str  # "<First> <Last>", "the <code name> function", "<Company>"
    kind: str  # "person", "reference", "call", "organisation" (a letter's)
    phrases: tuple[str, ...]  # what a question that names it already says
    # A call's period as a question says it ("Q3 fiscal 2025"); the reference's kind.
    detail: str | None = None


def shaped_subject(doc: Document, titles: tuple[str, ...]) -> Shaped | None:
    """The subject ``doc``'s shape names (see the module), or None."""
    return person_of(doc) or reference_of(doc, titles) or call_of(doc) or letter_of(doc)


def _said_name(line: str) -> str | None:
    """A line as a person's name ("ROBERT THOMPSON, PhD" -> "Robert Thompson"), or None."""
    text = _CREDENTIALS.sub("", line.strip())
    words = text.split()
    if not 2 <= len(words) <= 4 or not all(_NAME_WORD.fullmatch(w) for w in words):
        return None
    if _CV_SECTIONS.search(text) or _ORG_WORD.search(text):
        return None  # a section's heading or an organisation, not a person's name
    return " ".join(w if not w.isupper() else w.capitalize() for w in words)


def person_of(doc: Document) -> Shaped | None:
    """The person a CV is about: its first line a name, a contact line among the next
    three, and at least two of a CV's sections among its headings."""
    first = [s for s in doc.sections[:4] if s.kind in ("heading", "paragraph")]
    if not first:
        return None
    name = _said_name(first[0].text)
    if name is None or not any(_CONTACT.search(s.text) for s in first[1:]):
        return None
    heads = {s.text.strip().casefold() for s in doc.sections if s.kind == "heading"}
    if sum(1 for h in heads if len(h.split()) <= 4 and _CV_SECTIONS.search(h)) < MIN_CV_SECTIONS:
        return None
    return Shaped(name, "person", (name, name.split()[-1]))


# A name written as code: dotted ("pkg.Func"), snake_case, camelCase, or a call "name()".
_CODE_NAME = re.compile(
    r"`?(?P<name>[A-Za-z_][\w]*(?:(?:\.|::)[A-Za-z_][\w]*)+(?:\(\))?|[a-z]+_[a-z_]+(?:\(\))?"
    r"|[a-z]+[A-Z]\w*(?:\(\))?|[A-Za-z_]\w*\(\))`?"
)
# The kinds of thing a reference page documents.
REFERENCE_KINDS = frozenset(
    re.findall(
        r"\S+",
        "function method command shortcode filter option setting parameter property class "
        "module hook endpoint directive macro variable template keyword attribute type",
    )
)
_REFERENCE_KINDS = "|".join(sorted(REFERENCE_KINDS))


def reference_of(doc: Document, titles: tuple[str, ...]) -> Shaped | None:
    """What a reference page documents: a title written as code that the text calls a
    function, a command, an option ... ("The `<name>` function ...")."""
    text = "\n".join(s.text for s in doc.sections[:12] if s.kind in ("paragraph", "list_item"))
    for title in titles:
        m = _CODE_NAME.fullmatch(title.strip())
        if m is None:
            continue
        name = m.group("name")
        # The text may call it by its last part ("the `<part>` function"), as an alias.
        part = re.split(r"\.|::", name)[-1]
        said = re.search(
            rf"(?i)\bthe\s+`?(?:{re.escape(name)}|{re.escape(part)})`?\s+"
            rf"(?P<kind>{_REFERENCE_KINDS})\b",
            text,
        )
        if said:
            kind = said.group("kind").lower()
            return Shaped(f"the {name} {kind}", "reference", (name,), kind)
    return None


_QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
# "<Company> (<TICKER>) Q3 2025 Earnings Call": a call's opening line.
_CALL_LINE = re.compile(
    r"^(?P<org>[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3})\s+\((?:[A-Z]+:\s*)?[A-Z]{1,5}\b[^)]*\)"
    r"\s+(?:Q(?P<q>[1-4])|(?P<qw>First|Second|Third|Fourth)[- ]Quarter)\s+(?:(?:FY|Fiscal\s+)?"
    r"(?P<year>(?:19|20)\d\d))\s+Earnings\s+(?:Conference\s+)?Call\b",
    re.IGNORECASE,
)


def call_of(doc: Document) -> Shaped | None:
    """The company and period of an earnings call transcript, from its opening line; the
    company said as the text writes it most, the year said as a fiscal year when the text
    says so ("the third quarter of fiscal 2025")."""
    for s in doc.sections[:3]:
        m = _CALL_LINE.match(s.text.strip())
        if m is None:
            continue
        text = "\n".join(x.text for x in doc.sections)
        org = _as_written(m.group("org"), text)
        quarter = m.group("q") or str(_QUARTER_WORDS[m.group("qw").lower()])
        year = m.group("year")
        fiscal = re.search(rf"(?i)\bfiscal(?:\s+year)?\s+{year}\b|\bFY\s?{year}\b", text)
        period = f"Q{quarter} {'fiscal ' if fiscal else ''}{year}"
        return Shaped(org, "call", (org,), period)
    return None


def _as_written(name: str, text: str) -> str:
    """``name`` in the casing the text writes it most ("Nvidia" -> "NVIDIA")."""
    found: dict[str, int] = {}
    for m in re.finditer(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])", text):
        found[m.group(0)] = found.get(m.group(0), 0) + 1
    return max(found, key=lambda k: found[k]) if found else name


# A letter's greeting, in the languages the forms speak.
_GREETING = re.compile(
    r"^(?:Dear|Sehr geehrte[rn]?|Liebe[rn]?|Cher|Chère|Chers|Chères|Madame|Monsieur|"
    r"Estimad[oa]s?|Querid[oa]s?)\b"
)
_SIGNED_FOR = re.compile(
    r"(?P<name>[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*){0,3}),?\s+"
    r"(?:Inc|Corp|Corporation|Ltd|LLC|PLC|plc|GmbH|AG|S\.A|SA|S\.L|SAS|SARL)\.?\s*$"
)
MIN_LETTER_MENTIONS = 5
_SIGN_OFF = 4  # the last paragraphs, where a letter is signed


def letter_of(doc: Document) -> Shaped | None:
    """The company a letter speaks for: its greeting first, its sign-off last naming a
    company with its legal form, which the text names at least five times."""
    paras = [s for s in doc.sections if s.kind == "paragraph"]
    if not paras or not _GREETING.match(paras[0].text.strip()):
        return None
    text = "\n".join(s.text for s in paras)
    for s in reversed(paras[-_SIGN_OFF:]):
        m = _SIGNED_FOR.search(s.text.strip())
        if m is None:
            continue
        # The name is the last words before the legal form (a signer's title may come
        # before it): each run of them, and each without its web suffix ("<Name>.com").
        words = m.group("name").split()
        runs = [" ".join(words[-k:]) for k in range(1, len(words) + 1)]
        forms = {f for run in runs for f in (run, run.split(".")[0])}
        counts = {f: _mentions(f, text) for f in forms if len(f) > 1}
        name = max(sorted(counts), key=lambda f: counts[f])
        if counts[name] >= MIN_LETTER_MENTIONS:
            return Shaped(name, "organisation", (name, runs[0]))
    return None


def _mentions(name: str, text: str) -> int:
    """How often ``text`` writes ``name`` as a word of its own (not inside a longer name)."""
    return len(re.findall(rf"(?<![\w.-]){re.escape(name)}(?![\w-]|\.\w)", text))
