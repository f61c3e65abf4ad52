"""Reading a Foundry file: the streamed scan shared by JSONL and CSV, and the pointer index."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from datasetkit.core import roles
from datasetkit.core.carry import CARRY_KEY, CARRY_VERSION
from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.core.gcpause import collector_paused
from datasetkit.core.jsonloc import pointer_join, split_pointer
from datasetkit.formats import (
    NO_DATASET,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
)
from datasetkit.formats.foundry import spec
from datasetkit.formats.foundry.cases import json_cell_findings, take_carry
from datasetkit.formats.foundry.clean import clean_line
from datasetkit.formats.foundry.collect import Collector, RowContext
from datasetkit.formats.foundry.csv_reader import csv_row, iter_csv
from datasetkit.formats.foundry.jsonl import iter_records, json_type
from datasetkit.formats.foundry.mapping import (
    ROLE_KEYS,
    apply_mapping,
    checked_mapping,
    drop_missing,
    resolve_roles,
)
from datasetkit.formats.foundry.row_checks import check_row
from datasetkit.formats.foundry.spec import MAX_ROW_BYTES
from datasetkit.io.inputs import open_input

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset

# ReadOptions.extra key: the findings of a check whose caller places them itself carry
# their row's line and pointer, without the column (locating it is not free).
UNPLACED = "unplaced"

# --- the formats --------------------------------------------------------------------------


@dataclass
class RecordIndex:
    """Record positions, so a pointer can be turned into a line and column later."""

    path: str
    src: InputFile
    spans: list[tuple[int, int, int, str]] = field(default_factory=list)  # start, end, line, prefix
    csv_rows: list[tuple[int, int]] = field(default_factory=list)  # line, row

    def locate(self, pointer: str) -> Location:
        tokens = split_pointer(pointer)
        if not tokens or not tokens[0].isdigit():
            return Location(path=self.path, pointer=pointer)
        i = int(tokens[0])
        rest = "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens[1:])
        if self.csv_rows:
            if i >= len(self.csv_rows):
                return Location(path=self.path, pointer=pointer)
            line, row = self.csv_rows[i]
            return RowContext(self.path, i, line, row=row).loc(rest)
        if i >= len(self.spans):
            return Location(path=self.path, pointer=pointer)
        start, end, line, prefix = self.spans[i]
        text = self._bytes(start, end).decode("utf-8", errors="replace")
        if prefix:
            # A JSON-array file: the record is an element of the whole array's text.
            return RowContext(self.path, i, line, text=text, prefix=prefix).loc(rest)
        return RowContext(self.path, i, line, text=text.rstrip("\r\n")).loc(rest)

    def _bytes(self, start: int, end: int) -> bytes:
        if self.src.path == "-" or self.src._data is not None:
            return self.src.data[start:end]
        with open_input(self.src.path) as fh:
            fh.seek(start)
            return fh.read(end - start)


def _open(src: InputFile) -> IO[bytes]:
    if src.path == "-" or src._data is not None:
        return io.BytesIO(src.data)
    try:
        return open_input(src.path)
    except FileNotFoundError:
        raise DatasetkitError(f"{src.path}: no such file", "check the path") from None
    except IsADirectoryError:
        raise DatasetkitError(
            f"{src.path}: is a folder, not a file", "name a file inside it"
        ) from None
    except PermissionError as exc:
        raise DatasetkitError(
            f"{src.path}: cannot be read ({exc.strerror})", "check the file's permissions"
        ) from None


class FoundryReader:
    """The scan behind a registered Foundry format (``format.FoundryJSONL``/``FoundryCSV``)."""

    csv_mode = False
    # write_jsonl or write_csv (of .writer): both formats write through it, whole or
    # streamed. Named, not imported: the writer needs the model, reading does not.
    _writer_name: str

    def __init__(self, name: str) -> None:
        self.name = name

    def _writer(self, *args: Any) -> WriteResult:
        from datasetkit.formats.foundry import writer

        write: Callable[..., WriteResult] = getattr(writer, self._writer_name)
        return write(*args)

    def _records(
        self,
        fh: IO[bytes],
        col: Collector,
        index: RecordIndex | None,
        clean: Callable[[bytes, int], bool] | None = None,
    ) -> Iterator[tuple[dict[str, Any] | None, RowContext, int]]:
        raise NotImplementedError

    def _scan(
        self,
        src: InputFile,
        options: ReadOptions,
        out: list[Finding],
        index: RecordIndex | None = None,
        build: bool = True,
        make_cases: bool = True,
        tally: dict[str, int] | None = None,
    ) -> Iterator[Case | None]:
        path = "<stdin>" if src.path == "-" else src.path
        col = Collector(out, path, converting=bool(options.extra.get("converting")))
        col.unplaced = bool(options.extra.get(UNPLACED))
        rows = Rows(self.csv_mode, options, col, build, make_cases)
        # Called with the bytes read so far (drives the CLI's progress bar).
        progress = options.extra.get("progress")
        with _open(src) as fh:
            # Without cases, an index or a mapping, lines proven clean skip the records.
            fast = not (make_cases and build) and index is None and not rows.mapping
            clean = _clean_lines(rows, progress, fh) if fast and not self.csv_mode else None
            for row, ctx, size in self._records(fh, col, index, clean):
                rows.count += 1
                if progress is not None and rows.count % 256 == 0:
                    progress(fh.tell())
                if rows.count == spec.MAX_ROWS + 1:
                    col.add(too_many_rows(ctx, col.converting))
                if size > MAX_ROW_BYTES:
                    col.add(_too_large(size, ctx))
                if row is not None:
                    yield from rows.take(row, ctx)
        if rows.count == 0:
            col.add(
                Finding(
                    "foundry.empty",
                    Severity.ERROR,
                    "the file has no rows (the SDK loads it as 0 rows without an error)",
                    "add at least one row",
                    Location(path=path, line=1),
                )
            )
        if tally is not None:
            tally["clean"] = rows.clean
        col.finish()

    def iter_cases(
        self, src: InputFile, options: ReadOptions | None, findings: list[Finding]
    ) -> Iterator[Case]:
        """Cases one at a time; memory does not grow with the file."""
        for case in self._scan(src, options or ReadOptions(), findings):
            if case is not None:
                yield case

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """The findings of :meth:`read`; streamed, without a dataset, under NO_DATASET."""
        options = options or ReadOptions()
        if not options.extra.get(NO_DATASET):
            return self.read(src, options)
        findings: list[Finding] = []
        # No case is built: building reports nothing in JSONL, and in CSV only JSON text
        # in a cell, which json_cell_findings says without building.
        # Rows proven clean are not yielded, only counted (in tally).
        tally = {"clean": 0}
        rows = sum(1 for _ in self._scan(src, options, findings, make_cases=False, tally=tally))
        return ReadResult(None, findings, self.name, info={"rows": rows + tally["clean"]})

    def check(self, src: InputFile, options: ReadOptions | None = None) -> list[Finding]:
        """Every file rule, streamed, without building the dataset."""
        out: list[Finding] = []
        for _ in self._scan(src, options or ReadOptions(), out, build=False):
            pass
        return out

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read the whole file into a Dataset, with located findings and a pointer locator."""
        from datasetkit.core.carry import restore_dataset
        from datasetkit.core.model import Dataset

        path = "<stdin>" if src.path == "-" else src.path
        findings: list[Finding] = []
        index = RecordIndex(path, src)
        with collector_paused():
            scan = self._scan(src, options or ReadOptions(), findings, index)
            cases = [c for c in scan if c is not None]
        ds = Dataset(cases=cases, source_format=self.name, source_path=src.path)
        if cases:
            box = (cases[0].extensions or {}).get(CARRY_KEY)
            if isinstance(box, dict) and "dataset" in box:
                left = restore_dataset(ds, box.pop("dataset"))
                if left:
                    box["dataset"] = left
                if set(box) <= {"v", "keep_empty"}:
                    rest = {k: v for k, v in (cases[0].extensions or {}).items() if k != CARRY_KEY}
                    cases[0].extensions = rest or ({} if box.get("keep_empty") else None)
        return ReadResult(ds, findings, self.name, info={"rows": len(cases)}, locate=index.locate)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the dataset (JSONL: canonical; CSV: string columns only)."""
        return self._writer(dataset.cases, dest, options, dataset)

    def write_stream(
        self, cases: Iterable[Case], dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write cases as they come (streamed conversions)."""
        return self._writer(cases, dest, options)


