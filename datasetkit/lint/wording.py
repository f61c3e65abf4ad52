"""Whether a question reads without its document, and whether its answer gives all it cuts.

Checks that look at the words of one case only, never at a particular document, so
a hand-written set (``datasetkit lint``) and a generated one (the generation gate) are
held to the same rules:

- :func:`raw_identifier`: a name a user never says, taken from a file's structure
  (``snake_case`` or ``camelCase`` field names, a field's path ``outputs.unit_price``, "Column 3", "Sheet1", a file name, a
  bare number used as the name of a row); :func:`raw_answer`: an answer that is such a
  name only, to a question that asks for no name a user types;
- :func:`unresolved_reference`: a word that points at something the question never
  names ("this", "that case", "either", "the above", a pronoun with nothing before it, a
  member of a sequence named by its place only: :mod:`datasetkit.lint.sequence`);
- :func:`names_nothing`: an English question whose one noun phrase is "the" and a common
  noun ("What is the subtotal?"), or a verb with nothing to act on ("How do I resolve?");
- :func:`templated_question`: a question pasted over a heading or a title ("What does
  the guide say about X?", "What should I know about X?"), or a title-case heading pasted
  into its sentence (:mod:`datasetkit.lint.pasted_headings`);
(A question that is no clause: :mod:`datasetkit.lint.broken_clauses`; an answer that
gives only part of a list: :mod:`datasetkit.lint.list_cuts`.)

Each returns a short reason (what it found, quoted) or None.
"""

from __future__ import annotations

import re

from datasetkit.lint.frame_words import QUESTION_FRAME
from datasetkit.lint.heading_words import heading_word_subject
from datasetkit.lint.pasted_headings import pasted_heading
from datasetkit.lint.sequence import sequence_reference
from datasetkit.lint.subject import names_something

# ----- raw identifiers --------------------------------------------------------------------

# Text in backticks is quoted on purpose (a command, a field a user types): not a slip.
_QUOTED_CODE = re.compile(r"`[^`]*`")
_ADDRESS = re.compile(r"\S+@\S+|\b(?:https?://|www\.)\S+")
# A message quoted after its kind ('the error "..."') is what a program prints, word for
# word: the names in it are the words a user sees and searches for.
_QUOTED_MESSAGE = re.compile(r'(?i)\b(?:error|warning|exception|message)\s+(?:"[^"\n]+"|“[^”\n]+”)')
_SNAKE = re.compile(r"(?<![\w.@/-])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9](?![\w@/-])")
# Two lowercase letters or more, then a capital and lowercase letters: "stockQuantity".
# Brand names with one lowercase letter first ("iPhone", "eBay") or capitals after
# ("macOS") do not have this shape.
_CAMEL = re.compile(r"(?<![\w@/.-])[a-z]{2,}(?:[A-Z][a-z]+)+[A-Za-z0-9]*(?![\w@/-])")
# A field's path in an export ("outputs.details.unit_price", "inputs.query"): lowercase
# segments joined by dots. A web domain ("contoso.com", "github.io") ends in a short one.
_FIELD_PATH = re.compile(
    r"(?<![\w@/.-])[a-z][a-z0-9_]+(?:\.[a-z_][a-z0-9_]+)*\.(?:[a-z_][a-z0-9_]*_[a-z0-9_]*"
    r"|[a-z_][a-z0-9_]{3,})(?![\w@/-])"
)
_PLACEHOLDER_COLUMN = re.compile(
    r"(?i)\b(?:column|col|field|unnamed|spalte|colonne|columna|coluna|kolumn)"
    r"(?:\s*[:#_.-]\s*|\s+)(?:\d+|[a-z]|(?-i:[A-Z]{2,3}))\b(?!['’-])"
)
_SHEET = re.compile(
    r"(?i)\b(?:sheet|tabelle|feuil(?:le)?|hoja|planilha|p[aá]gina|blad|foglio|arkusz)\s?\d+\b"
)
_FILE_NAME = re.compile(
    r"(?i)(?<![\w@/])[\w()-]+(?:[ .][\w()-]+)*\.(?:pdf|docx?|xlsx|xlsm|xls|csv|tsv|md|txt|pptx?|json|jsonl)\b"
)
# A number where a name belongs: "of the (83)", "for the 7,904 ...", "of the 12?".
_NUMBER_KEY = re.compile(
    r"(?i)\b(?:of|for|in|on)\s+the\s+(?:\(\s*[-+]?\d[\d,.]*\s*\)|[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?"
    r"|[-+]?\d+(?:\.\d+)?(?=\s*\?))"
)
# A figure asked as if it were a column's name: "What is the 3.32T of <row>?", "the 21% for
# <row>?" (a table whose first row of figures was read as its header).
_FIGURE_AS_NAME = re.compile(
    r"(?i)\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+[-+$€£]?\d[\d,.]*(?:[kmbt%]|bn)?"
    r"\s+(?:of|for|in)\s"
)

