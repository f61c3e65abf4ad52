"""The words a question is built of that name nothing: its question word, auxiliaries and
modals, articles, prepositions and the asker's pronouns ("What is the ...", "Can I ...",
"How do we ..."). One list, read by the checks that need to see past a question's frame:
whether a pronoun has anything before it to refer to (:mod:`datasetkit.lint.wording`) and
whether two near-identical prompts differ in a word of their own
(:mod:`datasetkit.lint.neardup.meaning`). Each adds the words only its check ignores.
"""

from __future__ import annotations

QUESTION_FRAME: frozenset[str] = frozenset(
    [
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "can",
        "could",
        "would",
        "will",
        "should",
        "shall",
        "may",
        "a",
        "an",
        "the",
        "of",
        "for",
        "in",
        "on",
        "at",
        "to",
        "by",
        "with",
        "from",
        "about",
        "and",
        "or",
        "there",
        "i",
        "me",
        "my",
        "you",
        "your",
        "we",
        "our",
    ]
)
