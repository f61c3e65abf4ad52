"""The review round trip: a spreadsheet for people to approve or edit cases, merged back by id.

The sheet has one row per turn: id, turn, decision, category, question, expected
response, evidence, source, checks and notes. A reviewer sets the decision
(``approve`` or ``reject``), edits the question, expected response, category or
notes in place, and may add rows without an id for new cases. ``merge`` matches rows
to cases by id and keeps every edit: edited cases keep their id, rejected cases are
removed, and each reviewed case records its review in ``extensions.datasetkit``.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.io.files import atomic_write_bytes
from datasetkit.io.inputs import require_regular

COLUMNS: tuple[tuple[str, int], ...] = (
    ("id", 17),
    ("turn", 6),
    ("decision", 11),
    ("category", 20),
    ("question", 50),
    ("expected response", 50),
    ("evidence", 50),
    ("source", 36),
    ("checks", 28),
    ("notes", 30),
)
DECISIONS = ("approve", "reject")
_APPROVE = {"approve", "approved", "yes", "y", "ok", "accept", "accepted", "keep", "✓", "✔"}
_REJECT = {"reject", "rejected", "no", "n", "delete", "drop", "remove", "x", "✗", "✘"}
# Excel's limit for one cell.
MAX_CELL = 32_767
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_FIXED_TIME = "2000-01-01T00:00:00Z"

_HOW_TO = (
    "How to review",
    "",
    "1. In the Review sheet, read each question, its expected response and the evidence it was taken from.",
    "2. Set 'decision' to approve or reject (leave it empty to decide later).",
    "3. Edit the question, expected response, category or notes in place; the edits are kept.",
    "4. To add a case, fill a new row and leave 'id' empty.",
    "5. Do not change the 'id' column: it is how rows find their cases.",
    "6. Bring the results back with: datasetkit review merge REVIEW.xlsx DATASET",
    "",
    "evidence, source and checks are shown for information; edits to them are ignored.",
)


def dk_extensions(case: Case) -> dict[str, Any]:
    """The ``datasetkit`` extension of a case (on the case, or on a single item's turn)."""
    for holder in (case, case.turns[0] if len(case.turns) == 1 else None):
        ext = getattr(holder, "extensions", None) if holder is not None else None
        if isinstance(ext, dict) and isinstance(ext.get("datasetkit"), dict):
            return ext["datasetkit"]
    return {}


def _set_dk(case: Case, values: dict[str, Any]) -> None:
    for holder in (case, case.turns[0] if len(case.turns) == 1 else None):
        ext = getattr(holder, "extensions", None) if holder is not None else None
        if isinstance(ext, dict) and isinstance(ext.get("datasetkit"), dict):
            ext["datasetkit"].update(values)
            return
    case.extensions = {**(case.extensions or {}), "datasetkit": dict(values)}


def _cell_text(text: str | None) -> str:
    """What a string looks like once stored in a cell (illegal characters out, length capped)."""
    if text is None:
        return ""
    return _ILLEGAL.sub("", text)[:MAX_CELL]


def _source_label(src: Any) -> str:
    if not isinstance(src, dict):
        return ""
    out = str(src.get("file", ""))
    if src.get("line") is not None:
        out += f":{src['line']}"
    for key, label in (("sheet", "sheet"), ("row", "row"), ("page", "p.")):
        if src.get(key) is not None:
            out += f" {label}{'' if label == 'p.' else ' '}{src[key]}"
    if src.get("heading_path"):
        out += " > " + " > ".join(str(h) for h in src["heading_path"])
    return out


def _checks_label(dk: dict[str, Any], case: Case) -> str:
    parts = []
    if dk.get("placeholder"):
        parts.append("placeholder: fill in")
    if "grounded" in dk:
        parts.append("grounded: " + ("yes" if dk.get("grounded") else "NO"))
    if dk.get("question_type"):
        parts.append(f"type: {dk['question_type']}")
    if dk.get("review"):
        parts.append(f"reviewed: {dk['review']}")
    return "; ".join(parts)


def rows_for(dataset: Dataset) -> list[list[str]]:
    """The review rows of a dataset (one per turn), in the column order of :data:`COLUMNS`."""
    rows: list[list[str]] = []
    for case in dataset.cases:
        if not case.turns:
            continue
        cid = case.id or case.content_id()
        dk = dk_extensions(case)
        for n, turn in enumerate(case.turns, start=1):
            first = n == 1
            rows.append(
                [
                    cid,
                    str(n),
                    "",
                    (case.category or "") if first else "",
                    _cell_text(turn.prompt),
                    _cell_text(turn.expected_response),
                    _cell_text(str(dk.get("evidence") or "")) if first else "",
                    _source_label(dk.get("source")) if first else "",
                    _checks_label(dk, case) if first else "",
                    _cell_text(case.notes) if first else "",
                ]
            )
    return rows


def stable_xlsx_bytes(wb: Any) -> bytes:
    """The workbook's bytes with fixed timestamps, so the same content gives the same file."""
    buf = io.BytesIO()
    wb.save(buf)
    out = io.BytesIO()
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*",
                    rb"\g<1>" + _FIXED_TIME.encode(),
                    data,
                )
            fixed = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o600 << 16
            dst.writestr(fixed, data)
    return out.getvalue()


