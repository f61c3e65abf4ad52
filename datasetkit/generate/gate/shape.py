"""Shape checks of the gate: is the question a well-formed question, and the answer a
real answer? Each check returns ``(code, message)`` or None."""

from __future__ import annotations

import re
import unicodedata

from datasetkit.generate.gate import words as W
from datasetkit.generate.gate.values import is_row
from datasetkit.lint.text import find_placeholder, normalize

Problem = tuple[str, str]

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_BLANK_FIELD = re.compile(r"_{3,}|\[\s{0,3}\]|[☐□▢]|\.{5,}|…{2,}|\(\s{2,}\)")
# Whole answers that say nothing (an answer without any letter or digit says nothing too).
_NOTHING = frozenset(
    [
        "n/a",
        "n.a.",
        "n.a",
        "na",
        "none",
        "null",
        "nil",
        "tbd",
        "tba",
        "tbc",
        "unknown",
        "not applicable",
        "not available",
        "k.a.",
        "keine angabe",
        "entfällt",
        "n.d.",
        "néant",
        "sans objet",
        "n/d",
        "no aplica",
        "non applicabile",
        "não se aplica",
    ]
)
_CLOSING = ".!?。！？)\"'”»’"
# Markup of a page template (Liquid and Jinja tags and output, Hugo shortcodes, HTML
# comments) that a site renders before a reader sees it: copied into a case, it is text
# no reader of the page ever saw, and no user would type it.
_TEMPLATE_MARKUP = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|<!--")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _words(text: str) -> list[str]:
    return _WORD.findall(unicodedata.normalize("NFKC", text))


def _lang(language: str | None) -> str:
    return (language or "en").split("-")[0].casefold()


# ----- questions --------------------------------------------------------------------------


def placeholder_problem(text: str, what: str) -> Problem | None:
    """Placeholder text (the same patterns as lint's ``lint.text.placeholder``)."""
    found = find_placeholder(text)
    if found:
        return "placeholder", f"the {what} holds {found[1]}: {found[0]!r}"
    return None


def markup_problem(text: str, what: str) -> Problem | None:
    """Unrendered template markup in ``text`` (the question or the answer)."""
    found = _TEMPLATE_MARKUP.search(text)
    if found:
        return "placeholder", f"the {what} holds template markup: {_short(found.group(0))!r}"
    return None


# A question that closes on a name's initial or an abbreviation ("Jill T.?", "Acme Inc.?",
# a legal form of dotted letters such as "S.A." or "e.V."):
# its full stop belongs to the word, no sentence was pasted in.
_ABBREVIATION_END = re.compile(
    r"(?:\s[A-Z]|\b(?:Inc|Ltd|Co|Corp|Jr|Sr|Bros|St|Mt|Ave|No|etc)|\b(?:[^\W\d_]\.)+[^\W\d_])"
    r"\.\s*[?？]\s*$"
)


