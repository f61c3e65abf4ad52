"""Choosing what to ask: structure-following chunks, a proportional sampling plan, coverage.

Chunks follow the document: a heading and the text under it, or a run of rows of one
table, cut at a size bound (never mid-row, and mid-paragraph only for a paragraph
that alone is too long). The plan spreads the requested number of cases over files,
then over the sections or sheets of each file (its *strata*), then over chunks, in
proportion to how much text each holds; every file and stratum gets at least one
case when the count allows, and within a level the picks are spread over the whole
document by systematic sampling from a seeded random start, so the first chunks are
not favoured. One ``random.Random(seed)`` drives every choice.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import CATEGORIES, Chunk, GenerationResult, Plan, PlanSlot
from datasetkit.generate.outline import by_level
from datasetkit.generate.volatile import without_volatile
from datasetkit.knowledge.model import Document, Provenance, Section

DEFAULT_CHUNK_CHARS = 1500
# How many levels of the heading path make a coverage stratum ("Policy > Refunds").
STRATUM_DEPTH = 2


def stratum(prov: Provenance) -> str:
    """The coverage unit a piece of text belongs to: a sheet, a section, or a page."""
    if prov.sheet is not None:
        return f"{prov.file} sheet {prov.sheet}"
    if prov.heading_path:
        return f"{prov.file} > " + " > ".join(prov.heading_path[:STRATUM_DEPTH])
    if prov.page is not None:
        return f"{prov.file} p.{prov.page}"
    return prov.file


def _chunk_id(prov: Provenance, text: str) -> str:
    payload = json.dumps([prov.to_dict(), text], ensure_ascii=False, sort_keys=True)
    return "ch-" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


def split_text(text: str, max_chars: int) -> list[str]:
    """Pieces of at most ``max_chars``, cut at line, then sentence, then word boundaries."""
    if len(text) <= max_chars:
        return [text]
    pieces: list[str] = []
    for unit_re in (re.compile(r"\n+"), _SENTENCE_END, re.compile(r"\s+")):
        units = [u for u in unit_re.split(text) if u.strip()]
        if len(units) > 1 and all(len(u) <= max_chars for u in units):
            break
    else:
        units = [u for u in re.split(r"\s+", text) if u]
    current = ""
    sep = "\n" if "\n" in text else " "
    for unit in units:
        while len(unit) > max_chars:  # a single unbroken token longer than the bound
            if current:
                pieces.append(current)
                current = ""
            pieces.append(unit[:max_chars])
            unit = unit[max_chars:]
        candidate = f"{current}{sep}{unit}" if current else unit
        if len(candidate) > max_chars and current:
            pieces.append(current)
            current = unit
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces


def key_column(records: Sequence[dict[str, str]]) -> str | None:
    """The column that names each row: filled and unique in every row, text preferred."""
    if not records:
        return None
    columns = list(records[0].keys())[:4]

    def unique(col: str) -> bool:
        values = [r.get(col, "").strip().casefold() for r in records]
        return all(values) and len(set(values)) == len(values)

    def numeric(col: str) -> bool:
        return all(
            re.fullmatch(r"[-+$€£]?[\d.,]+%?", r.get(col, "").strip() or "x") for r in records
        )

    for col in columns:
        if unique(col) and not numeric(col):
            return col
    for col in columns:
        if unique(col):
            return col
    return None


@dataclass
class _Group:
    kind: str  # text or table
    sections: list[Section]
    heading: Section | None = None
    # True when the group resumes a section after a table or a page break.
    continued: bool = False


def _title(doc: Document) -> str | None:
    """The document's first heading, when the document starts with one."""
    first = doc.sections[0] if doc.sections else None
    return first.text if first is not None and first.kind == "heading" else None


def chunk_documents(docs: Iterable[Document], max_chars: int = DEFAULT_CHUNK_CHARS) -> list[Chunk]:
    """Every document's sections cut into chunks that follow its structure."""
    if max_chars < 100:
        raise DatasetkitError(
            f"a chunk size of {max_chars} characters is too small", "use at least 100"
        )
    out: list[Chunk] = []
    for doc in docs:
        out.extend(_chunk_document(_grids_as_pairs(by_level(without_volatile(doc))), max_chars))
    return out


def _grids_as_pairs(doc: Document) -> Document:
    """The document with the rows of its headerless grids read as ``Label: value`` lines
    under their heading: a grid names no columns a table question could ask by, so its
    labels are asked as properties of what the heading names (the labelled-value form)."""
    if not any(s.headerless for s in doc.sections):
        return doc
    sections = [
        replace(s, kind="paragraph", record=None, headerless=False) if s.headerless else s
        for s in doc.sections
    ]
    return replace(doc, sections=sections)


