"""Saving a review: the page's decisions written into the dataset, in its own format.

Nothing is written before the page asks. A save then

- refuses when the page shows another version of the file than the one on disk (a
  stale page, another tab that saved first, an editor): nothing newer is overwritten;
- lays the cases out with the format's writer in a staging folder and checks them
  (:mod:`.verifying`: no new error of the format's rules, the cases read back alike, the
  discard marks kept), so a save that would lose or break anything is not written;
- replaces the file through :func:`datasetkit.io.inplace.replace_in_place`: locked,
  checked again for changes, backed up under a name no other run takes, written
  atomically; or writes the new file the user named;
- adds the decisions to the review record beside the dataset (:mod:`datasetkit.generate.decisions`).

Records a JSON Lines writer leaves as they were are kept byte for byte, so the file's
diff shows only what the reviewer changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.model import Case, Dataset
from datasetkit.generate.decisions import (
    DISCARD_MODES,
    VERDICTS,
    Decision,
    apply_edit,
    case_key,
    mark,
    write_record,
)
from datasetkit.generate.review import dk_extensions
from datasetkit.viewer.opened import OpenFile
from datasetkit.viewer.verifying import SaveRefused, verify_staged


class SaveConflict(DatasetkitError):
    """The file on disk (``path``) is not the version the page shows."""

    path: str = ""


@dataclass
class Change:
    """What the page says of one case: the reviewer's verdict, note and edit."""

    index: int
    verdict: str | None = None
    note: str = ""
    edit: dict[str, Any] = field(default_factory=dict)


@dataclass
class Saved:
    """What a save wrote."""

    path: Path
    written: list[Path]
    backup: Path | None
    record: Path
    removed: int
    marked: int
    findings: list[Finding]

    def to_dict(self) -> dict[str, Any]:
        """The page's view of the save."""
        return {
            "path": str(self.path),
            "written": [str(p) for p in self.written],
            "backup": str(self.backup) if self.backup else None,
            "record": str(self.record),
            "removed": self.removed,
            "marked": self.marked,
            "notes": [f.message for f in self.findings],
        }


