"""What a short prose document says about itself: a letter, memo or notice names its
matter in a subject line or a title, its sender in a field, its first sentence or its
letterhead, and its reader in a field or a salutation.

A question asked of such a document says which matter it is about with these words
("the certificate" -> "the certificate of compliance for <the works>"; "In <the sender>'s
memo on <the matter>, what ..."), never with the file's name or a heading template. A
document is read so only when it is short (a page or two of text, next to no headings)
and shows the marks of correspondence: memo fields (To, From, Subject), a salutation, a
closing, or a title that names its kind (Notice, Memorandum, Announcement).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document, Section

# The fields of a memo or letter head, in the languages forms write: the label, then its
# value up to the next label.
_FIELDS: dict[str, tuple[str, ...]] = {
    "subject": ("Subject", "Subj", "Re", "Regarding", "Betreff", "Betr", "Objet", "Asunto"),
    "to": ("To", "An", "À", "Destinataires?", "Para"),
    "from": ("From", "Von", "Absender", "Expéditeur", "Remitente"),
    "date": ("Date", "Datum", "Fecha"),
    "cc": ("CC", "Cc", "Kopie"),
}
_LABEL = re.compile(
    r"(?:^|(?<=\s))(?P<label>"
    + "|".join(re.escape(w).replace(r"\?", "?") for ws in _FIELDS.values() for w in ws)
    + r")\.?\s*:\s*"
)
_SALUTATION = re.compile(
    r"^(?:Dear|To whom it may concern|Sehr geehrte|Liebe|Madame|Monsieur|Mesdames|Cher|Chère|"
    r"Estimad[oa]s?|Señor|Señora|Muy señor)\b"
)
_CLOSING = re.compile(
    r"^(?:Yours (?:sincerely|faithfully|truly)|Sincerely|(?:Kind|Best|Warm) regards|Regards|"
    r"Mit freundlichen Grüßen|Freundliche Grüße|Cordialement|Bien à vous|Veuillez agréer|"
    r"Atentamente|Saludos cordiales|Un saludo|Best wishes|Thanks|Thank you)\b"
)
# The kind a title names, and how a question says it.
_KINDS: tuple[tuple[str, str], ...] = (
    (r"memorand(?:um|a)|memo|aktennotiz|note de service|memorándum", "memo"),
    (r"notice|notification|avis|aviso|bekanntmachung|mitteilung", "notice"),
    (r"announcement|communiqué|comunicado", "announcement"),
    (r"circular|circulaire|rundschreiben", "circular"),
    (r"certificate|certification|bescheinigung|zertifikat|certificat|certificado", "certificate"),
)
_KIND_TITLE = re.compile(
    r"(?i)^(?:(?:official|public|important|internal)\s+)?(?P<kind>"
    + "|".join(k for k, _ in _KINDS)
    + r")\b(?:\s*:\s*(?P<named>.+)|\s+(?:of|on|about|regarding|concerning|for|zu|über|de|sur|"
    r"sobre)\s+(?P<about>.+))?$"
)
# A first sentence in which the sender speaks for itself: "<Name> informs ... that".
_DECLARES = re.compile(
    r"^(?P<who>(?:The\s+)?[A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|of|for|and|&))*)\s+"
    r"(?:hereby\s+)?(?:certifies|confirms|declares|announces|informs|notifies|reminds|"
    r"is pleased to)\b"
)
# Longest text, and most headings, a document read as correspondence has.
_MAX_TEXT = 8000
_MAX_HEADINGS = 3


@dataclass(frozen=True)
class LetterHead:
    """What a letter, memo or notice says about itself (None where it does not say)."""

    kind: str  # "letter", "memo", "notice", ...: what a question calls the document
    subject: str | None  # its matter, from its subject line or title
    sender: str | None
    recipient: str | None

    def called(self) -> str | None:
        """How a question names the document: "<sender>'s memo on <the matter>", "<sender>'s
        letter"; None when neither its matter nor its sender is said."""
        matter = self.matter()
        owner = ""
        if self.sender:
            who = self.sender.split(",")[0].strip()
            owner = f"{who}'" if who.endswith("s") else f"{who}'s"
        if matter is None:
            return f"{owner} {self.kind}" if owner else None
        bare = re.sub(r"^the ", "", matter)
        if self.kind != "letter" and bare.lower().startswith(self.kind):
            return f"{owner} {bare}" if owner else matter
        said = f"{self.kind} about {matter}"
        return f"{owner} {said}" if owner else f"the {said}"

    def matter(self) -> str | None:
        """The matter as a question says it: "the certificate of compliance for <the
        works>", "new approval limits for purchase orders" (a plural takes no article)."""
        if not self.subject:
            return None
        text = self.subject if re.search(r"[a-z]", self.subject) else self.subject.lower()
        if text[:1].isupper() and not re.match(r"^[A-Z][\w&'-]*\s+[A-Z]", text):
            text = text[:1].lower() + text[1:]
        head = self.head()
        if text[:1].isupper() or (head and head.endswith("s") and not head.endswith("ss")):
            return text  # a name, or a plural: said without an article
        return f"the {text}"

    def head(self) -> str | None:
        """The noun the matter is about: the last word before its first preposition."""
        if not self.subject:
            return None
        words = re.split(
            r"\s+(?:of|for|on|to|in|at|with|from|about|regarding|under)\s+", self.subject
        )
        found = re.findall(r"[A-Za-z]+", words[0])
        return found[-1].lower() if found else None


