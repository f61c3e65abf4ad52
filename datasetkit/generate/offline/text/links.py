"""A Markdown link read as the words a reader sees: its text, never its anchor or a
site-internal target.

The Markdown reader keeps a link as "text (target)", and leaves a link whose target it
cannot read ("[text]({% page ... %})", a target with spaces) as it stands. A question or
an answer made from such a passage would paste in "(#weather-and-safety)" or
"[Leave Program](...)", or a reference-style link as "[GitHub Pages]": the passage is read with each link reduced to its text, and
only an absolute web address (one a user can follow) kept after it.
"""

from __future__ import annotations

import re

# "[text](target)" left whole by the reader: the target may hold spaces or a template.
_RAW_LINK = re.compile(r"!?\[([^\[\]\n]{1,500})\]\((?:[^()\n]|\([^()\n]*\)){0,2000}\)")
# "text (#anchor)", "text (/path/page)" or "text (page.md#part)": a target inside the site
# (a path, or a page of the same documentation by its file name), no address to follow.
_LOCAL_TARGET = re.compile(
    r"\s?\((?:#|/|\.\.?/|[\w.-]+(?:/[\w.-]+)*\.(?:md|markdown|html?)(?=[#)]))[^()\s]{0,500}\)"
)
_MARKDOWN = re.compile(r"(?i)\.(?:md|markdown|mdown|mkd)$")
# "[text]" or "[text][label]": a reference-style link, whose target is defined elsewhere on
# the page ("[label]: https://..."); the reader sees its text. Not a definition line itself
# (followed by ":"), nor a bracketed number or one letter (a citation, a checkbox).
_REFERENCE_LINK = re.compile(
    r"(?<![\]\w!])\[(?![\d\s]*\]|\w\])([^\[\]\n]{1,200})\](?:\[[^\[\]\n]{0,100}\])?(?![(:\w])"
)


def link_text(text: str) -> str:
    """``text`` with raw link markup reduced to the link's text and site-internal targets
    (anchors, paths) dropped; absolute addresses are kept."""
    if "[" in text:
        text = _RAW_LINK.sub(lambda m: m.group(1), text)
        text = _REFERENCE_LINK.sub(lambda m: m.group(1), text)
    if "(" not in text:
        return text
    return _LOCAL_TARGET.sub("", text)


def is_markdown(file: str) -> bool:
    """True for a file the Markdown reader read."""
    return bool(_MARKDOWN.search(file))


# A list item that is only a link: its title and the address it points to.
_LINK_ONLY = re.compile(
    r"^\s*(?:[^()\n]{1,150}?\s*\((?:https?://|www\.)[^()\s]+\)|(?:https?://|www\.)\S+)\s*[.;]?\s*$"
)


def link_list(items: list[str]) -> bool:
    """True for a list whose items are links and nothing more (a reading list): its
    answer would be titles and addresses, no fact a grader can check."""
    links = sum(1 for i in items if _LINK_ONLY.match(i))
    return len(items) >= 2 and links >= len(items) - (len(items) >= 4)


# "the <text> (https://...)": the address a Markdown or Word link is kept with, after its text.
_ADDRESS_AFTER = re.compile(r"(?<=\w)\s\((?:https?://|www\.)[^()\s]{1,500}\)")


def without_address(question: str) -> str:
    """``question`` with each web address kept after a link's text dropped: a user asks
    by the name a link shows ("the Git Handbook"), never by its address; the answer
    keeps it."""
    return _ADDRESS_AFTER.sub("", question) if "://" in question or "www." in question else question
