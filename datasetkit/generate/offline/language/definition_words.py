"""The words a definition is read by, per language: the shapes of a defining sentence,
the articles a term opens with, the verbs that say what a term means.

Language data only; ``forms/text/definitions.py`` reads it.
"""

from __future__ import annotations

import re

# Definitional sentences: "<Term> is a ...", "<Term> means ...". Group "term" is the
# subject; "verb" decides between "What is" and "What does ... mean".
DEFINITION: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^(?P<term>(?:(?:A|An|The)[ \t]+)?[A-Za-z0-9][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        # An adverb between the term and its verb ("<term> simply means ...") is no part
        # of the term.
        r"(?:(?:just|simply|basically|essentially|really|actually|merely|thus|therefore|"
        r"then|also|generally|usually|typically|often|now)[ \t]+)?"
        r"(?P<verb>is\s+(?:an?|the)\s|are\s+(?:the|an?)\s|means\s|refers\s+to\s|stands\s+for\s|is\s+defined\s+as\s)",
    ),
    "de": re.compile(
        r"^(?P<term>(?:(?:Der|Die|Das|Ein|Eine)\s+)?[\wÄÖÜäöüß][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>ist\s+(?:ein|eine|der|die|das)\s|bedeutet\s|bezeichnet\s)",
    ),
    "fr": re.compile(
        r"^(?P<term>(?:(?:Le|La|Les|Un|Une|L')\s*)?[\wÀ-ÿ][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>est\s+(?:un|une|le|la|l')\s*|désigne\s|signifie\s)",
    ),
    "es": re.compile(
        r"^(?P<term>(?:(?:El|La|Los|Las|Un|Una)\s+)?[\wÁ-úñÑ][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>es\s+(?:un|una|el|la)\s|significa\s|se\s+refiere\s+a\s)",
    ),
    "pt": re.compile(
        r"^(?P<term>(?:(?:O|A|Os|As|Um|Uma)\s+)?[\wÀ-ú][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>é\s+(?:um|uma|o|a)\s|significa\s|designa\s|refere-se\s+a\s)",
    ),
    "it": re.compile(
        r"^(?P<term>(?:(?:Il|Lo|La|I|Gli|Le|Un|Uno|Una|L')\s*)?[\wÀ-ú][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)[ \t]+"
        r"(?P<verb>è\s+(?:un|uno|una|il|lo|la|l')\s*|significa\s|indica\s)",
    ),
}