# A cell's address where a column's name belongs ("What is the h1 of ...?"): a sheet whose
# header cells hold placeholders named after their own cells. Only a bare address asked of
# something ("the h1 of", "the g1?") is caught; a product code before a noun is left alone.
_CELL_ADDRESS = re.compile(r"\bthe\s+[a-z]{1,2}\d{1,3}(?=\s+(?:of|for|in)\b|\s*\?)")


# A column header pasted whole: the letter that numbers it ("the (k) requested ..."), the
# unit it is counted in after a slash ("contribution/€", "costs /€"), the formula that
# computes it ("(=0.25(A+B-E))"). A user says none of them.
_HEADER_LETTER = re.compile(
    r"(?i)(?:(?<=\bthe )|(?<=\bof )|(?<=\bfor )|(?<=\bin )|(?<=\bis ))"
    r"\((?:[a-z]|[ivx]{1,4})\)(?=\s+[a-z]\w*\s+\w)"
)
_UNIT_SLASH = re.compile(r"\w\s*/\s*(?:€|\$|£|¥|EUR|USD|GBP|CHF)(?=[\s?)]|$)")
_FORMULA = re.compile(r"\(\s*=\s*[^)\s]")


def raw_identifier(question: str) -> str | None:
    """What in ``question`` is a raw identifier, or None."""
    text = _ADDRESS.sub(" ", _QUOTED_CODE.sub(" ", _QUOTED_MESSAGE.sub(" ", question)))
    for pattern, what in (
        (_PLACEHOLDER_COLUMN, "a placeholder column name"),
        (_SHEET, "a sheet's default name"),
        (_FILE_NAME, "a file name"),
        (_FIELD_PATH, "a field's path"),
        (_SNAKE, "a snake_case name"),
        (_CAMEL, "a camelCase name"),
        (_NUMBER_KEY, "a bare number used as a name"),
        (_FIGURE_AS_NAME, "a figure asked as a column's name"),
        (_CELL_ADDRESS, "a cell's address used as a name"),
        (_HEADER_LETTER, "a table header's letter code"),
        (_UNIT_SLASH, "a header's unit after a slash"),
        (_FORMULA, "a spreadsheet formula"),
    ):
        found = pattern.search(text)
        if found:
            return f"{what} ({found.group(0).strip()!r})"
    return None


# An answer that is stored names only: one joined by "_" with no space ("RS_RISK",
# "rs_sales_daily"), or a few joined by "/", "," or ";".
_STORED_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
# A question that asks for a name a user types (a variable, a setting, a command): there
# the stored name is the answer.
_ASKS_STORED = re.compile(
    r"(?i)\b(?:variables?|fields?|columns?|keys?|parameters?|params?|settings?|options?|"
    r"constants?|tables?|functions?|methods?|commands?|flags?|propert(?:y|ies)|attributes?|"
    r"identifiers?|ids?|codes?|files?|env|environment|enums?|macros?|class(?:es)?|modules?|"
    r"packages?|events?|tags?|schemas?|config\w*|call(?:ed)?|type)\b|`"
)


def raw_answer(question: str, answer: str) -> str | None:
    """What of ``answer`` is a stored name given as the whole answer to a question that asks
    for no such name ("What is the workspace of the daily sales report?" - "RS_SALES"),
    or None."""
    text = answer.strip().rstrip(".").strip()
    parts = [p.strip() for p in re.split(r"[/,;]", text)]
    if not text or not all(_STORED_NAME.fullmatch(p) for p in parts):
        return None
    return None if _ASKS_STORED.search(question) else f"a stored name as the answer ({text!r})"


