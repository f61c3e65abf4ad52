"""Every question a table chunk answers: the table forms of the registry, in their order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.gate import words as W
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext, title_lines
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.forms.registry import forms_for
from datasetkit.generate.offline.subject_said import Subject
from datasetkit.generate.offline.tables.captioned import ambiguous_twin, captioned_apart
from datasetkit.generate.offline.tables.contacts import named_parties, names_party
from datasetkit.generate.offline.tables.example_place import example_place, in_place
from datasetkit.generate.offline.tables.filler import filler_table
from datasetkit.generate.offline.tables.form_definition import read_definition
from datasetkit.generate.offline.tables.measured import (
    caption_names,
    caption_scope,
    counted_title,
    document_org,
    owned_thing,
    with_counted,
    with_scope,
)
from datasetkit.generate.offline.tables.related import range_bounds
from datasetkit.generate.offline.tables.scale import notes_above
from datasetkit.generate.offline.tables.sheet_title import sheet_titled
from datasetkit.generate.offline.tables.sheets import is_sheet
from datasetkit.generate.offline.tables.short_forms import said_in_full, short_forms
from datasetkit.generate.offline.tables.siblings import (
    dated_apart,
    sibling_qualifier,
    with_qualifier,
)
from datasetkit.generate.offline.tables.statement import statement_of
from datasetkit.generate.offline.tables.subject import (
    counted_nouns,
    in_program,
    qualified,
    scoped,
    table_subject,
    titled,
)
from datasetkit.generate.offline.tables.value_grid import grid_asked
from datasetkit.generate.offline.tables.view import (
    PLACEHOLDER_HEADER,
    TableChunk,
    TableView,
    table_cut,
)
from datasetkit.generate.offline.tables.whole_counts import counted_whole
from datasetkit.generate.offline.tables.worded import rekeyed, row_noun
from datasetkit.generate.offline.text.reference import page_subject
from datasetkit.knowledge.model import Document, Section


def table_candidates(chunk: Chunk, lang: str, ctx: DocContext, view: TableView) -> list[Candidate]:
    """Every question a table chunk gives (whole-table ones from its first chunk only)."""
    path = chunk.provenance.heading_path
    rows = [s for s in chunk.sections if s.record]
    doc = chunk.meta.get("document")
    page = page_subject(doc if isinstance(doc, Document) else None, path[0] if path else None)
    part = TableChunk(view, rows, lang, ctx, path[-1] if path else None, page)
    first = chunk.meta.get("table_part", 0) == 0
    if isinstance(doc, Document) and view.cut is None:
        # The rows as the document has them (the view leaves out a template's spare rows).
        group = [s for s in chunk.meta.get("table_sections") or chunk.sections if s.record]
        view.scale = notes_above(doc.sections, group)
        cut = table_cut(doc.sections, group) and not _told_apart(doc.sections, group)
        view.cut = cut or view.partial
        view.twin = ambiguous_twin(doc.sections, group)
        view.sections = group
        view.definition = read_definition(list(view.columns), doc)
    if lang != "en":
        rekeyed(view)
        noun = row_noun(view, lang)
        view.numbered = noun is not None and noun.one is not None  # "el contrato 48213"
    defined = view.definition is not None
    if view.twin or prose_table(view, lang) or (filler_table(view) and not defined):
        return []  # prose set in columns, or a test file's stand-in cells
    if lang == "en" and statement_of(part) is not None:
        return _statement_lines(part)  # a financial statement: each line by period, as stated
    # A property sheet is read row by row: counts and extremes over its values compare
    # nothing; a survey form's definition is asked as a form (its cells), nothing else.
    sheet = defined or (lang == "en" and is_sheet(view))
    out = _forms_asked(part, first, sheet)
    if defined:
        return out
    if lang != "en":
        return counted_whole(_apart(out, chunk, rows, lang))  # "Wie viele ...?" by a whole count
    # Whose figures they are: the organisation counted, the qualifier of its heading.
    subject, program = _whose(chunk, ctx, path, view)
    heading = path[-1] if path else None
    place = _example(chunk, rows, heading)
    if place:  # an example's values hold there, not at its subject
        subject, program = None, None
    counted = counted_nouns(view.columns)
    counted += [c.natural for c in view.columns.values() if c.natural and c.role == "number"]
    measures = [c.natural for c in view.columns.values() if c.natural and c.role == "number"]
    title = heading or view.title
    grid = [c for c in out if grid_asked(c)]  # row and column named: nothing to add
    out = [c for c in out if not grid_asked(c)]
    named = [titled(qualified(c, heading, counted), title, counted, measures) for c in out]
    named = _measured(named, part, doc if isinstance(doc, Document) else None, path)
    # A contact asked for its party ("the contact for the contractor") or a property asked
    # of its product ("... of the America Fund") names whose it is.
    own = [sheet or names_party(c.question) for c in named]
    named = [owned_thing(c, subject) for c in named]
    pairs = zip(named, own, strict=True)
    out = [c if mine else in_program(scoped(c, subject), program) for c, mine in pairs]
    if isinstance(doc, Document) and any(own):
        texts = [s.text for s in doc.sections if s.text]
        out = [replace(c, question=named_parties(c.question, texts)) for c in out]
    out = _apart(out + grid, chunk, rows, lang)
    # A count question by a whole count, asked once its question is said in full.
    return counted_whole(sheet_titled(in_place(out, place), chunk, ctx, view.columns))


def _told_apart(sections: Sequence[Section], group: list[Section]) -> bool:
    """Whether the tables alike to ``group``'s are told apart from it by their captions or by
    the years their rows cover: tables of their own, not one table cut in pieces."""
    return captioned_apart(sections, group) or dated_apart(sections, group)


def _apart(found: list[Candidate], chunk: Chunk, rows: list[Section], lang: str) -> list[Candidate]:
    """One of several tables alike: its questions said with what its title adds ("in
    2024"), or the years its rows cover ("between 2005 and 2007")."""
    doc = chunk.meta.get("document")
    if not isinstance(doc, Document):
        return found
    extra = sibling_qualifier(doc, chunk.meta.get("table_sections") or rows, lang)
    return [with_qualifier(c, extra) for c in found] if extra else found


def _forms_asked(part: TableChunk, first: bool, cells_only: bool) -> list[Candidate]:
    """The cases of the registry's table forms, in their order: whole-table forms from the
    first chunk only, and only the cell form when ``cells_only``."""
    out: list[Candidate] = []
    for f in forms_for("table", part.lang):
        if cells_only and f.name != "table cell":
            continue
        if f.content == "table-rows" or first:
            out.extend(f.make(part))
    return out


def _whose(
    chunk: Chunk, ctx: DocContext, path: Sequence[str], view: TableView
) -> tuple[str | None, Subject | None]:
    """Whose figures a table holds: the organisation its questions say they are at, or
    the piece of software its document is about, named as a user does ("... in <Name>?"),
    never as a place ("at <Name>") or an owner ("<Name>'s ...")."""
    found = subject_of(chunk, ctx)
    if found is not None and found.software:
        return None, found
    subject = table_subject(ctx, path) or document_org(chunk, ctx)
    if subject and any(caption_names(t, subject) for t in (*path, view.caption)):
        subject = None  # a word of the table's own caption ("TABLE 4: ... DECADAL ...")
    return subject, None


def _example(chunk: Chunk, rows: Sequence[Section], heading: str | None) -> str | None:
    """Where the chunk's table holds its values when its document sets it out as an
    example ("the hero table"), else None."""
    doc = chunk.meta.get("document")
    group = chunk.meta.get("table_sections") or rows
    return example_place(doc.sections, group, heading) if isinstance(doc, Document) else None


def _statement_lines(part: TableChunk) -> list[Candidate]:
    """A financial statement's questions: each line for each period, named by whose it is
    and when, never a total over its rows or periods (see tables.statement)."""
    return [
        c for f in forms_for("table", part.lang) if f.name == "table cell" for c in f.make(part)
    ]


def _measured(
    found: list[Candidate], part: TableChunk, doc: Document | None, path: Sequence[str]
) -> list[Candidate]:
    """Row questions with what their table's figures measure and cover (``measured``)."""
    view, ctx = part.view, part.ctx
    titles = [*path, view.title, *(s.text for s in title_lines(doc, 3))] if doc else [*path]
    counted = counted_title(titles, ctx.words)
    scope = caption_scope(view.caption)
    found = [with_scope(with_counted(c, counted, list(view.columns)), scope) for c in found]
    forms = short_forms(doc) if doc else {}
    if not forms:
        return found
    # A row named by a short form the text defines is said in full ("dot product (DP)").
    labels = {(r.record or {}).get(k, "").strip() for r in view.rows for k in view.key}
    return [said_in_full(c, labels, forms) for c in found]


def prose_table(view: TableView, lang: str) -> bool:
    """Whether the "table" is prose set in columns that a reader split into cells: half or
    more of its header cells are pieces of sentences (they end in a preposition, an
    article, a conjunction or a comma, hold a finite verb, or are four words or more that
    start in lower case), so no question can name a column."""
    ends = (
        W.words_for(W.PREPOSITIONS, lang)
        | W.words_for(W.ARTICLES, lang)
        | W.words_for(W.CONJUNCTIONS, lang)
        | W.words_for(W.CLAUSE_OPENERS, lang)
    )
    # A header the file made up ("Column A") is no piece of a sentence ("a" ends it).
    headers = [h for h in view.columns if h.strip() and not PLACEHOLDER_HEADER.match(h.strip())]
    if len(headers) < 2:
        return False

    # The bounds of a range ("Desde | Hasta", "De | À") are prepositions and no sentence.
    bounds = {n for b in range_bounds(view) for n in (b.lower, b.upper)}

    def broken(header: str) -> bool:
        words = header.split()
        if header in bounds:
            return False
        if header.rstrip().endswith((",", ";")) or words[-1].casefold() in ends:
            return True
        # A finite verb ("is", "would") no column name holds, or a sentence's words
        # continued from the line before (a long header that starts in lower case).
        finite = any(w.casefold() in W.FINITE_VERBS for w in words)
        return len(words) >= 4 and ((finite and lang == "en") or header[:1].islower())

    return 2 * sum(1 for h in headers if broken(h)) >= len(headers)