ARTICLES = {
    "de": ("der", "die", "das", "ein", "eine"),
    "fr": ("le", "la", "les", "un", "une", "l"),
    "es": ("el", "la", "los", "las", "un", "una"),
    "pt": ("o", "a", "os", "as", "um", "uma"),
    "it": ("il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "l"),
}

MEANING_VERBS = (
    "means",
    "refers",
    "stands",
    "is defined",
    "bedeutet",
    "bezeichnet",
    "désigne",
    "signifie",
    "significa",
    "se refiere",
    "designa",
    "refere-se",
    "indica",
)

# A term given to what a sentence describes ("<Subject> heißt <Term>, wenn ...", "On
# appelle <Term> <subject> ...", "<Subject> se llama <Term> si ...", "<Subject> is called
# <Term> if ..."): the way textbooks, lecture notes and standards name a concept. Group
# "subject" is the noun phrase named, "term" the name given, "cond" the condition that
# makes the name fit (absent when the subject itself says what the term is).
_COND = {
    "en": r"(?:if|when|whenever|provided)",
    "de": r"(?:wenn|falls|sofern)",
    "fr": r"(?:si|lorsque|quand|lorsqu')",
    "es": r"(?:si|cuando)",
}
_TERM = r"(?P<term>[^\s,.;:()]+(?:\s+[^\s,.;:()]+){0,4}?)"
_TAIL = {lang: rf"(?:,?\s+{cond}\s*(?P<cond>.+?))?\s*[.:]?$" for lang, cond in _COND.items()}
CALLED: dict[str, tuple[re.Pattern[str], ...]] = {
    "en": (
        re.compile(
            r"^(?P<subject>.{3,90}?)\s+(?:is|are)\s+(?:then\s+)?(?:called|termed|said\s+to\s+be)\s+"
            rf"(?:an?\s+)?{_TERM}{_TAIL['en']}"
        ),
        re.compile(
            r"^we\s+say\s+(?:that\s+)?(?P<subject>.{3,90}?)\s+(?:is|are)\s+(?:an?\s+)?"
            rf"{_TERM}{_TAIL['en']}",
            re.I,
        ),
    ),
    "de": (
        re.compile(rf"^(?P<subject>.{{3,90}}?)\s+(?:heißt|heißen)\s+{_TERM}{_TAIL['de']}"),
        re.compile(
            r"^(?P<subject>.{3,90}?)\s+(?:wird|werden)\s+(?:auch\s+)?(?:als\s+)?"
            rf"{_TERM}\s+(?:bezeichnet|genannt){_TAIL['de']}"
        ),
    ),
    "fr": (
        re.compile(
            rf"^On\s+appelle\s+{_TERM}\s+(?P<subject>(?:tout|toute|un|une|le|la|l'|les)\b.{{3,90}}?)"
            rf"(?:\s+(?:qui|dont|tel|telle)\b.*)?\s*[.:]?$"
        ),
        re.compile(
            r"^On\s+dit\s+qu(?:e\s+|')(?P<subject>.{3,90}?)\s+est\s+(?:un\s+|une\s+)?"
            rf"{_TERM}{_TAIL['fr']}"
        ),
        re.compile(
            r"^(?P<subject>.{3,90}?)\s+est\s+(?:dite?s?|appelée?s?)\s+(?:un\s+|une\s+)?"
            rf"{_TERM}{_TAIL['fr']}"
        ),
    ),
    "es": (
        re.compile(
            rf"^Se\s+(?:llama|denomina)\s+{_TERM}\s+a\s+(?P<subject>.{{3,90}}?)(?:\s+(?:que|cuyo|cuya)\b.*)?\s*[.:]?$"
        ),
        re.compile(
            r"^(?:Decimos|Se\s+dice)\s+que\s+(?P<subject>.{3,90}?)\s+es\s+(?:un\s+|una\s+)?"
            rf"{_TERM}{_TAIL['es']}"
        ),
        re.compile(
            r"^(?P<subject>.{3,90}?)\s+se\s+(?:llama|denomina|dice)\s+(?:un\s+|una\s+)?"
            rf"{_TERM}{_TAIL['es']}"
        ),
    ),
}

# The words a subject opens with when it is a noun phrase ("a connected graph", "ein
# Raum", "toute application", "una función"), not a symbol or a pronoun.
SUBJECT_OPENERS: dict[str, frozenset[str]] = {
    "en": frozenset(["a", "an", "the", "every", "each", "any", "two"]),
    "de": frozenset(
        ["ein", "eine", "einen", "der", "die", "das", "jeder", "jede", "jedes", "zwei"]
    ),
    "fr": frozenset(
        ["un", "une", "le", "la", "l", "les", "tout", "toute", "tous", "toutes", "deux"]
    ),
    "es": frozenset(["un", "una", "el", "la", "los", "las", "todo", "toda", "dos"]),
}

# The questions a named term is asked by: with a condition ("When is <subject> called
# <term>?") and without one, the subject being what the term is ("What is called
# <term>?" read as "Was bezeichnet man als <term>?").
CALLED_QUESTIONS: dict[str, dict[str, str]] = {
    "en": {"cond": "When {be} {subject} {verb} {term}?", "what": "What is {article}{term}?"},
    "de": {"cond": "Wann heißt {subject} {term}?", "what": "Was bezeichnet man als {term}?"},
    "fr": {"cond": "Quand dit-on que {subject} est {term} ?", "what": "Qu'appelle-t-on {term} ?"},
    "es": {"cond": "¿Cuándo se dice que {subject} es {term}?", "what": "¿A qué se llama {term}?"},
}

# The label of a numbered block of a textbook or lecture notes ("Definition 2.3",
# "Satz 1.1 (Heine-Borel)", "Beispiel 4", "Théorème 3", "Ejemplo 2", "Remark."), and the
# blocks whose sentences illustrate or prove rather than define.
BLOCK_LABEL = re.compile(
    r"(?:^|(?<=[.!?:)\]]\s)|(?<=[^\w\s,;(]\s))(?P<label>Definition|Def\.|Definitionen|Satz|Theorem|"
    r"Lemma|Korollar|Corollary|Folgerung|Proposition|Bemerkung|Remark|Beispiel|Beispiele|"
    r"Example|Examples|Exemple|Exemples|Ejemplo|Ejemplos|Définition|Definición|Teorema|"
    r"Théorème|Lema|Lemme|Beweis|Proof|Preuve|Démonstration|Demostración|Übung|Exercise|"
    r"Exercice|Ejercicio|Aufgabe|Remarque|Observación|Notation|Notación)"
    # A label has its number, its name in brackets, or a stop after it: "Example 2",
    # "Satz (Heine-Borel)", "Proof.", "Beispiele:"; "Exercise regularly" opens a sentence.
    r"(?:\s+\d+(?:\.\d+)*[a-z]?(?=[\s.:]|$)|(?=\s*[.:(]|\s*$))"
    r"(?:\s*\((?P<name>[^()]{2,60})\))?"
)
NOT_DEFINING_BLOCKS = re.compile(
    r"(?i)^(?:beispiele?|examples?|exemples?|ejemplos?|beweis|proof|preuve|démonstration|"
    r"demostración|übung|exercise|exercice|ejercicio|aufgabe)$"
)

# The question a glossary entry is asked by. The term is quoted outside English: a quoted
# term is read as one word whatever its number ("Was bedeutet „Überstunden“?").
GLOSSARY_QUESTIONS: dict[str, str] = {
    "en": "What does {term} mean?",
    "de": "Was bedeutet „{term}“?",
    "fr": "Que signifie « {term} » ?",
    "es": "¿Qué significa «{term}»?",
}

# The labels of a stated result, per language, and how a named one is asked. A name in
# brackets after the label ("Satz 1.1 (Heine-Borel)", "Theorem 2 (Heine–Borel)",
# "Théorème (de Pythagore)") is either the result's whole name ("Satz von Pasch",
# "Pythagorean theorem") or the names it is called after.
THEOREM_LABELS: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"^(?:Theorem|Lemma|Corollary|Proposition)$"),
    "de": re.compile(r"^(?:Satz|Theorem|Lemma|Korollar|Folgerung)$"),
    "fr": re.compile(r"^(?:Théorème|Lemme|Corollaire|Proposition)$"),
    "es": re.compile(r"^(?:Teorema|Lema|Corolario|Proposición)$"),
}
# A name that says what kind of result it is ("Satz von Pasch", "Strahlensatz", "Zorn's
# lemma", "théorème de Thalès", "teorema de Pitágoras").
WHOLE_RESULT_NAME: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"(?i)^(?:[\w'’.-]+\s+){0,4}(?:theorem|lemma|law|formula|principle|inequality|identity)$"
    ),
    "de": re.compile(r"^(?:Satz\s+(?:von|des|der)\s+.+|[A-ZÄÖÜ][a-zäöüß]*satz)$"),
    "fr": re.compile(r"(?i)^(?:théorème|lemme|formule|inégalité)\s+(?:de|des|du|d')\s*.+$"),
    "es": re.compile(r"(?i)^(?:teorema|lema|fórmula|desigualdad)\s+(?:de|del)\s+.+$"),
}
# Names of people ("Heine-Borel", "Seifert und van Kampen", "Gauss"): a result called
# after them is asked as the label's kind "of" them.
PERSON_NAMES = re.compile(
    r"^[A-ZÄÖÜÉ][\w'’.-]*(?:(?:-|–|\s+(?:und|and|et|y|van|von|de|der)\s+|\s+)[A-ZÄÖÜÉ]?[\w'’.-]+){0,3}$"
)
THEOREM_QUESTIONS: dict[str, dict[str, str]] = {
    "en": {"whole": "What does {the}{name} state?", "after": "What does the {name} {kind} state?"},
    "de": {"whole": "Was besagt der {name}?", "after": "Was besagt {the}{kind} von {name}?"},
    "fr": {"whole": "Que dit le {name} ?", "after": "Que dit {the}{kind} de {name} ?"},
    "es": {"whole": "¿Qué dice el {name}?", "after": "¿Qué dice {the}{kind} de {name}?"},
}
# The article of each label's kind, in the languages whose kinds have a gender; a kind
# without one here is not asked after a name.
KIND_ARTICLES: dict[str, dict[str, str]] = {
    "de": {"Satz": "der ", "Theorem": "das ", "Lemma": "das ", "Korollar": "das "},
    "fr": {"Théorème": "le ", "Lemme": "le ", "Corollaire": "le "},
    "es": {"Teorema": "el ", "Lema": "el ", "Corolario": "el "},
}
