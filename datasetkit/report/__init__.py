"""Reporters: a run's findings formatted as text, json, github, sarif, junit, azure or gitlab.

Reporters only format. A run is a list of :class:`FileReport` (one per input file); a
reporter turns it into the text written to stdout. Each reporter is a module of this
package that defines ``REPORTER`` (:mod:`.registry`); the command line's ``--format``
choices are their names.
"""

from __future__ import annotations

from datasetkit.core.findings import sort_findings as sort_findings
from datasetkit.report.file_report import FileReport as FileReport
from datasetkit.report.registry import render as render
from datasetkit.report.registry import render_chunks as render_chunks
from datasetkit.report.registry import reporters as reporters
from datasetkit.report.text import render_text as render_text
from datasetkit.report.wording import summary as summary


def reporter_names() -> list[str]:
    """The ``--format`` choices, in order."""
    return list(reporters())
