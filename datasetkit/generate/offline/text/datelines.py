"""The date a policy, code or set of notes states for itself, asked of it by name.

Privacy policies, codes of conduct, terms, handbooks and release notes open with a line
that dates them: "Last Updated: <date>", "Effective from <date>", "Updated on: <date>",
"Issued on <date>". A reader asks "When was <Org>'s Privacy Policy last updated?", "When
did <Org>'s Code of Conduct take effect?"; the answer is the date, the line its evidence.

The question must name the document as a user does: its title when that says what kind of
document it is (a policy, a code, notes, a handbook, terms, ...), owned by the organisation
the text writes for (``writer_denies.writer``) unless the title names it already. A title
that names only its kind ("Privacy Policy") and no organisation is not asked (whose?),
nor a line further into the document (the date of something else), nor a line with more
than its date on it.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.generate.offline.text.writer_denies import writer
from datasetkit.knowledge.model import Document

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_DATE = (
    rf"(?:{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}|\d{{1,2}}(?:st|nd|rd|th)? {_MONTH},? \d{{4}}|"
    rf"\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{4}}|{_MONTH} \d{{4}})"
)
_DATELINE = re.compile(
    r"(?i)^(?P<label>last (?:updated|revised|modified|reviewed)|updated(?: on)?|revised(?: on)?|"
    r"effective(?: from| as of| on)?|effective date|date effective|issued(?: on)?|"
    r"published(?: on)?)\s*:?\s*(?P<date>" + _DATE + r")\.?$"
)
# The words a title names its kind of document with, last.
_KIND = re.compile(
    r"(?i)\b(?:polic(?:y|ies)|code of conduct|code of ethics|code|notes|handbook|guide|"
    r"guidelines|terms(?: of (?:use|service))?|terms and conditions|notice|agreement|"
    r"statement|procedures?|manual|charter|rules|regulations|bylaws|faq)$"
)
_PLURAL_KIND = re.compile(
    r"(?i)(?:policies|notes|guidelines|terms(?: of (?:use|service))?|conditions|procedures|"
    r"rules|regulations|bylaws)$"
)
# A name inside a title: a word with a capital or a digit after its first letter ("OS",
# "138", "DataHub").
_NAMED = re.compile(r"\b\w[\w-]*[A-Z0-9][\w-]*\b")
_SMALL = frozenset(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"])
_OPENING = 8  # the first sections of a document, where a line dates the document itself
_MOST_TITLE_WORDS = 8


def _title(doc: Document) -> str | None:
    """The document's title as a question says it (a shouted title in title case)."""
    first = next((s.text for s in doc.sections[:_OPENING] if s.kind == "heading"), "")
    title = " ".join((doc.title or first).split())
    if not title:
        return None
    if title.isupper():
        words = title.lower().split()
        title = " ".join(
            w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words)
        )
    return title


def _named_document(doc: Document, org: str | None) -> tuple[str, bool] | None:
    """ "<Org>'s <Title>" or "the <Title>" and whether it is plural; None when the title
    says no kind of document or names no one."""
    title = _title(doc)
    if title is None or len(title.split()) > _MOST_TITLE_WORDS or not _KIND.search(title):
        return None
    plural = bool(_PLURAL_KIND.search(title))
    who = writer(doc, org)
    if who and who.casefold() not in title.casefold():
        owner = f"{who}'" if who.endswith("s") else f"{who}'s"
        return f"{owner} {title}", plural
    rest = _KIND.sub("", title).strip()
    if not (who or _NAMED.search(rest)):
        return None  # "Privacy Policy" alone: whose, the question could not say
    return f"the {title}", plural


def dateline_asked(said: Sentence) -> Candidate | None:
    """ "When was <Org>'s <Title> last updated?" of a line that dates the document in its
    opening (English)."""
    m = _DATELINE.match(said.text.strip())
    doc = said.text_chunk.chunk.meta.get("document")
    if m is None or said.lang != "en" or not isinstance(doc, Document):
        return None
    opening = doc.sections[:_OPENING]
    if not any(s is said.section for s in opening):
        return None
    named = _named_document(doc, said.ctx.org)
    if named is None:
        return None
    name, plural = named
    label = m.group("label").lower()
    if label.startswith(("effective", "date effective")):
        question = f"When did {name} take effect?"
    else:
        be = "were" if plural else "was"
        verb = "last updated" if label.startswith(("last", "updated", "revised")) else ""
        verb = verb or ("issued" if label.startswith("issued") else "published")
        question = f"When {be} {name} {verb}?"
    line = said.text.strip()
    # The date is the answer; its label ("Effective Date:") is the line's, not the reply's.
    return Candidate(question, m.group("date"), line, said.section, "when", 0, (line,))
