"""Copilot Studio test sets: single-response and conversation CSV/TXT import files.

The format is a family, not one schema: the downloadable template changed three times
in 2025-2026 and Microsoft's own samples use other headers again. The reader accepts
every layout (``ReadResult.info["layout"]`` says which one a file is):

``docs``           ``Question,Expected response`` (the layout the documentation gives)
``current``        ``"question","expectedResponse"`` with quoted ``#`` comment rows (2026)
``g2``             ``question,expectedResponse,testMethodType,passingScore`` (Feb 2026)
``ess``            ``Prompt,Expected response,Test Method Type[,Passing Score]`` (samples)
``g1``             ``Question,Expected response,Testing method`` (2025 preview docs)
``custom``         a question column plus others (auxiliary columns are kept)
``conversation``   ``conversationNumber,question,response``
``questions-txt``  a ``.txt`` file with one question per line and no header

with a BOM or not, LF, CRLF or the broken ``\r\r\n``, trailing spaces and typographic
quotes in headers. Test methods and passing scores found in a file go into
``Case.extensions["copilot_studio"]["methods"]`` (original names kept) and, mapped,
into ``Turn.evaluators`` (see :func:`evaluators_for_methods`).

Only the question and the expected response are imported by Copilot Studio. Test
methods, passing scores, keywords and expected tools are set in the product after the
import, so the writer puts them, with each case's id, category, notes, tags, extra
columns and extensions, in a readable setup sidecar (``<name>.setup.md``) next to each
CSV; the reader reads it back when it sits beside the file (``ReadOptions.extra
["sidecar"] = False`` turns that off). A single-response set holds at most 100 cases
and a conversation set 20 (or 50), so bigger datasets are split into numbered files
(``name-1.csv``, ``name-2.csv``...), each with its sidecar. The writers live in
:mod:`.copilot_studio_write` (settings in :mod:`.copilot_studio_options`, the sidecar's
text in :mod:`.copilot_studio_sidecar`); this module reads, validates and registers.

Options the writer accepts in ``WriteOptions.extra``:

``template``   ``docs`` (default), ``current``, ``g2`` or ``ess`` (see above); the
               conversation format takes ``conversation`` only. Settings may follow
               the layout, comma-separated, so one command-line option reaches them
               all: ``current,comments``, ``ess,crlf,bom``,
               ``conversation,limits=template-2026-05`` (modifiers: ``comments``,
               ``bom``, ``crlf``, ``lf``, ``minimal``, ``quote-all``, ``no-sidecar``,
               ``truncate``, ``truncate=N``, ``limits=NAME``).
``comments``   true: write the template's ``#`` comment block (``current``, ``g2``,
               conversation).
``truncate``   true: cut questions to the hard limit (1,000 characters, 500 in a
               conversation) instead of failing; a number N: cut to N characters.
               A finding is reported for every cut.
``bom``        true: start the file with a UTF-8 BOM (for Excel). Default: no BOM.
``newline``    ``lf`` (default) or ``crlf``.
``quoting``    ``all`` (quote every non-empty cell, as the templates do; default for
               ``docs``, ``current`` and conversation) or ``minimal`` (default for
               ``g2`` and ``ess``, as those files were written).
``sidecar``    false: no setup sidecar (what it would hold is then reported as lost).
``limits``     conversation only: ``strict`` (default: 20 conversations of at most
               6 question-answer pairs per file) or ``template-2026-05`` (50 and 8).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import csvutil
from ..findings import DatasetkitError, Finding, Location, Severity
from ..model import Case, Dataset, Source, Turn
from . import Format, InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult, register

FORMAT = "copilot-studio"
CONVERSATION_FORMAT = "copilot-studio-conversation"
EXT = "copilot_studio"
SIDECAR_SUFFIX = ".setup.md"

MAX_CASES = 100
QUESTION_WARN = 500
QUESTION_MAX = 1000
CONVERSATION_QUESTION_MAX = 500
# Conversations whose pairs exceed this fail in every known template.
CONVERSATION_HARD = (50, 8)


@dataclass(frozen=True)
class ConversationLimits:
    """How many conversations a file and pairs a conversation may hold."""

    conversations: int
    pairs: int


CONVERSATION_LIMITS = {
    # Learn and the skills repo: 20 cases, 6 pairs; the strictest known caps.
    "strict": ConversationLimits(20, 6),
    # The EvalConversationTemplate.csv downloaded in May 2026.
    "template-2026-05": ConversationLimits(50, 8),
}

# Template name -> header row.
TEMPLATES: dict[str, list[str]] = {
    "docs": ["Question", "Expected response"],
    "current": ["question", "expectedResponse"],
    "g2": ["question", "expectedResponse", "testMethodType", "passingScore"],
    "ess": ["Prompt", "Expected response", "Test Method Type", "Passing Score"],
}
_TEMPLATE_ALIASES = {"g3": "current", "documentation": "docs", "classic": "docs"}
CONVERSATION_HEADER = ["conversationNumber", "question", "response"]

# The comment block of the current template (mcs-labs, April 2026), cell by cell.
CURRENT_COMMENTS = [
    "# Import the test cases you want to use to test your agent",
    "#",
    "# Limitations",
    "# - maximum of 100 questions",
    "# - maximum 500 characters per question including spaces",
    "#",
    "# Imported columns",
    "# question - User question that the agent will answer.",
    "# expectedResponse - Expected responses to run match, similarity and compare meaning test cases.",
    "#",
    "# Test methods",
    "# - Test methods are not included in this template. You can configure test methods after importing the test cases.",
    "# - Initially, the default test method will be added to the imported test set.",
    "#",
    "# For more information, see the documentation.",
    "#",
]
# The comment block of the February 2026 template (padded to four columns).
G2_COMMENTS = [
    "# Import the test cases you want to use to test your agent",
    "#",
    "# Limitations",
    "# - maximum of 100 questions",
    "# - maximum 500 characters per question including spaces",
    "#",
    "# Imported columns",
    "# Question - User question that the agent will answer.",
    "# Expected response - Expected responses to run match, similarity and compare meaning test cases.",
    "# Test method type - There are a few kinds of test methods to evaluate your agent's responses: GeneralQuality, TextSimilarity, CompareMeaning, PartialMatch, ExactMatch.",
    "# Passing score - This threshold is the cut-off score that separates pass from fail. You can set the passing scores for similarity and compare meaning test cases.",
    "#",
    "# For more information, see the documentation.",
    "#",
]
# The comment block of EvalConversationTemplate.csv (May 2026).
CONVERSATION_COMMENTS = [
    "# Import conversations to test your agent.",
    "#",
    "# Limitations",
    "# - 8 question-and-answer pairs max per conversation.",
    "# - 50 conversations max.",
    "# - 500 characters max per question, including spaces.",
    "#",
    "# Imported columns",
    "# conversationNumber - Identifies each conversation. All questions and responses with the same conversation number will run as a single test case against the agent.",
    "# question - The user prompt that the agent will respond to.",
    "# response - The reference agent reply. This field is optional. The agent response isn't compared to this reference answer.",
    "#",
    "# Test methods",
    "# - Test methods are not included in this template. You can select them after importing the test cases.",
    "# - By default, the 'General quality' test method is added to the imported test set.",
    "#",
    "# For more details, refer to the documentation: https://go.microsoft.com/fwlink/?linkid=2335991",
    "#",
]

# Compact header -> role. "prompt" is Microsoft's ESS sample wording for the question.
_ROLE_BY_HEADER = {
    "question": "question",
    "prompt": "question",
    "expectedresponse": "expected",
    "testmethodtype": "method",
    "testingmethod": "method",
    "testmethod": "method",
    "passingscore": "score",
    "conversationnumber": "conversation",
    "response": "response",
}
# Headers of a Power CAT Copilot Studio Kit test list (a different, Dataverse model).
_KIT_HEADERS = {"testutterance", "testtype", "agenttestset"}

# Test method ids (the export/template enum) and their UI names.
METHOD_LABELS = {
    "GeneralQuality": "General quality",
    "CompareMeaning": "Compare meaning",
    "TextSimilarity": "Text similarity",
    "ExactMatch": "Exact match",
    "PartialMatch": "Keyword match (partial match)",
    "KeywordMatch": "Keyword match",
    "ToolUse": "Tool use",
    "CapabilityUse": "Tool use (capability use)",
    "ContentSafety": "Content safety",
    "Custom": "Custom",
}
# Compact spelling (ids, UI names old and new) -> id.
_METHOD_ALIASES = {
    "generalquality": "GeneralQuality",
    "quality": "GeneralQuality",
    "aimetrics": "GeneralQuality",
    "comparemeaning": "CompareMeaning",
    "textsimilarity": "TextSimilarity",
    "similarity": "TextSimilarity",
    "exactmatch": "ExactMatch",
    "partialmatch": "PartialMatch",
    "keywordmatch": "KeywordMatch",
    "tooluse": "ToolUse",
    "capabilityuse": "CapabilityUse",
    "capabilitiesmatch": "CapabilityUse",
    "contentsafety": "ContentSafety",
    "custom": "Custom",
    "classification": "Custom",
}
# Methods graded on a 0-100 score with a passing score.
SCORED_METHODS = {"CompareMeaning", "TextSimilarity"}
# Methods that compare against the expected response (a case without one grades Invalid).
NEEDS_EXPECTED = {"CompareMeaning", "TextSimilarity", "ExactMatch", "PartialMatch"}
# Methods a conversation set cannot use (Learn: single response only).
SINGLE_ONLY = {"CompareMeaning", "TextSimilarity", "ExactMatch"}
# Lines of a .txt question list that are harness commands, not questions.
_TXT_COMMANDS = {"exit", "quit", "bye", "q", "stop"}
# M365 evaluators that General quality stands for (it judges relevance, groundedness,
# completeness; M365 runs Relevance + Coherence when nothing else is set).
_QUALITY_EVALUATORS = ("Relevance", "Coherence", "Groundedness")


# ---------------------------------------------------------------------------
# Test methods <-> M365 evaluators


def similarity_threshold(passing_score: float) -> float:
    """A Copilot Studio passing score (0-100) as an M365 Similarity threshold (1-5)."""
    return round(1 + 4 * passing_score / 100, 2)


def passing_score(threshold: float) -> int | float:
    """An M365 Similarity threshold (1-5) as a Copilot Studio passing score (0-100)."""
    value = round((threshold - 1) * 25, 2)
    return int(value) if float(value).is_integer() else value


def method_id(text: str) -> str | None:
    """The method id for a cell such as ``CompareMeaning`` or ``Compare meaning``."""
    return _METHOD_ALIASES.get(csvutil.compact_header(text))


def evaluators_for_methods(methods: list[dict[str, Any]]) -> dict[str, dict[str, Any]] | None:
    """The M365 evaluators that grade like these Copilot Studio test methods.

    General quality -> Relevance + Coherence; Compare meaning and Text similarity ->
    Similarity (passing score p -> threshold 1 + 4p/100); Exact match -> ExactMatch
    (case-sensitive, as Copilot Studio compares character for character); Keyword /
    partial match -> PartialMatch. Tool use, Content safety and Custom have no M365
    counterpart and stay in the case's extensions only.
    """
    out: dict[str, dict[str, Any]] = {}
    for m in methods:
        kind = m.get("type")
        if kind == "GeneralQuality":
            out.setdefault("Relevance", {})
            out.setdefault("Coherence", {})
        elif kind in SCORED_METHODS:
            opts: dict[str, Any] = {}
            score = m.get("passing_score")
            if (
                isinstance(score, (int, float))
                and not isinstance(score, bool)
                and 0 <= score <= 100
            ):
                opts["threshold"] = similarity_threshold(score)
            out["Similarity"] = opts
        elif kind == "ExactMatch":
            out["ExactMatch"] = {"case_sensitive": True}
        elif kind in ("PartialMatch", "KeywordMatch"):
            out["PartialMatch"] = {}
    return out or None


@dataclass
class _Mapped:
    """Methods derived from M365 evaluators, and what had no Copilot Studio equivalent."""

    methods: list[dict[str, Any]]
    unmapped: list[str] = field(default_factory=list)
    # (evaluator, what changed) for options that do not carry over.
    changed: list[tuple[str, str]] = field(default_factory=list)


def methods_for_evaluators(evaluators: dict[str, Any] | None) -> _Mapped:
    """The Copilot Studio test methods closest to a set of M365 evaluators."""
    out = _Mapped([])
    if not evaluators:
        return out
    seen: set[str] = set()

    def add(entry: dict[str, Any]) -> None:
        if entry["type"] not in seen:
            seen.add(entry["type"])
            out.methods.append(entry)

    for name, raw in evaluators.items():
        opts = raw if isinstance(raw, dict) else {}
        if name in _QUALITY_EVALUATORS:
            add({"type": "GeneralQuality"})
        elif name == "Similarity":
            entry: dict[str, Any] = {"type": "CompareMeaning"}
            t = opts.get("threshold")
            if isinstance(t, (int, float)) and not isinstance(t, bool) and 1 <= t <= 5:
                entry["passing_score"] = passing_score(t)
            add(entry)
        elif name == "ExactMatch":
            if not opts.get("case_sensitive"):
                out.changed.append(
                    ("ExactMatch", "case-insensitive in M365, case-sensitive in Copilot Studio")
                )
            add({"type": "ExactMatch"})
        elif name == "PartialMatch":
            t = opts.get("threshold")
            if _is_number(t) and t != 0.5:
                out.changed.append(("PartialMatch", f"threshold {t} has no Copilot Studio setting"))
            add({"type": "PartialMatch"})
        else:
            out.unmapped.append(name)
    return out


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _effective_evaluators(turn: Turn, dataset: Dataset) -> dict[str, Any] | None:
    """The evaluators M365 would run on ``turn`` (None: the system defaults)."""
    defaults = dataset.default_evaluators
    if turn.evaluators is None:
        return defaults
    if turn.evaluators_mode == "replace":
        return turn.evaluators
    base = defaults if defaults is not None else {"Relevance": {}, "Coherence": {}}
    return {**base, **turn.evaluators}


def _case_methods(case: Case, dataset: Dataset) -> _Mapped:
    """The case's test methods: its Copilot Studio extension when it still matches the
    turns' evaluators (nothing edited since it was read), else derived from them."""
    ext = _ext(case)
    methods = ext.get("methods")
    if isinstance(methods, list):
        expected = evaluators_for_methods([m for m in methods if isinstance(m, dict)])
        turns_ok = all(
            t.evaluators is None
            or (t.evaluators == expected and t.evaluators_mode in (None, "replace"))
            for t in case.turns
        )
        if turns_ok:
            return _Mapped([dict(m) for m in methods if isinstance(m, dict)])
    merged = _Mapped([])
    for turn in case.turns:
        part = methods_for_evaluators(_effective_evaluators(turn, dataset))
        for m in part.methods:
            if all(m["type"] != x["type"] for x in merged.methods):
                merged.methods.append(m)
        merged.unmapped += [u for u in part.unmapped if u not in merged.unmapped]
        merged.changed += [c for c in part.changed if c not in merged.changed]
    return merged


