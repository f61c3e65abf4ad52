"""Parsed rows to canonical cases: single-response and conversation test sets."""

from __future__ import annotations

import re
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.model import Case, Source, Turn
from datasetkit.formats.copilot_studio.methods import evaluators_for_methods, method_id
from datasetkit.formats.copilot_studio.parse import ParsedFile, finding
from datasetkit.formats.copilot_studio.spec import EXT, FORMAT, METHOD_LABELS, SCORED_METHODS
from datasetkit.io import csvfile as csvutil


def _methods(
    method_cell: str,
    score_cell: str,
    findings: list[Finding],
    loc: dict[str, Any],
    score_loc: dict[str, Any],
) -> list[dict[str, Any]]:
    """The test methods of one row, from its method and passing-score cells."""
    methods = _method_entries(method_cell, findings, loc)
    if score_cell.strip():
        _apply_score(methods, score_cell, findings, score_loc)
    return methods


def _method_entries(
    method_cell: str, findings: list[Finding], loc: dict[str, Any]
) -> list[dict[str, Any]]:
    """The methods a method cell names (an unknown one is kept as written, and reported)."""
    methods: list[dict[str, Any]] = []
    for part in (p.strip() for p in re.split(r"[;|,]", method_cell)):
        if not part:
            continue
        mid = method_id(part)
        if mid is None:
            findings.append(
                finding(
                    f"{FORMAT}.method.unknown",
                    Severity.WARNING,
                    f"unknown test method {part!r}",
                    "use one of: " + ", ".join(sorted(METHOD_LABELS)),
                    **loc,
                )
            )
            methods.append({"type": part})
            continue
        entry: dict[str, Any] = {"type": mid}
        if part != mid:
            entry["label"] = part
        methods.append(entry)
    return methods


def _apply_score(
    methods: list[dict[str, Any]],
    score_cell: str,
    findings: list[Finding],
    score_loc: dict[str, Any],
) -> None:
    """Give every method the row's passing score; a score that cannot apply is reported."""
    value, problem = _parse_score(score_cell)
    if problem:
        findings.append(
            finding(
                f"{FORMAT}.score.invalid",
                Severity.WARNING,
                problem,
                "write the passing score as a whole number from 0 to 100",
                **score_loc,
            )
        )
    if not methods:
        findings.append(
            finding(
                f"{FORMAT}.score.no-method",
                Severity.WARNING,
                "the row has a passing score but no test method",
                "add the test method (e.g. CompareMeaning), or clear the score",
                **score_loc,
            )
        )
    for m in methods:
        m["passing_score"] = value if value is not None else score_cell.strip()
        if m["type"] not in SCORED_METHODS and m["type"] in METHOD_LABELS:
            findings.append(
                finding(
                    f"{FORMAT}.score.ignored",
                    Severity.INFO,
                    f"{m['type']} has no passing score; Copilot Studio ignores it",
                    "passing scores apply to CompareMeaning and TextSimilarity",
                    **score_loc,
                )
            )


def _mojibake_check(text: str, findings: list[Finding], loc: dict[str, Any]) -> None:
    fixed = csvutil.repair_mojibake(text)
    if fixed is not None:
        # Show the repaired words around the first difference, so a text report says it.
        at = next((i for i, (a, b) in enumerate(zip(text, fixed, strict=False)) if a != b), 0)
        start = text.rfind(" ", 0, max(at - 20, 0)) + 1
        snippet = ("…" if start else "") + fixed[start : start + 60].strip()
        snippet += "…" if start + 60 < len(fixed) else ""
        findings.append(
            Finding(
                f"{FORMAT}.text.mojibake",
                Severity.WARNING,
                "the text looks double-encoded (UTF-8 read as Windows-1252, e.g. 'â€™' for '’')",
                f"fix the characters in the source; it should read “{snippet}”",
                Location(**loc),
                {"suggestion": fixed},
            )
        )


def _row_loc(path: str, row: csvutil.Row) -> dict[str, Any]:
    """Where a data row of the file is."""
    return {"path": path, "line": row.line, "row": row.row, "pointer": f"/{row.index}"}


