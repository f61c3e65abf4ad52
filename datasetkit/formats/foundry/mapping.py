"""Column mapping: ``--map`` renames and the role resolver for plain record rows."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from datasetkit.core import roles
from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.formats import ReadOptions
from datasetkit.formats.foundry.collect import Collector, RowContext
from datasetkit.formats.foundry.spec import MAP_FIELDS


def apply_mapping(
    row: dict[str, Any], mapping: dict[str, str], ctx: RowContext, col: Collector
) -> dict[str, Any]:
    """``row`` with the ``--map`` columns renamed to their Foundry keys (in place in the
    column order); a missing column or a clash is reported once and left as it is."""
    if not mapping:
        return row
    out = dict(row)
    for fld, header in mapping.items():
        if fld == "notes":
            continue
        target = MAP_FIELDS[fld]
        if header not in out:
            col.add_once(
                "map:" + header,
                Finding(
                    "foundry.map.missing-column",
                    Severity.WARNING,
                    f"--map {fld}={header}: the row has no column {header!r}",
                    f"check the column name (columns: {', '.join(list(row)[:12])})",
                    ctx.loc(""),
                ),
            )
            continue
        if header == target:
            continue
        if target in out:
            col.add_once(
                "mapclash:" + header,
                Finding(
                    "foundry.map.clash",
                    Severity.WARNING,
                    f"--map {fld}={header}: the row already has a {target!r} column, which is kept",
                    f"drop --map {fld}=... or rename the {target!r} column",
                    ctx.loc("/" + target, key=True),
                ),
            )
            continue
        # Rename in place, keeping the column order.
        out = {(target if k == header else k): v for k, v in out.items()}
    return out


# Where a resolved row keeps its original column names until the case is built.
NAMES_KEY = "\x00names"
# Keys that give a row its Foundry shape; a row with none of them is a plain record.
_SHAPE_KEYS = ("query", "messages", "conversation", "test_case_description")
_SHAPE_KEYS_SET = frozenset(_SHAPE_KEYS)
# Canonical field -> the Foundry key a plain record's column is read as.
# (Notes leave the row apart; a conversation column is no Foundry field of a row.)
ROLE_KEYS = {f: k for f, k in MAP_FIELDS.items() if f not in ("notes", "conversation")}


def resolve_roles(
    row: dict[str, Any], notes: Any, roles_for: roles.RecordRoles, ctx: RowContext, col: Collector
) -> tuple[dict[str, Any], Any]:
    """A plain record (``question``/``truth``, ``user_input``/``reference``...) read
    through the column-role resolver, so its prompt and answer are not lost.

    Rows with a Foundry shape are left alone. The resolution is reported once per key
    set; an ambiguous one is an error that names the ``--map`` that settles it.
    """
    if "query" in row and "messages" not in row:
        return _query_row_roles(row), notes
    if "messages" in row or "query" in row or not _SHAPE_KEYS_SET.isdisjoint(row):
        return row, notes
    res, new = roles_for.resolution(list(row))
    if new:
        for f in roles.findings(res, "foundry", ctx.loc("")):
            col.add_once(f"roles:{f.code}:{sorted(row)}", f)
    if "prompt" not in res.cols or res.ambiguous:
        return row, notes
    renamed = roles_for.rename(row, res)
    # Which column each Foundry key came from, so writing Foundry again gives the
    # file's own names back ("question", not "query"): a round trip adds no column.
    names = {new: old for old, new in zip(row, renamed, strict=True) if old != new}
    note_key = res.header("notes")
    if notes is None and note_key is not None and isinstance(renamed.get(note_key), str):
        notes = renamed.pop(note_key)
    if names:
        renamed[NAMES_KEY] = names
    return renamed, notes


# Foundry key -> the canonical field whose other spellings a query row may use for it.
_QUERY_ROW_FIELDS = {
    "ground_truth": "expected_response",
    "response": "response",
    "context": "context",
}


def query_row_renames(keys: Iterable[str]) -> dict[str, str]:
    """For a ``query`` row with ``keys``: each column that stands for a Foundry answer
    key the row lacks (``truth``, ``expected``, azure-ai-evaluation's recorded
    ``__outputs.response``) -> that key."""
    keys = list(keys)
    missing = {f: k for k, f in _QUERY_ROW_FIELDS.items() if k not in keys}
    if not missing:
        return {}
    res = roles.resolve([k for k in keys if k not in MAP_FIELDS.values()])
    return {h: key for f, key in missing.items() if (h := res.header(f)) is not None}


def _query_row_roles(row: dict[str, Any]) -> dict[str, Any]:
    """A ``query`` row whose answer columns have other names, each read as the Foundry
    key it stands for (text values only), the name kept for writing it back."""
    renames = {h: k for h, k in query_row_renames(row).items() if roles.as_text(row[h]) is not None}
    if not renames:
        return row
    out = {renames.get(k, k): (roles.as_text(v) if k in renames else v) for k, v in row.items()}
    out[NAMES_KEY] = {new: old for old, new in renames.items()}
    return out


# The text columns of a query row that a DataFrame's missing cell (NaN) may fill.
TEXT_KEYS = ("query", "response", "ground_truth", "context")


def drop_missing(row: dict[str, Any], ctx: RowContext, col: Collector) -> dict[str, Any]:
    """``row`` without text columns that hold a missing value (NaN, pandas' 'nan'), told
    once per column: no answer, rather than the answer "nan" or a type error."""
    gone = [k for k in TEXT_KEYS if k in row and row[k] is not None and roles.is_missing(row[k])]
    if not gone:
        return row
    for k in gone:
        col.add_once(
            "missing:" + k,
            Finding(
                "foundry.missing-value",
                Severity.WARNING,
                f"{k!r} holds a missing value ({row[k]!r}, as pandas writes one): read as no {k}",
                "fill it in, or leave the column out of the row",
                ctx.loc("/" + k),
            ),
        )
    return {k: v for k, v in row.items() if k not in gone}


def checked_mapping(options: ReadOptions) -> dict[str, str]:
    """The ``--map`` of ``options``; raises on a field Foundry has no column for."""
    for fld in options.mapping:
        if fld not in MAP_FIELDS:
            raise DatasetkitError(
                f"--map {fld}=...: {fld!r} is not a field datasetkit maps for Foundry",
                f"use one of: {', '.join(MAP_FIELDS)}",
            )
    return dict(options.mapping)