def _ext(case: Case) -> dict[str, Any]:
    ext = (case.extensions or {}).get(EXT)
    return ext if isinstance(ext, dict) else {}


# ---------------------------------------------------------------------------
# Reading


@dataclass
class _Parsed:
    """What reading a file produced, kept for validation."""

    result: ReadResult
    layout: str = ""
    header: list[str] = field(default_factory=list)
    roles: dict[str, int] = field(default_factory=dict)
    table: csvutil.Table | None = None
    header_line: int | None = None
    # Per data record: (line, question, expected, methods) for the limit checks.
    records: list[tuple[int, int, str, str | None, list[dict[str, Any]]]] = field(
        default_factory=list
    )


def _find(code: str, severity: Severity, message: str, hint: str = "", **loc: Any) -> Finding:
    return Finding(code, severity, message, hint, Location(**loc))


def _issue_finding(prefix: str, issue: csvutil.Issue, path: str) -> Finding:
    """A csvutil issue as a finding of this format."""
    sev, hint = {
        "encoding": (
            Severity.WARNING,
            "save the file as 'CSV UTF-8' (Copilot Studio expects UTF-8)",
        ),
        "binary": (Severity.ERROR, "this is not a CSV or text file; export the test set as CSV"),
        "line-endings": (Severity.INFO, "datasetkit convert writes clean line endings"),
        "unclosed-quote": (Severity.ERROR, 'close the quote, or double a quote inside a cell ("")'),
        "text-after-quote": (Severity.WARNING, "put the whole cell inside the quotes"),
        "extra-cells": (Severity.ERROR, "quote cells that contain commas"),
        "missing-cells": (Severity.INFO, "add the missing commas (empty cells are allowed)"),
        "comment-after-header": (
            Severity.WARNING,
            "Copilot Studio skips rows that start with '#'; reword the question if it is one",
        ),
        "duplicate-header": (
            Severity.WARNING,
            "rename or remove one of the columns; the first is used",
        ),
        "empty-header": (Severity.WARNING, "give the column a header, or delete it"),
        "no-header": (
            Severity.ERROR,
            "the first row must be the header: question,expectedResponse",
        ),
    }.get(issue.kind, (Severity.WARNING, ""))
    return Finding(
        f"{prefix}.csv.{issue.kind}"
        if issue.kind not in ("encoding", "binary", "line-endings")
        else f"{prefix}.{issue.kind}",
        sev,
        issue.message,
        hint,
        Location(
            path=path,
            line=issue.line,
            column=issue.column,
            pointer=f"/{issue.index}" if issue.index is not None else None,
            row=issue.index + 2 if issue.index is not None else None,
        ),
        dict(issue.data),
    )