# ----- unresolved references --------------------------------------------------------------

# Words that point at something said before: the question has nothing before it.
_POINTING = {
    "en": re.compile(
        r"(?i)\b(?:this|these|those)\b(?!\s+(?:year|month|week|quarter|morning|afternoon|"
        r"evening|year's|month's)\b)"
        r"|\b(?:if|in|after|before|about|do|does|did|under|than|like|with|from|of|for|on|by|to|"
        r"at|within|during|over|against|into|through)\s+that\b"
        r"(?!\s+(?:of|which|who|is|are)\b)"
        r"|\bthat\s+(?:case|situation|one|period|step|option|amount|matter|event|happens)\b"
        # A demonstrative that closes the question ("How do I use that?"): it stands for
        # what the text said before, never named here (a relative "that" never ends one).
        r"|\bthat(?=\s*\?)"
        # A place in the text that closes the question ("What is configured here?", "...
        # the settings below?"): the page around it, which the question does not show.
        r"|\b(?:here|above|below)(?=\s*\?)"
        r"|\bsuch\b(?!\s+as\b)"
        r"|\bthe\s+(?:above|following|foregoing|latter|former)\b"
        # Unless the question says what it is the same as ("the same range as FTP").
        r"|\bthe\s+same\b(?!(?:\s+[\w-]+){0,4}?\s+(?:as|who|that|which)\s+\w)"
        r"|\b(?:aforementioned|abovementioned|above-mentioned|aforesaid)\b"
        r"|\b(?:here|there)(?:on|in|to|of|under|unto|inafter|inbefore|with)\b"  # "hereon"
        r"|\b(?:mentioned|listed|described|shown|given|stated|considered|discussed|covered)\s+"
        r"(?:above|below|earlier|here)\b"
        r"|\bas\s+(?:mentioned|described|noted|discussed|stated|shown|outlined)\b"
        r"|\b(?:section|chapter|clause|paragraph)\s+\d+(?:\.\d+)+"
        # A part of a page or a figure named by where it sits: "the top block".
        r"|\bthe\s+(?:top|bottom|middle|left|right|upper|lower|left-hand|right-hand)\s+"
        r"(?:block|panel|row|column|part|half|box|graph|chart|plot|image|picture)\b"
        # A place in the document ("note 2 to paragraph (i)", "see appendix B"), unless
        # it is named by the work it is part of ("section 109 of the Code").
        r"|\b(?:paragraph|clause|note|item|figure|table|appendix|annex|exhibit|schedule)\s+"
        r"(?:\d+[a-z]?|\([a-z0-9]{1,4}\)|[ivx]{1,4}|[A-Z])(?=[\s?,.]|$)(?!\s+(?:of|in|to)\s+the\s+[A-Z])"
        r"|\bsaid\s+(?!to\b|that\b)[a-z]+\b(?<!\bsaid about)"
        # A thing the text showed ("the sample program", "the example code") or a thing
        # named only by its kind ("the box", "the object"): which one, only the page says
        # (unless the question says it: "the box labelled ...", "the object of the game").
        r"|\bthe\s+(?:sample|example)\s+(?!(?:of|is|are|was|were|has|have|had|can|could|will|"
        r"would|shows?|contains?|uses?|gives?|includes?|provides?|[a-z]+ed)\b)[a-z]+"
        r"|\bthe\s+(?:box|object|thing|figure|diagram|picture|image|chart|graph|problem|"
        r"button|checkbox)\b(?![-'’])(?!\s*[\"“'‘])"
        r"(?!\s+(?:of|in|on|at|for|from|to|with|that|which|who|whose|where|labell?ed|marked|"
        r"named|called|titled|entitled|next|beside|below|above|shown)\b)"
        r"|(?-i:\b(?:[Ww]e|[Oo]urs?|us|ourselves)\b)"  # the author's voice (never "US")
    ),
    "de": re.compile(
        r"(?i)\b(?:diese[rsnm]?|jene[rsnm]?|dies|obige[rnms]?|vorgenannte[rnms]?|"
        r"folgende[rnms]?|oben genannte[rnms]?|derselbe|dieselbe|dasselbe)\b"
        r"|\bin diesem fall\b"
    ),
    "fr": re.compile(
        r"(?i)\b(?:ceci|cela|ça|ci-dessus|ci-dessous|susmentionn[ée]e?s?|précité[e]?s?)\b"
        # A demonstrative before any noun ("définir ce cadre"), except the time it is now
        # ("cette année") and "ce" that opens a clause ("ce que", "ce qui", "est-ce").
        r"|\b(?:ce|cet|cette|ces)\s+(?!(?:que|qu|qui|dont|sont|soit|sera|serait|jour|mois|"
        r"matin|soir|week-end|année|semaine|trimestre|semestre|an|moment|stade)\b)"
        r"[a-zàâçéèêëîïôûùœ]+"
    ),
    "es": re.compile(
        r"(?i)\b(?:esto|eso|aquello|lo anterior|lo siguiente|dicho|dicha|dichos|dichas|"
        r"antes mencionad[oa]s?)\b"
        # A demonstrative before any noun ("para definir este marco"), except the time it
        # is now ("este año"); "esta" before a word no noun follows is "está" unaccented.
        r"|\b(?:este|estos|estas|ese|esos|esas|esta(?!\s+(?:en|la|el|los|las|de|a|con|por|"
        r"para|bien|mal|aquí|allí|abierto|abierta|cerrado|cerrada)\b))\s+"
        r"(?!(?:año|mes|semana|trimestre|semestre|día|momento)\b)[a-záéíóúñ]+"
    ),
    "pt": re.compile(
        r"(?i)\b(?:isto|isso|aquilo|o seguinte|acima referid[oa]s?|referid[oa]s? acima)\b"
        r"|\b(?:este|esta|estes|estas|esse|essa)\s+(?:caso|situação|documento|ponto|opção|montante)\b"
    ),
    "it": re.compile(
        r"(?i)\b(?:ciò|questo caso|suddett[oaie]|sopra citat[oaie]|di cui sopra|quanto segue)\b"
        r"|\b(?:questo|questa|questi|queste|quel|quella)\s+(?:caso|situazione|documento|punto|opzione|importo)\b"
    ),
}
# "either" and "both" need the two things they name in the question itself.
_EITHER = re.compile(r"(?i)\b(?:either|neither)\b")
_BOTH = re.compile(r"(?i)\bboth\b")
_PRONOUN = re.compile(r"(?i)\b(?:it|its|they|them|their|he|she|him|her|his)\b")
# "Is it possible to ...", "How long does it take to ...": "it" that stands for nothing.
_DUMMY_IT = re.compile(
    r"(?i)\b(?:is|was|will|would|does|did|can|could|should)\s+it\s+(?:be\s+)?"
    r"(?:possible|true|necessary|required|mandatory|allowed|permitted|ok|okay|legal|"
    r"advisable|enough|free|take|cost|mean|matter|important|compulsory|acceptable)\b"
    r"|\bhow\s+(?:long|much|many\s+\w+)\s+(?:does|did|will|would|can)\s+it\s+(?:take|cost)\b"
    r"|\bit\s+(?:takes?|costs?)\b"
)
# The words a question is built of that name nothing: a pronoun after only these has no
# antecedent in the question. The frame, and the connectives, time and degree words and
# light verbs a question wraps around what it asks ("What happens if ...", "How long ...").
_SCAFFOLD = QUESTION_FRAME | frozenset(
    [
        "after",
        "before",
        "but",
        "during",
        "far",
        "get",
        "gets",
        "go",
        "goes",
        "had",
        "happen",
        "happens",
        "has",
        "have",
        "here",
        "if",
        "long",
        "many",
        "might",
        "much",
        "must",
        "need",
        "needs",
        "often",
        "once",
        "soon",
        "unless",
        "until",
        "whenever",
        "while",
    ]
)