def write_review_sheet(dataset: Dataset, path: str | Path) -> Path:
    """Write the review workbook for ``dataset`` (atomically); returns its path."""
    import openpyxl
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Review"
    ws.append([name for name, _ in COLUMNS])
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="DDEBF7")
    for cell in ws[1]:
        cell.font = bold
        cell.fill = fill
    rows = rows_for(dataset)
    wrap = Alignment(wrap_text=True, vertical="top")
    for r, values in enumerate(rows, start=2):
        for c, value in enumerate(values, start=1):
            cell = ws.cell(r, c)
            cell.value = value
            # Text that starts with "=" is a question, not a formula.
            cell.data_type = "s"
            cell.alignment = wrap
    for i, (_, width) in enumerate(COLUMNS, start=1):
        ws.column_dimensions[openpyxl.utils.get_column_letter(i)].width = width
    ws.freeze_panes = "A2"
    last = max(len(rows) + 1, 2)
    ws.auto_filter.ref = f"A1:{openpyxl.utils.get_column_letter(len(COLUMNS))}{last}"
    dv = DataValidation(type="list", formula1='"approve,reject"', allow_blank=True)
    dv.error = "Use approve or reject (or leave it empty)."
    dv.errorTitle = "Decision"
    ws.add_data_validation(dv)
    dv.add(f"C2:C{max(last, 1000)}")
    guide = wb.create_sheet("How to review")
    for line in _HOW_TO:
        guide.append([line])
    guide["A1"].font = bold
    guide.column_dimensions["A"].width = 110
    wb.properties.creator = "datasetkit"
    created = dt.datetime(2000, 1, 1)
    wb.properties.created = created
    wb.properties.modified = created
    target = Path(path)
    atomic_write_bytes(target, stable_xlsx_bytes(wb))
    return target


# ----- merge --------------------------------------------------------------------------


@dataclass
class ReviewRow:
    """One row of a filled-in review sheet."""

    row: int
    id: str
    turn: int
    decision: str  # approve, reject or ""
    category: str | None
    question: str | None
    expected: str | None
    notes: str | None


@dataclass
class MergeResult:
    """The merged dataset and what the merge did."""

    dataset: Dataset
    approved: int = 0
    edited: int = 0
    rejected: int = 0
    added: int = 0
    unreviewed: int = 0
    dropped: int = 0
    findings: list[Finding] = field(default_factory=list)

    def summary(self) -> str:
        """One line for people."""
        return (
            f"{self.approved} approved, {self.edited} edited, {self.rejected} rejected, "
            f"{self.added} added, {self.unreviewed} not reviewed"
            + (f" ({self.dropped} left out)" if self.dropped else "")
            + f"; {len(self.dataset.cases)} case(s) in the result"
        )


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time(0) else value.isoformat(sep=" ")
    return str(value)


def read_review_sheet(path: str | Path) -> tuple[list[ReviewRow], list[Finding]]:
    """The rows of a review workbook (columns found by their header names)."""
    from datasetkit.io.workbook import openpyxl_errors

    wb = _open_workbook(path)
    findings: list[Finding] = []
    try:
        with openpyxl_errors(str(path)):
            ws = wb["Review"] if "Review" in wb.sheetnames else wb.worksheets[0]
            rows_iter = ws.iter_rows(values_only=True)
            col = _columns(next(rows_iter, None), path)
            out: list[ReviewRow] = []
            for number, values in enumerate(rows_iter, start=2):
                if not any(v not in (None, "") for v in values):
                    continue
                out.append(_review_row(values, col, number, path, findings))
    finally:
        wb.close()
    return out, findings


def _open_workbook(path: str | Path) -> Any:
    """The review workbook, read-only (a missing or damaged file stops the merge).

    It goes through the same zip guard as every workbook datasetkit opens: a review
    sheet comes back from other people's machines.
    """
    from datasetkit.io.workbook import load_workbook

    p = Path(path)
    if not p.exists():
        raise DatasetkitError(
            f"{path}: no such file", "give the review sheet written by --review-sheet"
        )
    from datasetkit.io.files import read_input_bytes

    return load_workbook(str(path), read_input_bytes(str(path)))


