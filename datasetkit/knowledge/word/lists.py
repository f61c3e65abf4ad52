"""Word lists: numbering definitions and counters, and lists typed by hand.

Numbered paragraphs carry ``w:numPr`` (numId, ilvl), directly or through their style;
numbering.xml maps the numId to an abstract definition whose levels give the number
format (decimal, lowerLetter, ...) and the label text (``%1.``, ``%1.%2)``). As in Word,
counters belong to the abstract definition, so every list that uses it continues the
count unless its ``w:num`` restarts a level with ``w:startOverride``; a deeper level
restarts whenever a shallower one counts.

Lists typed by hand ("- item", "1) step", one paragraph with a bullet on each line) are
recognised from the text: see :func:`typed_lists`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from datasetkit.knowledge.model import Provenance
from datasetkit.knowledge.numbering import section_number
from datasetkit.knowledge.word.styles import Look, W, num_pr


@dataclass(frozen=True)
class Level:
    """One level of a list definition."""

    fmt: str = "decimal"
    text: str = "%1."
    start: int = 1
    legal: bool = False
    # w:lvlRestart: None restarts after any shallower level, 0 never, N after level N.
    restart: int | None = None
    style: str | None = None


@dataclass
class Item:
    """A numbered or bulleted paragraph: its depth and label (None for bullets)."""

    level: int
    marker: str | None
    # The list definition and level it counts in, and its count there:
    # ("abstractNumId", ilvl, count), when known.
    counter: tuple[str, int, int] | None = None


def _val(el: Any, name: str) -> str | None:
    child = el.find(f"{W}{name}")
    return child.get(f"{W}val") if child is not None else None


def _int(text: str | None, default: int | None) -> int | None:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def _level(lvl: Any) -> Level:
    legal = lvl.find(f"{W}isLgl")
    return Level(
        fmt=_val(lvl, "numFmt") or "decimal",
        text=_val(lvl, "lvlText") or "",
        start=_int(_val(lvl, "start"), 0) or 0,
        legal=legal is not None and legal.get(f"{W}val") not in ("0", "false", "off"),
        restart=_int(_val(lvl, "lvlRestart"), None),
        style=_val(lvl, "pStyle"),
    )


def _levels(el: Any) -> dict[int, Level]:
    out: dict[int, Level] = {}
    for lvl in el.findall(f"{W}lvl"):
        ilvl = _int(lvl.get(f"{W}ilvl"), None)
        if ilvl is not None and 0 <= ilvl <= 8:
            out[ilvl] = _level(lvl)
    return out


@dataclass
class _Num:
    abstract: str
    levels: dict[int, Level]
    # Levels this list restarts (w:lvlOverride/w:startOverride).
    restarts: dict[int, int] = field(default_factory=dict)


class Numbering:
    """numbering.xml read once, plus the running counters of the lists."""

    def __init__(self, root: Any | None, styles_root: Any | None = None) -> None:
        self._nums: dict[str, _Num] = {}
        self._counts: dict[str, list[int | None]] = {}
        self._seen: set[str] = set()
        if root is None:
            return
        abstract = {a.get(f"{W}abstractNumId") or "": a for a in root.findall(f"{W}abstractNum")}
        nums = {n.get(f"{W}numId") or "": n for n in root.findall(f"{W}num")}
        links = _style_links(styles_root)
        for num_id, num in nums.items():
            aid = _val(num, "abstractNumId")
            definition = abstract.get(aid or "")
            if definition is None:
                continue
            # A list that only points at a numbering style takes that style's definition.
            link = _val(definition, "numStyleLink")
            if link and link in links and links[link] in nums:
                aid = _val(nums[links[link]], "abstractNumId")
                definition = abstract.get(aid or "", definition)
            levels = _levels(definition)
            entry = _Num(aid or "", dict(levels))
            for override in num.findall(f"{W}lvlOverride"):
                ilvl = _int(override.get(f"{W}ilvl"), None)
                if ilvl is None:
                    continue
                lvl = override.find(f"{W}lvl")
                if lvl is not None:
                    entry.levels[ilvl] = _level(lvl)
                start = _int(_val(override, "startOverride"), None)
                if start is not None:
                    entry.restarts[ilvl] = start
            self._nums[num_id] = entry

    def known(self, num_id: str | None) -> bool:
        """Whether the numId names a list (numId 0 means "no list")."""
        return num_id is not None and num_id != "0" and num_id in self._nums

    def style_level(self, num_id: str, style_id: str | None) -> int:
        """The level a style is linked to (``w:pStyle`` in a level), else 0."""
        num = self._nums.get(num_id)
        if num is None or style_id is None:
            return 0
        return next((i for i, lvl in sorted(num.levels.items()) if lvl.style == style_id), 0)

    def count(self, num_id: str, ilvl: int) -> Item:
        """Count one paragraph of list ``num_id`` at level ``ilvl``: its depth and marker."""
        num = self._nums[num_id]
        ilvl = max(0, min(ilvl, 8))
        counts = self._counts.setdefault(num.abstract, [None] * 9)
        if num_id not in self._seen:
            self._seen.add(num_id)
            for lvl in num.restarts:
                if 0 <= lvl <= 8:
                    counts[lvl] = None
        level = num.levels.get(ilvl, Level(fmt="bullet"))
        current = counts[ilvl]
        if current is None:
            current = num.restarts.get(ilvl, level.start)
        else:
            current += 1
        counts[ilvl] = current
        for deeper in range(ilvl + 1, 9):
            restart = num.levels.get(deeper, Level()).restart
            if restart is None or (restart != 0 and ilvl < restart):
                counts[deeper] = None
        if level.fmt == "bullet":
            return Item(ilvl, None, (num.abstract, ilvl, current))
        marker = self._label(num, level, counts) or None
        return Item(ilvl, marker, (num.abstract, ilvl, current))

    @staticmethod
    def _label(num: _Num, level: Level, counts: list[int | None]) -> str:
        def sub(m: re.Match[str]) -> str:
            k = int(m.group(1)) - 1
            lvl = num.levels.get(k, Level())
            value = counts[k]
            if value is None:
                value = num.restarts.get(k, lvl.start)
            return format_number(value, "decimal" if level.legal else lvl.fmt)

        return re.sub(r"%([1-9])", sub, level.text).strip()


def _style_links(styles_root: Any | None) -> dict[str, str]:
    """Numbering style id -> the numId it holds (for ``w:numStyleLink``)."""
    out: dict[str, str] = {}
    if styles_root is None:
        return out
    for st in styles_root.findall(f"{W}style"):
        if st.get(f"{W}type") != "numbering":
            continue
        pr = num_pr(st.find(f"{W}pPr"))
        if pr is not None and pr[0] is not None:
            out[st.get(f"{W}styleId") or ""] = pr[0]
    return out


def format_number(n: int, fmt: str) -> str:
    """A list counter in a Word number format (decimal for formats not listed)."""
    if fmt in ("bullet", "none"):
        return ""
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt in ("lowerRoman", "upperRoman") and n > 0:
        roman = _roman(n)
        return roman if fmt == "upperRoman" else roman.lower()
    if fmt in ("lowerLetter", "upperLetter") and n > 0:
        # Word goes a..z, then aa..zz, then aaa...
        letter = chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)
        return letter if fmt == "lowerLetter" else letter.upper()
    if fmt == "ordinal":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    return str(n)


def _roman(n: int) -> str:
    out = []
    for value, letters in (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


# ----- lists typed by hand -----------------------------------------------------------

_BULLET = re.compile(r"^(?:[-•*–◦▪●■□▫‣⁃►➢✓✔]\s+|[·\uf000-\uf0ff]\s*)(?=\S)")
_O_BULLET = re.compile(r"^o\s+(?=\S)")
_NUMBER = re.compile(r"^(\d{1,3}[.)]|\((?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{2,6})\)|[a-zA-Z]\))\s+(?=\S)")
# Top-level items of a nested typed list that hold this many words on average are
# numbered paragraphs (the clauses of a statute or a contract), not list items.
_PARAGRAPH_WORDS = 15
# A division title ("2. Article 19 ...") is a heading, not an item, up to this length.
_MAX_DIVISION_WORDS = 15


@dataclass
class Piece:
    """A section before it is added: lists typed by hand are found across pieces."""

    kind: str
    text: str
    provenance: Provenance
    level: int | None = None
    record: dict[str, str] | None = None
    marker: str | None = None
    # A row of a grid with no header row (see ``Section.headerless``).
    headerless: bool = False
    # A plain paragraph whose text may turn out to be a list typed by hand.
    typed: bool = False
    symbol_lead: bool = False
    # How the paragraph is set (for headings set by hand), when it is one.
    look: Look | None = None
    # For an item of Word's automatic numbering: its list definition, level and count.
    counter: tuple[str, int, int] | None = None
    # For program text: what the paragraph is read as when its face turns out to be
    # the body's own (see :mod:`.code_blocks`).
    plain: Piece | None = None
    # For a row that titles a part of a layout table: its heading family.
    section: str | None = None
    # The paragraph's own left indentation in twips, when it sets one.
    indent: int | None = None


def _typed(text: str, symbol_lead: bool) -> tuple[str, str | None, str] | None:
    """``(kind, marker, rest)`` for a line that starts like a list item; kind is
    ``bullet`` (always a list item), ``o`` or ``number`` (only among others)."""
    if symbol_lead:
        rest = text[1:].lstrip()
        if rest:
            return "bullet", None, rest
    m = _BULLET.match(text)
    if m:
        return "bullet", None, text[m.end() :]
    m = _O_BULLET.match(text)
    if m:
        return "o", None, text[m.end() :]
    m = _NUMBER.match(text)
    if m:
        return "number", m.group(1), text[m.end() :]
    return None


def strip_typed_bullet(text: str, symbol_lead: bool = False) -> str:
    """A bulleted list item's text without a bullet typed in front of it as well."""
    found = _typed(text, symbol_lead)
    return found[2] if found and found[0] == "bullet" else text