class JSONLReader(FoundryReader):
    """Foundry JSONL rows (and JSON-array files of rows)."""

    _writer_name = "write_jsonl"

    def _records(
        self,
        fh: IO[bytes],
        col: Collector,
        index: RecordIndex | None,
        clean: Callable[[bytes, int], bool] | None = None,
    ) -> Iterator[tuple[dict[str, Any] | None, RowContext, int]]:
        for rec in iter_records(fh, col, clean):
            if index is not None:
                index.spans.append((rec.start, rec.end, rec.base_line or rec.line, rec.prefix))
            ctx = RowContext(
                col.path,
                rec.index,
                rec.base_line if rec.prefix else rec.line,
                text=rec.text,
                prefix=rec.prefix,
                first_line=rec.line,
                unplaced=col.unplaced,
            )
            size = (
                rec.end - rec.start
                if not rec.prefix
                else len(json.dumps(rec.value, ensure_ascii=False).encode("utf-8"))
            )
            if not isinstance(rec.value, dict):
                col.add(
                    Finding(
                        "foundry.jsonl.not-object",
                        Severity.ERROR,
                        f"this line is {json_type(rec.value)}, not an object: every JSONL row must "
                        "be a JSON object (the SDK turns an array into numbered columns)",
                        'write the row as {"query": ..., "response": ...}',
                        Location(
                            path=col.path,
                            line=rec.line,
                            column=1,
                            pointer=pointer_join("", rec.index),
                        ),
                    )
                )
                yield None, ctx, size
                continue
            yield rec.value, ctx, size