def question_problem(question: str, language: str | None) -> Problem | None:
    """A placeholder or template markup in the question, or a question not well-formed."""
    found = placeholder_problem(question, "question") or markup_problem(question, "question")
    if found:
        return found
    q = question.strip()
    words = _words(q)
    if not words:
        return "fragment", "the question has no words"
    if re.search(r"[.:;,]\s*[?？]\s*$", q) and not _ABBREVIATION_END.search(q):
        return (
            "fragment",
            f"the question ends in {q.rstrip()[-2:]!r}: a sentence was pasted into it ({_short(q)!r})",
        )
    if q.count("(") != q.count(")") or q.count("[") != q.count("]"):
        return "fragment", f"the question opens a bracket it does not close ({_short(q)!r})"
    aside = re.search(r"\(([^()]*)\)\s*[?？]\s*$", q)
    if aside and len(aside.group(1).split()) >= 6 and not _GLOSS.match(aside.group(1)):
        # "... file lengths (a user be suspicious if files have grown by)?": the asked
        # clause was cut into an aside; a short one ("(per person)") is a gloss
        return "fragment", f"the question ends inside a long aside ({_short(q)!r})"
    lang = _lang(language)
    last, last_raw = words[-1].casefold(), words[-1]
    if last in W.words_for(W.CONJUNCTIONS, lang):
        return "fragment", f"the question ends in {last_raw!r} ({_short(q)!r})"
    if last in W.words_for(W.ARTICLES, lang) and not (len(last_raw) == 1 and last_raw.isupper()):
        return "fragment", f"the question ends in the article {last_raw!r} ({_short(q)!r})"
    if last in W.words_for(W.CLAUSE_OPENERS, lang) and len(words) >= 6:
        # "... unless the Director determines that?": cut before the clause it opens.
        return "fragment", f"the question stops at {last_raw!r} ({_short(q)!r})"
    # "Add-In", "opt-in", "check-in": the last word is a compound's part, not a preposition.
    compound = "-" in q.rstrip("?？ ").split()[-1]
    if last in W.words_for(W.PREPOSITIONS, lang) and not compound and not _stranded(words, lang):
        return "fragment", f"the question ends in {last_raw!r} ({_short(q)!r})"
    if lang == "en":
        pasted = _pasted_sentence(q)
        if pasted:
            return "fragment", pasted
    return None


# An aside that gives examples or another name is part of a whole question.
_GLOSS = re.compile(
    r"(?i)\s*(?:e\.\s?g\.?|i\.\s?e\.?|for example|for instance|such as|including|or|see)\b"
)


def _stranded(words: list[str], lang: str) -> bool:
    """An English question may end in a preposition after a verb or an adjective."""
    if lang != "en" or len(words) < 3:
        return False
    prev = words[-2].casefold()
    low = [w.casefold() for w in words]
    if low[0] in ("which", "what") and low[1] not in _BE and _BE & set(low[2:4]):
        return True  # "Which department is the job in?" (not "What is the deadline for?")
    if (
        prev in W.STRANDING_WORDS
        or prev in W.COMMON_VERBS
        or prev in W.PRONOUNS
        or prev in W.FINITE_VERBS
        or prev.endswith(("ed", "ing", "en"))
    ):
        return True
    # A question with do-support or a modal has a verb the preposition belongs to:
    # "What can I use my stipend for?" (not "What is the deadline for?"); without a
    # question word there is nothing to strand it ("Will it apply to any outage in?").
    asks = any(w.casefold() in _WH for w in words[:-2])
    return asks and any(w.casefold() in _DO_OR_MODAL for w in words[:-2])


_BE = frozenset(("is", "are", "was", "were"))
_WH = frozenset(("what", "which", "who", "whom", "whose", "where", "how", "when", "why"))
_DO_OR_MODAL = frozenset(W.words_of("do does did can could should would will shall may might must"))


_WHAT_IS = re.compile(r"(?i)^\s*(?:what\s+is|what\s+are|what['’]s)\s+(?P<rest>.+?)[\s?？.!]*$")


_SAY_ABOUT = re.compile(r"(?i)\b(?:say|says|said|tell me|know)\s+about\s+(?P<rest>.+?)[\s?？.!]*$")