def _roles(header: list[str]) -> dict[str, int]:
    roles: dict[str, int] = {}
    for i, name in enumerate(header):
        role = _ROLE_BY_HEADER.get(csvutil.compact_header(name))
        if role and role not in roles:
            roles[role] = i
    return roles


def _layout(header: list[str], roles: dict[str, int]) -> str:
    """Which template generation a header row is (see the module docstring)."""
    compact = [csvutil.compact_header(h) for h in header]
    if {"conversation", "question"} <= roles.keys():
        return "conversation"
    if _KIT_HEADERS & set(compact):
        return "kit"
    if "question" not in roles:
        return "unknown"
    if compact == ["question", "expectedresponse"]:
        raw = header[0].strip().strip(csvutil._HEADER_QUOTES)
        return "current" if raw == "question" else "docs"
    if compact == ["question", "expectedresponse", "testmethodtype", "passingscore"]:
        return "g2"
    if compact[:3] == ["prompt", "expectedresponse", "testmethodtype"] and len(compact) <= 4:
        return "ess"
    if compact == ["question", "expectedresponse", "testingmethod"]:
        return "g1"
    if compact == ["question"] or compact == ["prompt"]:
        return "questions"
    return "custom"


def sidecar_path(csv_path: Path) -> Path:
    """The setup sidecar that belongs to a CSV file."""
    return csv_path.with_name(csv_path.stem + SIDECAR_SUFFIX)


