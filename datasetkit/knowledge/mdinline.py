"""Markdown inline markup reduced to the text a reader sees: code spans, links (with their
address), images, emphasis, escapes, footnote marks and roles.
"""

from __future__ import annotations

import html
import re

from datasetkit.knowledge.build import clean_inline
from datasetkit.knowledge.mdnotes import ROLE_NAME, role_said

# Every span is bounded ({1,300} and the like): unbounded lazy spans make a long line
# with many unmatched markers take quadratic time.
_IMAGE = re.compile(r"!\[([^\[\]\n]{0,500})\]\([^()\[\]\n]{0,2000}\)")
# A line that holds only images (each perhaps wrapped in a link) is a figure: the reader sees
# a picture, and its alt text ("Image of the settings page") is no sentence of the document.
_FIGURE_LINE = re.compile(
    r"^[ \t>]*(?:(?:\[[ \t]{0,5})?!\[[^\[\]\n]{0,500}\]\([^()\[\]\n]{0,2000}\)"
    r"(?:[ \t]{0,5}\]\([^()\[\]\n]{0,2000}\))?[ \t]*)+$",
    re.M,
)
_LINK = re.compile(
    r"\[([^\[\]\n]{1,500})\]\(\s{0,5}<?([^()\[\]\s>]{1,2000})>?(?:\s{1,5}\"[^\"\n]{0,500}\")?\s{0,5}\)"
)
# A link whose address a page template fills in ("[the org chart]({% page "/org" %})"):
# the reader sees the link's text; the address is not known until the site is built.
_TEMPLATE_LINK = re.compile(
    r"\[([^\[\]\n]{1,500})\]\(\s{0,5}\{[%{][^\n]{0,1000}?[%}]\}[^()\s]{0,2000}\s{0,5}\)"
)
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^<>\s]{1,2000})>")
_BOLD = re.compile(
    r"\*\*(?=[^\s*])([^*\n]{1,300}?)(?<=\S)\*\*|__(?=[^\s_])([^_\n]{1,300}?)(?<=\S)__"
)
_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]{1,300}?)(?<=\S)\*(?![\w*])")
_ITALIC_UNDER = re.compile(r"(?<![\w_])_(?=[^\s_])([^_\n]{1,300}?)(?<=\S)_(?![\w_])")
_STRIKE = re.compile(r"~~(?=\S)([^~\n]{1,300}?)(?<=\S)~~")
# A site's own component may name itself with an underscore ("<quick_guide>"), as
# documentation generators' block tags do: it is markup all the same.
_HTML_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9_-]{0,30})(?:\s[^<>\n]{0,500})?/?>")
# Tags set inside a line of text (a key, a term, a link): the words run on without a break.
# Other tags (a line break, a block, a site's component) stand between words.
_INLINE_TAGS = frozenset(
    [
        "a",
        "abbr",
        "b",
        "bdi",
        "bdo",
        "cite",
        "code",
        "data",
        "del",
        "dfn",
        "em",
        "font",
        "i",
        "ins",
        "kbd",
        "mark",
        "q",
        "s",
        "samp",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "time",
        "tt",
        "u",
        "var",
        "wbr",
    ]
)
# An HTML comment, and an MDX comment ("{/* ... */}"): notes to the page's writers.
_COMMENT = re.compile(r"<!--.{0,5000}?-->|\{/\*.{0,5000}?\*/\}", re.S)
# A link whose text names no place ("learn more", "read more"): a reader follows it to its
# address, which is then what the sentence points to; the words alone read as a fragment.
_GENERIC_LINK_TEXT = re.compile(
    r"(?i)^(?:learn more|read more|more|see more|more info(?:rmation)?|more details|"
    r"click here|details|link|here|this link|this page|see here)$"
)
# A link that only points ("here", "[1]", "this page"): with the words that lead to it
# ("More information", "see", "for details") alone in parentheses or alone as a sentence,
# it is furniture of the page, no words of what the text says.
_POINTER_TEXT = (
    r"(?:here|this|this page|this link|link|click here|see here|more|details|source|"
    r"\d{1,3}|\[\d{1,3}\]|\^?\d{1,3}|#[\w-]{1,100})"
)
_LEAD = (
    r"(?:(?:for\s)?(?:more|further|additional)\s(?:information|info|details)"
    r"(?:\s(?:is|are|can\sbe)\s(?:available|found))?(?:\s(?:on|about)\s(?:this|it))?"
    r"(?:,?\s(?:see|read|go|click|visit))?|see(?:\salso)?|read\smore|learn\smore|"
    r"details|click|refer\sto|go)[,:]?"
)
_POINTER_LINK = r"\[" + _POINTER_TEXT + r"\]\(\s{0,5}<?[^()\[\]\s>]{1,2000}>?\s{0,5}\)"
_POINTER_ASIDE = re.compile(
    r"(?i)[ \t]{0,5}\(\s{0,3}(?:" + _LEAD + r"\s{1,3})?" + _POINTER_LINK + r"\s{0,3}[.!]?\s{0,3}\)"
)
_POINTER_SENTENCE = re.compile(
    r"(?i)(?:(?<=[.!?:>])|^)[ \t]{0,5}" + _LEAD + r"\s{1,3}" + _POINTER_LINK + r"[ \t]{0,3}[.!]?"
    r"(?=\s|$)"
)
# A citation mark ("[[1]](#ref-1)", "[1](https://...)"): a number that sends the reader to
# a list of sources.
_CITATION = re.compile(r"[ \t]{0,3}\[\[?\d{1,3}\]?\]\(\s{0,5}[^()\[\]\s]{1,2000}\s{0,5}\)")
# A target a reader follows out of the page: a web or mail address.
_ADDRESS = re.compile(r"(?i)^(?:[a-z][a-z0-9+.-]{1,20}:|//|www\.)")
# Alt text that names no content ("image", "Screenshot 2", "logo.png"): the picture's kind.
_EMPTY_ALT = re.compile(
    r"(?i)^\s*(?:(?:an?\s)?(?:image|img|picture|photo|screenshot|screen\sshot|figure|fig\.?|"
    r"icon|logo|badge|banner|diagram|alt(?:\stext)?|gif|video)(?:\s?\d{1,3})?|[^\s]{1,200}\.(?:png|jpe?g|gif|svg|webp|bmp))?\s*$"
)
# A reference link ("[text][label]", "[text][]"): its text is what the reader sees.
_REF_LINK = re.compile(r"(?<!!)\[([^\[\]\n]{1,500})\]\[[^\[\]\n]{0,200}\]")
# A footnote reference ("[^1]") and a superscript footnote number ("<sup>[1](#1)</sup>"):
# marks that send the reader elsewhere, no words of the sentence.
_FOOTNOTE_REF = re.compile(
    r"[ \t]{0,3}(?:\[\^[^\]\s]{1,50}\]|<sup>\s{0,3}\[?\d{1,3}\]?(?:\(#[^()\s]{0,100}\))?\s{0,3}</sup>)"
)
# Emphasis markers left over when a page's markers do not pair ("***A** to ***B**"): a
# run of two or more next to a word, or one that opens a word. A single star after a word
# may mark a footnote, and one between spaces may be an operator; both stay.
_STRAY_EMPHASIS = re.compile(r"(?<!\\)\*{2,}(?=\w)|(?<=\w)\*{2,}|(?<![\w*\\])\*(?=[^\W\d_])")
# An icon or emoji shortcode ("<icon set>-<name>" between colons, ":rocket:"): a picture
# the site draws in the line, no word of it. The first character after the colon is a
# letter, so a time ("10:30:") or an address ("fe80::1") stays.
_ICON = re.compile(r"(?<![\w:/]):[a-z][a-z0-9_+-]{1,60}:(?![\w:/])")
# An attribute list after a span or a heading ("{ .class }", "{: #id }", "{ style="..." }",
# "{target=_blank}"): how the site styles the text, not text.
_ATTR_ITEM = (
    r"(?:[.#][\w-]{1,60}|[\w-]{1,40}=(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|[^\s{}]{1,300}))"
)
_ATTR_LIST = re.compile(
    r"[ \t]{0,5}\{:?[ \t]{0,5}"
    + _ATTR_ITEM
    + r"(?:[ \t]{1,5}"
    + _ATTR_ITEM
    + r"){0,20}[ \t]{0,5}\}"
)
# Template tags in a line (Liquid, Jinja: "{% link x.md %}", "{{ page.title }}"): page logic
# or a value the site fills in when it builds the page. "{% raw %}" only says the text
# inside is shown as written: its markers go, the text stays.
_RAW_MARK = re.compile(r"\{%-?[ \t]{0,5}(?:end)?raw[ \t]{0,5}-?%\}")
_TEMPLATE_TAG = re.compile(r"\{%[^{}\n]{0,500}?%\}|\{\{[^{}\n]{0,500}?\}\}")