# "other" / "else" compare with something named before: "What are other important
# issues?" has nothing to compare with unless the question says what (than, besides, ...).
_OTHER = re.compile(r"(?i)\b(?:(?<!each\s)other|else)\b(?!\s+than\b)")
_COMPARAND = re.compile(
    r"(?i)\b(?:than|besides|apart from|except|aside from|in addition to|beyond|as well as)\b"
)


# "a similar approach", "a comparable method", "a more fully featured tool": like or beyond
# something the question never says, unless it says it ("similar to X", "comparable
# with X", "more ... than X"). ("The same" is a pointing word above.)
_ALIKE = re.compile(
    r"(?i)\b(?:an?|the)\s+(?:similar|comparable|analogous|(?:more|less)\s+[\w-]+)"
    r"(?:\s+[\w-]+)?\s+[\w-]+"
)
_LIKE_WHAT = re.compile(r"(?i)\b(?:to|as|than|with|like|and|or|between|both)\b")


_QUOTED = re.compile(r'"[^"\n]{3,}"|“[^”\n]{3,}”')


# A question whose one noun phrase is "the" and a common noun or two, and nothing else:
# "the" presumes a thing the reader already knows, and nothing in the question says which
# (whose total, which checklist). A proper name, a code, a figure or a phrase after the
# noun would; so does a term asked for what it means ("What is a ...?").
_THE_ONLY = re.compile(
    r"(?:What|Who|Which)\s+(?:is|are|was|were)\s+the\s+(?P<np>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\?"
    r"|(?:What|Who|Which)\s+(?:does|do|did)\s+the\s+(?P<subject>[a-z][a-z-]*)\s+[a-z]+\?"
)
# A bare word asked for what it is ("What are options?"), or a verb with nothing to act on
# ("How do I resolve?"): the question names nothing at all.
_BARE_WORD = re.compile(r"(?:What|Which)\s+(?:is|are)\s+(?P<np>[a-z][a-z-]*)\?")
_BARE_VERB = re.compile(
    r"How\s+(?:do|can|should|may|must|could|would)\s+(?:I|we|you)\s+(?P<np>[a-z]+)\?"
)
_PHRASE_WORDS = frozenset(
    [
        "of",
        "for",
        "in",
        "on",
        "at",
        "to",
        "from",
        "with",
        "by",
        "about",
        "under",
        "over",
        "into",
        "within",
        "during",
        "between",
        "per",
        "as",
        "than",
        "after",
        "before",
        "and",
        "or",
    ]
)