def _parse(src: InputFile, options: ReadOptions | None, fmt: str) -> _Parsed:
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
    parsed = _Parsed(result)
    data = src.data
    if data[:4] == b"PK\x03\x04" or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        findings.append(
            _find(
                f"{FORMAT}.file.xlsx",
                Severity.ERROR,
                "this is an Excel workbook; Copilot Studio imports only CSV or text files",
                f"convert it: datasetkit convert {path} out.csv --from sheet --to {FORMAT}",
                path=path,
                line=1,
            )
        )
        return parsed
    # Raises (exit 2) when the file is not UTF-8 and its encoding cannot be told.
    dec = csvutil.decode(data, path, options.extra.get("encoding"))
    findings += [_issue_finding(FORMAT, i, path) for i in dec.issues]
    result.info.update(encoding=dec.encoding, bom=dec.bom, line_endings=dec.line_endings)
    if any(i.kind == "binary" for i in dec.issues):
        return parsed
    text = dec.text
    if not text.strip():
        findings.append(
            _find(
                f"{FORMAT}.file.empty",
                Severity.ERROR,
                "the file is empty",
                "add a header row (question,expectedResponse) and one question per row",
                path=path,
                line=1,
            )
        )
        return parsed
    table = csvutil.read_table(text, delimiter=",", comment_prefix="#")
    roles = _roles(table.header)
    layout = _layout(table.header, roles)
    parsed.table, parsed.header, parsed.roles, parsed.layout = table, table.header, roles, layout
    parsed.header_line = table.header_line
    result.info.update(layout=layout, header=table.header, comments=[c for _, c in table.comments])
    if layout in ("unknown", "kit"):
        if src.suffix == ".txt" and layout == "unknown":
            return _parse_lines(parsed, text, path)
        findings += [
            _issue_finding(FORMAT, i, path) for i in table.issues if i.kind in ("unclosed-quote",)
        ]
        findings.append(_header_problem(table, layout, text, path))
        return parsed
    findings += [
        _issue_finding(FORMAT, i, path)
        for i in table.issues
        if i.kind not in ("extra-cells", "missing-cells")
    ]
    cases = (_conversation_cases if layout == "conversation" else _single_cases)(parsed, path)
    result.dataset = Dataset(cases=cases, source_format=fmt, source_path=path)
    result.locate = lambda pointer: table.location(path, pointer)
    if path != "-" and options.extra.get("sidecar", True) not in (False, "false", "no", "0"):
        _apply_sidecar(Path(path), result.dataset, layout == "conversation", findings)
    return parsed


