"""A sentence that says how many things there are and names each of them after a colon
("<Lead,> three <things> <do Y>: <a>, <b> and <c>."), asked which they are and answered
by the whole sentence, in English, German, French or Spanish.

Papers, reports, essays and position statements announce a count of factors, criteria,
stages or parts, then list them inline. The count is what makes the sentence safe to
ask: the list after the colon must hold exactly that many items, so the answer is whole
by construction (a list cut short, or a colon that opens something else, is not asked).
Two positions of the counted noun phrase are asked:

- it opens the clause (after an optional lead set off by a comma): the question keeps
  the clause as written and asks which ("Which three <things> <do Y>?"), the word order a
  question on a subject has in all four languages;
- it closes the clause with a complement of its own that says what the things are of or
  for ("... <verb> four <criteria> for <Z>:"): asked what they are ("What are the four
  <criteria> for <Z>?"); a bare counted noun there ("... has four stages:") names nothing
  the question could stand on, and is not asked.

A clause that points back ("these", "such", "ce", "este") or speaks for its writer ("we",
"wir", "nous", "nosotros") names no subject a reader of many documents can place: not
asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.clauses import plural_subject, verb_base
from datasetkit.generate.offline.language.gender import gender
from datasetkit.generate.offline.text.intro_words import plural_article
from datasetkit.generate.offline.text.view import Sentence

COUNTED_LANGUAGES = frozenset({"en", "de", "fr", "es"})

_NUMBERS = {
    "en": "two three four five six seven eight nine ten eleven twelve",
    "de": "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    "fr": "deux trois quatre cinq six sept huit neuf dix onze douze",
    "es": "dos tres cuatro cinco seis siete ocho nueve diez once doce",
}


def _value(word: str, lang: str) -> int | None:
    """The number a count word or figure (2-12) says."""
    if word.isdigit():
        n = int(word)
        return n if 2 <= n <= 12 else None
    names = _NUMBERS[lang].split()
    low = word.casefold()
    return names.index(low) + 2 if low in names else None


# The word that joins the last item of a series.
_LAST = {"en": r"and|or", "de": r"und|oder|sowie", "fr": r"et|ou", "es": r"y|e|o|u"}
# Words that point back or speak for the writer: the question would not say whose.
_POINTING = {
    "en": r"this|these|those|such|it|its|they|them|their|we|our|us|i|my|he|she|his|her",
    "de": r"diese[rsmn]?|dies|solche[rsmn]?|wir|unser\w*|uns|ich|mein\w*|er|sie|ihr\w*|es",
    "fr": r"ce|cet|cette|ces|ceci|cela|tel|tels|telle|telles|nous|notre|nos|je|mon|ma|mes|"
    r"il|elle|ils|elles|leur|leurs|son|sa|ses",
    "es": r"este|esta|estos|estas|ese|esa|esos|esas|esto|eso|tal|tales|nosotros|nosotras|"
    r"nuestro|nuestra|nuestros|nuestras|yo|mi|mis|él|ella|ellos|ellas|su|sus",
}
# What opens a complement after the counted noun (what the things are of or for).
_COMPLEMENT = {
    "en": r"of|for|to|in|behind|underlying|that|which",
    "de": r"für|von|des|der|zur|zum|bei|in",
    "fr": r"de|des|du|d'|pour|qui|à",
    "es": r"de|del|para|que|en",
}
# A preposition right before the count: the counted phrase is then no object a "What are
# the ..." question can take over as it stands (German case, a Romance "de").
_PREPOSITION = {
    "en": r"",
    "de": r"aus|mit|von|zu|bei|nach|in|an|auf|um|durch|für|über|unter",
    "fr": r"de|d'|à|en|par|sur|dans|avec|pour",
    "es": r"de|a|en|por|con|para|sobre|entre",
}
# "There are": the clause says only that the things exist, so it names no subject.
_EXISTENTIAL = {
    "en": re.compile(r"(?i)there (?:are|were)(?: basically| mainly)?"),
    "de": re.compile(r"(?i)es gibt(?: grundsätzlich| im Wesentlichen)?"),
    "fr": re.compile(r"(?i)il (?:y a|existe)"),
    "es": re.compile(r"(?i)(?:hay|existen)"),
}
_MOST_ITEM_WORDS = 14
_MOST_HEAD_WORDS = 24


def _items(tail: str, lang: str) -> list[str] | None:
    """The items of the series after the colon, or None when it is no plain series (a
    clause after it, a second colon, a sentence of its own)."""
    said = re.sub(r"\s*\([^()]*\)", "", tail).strip().rstrip(".").strip()
    # A pointer to where the series is shown again ("..., as summarized in Table 1").
    said = re.sub(r",\s+(?:as|see)\s+(?:\w+ed|shown|seen)\s+in\s+\w+\s+\d+$", "", said)
    if not said or re.search(r"[:;!?]", said):
        return None
    parts = [p.strip() for p in said.split(",")]
    last = re.split(rf"\s+(?:{_LAST[lang]})\s+", parts[-1])
    if len(last) != 2 and not (len(parts) >= 2 and re.match(rf"(?:{_LAST[lang]})\s", parts[-1])):
        return None
    if len(last) == 2:
        parts = parts[:-1] + last
    else:  # the serial comma: "a, b, and c"
        parts[-1] = re.sub(rf"^(?:{_LAST[lang]})\s+", "", parts[-1])
    if any(not p or len(p.split()) > _MOST_ITEM_WORDS for p in parts):
        return None
    return parts


_HEAD = re.compile(r"^(?P<head>[^:]+?)\s?:\s+(?P<tail>\S.*)$")
# Words that set a series beside the counted noun, in place of a colon ("four phases that
# include a, b, c and d", "zwei Gremien, nämlich ...").
_JOINER = {
    "en": re.compile(r",?\s(?:that|which)\s(?:include|are)\s|,?\s(?:namely|i\.e\.,?)\s"),
    "de": re.compile(r",?\s(?:nämlich|und zwar|d\.\s?h\.)\s"),
    "fr": re.compile(r",?\s(?:à savoir|c'est-à-dire)\s"),
    "es": re.compile(r",?\s(?:a saber|es decir)\s"),
}


def _split(sentence: str, lang: str) -> tuple[str, str] | None:
    """The clause that counts and the series after it, split at a colon or a joiner."""
    m = _HEAD.match(sentence)
    if m is not None:
        return m.group("head"), m.group("tail")
    if ":" in sentence:
        return None
    joined = _JOINER[lang].search(sentence)
    return None if joined is None else (sentence[: joined.start()], sentence[joined.end() :])


def _which(np: str, lang: str) -> str | None:
    """ "Which" before a counted plural noun in ``lang`` (French and Spanish agree it)."""
    if lang == "en":
        return "Which"
    if lang == "de":
        return "Welche"
    if lang == "es":
        return "¿Qué"
    found = gender(np.split()[0], lang)
    return None if found is None else ("Quelles" if found == "f" else "Quels")


def _what_are(np: str, lang: str) -> str | None:
    """ "What are the" before a counted plural noun in ``lang``."""
    if lang == "en":
        return "What are the"
    if lang == "de":
        return "Was sind die"
    noun = np.split()[0]
    if lang == "es":
        article = plural_article(noun, lang) if gender(noun, lang) is None else None
        article = article or ("las" if gender(noun, lang) == "f" else "los")
        return f"¿Cuáles son {article}"
    found = gender(noun, lang)
    return None if found is None else ("Quelles sont les" if found == "f" else "Quels sont les")


def _close(question: str, lang: str) -> str:
    return question + (" ?" if lang == "fr" else "?")


def series_question(sentence: str, lang: str) -> str | None:
    """The question a sentence that counts its things and lists them asks, or None."""
    if lang not in COUNTED_LANGUAGES:
        return None
    split = _split(" ".join(sentence.split()), lang)
    if split is None or len(split[0].split()) > _MOST_HEAD_WORDS:
        return None
    head, tail = split
    counts = list(re.finditer(rf"(?i)\b(?:{_NUMBERS[lang].replace(' ', '|')}|\d{{1,2}})\b", head))
    if len(counts) != 1:
        return None  # no count, or two (which one the series answers is not said)
    count = counts[0]
    n = _value(count.group(0), lang)
    items = _items(tail, lang)
    if n is None or items is None or len(items) != n:
        return None
    before, np = head[: count.start()].strip(), head[count.end() :].strip()
    # The counted noun: a word of the language, not a figure's unit or a year.
    if not re.match(r"^[^\W\d_][\w'’-]+(?:\s|$)", np):
        return None
    said = count.group(0).lower()
    # What the question keeps of the head: the counted phrase, and the clause's subject
    # when it asks of an object. A lead it drops may point back; what it keeps may not.
    opens = not before or before.endswith(",") or bool(_EXISTENTIAL[lang].fullmatch(before))
    kept = np if opens else f"{before.split(',')[-1]} {np}"
    if re.search(rf"(?i)\b(?:{_POINTING[lang]})\b", kept):
        return None
    if not before or before.endswith(","):
        # The count opens the clause: which ones do what the clause says.
        if len(np.split()) < 3:
            return None  # no clause after the noun: nothing asked of them
        which = _which(np, lang)
        return None if which is None else _close(f"{which} {said} {np}", lang)
    words = np.split()
    if lang == "en" and len(words) <= 3 and (asked := _object_question(before, said, np)):
        return asked
    if not re.search(rf"(?i)(?:^|\s)(?:{_COMPLEMENT[lang]})(?:\s|$)", " ".join(words[1:])):
        return None
    last_before = before.split()[-1].casefold()
    if _PREPOSITION[lang] and re.fullmatch(_PREPOSITION[lang], last_before):
        return None
    what = _what_are(np, lang)
    return None if what is None else _close(f"{what} {said} {np}", lang)


# English: the clause before a counted object, "<subject> <be> <participle> [<prep>]" or
# "<subject> <verb> [<prep>]" in the present (a subject with no comma, no clause of its own).
_BEFORE_OBJECT = re.compile(
    r"^(?:(?P<lead>[^,]+),\s)?(?P<subj>(?:[Tt]he|[Mm]ost|[Mm]any|[Aa]ll|[Ss]ome|[A-Z][\w-]+)"
    r"(?:\s[\w'’-]+){0,6}?)(?:\s(?P<adv>[a-z]+ly))?"
    r"\s(?:(?P<be>is|are|was|were)\s(?P<part>[a-z]+ed)|(?P<verb>[a-z]+))"
    r"(?:\s(?P<prep>around|through|into|in|of|on|by|with|from|among|between|across))?$"
)
_NOT_VERBS = frozenset(("the", "a", "an", "of", "and", "or", "to", "have", "has", "had", "be"))


def _object_question(before: str, count: str, np: str) -> str | None:
    """ "Which four <norms> is <the institution> organized around?" of "<the institution>
    is organized around four <norms>", or None when the clause is of no plain shape."""
    m = _BEFORE_OBJECT.match(before)
    if m is None or (m.group("lead") and len(m.group("lead").split()) > 8):
        return None
    subj = m.group("subj")
    if re.match(r"(?:The|Most|Many|All|Some|An?)\s", subj):
        subj = subj[:1].lower() + subj[1:]
    prep = f" {m.group('prep')}" if m.group("prep") else ""
    adv = f"{m.group('adv')} " if m.group("adv") else ""
    if m.group("be"):
        asked = f"{m.group('be')} {subj} {adv}{m.group('part')}{prep}"
    else:
        verb = m.group("verb")
        past = verb.endswith("ed") and not verb.endswith("eed")
        if verb in _NOT_VERBS or past or verb.endswith(("ing", "ly")):
            return None  # a past tense or no finite verb: the clause is not read
        plural = plural_subject(subj)
        if plural == verb.endswith("s"):
            return None  # the verb does not agree with the subject read: misread
        base = verb_base(verb)
        if base == verb and verb.endswith("s") and not verb.endswith("ss"):
            base = verb[:-1]
        asked = f"{'do' if plural else 'does'} {subj} {adv}{base}{prep}"
    return f"Which {count} {np} {asked}{_source_lead(m.group('lead'))}?"


def _source_lead(lead: str | None) -> str:
    """A lead that says whose account the clause gives ("In <Name>'s definition",
    "According to <Name>"), kept at the question's end: without it the series is said
    to be the thing's own. Any other lead (a concession, a link) is left out."""
    if not lead or not re.match(r"(?:In|According to)\s", lead):
        return ""
    if not any(w[:1].isupper() for w in lead.split()[1:]):
        return ""
    return f" {lead[:1].lower()}{lead[1:]}"


def announced_series(said: Sentence) -> Candidate | None:
    """Which things a sentence counts and names after a colon, answered by the sentence."""
    text = " ".join(said.text.split())
    question = series_question(text, said.lang)
    if question is None:
        return None
    return Candidate(question, text, text, said.section, "includes", 1, (text,))
