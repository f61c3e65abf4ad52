"""A list's label written in title case ("Key Features:", "Types of Bias Detected:"),
said in a question as the common words it is made of.

A label line over a list is set like a heading: every word capitalised. A document that
uses the same labels again and again ("Privacy Features:", "Key Features:") never writes
their words in lower case, so the test of a name (capitalised in running text, never in
lower case) takes them for one, and the question keeps the capitals ("What are the Key
Features?"). Capitals in a question mark a name: the step that says whose the list is
then takes the label for a subject and adds none. A word of the label that is an English
dictionary word, written in title case, is a common word: lowered, the question reads as
a user writes it, and the document's subject can be said ("What are the key features of
<Product>?"). A word no dictionary holds (a product's name), an acronym and a word with
a capital inside keep their capitals.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import english_word

_TITLE_WORD = re.compile(r"[A-Z][a-z]+")


def label_words(label: str) -> str:
    """``label`` with its title-case dictionary words lowered (see the module)."""
    tokens = label.split(" ")
    out = []
    for token in tokens:
        if _TITLE_WORD.fullmatch(token) and _common(token.lower()):
            token = token.lower()
        out.append(token)
    return " ".join(out)


def _common(word: str) -> bool:
    """A dictionary word, in the form given or with a plural's or a participle's ending off."""
    forms = {word, re.sub(r"(?:es|s)$", "", word), re.sub(r"(?:ed|d)$", "", word)}
    return any(english_word(f) for f in forms if len(f) >= 2)


def bare_common(label: str) -> bool:
    """Whether ``label`` is one common word in title case ("Features:"): lowered it names
    no one's things, and kept it reads as a name; no question can be asked of it alone."""
    return " " not in label.strip() and label != label_words(label)
