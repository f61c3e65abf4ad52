"""A name a question says short, said as the document names it in full, in languages
that put a name's qualifier after its head noun (Spanish, French, Portuguese, Italian).

A document introduces "<the> <Name> de <Qualifier>" ("la <ACR> de <Words>", "le
<Service> des <Words>") and then often says only "<the> <Name>". A question that says the
short form leaves the reader to guess which one; it says the full name when the document
gives one expansion nearly every time, at least ``MIN_FULL`` times: an acronym or a
name with two expansions as common, or one written in full once, stays as it is.
"""

from __future__ import annotations

import re
from collections import Counter

MIN_FULL = 3  # the full name written this often: the document's own way to name it
_LANGUAGES = frozenset(["es", "fr", "pt", "it"])
_ARTICLE = r"(?:el|la|los|las|le|les|l['’]|o|a|os|as|il|lo|gli)"
_OF = r"(?:de|del|du|des|da|do|das|dos|di|della|dei)"
# The short form in a question: an article, then a capitalised word or an acronym that no
# qualifier follows.
_SHORT = re.compile(
    rf"(?<![\w-])(?P<art>(?i:{_ARTICLE})\s?)(?P<name>[A-ZÀ-Ý][\w-]*)(?![\w-])(?!\s+(?i:{_OF})\b)"
)


def said_in_full(question: str, text: str, lang: str) -> str:
    """``question`` with its short name said as the document's one full name (see the
    module), or ``question`` unchanged."""
    if lang not in _LANGUAGES:
        return question
    for m in _SHORT.finditer(question):
        name = m.group("name")
        if not name[:1].isupper():
            continue
        full = _one_expansion(name, text)
        if full is not None and full not in question:
            return question[: m.start("name")] + full + question[m.end("name") :]
    return question


def _one_expansion(name: str, text: str) -> str | None:
    """The full name ``text`` writes ``name`` with ("<Name> de <Qualifier>"), when it
    writes it at least ``MIN_FULL`` times and three times in four it expands ``name``."""
    cap = r"[A-ZÀ-Ý][\w-]*"
    found = Counter(
        re.sub(r"\s+", " ", m.group(0))
        for m in re.finditer(
            rf"(?<![\w-]){re.escape(name)}\s+{_OF}\s+(?:{_ARTICLE}\s?)?{cap}"
            rf"(?:\s+(?:{_OF}\s+|y\s+|et\s+|e\s+)?{cap})*",
            text,
        )
    )
    if not found:
        return None
    full, n = found.most_common(1)[0]
    # Another expansion now and then (a second service of the same kind) leaves the
    # short form to the one the document means nearly every time.
    return full if n >= MIN_FULL and 4 * n >= 3 * sum(found.values()) else None
