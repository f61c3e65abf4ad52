"""Validation: what the Copilot Studio importer accepts."""

from __future__ import annotations

import re
from typing import Any

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.headers import compact_header
from datasetkit.core.model import Case
from datasetkit.formats.copilot_studio.methods import case_extension
from datasetkit.formats.copilot_studio.parse import ParsedFile, finding
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_FORMAT,
    CONVERSATION_HARD,
    CONVERSATION_LIMITS,
    CONVERSATION_QUESTION_MAX,
    FORMAT,
    MAX_CASES,
    NEEDS_EXPECTED,
    QUESTION_MAX,
    QUESTION_WARN,
    ConversationLimits,
)

# ---------------------------------------------------------------------------
# Validation: what the Copilot Studio importer accepts


def _question_loc(path: str, line: int, idx: int, qfield: str) -> dict[str, Any]:
    """Where the question of record ``idx`` (0-based, below the header) is."""
    return {
        "path": path,
        "line": line,
        "row": idx + 2,
        "pointer": f"/{idx}/{qfield}",
        "field": qfield,
    }


def validate_single(parsed: ParsedFile, path: str) -> list[Finding]:
    """Findings of a single-response set: its layout, header, size and questions."""
    if parsed.result.dataset is None:
        return []
    if parsed.layout == "conversation":
        return [
            finding(
                f"{FORMAT}.layout.conversation",
                Severity.ERROR,
                "this is a conversation test set (conversationNumber,question,response); the "
                "single-response import does not take it",
                f"import it as a conversation set, or check it with --from {CONVERSATION_FORMAT}",
                path=path,
                line=parsed.header_line,
            )
        ]
    return _single_file_findings(parsed, path) + _single_question_findings(parsed, path)


def _single_file_findings(parsed: ParsedFile, path: str) -> list[Finding]:
    """The file as a whole: a .txt list, the header, the number of questions."""
    out: list[Finding] = []
    header, roles = parsed.header, parsed.roles
    if parsed.layout == "questions-txt":
        out.append(
            finding(
                f"{FORMAT}.txt.unverified",
                Severity.INFO,
                "the .txt import format is not documented; this file was read as one question per line",
                f"a CSV with the header question,expectedResponse is the safe choice: "
                f"datasetkit convert {path} out.csv --to {FORMAT}",
                path=path,
                line=1,
            )
        )
    elif header:
        out += _single_header_findings(header, roles, path, parsed.header_line)
    if len(parsed.records) > MAX_CASES:
        idx, line = parsed.records[MAX_CASES][0], parsed.records[MAX_CASES][1]
        out.append(
            finding(
                f"{FORMAT}.limit.cases",
                Severity.ERROR,
                f"the file has {len(parsed.records)} questions; a single-response test set takes at most {MAX_CASES}",
                f"split it into numbered files: datasetkit convert {path} out.csv --to {FORMAT}",
                path=path,
                line=line,
                row=idx + 2,
                pointer=f"/{idx}",
            )
        )
    return out


def _single_question_findings(parsed: ParsedFile, path: str) -> list[Finding]:
    """Each question's length and characters, and methods that need an expected response."""
    out: list[Finding] = []
    header, roles = parsed.header, parsed.roles
    qfield = header[roles["question"]] if header and "question" in roles else "question"
    for idx, line, question, expected, methods in parsed.records:
        loc = _question_loc(path, line, idx, qfield)
        out += _question_checks(question, loc, QUESTION_WARN, QUESTION_MAX, FORMAT)
        for m in methods:
            if m.get("type") in NEEDS_EXPECTED and not expected:
                out.append(
                    finding(
                        f"{FORMAT}.method.needs-expected",
                        # An error, like lint.copilot-studio.method-needs-input (spec §10).
                        Severity.ERROR,
                        f"{m['type']} compares the answer with the expected response, which is empty; "
                        "the case will grade Invalid",
                        "write the expected response, or use GeneralQuality",
                        **{**loc, "pointer": f"/{idx}"},
                    )
                )
    return out


def _single_header_findings(
    header: list[str], roles: dict[str, int], path: str, hl: int | None
) -> list[Finding]:
    """An unverified question column name, columns out of order, columns the import ignores."""
    out: list[Finding] = []
    qname = header[roles["question"]]
    if compact_header(qname) == "prompt":
        out.append(
            finding(
                f"{FORMAT}.header.unverified",
                Severity.WARNING,
                f"the question column is named {qname.strip()!r}; whether Copilot Studio's importer "
                "accepts it is not verified",
                "name it question (or Question)",
                path=path,
                line=hl,
                field=qname,
            )
        )
    if "expected" in roles and roles["expected"] < roles["question"]:
        out.append(
            finding(
                f"{FORMAT}.header.order",
                Severity.WARNING,
                "the expected response column comes before the question; the documentation "
                "names them Question and Expected response, in that order",
                "put the question column first",
                path=path,
                line=hl,
            )
        )
    for i, name in enumerate(header):
        role = next((r for r, c in roles.items() if c == i), None)
        if role in ("question", "expected"):
            continue
        why = (
            "test methods and passing scores are set in Copilot Studio after the import"
            if role in ("method", "score")
            else "only question and expected response are imported"
        )
        out.append(
            finding(
                f"{FORMAT}.header.ignored",
                Severity.WARNING,
                f"Copilot Studio ignores the column {name.strip()!r}: {why}",
                f"remove it (datasetkit convert {path} out.csv --to {FORMAT} keeps it in the setup sidecar)",
                path=path,
                line=hl,
                field=name,
            )
        )
    return out