def _groups(doc: Document) -> list[_Group]:
    """Runs of sections that belong together: one table, or a heading and its text."""
    groups: list[_Group] = []
    current: _Group | None = None
    last_heading: Section | None = None
    for s in doc.sections:
        if s.kind == "table_row":
            prev = current.sections[-1] if current is not None and current.kind == "table" else None
            same_table = prev is not None and (
                prev.provenance.table == s.provenance.table
                if prev.provenance.table is not None or s.provenance.table is not None
                else (
                    prev.provenance.sheet == s.provenance.sheet
                    and prev.provenance.heading_path == s.provenance.heading_path
                    and tuple((prev.record or {}).keys()) == tuple((s.record or {}).keys())
                )
            )
            if not same_table:
                current = _Group("table", [])
                groups.append(current)
            assert current is not None
            current.sections.append(s)
            continue
        if s.kind == "heading":
            last_heading = s
            current = _Group("text", [], heading=s)
            groups.append(current)
            continue
        new_page = (
            current is not None
            and bool(current.sections)
            and current.sections[-1].provenance.page != s.provenance.page
            # A list that runs on over a page break is still one list.
            and not (current.sections[-1].kind == "list_item" and s.kind == "list_item")
        )
        if current is None or current.kind != "text" or new_page:
            # Text after a table (or on the next page) is still under its heading.
            keep = (
                last_heading is not None
                and last_heading.provenance.heading_path == s.provenance.heading_path
            )
            current = _Group("text", [], heading=last_heading if keep else None, continued=keep)
            groups.append(current)
        current.sections.append(s)
    return groups


def _chunk_document(doc: Document, max_chars: int) -> list[Chunk]:
    title = _title(doc)
    chunks: list[Chunk] = []
    for group in _groups(doc):
        if group.kind == "table":
            chunks.extend(_table_chunks(doc, group, max_chars, title))
        else:
            chunks.extend(_text_chunks(doc, group, max_chars, title))
    return chunks


def _table_chunks(doc: Document, group: _Group, max_chars: int, title: str | None) -> list[Chunk]:
    records = [s.record or {} for s in group.sections]
    key = key_column(records)
    columns = list(records[0].keys()) if records else []
    first = group.sections[0].provenance
    table_label = first.sheet or (first.heading_path[-1] if first.heading_path else None)
    out: list[Chunk] = []
    batch: list[Section] = []
    size = 0

    def emit() -> None:
        if not batch:
            return
        text = "\n".join(s.text for s in batch)
        prov = batch[0].provenance
        meta = {
            "stratum": stratum(prov),
            "document_kind": doc.kind,
            "document_title": title,
            # The document's own title (Word, PDF metadata), when it has one.
            "doc_title": doc.title,
            "language": doc.language,
            "columns": columns,
            "key_column": key,
            "table": table_label,
            "table_rows": len(records),
            "rows": [s.provenance.row for s in batch],
            # The whole table (a chunk holds a run of its rows): counts and filters are
            # computed over all of it. 0 for the table's first chunk, 1, 2... after.
            "table_sections": group.sections,
            "table_part": len(out),
            "document": doc,
        }
        out.append(Chunk(_chunk_id(prov, text), text, prov, list(batch), kind="table", meta=meta))

    for s in group.sections:
        if batch and size + len(s.text) + 1 > max_chars:
            emit()
            batch = []
            size = 0
        batch.append(s)
        size += len(s.text) + 1
    emit()
    for chunk in out:
        chunk.meta["table_parts"] = len(out)
    return out


# How many chunks' length a list may take before it is cut between its items.
_LIST_SPAN = 3


def _text_chunks(doc: Document, group: _Group, max_chars: int, title: str | None) -> list[Chunk]:
    heading = group.heading
    body: list[Section] = []
    for s in group.sections:
        if len(s.text) > max_chars:
            body.extend(replace(s, text=piece) for piece in split_text(s.text, max_chars))
        else:
            body.append(s)
    if not body:
        # A heading with nothing under it still names the sections below it (their path).
        return []
    out: list[Chunk] = []
    batch: list[Section] = [heading] if heading is not None else []
    size = len(heading.text) + 1 if heading is not None else 0

    def emit() -> None:
        if not any(s.kind != "heading" for s in batch):
            return
        part = len(out) + (1 if group.continued else 0)
        text = "\n".join(s.text for s in batch)
        first_body = next((s for s in batch if s.kind != "heading"), batch[0])
        path = (
            heading.provenance.heading_path
            if heading is not None
            else first_body.provenance.heading_path
        )
        prov = replace(first_body.provenance, heading_path=path)
        meta = {
            "stratum": stratum(prov),
            "document_kind": doc.kind,
            "document_title": title,
            # The document's own title (Word, PDF metadata), when it has one.
            "doc_title": doc.title,
            "language": doc.language,
            "heading": heading.text if heading is not None else None,
            # 0 for the chunk that starts the section's text, 1, 2... for later pieces.
            "part": part,
            "document": doc,
        }
        out.append(Chunk(_chunk_id(prov, text), text, prov, list(batch), kind="text", meta=meta))

    for s in body:
        # A list is not cut between its items unless it is far longer than a chunk: a
        # question over it is answered by every item, so all of them must be in one chunk.
        in_list = batch[-1].kind == "list_item" and s.kind == "list_item" if batch else False
        limit = max_chars * _LIST_SPAN if in_list else max_chars
        if size + len(s.text) + 1 > limit and any(b.kind != "heading" for b in batch):
            emit()
            # Later pieces of a long section keep its heading for context.
            batch = [heading] if heading is not None else []
            size = len(heading.text) + 1 if heading is not None else 0
        batch.append(s)
        size += len(s.text) + 1
    emit()
    return out