def single_cases(parsed: ParsedFile, path: str) -> list[Case]:
    """One single-turn case per row of a single-response test set."""
    table = parsed.table
    assert table is not None
    findings = parsed.result.findings
    roles, header = parsed.roles, parsed.header
    qi, ei = roles["question"], roles.get("expected")
    role_cols = {qi, ei, roles.get("method"), roles.get("score")}
    width = len(header)
    cases: list[Case] = []
    for row in table.rows:
        cells = row.values
        loc_row = _row_loc(path, row)
        extra_cells: list[str] = []
        if row.overflow:
            cells, extra_cells = _single_overflow(row, roles, width, findings, loc_row)
        question = cells[qi]
        expected = cells[ei] if ei is not None else ""
        methods = _row_methods(cells, roles, header, findings, loc_row)
        for col, text in ((qi, question), (ei, expected)):
            if col is not None and text:
                _mojibake_check(text, findings, {**loc_row, "field": header[col]})
        extra: dict[str, Any] = {header[i]: cells[i] for i in range(width) if i not in role_cols}
        if extra_cells:
            extra["(extra cells)"] = extra_cells
        cases.append(_single_case(path, row, question, expected, methods, extra))
        parsed.records.append((row.index, row.line, question, expected or None, methods))
    return cases


def _row_methods(
    cells: list[str],
    roles: dict[str, int],
    header: list[str],
    findings: list[Finding],
    loc_row: dict[str, Any],
) -> list[dict[str, Any]]:
    """The row's test methods, when the set has a method or passing-score column."""
    mi, si = roles.get("method"), roles.get("score")
    if mi is None and si is None:
        return []
    return _methods(
        cells[mi] if mi is not None else "",
        cells[si] if si is not None else "",
        findings,
        {**loc_row, "field": header[mi] if mi is not None else None},
        {**loc_row, "field": header[si] if si is not None else None},
    )


def _single_case(
    path: str,
    row: csvutil.Row,
    question: str,
    expected: str,
    methods: list[dict[str, Any]],
    extra: dict[str, Any],
) -> Case:
    """The case of one row: its question, expected response, methods and other cells."""
    evaluators = evaluators_for_methods(methods)
    turn = Turn(
        prompt=question,
        expected_response=expected or None,
        evaluators=evaluators,
        evaluators_mode="replace" if evaluators else None,
        extra=extra,
    )
    ext: dict[str, Any] = {"methods": methods} if methods else {}
    return Case(
        kind="single",
        turns=[turn],
        extensions={EXT: ext} if ext else None,
        source=Source(
            path=path,
            line=row.line,
            row=row.row,
            pointer=f"/{row.index}",
            turn_pointers=[f"/{row.index}"],
        ),
    )


def _repair_overflow(row: csvutil.Row, roles: dict[str, int], width: int) -> list[str] | None:
    """The row's cells with an unquoted comma undone: the overflow cells are joined
    back into the free-text column (expected response, then question) for which the
    method and score cells that follow still make sense. None when no join fits."""
    cells = row.values + row.overflow
    k = len(row.overflow)
    for role in ("expected", "response", "question"):
        col = roles.get(role)
        if col is None:
            continue
        merged = [*cells[:col], ",".join(cells[col : col + k + 1]), *cells[col + k + 1 :]]
        if len(merged) != width:
            continue
        mi, si = roles.get("method"), roles.get("score")
        if (
            mi is not None
            and merged[mi].strip()
            and not all(method_id(p) for p in re.split(r"[;|,]", merged[mi]) if p.strip())
        ):
            continue
        if si is not None and merged[si].strip() and _parse_score(merged[si])[0] is None:
            continue
        if mi is None and si is None and col != width - 1:
            continue
        return merged
    return None