def typed_lists(pieces: list[Piece]) -> list[Piece]:
    """Turn plain paragraphs that are lists typed by hand into list items.

    One paragraph whose lines (soft breaks) each start with a bullet or a number
    becomes one item per line, the line before the first item, if any, staying a
    paragraph. Among consecutive paragraphs, those starting with a bullet ("- ", "• ",
    a symbol-font bullet...) are items; those starting with "o " or with a number
    ("1.", "2)", "(a)", "b)") are items when another paragraph of the run starts the
    same way, so a lone "1. Introduction" or "o que" stays a paragraph. A bold line
    that names a division after its number ("2. Article 19") is left to the headings.
    Items nest by the shape of their label (see :func:`_nest`).
    """
    split: list[Piece] = []
    for piece in pieces:
        split.extend(_soft_break_list(piece) if piece.typed and "\n" in piece.text else [piece])
    runs: list[list[tuple[Piece, tuple[str, str | None, str]]]] = []
    open_run: dict[tuple[str | None, int | None], list[Any]] = {}
    for piece in split:
        key = (piece.provenance.part, piece.provenance.table)
        found = _typed(piece.text, piece.symbol_lead) if piece.typed else None
        if found is not None and _division_line(piece, found[2]):
            found = None
        for other in list(open_run):
            # A piece of the same part that is not a candidate ends the run; pieces of
            # other parts (notes, text boxes placed after a paragraph) do not.
            if other[0] == key[0] and (other != key or found is None):
                runs.append(open_run.pop(other))
        if found is not None:
            open_run.setdefault(key, []).append((piece, found))
    runs.extend(open_run.values())
    shapes: dict[int, tuple[str, str]] = {}
    for run in runs:
        kinds = [found[0] for _, found in run]
        for piece, (kind, marker, rest) in run:
            if kind == "bullet" or kinds.count(kind) >= 2:
                shapes[id(piece)] = (_shape(kind, marker), piece.text)
                piece.kind, piece.text, piece.marker, piece.level = "list_item", rest, marker, 0
    place = {id(p): i for i, p in enumerate(split)}
    seen: set[str] = set()
    for run in sorted(runs, key=lambda r: place[id(r[0][0])]):
        _continue_shapes([(p, f[1]) for p, f in run if id(p) in shapes], shapes, seen)
    order = list(dict.fromkeys(shapes[id(p)][0] for p in split if id(p) in shapes))
    for run in runs:
        _nest([p for p, _ in run if id(p) in shapes], shapes, order)
    return split


