"""What a rule sees: the dataset, the reader's result, the raw file, and shared caches.

Rules read the canonical model first. Facts the model does not keep (a BOM, header
names as written, the raw JSON of an M365 document or of JSONL records) come from the
raw file, parsed here once and shared by every rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding
from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import ReadResult
from datasetkit.formats.m365.evaluators import M365_SYSTEM_DEFAULTS
from datasetkit.lint import csvspan
from datasetkit.lint.families import family_of
from datasetkit.lint.neardup.definition import prompt_key
from datasetkit.lint.settings import LintConfig
from datasetkit.lint.text import normalize


def case_key_of(case: Case) -> str:
    """A case's normalised prompt text (all turns), used for duplicate detection."""
    if case.turns:
        return prompt_key([t.prompt for t in case.turns])
    if case.seed is not None:
        return normalize(case.seed.description)
    return ""


class LintContext:
    """One file being linted."""

    def __init__(
        self,
        path: str,
        result: ReadResult,
        config: LintConfig,
        validate_findings: list[Finding] | None = None,
        data: bytes | None = None,
    ) -> None:
        self.path = path
        self.result = result
        self.format = result.format or ""
        self.family = family_of(self.format)
        self.config = config
        self.validate_findings = list(validate_findings or [])
        self._data = data
        assert result.dataset is not None
        self.dataset: Dataset = result.dataset
        # Filled by the engine: (validate codes, pointer) pairs a rule reported better.
        self.superseded: list[tuple[set[str], str | None, int | None, str | None]] = []
        # The line number of the first line of ``text`` (a streamed part starts later).
        self.first_line = 1
        # How many JSONL records (lines that parse) come before ``text`` in the file.
        self.first_record = 0
        # Facts over the whole file when the context holds only part of its cases (a
        # streamed lint, see datasetkit.lint.stream); None when it holds them all.
        self.facts: Any = None

    # -- raw file ---------------------------------------------------------------

    @cached_property
    def data(self) -> bytes:
        """The file's bytes ('' when they cannot be read again, e.g. stdin)."""
        if self._data is not None:
            return self._data
        from datasetkit.io.files import read_input_bytes

        try:
            return read_input_bytes(self.path, None)
        except (OSError, DatasetkitError):
            return b""

    @property
    def has_bom(self) -> bool:
        """The file starts with a UTF-8 byte order mark."""
        return self.data.startswith(UTF8_BOM)

    @cached_property
    def text(self) -> str:
        """The file as text (BOM removed; undecodable bytes replaced)."""
        data = self.data[len(UTF8_BOM) :] if self.has_bom else self.data
        return data.decode("utf-8", errors="replace")

    @property
    def suffix(self) -> str:
        """The file's lower-case extension."""
        return Path(self.path).suffix.lower()

    @property
    def is_csv(self) -> bool:
        """The file is a delimited text table (CSV or TXT), not JSON."""
        return self.suffix in (".csv", ".txt", ".tsv")

    @cached_property
    def raw_json(self) -> Any:
        """The parsed JSON document (None when it does not parse)."""
        try:
            return json.loads(self.text)
        except (ValueError, RecursionError):
            return None

    @cached_property
    def lines(self) -> list[str]:
        """The text's lines as the JSONL reader numbers them: split at LF only (a CR before
        it dropped), so a U+2028 or a form feed inside a string does not start a line."""
        parts = self.text.split("\n")
        if parts and parts[-1] == "":
            parts.pop()
        return [p[:-1] if p.endswith("\r") else p for p in parts]

    @cached_property
    def jsonl_records(self) -> list[tuple[int, Any]]:
        """``(line, value)`` for every non-blank line that parses as JSON."""
        out: list[tuple[int, Any]] = []
        for n, line in enumerate(self.lines, start=self.first_line):
            if not line.strip():
                continue
            try:
                out.append((n, json.loads(line)))
            except ValueError:
                continue
        return out

    @cached_property
    def csv_records(self) -> list[csvspan.CsvRecord]:
        """Every record of a CSV file with its cell spans (empty for other files)."""
        if not self.is_csv:
            return []
        delim = "\t" if self.suffix == ".tsv" else ","
        return csvspan.parse(self.text, delim)

    @cached_property
    def csv_header(self) -> csvspan.CsvRecord | None:
        """The header record: the first record that is neither blank nor a ``#`` comment."""
        for rec in self.csv_records:
            if rec.blank or rec.comment:
                continue
            return rec
        return None

    # -- model helpers ----------------------------------------------------------

    @property
    def cases(self) -> list[Case]:
        """The dataset's cases."""
        return self.dataset.cases

    def case_key(self, index: int) -> str:
        """A case's normalised prompt text (all turns), used for duplicate detection."""
        return self._case_keys[index]

    @cached_property
    def _case_keys(self) -> list[str]:
        return [case_key_of(case) for case in self.cases]

    @property
    def case_count(self) -> int:
        """How many cases the whole file has (the context may hold only some of them)."""
        return len(self.cases)

    @property
    def file_level(self) -> bool:
        """Rules that speak of the whole file report here (once per file when streamed)."""
        return True

    def any_case(self, name: str, test: Callable[[Case], bool]) -> bool:
        """``test`` holds for some case of the file (``name`` names it in streamed facts)."""
        return any(test(c) for c in self.cases)

    def state(self, name: str, make: Callable[[], Any]) -> Any:
        """What a rule carries from one part of a streamed file to the next (fresh here)."""
        return make()

    def ref(self, index: int) -> str:
        """How a message names another case: its label, with its line when that says more."""
        src = self.cases[index].source
        label = self.case_label(index)
        if src is not None and src.line is not None and "line" not in label:
            label += f", line {src.line}"
        return label

    def effective_evaluators(self, turn: Turn) -> dict[str, dict[str, Any]]:
        """The M365 evaluators that run on ``turn`` (defaults, extend and replace applied)."""
        defaults: dict[str, dict[str, Any]]
        if self.dataset.default_evaluators is not None:
            defaults = dict(self.dataset.default_evaluators)
        else:
            defaults = {name: {} for name in M365_SYSTEM_DEFAULTS}
        own = turn.evaluators
        if own is None:
            return defaults
        if (turn.evaluators_mode or "extend") == "replace":
            return dict(own)
        merged = dict(defaults)
        merged.update(own)
        return merged

    def file_key(self, index: int, key: str) -> str:
        """The record key (or column) that holds canonical field ``key`` in this file."""
        first, sep, rest = key.partition("/")
        mapped = self.columns.get(first, first)
        return mapped + sep + rest

    def field_name(self, index: int | None, key: str | None) -> str | None:
        """The column name to show for a field of a CSV record (None for JSON files)."""
        if not key or not self.is_csv:
            return None
        first = key.partition("/")[0]
        return self.columns.get(first, first)

    @cached_property
    def columns(self) -> dict[str, str]:
        """Canonical field -> the header or key this file uses for it (as written)."""
        mapping = dict(self.result.info.get("columns") or {})
        if not mapping and self.family == "foundry":
            mapping = {"prompt": "query", "expected_response": "ground_truth"}
        if not mapping and self.is_csv and self.csv_header is not None:
            # Copilot Studio and spreadsheet tables: find the columns by their header names.
            roles = {
                "question": "prompt",
                "prompt": "prompt",
                "inputtext": "prompt",
                "expectedresponse": "expected_response",
                "response": "expected_response",
                "expectedoutput": "expected_response",
            }
            for name in self.csv_header.values:
                role = roles.get("".join(ch for ch in name.lower() if ch.isalnum()))
                if role and role not in mapping:
                    mapping[role] = name
        return {str(k): str(v) for k, v in mapping.items()}

    def case_label(self, index: int) -> str:
        """How to name a case in a message ("item 3", "row 5", "record 2")."""
        case = self.cases[index]
        src = case.source
        if self.family == "m365":
            return f"item {index + 1}"
        if src is not None and src.row is not None and self.is_csv:
            return f"row {src.row}"
        if src is not None and src.line is not None:
            return f"line {src.line}"
        return f"case {index + 1}"
