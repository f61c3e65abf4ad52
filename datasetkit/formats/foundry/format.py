"""The two registered formats, ``foundry`` (JSONL) and ``foundry-csv``, and how they sniff files."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import (
    Format,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
    register,
)
from datasetkit.io.decoding import SNIFF_BYTES, sniff_text

if TYPE_CHECKING:
    from datasetkit.core.findings import Finding
    from datasetkit.core.model import Case, Dataset
    from datasetkit.formats.foundry.reader import FoundryReader


class _FoundryFormat(Format):
    """Sniffing here; reading, checking and writing in :mod:`.reader`, imported on first
    use: detection runs every format's sniff on every input, and the reader's checks
    (and the writer's model) cost start-up time a run of another format need not pay."""

    maps_columns = True
    csv_mode = False
    _engine: FoundryReader | None = None

    def _reader(self) -> FoundryReader:
        if self._engine is None:
            from datasetkit.formats.foundry.reader import CSVReader, JSONLReader

            self._engine = (CSVReader if self.csv_mode else JSONLReader)(self.name)
        return self._engine

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read the whole file into a Dataset, with located findings and a pointer locator."""
        return self._reader().read(src, options)

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """The findings of :meth:`read`; streamed, without a dataset, under NO_DATASET."""
        return self._reader().validate(src, options)

    def iter_cases(
        self, src: InputFile, options: ReadOptions | None, findings: list[Finding]
    ) -> Iterator[Case]:
        """Cases one at a time; memory does not grow with the file."""
        return self._reader().iter_cases(src, options, findings)

    def check(self, src: InputFile, options: ReadOptions | None = None) -> list[Finding]:
        """Every file rule, streamed, without building the dataset."""
        return self._reader().check(src, options)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the dataset (JSONL: canonical; CSV: string columns only)."""
        return self._reader().write(dataset, dest, options)

    def write_stream(
        self, cases: Iterable[Case], dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write cases as they come (streamed conversions)."""
        return self._reader().write_stream(cases, dest, options)


class FoundryJSONL(_FoundryFormat):
    """Foundry / azure-ai-evaluation JSONL."""

    name = "foundry"
    label = "Foundry evaluation JSONL (messages, query/response, seeds)"
    extensions = (".jsonl",)

    def sniff(self, src: InputFile) -> float:
        head = src.head(65536)
        body = head.removeprefix(UTF8_BOM).lstrip()
        if src.suffix == ".jsonl":
            return 0.95
        first = body.split(b"\n", 1)[0].strip()
        if first.startswith(b"{") and first.endswith(b"}"):
            try:
                value = json.loads(first)
            except (json.JSONDecodeError, UnicodeDecodeError):
                return 0.0
            keys = set(value) if isinstance(value, dict) else set()
            foundry = {
                "messages",
                "query",
                "response",
                "conversation",
                "test_case_description",
                "ground_truth",
            }
            if keys & foundry and "items" not in keys and "schemaVersion" not in keys:
                return 0.95
            return 0.3
        if src.suffix == ".json" and body.startswith(b"["):
            # A JSON array of Foundry rows (saved with the wrong extension).
            probe = body[:4096]
            if (
                any(k in probe for k in (b'"query"', b'"messages"', b'"test_case_description"'))
                and b'"prompt"' not in probe
            ):
                return 0.92
        return 0.0


class FoundryCSV(_FoundryFormat):
    """Foundry CSV: a header row, one turn-level test case per row, string cells."""

    name = "foundry-csv"
    label = "Foundry evaluation CSV (query, response, context, ground_truth)"
    extensions = (".csv",)
    csv_mode = True

    def sniff(self, src: InputFile) -> float:
        if src.suffix not in (".csv", ""):
            return 0.0
        # Decoded first, so a UTF-16 file is judged by its text, not its NUL bytes.
        text = sniff_text(src.head(SNIFF_BYTES)) or ""
        first = (text.splitlines() or [""])[0].strip()
        try:
            header = next(csv.reader([first]))
        except (csv.Error, StopIteration):
            return 0.0
        names = {h.strip() for h in header}
        if len(header) == 1:
            # A semicolon- or tab-separated Foundry file: claim it so its finding says why.
            names |= {h.strip() for h in header[0].replace("\t", ";").split(";")}
        known = {
            "query",
            "response",
            "ground_truth",
            "context",
            "conversation",
            "test_case_description",
        }
        if names & known:
            return 0.9
        return 0.1 if src.suffix == ".csv" else 0.0


register(FoundryJSONL())
register(FoundryCSV())