def _division_line(piece: Piece, rest: str) -> bool:
    """A bold line of its own naming a numbered division after a running number."""
    number = section_number(rest)
    return (
        piece.look is not None
        and piece.look.bold
        and number is not None
        and number.kind == "division"
        and len(rest.split()) <= _MAX_DIVISION_WORDS
    )


def _shape(kind: str, marker: str | None) -> str:
    """The shape of a typed label: what counts (digits, letters, roman numerals) and
    the punctuation around it; "1." and "1)" are two shapes, as a reader sees them."""
    if marker is None:
        return kind
    core = marker.strip("().")
    body = "9" if core.isdigit() else "i" if len(core) > 1 else "A" if core.isupper() else "a"
    return ("(" if marker.startswith("(") else "") + body + marker[-1]


def _continue_shapes(
    items: list[tuple[Piece, str | None]], shapes: dict[int, tuple[str, str]], seen: set[str]
) -> None:
    """A label of a shape the document has not used before goes on with the item before
    it when it takes up that item's count ("2)" right after "1."): the same list typed
    with other punctuation, so it takes that item's shape rather than nesting."""
    previous: tuple[str, int | None] | None = None
    for piece, marker in items:
        shape, text = shapes[id(piece)]
        value = _count(marker)
        goes_on = previous is not None and previous[1] is not None and value == previous[1] + 1
        if shape not in seen and previous is not None and goes_on:
            shape = previous[0]
            shapes[id(piece)] = (shape, text)
        seen.add(shape)
        previous = (shape, value)


