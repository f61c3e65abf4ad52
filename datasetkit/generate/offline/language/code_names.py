"""Names of code elements a page defines (options, variables, flags, settings) and the
kind of element a heading says they are.

Configuration references and command guides name what a user types (``--dry-run``,
``MAX_LOGS``, ``site_url``) in a table's first column or in a heading of its own. Such a
name is quoted as code in a question, the way a user quotes what they type, and said with
its kind ("the `PIPX_HOME` environment variable") when the page says what it is.
"""

from __future__ import annotations

import re

# What a named code element is: the first column's header or the heading says it.
KINDS = (
    "option",
    "setting",
    "variable",
    "parameter",
    "flag",
    "argument",
    "property",
    "attribute",
    "field",
    "key",
    "command",
    "directive",
)
KIND = re.compile(rf"(?i)\b(?P<kind>{'|'.join(KINDS)})s?$")

# A code element: a flag (``--dry-run``, ``-v``), a name joined by underscores
# (``MAX_LOGS``, ``site_url``), a dotted key of lowercase parts (``build.dir``) or a lower
# camelCase name (``maxRetries``). Words joined by hyphens ("Sign-in"), a product's name
# with a dot ("Node.js") or a brand's capital ("iPhone") are said as words, not as code.
CODE = re.compile(
    r"^(?:--?[A-Za-z][\w-]*(?:[ =]<?[\w-]+>?)?|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+"
    r"|[a-z_][a-z0-9_]+(?:\.[a-z_][a-z0-9_]+)+|[a-z]{2,}(?:[A-Z][a-z0-9]*)+)$"
)
# Words before a kind in a heading that qualify which ones are listed ("Available
# options"), not what they are ("Environment variables"): the question drops them.
_QUALIFIER = re.compile(
    r"(?i)^(?:available|supported|common|other|all|optional|required|additional|more|some|"
    r"useful|main|basic|advanced|important|new|the)$"
)


def heading_kind(heading: str | None) -> str | None:
    """The kind of element a heading lists ("Environment Variables"), singular."""
    words = (heading or "").strip().split()
    h = KIND.search(words[-1]) if words else None
    if h is None:
        return None
    kind = h.group("kind").lower()
    before = words[-2] if len(words) >= 2 else ""
    if re.fullmatch(r"[A-Za-z]{3,}", before) and not _QUALIFIER.match(before):
        return f"{before.lower()} {kind}"
    return kind


def code_name(heading: str) -> str | None:
    """The code element a heading names by itself (``array_width``, ``--verbose``), else
    None: a heading of words is no code element."""
    name = heading.strip().strip("`").strip()
    return name if CODE.fullmatch(name) else None


def code_subject(heading: str, above: str | None) -> str | None:
    """How a question names the code element a heading names: "the `array_width`
    configuration option" under "Configuration Options", "`array_width`" when no heading
    above says what kind it is; None when the heading names no code element."""
    name = code_name(heading)
    if name is None:
        return None
    kind = heading_kind(above)
    return f"the `{name}` {kind}" if kind else f"`{name}`"
