"""A term a sentence puts in quotation marks and defines, outside English: "„<Term>“ sind
alle ...", "Mit „<Term>“ ist ... gemeint", "Als „<Term>“ wird ... bezeichnet", "« <Term> »
désigne ...", "Se entiende por «<Term>» ..." -> "Was bedeutet „<Term>“?".

Privacy notices, terms of use, statutes and contracts define their terms this way (the
quotation marks say which words are the term, so no article has to open it, as the
plain "<Der Term> ist ein ..." reading needs). A label before the sentence that repeats
the term ("Verarbeitung: „Verarbeitung“ ist ...", a glossary list) is left out. The
answer is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.definition_words import GLOSSARY_QUESTIONS
from datasetkit.generate.offline.text.view import Sentence

# A quoted term: any of the opening and closing marks these languages use (a typed
# straight quote may close a typographic one).
_TERM = r"[„“\"»«]\s?(?P<term>[^„“”\"»«:;]{2,50}?)\s?[“”\"«»]"
_DEFINING = {
    "de": (
        rf"^{_TERM}\s(?:ist|sind|bezeichnet|bedeutet|meint)\s(?:jede[rs]?|alle|die|der|das|"
        r"ein|eine|einen)\s",
        rf"^Mit\s{_TERM}\s(?:ist|sind|wird|werden)\s.+\sgemeint\b",
        rf"^Als\s{_TERM}\s(?:wird|werden)\s.+\sbezeichnet\b",
    ),
    "fr": (
        rf"^(?:Le\sterme\s)?{_TERM}\s(?:désigne|signifie|s['’]entend\sde)\s",
        rf"^On\sentend\spar\s{_TERM}\s",
    ),
    "es": (
        rf"^(?:El\stérmino\s)?{_TERM}\s(?:significa|designa|se\srefiere\sa)\s",
        rf"^Se\sentiende\spor\s{_TERM}\s",
    ),
}
# An abbreviation the sentence ends on ("z.B.", "bzw.", "p. ex."): the sentence was cut
# there, and the rest of the definition is missing from it.
_CUT = re.compile(
    r"(?i)(?:\bz\.\s?B|\bbzw|\bu\.\s?a|\bd\.\s?h|\bggf|\bvgl|\bp\.\s?ex|\bcf|\bp\.\s?ej|"
    r"\bArt|\bAbs|\bNr|\bca)\.$"
)
# A label before a colon (a glossary list's entry).
_LABEL = re.compile(r"^(?P<label>[^:]{2,60}):\s+(?P<rest>\S.*)$", re.S)


def quoted_definition(said: Sentence) -> Candidate | None:
    """The definition of a quoted term the sentence gives, or None."""
    patterns = _DEFINING.get(said.lang)
    sentence = said.sentence.strip()
    if patterns is None or not 30 <= len(sentence) <= 900 or _CUT.search(sentence):
        return None
    if not sentence.endswith((".", "!", "?", ";")):
        return None  # a sentence a page or a chunk cut: the definition goes on elsewhere
    labelled = _LABEL.match(sentence)
    text = labelled.group("rest") if labelled else sentence
    for pattern in patterns:
        m = re.match(pattern, text, re.S)
        if m is None:
            continue
        term = " ".join(m.group("term").split())
        if labelled and labelled.group("label").strip().casefold() != term.casefold():
            return None  # a label that names something else: the line is no entry of it
        question = GLOSSARY_QUESTIONS[said.lang].format(term=term)
        return Candidate(question, text, said.sentence, said.section, "definition", 1)
    return None
