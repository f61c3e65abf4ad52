"""The Azure Pipelines reporter: logging commands the agent turns into annotations."""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import sort_findings
from datasetkit.report.file_report import FileReport
from datasetkit.report.registry import Reporter
from datasetkit.report.wording import message_with_fix


def _azure_escape(text: str, prop: bool = False) -> str:
    # The agent's own escaping (azure-pipelines-task-lib): '%' first, so nothing is escaped twice.
    text = text.replace("%", "%AZP25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(";", "%3B").replace("]", "%5D")
    return text


def render_azure(reports: list[FileReport], **_: Any) -> str:
    """Azure Pipelines logging commands: ``##vso[task.logissue type=error;sourcepath=...]msg``.

    Azure knows errors and warnings only, so an info finding is printed as a plain log line.
    """
    lines: list[str] = []
    errors = warnings = 0
    for rep in reports:
        for f in sort_findings(rep.findings):
            msg = message_with_fix(f)
            if f.severity.value == "info":
                where = f.location.describe() if f.location.path else rep.path
                lines.append(f"info: {where}: [{f.code}] {msg}".replace("\n", " "))
                continue
            errors += f.severity.value == "error"
            warnings += f.severity.value == "warning"
            props = [f"type={f.severity.value}", f"sourcepath={f.location.path or rep.path}"]
            if f.location.line is not None:
                props.append(f"linenumber={f.location.line}")
            if f.location.column is not None:
                props.append(f"columnnumber={f.location.column}")
            props.append(f"code={f.code}")
            head = ";".join(_azure_escape(p, True) for p in props)
            lines.append(f"##vso[task.logissue {head}]{_azure_escape(msg)}")
    lines.append(f"datasetkit: {len(reports)} files, {errors} errors, {warnings} warnings")
    return "\n".join(lines) + "\n"


REPORTER = Reporter("azure", render_azure, rank=60)
