"""A label or heading that tells the reader what to do ("Install the pip package",
"Set up the tent", "Configure your proxy"): a task, asked "How do I ...?", never "What is
...?" (English).

A verb in the imperative opens the label and an object follows it, after a determiner
("the", "a", "your", ...) or a particle and a determiner ("Set up the ..."). A noun phrase
("Package manager", "The pip package") or a gerund ("Installing the package") opens with no
such verb; a preposition ("Under the hood", "About the author") is no verb either.
"""

from __future__ import annotations

import re

from datasetkit.generate.gate import words as W
from datasetkit.generate.offline.language.clauses import IMPERATIVE
from datasetkit.generate.offline.language.instruction_verbs import INSTRUCTION_VERBS
from datasetkit.generate.offline.language.words import (
    DocWords,
    english_word,
    first_person,
    lower_words,
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_DETERMINERS = _words(
    "the a an your this that these those its their all each every any some another my our both"
)
_JOINERS = _words("and or nor but")
_PARTICLES = _words("up down out in on off back over away through")
# First words that take a determiner after them and are no verb ("All the", "Only the");
# "Never", "always", "please" and "do" open an order with its verb after them; and the
# prepositions that open a heading ("Under the hood", "Behind the scenes").
_NOT_VERBS = _words(
    "all both only just even half not with about like than never always please do don't "
    "under over behind beyond inside outside within without across after before around "
    "against along below above beneath beside near since through toward towards upon "
    "throughout unlike despite past"
)


# Verbs of an advice rather than a task: the reader is to be or stay some way ("How do I
# be specific?" asks nothing a procedure answers).
_ADVICE = _words("be stay keep remain become avoid try consider remember")


def imperative_task(label: str, words: DocWords) -> str | None:
    """``Install the pip package`` -> ``install the pip package``; None when ``label``
    opens with no verb telling the reader what to do."""
    tokens = label.strip().rstrip(".:").split()
    if not 2 <= len(tokens) <= 10 or not tokens[0].isalpha():
        return None
    verb = tokens[0].lower()
    if verb in _NOT_VERBS or verb in _DETERMINERS or verb in W.words_for(W.PREPOSITIONS, "en"):
        return None
    if verb in _ADVICE:
        return None  # "Be specific", "Keep it simple": a quality to have, no task to do
    if verb.endswith(("ing", "ed")) or (verb.endswith("s") and not verb.endswith("ss")):
        return None  # a gerund, a participle, a plural or a verb's third person: no order
    k = 2 if tokens[1].lower() in _PARTICLES and len(tokens) > 2 else 1
    after = tokens[k]
    if after.lower() in _DETERMINERS:
        known = verb in IMPERATIVE or verb in INSTRUCTION_VERBS
        if not (known or words.common(verb) or english_word(verb)):
            return None
    elif not (
        (verb in IMPERATIVE or verb in INSTRUCTION_VERBS)
        # "Install dependencies", "Install <Name>"; "Review Procedures" is a noun phrase
        and (after.islower() or words.name(after))
        and after[:1].isalpha()
        and after not in _JOINERS
        and after not in W.words_for(W.PREPOSITIONS, "en")
    ):
        return None
    task = lower_words(" ".join(tokens), words)
    return task[:1].lower() + task[1:]


def how_do_i(label: str, words: DocWords) -> str | None:
    """``Install the pip package`` -> ``How do I install the pip package?``."""
    task = imperative_task(label, words)
    return f"How do I {first_person(task)}?" if task else None


def does_task(rest: str, label: str) -> bool:
    """Whether the text after a label does the task it names: a command in code font or
    after a prompt, a command line (lower case, with an option, a path or a file name), or
    an order that repeats the label's verb or opens with an instruction ("set PORT to
    8080", "Run ..."); a tip's explanation ("The more specific ...") does not."""
    words = rest.split()
    if not words:
        return False
    first, verb = words[0].lower(), label.split()[0].lower()
    if re.search(r"`[^`]+`|^\$\s", rest) or first == verb:
        return True
    if words[0][:1].islower() and any(re.search(r"^-|[/=]|\w\.\w|\w-\w", w) for w in words):
        return True
    return first in IMPERATIVE | INSTRUCTION_VERBS
