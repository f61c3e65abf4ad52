"""Documentation generators' block markup in a Markdown page: what shows as text, what not.

Guides written for a site generator (MkDocs, Docusaurus, VitePress, Hugo, Sphinx with
MyST, mdBook, GitHub) wrap notes, tips and warnings in block markers and pull code in
from other files with include directives. A reader of the built page sees the note's
text under the step it follows, and the included code in place of the directive; a
reader of the Markdown file sees neither the markers nor the code. So:

- a marker that opens or closes a note (``/// note``, ``:::tip``, ``!!! warning``,
  ``{{% note %}}``, ``[!NOTE]`` in a quote, a MyST ``{note}`` fence) shows nothing, and
  the note's body is read as the text it is, in place;
- an include directive (``{* file *}``, ``--8<--``, ``{{#include file}}``, ``{! file !}``,
  a MyST ``{literalinclude}`` fence, a shortcode alone on its line) is no content: the
  code it stands for is not in the file, and its path is never an answer.
"""

from __future__ import annotations

import re

# Kinds of note the generators render as a box around text (their common names).
_NOTE_KINDS = (
    r"note|notes|tip|tips|hint|info|information|important|warning|warn|caution|danger|"
    r"attention|error|success|check|question|example|abstract|summary|tldr|quote|bug|"
    r"failure|todo|seealso|see-also|admonition|details|versionadded|versionchanged|"
    r"deprecated|callout|alert|aside|remark|topic|sidebar|secondary|primary"
)
# Openers and closers alone on their line: pymdownx blocks ("/// note | Title", "///"),
# Docusaurus and VitePress containers (":::tip[Title]", "::: warning Title", ":::"), MyST
# colon fences (":::{note}"), GitHub alerts ("[!NOTE]", its quote marker removed).
_MARKER = re.compile(
    r"^\s*(?:/{3,}(?:\s*[\w-]+(?:\s*\|.*)?)?"
    r"|:{3,}\s*(?:\{?[\w-]+\}?(?:\s*\[[^\]]*\])?(?:\s+.*)?)?"
    r"|\[!(?:" + _NOTE_KINDS + r")\][+-]?(?:\s+.*)?)\s*$",
    re.IGNORECASE,
)
# An opener of a note whose body is indented under it (MkDocs Material, Python-Markdown):
# "!!! note", "??? tip "Title"", "???+ warning".
_INDENTED_NOTE = re.compile(r"^\s{0,3}(?:!!!|\?\?\?\+?)\s*[\w-]+(?:\s+.*)?$")
# A Hugo shortcode alone on its line (opening or closing, "{{< tabs >}}", "{{% /note %}}"),
# or opening a line its text goes on after ("{{% warning %}} Text ...").
_SHORTCODE = re.compile(r"^\s*\{\{[<%]\s*/?[\w-]+(?:\s[^{}]*)?[%>]\}\}\s*")
# Include directives: FastAPI/Typer ("{* path hl[3] *}"), pymdownx.snippets ("--8<--"),
# mdBook ("{{#include path}}", "{{#rustdoc_include ...}}"), markdown-include ("{!path!}").
_INCLUDE = re.compile(
    r"^\s*(?:\{\*.*\*\}|-{2}8<-{2}.*|;-{2}8<-{2}.*|\{\{#[\w-]+[^{}]*\}\}|\{!.*!\})\s*$"
)
# An MDX page's import or export of a component ("import Tabs from '@theme/Tabs';"): page
# code for the site, not text.
_MDX_LINE = re.compile(
    r"""^\s*(?:import\s+[\w{},\s*]+\s+from\s+['"][^'"]+['"]|export\s+(?:const|default)\s.*);?\s*$"""
)
# A MyST/Sphinx role's name, set right before a code span ("{doc}`installation`",
# "{term}`wheel <Wheel>`"): the reader sees the span's text, or its title when it names a
# target after it.
ROLE_NAME = r"\{[a-z][\w:.-]{0,40}\}"
# A fenced block whose info string is a MyST/Sphinx directive ("```{note}").
_DIRECTIVE_FENCE = re.compile(r"^\s*\{(?P<name>[\w:-]+)\}")
# Directives that pull content in from elsewhere or lay out the site: nothing to read here.
_DROPPED = frozenset(
    [
        "include",
        "literalinclude",
        "toctree",
        "image",
        "figure",
        "raw",
        "eval-rst",
        "contents",
        "only",
        "automodule",
        "autoclass",
        "autofunction",
        "autodoc",
        "mermaid",
    ]
)
_NOTE_NAME = re.compile(rf"^(?:{_NOTE_KINDS})$", re.IGNORECASE)
# Option lines that open a MyST directive's body (":class: tip", ":caption: Title").
OPTION = re.compile(r"^\s*:[\w-]+:(?:\s.*)?$")


