"""Where a rule's hit is in the file, and which validate findings a rule's hits supersede.

Shared by the whole-file engine and the streamed lint (:mod:`datasetkit.lint.stream`).
"""

from __future__ import annotations

from datasetkit.core.findings import Finding, Location
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit


def _pointer_of(ctx: LintContext, hit: Hit) -> str | None:
    if hit.pointer is not None:
        return hit.pointer
    if hit.case is None or hit.case >= len(ctx.cases):
        return None
    src = ctx.cases[hit.case].source
    if src is None:
        return None
    base = src.pointer
    if hit.turn is not None and src.turn_pointers and hit.turn < len(src.turn_pointers):
        base = src.turn_pointers[hit.turn]
    if base is None:
        return None
    if not hit.key:
        return base
    if ctx.family == "foundry" and hit.turn is not None and base != src.pointer:
        # A Foundry turn pointer already names the prompt ("/3/query") or its message.
        if hit.key == "prompt":
            return base + "/content" if "/messages/" in base else base
        return f"{src.pointer}/{ctx.file_key(hit.case, hit.key)}"
    key = ctx.file_key(hit.case, hit.key)
    return f"{base}/{key}" if key else base


def locate_hit(ctx: LintContext, hit: Hit) -> Location:
    """Where a hit is: file, line/column (when the format can tell), pointer, CSV row."""
    if hit.line is not None or hit.row is not None:
        return Location(
            path=ctx.path,
            line=hit.line,
            column=hit.column,
            pointer=hit.pointer,
            row=hit.row,
            field=hit.field,
        )
    pointer = _pointer_of(ctx, hit)
    src = ctx.cases[hit.case].source if hit.case is not None and hit.case < len(ctx.cases) else None
    loc: Location | None = None
    if pointer is not None and ctx.result.locate is not None:
        try:
            loc = ctx.result.locate(pointer)
        except Exception:  # a locator that cannot resolve a pointer must not stop lint
            loc = None
    field = ctx.field_name(hit.case, hit.key) if hit.key and hit.case is not None else None
    if loc is None:
        return Location(
            path=ctx.path,
            line=src.line if src is not None else None,
            pointer=pointer,
            row=src.row if src is not None else None,
            field=field,
        )
    line = loc.line if loc.line is not None else (src.line if src is not None else None)
    row = loc.row if loc.row is not None else (src.row if src is not None else None)
    return Location(
        path=ctx.path,
        line=line,
        column=loc.column,
        pointer=loc.pointer if loc.pointer is not None else pointer,
        row=row,
        field=loc.field or field,
    )


def is_superseded(
    f: Finding, superseded: list[tuple[set[str], str | None, int | None, str | None]]
) -> bool:
    """True when validate finding ``f`` is one a lint hit supersedes (``superseded`` holds
    each hit's codes, pointer, line and field)."""
    for codes, pointer, line, field in superseded:
        if f.code not in codes:
            continue
        fp = f.location.pointer
        if pointer is None or fp is None:
            # File-level findings (headers, limits) are matched by line and column name.
            if (
                line is not None
                and line == f.location.line
                and (field or None) == (f.location.field or None)
            ):
                return True
            if pointer is None and fp is None and line is None:
                return True
            continue
        if fp == pointer or fp.startswith(pointer + "/") or pointer.startswith(fp + "/"):
            return True
    return False