def _columns(header: tuple[Any, ...] | None, path: str | Path) -> dict[str, int]:
    """Header name (lower case) -> column; the id, question and expected response are needed."""
    names = [_text(h).strip().lower() for h in (header or ())]
    col = {name: i for i, name in enumerate(names) if name}
    missing = [c for c in ("id", "question", "expected response") if c not in col]
    if missing:
        raise DatasetkitError(
            f"{path}: the review sheet has no {', '.join(repr(m) for m in missing)} column",
            "use the sheet written by 'datasetkit generate ... --review-sheet' (keep its header row)",
        )
    return col


def _review_row(
    values: tuple[Any, ...],
    col: dict[str, int],
    number: int,
    path: str | Path,
    findings: list[Finding],
) -> ReviewRow:
    """One row of the sheet: its decision and turn checked, its cells as text."""

    def get(name: str) -> str | None:
        i = col.get(name)
        if i is None or i >= len(values):
            return None
        return _text(values[i])

    # The decision first: its finding comes before the turn's, as the columns do.
    decision = _decision(get("decision"), number, path, findings)
    turn = _turn(get("turn"), number, path, findings)
    return ReviewRow(
        row=number,
        id=(get("id") or "").strip(),
        turn=turn,
        decision=decision,
        category=get("category"),
        question=get("question"),
        expected=get("expected response"),
        notes=get("notes"),
    )


def _decision(cell: str | None, number: int, path: str | Path, findings: list[Finding]) -> str:
    """approve, reject, or '' (not reviewed; a word that is neither is reported)."""
    raw_decision = (cell or "").strip()
    if raw_decision.lower() in _APPROVE:
        return "approve"
    if raw_decision.lower() in _REJECT:
        return "reject"
    if raw_decision:
        findings.append(
            Finding(
                "review.decision.unknown",
                Severity.WARNING,
                f"decision {raw_decision!r} is neither approve nor reject; the row counts as not reviewed",
                "write approve or reject",
                Location(path=str(path), row=number, field="decision"),
            )
        )
    return ""


def _turn(cell: str | None, number: int, path: str | Path, findings: list[Finding]) -> int:
    """The turn the row reviews (1 when blank; a cell that is not a number is reported)."""
    turn_text = (cell or "1").strip() or "1"
    try:
        return max(1, int(float(turn_text)))
    except ValueError:
        findings.append(
            Finding(
                "review.turn.invalid",
                Severity.WARNING,
                f"turn {turn_text!r} is not a number; 1 is used",
                "",
                Location(path=str(path), row=number, field="turn"),
            )
        )
        return 1


def merge_review(
    dataset: Dataset, rows: list[ReviewRow], *, drop_unreviewed: bool = False, sheet: str = ""
) -> MergeResult:
    """Apply review rows to ``dataset`` (a copy is returned; the input is not changed)."""
    ds = dataset.model_copy(deep=True)
    result = MergeResult(ds, findings=[])
    by_id: dict[str, Case] = {}
    for case in ds.cases:
        by_id.setdefault(case.id or case.content_id(), case)
    decisions: dict[str, str] = {}
    edited: set[str] = set()
    new_cases: list[Case] = []
    for r in rows:
        loc = Location(path=sheet or None, row=r.row)
        if not r.id:
            added = _added_case(r)
            if added is not None:
                new_cases.append(added)
                result.added += 1
            continue
        target = by_id.get(r.id)
        if target is None:
            result.findings.append(
                Finding(
                    "review.id.unknown",
                    Severity.WARNING,
                    f"id {r.id} is not in the dataset; the row was skipped",
                    "merge into the dataset the sheet was made from",
                    loc,
                )
            )
            continue
        # A reject anywhere rejects the case; otherwise approve wins over blank.
        if r.decision and decisions.get(r.id) != "reject":
            decisions[r.id] = r.decision
        if _apply_edits(r, target, loc, result.findings):
            edited.add(r.id)
    ds.cases = _kept(ds.cases, decisions, edited, result, drop_unreviewed) + new_cases
    return result


def _added_case(r: ReviewRow) -> Case | None:
    """A row without an id is a case the reviewer added (unless empty or rejected)."""
    if not (r.question or "").strip() or r.decision == "reject":
        return None
    case = Case(
        category=(r.category or "").strip() or None,
        notes=(r.notes or "").strip() or None,
        turns=[Turn(prompt=r.question or "", expected_response=(r.expected or None))],
    )
    case.id = case.content_id()
    _set_dk(case, {"review": "added", "grounded": False})
    return case


