"""Scoring an outline against the true structure of a document.

The truth (``bench/knowledge_truth/*.json``, described in its README) lists headings
with levels, tables with header names and row counts, lists with item counts,
sentences that cross a line or page break, and page furniture. Each criterion is
counted, so that figures can be summed over documents:

- headings: predicted and true headings are aligned in order by their text (section
  numbers, case, punctuation and emphasis set aside). A heading's level is right when
  its nearest enclosing heading is the true one: levels are compared as the outline
  they make, not as numbers (a Markdown ``##`` top level and a Word Heading 1 agree).
  An optional true heading (a subtitle, a caption) is neither missed when absent nor
  false when present, and is looked through when enclosing headings are compared.
  A true heading whose words the PDF's text layer does not hold (a scanned page, an
  OCR layer of digits only) can be read by no tool without OCR: it is counted apart,
  as not in the text layer, and left out of recall.
- tables: a true table is found when a predicted table has the same header names,
  one per column (footnote markers, placeholder names such as "Column 3" and repeat
  suffixes set aside); its rows are right when the count is too.
- lists: a true list is intact when a run of list items starts with its first item and
  has its number of items (nested items included).
- sentences: the text that crosses a break is found whole inside one block.
- furniture: a block (or a line of a paragraph) that reads as a running header, footer,
  page number or table-of-contents entry is a leak, unless the tool marked it as
  furniture or it is a true heading.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from knowledge_outline import Block

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " "})
_NUMBERING = re.compile(
    r"^(?:(?:chapter|section|article|artigo|cap[ií]tulo|appendix|annex|part)\s+)?"
    r"(?:\d{1,3}(?:\.\d{1,3})*\.?(?=\s|[^\d.\s])|[a-z]\.(?=\s)|\([a-z0-9]{1,4}\)|[ivxlc]{1,6}\.(?=\s)"
    r"|第[0-9０-９一二三四五六七八九十百]+[章条節])\s*"
)
_MARKERS = re.compile(r"(?:\s*(?:\([a-z0-9]{1,2}\)|\d{1,2}/|\*+|[†‡§]+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+))+$")
_PLACEHOLDER = re.compile(r"^(?:column|col)\s*[a-z0-9]{1,3}$|^unnamed:?\s*\d+$|^nan$")
_BULLET = re.compile(r"^(?:[-*+•◦▪●■□➢✓]|\(?\d{1,3}[.)]|\(?[a-z][.)]|（[0-9０-９]+）)\s*")


def plain(text: str) -> str:
    """Lower case, one space between words, quotes and emphasis marks made plain."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    text = re.sub(r"[*_`]+", "", text)
    return " ".join(text.split())


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text))


def heading_key(text: str) -> str:
    """A heading's text without its section number, punctuation or case."""
    text = plain(text)
    stripped = _NUMBERING.sub("", text, count=1)
    return _words(stripped) or _words(text)


def header_key(name: str) -> str:
    """A column name without note markers, repeat suffixes or placeholder names."""
    text = plain(name)
    text = re.sub(r"\s\(\d+\)$", "", text)
    text = _MARKERS.sub("", text)
    text = re.sub(r"^\*+", "", text)
    return "" if _PLACEHOLDER.match(text.strip()) else _words(text)


def item_key(text: str) -> str:
    """A list item's text without its bullet or number and without spaces."""
    text = plain(text)
    for _ in range(2):
        text = _BULLET.sub("", text)
    return re.sub(r"\s+", "", text)


def furniture_key(text: str) -> str:
    """Running text compared without page numbers and dot leaders."""
    text = re.sub(r"\.{2,}|…+|_{3,}|(?:\.\s){3,}", " ", plain(text))
    return " ".join(re.sub(r"\d+", "#", text).split())


@dataclass
class Score:
    """Counts for one document (or summed over several)."""

    heads_true: int = 0
    heads_pred: int = 0
    heads_found: int = 0
    heads_level: int = 0
    heads_unread: int = 0
    tables_true: int = 0
    tables_pred: int = 0
    tables_found: int = 0
    tables_rows: int = 0
    lists_true: int = 0
    lists_found: int = 0
    items_true: int = 0
    items_found: int = 0
    sentences_true: int = 0
    sentences_found: int = 0
    leaks: int = 0
    seconds: float = 0.0
    missed: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        """Sum another score into this one."""
        for name in self.__dataclass_fields__:
            if name != "missed":
                setattr(self, name, getattr(self, name) + getattr(other, name))


# ----- headings ------------------------------------------------------------------------


@dataclass
class _Truth:
    level: int
    keys: list[str]
    optional: bool


def _truth_headings(entries: list[list[Any]]) -> list[_Truth]:
    out = []
    for entry in entries:
        texts = entry[1] if isinstance(entry[1], list) else [entry[1]]
        out.append(_Truth(int(entry[0]), [heading_key(t) for t in texts], "optional" in entry[2:]))
    return out


def _align(pred: list[str], truth: list[_Truth]) -> dict[int, int]:
    """Predicted index -> true index, the longest in-order alignment of equal texts."""
    n, m = len(pred), len(truth)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if pred[i] in truth[j].keys:
                best[i][j] = best[i + 1][j + 1] + 1
            else:
                best[i][j] = max(best[i + 1][j], best[i][j + 1])
    out: dict[int, int] = {}
    i = j = 0
    while i < n and j < m:
        if pred[i] in truth[j].keys and best[i][j] == best[i + 1][j + 1] + 1:
            out[i] = j
            i += 1
            j += 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return out


def _parents(levels: list[int], state: list[str]) -> list[int | None]:
    """Each entry's nearest enclosing entry that is kept. A ``through`` entry (an optional
    heading) is looked through; a ``false`` one (a heading that should not be there)
    encloses what follows, so the search goes on from its own enclosing entry."""
    out: list[int | None] = []
    for i, level in enumerate(levels):
        parent: int | None = None
        bound = level
        for j in range(i - 1, -1, -1):
            if levels[j] >= bound or state[j] == "through":
                continue
            if state[j] == "keep":
                parent = j
                break
            bound = levels[j]
        out.append(parent)
    return out


def layer_key(text: str) -> str:
    """Text as compared with a text layer: words only, without spaces (a layer may
    break a heading across lines or space out CJK characters) and without accents: a
    TeX-made PDF's layer holds an accent as a character of its own beside its letter
    ("An´alisis"), which says nothing about whether the heading can be read."""
    bare = unicodedata.normalize("NFKD", plain(text))
    return "".join(re.findall(r"\w+", "".join(c for c in bare if not unicodedata.combining(c))))


_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")


def _readable(t: _Truth, layer: str | None) -> bool:
    """Whether the text layer holds one of a true heading's readings. A Hebrew or Arabic
    line comes out of pypdf with its runs in display order (the parts around a dash, a
    colon or a number swapped), so such a heading is held when each of its words is."""
    if layer is None or any(layer_key(k) in layer for k in t.keys):
        return True
    return any(_RTL.search(k) and all(layer_key(w) in layer for w in k.split()) for k in t.keys)


def score_headings(
    blocks: list[Block], truth: list[list[Any]], score: Score, layer: str | None = None
) -> set[int]:
    """Count headings found and with the right level; the indexes of matched blocks.
    ``layer`` is the document's text layer as :func:`layer_key` gives it (None: every
    heading can be read): true headings it does not hold are counted apart."""
    heads = [(i, b) for i, b in enumerate(blocks) if b.kind == "heading" and not b.furniture]
    true = []
    for t in _truth_headings(truth):
        if _readable(t, layer):
            true.append(t)
        elif not t.optional:
            score.heads_unread += 1
            score.missed.append(f"heading not in the text layer: {t.keys[0][:60]}")
    pred_keys = [heading_key(b.text) for _, b in heads]
    match = _align(pred_keys, true)
    matched_true = set(match.values())
    inverse = {j: i for i, j in match.items()}
    # Optional headings (a subtitle, a caption) are looked through on both sides: where
    # a reader may or may not see a heading, its level says nothing.
    pred_state = [
        "false" if i not in match else "through" if true[match[i]].optional else "keep"
        for i in range(len(heads))
    ]
    pred_parent = _parents([b.level or 0 for _, b in heads], pred_state)
    true_parent = _parents(
        [t.level for t in true], ["through" if t.optional else "keep" for t in true]
    )
    optional_hits = sum(1 for j in matched_true if true[j].optional)
    score.heads_pred += len(heads) - optional_hits
    score.heads_true += sum(1 for t in true if not t.optional)
    for i, j in match.items():
        if true[j].optional:
            continue
        score.heads_found += 1
        p = pred_parent[i]
        if (match.get(p) if p is not None else None) == true_parent[j]:
            score.heads_level += 1
        else:
            score.missed.append(f"level: {blocks[heads[i][0]].text[:60]}")
    for j, t in enumerate(true):
        if not t.optional and j not in inverse:
            score.missed.append(f"heading missed: {t.keys[0][:60]}")
    for i, (_, b) in enumerate(heads):
        if i not in match:
            score.missed.append(f"heading false: {b.text[:60]}")
    return {heads[i][0] for i in match}


# ----- tables, lists, sentences, furniture -----------------------------------------------


def _in_range(value: int, want: Any) -> bool:
    if isinstance(want, list):
        return int(want[0]) <= value <= int(want[1])
    return value == int(want)


def score_tables(blocks: list[Block], truth: list[dict[str, Any]], score: Score) -> None:
    """Count true tables whose header names (and row counts) a predicted table has."""
    tables = [b for b in blocks if b.kind == "table"]
    keys = [[header_key(h) for h in b.headers] for b in tables]
    used: set[int] = set()
    excused = 0
    for t in truth:
        if t.get("optional"):
            needle = plain(t.get("contains", ""))
            hit = next(
                (i for i, b in enumerate(tables) if i not in used and needle in plain(b.text)), None
            )
            if hit is not None:
                used.add(hit)
                excused += 1
            continue
        score.tables_true += 1
        wanted = [t["headers"], *t.get("headers_alt", [])]
        options = [[_alternatives(h) for h in names] for names in wanted]
        hit = next(
            (
                i
                for i, k in enumerate(keys)
                if i not in used and any(_same_header(k, o) for o in options)
            ),
            None,
        )
        if hit is None:
            score.missed.append(f"table: {t['where']}: {t['headers'][:4]}")
            continue
        used.add(hit)
        score.tables_found += 1
        if _in_range(tables[hit].rows, t["rows"]):
            score.tables_rows += 1
        else:
            score.missed.append(f"rows {tables[hit].rows} not {t['rows']}: {t['where']}")
    score.tables_pred += len(tables) - excused


def _alternatives(name: Any) -> list[str]:
    return [header_key(n) for n in (name if isinstance(name, list) else [name])]


def _same_header(got: list[str], want: list[list[str]]) -> bool:
    return len(got) == len(want) and all(g in w for g, w in zip(got, want, strict=True))


def _runs(blocks: list[Block]) -> list[list[Block]]:
    runs: list[list[Block]] = []
    previous = False
    for b in blocks:
        if b.kind == "item":
            if previous:
                runs[-1].append(b)
            else:
                runs.append([b])
        previous = b.kind == "item"
    return runs


def score_lists(blocks: list[Block], truth: list[dict[str, Any]], score: Score) -> None:
    """Count true lists found whole: a run of items that starts right and is as long."""
    runs = _runs(blocks)
    firsts = [item_key(r[0].text) for r in runs]
    used: set[int] = set()
    for t in truth:
        if t.get("optional"):
            continue
        want = item_key(t["first"])[:40]
        count = t["items"]
        score.lists_true += 1
        score.items_true += count if isinstance(count, int) else int(count[0])
        hit = next(
            (
                i
                for i, f in enumerate(firsts)
                if i not in used and f.startswith(want) and _in_range(len(runs[i]), count)
            ),
            None,
        )
        if hit is None:
            starts = [len(runs[i]) for i, f in enumerate(firsts) if f.startswith(want)]
            score.missed.append(f"list {t['first'][:30]} ({count}): runs {starts}")
            continue
        used.add(hit)
        score.lists_found += 1
        score.items_found += len(runs[hit])


def score_sentences(blocks: list[Block], truth: list[str], score: Score) -> None:
    """Count sentences that cross a break found whole in one block."""
    texts = [plain(b.text) for b in blocks]
    for sentence in truth:
        score.sentences_true += 1
        want = plain(sentence)
        if any(want in t for t in texts):
            score.sentences_found += 1
        else:
            score.missed.append(f"sentence: {sentence[:50]}")


def score_furniture(
    blocks: list[Block], truth: dict[str, Any], headings: set[int], score: Score
) -> None:
    """Count blocks and lines that are page furniture the tool left in the text (a
    paragraph that reads as a true heading is a heading read as text, not a leak)."""
    keys = {furniture_key(f["text"]) for f in truth.get("furniture", [])}
    if not keys:
        return
    titles = {k for t in _truth_headings(truth.get("headings", [])) for k in t.keys}
    for i, b in enumerate(blocks):
        if (
            b.furniture
            or i in headings
            or (b.kind == "paragraph" and heading_key(b.text) in titles)
        ):
            continue
        pieces = {furniture_key(b.text), *(furniture_key(line) for line in b.lines)}
        if pieces & keys:
            score.leaks += 1
            score.missed.append(f"furniture: {b.text[:50]}")


def score_document(blocks: list[Block], truth: dict[str, Any]) -> Score:
    """Every criterion for one document."""
    score = Score()
    matched = score_headings(blocks, truth.get("headings", []), score, truth.get("layer"))
    score_tables(blocks, truth.get("tables", []), score)
    score_lists(blocks, truth.get("lists", []), score)
    score_sentences(blocks, truth.get("sentences", []), score)
    score_furniture(blocks, truth, matched, score)
    return score
