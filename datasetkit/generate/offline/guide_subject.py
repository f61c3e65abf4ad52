"""The piece of software a guide is about, read from how the guide talks about it.

A guide, tutorial or how-to page of a program's documentation is titled by its topic
("Request Files", "Basic usage", "Getting Started"), not by the program: the site around
it names the program. A question from it ("How do I receive uploaded files?") has an
answer in every such guide an agent holds, so it names the program ("... in <Name>?").

The page still says which program it is about: the program is what acts in its sentences
("<Name> will read the file", "<Name> supports ...", "<Name> can be used to ..."), and
what its code runs (a command, "<name> install ...") or imports. A name is the guide's
subject when the page has code, the name acts in at least three of its sentences, as
often as twice any other, and is a name rather than a word of the sentence: the page
writes it capitalised inside a sentence, or its code runs or imports it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from datasetkit.generate.gate import words as W
from datasetkit.generate.offline.subject_said import SOFTWARE_KINDS
from datasetkit.knowledge.model import Document

# A name that acts in a sentence: at its start or after a connective, then what it does.
_ACTS = re.compile(
    r"(?:^|[.!?]\s+|,\s+|\b(?:and|but|so|then|that|when|because|while)\s+)"
    r"(?P<name>[A-Za-z][\w.+-]{1,30})(?:'s\s+\w+)?\s+"
    r"(?:(?:will|can|could|would|may|does|did)(?:\s+not|n't)?\s+"
    r"(?:also\s+|automatically\s+|then\s+|now\s+|only\s+)?[a-z]{2,}"
    r"|(?:also\s+|automatically\s+|then\s+|now\s+|only\s+)?"
    r"(?:provides|supports|uses|runs|reads|lets|allows|makes|assumes|requires|installs|"
    r"creates|fetches|follows|ships|comes|includes|handles|generates|detects|checks|"
    r"builds|resolves|downloads|manages|knows|writes|exposes|offers|gives|returns|calls|"
    r"starts|stores|sends|loads|saves|splits|adds|removes|keeps))\b"
)
# A word a sentence opens with that never names a program, nor does a word of the
# language's grammar a code line opens with ("for x in ...", "from x import ...", a
# wrapped line that opens with "is"): a preposition, an article, a conjunction, a verb
# that only helps another.
_NOT_NAMES = frozenset(
    re.findall(
        r"\S+",
        "this that these those it they you we i he she there here which what who the a an "
        "each every all some any one both either neither such other another your our their "
        "its my if when then also however but and or so first next now finally not no",
    )
) | (
    W.words_for(W.PREPOSITIONS, "en")
    | W.words_for(W.ARTICLES, "en")
    | W.words_for(W.CONJUNCTIONS, "en")
    | W.FINITE_VERBS
    | W.PRONOUNS
    | W.RELATIVES
)
# What a code line runs or imports: "$ name ...", "name install ...", "import name",
# "from name" (an assignment or a call, "name = ...", "name(...)", runs nothing).
_CODE_NAME = re.compile(
    r"^[ \t]*(?:[$>%]\s+(?:sudo\s+)?(?:uvx\s+|npx\s+|python\s+-m\s+)?(?P<cmd>[a-z][\w.-]*)"
    r"|(?:uvx\s+|npx\s+|python\s+-m\s+)?(?P<bare>[a-z][\w.-]*)(?=[ \t]+[\w./~\"'$@-]))"
    r"|\b(?:(?:import|from|use)\s+['\"]?|require\(\s*['\"])(?P<mod>[a-z][\w-]*)",
    re.MULTILINE,
)
_MIN_ACTS = 3


def guide_subject(doc: Document, titles: tuple[str, ...] = ()) -> str | None:
    """The program a guide with code is about, as its text writes it; None when unclear."""
    code = [s.text for s in doc.sections if s.kind == "code"]
    if not code and not doc.code_languages:
        return None
    prose = [s.text for s in doc.sections if s.kind in ("paragraph", "list_item")]
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    title = titles[:1] or heads[:1]
    # Up front: the other headings and the lead paragraph ("Welcome to <Name>'s tutorial").
    front = [*heads[1:], *prose[:1]]
    return (
        _named(title, code, prose, clear=False)
        or _acting(code, prose)
        or _named(front, code, prose, clear=True)
        or _written_in(doc, prose)
    )


# Info strings that name a format, a shell or plain text, never the language a page
# teaches: a page of any subject shows its output, its commands and its settings files.
_NOT_LANGUAGES = frozenset(
    re.findall(
        r"\S+",
        "text txt plain plaintext console shell sh bash zsh fish powershell ps1 cmd bat "
        "terminal output log diff patch json jsonc json5 yaml yml toml ini cfg conf env xml "
        "html css scss markdown md mdx csv tsv sql graphql http properties dockerfile "
        "makefile mermaid svg none",
    )
)


def _written_in(doc: Document, prose: list[str]) -> str | None:
    """The language a page teaches: the one most of its code blocks say they are written
    in (at least two, and half of those that say one), when the prose names it, written
    as a name ("Rust", "Python"), at least twice."""
    said = Counter(doc.code_languages)
    ranked = said.most_common(1)
    if not ranked or ranked[0][1] < 2 or 2 * ranked[0][1] < sum(said.values()):
        return None
    key = ranked[0][0]
    if key in _NOT_LANGUAGES or key in _NOT_NAMES:
        return None
    pattern = re.compile(rf"(?<![\w.-])({re.escape(key)})(?![\w-])", re.IGNORECASE)
    written = [m.group(1) for text in prose for m in pattern.finditer(text)]
    named = [w for w in written if w[:1].isupper()]
    if len(named) < 2 or len(named) < len(written) - len(named):
        return None  # the prose says the word as a word, not as a name
    return Counter(named).most_common(1)[0][0]


def _named(lines: Sequence[str], code: list[str], prose: list[str], clear: bool) -> str | None:
    """Of the names in ``lines`` (run in the code, or written as names inside the prose's
    sentences), the one the prose mentions most, at least three times; when ``clear``,
    only a name the code runs, twice as often as any other (a title names its program; a
    heading or a lead may name several things, a class among them)."""
    found: dict[str, tuple[int, str]] = {}
    for line in lines:
        for token in re.findall(r"[A-Za-z][\w.+-]*[\w+]", line)[:12]:
            key = token.casefold()
            if key in _NOT_NAMES or key in SOFTWARE_KINDS or key in found:
                continue  # "CLI", "API": a kind of program, not its name
            if run_in_code(key, code) or (not clear and _name_only(token, prose)):
                count = sum(
                    len(re.findall(rf"(?i)(?<![\w.-]){re.escape(key)}(?![\w-])", t)) for t in prose
                )
                found[key] = (count, token)
    ranked = sorted(found.values(), reverse=True)
    if not ranked or ranked[0][0] < _MIN_ACTS:
        return None
    if clear and len(ranked) > 1 and ranked[0][0] < 2 * ranked[1][0]:
        return None
    if clear and _named_more(ranked[0][1].casefold(), ranked[0][0], prose):
        # A tool a heading names and the code runs, on a page that names another thing
        # more often: the page uses the tool on that thing, it is not what it is about.
        return None
    return _as_written(ranked[0][1].casefold(), prose)


def _named_more(key: str, count: int, prose: list[str]) -> bool:
    """Whether the prose names something other than ``key`` (a name it writes capitalised
    inside a sentence) more often than ``count``."""
    names = {
        m.group(1).casefold()
        for text in prose
        for m in re.finditer(r"(?<=[\w,;:(] )([A-Z][\w.+-]*[\w+])", text)
    } - {key}
    for name in names - _NOT_NAMES:
        said = re.compile(rf"(?i)(?<![\w.-]){re.escape(name)}(?![\w-])")
        if sum(len(said.findall(t)) for t in prose) > count:
            return True
    return False


def _acting(code: list[str], prose: list[str]) -> str | None:
    """The name that acts in the prose's sentences, clearly more than any other."""
    acts: Counter[str] = Counter()
    said: dict[str, Counter[str]] = {}
    for text in prose:
        for m in _ACTS.finditer(text):
            name = m.group("name")
            if name.casefold() in _NOT_NAMES or name.isdigit():
                continue
            acts[name.casefold()] += 1
            said.setdefault(name.casefold(), Counter())[name] += 1
    ranked = acts.most_common(2)
    if not ranked or ranked[0][1] < _MIN_ACTS:
        return None
    key, top = ranked[0]
    if len(ranked) > 1 and top < 2 * ranked[1][1]:
        return None
    if not (run_in_code(key, code) or _capitalised_inside(key, prose) or _described(key, prose)):
        return None
    # A sentence capitalises the name it opens with ("Docx4j can ..."); inside its
    # sentences the page writes the name as it is spelt ("with docx4j").
    inside = _as_written(key, prose)
    return inside if inside != key or key in said[key] else said[key].most_common(1)[0][0]


