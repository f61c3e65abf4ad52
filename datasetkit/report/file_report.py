"""FileReport: the findings for one input file, the unit every reporter formats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from datasetkit.core.findings import Finding, Severity, count


@dataclass
class FileReport:
    """The findings for one input file."""

    path: str
    format: str | None = None
    schema_version: str | None = None
    findings: list[Finding] = field(default_factory=list)
    # Extra facts shown in json output (e.g. the discovered file, counts).
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        """No error-level finding."""
        return count(self.findings, Severity.ERROR) == 0