def _question_checks(
    question: str, loc: dict[str, Any], warn: int | None, limit: int, prefix: str
) -> list[Finding]:
    """Empty, too long, or holding a line break."""
    out: list[Finding] = []
    n = len(question)
    if not question.strip():
        out.append(
            finding(
                f"{prefix}.question.empty",
                Severity.ERROR,
                "the question is empty",
                "write the question, or delete the row",
                **loc,
            )
        )
    elif n > limit:
        out.append(
            finding(
                f"{prefix}.limit.question",
                Severity.ERROR,
                f"the question has {n:,} characters; Copilot Studio takes at most {limit:,}",
                "shorten it (datasetkit convert --truncate cuts it)",
                **loc,
            )
        )
    elif warn is not None and n > warn:
        out.append(
            finding(
                f"{prefix}.limit.question",
                Severity.WARNING,
                f"the question has {n:,} characters; the 2026 templates allow {warn} "
                "(the documentation says 1,000)",
                f"shorten it to {warn} characters",
                **loc,
            )
        )
    if "\n" in question or "\r" in question:
        out.append(
            finding(
                f"{prefix}.question.line-break",
                Severity.WARNING,
                "the question holds a line break; how Copilot Studio imports one is not verified",
                "put the question on one line",
                **loc,
            )
        )
    return out


def validate_conversation(
    parsed: ParsedFile, path: str, limits: ConversationLimits
) -> list[Finding]:
    """Findings of a conversation set: its layout, size and questions, under ``limits``."""
    out: list[Finding] = []
    ds = parsed.result.dataset
    if ds is None:
        return out
    if parsed.layout != "conversation":
        out.append(
            finding(
                f"{CONVERSATION_FORMAT}.layout.single-response",
                Severity.ERROR,
                "this is a single-response test set; the conversation import rejects it "
                "('This file uses the wrong template')",
                f"import it as a single-response set, or convert it: datasetkit convert {path} "
                f"out.csv --to {CONVERSATION_FORMAT}",
                path=path,
                line=parsed.header_line or 1,
            )
        )
        return out
    roles, header, hl = parsed.roles, parsed.header, parsed.header_line
    out += _ignored_columns(header, roles, path, hl)
    hard_convs = CONVERSATION_HARD[0]
    n = len(ds.cases)
    if n > hard_convs or n > limits.conversations:
        sev = Severity.ERROR if n > hard_convs else Severity.WARNING
        out.append(
            finding(
                f"{CONVERSATION_FORMAT}.limit.conversations",
                sev,
                f"the file has {n} conversations; the current template allows {hard_convs}"
                + (
                    f" and the documentation {CONVERSATION_LIMITS['strict'].conversations}"
                    if sev == Severity.WARNING
                    else ""
                ),
                f"split it: datasetkit convert {path} out.csv --to {CONVERSATION_FORMAT}",
                path=path,
                line=hl,
            )
        )
    out += _each_conversation(ds.cases, header, roles, path, limits)
    qfield = header[roles["question"]]
    for idx, line, question, _expected, _methods in parsed.records:
        loc = _question_loc(path, line, idx, qfield)
        out += _question_checks(question, loc, None, CONVERSATION_QUESTION_MAX, CONVERSATION_FORMAT)
    return out


def _ignored_columns(
    header: list[str], roles: dict[str, int], path: str, line: int | None
) -> list[Finding]:
    """The conversation header's columns that the import ignores (no role)."""
    return [
        finding(
            f"{CONVERSATION_FORMAT}.header.ignored",
            Severity.WARNING,
            f"Copilot Studio ignores the column {name.strip()!r}",
            "remove it",
            path=path,
            line=line,
            field=name,
        )
        for i, name in enumerate(header)
        if i not in roles.values()
    ]


def _each_conversation(
    cases: list[Case],
    header: list[str],
    roles: dict[str, int],
    path: str,
    limits: ConversationLimits,
) -> list[Finding]:
    """Per conversation: too many question-answer pairs, a conversationNumber that is no number."""
    out: list[Finding] = []
    hard_pairs = CONVERSATION_HARD[1]
    for case in cases:
        src = case.source
        pairs = len(case.turns)
        number = case_extension(case).get("conversation_number")
        if pairs > hard_pairs or pairs > limits.pairs:
            sev = Severity.ERROR if pairs > hard_pairs else Severity.WARNING
            out.append(
                finding(
                    f"{CONVERSATION_FORMAT}.limit.turns",
                    sev,
                    f"conversation {number} has {pairs} question-answer pairs; the current template "
                    f"allows {hard_pairs}"
                    + (
                        f" and the documentation {CONVERSATION_LIMITS['strict'].pairs}"
                        if sev == Severity.WARNING
                        else ""
                    ),
                    "split the conversation into shorter ones",
                    path=path,
                    line=src.line if src else None,
                    pointer=src.pointer if src else None,
                )
            )
        if number is not None and not re.fullmatch(r"[1-9]\d*", str(number)):
            out.append(
                finding(
                    f"{CONVERSATION_FORMAT}.conversation.number",
                    Severity.WARNING,
                    f"conversationNumber {number!r} is not a whole number",
                    "number the conversations 1, 2, 3...",
                    path=path,
                    line=src.line if src else None,
                    field=header[roles["conversation"]],
                )
            )
    return out