def _name_only(token: str, prose: list[str]) -> bool:
    """Whether the prose writes ``token`` as a name: capitalised inside its sentences, and
    never in lower case unless the name has capitals of its own ("GROBID", "FastAPI")."""
    key = token.casefold()
    if not _capitalised_inside(key, prose):
        return False
    # Capitals of its own are inside a part ("FastAPI", "GROBID"); a title capitalises the
    # first letter of every part of a compound ("Just-in-Time"), which names nothing.
    if any(ch.isupper() for part in re.split(r"[-_.+]", token) for ch in part[1:]):
        return True
    lower = re.compile(rf"(?<![\w.-]){re.escape(key)}(?![\w-])")
    return _capitalised_inside(key, prose) and not any(lower.search(t) for t in prose)


def _as_written(key: str, prose: list[str]) -> str:
    """``key`` as the prose writes it most often inside its sentences."""
    said: Counter[str] = Counter()
    pattern = re.compile(rf"(?<=[\w,;:(] )({re.escape(key)})(?![\w-])", re.IGNORECASE)
    for text in prose:
        said.update(m.group(1) for m in pattern.finditer(text))
    return said.most_common(1)[0][0] if said else key


def run_in_code(key: str, code: list[str]) -> bool:
    """Whether the code runs ``key`` as a command or imports it as a module."""
    for block in code:
        for m in _CODE_NAME.finditer(block):
            bare = m.group("bare") if m.group("bare") and _command_line(block, m.start()) else None
            if (m.group("cmd") or bare or m.group("mod") or "").casefold() == key:
                return True
    return False