def names_nothing(question: str) -> str | None:
    """What shows an English ``question`` names nothing a reader could look up, or None."""
    q = question.strip()
    if names_something(q) or re.search(r"\d", q):
        return None
    found = _THE_ONLY.fullmatch(q)
    np = (found.group("np") or found.group("subject")) if found else ""
    if found and not set(np.split()) & _PHRASE_WORDS:
        return f"'the {np}' says not whose or which"
    found = _BARE_WORD.fullmatch(q) or _BARE_VERB.fullmatch(q)
    if found:
        return f"{found.group('np')!r} is all the question names"
    return None


def unresolved_reference(question: str, language: str | None = None) -> str | None:
    """What in ``question`` points at something the question never names, or None."""
    lang = (language or "en").split("-")[0].casefold()
    # A quoted message (an error's text) is the document's words, not the question's:
    # its "this" refers inside the message.
    question = _QUOTED.sub('"..."', question)
    pointing = _POINTING.get(lang)
    if pointing is not None:
        found = pointing.search(question)
        if found:
            return f"{found.group(0).strip()!r} points at something the question does not name"
    placed = sequence_reference(question, lang)
    if placed:
        return placed
    if lang != "en":
        return None
    found = _EITHER.search(question)
    if found and not re.search(r"(?i)\b(?:or|nor)\b", question[found.end() :]):
        return f"{found.group(0)!r} without the two things it chooses between"
    found = _BOTH.search(question)
    if found and not re.search(r"(?i)\band\b", question):
        return "'both' without the two things it names"
    found = _OTHER.search(question)
    if found and not _COMPARAND.search(question):
        return f"{found.group(0)!r} without what it is other than"
    found = _ALIKE.search(question)
    if found and not _LIKE_WHAT.search(question[found.start() :]):
        return f"{found.group(0)!r} without what it is compared with"
    if _DUMMY_IT.search(question):
        return None
    for found in _PRONOUN.finditer(question):
        before = re.findall(r"[A-Za-z][\w'’-]*", question[: found.start()])
        if not [w for w in before if w.casefold() not in _SCAFFOLD]:
            return f"{found.group(0)!r} has nothing in the question to refer to"
    return None


