"""Reference pages: the element a heading names (an option, a setting, a method) and the
page's own subject (the command, the rule, the library), as a question names them.

CLI manuals, linter rule pages, configuration references and API pages give each element
a heading that is its name as typed (``--target <env>``, ``allowNull``,
``Store.get(key, default=None)``), often set as code, under a title that names what the
page documents. A question a user asks names both: "What does the `--target` option of
the `packr build` command do?". The element is said without the placeholder of its
argument and, for a call, without its parameters; the page is said with its kind when
the page says it ("this rule", a usage line that runs the command), and not at all when
its title names only a kind of page ("Configuration reference").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.generate.offline.language.code_names import CODE, code_name, heading_kind
from datasetkit.generate.offline.language.words import DocWords, doc_words
from datasetkit.knowledge.model import Document, Section

# A flag with the placeholder of its argument ("--out-dir <path>", "-o=FILE").
_FLAG_ARGUMENT = re.compile(r"^(--?[A-Za-z][\w-]*)(?:[ =]\S.*)$")
# A call with its parameters ("Store.get(key, default=None)", "parse()").
_CALL = re.compile(r"^(?P<name>[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\s*\((?P<args>[^()]*)\)$")
# One name as typed, set as code by the page ("verbose", "max-depth").
_TOKEN = re.compile(r"^[A-Za-z_][\w.-]*$")
# Words of a title that name a kind of page, not what it documents.
_PAGE_WORDS = re.compile(
    r"(?i)\b(?:reference|documentation|docs|manual|configuration|config|options|settings|"
    r"api|cli|usage|guide|overview|parameters|commands?|rules?|methods|functions|page|"
    r"formats?|schemas?|specifications?|introduction|structure|syntax)\b"
)
# A title that names what the page documents as typed: lower case, no sentence.
_CODE_TITLE = re.compile(r"^[a-z@][\w@/.-]*(?: [a-z][\w.-]*){0,2}$")
# A name of words joined by capitals only ("maxRetries", "macOS"): code, or a brand.
_CAMEL = re.compile(r"^[a-z]+(?:[A-Z][a-z0-9]*)+$")
_THIS_RULE = re.compile(r"(?i)\bthis (?:lint )?rule\b")


@dataclass(frozen=True)
class Element:
    """A code element a heading names: its name as typed and how a question says it."""

    name: str
    said: str  # "the `--target` option of the `packr build` command"


def heading_set_as_code(sections: Sequence[Section], heading: str) -> bool:
    """True when the chunk's heading is one code span on the page."""
    return any(s.kind == "heading" and s.text == heading and s.code for s in sections)


def element_name(heading: str, as_code: bool) -> tuple[str, str | None] | None:
    """The element's name as a question quotes it and the kind its form says (a method,
    a function, an option), or None when the heading names no element."""
    h = heading.strip().strip("`").strip()
    call = _CALL.match(h)
    if call and (as_code or "." in call.group("name")):
        name = call.group("name")
        return f"{name}()", "method" if "." in name else "function"
    flag = _FLAG_ARGUMENT.match(h)
    if flag and (as_code or CODE.fullmatch(h)):
        return flag.group(1), "option"
    named = code_name(h)
    if named is None and as_code and _TOKEN.match(h):
        named = h
    if named is None:
        return None
    return named, "option" if named.startswith("-") else None


def page_subject(doc: Document | None, title: str | None) -> str | None:
    """How a question names what a reference page documents: "the `packr build` command",
    "the `no-loose-compare` rule", "`tidewatch`", "Store"; None when the title names only
    a kind of page or is a sentence."""
    if not title:
        return None
    sections = doc.sections if doc is not None else []
    as_code = heading_set_as_code(sections, title)
    rest = " ".join(_PAGE_WORDS.sub(" ", title.strip("` ")).split())
    if not rest or len(rest.split()) > 4:
        return None
    if not (as_code or _CODE_TITLE.match(rest) or CODE.fullmatch(rest)):
        return _proper(rest, doc_words(doc))
    kind = _page_kind(sections, rest)
    return f"the `{rest}` {kind}" if kind else f"`{rest}`"


def _proper(rest: str, words: DocWords) -> str | None:
    """A name left when the title's page words are taken off ("Store" of "Store API"):
    capitalised words, not a clause that says what the page does ("Configuring Tidy",
    "Getting Started"), nor a heading that names a part of the page in words its text
    writes in lower case ("<Thing> File Format", "Introduction"): a name is capitalised
    wherever the text says it."""
    said = rest.split()
    if len(said) > 3 or not all(w[:1].isupper() for w in said) or said[0].endswith("ing"):
        return None
    if all(words.common(w) for w in said):
        return None
    return rest


def _page_kind(sections: Sequence[Section], name: str) -> str | None:
    """What the page says its subject is: a rule when its text says "this rule", a
    command when a code block of the page runs it."""
    if any(_THIS_RULE.search(s.text) for s in sections if s.kind != "code"):
        return "rule"
    runs = re.compile(rf"(?m)^\s*\$?\s*{re.escape(name)}(?:\s|$)")
    if any(s.kind == "code" and runs.search(s.text) for s in sections):
        return "command"
    return None


def element_of(
    heading: str | None, path: Sequence[str], sections: Sequence[Section], doc: Document | None
) -> Element | None:
    """The code element ``heading`` names, said with its kind (from its form or the
    heading above) and the page it is documented on; None for a heading of words."""
    if not heading:
        return None
    as_code = heading_set_as_code([*sections, *_doc(doc)], heading)
    found = element_name(heading, as_code)
    if found is None:
        return None
    name, own_kind = found
    above = path[-2] if len(path) >= 2 else None
    kind = heading_kind(above) or own_kind
    if kind is None and not as_code and _CAMEL.match(name):
        return None  # "macOS", "iOS": a brand's capital, unless a heading says it is code
    said = f"the `{name}` {kind}" if kind else f"`{name}`"
    subject = page_subject(doc, path[0]) if len(path) >= 2 else None
    return Element(name, on_page(said, name, subject))


def on_page(said: str, name: str, page: str | None) -> str:
    """An element as said, with the page it is documented on ("the `--target` option of
    the `packr build` command"), unless its name says that already ("Store.get()", "RELAY_HOME" of Relay)."""
    bare = re.sub(r"^the |`| (?:rule|command)$", "", page or "")
    return f"{said} of {page}" if page and bare.casefold() not in name.casefold() else said


def _doc(doc: Document | None) -> list[Section]:
    return doc.sections if doc is not None else []
