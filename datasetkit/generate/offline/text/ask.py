"""Every question a text chunk answers: the text forms of the registry, in their order."""

from __future__ import annotations

import re

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import SENTENCE_CONTENTS, forms_for
from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.naming import generic_definition_last
from datasetkit.generate.offline.text.sentences import sentence_candidates
from datasetkit.generate.offline.text.view import TextChunk

# The headings of a list of works cited, in the languages the forms write.
_CITATIONS = re.compile(
    r"(?i)(?:references?|bibliography|works cited|literature cited|sources|citations|"
    r"literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|bibliographie|références|"
    r"referencias|bibliografía)\s*:?"
)


def text_candidates(chunk: Chunk, lang: str, ctx: DocContext) -> list[Candidate]:
    """Every question a text chunk answers, in the order the forms run.

    The forms of a heading take turns until one asks; the sentence forms run together,
    sentence by sentence, where the first of them is in the order.
    """
    text = TextChunk.read(chunk, lang, ctx)
    if not text.body or any(_CITATIONS.fullmatch(unnumbered(str(h)).strip()) for h in text.path):
        return []  # a list of works cited: titles of papers, not what the document says
    forms = forms_for("text", lang)
    by_sentence = [f for f in forms if f.content in SENTENCE_CONTENTS]
    out: list[Candidate] = []
    heading_asked = False
    for f in forms:
        if f.content in SENTENCE_CONTENTS:
            if f is by_sentence[0]:
                out.extend(sentence_candidates(text, by_sentence))
        elif f.content == "heading":
            if text.opens_section and not heading_asked:
                made = f.make(text)
                heading_asked = bool(made)
                out.extend(made)
        else:
            out.extend(f.make(text))
    return [generic_definition_last(c) for c in out]
