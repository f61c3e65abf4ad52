"""The words a definition is read by, per language: the shapes of a defining sentence,
the articles a term opens with, the verbs that say what a term means.

Language data only; ``forms/text/definitions.py`` reads it.
"""

from __future__ import annotations

import re

# Definitional sentences: "<Term> is a ...", "<Term> means ...". Group "term" is the
# subject; "verb" decides between "What is" and "What does ... mean".
DEFINITION: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^(?P<term>(?:(?:A|An|The)[ \t]+)?[A-Za-z0-9][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>is\s+(?:an?|the)\s|are\s+(?:the|an?)\s|means\s|refers\s+to\s|stands\s+for\s|is\s+defined\s+as\s)",
    ),
    "de": re.compile(
        r"^(?P<term>(?:(?:Der|Die|Das|Ein|Eine)\s+)?[\wÄÖÜäöüß][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>ist\s+(?:ein|eine|der|die|das)\s|bedeutet\s|bezeichnet\s)",
    ),
    "fr": re.compile(
        r"^(?P<term>(?:(?:Le|La|Les|Un|Une|L')\s*)?[\wÀ-ÿ][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>est\s+(?:un|une|le|la|l')\s*|désigne\s|signifie\s)",
    ),
    "es": re.compile(
        r"^(?P<term>(?:(?:El|La|Los|Las|Un|Una)\s+)?[\wÁ-úñÑ][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>es\s+(?:un|una|el|la)\s|significa\s|se\s+refiere\s+a\s)",
    ),
    "pt": re.compile(
        r"^(?P<term>(?:(?:O|A|Os|As|Um|Uma)\s+)?[\wÀ-ú][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>é\s+(?:um|uma|o|a)\s|significa\s|designa\s|refere-se\s+a\s)",
    ),
    "it": re.compile(
        r"^(?P<term>(?:(?:Il|Lo|La|I|Gli|Le|Un|Uno|Una|L')\s*)?[\wÀ-ú][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>è\s+(?:un|uno|una|il|lo|la|l')\s*|significa\s|indica\s)",
    ),
}

ARTICLES = {
    "de": ("der", "die", "das", "ein", "eine"),
    "fr": ("le", "la", "les", "un", "une", "l"),
    "es": ("el", "la", "los", "las", "un", "una"),
    "pt": ("o", "a", "os", "as", "um", "uma"),
    "it": ("il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "l"),
}

MEANING_VERBS = (
    "means",
    "refers",
    "stands",
    "is defined",
    "bedeutet",
    "bezeichnet",
    "désigne",
    "signifie",
    "significa",
    "se refiere",
    "designa",
    "refere-se",
    "indica",
)