# ----- allocation ---------------------------------------------------------------------


def allocate(
    weights: Sequence[float], n: int, rng: random.Random, caps: Sequence[int] | None = None
) -> list[int]:
    """Split ``n`` over items in proportion to ``weights``, at most ``caps[i]`` each.

    With enough to go round, every item (with capacity) gets one first. Otherwise the
    items are picked by systematic sampling from a random start: proportional to weight
    and spread evenly through the sequence.
    """
    k = len(weights)
    caps = list(caps) if caps is not None else [n] * k
    out = [0] * k
    eligible = [i for i in range(k) if caps[i] > 0]
    n = min(n, sum(caps[i] for i in eligible))
    if n <= 0 or not eligible:
        return out
    w = [max(float(weights[i]), 1e-9) for i in range(k)]
    if n < len(eligible):
        for i in _systematic(w, eligible, n, rng):
            out[i] = 1
        return out
    for i in eligible:
        out[i] = 1
    _largest_remainder(w, eligible, caps, out, n - len(eligible), rng)
    return out


def _systematic(w: list[float], eligible: list[int], n: int, rng: random.Random) -> set[int]:
    """``n`` of the eligible items, by systematic sampling from a random start."""
    step = sum(w[i] for i in eligible) / n
    start = rng.uniform(0, step)
    chosen: set[int] = set()
    cumulative = 0.0
    pos = 0
    for point in (start + j * step for j in range(n)):
        while pos < len(eligible) - 1 and cumulative + w[eligible[pos]] <= point:
            cumulative += w[eligible[pos]]
            pos += 1
        pick = pos
        while eligible[pick] in chosen:  # the next untaken item, wrapping round
            pick = (pick + 1) % len(eligible)
        chosen.add(eligible[pick])
    return chosen


def _largest_remainder(
    w: list[float],
    eligible: list[int],
    caps: list[int],
    out: list[int],
    left: int,
    rng: random.Random,
) -> None:
    """Give ``left`` more to the items that still have room (into ``out``), by largest
    remainder; repeat while caps clip."""
    while left > 0:
        open_items = [i for i in eligible if out[i] < caps[i]]
        if not open_items:
            break
        total = sum(w[i] for i in open_items)
        shares = {i: left * w[i] / total for i in open_items}
        given = 0
        for i in open_items:
            add = min(int(shares[i]), caps[i] - out[i])
            out[i] += add
            given += add
        rest = left - given
        if rest > 0:
            order = sorted(open_items, key=lambda i: (-(shares[i] - int(shares[i])), rng.random()))
            for i in order:
                if rest == 0:
                    break
                if out[i] < caps[i]:
                    out[i] += 1
                    rest -= 1
            given = left - rest
        if given == 0:
            break
        left -= given


def build_plan(
    chunks: Sequence[Chunk],
    count: int,
    seed: int,
    categories: Sequence[str] = ("knowledge",),
    capacity: Callable[[Chunk], int] | None = None,
    value: Callable[[Chunk], float] | None = None,
) -> Plan:
    """A plan of ``count`` slots spread over files, strata and chunks (see the module doc).

    ``capacity`` says how many distinct cases a chunk can give (a generator that knows,
    such as the offline one, passes it so that no chunk is asked for more than it holds).
    ``value`` weighs a chunk beyond its length when there are more chunks than slots (the
    offline generator prefers a section that states a figure, "The deductible is $2,000").
    """
    if count < 1:
        raise DatasetkitError(f"--count {count} must be at least 1", "for example --count 20")
    unknown = [c for c in categories if c not in CATEGORIES]
    if unknown:
        raise DatasetkitError(
            f"unknown category {unknown[0]!r}", "use one of: " + ", ".join(CATEGORIES)
        )
    if not categories:
        categories = ("knowledge",)
    rng = random.Random(seed)
    files: dict[str, dict[str, list[int]]] = {}
    for i, ch in enumerate(chunks):
        files.setdefault(ch.provenance.file, {}).setdefault(
            ch.meta.get("stratum") or stratum(ch.provenance), []
        ).append(i)
    weight = [max(len(ch.text), 1) * (value(ch) if value is not None else 1.0) for ch in chunks]
    cap = [max(0, capacity(ch)) if capacity is not None else count for ch in chunks]
    per_chunk, coverage = _spread(files, weight, cap, count, rng)
    cats = _category_sequence(categories, sum(per_chunk), rng)
    slots: list[PlanSlot] = []
    for i, n in enumerate(per_chunk):
        for _ in range(n):
            ch = chunks[i]
            slots.append(
                PlanSlot(
                    index=len(slots),
                    chunks=[ch],
                    category=cats[len(slots)],
                    question_type="lookup" if ch.kind == "table" else "fact",
                )
            )
    return Plan(slots=slots, seed=seed, coverage=coverage, chunks=list(chunks))