class CSVReader(FoundryReader):
    """Foundry CSV rows: string cells under a header."""

    csv_mode = True
    _writer_name = "write_csv"

    def _records(
        self,
        fh: IO[bytes],
        col: Collector,
        index: RecordIndex | None,
        clean: Callable[[bytes, int], bool] | None = None,
    ) -> Iterator[tuple[dict[str, Any] | None, RowContext, int]]:
        for rec in iter_csv(fh, col):
            if index is not None:
                index.csv_rows.append((rec.line, rec.row))
            ctx = RowContext(col.path, rec.index, rec.line, row=rec.row)
            size = sum(len(str(v).encode("utf-8")) for v in rec.values.values())
            yield csv_row(rec.values), ctx, size


class Rows:
    """One scan's rows: how many, and what each (not proven clean) is checked and made into.

    ``build`` resolves the roles of plain records (the checks alone without it), and
    ``make_cases`` builds each row's Case; the fast conversion reads its rows that are
    not clean through one of these too.
    """

    def __init__(
        self,
        csv_mode: bool,
        options: ReadOptions,
        col: Collector,
        build: bool = True,
        make_cases: bool = True,
    ) -> None:
        self.count = 0
        self.clean = 0  # rows proven clean (counted in count too, never yielded)
        self.csv_mode = csv_mode
        self.col = col
        self.mapping = checked_mapping(options)
        self.notes_header = self.mapping.get("notes")
        self.roles_for = roles.RecordRoles(ROLE_KEYS)
        self.converting = bool(options.extra.get("converting"))
        self.build = build
        self.build_case: Callable[..., tuple[Case, Any]] | None = None
        if build and make_cases:
            from datasetkit.formats.foundry.cases import build_case

            self.build_case = build_case

    def take(self, row: dict[str, Any], ctx: RowContext) -> Iterator[Case | None]:
        """Check one row; yield its case (None without cases), nothing without ``build``."""
        row, notes, carry_raw = self.checked(row, ctx)
        if not self.build:
            return
        row, notes = resolve_roles(row, notes, self.roles_for, ctx, self.col)
        yield self.case_of(row, notes, carry_raw, ctx)

    def checked(self, row: dict[str, Any], ctx: RowContext) -> tuple[dict[str, Any], Any, Any]:
        """The row checks of one row, without the model: the row as mapped, without its
        missing values and its carry column; its notes; its carry column's value."""
        col = self.col
        notes = None
        if self.mapping:
            if self.notes_header and self.notes_header in row:
                row = dict(row)
                notes = row.pop(self.notes_header)
            row = apply_mapping(row, self.mapping, ctx, col)
        carry_raw = take_carry(row, ctx, col, self.csv_mode)
        row = drop_missing(row, ctx, col)
        check_row(row, ctx, col, self.csv_mode, advice=not self.converting)
        return row, notes, carry_raw

    def case_of(
        self, row: dict[str, Any], notes: Any, carry_raw: Any, ctx: RowContext
    ) -> Case | None:
        """The case of a checked row whose roles are resolved (None without cases)."""
        if self.build_case is None:
            if self.csv_mode:
                json_cell_findings(row, ctx, self.col)
            return None
        case, dataset_carry = self.build_case(row, ctx, self.col, self.csv_mode, carry_raw, notes)
        if dataset_carry is not None:
            _keep_dataset_carry(case, dataset_carry)
        return case


