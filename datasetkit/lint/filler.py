"""Whether an answer is a document's sample content: filler that shows a format, not facts.

A template or a demonstration file fills its lists and headings with stand-in text so a
reader sees the formatting: items that only count off ("One", "Two", "Three"), the same
item repeated, items that differ only by a counter ("Level 1", "Level 2"), or words that
name the page's own parts ("list item", "heading text"). Such a document supports
questions about what it says, not about its filler: an answer made of filler has
nothing to check.

:func:`sample_content` returns a short reason (what it found, quoted) or None.
"""

from __future__ import annotations

import re
import unicodedata


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Count words that a stand-in item may be, in the languages generation writes.
_COUNT_WORDS = _set(
    "one two three four five six seven eight nine ten first second third fourth fifth "
    "eins zwei drei vier fünf sechs sieben acht neun zehn erste zweite dritte vierte "
    "un une deux trois quatre cinq six sept huit neuf dix premier première deuxième "
    "uno una dos tres cuatro cinco seis siete ocho nueve diez primero segundo tercero"
)
# Words that name a page's own parts and formatting (and the function words between them):
# a text of only these says how the page looks, not what it is about.
_PAGE_WORDS = _set(
    "list lists item items bullet bullets bulleted numbered heading headings paragraph "
    "paragraphs text body title subtitle caption style styles level levels line lines "
    "entry entries sample placeholder dummy content loose tight nested sub plain block "
    "quote quoted cell row column table normal bold italic underlined font "
    "liste listen listenelement listenpunkt aufzählung aufzählungspunkt überschrift "
    "absatz text beispieltext formatvorlage ebene zeile eintrag element tabelle zelle "
    "spalte titel fett kursiv "
    "élément éléments puce puces titre paragraphe texte niveau ligne exemple entrée "
    "tableau cellule colonne gras italique "
    "lista elemento elementos viñeta viñetas encabezado título párrafo texto estilo "
    "nivel línea ejemplo entrada tabla celda columna negrita cursiva"
)
_FUNCTION = _set("a an the of and or with de du des la le les el los las der die das und et y o")
_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
_COUNTER = re.compile(r"^(?:\d{1,3}|[a-z]|[ivx]{1,4})$")


def _words(text: str) -> list[str]:
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def _counts_off(line: str) -> bool:
    """A line that is only a count word ("Two", "Drei")."""
    words = _words(line)
    return len(words) == 1 and words[0] in _COUNT_WORDS


def _frame(line: str) -> tuple[str, tuple[str, ...]]:
    """A line's words without its counters, and its counters: "Level 2" -> ("level", ("2",))."""
    words = _words(line)
    counters = tuple(w for w in words if _COUNTER.match(w) or w in _COUNT_WORDS)
    return " ".join(w for w in words if w not in counters), counters


def _counted(counters: list[tuple[str, ...]]) -> bool:
    """Whether lines of one frame are repeats (no counter changes) or count off from the
    start (1, 2, 3 / a, b, c): a position, not a quantity ("5 per month", "10 per month")."""
    if len(set(counters)) == 1:
        return True
    if any(len(c) != 1 for c in counters):
        return False
    values = [c[0] for c in counters]
    if all(v.isdigit() for v in values):
        numbers = sorted(int(v) for v in values)
    elif all(len(v) == 1 and v.isalpha() for v in values):
        numbers = sorted(ord(v) - ord("a") + 1 for v in values)
    else:
        return False
    return numbers[0] <= 2 and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def sample_items(items: list[str]) -> str | None:
    """Why the list ``items`` is stand-in content, or None: three or more of its items (at
    least half) only count off, repeat another item, or repeat another's words with only a
    counter that counts from the start changed ("Level 1", "Level 2")."""
    lines = [x.strip() for x in items if x.strip()]
    if len(lines) < 3:
        return None
    groups: dict[str, list[int]] = {}
    frames = [_frame(x) for x in lines]
    for i, (words, _) in enumerate(frames):
        if words:
            groups.setdefault(words, []).append(i)
    filler = {i for i, x in enumerate(lines) if _counts_off(x)}
    for members in groups.values():
        if len(members) > 1 and _counted([frames[i][1] for i in members]):
            filler.update(members)
    if len(filler) >= 3 and len(filler) * 2 >= len(lines):
        shown = ", ".join(repr(lines[i][:20]) for i in sorted(filler)[:3])
        return f"its items are stand-ins that count off or repeat ({shown})"
    return None


def sample_content(answer: str) -> str | None:
    """Why ``answer`` is a document's sample content, or None: a list of stand-in items
    (:func:`sample_items`), or a text of two words or more that only names the page's own
    parts ("list item", "heading text")."""
    found = sample_items(answer.splitlines())
    if found:
        return f"the answer is sample content: {found}"
    words = [w for w in _words(answer) if w not in _FUNCTION]
    named = [w for w in words if w in _PAGE_WORDS]
    if len(words) >= 2 and named and all(w in _PAGE_WORDS or _COUNTER.match(w) for w in words):
        return f"the answer only names parts of a page: {answer.strip()[:40]!r}"
    return None
