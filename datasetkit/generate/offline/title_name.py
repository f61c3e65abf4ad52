"""The name a document's title gives its subject, confirmed by how the text says it.

A program's page, a project's README or a middleware's reference is often titled by the
name alone ("<Name> <Name>") or by the name of the thing with no word for its kind
("<Name> 2.0 <Feature> Authentication"). The title's words need not be names the
document's dictionary knows ("Semantic", "Kernel" are words too); what shows the title is
a name is the text:

- it repeats the title inside its sentences, written as the title writes it (capitals
  and all) at least three times, and never in lower case more often than so: a name,
  not a phrase of the language;
- it says what kind of thing the title names, right after it: "The <Title> middleware
  allows ...", "the <Title> library": the subject is then "the <Title> <kind>", the
  way a user asks about it ("What is the default of X in the <Title> middleware?").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate

MIN_REPEATS = 3  # mentions inside sentences before a title of plain words is a name
MAX_NAME_WORDS = 6


def repeated_title(tokens: Sequence[str], text: str) -> list[str]:
    """``tokens`` (a title cut to its name) when the text repeats them as written inside
    its sentences often enough to be a name, else []."""
    if not 1 <= len(tokens) <= MAX_NAME_WORDS:
        return []
    if not all(t[:1].isupper() or t[:1].isdigit() for t in tokens):
        return []
    name = " ".join(tokens)
    # A word alone is a name only inside a sentence (after a word, a comma or a bracket),
    # where nothing else capitalises it; the later words of a longer name are inside one.
    before = r"(?<=[\w,;:(] )" if len(tokens) == 1 else r"(?<![\w-])"
    inside = re.compile(rf"{before}({re.escape(name)})(?![\w-])", re.IGNORECASE)
    said = [m.group(1) for m in inside.finditer(text)]
    written = sum(1 for s in said if s == name)
    if written < MIN_REPEATS or written <= len(said) - written:
        return []
    return list(tokens)


def titled_kind(title: str, text: str, kinds: frozenset[str]) -> str | None:
    """ "the <Title> <kind>" when the text says the thing ``title`` names is of a kind in
    ``kinds``: "The <Title> middleware allows ...", or the same of the title's last words
    ("The `retry` middleware" under "<Product> HTTP Retry"), in any casing and in code
    font. A title is a name when its words are capitalised (or numbers), or when the text
    writes it in code font ("The `name` middleware"); never a title with a word in lower
    case otherwise ("Getting started with <Name>"). None when the text says no kind
    after it, or two kinds."""
    tokens = [t.strip("`") for t in title.split()]
    if not 1 <= len(tokens) <= MAX_NAME_WORDS:
        return None
    cased = all(t[:1].isupper() or t[:1].isdigit() for t in tokens)
    for start in range(len(tokens)):
        words = " ".join(tokens[start:])
        pattern = rf"\b[Tt]he (`?)(?i:{re.escape(words)})\1 ([a-z][\w-]*)\b"
        said = [k for code, k in re.findall(pattern, text) if cased or code]
        found = {k for k in said if k.casefold() in kinds}
        if len(found) == 1:
            return f"the {' '.join(tokens)} {found.pop()}"
        if found:
            return None
    return None


def as_written(name: str, text: str) -> str:
    """``name`` spelt as the text writes it inside its sentences most often ("docx4j" for
    a title's "Docx4j"): a sentence or a title capitalises a name's first letter, the
    running text keeps its own casing. ``name`` itself unless another spelling is used
    more than twice as often."""
    inside = re.compile(rf"(?<=[\w,;:(] )({re.escape(name)})(?![\w-])", re.IGNORECASE)
    said = Counter(m.group(1) for m in inside.finditer(text))
    if not said:
        return name
    best, n = said.most_common(1)[0]
    return best if best != name and n > 2 * said.get(name, 0) else name


def spelt(c: Candidate, name: str) -> Candidate:
    """``c`` with a program's name its sentence capitalised ("Docx4j's ...", copied from a
    sentence's start) spelt as the program's text spells it, past the question's start."""
    capital = name[:1].upper() + name[1:]
    found = re.compile(rf"(?<=\S )({re.escape(capital)})(?![\w-])")
    question = found.sub(name, c.question)
    return c if question == c.question else replace(c, question=question)
