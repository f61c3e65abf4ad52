"""Generic spreadsheets: any xlsx or csv table becomes a dataset (read-only).

The header row is found by its column names: a column whose header is a known synonym
of a canonical field (``SYNONYMS``) is used for it, and ``ReadOptions.mapping``
(``--map FIELD=HEADER``) overrides the guess. Every sheet of a workbook whose header
maps is read, unless ``ReadOptions.sheets`` (``--sheet``) names the ones to read.

Values are never coerced: text cells stay exactly as written ("N/A", "00123", " 7 "),
numbers and dates stored as such become the text Excel shows for a plain cell, and
CSV cells are read as the text between the commas. Merged cells give their value to
every cell they cover; empty rows are skipped. Columns no field maps to are kept, by
header, in each turn's ``extra``. A conversation column groups rows into one
conversation case per value, in file order (the value is kept in
``Case.extensions["sheet"]["conversation"]``). The sheet a case came from is provenance:
``Case.source.sheet``.

Pointers: ``/<record index>/<column>`` in a CSV (as for every CSV format), and
``/<sheet name>/<record index>/<column>`` in a workbook, where ``Location.row`` is the
worksheet row number Excel shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from datasetkit.core import roles
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult, register
from datasetkit.formats.table.csv_reader import read_csv
from datasetkit.formats.table.sheet import FORMAT, HEADER_SCAN, escape_token
from datasetkit.formats.table.workbook_reader import ole2_error, read_xlsx
from datasetkit.io import csvfile as csvutil
from datasetkit.io.decoding import OLE2_MAGIC

if TYPE_CHECKING:
    from datasetkit.core.model import Case

FIELDS = roles.FIELDS


class SheetFormat(Format):
    maps_columns = True
    """Any xlsx workbook or csv table, with header synonyms and --map overrides."""

    name = FORMAT
    label = "Spreadsheet table (xlsx/csv) with column mapping (read-only)"
    extensions = (".xlsx", ".xlsm", ".csv", ".tsv")
    writable = False

    def sniff(self, src: InputFile) -> float:
        """Likely for a workbook; a last resort for a csv whose header maps."""
        if src.head(8) == OLE2_MAGIC:
            return 0.6  # an .xls or encrypted workbook: read() says what to do with it
        if src.suffix in (".xlsx", ".xlsm"):
            return 0.6 if src.head(4) == b"PK\x03\x04" else 0.0
        if src.suffix not in (".csv", ".tsv"):
            return 0.0
        text = csvutil.sniff_text(src.head(csvutil.SNIFF_BYTES))
        if text is None:
            return 0.0
        delimiter = "\t" if src.suffix == ".tsv" else csvutil.sniff_delimiter(text)
        # Stop at the header: detection runs on every input and must stay cheap.
        for n, rec in enumerate(csvutil.iter_records(text, delimiter)):
            cols = roles.resolve(rec.cells, {}).cols
            if "prompt" in cols:
                return 0.25 if "expected_response" in cols else 0.2
            if n >= HEADER_SCAN:
                break
        return 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read every table that maps (or the --sheet ones) into cases."""
        # The cases (and the model, pydantic) only when reading: sniffing runs on every input.
        from datasetkit.core.model import Dataset
        from datasetkit.formats.table.cases import sheet_cases

        options = options or ReadOptions()
        roles.check_mapping(options.mapping)
        findings: list[Finding] = []
        head = src.head(8)
        if head[:8] == OLE2_MAGIC:
            ole2_error(src)
        is_xlsx = head[:4] == b"PK\x03\x04"
        if not is_xlsx and options.sheets:
            findings.append(
                Finding(
                    f"{FORMAT}.sheets-ignored",
                    Severity.WARNING,
                    "--sheet applies to workbooks; a CSV file has one table",
                    "drop --sheet",
                    Location(path=src.path),
                )
            )
        with csvutil.gc_paused():
            sheets, locate = (read_xlsx if is_xlsx else read_csv)(src, options, findings)
        if (
            any(
                f.severity == Severity.ERROR
                and f.code in (f"{FORMAT}.no-table", f"{FORMAT}.binary")
                for f in findings
            )
            and not sheets
        ):
            return ReadResult(None, findings, FORMAT)
        cases: list[Case] = []
        info: dict[str, Any] = {"sheets": {}}
        for sheet in sheets:
            base = "" if sheet.name is None else f"/{escape_token(sheet.name)}"
            if sheet.columns.ambiguous or sheet.columns.missing:
                got: list[Case] = []  # a guess would be worse than the error that says how
            else:
                with csvutil.gc_paused():
                    got = sheet_cases(sheet, src.path, findings, base)
            cases += got
            info["sheets"][sheet.name or ""] = {
                "header_row": sheet.header_row,
                "columns": {f: sheet.header[i] for f, i in sheet.columns.cols.items()},
                "cases": len(got),
            }
        ds = Dataset(cases=cases, source_format=FORMAT, source_path=src.path)
        return ReadResult(ds, findings, FORMAT, info, locate)


register(SheetFormat())