# ASCII punctuation a backslash escapes (CommonMark): the character shows as itself.
_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_SPECIAL = re.compile(r"[\\`]")
_TICKS = re.compile(r"`+")
# A code span closes within this many characters or is no code span (its backticks show).
_SPAN_REACH = 2000
# While the markup around them is read, each code span and escaped character stands as one
# character of a private-use plane: no link, emphasis or tag pattern takes it for a marker,
# and the span's text comes back as it was typed.
_HOLE = 0xF0000
_HOLE_ROOM = 0xFFFD
_HOLES = re.compile("[\U000f0000-\U000ffffd]")
_ROLE = re.compile(ROLE_NAME + "([\U000f0000-\U000ffffd])")
# A character reference ("&amp;", "&#8212;", "&nbsp;"): the character shows.
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def _hold(shown: str, held: list[str]) -> str:
    if len(held) >= _HOLE_ROOM:
        return shown
    held.append(shown)
    return chr(_HOLE + len(held) - 1)


def _restore(text: str, held: list[str]) -> str:
    return _HOLES.sub(lambda m: held[ord(m.group()) - _HOLE], text) if held else text


def _code(inner: str) -> str:
    """A code span's text as the page shows it: line ends as spaces, one space trimmed
    from each end when both ends have one; a span of no letter or digit (a separator
    such as `,` or ` `) keeps its backticks, or the reader could not see it."""
    inner = inner.replace("\n", " ")
    if len(inner) > 2 and inner[0] == inner[-1] == " " and inner.strip():
        inner = inner[1:-1]
    return inner if any(c.isalnum() for c in inner) else f"`{inner}`"


