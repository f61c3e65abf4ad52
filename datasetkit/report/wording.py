"""How every reporter words a run: the totals, plurals, and a finding's message with its fix."""

from __future__ import annotations

from datasetkit.core.findings import Finding, Severity, count
from datasetkit.report.file_report import FileReport


def summary(reports: list[FileReport]) -> dict[str, int]:
    """Totals over all files."""
    # Counted file by file: a large run's findings may be on disk, not in a list.
    return {
        "files": len(reports),
        "errors": sum(count(r.findings, Severity.ERROR) for r in reports),
        "warnings": sum(count(r.findings, Severity.WARNING) for r in reports),
        "infos": sum(count(r.findings, Severity.INFO) for r in reports),
    }


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s unless ``n`` is 1."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def message_with_fix(f: Finding) -> str:
    """The message, the JSON Pointer it is at, and the fix on a line of its own."""
    msg = f.message + (f" ({f.location.pointer})" if f.location.pointer else "")
    return msg + (f"\nfix: {f.hint}" if f.hint else "")