def _clean_lines(
    rows: Rows, progress: Callable[[int], None] | None, fh: IO[bytes]
) -> Callable[[bytes, int], bool]:
    """The reader's ``clean`` test: a line proven clean (clean.clean_line) is counted
    here, as the scan counts a row, and needs nothing else (no finding can come of it)."""

    def clean(line: bytes, size: int) -> bool:
        if size > MAX_ROW_BYTES or rows.count == spec.MAX_ROWS or not clean_line(line):
            # A limit's finding (the row past the batch limit, which needs its place) or
            # the full checks need the record; rows after that one are clean again.
            return False
        rows.count += 1
        rows.clean += 1
        if progress is not None and rows.count % 256 == 0:
            progress(fh.tell())
        return True

    return clean


def too_many_rows(ctx: RowContext, converting: bool = False) -> Finding:
    """The batch evaluation's row limit, said at the first row past it: an error in a
    dataset that is checked, a warning about one being converted (the file is fine; one
    consumer of it, the cloud batch run, takes fewer rows)."""
    return Finding(
        "foundry.rows.too-many",
        Severity.WARNING if converting else Severity.ERROR,
        f"more than {spec.MAX_ROWS:,} rows: a batch evaluation takes at most {spec.MAX_ROWS:,}",
        "split the file into several datasets",
        ctx.loc(""),
    )


def _too_large(size: int, ctx: RowContext) -> Finding:
    """The batch evaluation's limit of bytes per row."""
    return Finding(
        "foundry.row.too-large",
        Severity.ERROR,
        f"this row is {size / 1024 / 1024:.1f} MB; the limit per row is 2 MB",
        "shorten the row (long context or tool results)",
        ctx.loc(""),
    )


def _keep_dataset_carry(case: Case, dataset_carry: Any) -> None:
    """The carried dataset fields ride on the first case until :meth:`read` restores them."""
    box = dict((case.extensions or {}).get(CARRY_KEY) or {"v": CARRY_VERSION})
    box["dataset"] = dataset_carry
    if case.extensions == {}:
        box["keep_empty"] = True
    case.extensions = {**(case.extensions or {}), CARRY_KEY: box}