def _header_problem(table: csvutil.Table, layout: str, text: str, path: str) -> Finding:
    """Why the header row is not one Copilot Studio (or datasetkit) can read."""
    line = table.header_line or 1
    shown = ",".join(h.strip() for h in table.header)
    if layout == "kit":
        return _find(
            f"{FORMAT}.layout.kit",
            Severity.ERROR,
            "this is a Power CAT Copilot Studio Kit test list (Test Utterance, Test Type), "
            "not a Copilot Studio import file; Copilot Studio rejects it "
            "('Something went wrong while uploading your file')",
            f"read it as a table: datasetkit convert {path} out.csv --from sheet "
            f"--to {CONVERSATION_FORMAT} (or --to {FORMAT} when it has no multi-turn rows)",
            path=path,
            line=line,
        )
    delimiter = csvutil.sniff_delimiter(text)
    if delimiter != ",":
        name = "semicolons" if delimiter == ";" else "tabs"
        return _find(
            f"{FORMAT}.csv.delimiter",
            Severity.ERROR,
            f"the columns are separated by {name}; Copilot Studio reads commas only",
            "save the file as 'CSV UTF-8 (Comma delimited)'",
            path=path,
            line=line,
        )
    return _find(
        f"{FORMAT}.header.question-missing",
        Severity.ERROR,
        f"the header row ({shown[:120]}) has no question column, so Copilot Studio "
        "rejects the file ('Something went wrong while uploading your file')",
        "name the columns question,expectedResponse (or Question,Expected response); "
        "to read other headers use --from sheet --map prompt=HEADER",
        path=path,
        line=line,
        field=table.header[0] if table.header else None,
    )