def _count(marker: str | None) -> int | None:
    """The value a typed label counts to ("3)" 3, "(c)" 3), None for others."""
    core = (marker or "").strip("().")
    if core.isdigit():
        return int(core)
    if len(core) == 1 and core.isalpha():
        return ord(core.lower()) - ord("a") + 1
    return None


def _nest(items: list[Piece], shapes: dict[int, tuple[str, str]], order: list[str]) -> None:
    """Levels for the items of one typed run: shapes rank in the order the document
    first uses them ("1." over "1)" over "a)"), the outermost present at level 0. When
    the outermost items of a nested run are long (clauses that lead into their own
    points), they are numbered paragraphs and the points under them the lists."""
    present = sorted({shapes[id(p)][0] for p in items}, key=order.index)
    if len(present) < 2:
        return
    top = [p for p in items if shapes[id(p)][0] == present[0]]
    clauses = sum(len(p.text.split()) for p in top) / len(top) >= _PARAGRAPH_WORDS
    for piece in items:
        level = present.index(shapes[id(piece)][0])
        if clauses and level == 0:
            piece.kind, piece.text, piece.marker, piece.level = (
                "paragraph",
                shapes[id(piece)][1],
                None,
                None,
            )
        else:
            piece.level = level - 1 if clauses else level


def _soft_break_list(piece: Piece) -> list[Piece]:
    lines = piece.text.split("\n")
    found = [_typed(line, piece.symbol_lead and i == 0) for i, line in enumerate(lines)]
    first = next((i for i, f in enumerate(found) if f is not None), None)
    if first is None or first > 1 or len(lines) - first < 2:
        return [piece]
    if any(f is None for f in found[first:]):
        return [piece]
    out: list[Piece] = []
    if first == 1:
        out.append(replace(piece, text=lines[0], typed=False))
    for f in found[first:]:
        assert f is not None
        out.append(replace(piece, kind="list_item", text=f[2], marker=f[1], level=0, typed=False))
    return out