def _pasted_sentence(question: str) -> str | None:
    """ "What is Performance reviews are conducted annually?": a sentence in a template."""
    about = _SAY_ABOUT.search(question)
    if about:
        rest = _words(about.group("rest"))
        for k, word in enumerate(rest[:6]):
            w = word.casefold()
            if w in W.RELATIVES or w in W.PRONOUNS or w in {"how", "what", "why", "who"}:
                break
            if k and w in W.FINITE_VERBS:
                clause = " ".join(rest[: k + 1])
                return f"the question puts a sentence after 'about' ({clause!r} ...): {_short(question)!r}"
    m = _WHAT_IS.match(question)
    if not m:
        return None
    rest = _words(m.group("rest"))
    if not rest:
        return None
    first = rest[0].casefold()
    if first in W.FINITE_VERBS:
        return f"the question has no subject after 'What is' ({_short(question)!r})"
    before = rest[-2].casefold() if len(rest) > 1 else ""
    if (
        rest[-1].casefold() in W.FINITE_VERBS
        and before
        and before not in W.PRONOUNS
        and before not in W.FINITE_VERBS
    ):
        return f"the question ends in the verb {rest[-1]!r} ({_short(question)!r})"
    determiners = W.ARTICLES["en"] | {"this", "that", "these", "those", "any", "some", "no"}
    if first in determiners or first in W.PRONOUNS or first in W.RELATIVES:
        return None
    for k, word in enumerate(rest[1:5], start=1):
        w = word.casefold()
        if w in W.RELATIVES or w in W.PRONOUNS or w in determiners or w in W.CONJUNCTIONS["en"]:
            return None
        if w in {"how", "what", "why", "who"}:
            return None
        if w in W.FINITE_VERBS:
            clause = " ".join(rest[: k + 1])
            return (
                f"the question puts a sentence after 'What is' ({clause!r} ...): "
                f"{_short(question)!r}"
            )
    return None


# ----- answers ----------------------------------------------------------------------------


def answer_problem(
    question: str,
    answer: str,
    evidence: str,
    language: str | None,
    *,
    refusal: bool = False,
    echo: bool = True,
) -> Problem | None:
    """An empty, placeholder, form-field or cut-off answer, or one the question holds."""
    a = answer.strip()
    folded = " ".join(a.casefold().split())
    if not a or folded in _NOTHING:
        return "blank", f"the answer says nothing ({a!r})" if a else "the answer is empty"
    if _BLANK_FIELD.search(a) and not refusal:
        return "form_label", f"the answer is a blank form field ({_short(a)!r})"
    if not _words(a):
        return "blank", f"the answer says nothing ({a!r})"
    found = placeholder_problem(a, "answer") or markup_problem(a, "answer")
    if found:
        return found
    if refusal:
        # A refusal or a clarifying question need not quote anything, but one that stops
        # mid-sentence ("This is a starter case for the category of") is still broken.
        return _cut_off(question, a, language)
    label = _form_label_question(question, evidence, language)
    if label:
        return "form_label", label
    found = _cut_off(question, a, language)
    if found is None and _contents(a):
        found = "fragment", f"the answer is a table of contents, not content ({_short(a)!r})"
    if found is None and only_questions(a):
        found = "fragment", f"the answer only asks questions, it answers none ({_short(a)!r})"
    if found is None and _lang(language) == "en" and scrambled(a):
        found = "fragment", f"the answer's words are out of order ({_short(a)!r})"
    if found is None and _lang(language) == "en":
        found = _points_back(question, a)
    if found is None and _lang(language) == "en" and _ELSEWHERE.search(a):
        found = "refers_elsewhere", f"the answer points at text it does not give ({_short(a)!r})"
    if found is None and _lang(language) == "en":
        found = _contact_missing(question, a) or _states_other_figures(question, a)
    if found is None and echo:
        found = _in_question(question, a, language)
    if (
        found is None
        and _asks_for_prose(question, _lang(language))
        and _heading_like(a, _lang(language))
    ):
        found = "fragment", f"the answer is a heading or a label, not an answer ({_short(a)!r})"
    return found


# What a question asking for a way to reach someone needs in its answer.
_CONTACT_ASKED = {
    "phone number": re.compile(r"\d(?:[ ().-]?\d){6,}|\b1-8\d\d-[A-Z]{3}"),
    "email address": re.compile(r"\S@\S"),
    "website": re.compile(r"(?i)https?://|www\.|\b[\w-]+\.(?:com|org|net|gov|edu|io)\b"),
}


