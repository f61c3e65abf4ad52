"""What a rule forbids, asked as the reader's yes/no question: "Can I ...?" -> "No. <rule>".

Part of the sentence fact form (``statements``), which asks a sentence's rule: a prohibition
is read there first, in every language below, so that a rule is asked whole or not at all
(never cut at its first listed item, never with its exception dropped).

Codes of conduct, policies, regulations and terms of use forbid in a few shapes that every
language has: a modal with a negation over a named party ("You may not ...", "Employees
must not ...", "Beschäftigte dürfen ... nicht ...", "Les salariés ne doivent pas ...",
"Los funcionarios no pueden ..."), an impersonal ban over an infinitive ("Es ist verboten,
... zu ...", "Il est interdit de ...", "Está prohibido ..."), a thing said to be banned
("<X> are not permitted", "<X> ist untersagt", "<X> est interdite", "No se permite <X>"),
and the imperative ("Do not ...", "Never ..."). A reader asks whether the thing may be
done, in the document's language and word order; the answer is "No." and the whole rule.

Precision first: the rule is asked only when it is whole in its clause. A sentence with an
exception ("unless", "sauf", "außer", "salvo") is not asked (a plain "No." would say more
than the rule), nor one with a condition before the rule, a comma the question would cut,
words that point back at a sentence before ("it", "dies", "cela", "esto") or speak in the
writer's voice ("our"), nor an imperative of encouragement ("Don't hesitate to ...").
"May not" over a party other than the reader, "cannot" and "should not" say what is
possible or advised as often as what is forbidden: only the reader's "may not" is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import capital, english_word, first_person
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.generate.offline.text.writer_denies import denied_question, writer

_NO = {"en": "No.", "de": "Nein.", "fr": "Non.", "es": "No."}
# A rule that holds up to an exception, in each language: "No." alone would overstate it.
_EXCEPTION = {
    "en": r"\b(?:unless|except|until|other than|apart from|however|only)\b",
    "de": r"\b(?:außer|ausgenommen|es sei denn|sofern|soweit|bis|nur|jedoch|Ausnahme)\b",
    "fr": r"\b(?:sauf|excepté|hormis|à moins|sans préjudice|seulement|uniquement|toutefois)\b",
    "es": r"\b(?:salvo|excepto|a menos|sin perjuicio|solo|sólo|únicamente|hasta que)\b",
}
# Words that point back at a sentence before, or speak in the writer's voice: the question
# cannot say on its own what they stand for.
_BACK = {
    "en": r"\b(?:it|its|they|them|this|that|these|those|such|so|same|said|above|below|"
    r"following|we|our|ours|us|he|she|him|her)\b",
    "de": r"\b(?:es|er|sie|ihn|ihm|ihnen|dies|diese[mnrs]?|dieses|solche[mnrs]?|wir|unser\w*|"
    r"dort|hier|dabei|damit|davon|dazu|darüber|oben|unten|folgende\w*)\b",
    "fr": r"\b(?:il|ils|elle|elles|lui|cela|ceci|ce|cet|cette|ces|ceux|celle|celles|tels?|"
    r"telles?|nous|notre|nos|ci-dessus|ci-dessous|suivant\w*)\b",
    "es": r"\b(?:él|ella|ellos|ellas|esto|eso|este|esta|estos|estas|ese|"
    r"esa|esos|esas|tal|tales|nosotros|nuestr[oa]s?|dicho|dicha|dichos|dichas|anterior\w*|"
    r"siguiente\w*)\b",
}
# Pronouns and determiners that leave a party unnamed ("It", "Such staff", "Each user").
_UNNAMED = {
    "en": r"^(?:it|they|he|she|we|this|that|these|those|such|each|every|any|some|no|none|one|"
    r"there|who|which|all)\b",
    "de": r"^(?:es|er|sie|wir|dies\w*|jene\w*|solche\w*|jede\w*|kein\w*|einige\w*|alle\w*|"
    r"das|der|dem|den)$|^(?:dies\w*|jene\w*|solche\w*|jede\w*|kein\w*|einige\w*|alle)\b",
    "fr": r"^(?:il|ils|elle|elles|ce|cela|ceci|cet|cette|ces|chaque|tout|toute|tous|toutes|"
    r"aucun\w*|certain\w*|nous)\b",
    "es": r"^(?:él|ella|ellos|ellas|esto|eso|este|esta|estos|estas|ese|esa|esos|esas|cada|"
    r"tod[oa]s?|ningún|ninguna|algun\w*|nosotros)\b",
}
_MIN_WORDS, _MAX_WORDS = 3, 22

Asker = Callable[[str], "str | None"]


# "that" opening a relative clause: a noun before it, a verb or the reader after it.
_EN_RELATIVE_THAT = re.compile(
    r"(?<=[a-z]{3} )that(?= (?:is|are|was|were|has|have|had|can|could|may|might|will|would|"
    r"should|must|you|I) )"
)


def _words_ok(text: str, lang: str) -> bool:
    """A clause the question can say whole: no comma, bracket or colon to cut, no word that
    points back, a length a person asks. A relative "that" after a noun ("information that
    is ...") points nowhere: only a "that" that stands for something is one."""
    pointing = _EN_RELATIVE_THAT.sub(" ", text) if lang == "en" else text
    if re.search(r"[;:()\[\]\"“”«»]", text) or re.search(_BACK[lang], pointing, re.I):
        return False
    if "," in text and not _SERIES.match(text):
        return False
    if re.search(r"\b(?:but|aber|sondern|mais|pero|sino)\b", text, re.I):
        return False  # a second clause ("... but should ..."): the rule is not one act
    return _MIN_WORDS <= len(text.split()) <= _MAX_WORDS


def _party(subject: str, lang: str) -> str | None:
    """The party a rule binds, as the question names it (its article lowered), or None when
    the words do not name one."""
    subject = subject.strip()
    if not 1 <= len(subject.split()) <= 5 or re.search(_UNNAMED[lang], subject, re.I):
        return None
    if re.search(
        r"[,;:()]|\b(?:who|which|that|der|die|das|welche\w*|qui|que|dont|cuy\w*)\b",
        subject[subject.find(" ") + 1 :] if " " in subject else "",
    ):
        return None
    head, _, tail = subject.partition(" ")
    article = r"(?:the|a|an|die|der|das|den|le|la|les|l'|un|une|des|el|los|las|un|una|unos|unas)"
    if tail and re.fullmatch(article, head, re.I):
        return f"{head.lower()} {tail}"
    return subject


# English ---------------------------------------------------------------------------------

# "You may not <V> ...", "Employees must not <V> ...", "Visitors must never <V> ...".
_EN_MODAL = re.compile(
    r"^(?P<subject>[A-Z][\w'’-]*(?: [\w'’-]+){0,4}?) (?P<modal>may not|must not|shall not|"
    r"must never|may never|shall never|are not (?:allowed|permitted) to|is not (?:allowed|"
    r"permitted) to) (?P<rest>[a-z].+)\.$"
)
# "<Things> are not permitted <where>.", "<Doing X> is strictly prohibited."
_EN_BANNED = re.compile(
    r"^(?P<what>[A-Z][\w'’-]*(?: [\w'’-]+){0,6}?) (?P<be>is|are) (?:(?:strictly|expressly) )?"
    r"(?:not (?:permitted|allowed|tolerated)|prohibited|forbidden)(?P<where> (?:on|in|at|"
    r"during|within) [^.]+)?\.$"
)
# "Do not <V> ...", "Never <V> ...": the reader told, with a base verb after.
_EN_IMPERATIVE = re.compile(r"^(?:Please )?(?:Do not|Don't|Don’t|Never) (?P<rest>[a-z].+)\.$")
# An imperative that encourages ("Don't hesitate to ask"), reassures or reminds: no rule.
_EN_ENCOURAGES = re.compile(
    r"^(?:hesitate|forget|worry|fear|panic|miss|give up|be afraid|wait|stop|assume|"
    r"underestimate|be shy|lose)\b"
)
# A verb that itself names a wrong ("violate the rules", "breach a contract"): whether it
# may be done, nobody asks.
_EN_WRONG = re.compile(r"^(?:violate|breach|break|infringe|abuse|misuse|contravene)\b")
# A word after "Do not" that is no base verb: a participle, an article, an adverb ("-ing"
# and "-ed" verbs of one syllable, "bring", "need", are verbs).
_EN_NOT_A_VERB = re.compile(
    r"^(?!(?:bring|ring|sing|sting|swing|wring|need|feed|heed|proceed|exceed|shed)\b)"
    r"(?:[a-z]+(?:ing|ed)|a|an|the|to|only|just|always|all|any)\b"
)


def _en_party(subject: str) -> str | None:
    """The party as an English question names it: a common noun opening the sentence is
    lowered ("Visitors" -> "visitors"), a name or an acronym is not."""
    party = _party(subject, "en")
    if party is None:
        return None
    first, _, rest = party.partition(" ")
    if first[1:].islower() and english_word(first.lower()):
        first = first.lower()
    return f"{first} {rest}".strip()


# "<Party> is/are (strictly) prohibited from <Ving> ...": the act as a gerund, asked by its
# base verb.
_EN_FROM = re.compile(
    r"^(?P<subject>[A-Z][\w'’-]*(?: [\w'’-]+){0,4}?) (?:is|are) (?:(?:strictly|expressly) )?"
    r"(?:prohibited|forbidden|barred) from (?P<rest>[a-z]+ing\b.+)\.$"
)
_SHORT_GERUNDS = {"being": "be", "doing": "do", "going": "go", "having": "have", "using": "use"}
_SHORT_GERUNDS |= {"making": "make", "taking": "take", "giving": "give", "seeing": "see"}
# A list of two or more items joined by commas and a last "or"/"and" ("A, B or C"): its
# commas belong to the list, not to a clause the question would cut.
_SERIES = re.compile(r"^(?:[^,]+, )+[^,]*?,? (?:or|and|oder|und|ou|et|o|y) [^,]+$")


def _base_verb(gerund: str) -> str | None:
    """The base form of an English gerund ("reproducing" -> "reproduce"), or None when the
    word list does not settle it ("hoping": "hop" and "hope" are both words)."""
    if gerund in _SHORT_GERUNDS:
        return _SHORT_GERUNDS[gerund]
    stem = gerund[:-3]
    found = [w for w in (stem, f"{stem}e") if len(stem) > 2 and english_word(w)]
    if not found and len(stem) > 3 and stem[-1] == stem[-2] and english_word(stem[:-1]):
        found = [stem[:-1]]
    return found[0] if len(found) == 1 else None


def _from_gerunds(rest: str) -> str | None:
    """ "republishing, retransmitting or reproducing any images" -> "republish, retransmit or
    reproduce any images": every gerund of a list of acts said by its base verb."""
    words = rest.split()
    out: list[str] = []
    for i, word in enumerate(words):
        bare = word.rstrip(",")
        first_or_listed = i == 0 or words[i - 1].endswith(",") or words[i - 1] in ("or", "and")
        if first_or_listed and bare.endswith("ing"):
            base = _base_verb(bare)
            if base is None:
                return None
            word = base + word[len(bare) :]
        out.append(word)
    return " ".join(out)


def allowed_act(rest: str) -> str | None:
    """ "prohibited from carrying weapons onto the premises" -> "to carry weapons onto the
    premises": the act a party is barred from, said as "allowed to <act>", or None when it
    is no gerund the word list settles or no clause a question can say whole."""
    m = re.match(r"^(?:(?:strictly|expressly) )?(?:prohibited|forbidden|barred) from (.+)$", rest)
    if m is None or not re.match(r"[a-z]+ing\b", m.group(1)):
        return None
    act = _from_gerunds(m.group(1).rstrip(". "))
    return f"to {act}" if act is not None and _words_ok(act, "en") else None


def _english(sentence: str) -> str | None:
    m = _EN_FROM.match(sentence)
    if m is not None:
        rest = _from_gerunds(m.group("rest"))
        if m.group("subject") != "You" or rest is None or not _words_ok(rest, "en"):
            return None
        return f"Can I {first_person(rest)}?"
    m = _EN_MODAL.match(sentence)
    if m is not None:
        subject, modal, rest = m.group("subject"), m.group("modal"), m.group("rest")
        if not _words_ok(rest, "en") or _EN_NOT_A_VERB.match(rest):
            return None  # "must not exceeding ...", "must not only ...": no act forbidden
        if subject == "You":
            return f"Can I {first_person(rest)}?" if modal != "shall never" else None
        if modal.startswith("may") or (party := _en_party(subject)) is None:
            return None  # "<Party> may not ..." says as often what may not happen
        return f"Can {party} {rest}?"
    m = _EN_BANNED.match(sentence)
    if m is not None:
        what, where = m.group("what"), (m.group("where") or "")
        party = _en_party(what)
        if party is None or not _words_ok(f"{what}{where}", "en") or len(what.split()) < 2:
            return None
        be = "Are" if m.group("be") == "are" or plural_subject(party) else "Is"
        return f"{be} {party} allowed{where}?"
    m = _EN_IMPERATIVE.match(sentence)
    if m is None or _EN_ENCOURAGES.match(m.group("rest")) or _EN_NOT_A_VERB.match(m.group("rest")):
        return None
    rest = m.group("rest")
    if not _words_ok(rest, "en") or re.search(r"\byou\b", rest):
        return None
    return f"Can I {first_person(rest)}?"


# German ----------------------------------------------------------------------------------

# "<Party> darf/dürfen <...> nicht <...> <Infinitiv>." (the verb last, the modal second).
_DE_MODAL = re.compile(
    r"^(?P<subject>[A-ZÄÖÜ][\wäöüß-]*(?: [\wäöüßÄÖÜ-]+){0,3}?) (?P<modal>darf|dürfen) "
    r"(?P<before>(?:[\wäöüßÄÖÜ-]+ ){0,8}?)(?:nicht|niemals|nie) (?P<after>(?:[\wäöüßÄÖÜ-]+ )"
    r"{0,10}?)(?P<verb>[a-zäöüß]+(?:en|ern|eln))\.$"
)
# "Es ist (nicht gestattet | verboten | untersagt), ... zu <V>."
_DE_IMPERSONAL = re.compile(
    r"^Es ist (?:(?:streng|ausdrücklich) )?(?:nicht (?:gestattet|erlaubt|zulässig)|verboten|"
    r"untersagt|unzulässig), (?P<what>.+ zu [a-zäöüß]+)\.$"
)
# "<Etwas> ist/sind (...) verboten | untersagt | nicht gestattet."
_DE_BANNED = re.compile(
    r"^(?P<what>[A-ZÄÖÜ][\wäöüß-]*(?: [\wäöüßÄÖÜ-]+){0,5}?) (?P<be>ist|sind) "
    r"(?P<mid>(?:[\wäöüßÄÖÜ-]+ ){0,6}?)(?:(?:streng|ausdrücklich|grundsätzlich) )?"
    r"(?:nicht (?:gestattet|erlaubt|zulässig)|verboten|untersagt|unzulässig)\.$"
)


def _german(sentence: str) -> str | None:
    m = _DE_MODAL.match(sentence)
    if m is not None:
        subject = m.group("subject")
        middle = f"{m.group('before')}{m.group('after')}{m.group('verb')}"
        if not _words_ok(middle, "de") or re.search(r"\b(?:Ihr\w*|Sie|Ihnen|sich)\b", middle):
            return None
        if subject in ("Sie", "Man"):
            return f"Darf {'ich' if subject == 'Sie' else 'man'} {middle}?"
        party = _party(subject, "de")
        return f"{m.group('modal').capitalize()} {party} {middle}?" if party else None
    m = _DE_IMPERSONAL.match(sentence)
    if m is not None:
        what = m.group("what")
        return f"Ist es erlaubt, {what}?" if _words_ok(what, "de") else None
    m = _DE_BANNED.match(sentence)
    if m is not None:
        party = _party(m.group("what"), "de")
        asked = f"{party} {m.group('mid')}".strip() if party else ""
        if not party or not _words_ok(asked, "de") or len(m.group("what").split()) < 2:
            return None
        return f"{m.group('be').capitalize()} {asked} erlaubt?"
    return None


# French ----------------------------------------------------------------------------------

_FR_MODAL = re.compile(
    r"^(?P<subject>(?:Les?|La|L'|L’|Vous|On) ?[^,;:]{0,60}?) (?:ne |n'|n’)(?P<modal>peut|"
    r"peuvent|pouvez|doit|doivent|devez|pourra|pourront|devra|devront) (?:pas|jamais|en aucun "
    r"cas) (?P<rest>[a-zàâçéèêëîïôûù].+)\.$"
)
_FR_CAN = {"doit": "peut", "doivent": "peuvent", "devez": "pouvez", "devra": "pourra"}
_FR_CAN |= {"devront": "pourront"}
_FR_IMPERSONAL = re.compile(
    r"^Il (?:est (?:strictement |formellement )?interdit|n'est pas (?:permis|autorisé)|"
    r"n’est pas (?:permis|autorisé)) (?P<de>de |d'|d’)(?P<what>.+)\.$"
)
_FR_BANNED = re.compile(
    r"^(?P<what>(?:Les?|La|L'|L’) ?[^,;:]{2,60}?) (?P<be>est|sont) (?:(?:strictement|"
    r"formellement) )?interdit(?P<agree>e?s?)(?P<where> (?:dans|sur|pendant|au|aux|à) [^.]+)?\.$"
)


def _french(sentence: str) -> str | None:
    m = _FR_MODAL.match(sentence)
    if m is not None:
        subject, rest = m.group("subject"), m.group("rest")
        modal = _FR_CAN.get(m.group("modal"), m.group("modal"))
        if not _words_ok(rest, "fr") or re.search(r"\b(?:vous|votre|vos)\b", rest, re.I):
            return None
        if subject == "Vous":
            return f"Est-ce que je {'peux' if modal == 'pouvez' else modal} {rest} ?"
        if subject == "On":
            return f"Est-ce qu'on {modal} {rest} ?"
        party = _party(subject, "fr")
        return f"Est-ce que {party} {modal} {rest} ?" if party else None
    m = _FR_IMPERSONAL.match(sentence)
    if m is not None:
        what = m.group("what")
        return f"Est-il permis {m.group('de')}{what} ?" if _words_ok(what, "fr") else None
    m = _FR_BANNED.match(sentence)
    if m is not None:
        party, where = _party(m.group("what"), "fr"), m.group("where") or ""
        if party is None or not _words_ok(f"{party}{where}", "fr"):
            return None
        agreed = f"autorisé{m.group('agree')}"
        return f"Est-ce que {party} {m.group('be')} {agreed}{where} ?"
    return None


# Spanish ---------------------------------------------------------------------------------

_ES_MODAL = re.compile(
    r"^(?P<subject>(?:Los|Las|El|La|Usted|Ustedes) ?[^,;:]{0,60}?) no (?P<modal>puede|pueden|"
    r"podrá|podrán|debe|deben|deberá|deberán) (?P<rest>[a-záéíóúñ].+)\.$"
)
_ES_CAN = {"debe": "puede", "deben": "pueden", "deberá": "podrá", "deberán": "podrán"}
_ES_IMPERSONAL = re.compile(
    r"^(?:Está|Queda) (?:terminantemente |estrictamente |expresamente )?prohibido "
    r"(?P<what>[a-záéíóúñ]+(?:ar|er|ir)\b.+)\.$"
)
_ES_NOT_ALLOWED = re.compile(r"^No se (?P<verb>permite|permiten|admite|admiten) (?P<what>.+)\.$")
_ES_BANNED = re.compile(
    r"^(?P<what>(?:Los|Las|El|La) [^,;:]{2,60}?) (?P<be>está|están|queda|quedan) "
    r"(?:terminantemente |estrictamente |expresamente )?prohibid(?P<agree>[oa]s?)\.$"
)


def _spanish(sentence: str) -> str | None:
    m = _ES_MODAL.match(sentence)
    if m is not None:
        subject, rest = m.group("subject"), m.group("rest")
        modal = _ES_CAN.get(m.group("modal"), m.group("modal"))
        if not _words_ok(rest, "es") or subject.startswith("Usted"):
            return None
        party = _party(subject, "es")
        return f"¿{capital(modal)} {party} {rest}?" if party else None
    m = _ES_IMPERSONAL.match(sentence)
    if m is not None:
        return f"¿Está permitido {m.group('what')}?" if _words_ok(m.group("what"), "es") else None
    m = _ES_NOT_ALLOWED.match(sentence)
    if m is not None:
        what = m.group("what")
        return f"¿Se {m.group('verb')} {what}?" if _words_ok(what, "es") else None
    m = _ES_BANNED.match(sentence)
    if m is not None:
        party = _party(m.group("what"), "es")
        if party is None or not _words_ok(party, "es"):
            return None
        be = "Están" if m.group("be") in ("están", "quedan") else "Está"
        return f"¿{be} permitid{m.group('agree')} {party}?"
    return None


def _writer_denies(sentence: str, said: Sentence) -> str | None:
    """ "Does <Org> sell my data ...?" of "We do not sell your data ...", when the
    clause passes a prohibition's checks and the text names who "we" is."""
    if not sentence.startswith("We ") or not 20 <= len(sentence) <= 300:
        return None
    if re.search(_EXCEPTION["en"], sentence, re.I):
        return None
    who = writer(said.text_chunk.chunk.meta.get("document"), said.ctx.org)
    found = denied_question(sentence, who) if who else None
    if found is None:
        return None
    question, rest = found
    if not _words_ok(rest, "en") or _EN_WRONG.match(question.split(" ", 3)[-1]):
        return None
    return question


_ASKERS: dict[str, Asker] = {"en": _english, "de": _german, "fr": _french, "es": _spanish}


def forbidden_fact(sentence: str, lang: str) -> str | None:
    """The yes/no question a rule that forbids something answers "No" to, or None."""
    sentence = re.sub(r"\s+", " ", sentence.strip())
    ask = _ASKERS.get(lang)
    if ask is None or not 20 <= len(sentence) <= 300:
        return None
    if re.search(_EXCEPTION[lang], sentence, re.I):
        return None
    asked = ask(sentence)
    if asked is None or (lang == "en" and _EN_WRONG.match(asked.split(" ", 2)[-1])):
        return None
    return re.sub(" +", " ", asked)


# A next sentence that says when the forbidden thing is allowed after all ("Some <X> may be
# allowed if ..."): a plain "No." would overstate the rule, so it is not asked.
_EN_ALLOWED_AFTER = re.compile(
    r"(?i)\b(?:may|can|might|will|is|are) (?:still |also |sometimes |only )?be (?:allowed|"
    r"permitted|acceptable|accepted|tolerated)\b|\bexceptions?\b|\bexcept\b|\bunless\b"
)
# The number a numbered clause opens with ("1.2 ", "3. ", "(b) "): no part of its rule.
_CLAUSE_NUMBER = re.compile(
    r"^(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|\(?[a-z]\)|\(?[ivx]{1,4}\))\s+(?=[A-Z])"
)


def is_it_allowed(said: Sentence) -> Candidate | None:
    """Whether the reader, or the party a rule names, may do what the rule forbids: asked of
    a sentence (not a list item cut from its lead-in), answered "No." and the rule; in
    English also whether the organisation that writes as "we" does what it says it does not
    (``writer_denies``). A numbered clause is asked without its number."""
    if said.intro and said.section.kind == "list_item":
        return None
    sentence = _CLAUSE_NUMBER.sub("", said.text.strip(), count=1)
    question = forbidden_fact(sentence, said.lang)
    if question is None and said.lang == "en":
        question = _writer_denies(re.sub(r"\s+", " ", sentence), said)
    if question is None or (
        said.lang == "en" and _EN_ALLOWED_AFTER.search(" ".join(said.after[:1]))
    ):
        return None
    answer = f"{_NO[said.lang]} {sentence}"
    return Candidate(question, answer, sentence, said.section, "forbidden", 1, (sentence,))
