"""The language of a document's prose: what its authors wrote in sentences, headings and
list items, without the names a program knows.

A technical document written in German, French or Spanish still names its routes,
roles, fields and commands as the program spells them, in English words: a route
``/api/users``, a role ``admin``, a field ``claims.role``, a middleware ``requireRole``.
Its tables of routes and roles hold little else. Counted as words, these names outvote
the prose around them, and a German page is asked in English over its lower-case column
names. Its readers ask in the language of its prose, so the prose decides first:

* A name a program spells is no word of any language: a path or route (``/api/users``,
  ``src/app.py``), a dotted name (``app.get``), a snake_case or camelCase name, a
  command-line flag, a call (``listUsers()``), a route parameter (``:id``). Such tokens
  are dropped before the detector reads a passage (code spans and code blocks are
  dropped whole).
* Headings, paragraphs and list items are the prose. When they carry enough words to
  tell a language and one language clearly leads among them, that is the document's
  language; tables and the rest vote only when the prose does not decide.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.core.language.detect import passages_language
from datasetkit.knowledge.model import Section

# Kinds of sections written in sentences or phrases by the document's authors.
PROSE_KINDS = frozenset({"heading", "paragraph", "list_item"})

# Code spans in prose (`helm install`, `app.get()`): names and commands, in no language.
_CODE_SPAN = re.compile(r"`[^`\n]*`")
# One whitespace-separated token that names something in a program (see the module's
# docstring): an address, a path or route (not a pair of words such as
# "and/or"), a dotted name of two words, snake_case, camelCase (a
# lower-case letter then a capital), a flag, a call, a route parameter, an assignment.
_IDENTIFIER = re.compile(
    r"""(?x)
    (?:^|(?<=\s))[("'\[]*
    (?:
        [A-Za-z][\w+.-]*://\S*                          # https://docs.example.org/de/x
      | www\.\S+                                       # www.example.org
      | (?:\.{0,2}|~)/[\w.:{}<>*~-]+(?:/[\w.:{}<>*~-]*)*   # /api/users, ./src, ~/x
      | [\w.-]+/[\w.:{}<>*~-]+/[\w.:{}<>*~/-]*      # src/app/main, a/b/
      | [\w-]+/[\w-]*\.[A-Za-z]\w*                   # src/app.py
      | [A-Za-z]\w*(?:\.[A-Za-z_]\w+)+(?:\(\))?    # app.get, claims.role, os.path.join()
      | \w*[A-Za-z]_\w+                              # snake_case, MAX_SIZE
      | [a-z]+[A-Z]\w*                               # camelCase
      | --?[A-Za-z][\w-]*                            # --force, -n
      | \w+\([^)\s]*\)                               # listUsers(), get(id)
      | :[a-z]\w*                                    # :id
      | \w+=\S*                                      # key=value
    )
    [)"'\],;:.]*(?=\s|$)
    """
)
# Prose that carries less evidence than this (about five words a lexicon knows) does not
# decide a document's language on its own.
_PROSE_EVIDENCE = 5.0
# Prose shorter than this share of the document's text (a caption or a page label beside
# its tables) does not decide either: the tables are what the document says.
_PROSE_SHARE = 0.15
_BUDGET = 60_000  # characters read
# How far the prose's language must lead the runner-up (see ``passages_language``).
_PROSE_LEAD = 2.0


def code_spans_out(text: str) -> str:
    """``text`` without its code spans."""
    return _CODE_SPAN.sub(" ", text) if "`" in text else text


def without_identifiers(text: str) -> str:
    """``text`` without code spans and the tokens that name something in a program."""
    if "`" in text:
        text = _CODE_SPAN.sub(" ", text)
    return _IDENTIFIER.sub(" ", text)


def prose_language(sections: Sequence[Section]) -> str | None:
    """The language of the headings, paragraphs and list items among ``sections``, when
    they say enough, are not a few lines beside the document's tables, and one language
    clearly leads; else None."""
    texts = [without_identifiers(s.text) for s in sections if s.kind in PROSE_KINDS and s.text]
    texts = [t for t in texts if t.strip()]
    written = sum(len(t) for t in texts)
    if not texts or written < _PROSE_SHARE * sum(len(s.text) for s in sections):
        return None
    # About 10,000 words, taken evenly from the whole document, settle it.
    total = sum(len(t) for t in texts)
    if total > _BUDGET:
        texts = texts[:: max(1, round(total / _BUDGET))]
    return passages_language(texts, lead=_PROSE_LEAD, min_total=_PROSE_EVIDENCE)