def _contact_missing(question: str, a: str) -> Problem | None:
    """A question for a phone number, email address or website whose answer gives none."""
    for asked, given in _CONTACT_ASKED.items():
        if re.search(rf"(?i)\bwhat {asked}\b", question) and not given.search(a):
            return "number_mismatch", f"the question asks for a {asked}; the answer gives none"
    return None


_ASKS_FIGURE = re.compile(r"(?i)^(?:within |by |for |in |after )?how (?:many|much|long)\b")
_FIGURE = re.compile(
    r"(?i)[$€£¥]?\d[\d,.]*(?:\s?(?:%|percent|billion|million|thousand))?"
    r"|\b(?:two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:days|weeks|months|years)\b"
)


def _states_other_figures(question: str, a: str) -> Problem | None:
    """A question for one figure that states two or more other figures of its answer's
    sentence ("Within how many months is the tax of $10.5 billion payable over three years,
    with $2.7 billion payable?"): it holds most of its answer."""
    if not _ASKS_FIGURE.match(question.strip()):
        return None
    said = {m.group(0).rstrip(".,") for m in _FIGURE.finditer(a)}
    stated = [m.group(0).rstrip(".,") for m in _FIGURE.finditer(question) if m.group(0)]
    if len([f for f in stated if f in said]) < 2:
        return None
    return "answer_in_question", f"the question states most of its answer ({_short(question)!r})"


def only_questions(answer: str) -> bool:
    """Every line of ``answer`` (every sentence of a one-line answer) is a question: the
    questions a section lists under its heading (the next headings of a FAQ, each maybe
    after the situation it asks about), not what the heading asks."""
    parts = [p.strip() for p in answer.splitlines() if p.strip()]
    if len(parts) < 2:
        parts = [p.strip() for p in re.split(r"(?<=[.!?。？])\s+", answer) if p.strip()]
    # A question keeps an aside after its mark ("...? (e.g. a failed transaction)").
    parts = [_ASIDE_AFTER.sub("", p) for p in parts]
    return bool(parts) and all(p.endswith(("?", "？")) for p in parts)


_ASIDE_AFTER = re.compile(r"(?<=[?？])\s*\([^()]*\)\.?$")


# A line of a contents page: a title, then the page it starts on after dot leaders or a
# tab, or glued to it as a chapter-page number ("ANNUAL BUDGETS6-1") when the file's
# tab stop was lost.
_CONTENTS_LINE = re.compile(
    r"^(?=.*[^\W\d_]{2})[^.!?]*?(?:\.{3,}\s*|\s*\t\s*|(?<=[^\W\d_)]))"
    r"(?:\d{1,2}[-–]\d{1,3}|\d{1,4}|[ivxlc]{1,5})$"
)


def _contents(answer: str) -> bool:
    """Most lines are entries of a table of contents, and none is a sentence (an entry
    too long for one line is wrapped, its page number on the next)."""
    lines = [line.strip() for line in answer.splitlines() if line.strip()]
    entries = sum(1 for line in lines if _contents_entry(line))
    if not entries or 3 * entries < 2 * len(lines):
        return False
    return not any(line.endswith((".", "!", "?", ":")) for line in lines)


def _contents_entry(line: str) -> bool:
    m = _CONTENTS_LINE.match(line)
    if m is None:
        return False
    # Glued to the title ("BUDGETS6-1"), only a chapter-page number is a page: "Form B4"
    # or "Windows 11" ends in a number of its own.
    glued = not re.search(r"(?:\.{3,}|\t)\s*\S+$", line)
    return not glued or bool(re.search(r"[^\W\d_]\d{1,2}[-–]\d{1,3}$", line))


