"""A short definition completed by the sentence right after it that goes on about the
same term by its pronoun, in German, French and Spanish.

A glossary or a policy often defines a term in one short clause and says what it is
made of, or what it does, in the next sentence, whose subject is the pronoun for the
term: "Eine <Term> ist eine eindeutige Kennung. Sie besteht aus ...", "Un <terme> est
un fichier. Il contient ...", "Un <término> es un archivo. Este contiene ...". The first
clause alone answers "What is <term>?" with a label, not a meaning; the answer takes the
next sentence too. Only a short definition is completed, and only by the one sentence
that opens with the pronoun (English is completed by ``described_further``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate

# The pronoun that stands for a term as the subject of the next sentence, and a verb
# after it (so "Sie" as the polite "you" of an instruction is not taken: "Sie können ...").
_GOES_ON = {
    "de": re.compile(
        r"^(?:Sie|Er|Es|Diese[rs]?|Dies)\s+(?:besteh|enthält|enthalten|dien|ermöglich|wird|"
        r"werden|ist|sind|hat|haben|bezeichnet|umfass|speicher|erlaub|kann|können)\w*\b"
    ),
    "fr": re.compile(
        r"^(?:Il|Elle|Ils|Elles|Celui-ci|Celle-ci|Cela)\s+(?:est|sont|contien|permet|sert|"
        r"compren|se compose|peut|peuvent|a|ont|désigne)\w*\b"
    ),
    "es": re.compile(
        r"^(?:Este|Esta|Estos|Estas|Ello|Dicho|Dicha)\s+(?:es|son|contien|permit|sirv|"
        r"consist|se compone|incluy|pued|tien)\w*\b"
    ),
}
_SHORT = 14  # words: a definition this short names a kind, not yet what it is
_MOST_CHARS = 500


def continued(found: Candidate, sentence: str, after: Sequence[str], lang: str) -> Candidate:
    """``found`` (a definition answered by ``sentence``) with the next sentence added when
    it goes on about the term by its pronoun (see the module)."""
    pattern = _GOES_ON.get(lang)
    if pattern is None or found.question_type != "definition" or found.answer != sentence:
        return found
    if len(sentence.split()) > _SHORT or not after:
        return found
    nxt = after[0].strip()
    if not pattern.match(nxt) or not nxt.endswith((".", "!")) or len(nxt) > _MOST_CHARS:
        return found
    answer = f"{sentence} {nxt}"
    quotes = (*(found.quotes or (sentence,)), nxt)
    return Candidate(
        found.question, answer, answer, found.section, found.question_type, found.tier, quotes
    )