def change_of(raw: Any, count: int) -> Change:
    """A page's change, checked (a bad one is an error that names it)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("index"), int):
        raise DatasetkitError("a change without a case index", "reload the page")
    index = raw["index"]
    if not 0 <= index < count:
        raise DatasetkitError(f"case {index} is not in the file", "reload the page")
    verdict = raw.get("verdict") or None
    if verdict is not None and verdict not in VERDICTS:
        raise DatasetkitError(f"unknown verdict {verdict!r}", f"use one of {', '.join(VERDICTS)}")
    edit = raw.get("edit") or {}
    if not isinstance(edit, dict) or not isinstance(edit.get("turns", []), list):
        raise DatasetkitError(f"case {index}: the edit is not an object with a list of turns")
    return Change(index, verdict, str(raw.get("note") or ""), edit)


def reviewed_dataset(
    opened: OpenFile, changes: list[Change], discarded: str, mark_all: bool = True
) -> tuple[Dataset, dict[str, Decision], int, int]:
    """The dataset with the changes made; the decisions to record; how many cases were
    removed and how many kept marked as discarded. Without ``mark_all`` only discarded
    cases kept in the file carry a mark (the review record holds every decision)."""
    if discarded not in DISCARD_MODES:
        raise DatasetkitError(
            f"discarded cases: {discarded!r}", f"use one of {', '.join(DISCARD_MODES)}"
        )
    by_index = {c.index: c for c in changes}
    cases: list[Case] = []
    decisions: dict[str, Decision] = {}
    removed = marked = 0
    for i, case in enumerate(opened.cases):
        change = by_index.get(i)
        if change is None:
            cases.append(case)
            continue
        new = case.model_copy(deep=True)
        edited = apply_edit(new, change.edit) if change.verdict != "discarded" else False
        verdict = "edited" if edited and change.verdict != "discarded" else change.verdict
        decision = Decision(
            verdict=verdict,
            note=change.note,
            edit=change.edit if edited else {},
            result=new.content_id() if edited else None,
        )
        # A case an earlier save recorded keeps its key (its content id may have changed).
        earlier = opened.record.decision_for(case) if opened.record is not None else None
        decision = _with_earlier_edit(decision, earlier[1] if earlier else None)
        decisions[earlier[0] if earlier else case_key(case)] = decision
        verdict = decision.verdict
        if verdict == "discarded" and discarded == "remove":
            removed += 1
            continue
        marked += verdict == "discarded"
        if mark_all or verdict == "discarded":
            _mark_again(new, verdict, change.note)
        cases.append(new)
    dataset = opened.dataset.model_copy()
    dataset.cases = cases
    return dataset, decisions, removed, marked


def _with_earlier_edit(decision: Decision, earlier: Decision | None) -> Decision:
    """A decision that keeps the edit an earlier save recorded (a note added to an edited
    case must not lose the edit a regenerated set is to get again)."""
    if earlier is None or not earlier.edit or decision.edit:
        return decision
    if decision.verdict in ("discarded", None):
        return decision
    return Decision("edited", decision.note, earlier.edit, earlier.result)


def _mark_again(case: Case, verdict: str | None, note: str) -> None:
    """The review marks of the case as the reviewer leaves them (a cleared one is removed)."""
    dk = dk_extensions(case)
    for key in ("review", "review_note"):
        dk.pop(key, None)
    mark(case, verdict, note)


def save_review(
    opened: OpenFile,
    page_version: str,
    changes: list[Change],
    discarded: str = "remove",
    output: OutputTarget | None = None,
) -> Saved:
    """Write the page's changes to ``opened``'s file (or to ``output``); see the module."""
    from datasetkit.io.inplace import locked

    if page_version != opened.version:
        raise _stale(opened.path)
    target = Path(output.path) if output else Path(opened.path)
    mark_all = _marks_fit(opened, target)
    dataset, decisions, removed, marked = reviewed_dataset(opened, changes, discarded, mark_all)
    fmt = output.format_for(opened.format) if output else _own_format(opened)
    if not dataset.cases:
        raise DatasetkitError(
            "every case of the file would be removed; nothing was written",
            "keep a case, or choose to mark discarded cases instead of removing them",
        )
    staged, findings = _staged(opened, dataset, fmt, target, marked)
    if output is None:
        with locked(opened.path):
            backup, written = _replace(opened, staged, target)
    else:
        backup, written = output.write(staged)
    record = write_record(opened.path, decisions, discarded)
    return Saved(target, written, backup, record, removed, marked, findings)


# Files of rows and columns: a mark on one case is a new column on every row.
_TABLES = (".csv", ".tsv", ".txt", ".xlsx")


def _marks_fit(opened: OpenFile, target: Path) -> bool:
    """Whether the review's marks go into the file: where a mark stays on its case (a JSON
    item, a JSONL line), or the table has datasetkit's column already. Otherwise the
    review record beside the dataset holds them, and only a discarded case kept in the
    file is marked (the reviewer asked for that)."""
    if target.suffix.lower() not in _TABLES:
        return True
    return any(dk_extensions(c) for c in opened.cases)


def _own_format(opened: OpenFile) -> str:
    if not opened.writable:
        raise DatasetkitError(
            f"{opened.path}: datasetkit reads the {opened.format} format but cannot write it",
            "start the review with -o FILE (and --to FORMAT) to save into a new file",
        )
    return opened.format


def _stale(path: str) -> SaveConflict:
    conflict = SaveConflict(
        f"{path} changed on disk since the page read it; nothing was written",
        "reload the page to review the file as it is now",
    )
    conflict.path = path
    return conflict


class OutputTarget:
    """A new file the user named for the review to be saved into (instead of in place)."""

    def __init__(self, path: str, to: str | None) -> None:
        self.path = path
        self.to = to
        # What the file holds now: a save replaces only that (None: it does not exist yet).
        self.expected = Path(path).read_bytes() if Path(path).is_file() else None

    def format_for(self, source_format: str) -> str:
        """The format to write: --to, else the source's when the suffix fits, else by suffix."""
        from datasetkit import formats
        from datasetkit.convert.readwrite import output_format

        if self.to:
            return output_format(self.path, self.to).name
        own = formats.get(source_format)
        if own.writable and Path(self.path).suffix.lower() in own.extensions:
            return own.name
        return output_format(self.path, None).name

    def write(self, staged: list[tuple[str, bytes]]) -> tuple[Path | None, list[Path]]:
        """Write the staged files beside the output; the backup of what it replaced."""
        from datasetkit.io.files import atomic_write_bytes
        from datasetkit.io.inplace import locked, replace_in_place

        main = Path(self.path)
        body = staged[0][1]
        if self.expected is None:
            if main.exists():
                raise _stale(self.path)
            atomic_write_bytes(main, body)
            backup = None
        else:
            with locked(main):
                if main.read_bytes() != self.expected:
                    raise _stale(self.path)
                backup = replace_in_place(main, self.expected, body)
        self.expected = body
        return backup, [main, *_companions(main.parent, staged[1:])]