# A function word straight before another that cannot follow it ("the the", "to in",
# "is to in"): text a PDF's columns or layout put out of reading order.
_CLASHES = re.compile(
    r"(?i)\b(?:(?:the|a|an)\s+(?:the|a|an|of|to|in|and|is|are|by|for|with|this|that)"
    r"|(?:to|of|by|with)\s+(?:to|of|in|by|for|with|is|are)"
    r"|(?:and|or)\s+(?:and|or))(?![\w'’-])"
)


def scrambled(answer: str) -> bool:
    """Whether an English ``answer`` reads as words out of order: two or more clashes
    of function words in it, or one in a short answer."""
    clashes = len(_CLASHES.findall(answer))
    return clashes >= 2 or (clashes == 1 and len(answer.split()) < 25)


_ELSEWHERE = re.compile(
    r"(?i)\b(?:(?:listed|described|mentioned|shown|outlined|set out|explained|stated|summari[sz]ed)\s+"
    r"(?:above|below|earlier|previously)|see (?:above|below)|the (?:criteria|categories|steps|"
    r"conditions|requirements) (?:above|below))\b"
)

# Steps or parts an answer of one line points back at ("for both steps", "these stages")
# without saying them: the reader is left with words that name nothing.
_POINTS_BACK = re.compile(
    r"(?i)\b(?:both|these|those|the two|the three|the four|each of the)\s+(?:steps|stages|phases|"
    r"parts|options|methods|approaches|modes)\b(?!\s*:)"
)


def _points_back(question: str, answer: str) -> Problem | None:
    """An answer of one line that points back at steps or parts neither it nor the
    question names ("... for both steps")."""
    found = _POINTS_BACK.search(answer) if "\n" not in answer else None
    if found is None or found.group(0).split()[-1].casefold() in question.casefold():
        return None
    return "refers_elsewhere", f"the answer points at steps it does not give ({_short(answer)!r})"


def _form_label_question(question: str, evidence: str, language: str | None) -> str | None:
    """ "What is Job Title?" asked of a form or of a table's header."""
    lang = _lang(language)
    q = " ".join(question.strip().split())
    opener = next((o for o in W.WHAT_IS.get(lang, ()) if q.casefold().startswith(o + " ")), None)
    if opener is None:
        return None
    term = q[len(opener) :].strip(" ?？.!\"'«»“”")
    term = re.sub(
        r"(?i)^(?:the|a|an|le|la|les|l'|el|los|las|der|die|das|il|lo|o|a|de|het)\s+", "", term
    )
    if not term or len(term.split()) > 5:
        return None
    t = term.casefold()
    ev = evidence or ""
    for line in ev.split("\n"):
        # "Signature: ____" / "Job Title:" with nothing after it
        for m in re.finditer(r"([^:;\n]{1,60}?)\s*:\s*(?=$|;|\s{2,}|_{2,}|\[\s*\])", line):
            if m.group(1).strip().casefold() == t:
                return f"the question asks what the form label {term!r} is; the evidence is an empty field"
        if is_row(line):
            pairs = [c.split(":", 1) for c in line.split("; ")]
            same = sum(1 for h, v in pairs if h.strip().casefold() == v.strip().casefold())
            if same * 2 >= len(pairs) and any(h.strip().casefold() == t for h, _ in pairs):
                return f"the question asks what the table header {term!r} is"
        cells = [c.strip() for c in re.split(r"\s*\|\s*|\t|\s{2,}", line) if c.strip()]
        if (
            len(cells) >= 3
            and all(_header_cell(c) for c in cells)
            and any(c.casefold() == t for c in cells)
        ):
            return f"the question asks what the table header {term!r} is"
    return None


def _header_cell(cell: str) -> bool:
    return (
        len(cell.split()) <= 4
        and not any(ch.isdigit() for ch in cell)
        and not cell.endswith((".", "!", "?"))
        and cell[:1].isupper()
    )


# "... failure to prevent: (1)": a list's first label with the list cut off after it.
_BARE_ITEM_LABEL = re.compile(
    r"(?:[:;,]|\b(?:and|or|to|of|by|the|from))\s+\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]\s*$"
)