def _spread(
    files: dict[str, dict[str, list[int]]],
    weight: list[float],
    cap: list[int],
    count: int,
    rng: random.Random,
) -> tuple[list[int], dict[str, int]]:
    """``count`` slots over files, then each file's strata, then each stratum's chunks:
    the slots per chunk, and per stratum."""
    per_chunk = [0] * len(weight)
    file_names = list(files)
    file_alloc = allocate(
        [sum(weight[i] for s in files[f].values() for i in s) for f in file_names],
        count,
        rng,
        [sum(cap[i] for s in files[f].values() for i in s) for f in file_names],
    )
    coverage: dict[str, int] = {}
    for f, n_file in zip(file_names, file_alloc, strict=False):
        strata = list(files[f])
        stratum_alloc = allocate(
            [sum(weight[i] for i in files[f][s]) for s in strata],
            n_file,
            rng,
            [sum(cap[i] for i in files[f][s]) for s in strata],
        )
        for s, n_stratum in zip(strata, stratum_alloc, strict=False):
            members = files[f][s]
            chunk_alloc = allocate(
                [weight[i] for i in members], n_stratum, rng, [cap[i] for i in members]
            )
            for i, n in zip(members, chunk_alloc, strict=False):
                per_chunk[i] = n
            coverage[s] = sum(chunk_alloc)
    return per_chunk, coverage


def _category_sequence(categories: Sequence[str], n: int, rng: random.Random) -> list[str]:
    if len(categories) == 1:
        return [categories[0]] * n
    base, extra = divmod(n, len(categories))
    seq: list[str] = []
    for j, cat in enumerate(categories):
        seq.extend([cat] * (base + (1 if j < extra else 0)))
    rng.shuffle(seq)
    return seq


# ----- coverage -----------------------------------------------------------------------


@dataclass
class CoverageRow:
    """One section or sheet: how much content it has, and how many cases it got."""

    source: str
    file: str
    chunks: int
    chars: int
    planned: int
    produced: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "source": self.source,
            "file": self.file,
            "chunks": self.chunks,
            "characters": self.chars,
            "planned": self.planned,
            "produced": self.produced,
        }


def coverage_rows(
    chunks: Sequence[Chunk], plan: Plan, result: GenerationResult | None = None
) -> list[CoverageRow]:
    """Every stratum of the chunks, in document order, with planned and produced counts."""
    rows: dict[str, CoverageRow] = {}
    for ch in chunks:
        key = ch.meta.get("stratum") or stratum(ch.provenance)
        row = rows.setdefault(key, CoverageRow(key, ch.provenance.file, 0, 0, 0, 0))
        row.chunks += 1
        row.chars += len(ch.text)
    for key, n in plan.coverage.items():
        if key in rows:
            rows[key].planned = n
    if result is not None:
        for gc in result.cases:
            if gc.source is None:
                continue
            key = stratum(gc.source)
            rows.setdefault(key, CoverageRow(key, gc.source.file, 0, 0, 0, 0)).produced += 1
    return list(rows.values())


def render_coverage(rows: Sequence[CoverageRow]) -> str:
    """The coverage table people read (cases per section or sheet)."""
    lines = [
        "Coverage (cases per section or sheet):",
        f"  {'planned':>7}  {'made':>4}  {'chunks':>6}  source",
    ]
    for r in rows:
        mark = "  <- no cases" if r.produced == 0 else ""
        lines.append(f"  {r.planned:>7}  {r.produced:>4}  {r.chunks:>6}  {r.source}{mark}")
    empty = sum(1 for r in rows if r.produced == 0)
    lines.append(f"  {len(rows)} section(s) or sheet(s), {empty} without cases")
    return "\n".join(lines) + "\n"