def fields(text: str) -> dict[str, str]:
    """The memo fields a paragraph holds ("To: ... From: ..."), by their role."""
    found = list(_LABEL.finditer(text))
    out: dict[str, str] = {}
    for n, m in enumerate(found):
        end = found[n + 1].start() if n + 1 < len(found) else len(text)
        label = m.group("label").rstrip(".")
        role = next(r for r, ws in _FIELDS.items() if any(re.fullmatch(w, label) for w in ws))
        value = text[m.end() : end].strip().rstrip(",;")
        if value and role not in out:
            out[role] = value
    if found and found[0].start() > 0:
        return {}  # a sentence that happens to hold a colon, not a field line
    return out


_READ: PerDocument[LetterHead | None] = PerDocument()


def letter_head(doc: object) -> LetterHead | None:
    """The :class:`LetterHead` of a short prose document that reads as correspondence."""
    if not isinstance(doc, Document):
        return None
    return _READ.get(doc, lambda: _read(doc))


def _read(doc: Document) -> LetterHead | None:
    body = [s for s in doc.sections if s.kind in ("paragraph", "list_item", "page", "heading")]
    if sum(len(s.text) for s in body) > _MAX_TEXT:
        return None
    if sum(1 for s in body if s.kind == "heading") > _MAX_HEADINGS:
        return None
    found: dict[str, str] = {}
    kind = None
    about = None
    for s in body[:8]:
        text = s.text.strip()
        for line in [text, *text.splitlines()]:
            for role, value in fields(line.strip()).items():
                found.setdefault(role, value)
        titled = _KIND_TITLE.match(text.rstrip(".:"))
        if titled and len(text) < 120 and kind is None:
            kind = next(k for p, k in _KINDS if re.fullmatch(p, titled.group("kind").lower()))
            # "Notice of <matter>" is its matter whole; "Announcement: <matter>" after the colon.
            about = titled.group("named") or (text if titled.group("about") else None)
    greeted = any(_SALUTATION.match(s.text.strip()) for s in body[:10])
    closed = any(_CLOSING.match(s.text.strip()) for s in body[-6:])
    memo = "to" in found and ("from" in found or "subject" in found)
    if not (memo or greeted or closed or kind):
        return None
    if kind is None:
        kind = "memo" if memo and not greeted else "letter"
    subject = _clean(found.get("subject") or about)
    sender = found.get("from") or _declarer(body) or _signed(body)
    return LetterHead(kind, subject, _clean(sender), _clean(found.get("to")))


def _declarer(body: list[Section]) -> str | None:
    """Who the document speaks for, when a sentence near its top says "<Name> informs ..."."""
    for s in body[:6]:
        m = _DECLARES.match(s.text.strip())
        if m and s.kind != "heading":
            return re.sub(r"^The\s+", "the ", m.group("who"))
    return None


# A line that names a body ("... Association", "... Bureau", "... (ACRONYM).").
_BODY_LINE = re.compile(
    r"^(?:The\s+)?[A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|of|for|and|the|in|&))*\s+"
    r"(?:Association|Bureau|Department|Council|Authority|Agency|Service|Office|Ministry|Company|"
    r"Corporation|Committee|Board|Commission|Division|Institute|University|Foundation|Ltd|Inc|"
    r"LLC|GmbH)\.?(?:\s+\([A-Z]{2,}\))?\.?$"
)


