"""A term defined under its own heading, in German, French and Spanish: a section titled
by a term whose first sentence opens with that term and says what it is ("<Term> ist
jede ...", "<Les termes> sont des ...", "<El término> es el ..."), asked "Was bedeutet
„<Term>“?", "Que sont <les termes> ?", "¿Qué es <el término>?", answered by the section.

Lists of definitions (data-protection notices, statutes, glossaries, course notes) set
each term as a heading and define it in the paragraph below, often without an article
before the term and with a predicate the sentence forms do not read as a definition
("ist jede", "sind alle"): the heading says which word the paragraph defines. A term
said with its definite article is asked with it; a bare term is quoted, so no case or
article has to agree with it. Language data only: the copulas, the determiners a
defining predicate opens with, and the words of a judgement that defines nothing.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.templates import TEMPLATES, said_as
from datasetkit.generate.offline.language.words import DocWords, unnumbered
from datasetkit.generate.offline.text.view import Sentence

# The definite articles a term may open its sentence with.
_ARTICLE = {
    "de": r"(?:der|die|das)\s+",
    "fr": r"(?:le|la|les)\s+|l['’]",
    "es": r"(?:el|la|los|las)\s+",
}
# The copula of a definition, singular then plural.
_COPULA = {
    "de": (r"ist|bezeichnet|bedeutet", r"sind|bezeichnen|bedeuten"),
    "fr": (r"est|désigne", r"sont|désignent"),
    "es": (r"es|designa", r"son|designan"),
}
# What a defining predicate opens with: a determiner ("jede", "un", "el") ...
_DETERMINER = {
    "de": r"(?:jede[rsn]?|alle|ein|eine|einer|der|die|das|diejenige[n]?)\s",
    "fr": r"(?:un|une|des|le|la|les|l['’]|tout|toute|tous|toutes|l['’]ensemble)\s*",
    "es": r"(?:un|una|unos|unas|el|la|los|las|todo|toda|todos|todas|aquel|aquella|aquellos|"
    r"aquellas)\s",
}
# ... or, after a plural copula, a bare noun that a relative clause restricts ("sind
# URL-Segmente, die ...", "son pautas que ...").
_RESTRICTED_NOUN = {
    "de": r"[\wÄÖÜäöüß-]+,?\s(?:die|welche)\s",
    "fr": r"[\wÀ-ÿ-]+\s(?:qui|que|dont)\s",
    "es": r"[\wÁ-úñÑ-]+\s(?:que|cuyos?|cuyas?)\s",
}
# A predicate that judges or ranks the term ("ein wichtiger Bestandteil", "une autre
# variante", "una herramienta fundamental"): it says what the term is worth, not what it is.
JUDGEMENT = re.compile(
    r"(?i)\b(?:wichtig\w*|wesentlich\w*|zentral\w*|entscheidend\w*|ander\w*|weiter\w*|"
    r"neu\w*|besonder\w*|gut\w*|important\w*|essentiel\w*|autre|autres|nouve\w*|"
    r"meilleur\w*|importante?s?|fundamental\w*|esencial\w*|clave|otr[oa]s?|nuev[oa]s?|"
    r"mejor\w*|gran|grande)\b"
)
_WHO = {"de": "Wer sind {term}?", "fr": "Qui sont {term} ?", "es": "¿Quiénes son {term}?"}
_QUOTES = {"de": ("„", "“"), "fr": ("« ", " »"), "es": ("«", "»")}
_LETTER_MARK = re.compile(r"^(?:[a-zA-Z]|[ivxIVX]{1,4})[.)]\s+")
_ASIDE = re.compile(r"\s*\([^()]*\)\s*$")
_MAX_TERM_WORDS = 5
MAX_ANSWER = 800
HEADED_LANGUAGES = frozenset(_ARTICLE)


def opens_headed_section(said: Sentence) -> bool:
    """Whether ``said`` is the first sentence of the first paragraph under a heading: the
    place a section states what its heading names."""
    text = said.text_chunk
    if said.before or not text.opens_section or not text.body:
        return False
    return text.body[0] is said.section and said.section.kind == "paragraph"


def headed_definition(said: Sentence) -> Candidate | None:
    """The section's definition of its heading's term, or None."""
    lang = said.lang
    text = said.text_chunk
    if lang not in HEADED_LANGUAGES or not opens_headed_section(said):
        return None
    term = heading_term(str(text.heading or ""))
    if term is None:
        return None
    # A heading that names the term with its article ("Les membres actifs"): the article
    # is read in the sentence, where it says how the question names the term.
    term = re.sub(rf"(?i)^(?:{_ARTICLE[lang]})(?=\w)", "", term) or term
    m = re.match(
        rf"^(?P<art>{_ARTICLE[lang]})?(?P<term>{re.escape(term)})\s+(?P<verb>\w+)\s+(?P<pred>.+)$",
        said.sentence,
        re.IGNORECASE | re.DOTALL,
    )
    if m is None or not _defines(m.group("verb"), m.group("pred"), lang):
        return None
    plural = re.fullmatch(_COPULA[lang][1], m.group("verb"), re.IGNORECASE) is not None
    written = m.group("term")
    question = _question(m.group("art"), written, plural, lang, text.ctx.words)
    if m.group("art") and plural and PEOPLE.match(m.group("pred")):
        # People are asked who they are: "Qui sont les membres actifs ?".
        np = f"{m.group('art').strip().lower()} {_as_running_text(written, lang, text.ctx.words)}"
        question = said_as(_WHO[lang].format(term=np), lang)
    if question is None:
        return None
    answer = section_answer(said)
    return Candidate(question, answer, answer, said.section, "definition", 1)


def heading_term(heading: str, most: int = _MAX_TERM_WORDS) -> str | None:
    """The term a heading names: without its number, letter mark or trailing aside."""
    term = _ASIDE.sub("", _LETTER_MARK.sub("", unnumbered(heading).strip())).strip(" :")
    words = term.split()
    if not words or len(words) > most or re.search(r"[\d/\[\]{}<>|;?!]", term):
        return None
    if term.isupper() and len(words) > 1:
        return None  # a shouted heading: no term as running text writes it
    return term


def _defines(verb: str, pred: str, lang: str) -> bool:
    """Whether "<term> <verb> <pred>" says what the term is (not how good it is)."""
    single, plural = _COPULA[lang]
    if re.fullmatch(single, verb, re.IGNORECASE):
        opens = re.match(_DETERMINER[lang], pred, re.IGNORECASE)
    elif re.fullmatch(plural, verb, re.IGNORECASE):
        opens = re.match(_DETERMINER[lang], pred, re.IGNORECASE) or re.match(
            _RESTRICTED_NOUN[lang], pred
        )
    else:
        return False
    if opens is None:
        return False
    head = " ".join(pred.split()[:3])
    if POINTS.search(head):
        return False  # "die folgenden": it points at what follows
    return JUDGEMENT.search(head) is None and len(pred.split()) >= 4


def _question(art: str | None, term: str, plural: bool, lang: str, words: DocWords) -> str | None:
    """ "Was sind personenbezogene Daten?", "Qu'est-ce que le traitement ?", or the bare
    term quoted: "Was bedeutet „Verarbeitung“?"."""
    said = _as_running_text(term, lang, words)
    if art:
        np = f"{art.strip().lower()} {said}" if not art.endswith(("'", "’")) else f"l'{said}"
        if plural:
            asks = {"de": "Was sind {term}?", "fr": "Que sont {term} ?", "es": "¿Qué son {term}?"}
            return said_as(asks[lang].format(term=np), lang)
        return said_as(TEMPLATES[lang]["definition"].format(term=np), lang)
    if plural and lang == "de":
        return f"Was sind {said}?"  # a bare plural needs no article: "Was sind Cookies?"
    left, right = _QUOTES[lang]
    return said_as(TEMPLATES[lang]["meaning"].format(term=f"{left}{said}{right}"), lang)


def _as_running_text(term: str, lang: str, words: DocWords) -> str:
    """The term as a sentence writes it inside: its first word lowered unless it is a
    name (capitalised inside sentences); in German, where every noun is capitalised, only
    when the document writes that word in lower case elsewhere ("Betroffene Person" ->
    "betroffene Person")."""
    first, _, rest = term.partition(" ")
    lowered = words.common(first) if lang == "de" else not words.name(first)
    if first[:1].isupper() and not first.isupper() and lowered:
        first = first[:1].lower() + first[1:]
    return f"{first} {rest}".strip()


def section_answer(said: Sentence) -> str:
    """The definition and what follows it in its section, as long as it fits an answer:
    the sentences of its paragraph, then the next paragraphs whole; never a sentence that
    points at something the answer does not hold (a table or list below), nor a paragraph
    that opens a list."""
    parts = [said.sentence.strip()]
    for more in said.after:
        if POINTS.search(more) or len(" ".join(parts)) + len(more) > MAX_ANSWER:
            return " ".join(parts)
        parts.append(more.strip())
    answer = " ".join(parts)
    if answer.endswith(":"):
        return answer
    for s in said.text_chunk.body[1:]:
        text = s.text.strip()
        if s.kind != "paragraph" or text.endswith(":") or POINTS.search(text):
            break
        if len(answer) + len(text) > MAX_ANSWER:
            break
        answer = f"{answer}\n{text}"
    return answer


# Words that point at a part of the document a sentence leads to ("la siguiente tabla",
# "folgende Beispiele", "ci-dessous").
POINTS = re.compile(
    r"(?i)\b(?:siguientes?|a continuación|abajo|folgende[nrms]?|unten|nachstehend\w*|"
    r"suivante?s?|ci-dessous|ci-après)\b"
)
# A predicate that names people ("las personas que ...", "les membres qui ..."): they are
# asked "who", not "what".
PEOPLE = re.compile(
    r"(?i)^(?:\S+\s){1,2}(?:personas?|personnes?|Personen|miembros|membres|Mitglieder|"
    r"representantes|représentants|Vertreter\w*|socios|associés|trabajadores|salariés|"
    r"Mitarbeiter\w*|alumnos|estudiantes|élèves|étudiants|Studierenden|Schüler\w*)\b"
)