# ----- what an item holds beyond its own paragraph ------------------------------------

# An item that names a term (a value, a step's title) is at most this many words long.
_TERM_WORDS = 8


def split_lead_ins(pieces: list[Piece]) -> list[Piece]:
    """An unnumbered paragraph read as more of the item above (see ``continues_item``)
    that ends with a colon and is followed by items of another list definition, when
    the item's own list does not go on after them, introduces that other list ("A
    list with bullets:"): it becomes a paragraph of its own between the two lists.
    Where the first list goes on after the other one, the other is nested content of
    the item and the colon line stays in it."""
    out: list[Piece] = []
    for i, piece in enumerate(pieces):
        out.append(piece)
        nxt = pieces[i + 1] if i + 1 < len(pieces) else None
        if piece.kind != "list_item" or "\n" not in piece.text or piece.counter is None:
            continue
        if nxt is None or nxt.kind != "list_item" or nxt.counter is None:
            continue
        own = piece.counter[0]
        if nxt.counter[0] == own or _goes_on(pieces, i + 1, own):
            continue
        head, tail = piece.text.rsplit("\n", 1)
        if tail.rstrip().endswith((":", "：")):
            piece.text = head
            out.append(replace(piece, kind="paragraph", text=tail, level=None, marker=None))
    return out


def _goes_on(pieces: list[Piece], start: int, definition: str) -> bool:
    """Whether the run of items from ``start`` comes back to a list ``definition``."""
    for piece in pieces[start:]:
        if piece.kind != "list_item":
            return False
        if piece.counter is not None and piece.counter[0] == definition:
            return True
    return False


def _term(piece: Piece) -> bool:
    text = piece.text.strip()
    return (
        piece.kind == "list_item"
        and "\n" not in text
        and len(text.split()) <= _TERM_WORDS
        and not text.endswith((".", "!", "?", ":", ";", ","))
    )


def _described(term: Piece, after: Piece) -> bool:
    return (
        after.kind == "paragraph"
        and after.provenance.part == term.provenance.part
        and after.provenance.table == term.provenance.table
        and len(after.text) > len(term.text)
        and not _set_as_title(term, after)
    )


def _set_as_title(term: Piece, after: Piece) -> bool:
    """Whether a paragraph after an item is set as a title: all of it in bold, or in
    larger type than the item. A description is running text in the item's own size;
    a bold or larger line opens the next section, whose first content is an item again."""
    look, own = after.look, term.look
    if look is None:
        return False
    if look.bold:
        return True
    return bool(look.size and own is not None and own.size and look.size > own.size + 0.5)


def fold_descriptions(pieces: list[Piece]) -> list[Piece]:
    """Items that each name a term, every one followed by one paragraph that describes
    it before the next item ("- Customer first" + what it means, "- Ownership" + ...):
    each paragraph is more of its item, so the list stays one list. Three items or more
    must alternate so; the paragraph after the last item is folded too when the section
    goes on with no other paragraph."""
    out: list[Piece] = []
    i = 0
    while i < len(pieces):
        j = i
        while j + 2 < len(pieces) and _term(pieces[j]) and _described(pieces[j], pieces[j + 1]):
            if not (_term(pieces[j + 2]) and pieces[j + 2].level == pieces[i].level):
                break
            j += 2
        if j - i < 4:
            out.append(pieces[i])
            i += 1
            continue
        end = j + 1
        after = pieces[j + 2] if j + 2 < len(pieces) else None
        last_described = j + 1 < len(pieces) and _described(pieces[j], pieces[j + 1])
        if last_described and (after is None or after.kind != "paragraph"):
            end = j + 2
        for k in range(i, end, 2):
            item = pieces[k]
            if k + 1 < end:
                item.text += "\n" + pieces[k + 1].text
            out.append(item)
        i = end
    return out