def _hide(text: str, held: list[str]) -> str:
    """``text`` with its code spans and backslash escapes held (CommonMark: a backslash
    before a backtick makes it a backtick to show, which opens no span; inside a span a
    backslash is text)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        m = _SPECIAL.search(text, i)
        if m is None:
            out.append(text[i:])
            break
        k = m.start()
        out.append(text[i:k])
        if text[k] == "\\":
            if k + 1 < n and text[k + 1] in _PUNCT:
                out.append(_hold(text[k + 1], held))
                i = k + 2
            else:
                out.append("\\")
                i = k + 1
            continue
        run = _TICKS.match(text, k)
        assert run is not None
        size, i = len(run.group()), run.end()
        close = next(
            (
                c
                for c in _TICKS.finditer(text, i, min(n, i + _SPAN_REACH))
                if len(c.group()) == size
            ),
            None,
        )
        if close is None:
            out.append(run.group())
            continue
        out.append(_hold(_code(text[i : close.start()]), held))
        i = close.end()
    return "".join(out)


# A link reference definition ("[label]: address"), and a shortcut reference link ("[label]")
# whose label one of them defines: the reader sees the link's text.
_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)([^\[\]\n]{1,500})\]:[ \t]*\S")
_SHORTCUT = re.compile(r"(?<![\]!\w])\[([^\[\]\n]{1,500})\](?![(\[:])")


def _label(text: str) -> str:
    return " ".join(text.split()).casefold()


def definition_labels(lines: list[str]) -> frozenset[str]:
    """The labels the page's link reference definitions give an address."""
    return frozenset(_label(m.group(1)) for line in lines if (m := _DEFINITION.match(line)))


def strip_inline(text: str, labels: frozenset[str] = frozenset()) -> str:
    """Markdown inline markup reduced to what a reader sees: code spans as typed, escapes
    resolved, links as their text (a web address kept after it), pointers, comments and
    tags gone, an image's alt text only when it says something."""
    held: list[str] = []
    text = _COMMENT.sub("", _HOLES.sub("", text))
    text = _FOOTNOTE_REF.sub("", _FIGURE_LINE.sub("", _RAW_MARK.sub("", text)))
    text = _hide(text, held)
    text = _ROLE.sub(lambda m: role_said(_restore(m.group(1), held)), text)
    text = _IMAGE.sub(
        lambda m: "" if _EMPTY_ALT.match(_restore(m.group(1), held)) else m.group(1), text
    )
    text = _TEMPLATE_LINK.sub(lambda m: m.group(1), text)
    text = _TEMPLATE_TAG.sub("", _ATTR_LIST.sub("", _ICON.sub("", text)))
    text = _POINTER_ASIDE.sub("", _CITATION.sub("", text))
    text = _POINTER_SENTENCE.sub("", text)
    text = _LINK.sub(lambda m: _link(m, held), text)
    text = _REF_LINK.sub(lambda m: m.group(1), text)
    if labels:
        text = _SHORTCUT.sub(
            lambda m: m.group(1) if _label(_restore(m.group(1), held)) in labels else m.group(0),
            text,
        )
    text = _AUTOLINK.sub(lambda m: m.group(1), text)
    text = _HTML_TAG.sub(lambda m: "" if m.group(1).lower() in _INLINE_TAGS else " ", text)
    for _ in range(2):  # nested emphasis such as ***x***
        text = _BOLD.sub(lambda m: m.group(1) or m.group(2), text)
        text = _ITALIC_STAR.sub(lambda m: m.group(1), text)
        text = _ITALIC_UNDER.sub(lambda m: m.group(1), text)
    text = _STRAY_EMPHASIS.sub("", _STRIKE.sub(lambda m: m.group(1), text))
    text = _ENTITY.sub(lambda m: html.unescape(m.group()), text)
    return clean_inline(_restore(text, held).replace("\n", " "))


def _link(m: re.Match[str], held: list[str]) -> str:
    """A link as the reader reads it: its text, then a web address it leads to; the
    address alone when the text names no place. A place in the same site (an anchor, a
    page's path) is no address a reader of the text can use: the text alone."""
    said, target = m.group(1), m.group(2)
    shown, address = _restore(said, held).strip(), _restore(target, held)
    if not _ADDRESS.match(address):
        return "" if re.fullmatch(r"#[\w-]{1,100}", shown) else said
    if said == target or address in shown:
        return said  # the text says the address already
    if _GENERIC_LINK_TEXT.match(shown) and re.match(r"(?i)https?://", address):
        return target
    return f"{said} ({target})"
