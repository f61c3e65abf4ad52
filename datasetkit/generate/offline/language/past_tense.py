"""English verbs in the past tense, and the base form a "When did ...?" question takes.

A word is read as a past-tense verb only when its base is an English word: "debuted" ->
"debut", "renamed" -> "rename", "stopped" -> "stop", "sold" -> "sell". A word whose base
no dictionary confirms is not read as a verb (the question would be garbled).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import english_word

# Irregular past forms a dated sentence commonly uses; a form that is also a present or
# base form of another verb ("found", "set", "read") is left out: it could be either.
IRREGULAR_PAST = {
    "sold": "sell", "became": "become", "made": "make", "won": "win", "bought": "buy",
    "began": "begin", "grew": "grow", "took": "take", "built": "build", "led": "lead",
    "left": "leave", "went": "go", "held": "hold", "gave": "give", "came": "come",
    "wrote": "write", "brought": "bring", "sent": "send", "spent": "spend", "paid": "pay",
    "met": "meet", "ran": "run", "rose": "rise", "fell": "fall", "drew": "draw",
    "chose": "choose", "lost": "lose", "struck": "strike", "sought": "seek",
    "taught": "teach", "told": "tell", "saw": "see",
}  # fmt: skip
# Irregular past participles, for a passive sentence ("was sold to ...", "is driven by").
IRREGULAR_PARTICIPLE = {
    "sold": "sell", "made": "make", "won": "win", "bought": "buy", "built": "build",
    "led": "lead", "left": "leave", "held": "hold", "given": "give", "sent": "send",
    "spent": "spend", "paid": "pay", "taken": "take", "written": "write", "brought": "bring",
    "chosen": "choose", "drawn": "draw", "taught": "teach", "told": "tell", "known": "know",
    "shown": "show", "begun": "begin", "grown": "grow", "struck": "strike", "sought": "seek",
    "found": "find", "driven": "drive", "kept": "keep", "done": "do", "seen": "see",
    "met": "meet", "run": "run", "set": "set", "read": "read", "borne": "bear",
}  # fmt: skip

_VOWELS = "aeiou"


def _one_syllable(stem: str) -> bool:
    return len(re.findall(r"[aeiouy]+", stem)) == 1


def _silent_e(stem: str) -> bool:
    """True when a regular past of ``stem`` + "e" would be spelt ``stem`` + "ed": one short
    vowel then one consonant ("us", "fil", "hop"), or a stem English never ends in ("c",
    "v", "z", "u")."""
    if stem.endswith(("c", "v", "z", "u")):
        return True
    return (
        _one_syllable(stem)
        and len(stem) >= 2
        and stem[-1] not in _VOWELS + "wxy"
        and stem[-2] in _VOWELS
        and (len(stem) < 3 or stem[-3] not in _VOWELS)
    )


def past_base(word: str) -> str | None:
    """The base form of a past-tense verb ("debuted" -> "debut"), or None when ``word`` is
    not one or no dictionary confirms its base."""
    low = word.lower()
    if low in IRREGULAR_PAST:
        return IRREGULAR_PAST[low]
    if not low.endswith("ed") or len(low) < 4 or not low.isalpha():
        return None
    stem = low[:-2]
    if not re.search("[aeiouy]", stem):
        return None  # "shed", "bled": no regular past
    if low.endswith("eed"):
        # "agreed" -> "agree"; "need", "proceed" are no past at all.
        found = low[:-1]
        return found if english_word(found) and low not in ("feed", "seed", "heed") else None
    tried: list[str] = []
    if low.endswith("ied"):
        tried.append(low[:-3] + "y")
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls" + _VOWELS:
        tried.append(stem[:-1])  # "stopped" -> "stop" (not "ll"/"ss": "called", "passed")
    # "reversed", "sensed", "rinsed": a consonant before the "s" takes the silent "e".
    final_e = _silent_e(stem) or bool(re.search(r"[^aeiouys]s$", stem))
    tried += [stem + "e", stem] if final_e else [stem, stem + "e"]
    return next((t for t in tried if len(t) > 2 and english_word(t)), None)


def participle_base(word: str) -> str | None:
    """The base form of a past participle ("driven" -> "drive", "covered" -> "cover"), or
    None when ``word`` is not one."""
    low = word.lower()
    return IRREGULAR_PARTICIPLE.get(low) or (past_base(low) if low.endswith("ed") else None)


def is_participle(word: str) -> bool:
    """True when ``word`` is a past participle ("renamed", "sold") a passive can take."""
    return participle_base(word) is not None


def third_person(base: str) -> str:
    """The present form a singular subject takes: "cover" -> "covers", "carry" -> "carries"."""
    if base.endswith(("s", "x", "z", "ch", "sh", "o")):
        return base + "es"
    if base.endswith("y") and base[-2:-1] not in _VOWELS:
        return base[:-1] + "ies"
    return base + "s"
