"""Reading any Copilot Studio test-set file (CSV or a .txt question list) into cases."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.core.model import Case, Dataset, Source, Turn
from datasetkit.formats import InputFile, ReadOptions, ReadResult
from datasetkit.formats.copilot_studio.cases import conversation_cases, single_cases
from datasetkit.formats.copilot_studio.parse import (
    ParsedFile,
    finding,
    header_layout,
    header_problem,
    header_roles,
    issue_finding,
)
from datasetkit.formats.copilot_studio.sidecar_read import apply_sidecar
from datasetkit.formats.copilot_studio.spec import FORMAT, TXT_COMMANDS
from datasetkit.io import csvfile as csvutil


def parse_file(src: InputFile, options: ReadOptions | None, fmt: str) -> ParsedFile:
    """Read any Copilot Studio test-set file into cases (one reader for both formats)."""
    options = options or ReadOptions()
    path = src.path
    if options.mapping:
        raise DatasetkitError(
            "--map applies to spreadsheets, not to Copilot Studio test sets",
            f"read the file with --from sheet --map ..., or drop --map: {path}",
        )
    findings: list[Finding] = []
    result = ReadResult(None, findings, fmt)
    parsed = ParsedFile(result)
    text = _text(src, options, findings, result)
    if text is None:
        return parsed
    table = csvutil.read_table(text, delimiter=",", comment_prefix="#")
    roles = header_roles(table.header)
    layout = header_layout(table.header, roles)
    parsed.table, parsed.header, parsed.roles, parsed.layout = table, table.header, roles, layout
    parsed.header_line = table.header_line
    result.info.update(layout=layout, header=table.header, comments=[c for _, c in table.comments])
    if layout in ("unknown", "kit"):
        if src.suffix == ".txt" and layout == "unknown":
            return _parse_lines(parsed, text, path)
        findings += [
            issue_finding(FORMAT, i, path) for i in table.issues if i.kind in ("unclosed-quote",)
        ]
        findings.append(header_problem(table, layout, text, path))
        return parsed
    findings += [
        issue_finding(FORMAT, i, path)
        for i in table.issues
        if i.kind not in ("extra-cells", "missing-cells")
    ]
    cases = (conversation_cases if layout == "conversation" else single_cases)(parsed, path)
    result.dataset = Dataset(cases=cases, source_format=fmt, source_path=path)
    result.locate = lambda pointer: table.location(path, pointer)
    if path != "-" and options.extra.get("sidecar", True) not in (False, "false", "no", "0"):
        apply_sidecar(Path(path), result.dataset, layout == "conversation", findings)
    return parsed


def _text(
    src: InputFile, options: ReadOptions, findings: list[Finding], result: ReadResult
) -> str | None:
    """The file's text; None (reported) for a workbook, a binary file or an empty one."""
    path = src.path
    data = src.data
    if data[:4] == b"PK\x03\x04" or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        findings.append(
            finding(
                f"{FORMAT}.file.xlsx",
                Severity.ERROR,
                "this is an Excel workbook; Copilot Studio imports only CSV or text files",
                f"convert it: datasetkit convert {path} out.csv --from sheet --to {FORMAT}",
                path=path,
                line=1,
            )
        )
        return None
    # Raises (exit 2) when the file is not UTF-8 and its encoding cannot be told.
    dec = csvutil.decode(data, path, options.extra.get("encoding"))
    findings += [issue_finding(FORMAT, i, path) for i in dec.issues]
    result.info.update(encoding=dec.encoding, bom=dec.bom, line_endings=dec.line_endings)
    if any(i.kind == "binary" for i in dec.issues):
        return None
    text = dec.text
    if not text.strip():
        findings.append(
            finding(
                f"{FORMAT}.file.empty",
                Severity.ERROR,
                "the file is empty",
                "add a header row (question,expectedResponse) and one question per row",
                path=path,
                line=1,
            )
        )
        return None
    return text


def _parse_lines(parsed: ParsedFile, text: str, path: str) -> ParsedFile:
    """A headerless .txt file: one question per line."""
    result = parsed.result
    findings = result.findings
    parsed.layout = "questions-txt"
    result.info["layout"] = "questions-txt"
    lines: list[int] = []
    cases: list[Case] = []
    for n, line in enumerate(re.split(r"\r\r\n|\r\n|\n|\r", text), start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("#"):
            findings.append(
                finding(
                    f"{FORMAT}.txt.comment",
                    Severity.INFO,
                    f"line {n} starts with '#' and was skipped as a comment",
                    "",
                    path=path,
                    line=n,
                )
            )
            continue
        i = len(cases)
        if line.strip().casefold() in TXT_COMMANDS:
            findings.append(_command_finding(line, n, i, path))
        lines.append(n)
        cases.append(
            Case(
                turns=[Turn(prompt=line)],
                source=Source(
                    path=path, line=n, row=i + 1, pointer=f"/{i}", turn_pointers=[f"/{i}"]
                ),
            )
        )
        parsed.records.append((i, n, line, None, []))
    result.dataset = Dataset(cases=cases, source_format=result.format, source_path=path)
    result.locate = _line_locator(lines, path)
    if path != "-":
        apply_sidecar(Path(path), result.dataset, False, findings)
    return parsed


def _command_finding(line: str, n: int, i: int, path: str) -> Finding:
    """A line that looks like a harness command (``exit``, ``quit``...) read as a question."""
    return finding(
        f"{FORMAT}.txt.command",
        Severity.WARNING,
        f"line {n} is {line.strip()!r}, which looks like a command that ends a test "
        "harness session rather than a question; it was read as a question",
        "delete the line if it is not a question",
        path=path,
        line=n,
        pointer=f"/{i}",
        row=i + 1,
    )


def _line_locator(lines: list[int], path: str) -> Callable[[str], Location]:
    """Pointer ``/<case>`` -> the line the case's question is on."""

    def locate(pointer: str) -> Location:
        m = re.match(r"/(\d+)", pointer)
        if m and int(m.group(1)) < len(lines):
            return Location(
                path=path, line=lines[int(m.group(1))], pointer=pointer, row=int(m.group(1)) + 1
            )
        return Location(path=path, pointer=pointer)

    return locate