# An answer that leans on a passage it does not quote: "these additional costs".
_LEANS_BACK = re.compile(
    r"(?i)(?:\b(?:these|those|such)|^\s*(?:this|that)"
    # "... adapted to this problem": a problem, a task or a method the text set out before.
    # (Inside a sentence: "This issue was resolved ..." opening one names what came before.)
    r"|(?<=[a-z,] )this(?=\s+(?:problem|issue|task|setting|approach|method|technique|"
    r"scenario)s?\b))"
    r"\s+(?!as\b)(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
    r"|\bthe\s+(?:above|foregoing|aforementioned)\b|\bas\s+(?:mentioned|described|noted)\s+"
    r"(?:above|earlier|before)\b"
)


def answer_leans_back(answer: str, question: str, evidence: str = "") -> str | None:
    """What in an English ``answer`` points at a passage it does not quote, or None (what
    the question or the answer before it names: "this summary" after "... the summary")."""
    asked = _stems(question)
    for found in _LEANS_BACK.finditer(answer):
        if not answer[: found.start()].strip() and _names_problem(answer, question, evidence):
            continue  # "This means ..." under the error the question names: that error
        if _PRONOUN_IN_CLAUSE.match(answer, found.start()) and _clause_before(answer, found):
            continue  # "... far exceed those seen in ...": stands for a noun said before it
        np = found.group("np") or ""  # "... a third party ... with such third party": named
        named = _stems(np or " ".join(answer[found.end() :].split()[:2])) - {"have", "were"}
        if not (np and _stems(np) & asked) and not named & _stems(answer[: found.start()]):
            return f"the answer's {found.group(0).strip()!r} points at text it does not quote"
    return None


# A question that names a problem it asks the remedy or meaning of (an error, a failure,
# a situation): "How do I fix the error <message>?", "What should I do if <situation>?".
_PROBLEM_ASKED = re.compile(
    r"(?i)\b(?:fix|resolve|solve|troubleshoot|work around|get past|handle)\b.{3,}"
    r"|\bwhat\s+(?:should|can|do)\s+(?:I|we|you)\s+do\s+(?:if|when|about)\b.{3,}"
    r"|\bwhat\s+does\s+.{3,}\bmean\b"
)
# The answer's opening "this"/"these" stands for a thing or a situation and says what it
# is or means, rather than pointing at a noun of other text ("this table").
_OPENS_ON_PROBLEM = re.compile(
    r"(?i)^\s*(?:this|these)\s+(?:means?|indicates?|is|are|was|were|happens?|occurs?|"
    r"usually|typically|often|can|could|may|might|error|errors|issue|issues|problem|"
    r"message|messages|warning|failure)\b"
)


def _names_problem(answer: str, question: str, evidence: str) -> bool:
    """True when the answer opens on "this"/"these" standing for the problem the question
    names, and the answer is the text directly under it (the evidence opens with it)."""
    if not _OPENS_ON_PROBLEM.match(answer) or not _PROBLEM_ASKED.search(question):
        return False
    head = " ".join(answer.split()[:8])
    return bool(head) and " ".join(evidence.split()).startswith(head)


# "those"/"these" as a pronoun, followed by a participle or a relative ("those seen in
# ...", "those of the parent", "those who ..."): within a clause it stands for a noun the
# same sentence names before it, a comparison rather than a pointer at other text.
_PRONOUN_IN_CLAUSE = re.compile(
    r"(?i)th(?:ose|ese)\s+(?:(?:seen|found|made|given|known|shown|held|described|used|"
    r"offered|listed|[a-z]+ed)\s+(?:in|by|on|at|for|under|with)\b|of\s+(?:the|a|an|its|their)\b|"
    r"who\b|which\b|that\s+(?:are|were|is|was|have|had)\b)"
)


