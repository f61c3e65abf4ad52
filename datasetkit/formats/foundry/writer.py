"""Writing Foundry JSONL and CSV, streamed, atomically."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from datasetkit.core.carry import (
    CARRY_KEY,
    CARRY_VERSION,
)
from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Dataset
from datasetkit.formats import (
    WriteOptions,
    WriteResult,
)
from datasetkit.formats.csv_safety import ExcelSafe
from datasetkit.formats.foundry.csv_shapes import CsvShapes, case_place
from datasetkit.formats.foundry.dialects import message_text
from datasetkit.formats.foundry.loss import (
    CSV_HINT,
    CSV_TURN_COLUMNS,
    Loss,
    csv_cell,
    lose_conversation,
    lose_messages,
)
from datasetkit.formats.foundry.plan import (
    check_style,
    dataset_head,
    finish_carry,
    own_names,
    plan_row,
    source_family_of,
    truncate_seed,
)
from datasetkit.formats.foundry.row_json import dump_finite_row
from datasetkit.io import csvfile as csvutil
from datasetkit.io.files import atomic_writer
from datasetkit.io.staging import beside


def _row_bytes(row: dict[str, Any], case: Case, n: int) -> bytes:
    """One JSONL line; a NaN or Infinity (which Python's reader accepts) cannot be written."""
    try:
        return dump_finite_row(row) + b"\n"
    except ValueError as exc:
        if "Out of range float" not in str(exc):
            raise
        src = case.source
        where = f"{src.path}, line {src.line}" if src and src.path and src.line else f"row {n + 1}"
        raise DatasetkitError(
            f"{where} holds NaN or Infinity, which is not a JSON number: the JSONL output "
            "was not written",
            "replace it in the input with a finite number, or null",
        ) from None


# WriteOptions.extra key: write the source's own column names (question, truth) instead
# of the names the built-in evaluators map by default (query, response, ground_truth).
KEEP_NAMES = "keep_names"


def write_jsonl(
    cases: Iterable[Case],
    dest: Path,
    options: WriteOptions | None = None,
    dataset: Dataset | None = None,
) -> WriteResult:
    """Write canonical Foundry JSONL (UTF-8, no BOM, LF, one object per line), streamed."""
    options = options or WriteOptions()
    if options.extra.get("bom"):
        raise DatasetkitError(
            "Foundry JSONL cannot have a byte order mark: the SDK's loader rejects it",
            "drop --bom (it is for CSV files opened in Excel)",
        )
    style = check_style(options)
    family = source_family_of(dataset, options)
    keep = bool(options.extra.get(KEEP_NAMES))
    loss = Loss()
    head = dataset_head(dataset)
    n = 0
    with atomic_writer(dest) as fh:
        for case in cases:
            case = truncate_seed(case, options, loss)
            plan = plan_row(case, style, family, loss, "foundry", keep_names=keep)
            if n == 0 and head:
                merged = dict(plan.carry.get("dataset") or {})
                merged.update(head)
                plan.carry["dataset"] = merged
            box = finish_carry(plan.carry)
            if box is not None:
                plan.row[CARRY_KEY] = box
            fh.write(_row_bytes(plan.row, case, n))
            n += 1
    if n == 0 and head:
        loss.add(
            "dataset-settings",
            "the document-level settings (schemaVersion, metadata, default evaluators)",
            "the dataset has no rows to carry them",
            "add at least one case",
        )
    return WriteResult(paths=[dest], findings=loss.findings("foundry"), cases=n)


def _plain_single(case: Case) -> bool:
    """Whether a one-turn case's messages are exactly what CSV strings can say."""
    msgs = case.messages
    if msgs is None:
        return True
    if not case.turns or len(msgs) > 2:
        return False
    for m, role in zip(msgs, ("user", "assistant")[: len(msgs)], strict=True):
        if m.role != role or m.model_extra or message_text(m) is None:
            return False
        if isinstance(m.content, list) and (
            len(m.content) != 1 or set(m.content[0]) != {"type", "text"}
        ):
            return False
    return True


def write_csv(
    cases: Iterable[Case],
    dest: Path,
    options: WriteOptions | None = None,
    dataset: Dataset | None = None,
) -> WriteResult:
    """Write Foundry CSV: string columns only; what CSV cannot hold is refused and reported."""
    options = options or WriteOptions()
    family = source_family_of(dataset, options)
    loss = Loss()
    head = dataset_head(dataset)
    columns: dict[str, None] = {}
    folder = dest.parent if str(dest.parent) else Path(".")
    spool_prefix = f".datasetkit-spool-{os.getpid()}-"
    beside(folder)
    fd, spool_name = tempfile.mkstemp(prefix=spool_prefix, suffix=".jsonl", dir=folder)
    safe = ExcelSafe(options)
    shapes = CsvShapes()
    n = 0
    try:
        # Pass 1: rows to a spool file (the header is the union of every row's columns).
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as spool:
            for case in cases:
                case = truncate_seed(case, options, loss)
                row = csv_plan(case, family, loss, bool(options.extra.get(KEEP_NAMES)))
                if row is None:
                    continue
                if n == 0 and head:
                    _carry_head(row, head)
                for k in row:
                    columns.setdefault(k, None)
                shapes.add(row, case_place(case))
                spool.write(json.dumps(row, ensure_ascii=False) + "\n")
                n += 1
        if n == 0 and head:
            loss.add(
                "dataset-settings",
                "the document-level settings",
                "the dataset has no rows to carry them",
                "add at least one case",
            )
        # datasetkit's own column goes last, where people look least.
        header = [c for c in columns if c != CARRY_KEY] + (
            [CARRY_KEY] if CARRY_KEY in columns else []
        )
        if not header:
            header = ["query", "response"]
        _write_spooled(dest, spool_name, header, safe, bool(options.extra.get("bom")))
    finally:
        with contextlib.suppress(OSError):
            os.unlink(spool_name)
    found = loss.findings("foundry-csv") + safe.findings("foundry-csv")
    # Rows that read back wrong beside the others' columns: errors at the rows that
    # brought the columns (the caller refuses the output).
    found += shapes.conflicts(header) or []
    return WriteResult(paths=[dest], findings=found, cases=n)


def _carry_head(row: dict[str, str], head: dict[str, Any]) -> None:
    """Put the document-level settings into the first row's carried column."""
    carry = json.loads(row.get(CARRY_KEY) or "{}")
    carry.setdefault("v", CARRY_VERSION)
    carry["dataset"] = {**(carry.get("dataset") or {}), **head}
    row[CARRY_KEY] = json.dumps(carry, ensure_ascii=False, separators=(",", ":"))


def _write_spooled(
    dest: Path, spool_name: str, header: list[str], safe: ExcelSafe, bom: bool
) -> None:
    """Pass 2 of write_csv: the header, then the spooled rows as CSV records."""
    with atomic_writer(dest) as out, open(spool_name, encoding="utf-8") as spool_in:
        text = io.TextIOWrapper(out, encoding="utf-8", newline="", write_through=True)
        if bom:
            text.write("\ufeff")
        # csvutil quotes a bare CR too (csv.writer with "\n" line ends does not).
        text.write(csvutil.format_record(safe.header(header)) + "\n")
        for line in spool_in:
            row = json.loads(line)
            cells = ["" if row.get(c) is None else str(row[c]) for c in header]
            text.write(csvutil.format_record(safe.row(cells)) + "\n")
        text.flush()
        text.detach()


def csv_plan(
    case: Case, family: str | None, loss: Loss, keep_names: bool = False
) -> dict[str, str] | None:
    """The CSV cells of ``case`` (None when CSV cannot hold it: counted in ``loss``)."""
    csv_hint = CSV_HINT
    if len(case.turns) > 1:
        lose_conversation(loss)
        return None
    if case.kind != "seed" and not _plain_single(case):
        lose_messages(loss)
    plan = plan_row(case, "auto", family, loss, "foundry-csv", keep_names=keep_names)
    # A message layout means nothing in CSV: the turn is written as strings.
    plan.carry.pop("foundry", None)
    out: dict[str, str] = {}
    skip: set[str] = set()
    if case.kind != "seed" and case.turns:
        t = case.turns[0]
        if t.prompt:
            out["query"] = t.prompt
        if t.response is not None:
            out["response"] = t.response
        if t.context is not None:
            out["context"] = t.context
        if t.expected_response is not None:
            out["ground_truth"] = t.expected_response
        skip = set(CSV_TURN_COLUMNS)
        # The same columns under the source's own names (written below, renamed back).
        skip |= {plan.names[k] for k in skip if k in plan.names}
    for k, v in plan.row.items():
        if k in skip or k == CARRY_KEY:
            continue
        cell = csv_cell(k, v, loss, csv_hint)
        if cell is not None:
            out[k] = cell
    out = own_names(out, plan.names)
    box = finish_carry(plan.carry)
    if box is not None:
        out[CARRY_KEY] = json.dumps(box, ensure_ascii=False, separators=(",", ":"))
    return out
