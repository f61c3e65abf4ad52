"""The result types of the public API: reports (findings as data), knowledge, generation runs."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError, Finding, Severity, sort_findings
from datasetkit.report import FileReport, render

if TYPE_CHECKING:
    from datasetkit.core.model import Dataset
    from datasetkit.knowledge.model import Document


# --- reports ------------------------------------------------------------------------------


@dataclass
class Report:
    """Findings as data: one :class:`FileReport` per input, with ``ok`` and ``errors``."""

    files: list[FileReport] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        """Every finding, in file order, sorted by location within a file."""
        return [f for r in self.files for f in sort_findings(r.findings)]

    @property
    def errors(self) -> list[Finding]:
        """The error-level findings."""
        return [f for f in self.findings if f.severity == Severity.ERROR]

    @property
    def warnings(self) -> list[Finding]:
        """The warning-level findings."""
        return [f for f in self.findings if f.severity == Severity.WARNING]

    @property
    def ok(self) -> bool:
        """True when no finding is an error."""
        return not self.errors

    def to_text(self) -> str:
        """The report as ``datasetkit validate`` prints it."""
        return render("text", self.files)

    def to_json(self) -> str:
        """The report as ``--format json`` prints it."""
        return render("json", self.files)

    def to_sarif(self) -> str:
        """The report as SARIF 2.1.0 (for code-scanning tools)."""
        return render("sarif", self.files)

    def to_dict(self) -> dict[str, Any]:
        """The JSON report as a dict."""
        value: dict[str, Any] = json.loads(self.to_json())
        return value


@dataclass
class WriteReport(Report):
    """What a write did: the files written (none when it was refused) and the findings."""

    paths: list[Path] = field(default_factory=list)
    cases: int | None = None
    written: bool = False
    # For a conversion: what the converter did (cases read, formats, what was lost, the
    # errors that stopped it), as the command line reports it.
    conversion: Any = None

    @property
    def ok(self) -> bool:
        """True when the output was written and no finding is an error."""
        return self.written and not self.errors


@dataclass
class Knowledge:
    """Knowledge files read into documents (sections with provenance) and their problems."""

    documents: list[Document] = field(default_factory=list)

    @property
    def problems(self) -> list[Any]:
        """Every problem of every document (unreadable files, pages without text...)."""
        return [p for d in self.documents for p in d.problems]

    @property
    def text(self) -> str:
        """All sections' text, one per line (a quick look, not a rendering)."""
        return "\n".join(s.text for d in self.documents for s in d.sections)

    def to_markdown(self) -> str:
        """What ``datasetkit ingest`` prints: each document's text with its provenance."""
        from datasetkit.knowledge.render import to_markdown

        return to_markdown(self.documents)

    def to_json(self) -> str:
        """What ``datasetkit ingest --format json`` prints: documents, sections, problems."""
        from datasetkit.knowledge.render import to_json

        return to_json(self.documents)

    def counts(self) -> dict[str, int]:
        """Files, sections, errors and warnings."""
        from datasetkit.knowledge.render import summary

        return summary(self.documents)


class WriteError(DatasetkitError):
    """A write that was refused (its output failed validation, or ``strict`` met a loss)."""

    def __init__(self, report: WriteReport) -> None:
        first = report.errors[0] if report.errors else None
        super().__init__(
            "nothing was written: " + (first.message if first else "the writer made no file"),
            first.hint if first else "",
        )
        self.report = report


@dataclass
class Generated:
    """A generation run: the dataset made, the files written, and what fell short."""

    dataset: Dataset | None
    paths: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    shortfall: str | None = None
    # The whole run (plan, coverage, usage, what the gate rejected), as the command line
    # reports it.
    outcome: Any = None
