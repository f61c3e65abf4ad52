"""The controller a privacy notice names: whom its questions are about.

A privacy notice (a website's, an app's, an association's) names the party that is
responsible for the data it describes, in a few shapes every generator of such notices
shares: a heading that names the role ("Verantwortlicher", "Verantwortliche Stelle",
"Name und Anschrift des Verantwortlichen", "Data controller", "Responsable du
traitement") over the controller's name and address, or a line that introduces them
("Verantwortlich für diese Website ist:", "The controller is:", "Responsable :"). The
name is the first line of what follows.

Its body names many other parties (the embedded services it sends data to, the law it
cites, its hosting provider), and a subject read from how often a name comes up picks
one of those; the controller is the party the reader deals with. A controller that is a
private person (a name with no kind of organisation or legal form) is no subject a
question can say ("bei <Vorname Nachname>" reads as a visit): the notice then has no
subject at all, rather than one of the other parties.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.model import Document

# The role, said as a heading or as an introduction that ends with a colon.
_ROLE = re.compile(
    r"(?i)^(?:(?:\d+[.)]?\s*)?(?:name\s+und\s+anschrift\s+(?:des|der)\s+(?:für\s+die\s+"
    r"verarbeitung\s+)?verantwortlichen|verantwortliche[rn]?(?:\s+stelle|\s+seitenbetreiber)?|"
    r"verantwortlich(?:\s+für\s+[^:]{3,60}?)?(?:\s+im\s+sinne\s+[^:]{3,160}?)?\s+ist|"
    r"verantwortliche[rn]?\s+(?:stelle\s+)?im\s+sinne\s+[^:]{3,160}?\s+ist(?:\s+(?:die|der))?|"
    r"(?:the\s+)?(?:data\s+)?controller(?:\s+(?:of|for)\s+[^:]{3,60}?)?(?:\s+is)?|"
    r"(?:le\s+)?responsable\s+(?:du|de)\s+traitement(?:\s+est)?|responsable|"
    r"(?:el\s+)?responsable\s+del\s+tratamiento(?:\s+es)?))\s*:?$"
)
# A name: a capitalised first word, up to eight words, no figures or addresses.
_NAME = re.compile(r"^[A-ZÄÖÜÀ-Ý][^\s,;:@/]*(?:\s[^\s,;:@/]+){0,7}$")
# Words of a line that is no name (a greeting, a label, a sentence).
_NO_NAME = re.compile(
    r"(?i)^(?:die|der|das|wir|we|the|le|la|el|los|nous|name|e-?mail|tel|telefon|phone|adresse|"
    r"address|kontakt|contact|anschrift|straße|strasse)\b"
)
# Kinds of organisation and legal forms: a name with one names an organisation.
_ORGANISATION = re.compile(
    r"(?i)(?:\b(?:GmbH|AG|KG|OHG|UG|GbR|mbH|e\.\s?V\.|SE|S\.A\.|SA|S\.L\.|SL|SAS|SARL|Ltd|"
    r"Inc|LLC|PLC|B\.V\.)(?!\w)|verein|verband|gesellschaft|stiftung|universität|hochschule|"
    r"schule|institut|akademie|gemeinde|konferenz|genossenschaft|praxis|kanzlei|\bclub\b|"
    r"association|asociación|fundación|foundation|company|université|société)"
)


def _first_line(text: str) -> str:
    return next((line.strip().rstrip(",") for line in text.splitlines() if line.strip()), "")


def _named(line: str) -> str | None:
    name = " ".join(line.split())
    if not name or len(name) > 70 or any(ch.isdigit() for ch in name):
        return None
    # A full stop ends a sentence, unless it ends an abbreviation ("e.V.", "Inc.").
    sentence = name.endswith(".") and not re.search(r"(?:\b[A-Za-z]\.|Inc\.|Ltd\.)$", name)
    if not _NAME.match(name) or _NO_NAME.match(name) or sentence or name.endswith(":"):
        return None
    return name


def controller_name(doc: Document) -> str | None:
    """The name of the controller the notice names, "" when it names a private person (no
    subject), or None when it names none in a known shape."""
    sections = [s for s in doc.sections if s.text.strip()]
    for i, s in enumerate(sections):
        lines = [line.strip() for line in s.text.splitlines() if line.strip()]
        for j, line in enumerate(lines):
            if not _ROLE.match(line) or (s.kind != "heading" and not line.endswith(":")):
                continue
            after = lines[j + 1] if j + 1 < len(lines) else None
            if after is None and i + 1 < len(sections) and sections[i + 1].kind != "heading":
                after = _first_line(sections[i + 1].text)
            name = _named(after or "")
            if name is not None:
                return name if _ORGANISATION.search(name) else ""
    return None