def _parse_lines(parsed: _Parsed, text: str, path: str) -> _Parsed:
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
                _find(
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
        if line.strip().casefold() in _TXT_COMMANDS:
            findings.append(
                _find(
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
            )
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

    def locate(pointer: str) -> Location:
        m = re.match(r"/(\d+)", pointer)
        if m and int(m.group(1)) < len(lines):
            return Location(
                path=path, line=lines[int(m.group(1))], pointer=pointer, row=int(m.group(1)) + 1
            )
        return Location(path=path, pointer=pointer)

    result.locate = locate
    if path != "-":
        _apply_sidecar(Path(path), result.dataset, False, findings)
    return parsed


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


def _methods(
    method_cell: str,
    score_cell: str,
    findings: list[Finding],
    loc: dict[str, Any],
    score_loc: dict[str, Any],
) -> list[dict[str, Any]]:
    """The test methods of one row, from its method and passing-score cells."""
    methods: list[dict[str, Any]] = []
    for part in (p.strip() for p in re.split(r"[;|,]", method_cell)):
        if not part:
            continue
        mid = method_id(part)
        if mid is None:
            findings.append(
                _find(
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
    if score_cell.strip():
        value, problem = _parse_score(score_cell)
        if problem:
            findings.append(
                _find(
                    f"{FORMAT}.score.invalid",
                    Severity.WARNING,
                    problem,
                    "write the passing score as a whole number from 0 to 100",
                    **score_loc,
                )
            )
        if not methods:
            findings.append(
                _find(
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
                    _find(
                        f"{FORMAT}.score.ignored",
                        Severity.INFO,
                        f"{m['type']} has no passing score; Copilot Studio ignores it",
                        "passing scores apply to CompareMeaning and TextSimilarity",
                        **score_loc,
                    )
                )
    return methods


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


def _single_cases(parsed: _Parsed, path: str) -> list[Case]:
    table = parsed.table
    assert table is not None
    findings = parsed.result.findings
    roles, header = parsed.roles, parsed.header
    qi, ei, mi, si = (
        roles["question"],
        roles.get("expected"),
        roles.get("method"),
        roles.get("score"),
    )
    role_cols = {qi, ei, mi, si}
    width = len(header)
    cases: list[Case] = []
    for row in table.rows:
        cells = row.values
        loc_row = _row_loc(path, row)
        extra_cells: list[str] = []
        if row.overflow:
            repaired = _repair_overflow(row, roles, width)
            if repaired is not None:
                cells = repaired
                findings.append(
                    _find(
                        f"{FORMAT}.csv.extra-cells",
                        Severity.WARNING,
                        f"line {row.line} has {width + len(row.overflow)} cells for {width} columns; "
                        "the extra cells were joined back into the text (an unquoted comma)",
                        "quote cells that contain commas",
                        **loc_row,
                    )
                )
            else:
                extra_cells = row.overflow
                findings.append(
                    _find(
                        f"{FORMAT}.csv.extra-cells",
                        Severity.ERROR,
                        f"line {row.line} has {width + len(row.overflow)} cells for {width} columns, "
                        "so its cells may be in the wrong columns",
                        "quote cells that contain commas",
                        **loc_row,
                    )
                )
        question = cells[qi]
        expected = cells[ei] if ei is not None else ""
        methods = (
            _methods(
                cells[mi] if mi is not None else "",
                cells[si] if si is not None else "",
                findings,
                {**loc_row, "field": header[mi] if mi is not None else None},
                {**loc_row, "field": header[si] if si is not None else None},
            )
            if mi is not None or si is not None
            else []
        )
        for col, text in ((qi, question), (ei, expected)):
            if col is not None and text:
                _mojibake_check(text, findings, {**loc_row, "field": header[col]})
        extra: dict[str, Any] = {header[i]: cells[i] for i in range(width) if i not in role_cols}
        if extra_cells:
            extra["(extra cells)"] = extra_cells
        evaluators = evaluators_for_methods(methods)
        turn = Turn(
            prompt=question,
            expected_response=expected or None,
            evaluators=evaluators,
            evaluators_mode="replace" if evaluators else None,
            extra=extra,
        )
        ext: dict[str, Any] = {"methods": methods} if methods else {}
        cases.append(
            Case(
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
        )
        parsed.records.append((row.index, row.line, question, expected or None, methods))
    return cases


def _conversation_cases(parsed: _Parsed, path: str) -> list[Case]:
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
                _find(
                    f"{FORMAT}.csv.extra-cells",
                    sev,
                    f"line {row.line} has {width + len(row.overflow)} cells for {width} columns"
                    + ("; the extra cells were joined back into the text" if repaired else ""),
                    "quote cells that contain commas",
                    **loc_row,
                )
            )
            cells = repaired or cells
        key = cells[ci].strip()
        if not key:
            key = "1" if last_key is None else last_key
            findings.append(
                _find(
                    f"{FORMAT}.conversation.number-missing",
                    Severity.WARNING,
                    f"the row has no conversationNumber; it was added to conversation {key}",
                    "give every row its conversation number",
                    **loc_row,
                    field=header[ci],
                )
            )
        elif key in groups and key != last_key:
            findings.append(
                _find(
                    f"{FORMAT}.conversation.not-contiguous",
                    Severity.WARNING,
                    f"conversation {key} continues here after other conversations; its rows were joined in file order",
                    "keep the rows of a conversation together",
                    **loc_row,
                    field=header[ci],
                )
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


# --- the setup sidecar

_SIDECAR_BLOCK = re.compile(r"<!--\s*datasetkit-setup[^\n]*\n(.*?)\n\s*-->", re.S)


def read_sidecar(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The machine-readable part of a setup sidecar, or (None, why not)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot be read ({exc})"
    m = _SIDECAR_BLOCK.search(text)
    if not m:
        return None, "has no datasetkit-setup block"
    try:
        data = json.loads(m.group(1))
    except json.JSONDecodeError as exc:
        return None, f"has a broken datasetkit-setup block ({exc.msg})"
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        return None, "has a datasetkit-setup block without a cases list"
    return data, ""


# Dataset fields the sidecar keeps (default evaluators become each case's methods).
_SIDECAR_DATASET_FIELDS = ("schema_version", "metadata", "default_allowed_tools", "extra")


def _apply_sidecar(
    csv_path: Path, dataset: Dataset, conversation: bool, findings: list[Finding]
) -> None:
    """Attach what a sidecar next to the file says (methods, keywords, ids...) to the cases."""
    cases = dataset.cases
    side = sidecar_path(csv_path)
    if not side.is_file():
        return
    data, problem = read_sidecar(side)
    if data is None:
        findings.append(
            _find(
                f"{FORMAT}.sidecar.invalid",
                Severity.WARNING,
                f"{side.name} {problem}",
                "regenerate it with datasetkit convert, or delete it",
                path=str(side),
            )
        )
        return
    saved = data.get("dataset")
    if isinstance(saved, dict):
        for name in _SIDECAR_DATASET_FIELDS:
            if saved.get(name) is not None and getattr(dataset, name) in (None, {}):
                setattr(dataset, name, saved[name])
    used: set[int] = set()
    applied = 0
    for entry in data["cases"]:
        if not isinstance(entry, dict):
            continue
        question = entry.get("question")
        idx = entry.get("index")
        target: int | None = None
        if isinstance(idx, int) and 0 <= idx < len(cases) and cases[idx].first_prompt == question:
            target = idx
        else:
            hits = [i for i, c in enumerate(cases) if c.first_prompt == question and i not in used]
            target = hits[0] if len(hits) == 1 else None
        if target is None:
            findings.append(
                _find(
                    f"{FORMAT}.sidecar.mismatch",
                    Severity.WARNING,
                    f"{side.name} lists a case that is not in the file: {str(question)[:60]!r}",
                    "the CSV was edited after the sidecar was written; regenerate the sidecar",
                    path=str(side),
                )
            )
            continue
        used.add(target)
        _attach(cases[target], entry, conversation)
        applied += 1
    if applied:
        findings.append(
            _find(
                f"{FORMAT}.sidecar.read",
                Severity.INFO,
                f"test methods and case details for {applied} case(s) were read from {side.name}",
                "",
                path=str(side),
            )
        )


def _attach(case: Case, entry: dict[str, Any], conversation: bool) -> None:
    ext = dict(_ext(case))
    for key in ("methods", "keywords", "expected_tools"):
        if isinstance(entry.get(key), list) and key not in ext:
            ext[key] = entry[key]
    if ext:
        case.extensions = {**(case.extensions or {}), EXT: ext}
    for attr in ("id", "name", "description", "category", "notes"):
        if isinstance(entry.get(attr), str) and getattr(case, attr) is None:
            setattr(case, attr, entry[attr])
    if isinstance(entry.get("tags"), list) and case.tags is None:
        case.tags = [str(t) for t in entry["tags"]]
    if isinstance(entry.get("extra"), dict):
        for k, v in entry["extra"].items():
            case.extra.setdefault(k, v)
    if isinstance(entry.get("extensions"), dict):
        case.extensions = {**entry["extensions"], **(case.extensions or {})}
    turns = entry.get("turns")
    if isinstance(turns, list) and len(turns) == len(case.turns):
        for turn, saved in zip(case.turns, turns, strict=True):
            if not isinstance(saved, dict):
                continue
            for k, v in (saved.get("extra") or {}).items():
                turn.extra.setdefault(k, v)
            if isinstance(saved.get("extensions"), dict) and turn.extensions is None:
                turn.extensions = saved["extensions"]
    if not conversation and case.turns and "methods" in ext and case.turns[0].evaluators is None:
        evaluators = evaluators_for_methods([m for m in ext["methods"] if isinstance(m, dict)])
        case.turns[0].evaluators = evaluators
        case.turns[0].evaluators_mode = "replace" if evaluators else None


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


def _validate_single(parsed: _Parsed, path: str) -> list[Finding]:
    out: list[Finding] = []
    layout, header, roles = parsed.layout, parsed.header, parsed.roles
    hl = parsed.header_line
    if parsed.result.dataset is None:
        return out
    if layout == "conversation":
        out.append(
            _find(
                f"{FORMAT}.layout.conversation",
                Severity.ERROR,
                "this is a conversation test set (conversationNumber,question,response); the "
                "single-response import does not take it",
                f"import it as a conversation set, or check it with --from {CONVERSATION_FORMAT}",
                path=path,
                line=hl,
            )
        )
        return out
    if layout == "questions-txt":
        out.append(
            _find(
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
        qname = header[roles["question"]]
        if csvutil.compact_header(qname) == "prompt":
            out.append(
                _find(
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
                _find(
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
                _find(
                    f"{FORMAT}.header.ignored",
                    Severity.WARNING,
                    f"Copilot Studio ignores the column {name.strip()!r}: {why}",
                    f"remove it (datasetkit convert {path} out.csv --to {FORMAT} keeps it in the setup sidecar)",
                    path=path,
                    line=hl,
                    field=name,
                )
            )
    if len(parsed.records) > MAX_CASES:
        idx, line = parsed.records[MAX_CASES][0], parsed.records[MAX_CASES][1]
        out.append(
            _find(
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
    qfield = header[roles["question"]] if header and "question" in roles else "question"
    for idx, line, question, expected, methods in parsed.records:
        loc = _question_loc(path, line, idx, qfield)
        out += _question_checks(question, loc, QUESTION_WARN, QUESTION_MAX, FORMAT)
        for m in methods:
            if m.get("type") in NEEDS_EXPECTED and not expected:
                out.append(
                    _find(
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


def _question_checks(
    question: str, loc: dict[str, Any], warn: int | None, limit: int, prefix: str
) -> list[Finding]:
    """Empty, too long, or holding a line break."""
    out: list[Finding] = []
    n = len(question)
    if not question.strip():
        out.append(
            _find(
                f"{prefix}.question.empty",
                Severity.ERROR,
                "the question is empty",
                "write the question, or delete the row",
                **loc,
            )
        )
    elif n > limit:
        out.append(
            _find(
                f"{prefix}.limit.question",
                Severity.ERROR,
                f"the question has {n:,} characters; Copilot Studio takes at most {limit:,}",
                "shorten it (datasetkit convert --truncate cuts it)",
                **loc,
            )
        )
    elif warn is not None and n > warn:
        out.append(
            _find(
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
            _find(
                f"{prefix}.question.line-break",
                Severity.WARNING,
                "the question holds a line break; how Copilot Studio imports one is not verified",
                "put the question on one line",
                **loc,
            )
        )
    return out


def _validate_conversation(parsed: _Parsed, path: str, limits: ConversationLimits) -> list[Finding]:
    out: list[Finding] = []
    ds = parsed.result.dataset
    if ds is None:
        return out
    if parsed.layout != "conversation":
        out.append(
            _find(
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
    for i, name in enumerate(header):
        if i not in roles.values():
            out.append(
                _find(
                    f"{CONVERSATION_FORMAT}.header.ignored",
                    Severity.WARNING,
                    f"Copilot Studio ignores the column {name.strip()!r}",
                    "remove it",
                    path=path,
                    line=hl,
                    field=name,
                )
            )
    hard_convs, hard_pairs = CONVERSATION_HARD
    n = len(ds.cases)
    if n > hard_convs or n > limits.conversations:
        sev = Severity.ERROR if n > hard_convs else Severity.WARNING
        out.append(
            _find(
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
    for case in ds.cases:
        src = case.source
        pairs = len(case.turns)
        number = _ext(case).get("conversation_number")
        if pairs > hard_pairs or pairs > limits.pairs:
            sev = Severity.ERROR if pairs > hard_pairs else Severity.WARNING
            out.append(
                _find(
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
                _find(
                    f"{CONVERSATION_FORMAT}.conversation.number",
                    Severity.WARNING,
                    f"conversationNumber {number!r} is not a whole number",
                    "number the conversations 1, 2, 3...",
                    path=path,
                    line=src.line if src else None,
                    field=header[roles["conversation"]],
                )
            )
    qfield = header[roles["question"]]
    for idx, line, question, _expected, _methods in parsed.records:
        loc = _question_loc(path, line, idx, qfield)
        out += _question_checks(question, loc, None, CONVERSATION_QUESTION_MAX, CONVERSATION_FORMAT)
    return out


# ---------------------------------------------------------------------------
# The two formats


# What makes a line of a .txt prose or markup rather than a question: Markdown
# headings, fences, tables, rules, quotes; and a line break inside a sentence.
_MARKUP = re.compile(r"^(#{1,6}\s|```|~~~|\||>\s|={3,}|-{3,}|\*{3,})")
_SENTENCE_BREAK = re.compile(r"[.!?。]\s+[A-Z]")
_ASKS = ("?", "\uff1f", "\u061f")  # ?, fullwidth ?, Arabic ?


def looks_like_question_list(text: str) -> bool:
    """Whether a .txt reads as one question per line (Copilot Studio's question lists)
    rather than prose such as a README: few lines of markup, long paragraphs or
    sentences wrapped over lines, and many lines that ask something."""
    lines = [ln.strip().strip("\u200b\ufeff") for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines:
        return False
    prose = 0
    for i, ln in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        wrapped = bool(nxt[:1].islower()) and not ln.endswith((".", "?", "!", ":", ";"))
        if _MARKUP.match(ln) or len(ln) > 250 or wrapped or len(_SENTENCE_BREAK.findall(ln)) > 1:
            prose += 1
    asks = sum(ln.endswith(_ASKS) for ln in lines)
    return prose <= len(lines) * 0.2 and asks >= len(lines) * 0.3


def _sniff_layout(src: InputFile) -> str | None:
    """The layout of a file's header row (``custom-partial`` for a question column with
    other columns but no expected response: a table for the sheet reader to map)."""
    if src.suffix not in (".csv", ".txt", ""):
        return None
    text = csvutil.sniff_text(src.head(csvutil.SNIFF_BYTES))
    if text is None:
        return None
    for rec in csvutil.iter_records(text):
        if csvutil.is_comment(rec.cells, "#") or all(not c.strip() for c in rec.cells):
            continue
        roles = _roles(rec.cells)
        layout = _layout(rec.cells, roles)
        if layout == "unknown" and src.suffix == ".txt":
            return "questions-txt" if looks_like_question_list(text) else None
        if layout == "custom" and "expected" not in roles:
            return "custom-partial"
        return layout
    return None


def _validate_sidecar(src: InputFile, fmt: str) -> ReadResult:
    data, problem = read_sidecar(Path(src.path))
    findings = (
        []
        if data is not None
        else [
            _find(
                f"{FORMAT}.sidecar.invalid",
                Severity.ERROR,
                f"{Path(src.path).name} {problem}",
                "regenerate it with datasetkit convert",
                path=src.path,
            )
        ]
    )
    return ReadResult(None, findings, fmt)


class _CopilotStudioBase(Format):
    # It answers --map itself, pointing at --from sheet.
    maps_columns = True
    # Split parts and sidecars name each other: staged together in a folder.
    multi_file = True
    """What both formats share: one reader for every Copilot Studio test-set file."""

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read any Copilot Studio test-set file (single-response or conversation)."""
        with csvutil.gc_paused():
            return _parse(src, options, self.name).result

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read, then check what this format's importer accepts."""
        if src.path.endswith(SIDECAR_SUFFIX):
            return _validate_sidecar(src, self.name)
        opts = options or ReadOptions()
        with csvutil.gc_paused():
            parsed = _parse(src, opts, self.name)
        parsed.result.findings += self._check(parsed, src.path, opts)
        return parsed.result

    def _check(self, parsed: _Parsed, path: str, options: ReadOptions) -> list[Finding]:
        raise NotImplementedError


class CopilotStudioFormat(_CopilotStudioBase):
    """Single-response test sets (every template generation), and .txt question lists."""

    name = FORMAT
    label = "Copilot Studio test set (CSV/TXT: question, expected response)"
    extensions = (".csv", ".txt")

    def sniff(self, src: InputFile) -> float:
        """Sure for the known template headers; unsure for a bare .txt question list."""
        return {
            "current": 0.95,
            "g2": 0.95,
            "docs": 0.9,
            "ess": 0.9,
            "g1": 0.9,
            "questions": 0.5,
            "custom": 0.4,
            # Below the sheet reader, which maps "Answer" and the like.
            "custom-partial": 0.15,
            "questions-txt": 0.3,
        }.get(_sniff_layout(src) or "", 0.0)

    def _check(self, parsed: _Parsed, path: str, options: ReadOptions) -> list[Finding]:
        """What the single-response importer accepts."""
        return _validate_single(parsed, path)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the single-response CSV (split every 100 cases) and its setup sidecar."""
        # Imported here: the writer modules import this one for the shared tables.
        from .copilot_studio_write import write_single

        return write_single(dataset, Path(dest), options)


class CopilotStudioConversationFormat(_CopilotStudioBase):
    """Conversation (multi-turn) test sets: ``conversationNumber,question,response``."""

    name = CONVERSATION_FORMAT
    label = "Copilot Studio conversation test set (CSV: conversationNumber, question, response)"
    extensions = (".csv",)

    def sniff(self, src: InputFile) -> float:
        """Sure when the header is the conversation template's."""
        return 0.95 if _sniff_layout(src) == "conversation" else 0.0

    def _check(self, parsed: _Parsed, path: str, options: ReadOptions) -> list[Finding]:
        """What the conversation importer accepts, under the limits chosen (strict by default)."""
        name = str(options.extra.get("limits") or "strict").lower()
        limits = CONVERSATION_LIMITS.get(name, CONVERSATION_LIMITS["strict"])
        return _validate_conversation(parsed, path, limits)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the conversation CSV (split per the limits) and its setup sidecar."""
        from .copilot_studio_write import write_conversation

        return write_conversation(dataset, Path(dest), options)


register(CopilotStudioFormat())
register(CopilotStudioConversationFormat())

__all__ = [
    "CONVERSATION_FORMAT",
    "CONVERSATION_LIMITS",
    "FORMAT",
    "METHOD_LABELS",
    "CopilotStudioConversationFormat",
    "CopilotStudioFormat",
    "evaluators_for_methods",
    "method_id",
    "methods_for_evaluators",
    "passing_score",
    "read_sidecar",
    "sidecar_path",
    "similarity_threshold",
]