# An answer that ends with a name from code ("Theme::load_from", "read_into"): the word
# after its last "_" or "::" is part of the name, not a preposition the answer stops at.
_NAME_END = re.compile(r"\w(?:_|::)[A-Za-z]\w*$")


def _cut_off(question: str, a: str, language: str | None) -> Problem | None:
    """An answer that stops mid-sentence, introduces a list it does not give, or is a heading."""
    lang = _lang(language)
    end = a.rstrip()
    if end.endswith((":", "：")):
        return (
            "fragment",
            f"the answer ends in a colon: it introduces something it does not give ({_short(a)!r})",
        )
    if end.endswith((",", ";", "-", "–", "—", "(", "/")):
        return "fragment", f"the answer stops mid-sentence ({_short(a)!r})"
    if _BARE_ITEM_LABEL.search(end):
        return (
            "fragment",
            f"the answer stops at the label of an item it does not give ({_short(a)!r})",
        )
    if end.endswith(("...", "…")) and not end.endswith(("etc...", "etc…")):
        return "fragment", f"the answer trails off ({_short(a)!r})"
    words = _words(end)
    if not end.endswith(tuple(_CLOSING)) and words and not _NAME_END.search(end):
        last, raw = words[-1].casefold(), words[-1]
        function = (
            W.words_for(W.CONJUNCTIONS, lang)
            | W.words_for(W.ARTICLES, lang)
            | W.words_for(W.CLAUSE_OPENERS, lang)
            | (W.words_for(W.PREPOSITIONS, lang) - W.ANSWER_END_OK)
        )
        if last in function and not (len(raw) == 1 and raw.isupper()) and len(words) > 1:
            return "fragment", f"the answer stops mid-sentence at {raw!r} ({_short(a)!r})"
        # A sentence that stops at a participle's preposition ("... sanctions aimed at",
        # "... based on") was cut where a line or a page broke; a verb's particle may end
        # one ("choose Sign in").
        prep = W.words_for(W.PREPOSITIONS, lang)
        if len(words) >= 6 and last in prep and words[-2].casefold().endswith("ed"):
            return "fragment", f"the answer stops mid-sentence at {raw!r} ({_short(a)!r})"
    return None


def _asks_for_prose(question: str, lang: str) -> bool:
    q = " ".join(question.casefold().split())
    return any(re.search(p, q) for p in W.PROSE_QUESTION.get(lang, ()))


def _heading_like(answer: str, lang: str) -> bool:
    if answer.endswith((".", "!", "?", "。")):
        return False
    words = _words(answer)
    if not words or len(words) > 8:
        return False
    first = words[0].casefold()
    if first in W.words_for(W.YES, lang) | W.words_for(W.NO, lang):
        return False
    if re.fullmatch(r"[^:]{1,40}:\s*\S.{0,40}", answer) and len(words) <= 6:
        return True  # "Last Updated: 2023-03-05"
    long_words = [w for w in words if len(w) > 3 and w.isalpha()]
    if not long_words:
        return False
    capital = sum(1 for w in long_words if w[:1].isupper())
    return capital / len(long_words) >= 0.6 and lang != "de"


def _in_question(question: str, a: str, language: str | None) -> Problem | None:
    """The question already holds the answer (a choice question may: "A or B?")."""
    na, nq = normalize(a), normalize(question)
    lang = _lang(language)
    if len(na) < 4 or na in W.words_for(W.YES, lang) | W.words_for(W.NO, lang):
        return None
    if f" {na} " not in f" {nq} ":
        return None
    ors = r"\b(?:or|oder|ou|o|oppure|of)\b"
    if re.search(ors, nq) and not re.search(ors, na):
        return None  # a choice: "Gold or Silver?" answered "Silver"
    return "answer_in_question", f"the question already contains the answer {_short(a)!r}"