# A marker that closes a box: "///", ":::", "{{% /note %}}".
_CLOSER = re.compile(r"^\s*(?:/{3,}|:{3,}|\{\{[<%]\s*/[\w-]+\s*[%>]\}\})\s*$")
_ALERT = re.compile(r"^\s*\[!")
# A note's kind set in bold alone on the first line of a quote ("> **Note**", "> **Warning:**"),
# the way READMEs wrote GitHub's alerts before "[!NOTE]": the label of the note box the
# quote is, no word of its text.
_NOTE_LABEL = (
    r"^\s*(?:\*\*|__)\s*(?:note|tip|hint|info|important|warning|caution|danger|attention|"
    r"good to know|hinweis|achtung|wichtig|tipp|warnung|gut zu wissen|remarque|"
    r"avertissement|astuce|à noter|bon à savoir|nota|aviso|importante|consejo|advertencia)"
    r"\s*:?\s*(?:\*\*|__)\s*:?"
)
_BOLD_NOTE = re.compile(_NOTE_LABEL + r"\s*$", re.IGNORECASE)
# The same label opening a line its text goes on ("> **Note:** The limit is ..."): the
# label goes, the text stays, and in a quote it is the note box's text.
_LABELLED_NOTE = re.compile(_NOTE_LABEL + r"[ \t]+(?=\S)", re.IGNORECASE)
_SHORTCODE_NAME = re.compile(r"^\s*\{\{[<%]\s*(?P<name>[\w-]+)")


class Boxes:
    """Whether the text being read is inside a note box: the markers seen so far open and
    close boxes; a GitHub alert lasts as long as its quote."""

    def __init__(self) -> None:
        self.depth = 0
        self.alert = False

    def see(self, line: str) -> None:
        """Take a line :func:`shows_nothing` matched."""
        if _CLOSER.match(line):
            self.depth = max(0, self.depth - 1)
        elif _ALERT.match(line) or _BOLD_NOTE.match(line):
            self.alert = True
        elif _MARKER.match(line):
            self.depth += 1
        else:
            named = _SHORTCODE_NAME.match(line)
            # Only a note's shortcode has a closer; a figure's or an include's has none.
            if named and _NOTE_NAME.match(named.group("name")):
                self.depth += 1

    def shown(self, line: str) -> str:
        """``line`` as its text reads: a note shortcode or a bold note label that opens it
        removed (the label opens a note box that lasts as long as its quote)."""
        if _SHORTCODE.match(line):
            return _SHORTCODE.sub("", line, count=1)
        labelled = _LABELLED_NOTE.match(line)
        if labelled is None:
            return line
        self.alert = True
        return line[labelled.end() :]

    @property
    def open(self) -> bool:
        return self.depth > 0 or self.alert


# A marker the site replaces by the page's table of contents ("[TOC]", "[[_TOC_]]",
# "{:toc}", "${toc}", "[[toc]]", ":toc:"), and a block attribute list alone on its line
# ("{: .no_toc }"): no text of the page.
_TOC = re.compile(
    r"^\s*(?:\[TOC\]|\[\[_?TOC_?\]\]|\$\{toc\}|:toc:.*|\{:[^{}]*\})\s*$", re.IGNORECASE
)
# The list item kramdown puts before "{:toc}" ("* TOC"): the placeholder the list replaces.
_TOC_ITEM = re.compile(r"(?i)^(?:toc|table of contents|contents)$")
# A content tab (pymdownx.tabbed: '=== "Label"', '===! "Label"'): its body is indented
# under it, and its label names the variant the body is for (a platform, a tool).
_TAB = re.compile(r'^\s{0,3}===[!+]?[ \t]+"(?P<label>[^"\n]{0,300})"\s*$')


def tab_label(line: str) -> str | None:
    """The label of the content tab ``line`` opens; None when it opens none."""
    m = _TAB.match(line)
    return m.group("label") if m else None


def toc_marker(line: str) -> bool:
    """Whether ``line`` is a table-of-contents marker or a block attribute list alone."""
    return _TOC.match(line) is not None


def toc_placeholder(item: list[str]) -> bool:
    """Whether the list item being read is the placeholder a contents marker replaces."""
    return len(item) == 1 and _TOC_ITEM.match(item[0].strip()) is not None


def shows_nothing(line: str) -> bool:
    """Whether ``line`` is block markup or an include that a reader of the page does not
    see as text (its note's body, on other lines, is text)."""
    if _SHORTCODE.match(line) and not _SHORTCODE.sub("", line, count=1).strip():
        return True
    marks = (_MARKER, _BOLD_NOTE, _INCLUDE, _MDX_LINE, _TOC)
    return any(p.match(line) for p in marks)


def only_includes(code: str) -> bool:
    """Whether a code block holds include directives alone (the code is in other files)."""
    lines = [line for line in code.split("\n") if line.strip()]
    return bool(lines) and all(_INCLUDE.match(line) for line in lines)


def role_said(span: str) -> str:
    """What a reader sees of a role's code span: the title, else the target."""
    said = span.strip().lstrip("~!")
    title = re.match(r"^(?P<title>.+?)\s*<[^<>]+>$", said)
    return title.group("title") if title else said


def opens_indented_note(line: str) -> bool:
    """Whether ``line`` opens a note whose body is indented under it ("!!! note")."""
    return _INDENTED_NOTE.match(line) is not None


def fence_reading(info: str) -> str:
    """How a fenced block with info string ``info`` reads: "note" (its body is text),
    "none" (a directive that includes or lays out: nothing), or "code"."""
    m = _DIRECTIVE_FENCE.match(info)
    if m is None:
        return "code"
    name = m.group("name").casefold().rpartition(":")[2]
    if _NOTE_NAME.match(name):
        return "note"
    return "none" if name in _DROPPED else "code"