def _command_line(block: str, start: int) -> bool:
    """Whether the line at ``start`` reads as a shell command ("pip install x"), not as a
    statement of a program's source ("virtual void draw();", "int x = f(y)"): a statement
    calls, assigns or ends with a brace or a semicolon."""
    end = block.find("\n", start)
    raw = block[start : end if end >= 0 else len(block)]
    before = block[: max(0, start - 1)].rsplit("\n", 1)[-1] if start else ""
    if raw[:1] in (" ", "\t") and not before.rstrip().endswith("\\"):
        # Indented inside a definition: a statement of its body ("  yield 1"); a shell
        # command's line that goes on after a backslash is still the command.
        return False
    line = raw.strip()
    return not re.search(r"[;{}]\s*$|\w\(|\s=\s", line)


def _capitalised_inside(key: str, prose: list[str]) -> bool:
    """Whether the prose writes ``key`` with a capital inside a sentence (a name)."""
    pattern = re.compile(rf"(?<=[\w,;:(] )({re.escape(key)})\b", re.IGNORECASE)
    return any(
        m.group(1)[:1].isupper() and m.group(1) != m.group(1).lower()
        for text in prose
        for m in pattern.finditer(text)
    )


def _described(key: str, prose: list[str]) -> bool:
    """Whether the prose says what kind of program ``key`` is ("<name> is a command line
    tool", "<name> is an open-source library"): a name, even one written in lower case."""
    kinds = "|".join(re.escape(k) for k in SOFTWARE_KINDS)
    said = re.compile(rf"(?i)(?<![\w.-]){re.escape(key)} is an? (?:[\w-]+ ){{0,4}}?(?:{kinds})\b")
    return any(said.search(t) for t in prose)