def _parse_score(raw: str) -> tuple[int | float | None, str]:
    """A passing score cell: (number, problem or '')."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(%?)\s*", raw)
    if not m:
        return None, f"passing score {raw.strip()!r} is not a number"
    value: int | float = float(m.group(1)) if "." in m.group(1) else int(m.group(1))
    if value > 100:
        return value, f"passing score {value} is above 100 (scores run from 0 to 100)"
    if 0 < value < 1 and not m.group(2):
        return value, (
            f"passing score {value} is on Copilot Studio's 0-100 scale, so it means "
            f"{value}%; write {round(value * 100)} for {round(value * 100)}%"
        )
    return value, ""


def _single_overflow(
    row: csvutil.Row,
    roles: dict[str, int],
    width: int,
    findings: list[Finding],
    loc_row: dict[str, Any],
) -> tuple[list[str], list[str]]:
    """A row with more cells than columns: the repaired cells, or the cells and the extra ones."""
    repaired = _repair_overflow(row, roles, width)
    if repaired is not None:
        findings.append(
            finding(
                f"{FORMAT}.csv.extra-cells",
                Severity.WARNING,
                f"line {row.line} has {width + len(row.overflow)} cells for {width} columns; "
                "the extra cells were joined back into the text (an unquoted comma)",
                "quote cells that contain commas",
                **loc_row,
            )
        )
        return repaired, []
    findings.append(
        finding(
            f"{FORMAT}.csv.extra-cells",
            Severity.ERROR,
            f"line {row.line} has {width + len(row.overflow)} cells for {width} columns, "
            "so its cells may be in the wrong columns",
            "quote cells that contain commas",
            **loc_row,
        )
    )
    return row.values, row.overflow


def conversation_cases(parsed: ParsedFile, path: str) -> list[Case]:
    """One case per conversation number of a conversation test set, a turn per row."""
    table = parsed.table
    assert table is not None
    findings = parsed.result.findings
    roles, header = parsed.roles, parsed.header
    ci, qi, ri = roles["conversation"], roles["question"], roles.get("response")
    role_cols = {ci, qi, ri}
    width = len(header)
    groups: dict[str, Case] = {}
    last_key: str | None = None
    for row in table.rows:
        cells = row.values
        loc_row = _row_loc(path, row)
        if row.overflow:
            repaired = _repair_overflow(row, roles, width)
            sev = Severity.WARNING if repaired is not None else Severity.ERROR
            findings.append(
                finding(
                    f"{FORMAT}.csv.extra-cells",
                    sev,
                    f"line {row.line} has {width + len(row.overflow)} cells for {width} columns"
                    + ("; the extra cells were joined back into the text" if repaired else ""),
                    "quote cells that contain commas",
                    **loc_row,
                )
            )
            cells = repaired or cells
        key = _conversation_key(
            cells[ci], last_key, groups, findings, {**loc_row, "field": header[ci]}
        )
        last_key = key
        question = cells[qi]
        response = cells[ri] if ri is not None else ""
        for col, text in ((qi, question), (ri, response)):
            if col is not None and text:
                _mojibake_check(text, findings, {**loc_row, "field": header[col]})
        extra = {header[i]: cells[i] for i in range(width) if i not in role_cols}
        # The template's response is a reference reply that is not graded: the
        # canonical expected_response, not the agent's answer.
        turn = Turn(prompt=question, expected_response=response or None, extra=extra)
        case = groups.get(key)
        if case is None:
            case = Case(
                kind="conversation",
                extensions={EXT: {"conversation_number": key}},
                source=Source(
                    path=path, line=row.line, row=row.row, pointer=f"/{row.index}", turn_pointers=[]
                ),
            )
            groups[key] = case
        case.turns.append(turn)
        assert case.source is not None and case.source.turn_pointers is not None
        case.source.turn_pointers.append(f"/{row.index}")
        parsed.records.append((row.index, row.line, question, response or None, []))
    return list(groups.values())


def _conversation_key(
    cell: str,
    last_key: str | None,
    groups: dict[str, Case],
    findings: list[Finding],
    loc: dict[str, Any],
) -> str:
    """The conversation a row belongs to: its number, else the one before (with a warning)."""
    key = cell.strip()
    if not key:
        key = "1" if last_key is None else last_key
        findings.append(
            finding(
                f"{FORMAT}.conversation.number-missing",
                Severity.WARNING,
                f"the row has no conversationNumber; it was added to conversation {key}",
                "give every row its conversation number",
                **loc,
            )
        )
    elif key in groups and key != last_key:
        findings.append(
            finding(
                f"{FORMAT}.conversation.not-contiguous",
                Severity.WARNING,
                f"conversation {key} continues here after other conversations; its rows were joined in file order",
                "keep the rows of a conversation together",
                **loc,
            )
        )
    return key