_BODY_END = re.compile(
    r"\b(?:Office|Division|Department|Team|Unit|Section)\s+(?=[A-Z][\w&'-]+\s+.*"
    r"(?:Association|Bureau|Council|Authority|Agency|Ministry|Company|Corporation|Institute|"
    r"University|Foundation|Ltd|Inc|LLC|GmbH)\.?$)"
)


def _signed(body: list[Section]) -> str | None:
    """The body a letter is signed for: the last line of its closing block that names one."""
    closing = [n for n, s in enumerate(body) if _CLOSING.match(s.text.strip())]
    start = closing[-1] if closing else max(0, len(body) - 4)
    lines = [line.strip() for s in body[start:] for line in s.text.splitlines()]
    # A unit above its body, on lines run together ("<Unit> Office <Body> Institute"): the body.
    named = [
        _BODY_END.split(line.rstrip("."))[-1] or line.rstrip(".")
        for line in lines
        if _BODY_LINE.match(line)
    ]
    if named:
        # "<Name> of <Y>" and "<Name> Bureau" take the article; "<Place> County Council" does not.
        common = re.search(
            r"\b(?:of|and)\b|(?:Association|Bureau|Department|Agency|Service|Office|"
            r"Ministry|Commission|Committee|Board|Division|Institute)$",
            named[-1],
        )
        return f"the {named[-1]}" if common and not named[-1].startswith("The ") else named[-1]
    # A body's long name closed by its short one: "<Federal Service for ...> (<ACRONYM>)."
    short = [m.group(1) for line in lines if (m := _SHORT_NAME.search(line))]
    return short[-1] if short else None


_SHORT_NAME = re.compile(r"^[A-Z].{10,200}\(([A-Z]{3,})\)\.?$")


def _clean(value: str | None) -> str | None:
    if not value:
        return None
    value = re.sub(r"\s+", " ", value).strip(" .;:,")
    return value if 2 <= len(value) <= 120 else None


# A capitalised word that names something (not "I", a month or a day of the week).
_NAMES_ONE = re.compile(
    r"(?<!^)\b(?!I\b|(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
    r"USD|EUR|GBP|CHF|CAD|AUD|INR)\b)"
    r"[A-Z][\w&'-]*"
)


# What follows a noun phrase's head (so "the licence" in "the licence fee" is no head).
_ENDS = (
    r"(?=\s+(?:is|are|was|were|be|been|has|have|had|will|would|can|could|may|might|must|shall|"
    r"should|do|does|did|covers?|includes?|applies|apply|expires?|lapses?|ends?|valid|of|for|to|"
    r"in|on|at|by|with|from|under|after|before|that|which)\b|\s*[?,.;])"
)


def letter_named(question: str, head: LetterHead) -> str:
    """``question`` saying which matter it is about: "the <noun>" (or "this <noun>") the
    matter is named by becomes the matter ("the certificate" -> "the certificate of
    compliance for <the works>"); a question that names nothing opens with the document
    ("In <sender>'s memo on <matter>, ..."). Unchanged when the head does not say."""
    matter, noun = head.matter(), head.head()
    if matter is not None and matter.removeprefix("the ").lower() in question.lower():
        return question
    if matter is None or noun is None:
        matter, noun = "", "\x00"  # no matter to name: the document, by its sender, only
    subject_words = {w.lower() for w in re.findall(r"[A-Za-z]+", head.subject or "")}
    stem = re.escape(noun.removesuffix("s"))
    for m in re.finditer(
        rf"\b(?:the|this|these)\s+(?:(?P<mod>[a-z-]+)\s+)?{stem}s?\b{_ENDS}", question
    ):
        if m.group("mod") and m.group("mod") not in subject_words:
            continue  # "the reserve <noun>": another one than the matter's
        said = matter if matter.startswith("the ") or matter[:1].isupper() else f"the {matter}"
        return question[: m.start()] + said + question[m.end() :]
    called = head.called()
    if called and not _NAMES_ONE.search(question.split("?")[0]):
        return f"In {called}, {question[:1].lower()}{question[1:]}"
    return question


def letter_language(file: str, lang: str) -> str:
    """Why a letter, memo or notice in ``lang`` is asked only by the general forms."""
    from datasetkit.core.language.detect import language_name

    name = language_name(lang)
    return (
        f"{file}: it reads as a letter, memo or notice in {name}; the offline shapes that ask "
        f"what a letter declares, requests and rules read English sentences only, so only its "
        f"general sentences are asked; use an LLM provider for the rest"
    )