def _apply_edits(r: ReviewRow, target: Case, loc: Location, findings: list[Finding]) -> bool:
    """Apply the row's edits to its turn (and, on turn 1, the case); True when any applied."""
    if r.turn > len(target.turns):
        findings.append(
            Finding(
                "review.turn.unknown",
                Severity.WARNING,
                f"case {r.id} has no turn {r.turn}; the row was skipped",
                "",
                loc,
            )
        )
        return False
    edited = False
    turn = target.turns[r.turn - 1]
    if r.question is not None and r.question != _cell_text(turn.prompt):
        if not r.question.strip():
            findings.append(
                Finding(
                    "review.question.empty",
                    Severity.ERROR,
                    f"the question of case {r.id} was emptied; the edit was not applied",
                    "write a question, or set the decision to reject",
                    Location(path=loc.path, row=r.row, field="question"),
                )
            )
        else:
            turn.prompt = r.question
            edited = True
    if r.expected is not None and r.expected != _cell_text(turn.expected_response):
        turn.expected_response = r.expected if r.expected.strip() else None
        edited = True
    if r.turn == 1:
        if r.category is not None and r.category.strip() != (target.category or ""):
            target.category = r.category.strip() or None
            edited = True
        if r.notes is not None and r.notes != _cell_text(target.notes):
            target.notes = r.notes if r.notes.strip() else None
            edited = True
    return edited


def _kept(
    cases: list[Case],
    decisions: dict[str, str],
    edited: set[str],
    result: MergeResult,
    drop_unreviewed: bool,
) -> list[Case]:
    """The cases that stay, each marked with its review (rejected ones counted and dropped)."""
    kept: list[Case] = []
    for case in cases:
        cid = case.id or case.content_id()
        decision = decisions.get(cid, "")
        if decision == "reject":
            result.rejected += 1
            continue
        if cid in edited:
            result.edited += 1
            _set_dk(case, {"review": "edited"})
        elif decision == "approve":
            result.approved += 1
            _set_dk(case, {"review": "approved"})
        else:
            result.unreviewed += 1
            if drop_unreviewed:
                result.dropped += 1
                continue
        if case.id is None:
            case.id = cid
        kept.append(case)
    return kept


def _bytes_to_rewrite(path: str | Path) -> bytes:
    """The dataset's bytes before an in-place merge (a pipe or device is refused)."""
    require_regular(path)
    return Path(path).read_bytes()


def merge_files(
    review_path: str | Path,
    dataset_path: str,
    *,
    output: str | None = None,
    to: str | None = None,
    drop_unreviewed: bool = False,
    backup: bool = True,
) -> tuple[MergeResult, list[Path]]:
    """Merge a filled-in review sheet into a dataset file; write the result (validated).

    Writes ``output`` if given, else the dataset file itself, after a timestamped backup.
    """
    from datasetkit.convert import prepare, readwrite
    from datasetkit.io.inplace import write_backup

    rows, findings = read_review_sheet(review_path)
    # An in-place merge writes only over the file it read (another run may edit it).
    before = _bytes_to_rewrite(dataset_path) if output is None else None
    read = readwrite.read_dataset(dataset_path)
    errors = [f for f in read.findings if f.severity == Severity.ERROR]
    if read.dataset is None or errors:
        first = errors[0].message if errors else "it cannot be read"
        raise DatasetkitError(
            f"{dataset_path}: {first}", "fix the dataset (datasetkit validate) and merge again"
        )
    merged = merge_review(
        read.dataset, rows, drop_unreviewed=drop_unreviewed, sheet=str(review_path)
    )
    merged.findings = findings + merged.findings
    dest = output or dataset_path
    fmt = readwrite.output_format(dest, to or (None if output else read.dataset.source_format))
    ds = merged.dataset
    ds.cases = [
        prepare.prepare_for_target(c, read.dataset.source_format, fmt.name) for c in ds.cases
    ]
    if not ds.cases:
        raise DatasetkitError(
            "every case was rejected or left out; nothing to write",
            "approve some cases, or merge without --drop-unreviewed",
        )
    if before is not None and Path(dataset_path).read_bytes() != before:
        raise DatasetkitError(
            f"{dataset_path}: the file changed since it was read (another program or run "
            "edited it); nothing was written",
            "merge again on the file as it is now",
        )
    saved = write_backup(dataset_path) if output is None and backup else None
    written = readwrite.write_dataset(ds, dest, to=fmt.name)
    merged.findings.extend(written.findings)
    if not written.paths:
        if saved is not None:
            saved.unlink(missing_ok=True)  # the dataset was not touched
        raise DatasetkitError(
            f"{dest}: the merged dataset does not pass the {fmt.name} checks; nothing was written",
            "; ".join(f.message for f in written.findings if f.severity == Severity.ERROR)[:500]
            or "see the findings",
        )
    return merged, written.paths
