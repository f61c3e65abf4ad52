"""Markdown inline markup reduced to the text a reader sees: code spans, links (with their
address), images, emphasis, escapes, footnote marks and roles.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.build import clean_inline
from datasetkit.knowledge.mdnotes import ROLE, role_said

# Every span is bounded ({1,300} and the like): unbounded lazy spans make a long line
# with many unmatched markers take quadratic time.
_CODE_SPAN = re.compile(r"(`{1,10})([^`]{1,1000}?)\1")
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
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]{0,30}(?:\s[^<>\n]{0,500})?/?>")
# A link whose text names no place ("learn more", "read more"): a reader follows it to its
# address, which is then what the sentence points to; the words alone read as a fragment.
_GENERIC_LINK_TEXT = re.compile(
    r"(?i)^(?:learn more|read more|more|see more|more info(?:rmation)?|more details|"
    r"click here|details|link)$"
)
# A link whose text is a code span ("[`tool`](address)"): the code span split would cut it.
_CODE_LINK = re.compile(
    r"\[(`{1,3}[^`\[\]\n]{1,300}`{1,3})\]\(\s{0,5}<?([^()\[\]\s>]{1,2000})>?\s{0,5}\)"
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
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>~<])")
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
# Emphasis around text that holds a code span ("**`dyn Trait` types**"): the code spans
# are read apart from the text around them, so its markers would never meet.
_EMPHASIS_OVER_CODE = re.compile(
    r"(?<![\w`*])(\*\*|__|\*)(?=[^\s*_])([^*_\n`]{0,300}`[^`\n]{1,300}`[^*\n]{0,300}?)(?<=[^\s*_])\1(?![\w*])"
)
_RAW_MARK = re.compile(r"\{%-?[ \t]{0,5}(?:end)?raw[ \t]{0,5}-?%\}")
_TEMPLATE_TAG = re.compile(r"\{%[^{}\n]{0,500}?%\}|\{\{[^{}\n]{0,500}?\}\}")


def strip_inline(text: str) -> str:
    """Markdown inline markup reduced to what a reader sees (links keep their address)."""
    text = _FOOTNOTE_REF.sub("", _FIGURE_LINE.sub("", _RAW_MARK.sub("", text)))
    text = _EMPHASIS_OVER_CODE.sub(lambda m: m.group(2), text)
    text = ROLE.sub(role_said, text)
    text = _CODE_LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})", text)
    parts = _CODE_SPAN.split(text)
    out: list[str] = []
    # split() with two groups yields: text, fence, code, text, fence, code, ...
    for i in range(0, len(parts), 3):
        chunk = parts[i]
        chunk = _IMAGE.sub(lambda m: m.group(1), chunk)
        chunk = _TEMPLATE_LINK.sub(lambda m: m.group(1), chunk)
        chunk = _TEMPLATE_TAG.sub("", _ATTR_LIST.sub("", _ICON.sub("", chunk)))
        chunk = _LINK.sub(_link, chunk)
        chunk = _REF_LINK.sub(lambda m: m.group(1), chunk)
        chunk = _AUTOLINK.sub(lambda m: m.group(1), chunk)
        chunk = _HTML_TAG.sub(" ", chunk)
        for _ in range(2):  # nested emphasis such as ***x***
            chunk = _BOLD.sub(lambda m: m.group(1) or m.group(2), chunk)
            chunk = _ITALIC_STAR.sub(lambda m: m.group(1), chunk)
            chunk = _ITALIC_UNDER.sub(lambda m: m.group(1), chunk)
        chunk = _STRIKE.sub(lambda m: m.group(1), chunk)
        chunk = _STRAY_EMPHASIS.sub("", chunk)
        chunk = _ESCAPE.sub(lambda m: m.group(1), chunk)
        out.append(chunk)
        if i + 2 < len(parts):
            out.append(parts[i + 2].strip())
    return clean_inline("".join(out).replace("\n", " "))


def _link(m: re.Match[str]) -> str:
    """A link as the reader reads it: its text, then its address; the address alone when
    the text names no place and the address is one a reader can follow."""
    said, target = m.group(1), m.group(2)
    if said == target:
        return said
    if _GENERIC_LINK_TEXT.match(said.strip()) and re.match(r"(?i)https?://", target):
        return target
    return f"{said} ({target})"
