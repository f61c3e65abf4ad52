"""Section titles typed with their numbers in plain body paragraphs.

Many Word documents number their sections by hand: "1. Introduction", "2. System
Components", "3.1 Scope" typed at the start of a Normal paragraph, neither bold nor
styled. A reader takes them for titles because the numbers run in sequence through the
document, each over content of its own. Such paragraphs are headings when at least
three of them follow one another in outline order (the next number at the same depth,
the first number one level deeper, or the next number at a shallower depth), each is
short and reads as a title, not a sentence, and content stands between two of one depth
(two in a row are a numbered list). Their family is their numbering depth, so "3.1"
nests under "3." or under a division such as "PART 3".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from datasetkit.knowledge.numbering import ends_sentence, section_number, word_count
from datasetkit.knowledge.word.lists import Piece

_MAX_WORDS = 12
_MIN_RUN = 3
_DIGITS = re.compile(r"^\d{1,3}(?:\.\d{1,3})*$")


def _parts(piece: Piece) -> tuple[int, ...] | None:
    """The numbers of a typed section number ("3.1" is (3, 1)), None without one."""
    number = section_number(piece.text)
    if number is None or number.kind != "decimal" or not _DIGITS.match(number.label):
        return None
    parts = tuple(int(n) for n in number.label.split("."))
    # "1.0", "2.0" number the top sections of documents that count their sub-sections
    # "1.01", "1.02": the zero stands for no sub-section.
    while len(parts) > 1 and parts[-1] == 0:
        parts = parts[:-1]
    return parts


def typed_depth(piece: Piece) -> int | None:
    """How deep a typed section number nests ("3.1" 2, "2.0" 1), None without one."""
    parts = _parts(piece)
    return len(parts) if parts is not None else None


def _title(piece: Piece) -> bool:
    """Short enough, and shaped like a title rather than a sentence."""
    words = word_count(piece.text) - 1
    return 0 < words <= _MAX_WORDS and not (ends_sentence(piece.text) and words > 3)


def follows(before: tuple[int, ...], after: tuple[int, ...]) -> bool:
    """Whether ``after`` is the number a reader expects next after ``before``: its first
    sub-section, its next sibling, or the next section at a shallower depth (any deeper
    numbers of it at 1: "1.3" then "2.1" under a division that numbers the "2")."""
    n = len(before)
    if len(after) > n and after[:n] == before and all(x == 1 for x in after[n:]):
        return True
    for i in range(min(n, len(after))):
        if (
            after[:i] == before[:i]
            and after[i] == before[i] + 1
            and all(x == 1 for x in after[i + 1 :])
        ):
            return True
    return False


def numbered_titles(
    pieces: list[Piece], body: list[int], found: dict[int, str], candidate: Callable[[Piece], bool]
) -> dict[int, str]:
    """Body paragraphs that are section titles by their typed numbers, with their family
    ("typed number N", N the depth); those ``found`` already keep their family."""
    members: list[tuple[int, int, tuple[int, ...]]] = []  # (position in body, index, numbers)
    for n, i in enumerate(body):
        piece = pieces[i]
        numbers = _parts(piece) if candidate(piece) else None
        if numbers is not None and (i in found or _title(piece)):
            members.append((n, i, numbers))
    out: dict[int, str] = {}
    for run in _runs(members):
        if _spaced(run, pieces, body):
            out.update(
                {i: f"typed number {len(numbers)}" for _, i, numbers in run if i not in found}
            )
    return out


def _runs(
    members: list[tuple[int, int, tuple[int, ...]]],
) -> list[list[tuple[int, int, tuple[int, ...]]]]:
    """Members split into runs whose numbers follow one another, the long ones kept."""
    runs: list[list[tuple[int, int, tuple[int, ...]]]] = []
    for member in members:
        if runs and follows(runs[-1][-1][2], member[2]):
            runs[-1].append(member)
        else:
            runs.append([member])
    return [run for run in runs if len(run) >= _MIN_RUN]


def _spaced(
    run: list[tuple[int, int, tuple[int, ...]]], pieces: list[Piece], body: list[int]
) -> bool:
    """Content between titles of one depth, and after the last: two in a row are a list."""
    for (n, _, a), (m, _, b) in pairwise(run):
        if m == n + 1 and len(a) == len(b):
            return False
    last = run[-1][0]
    return last + 1 < len(body) and pieces[body[last + 1]].kind != "heading"
