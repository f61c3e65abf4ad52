"""Front matter at the top of a Markdown page: metadata for the site, and the page's title.

Site generators read a block of metadata before the page's text: YAML between ``---``
lines (Jekyll, MkDocs, Docusaurus, VitePress, Hugo), TOML between ``+++`` lines (Hugo,
Zola), or JSON in braces (Hugo). None of it is text a reader sees, but the site shows
its ``title`` as the page's heading: that is the document's title, which names what the
page is about ("Announcing <Product> 2.0") when its text has no title heading of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.knowledge.model import Section

# Front matter ends within this many lines or is none.
_MAX_LINES = 300
_FENCES = {"---": ("---", "..."), "+++": ("+++",)}
# "title: Text", "title = "Text"", ""title": "Text"" at the block's top level (no indent).
_TITLE = re.compile(r"""^["']?title["']?\s*[:=]\s*(?P<value>.+?)\s*,?\s*$""", re.IGNORECASE)


@dataclass(frozen=True)
class FrontMatter:
    """Where the page's text starts (the line after the block) and the title it gives."""

    end: int
    title: str | None


def front_matter(lines: list[str]) -> FrontMatter:
    """The front matter at the top of ``lines``; ``end`` 0 and no title when there is none."""
    if not lines:
        return FrontMatter(0, None)
    first = lines[0].strip()
    if first in _FENCES:
        closers = _FENCES[first]
        for j in range(1, min(len(lines), _MAX_LINES)):
            if lines[j].strip() in closers:
                return FrontMatter(j + 1, _title(lines[1:j]))
        return FrontMatter(0, None)
    if first == "{":  # JSON front matter: up to the brace that closes it, alone on its line
        for j in range(1, min(len(lines), _MAX_LINES)):
            if lines[j].rstrip() == "}":
                # Its keys are indented one step: those of its top level.
                step = min((len(x) - len(x.lstrip()) for x in lines[1:j] if x.strip()), default=0)
                return FrontMatter(j + 1, _title([x[step:] for x in lines[1:j]]))
    return FrontMatter(0, None)


def _title(block: list[str]) -> str | None:
    """The block's top-level title, unquoted; None when it has none or it is a template
    expression ("{{ .Name }}") the site fills in."""
    for line in block:
        if line[:1].isspace():
            continue
        m = _TITLE.match(line.strip())
        if m is None:
            continue
        value = m.group("value")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1].replace('\\"', '"').replace("''", "'")
        value = " ".join(value.split())
        if not value or value in ("|", ">", "|-", ">-") or "{{" in value or "{%" in value:
            return None
        return value
    return None


def heading_title(sections: list[Section]) -> str | None:
    """The title a page without one in its front matter shows: its one level-1 heading,
    when that heading comes before any text (sites render it as the page's title)."""
    tops = [s for s in sections if s.kind == "heading" and s.level == 1]
    first = next((s for s in sections if s.kind != "heading" or s.level == 1), None)
    return tops[0].text if len(tops) == 1 and first is tops[0] else None