def _clause_before(answer: str, found: re.Match[str]) -> bool:
    """True when the sentence holding ``found`` has a clause before it (three words or
    more), so its pronoun has something in the sentence to stand for."""
    start = max(answer.rfind(". ", 0, found.start()), answer.rfind("\n", 0, found.start()))
    return len(re.findall(r"[A-Za-z]+", answer[start + 1 : found.start()])) >= 3


def _stems(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z]{4,}", text.casefold())}


# ----- templated questions ----------------------------------------------------------------

_TEMPLATED = {
    "en": re.compile(
        r"(?i)^(?:what|which (?:information|details))\s+(?:does|do)\s+.+?\s+(?:say|state|tell|mention)"
        r"(?:\s+(?:me|us))?\s+(?:about|on|regarding|concerning)\b"
        r"|^what\s+(?:should|do|must|can)\s+(?:i|we|you|employees|users)\s+know\s+about\b"
        r"|^(?:tell me|talk|what is there to know|can you tell me)\s+about\b"
        r"|^what\s+(?:are|is)\s+the\s+(?:details|information|contents?|specifics|particulars)"
        r"\s+(?:of|for|about|on|in)\b"
        r"|^what\s+is\s+(?:said|stated|written|mentioned|covered|described)\s+(?:about|in|under|on)\b"
        r"|^what\s+does\s+the\s+(?:section|chapter|heading|part|paragraph|page|table|sheet)\b"
        r"|\b(?:section|chapter|heading|part|sheet|tab)\s+[\"“«„'‘]"
    ),
    "de": re.compile(
        r"(?i)^was\s+(?:steht|sagt|regelt|enthält)\s+.+?\s+(?:zu|über|zum|zur|bezüglich)\b"
        r"|^welche\s+(?:angaben|informationen|punkte|einträge)\s+(?:gibt es|nennt|enthält)\b"
        r"|\b(?:abschnitt|kapitel|teil)\s+[„“\"«']"
    ),
    "fr": re.compile(
        r"(?i)^que\s+(?:dit|contient|indique)\s+.+?\s+(?:au sujet d|sur|à propos d|concernant)"
        r"|^quel(?:le)?s?\s+(?:sont les\s+)?(?:informations|points|détails)\b"
        r"|\b(?:section|chapitre|rubrique|partie)\s+[«\"“']"
    ),
    "es": re.compile(
        r"(?i)^¿?\s*qué\s+(?:dice|contiene|indica)\s+.+?\s+(?:sobre|acerca d|respecto a)"
        r"|^¿?\s*qué\s+(?:datos|puntos|información|detalles)\s+(?:hay|enumera|contiene|da)\b"
        r"|\b(?:sección|capítulo|apartado|parte)\s+[«\"“']"
    ),
    "pt": re.compile(
        r"(?i)^o\s+que\s+(?:diz|contém|indica)\s+.+?\s+(?:sobre|acerca d|a respeito d)"
        r"|^(?:que|quais)\s+(?:dados|pontos|informações|detalhes)\s+(?:há|enumera|contém|dá)\b"
        r"|\b(?:secção|seção|capítulo|parte)\s+[«\"“']"
    ),
    "it": re.compile(
        r"(?i)^che\s+cosa\s+(?:dice|contiene|indica)\s+.+?\s+(?:su|riguardo a|circa)\b"
        r"|^quali\s+(?:dati|punti|informazioni|dettagli)\s+(?:ci sono|elenca|contiene|dà)\b"
        r"|\b(?:sezione|capitolo|parte)\s+[«\"“']"
    ),
}


def templated_question(question: str, language: str | None = None) -> str | None:
    """The template ``question`` was pasted into, when it is one a user would not ask: a
    phrase of a template, or a subject that is only the name of a part of the page."""
    lang = (language or "en").split("-")[0].casefold()
    part = heading_word_subject(question, language) or pasted_heading(question, language)
    if part:
        return part
    for pattern in {_TEMPLATED.get(lang, _TEMPLATED["en"]), _TEMPLATED["en"]}:
        found = pattern.search(question.strip())
        if found:
            return (
                f"{found.group(0).strip()!r} asks about a heading or title, not what a user wants"
            )
    return None