def _staged(
    opened: OpenFile, dataset: Dataset, fmt: str, target: Path, marked: int
) -> tuple[list[tuple[str, bytes]], list[Finding]]:
    """The files the format's writer makes of ``dataset`` (the target's first), checked
    (:func:`~datasetkit.viewer.verifying.verify_staged`)."""
    from datasetkit.convert.prepare import prepare_for_target
    from datasetkit.io.staging import stage_folder
    from datasetkit.viewer.keeping import keep_unchanged_items, keep_unchanged_rows
    from datasetkit.viewer.style import write_like

    laid_out = dataset.model_copy()
    laid_out.cases = [prepare_for_target(c, opened.format, fmt) for c in dataset.cases]
    with stage_folder(target.parent, target) as stage:
        written = write_like(opened, laid_out, stage / target.name, fmt)
        paths = sorted(written.paths, key=lambda p: p.name != target.name)
        errors = [f for f in written.findings if f.severity == Severity.ERROR]
        if not paths or errors:
            raise SaveRefused(
                f"{target}: the {fmt} writer cannot write the reviewed dataset; nothing was written",
                "; ".join(f.message for f in errors)[:500] or "see the findings",
                errors,
            )
        verify_staged(opened, fmt, paths, dataset.cases, marked)
        files = [(p.name, p.read_bytes()) for p in paths]
    if fmt == opened.format and target == Path(opened.path):
        kept = keep_unchanged_lines(opened, dataset, files[0][1])
        if target.suffix.lower() == ".json":
            kept = keep_unchanged_items(opened, dataset, kept)
        elif target.suffix.lower() == ".csv":
            kept = keep_unchanged_rows(opened, dataset, kept)
        files[0] = (files[0][0], kept)
    return files, list(written.findings)


def _replace(
    opened: OpenFile, staged: list[tuple[str, bytes]], target: Path
) -> tuple[Path | None, list[Path]]:
    """Replace the dataset file (checked, backed up, atomic), then its companion files."""
    from datasetkit.io.inplace import replace_in_place

    if target.read_bytes() != opened.data:
        raise _stale(opened.path)
    backup = replace_in_place(target, opened.data, staged[0][1])
    return backup, [target, *_companions(target.parent, staged[1:])]


def _companions(folder: Path, staged: list[tuple[str, bytes]]) -> list[Path]:
    """Write the files a format keeps beside the dataset (a Copilot Studio setup file),
    each backed up first when it exists and changes."""
    from datasetkit.io.files import atomic_write_bytes
    from datasetkit.io.inplace import write_backup

    out = []
    for name, body in staged:
        dest = folder / name
        if dest.is_file():
            if dest.read_bytes() == body:
                continue
            write_backup(dest)
        atomic_write_bytes(dest, body)
        out.append(dest)
    return out


def keep_unchanged_lines(opened: OpenFile, dataset: Dataset, written: bytes) -> bytes:
    """``written`` with each line that holds an unchanged record replaced by the original
    line (its spacing and key order), when both files hold one record per line."""
    from datasetkit.viewer.keeping import line_ends_like

    try:
        text = opened.data.decode("utf-8")
        old = text.splitlines(keepends=True)
        new = line_ends_like(text, written.decode("utf-8")).splitlines(keepends=True)
    except UnicodeDecodeError:
        return written
    if len(new) != len(dataset.cases):
        return written
    same = {id(c) for c in opened.cases}
    out = []
    for case, line in zip(dataset.cases, new, strict=True):
        src = case.source
        number = src.line if src is not None and id(case) in same else None
        original = old[number - 1] if number and number <= len(old) else None
        out.append(original if original and _same_record(original, line) else line)
    return "".join(out).encode("utf-8")


def _same_record(a: str, b: str) -> bool:
    try:
        return bool(json.loads(a) == json.loads(b)) and a.endswith("\n") == b.endswith("\n")
    except ValueError:
        return False
