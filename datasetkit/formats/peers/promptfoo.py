"""promptfoo test CSV: variables, ``__expected`` assertions, ``__description``, metadata.

Reading (one case per row):

* The prompt is one var: ``--map prompt=VAR``, else a var named like a prompt (the
  sheet reader's synonyms, or a name with a word such as message/question/query/input),
  else the var with the longest free text. An info finding says which var it was.
* A var named ``context`` is the turn's context; one named like a recorded answer
  (response, reply, output, ...) is the turn's response.
* The first ``equals`` / ``contains`` / ``icontains`` / ``(i)contains-any`` assertion
  becomes the expected response with ``ExactMatch`` / ``PartialMatch``; else the first
  ``similar`` assertion's value is the expected response (no evaluator). Every other
  assertion, ``__threshold`` and the other ``__`` columns are kept verbatim in
  ``Turn.extensions["promptfoo"]``, with the row's column layout.
* Other vars and ``__metadata:NAME`` values go to ``Case.extra`` (by var name / NAME);
  ``__metadata:id|category`` are the case's id and category, ``__description`` its notes
  (the label of the test, kept where an M365 item can hold it).

Writing: the layout read is written back exactly; extra values that were promptfoo vars
stay vars, every other extra value becomes ``__metadata:NAME``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult
from datasetkit.formats.peers import base as c

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset, Turn

FORMAT = "promptfoo"
CARRY_COLUMN = "__metadata:datasetkit"
_SPECIAL = ("__expected", "__description", "__metadata:", "__threshold", "__prefix",
            "__suffix", "__metric", "__providerOutput", "__config:")  # fmt: skip
# Assertion types promptfoo's CSV loader recognises after a ``type:`` prefix.
_TYPES = (
    "answer-relevance", "bleu", "classifier", "contains-all", "contains-any", "contains-html",
    "contains-json", "contains-sql", "contains-xml", "contains", "context-faithfulness",
    "context-recall", "context-relevance", "cost", "equals", "factuality", "g-eval", "gleu",
    "icontains-all", "icontains-any", "icontains", "is-html", "is-json", "is-refusal",
    "is-sql", "is-valid-function-call", "is-valid-openai-function-call",
    "is-valid-openai-tools-call", "is-xml", "javascript", "latency", "levenshtein",
    "llm-rubric", "meteor", "model-graded-closedqa", "model-graded-factuality", "moderation",
    "perplexity-score", "perplexity", "python", "regex", "rouge-n", "select-best", "similar",
    "starts-with", "webhook", "word-count",
)  # fmt: skip
_ASSERT = re.compile(
    r"^(not-)?("
    + "|".join(re.escape(t) for t in _TYPES)
    + r")(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$"
)
_LEGACY = {"javascript:": "javascript", "fn:": "javascript", "eval:": "javascript",
           "grade:": "llm-rubric", "llm-rubric:": "llm-rubric", "python:": "python"}  # fmt: skip
# Assertions with an M365 evaluator: type -> (evaluator, case_sensitive).
_MAPPED = {
    "equals": ("ExactMatch", True),
    "contains": ("PartialMatch", True),
    "icontains": ("PartialMatch", False),
    "contains-any": ("PartialMatch", True),
    "icontains-any": ("PartialMatch", False),
}
_PROMPT_WORDS = {"prompt", "question", "query", "input", "message", "utterance", "request", "ask"}
_RESPONSE_NAMES = {"response", "reply", "output", "actualoutput", "completion", "modeloutput",
                   "agentresponse", "generatedanswer", "provideroutput"}  # fmt: skip
_CONTEXT_NAMES = {"context", "contexts"}
_CASE_META = ("id", "category")


def parse_assertion(raw: str) -> dict[str, Any]:
    """One ``__expected`` cell as promptfoo reads it: type, value and threshold."""
    for prefix, kind in _LEGACY.items():
        if raw.startswith(prefix):
            return {"type": kind, "value": raw[len(prefix) :]}
    m = _ASSERT.match(raw)
    if not m:
        return {"type": "equals", "value": raw}
    out: dict[str, Any] = {"type": (m.group(1) or "") + m.group(2), "value": m.group(4) or ""}
    if m.group(3):
        out["threshold"] = float(m.group(3))
    return out


def is_promptfoo_header(header: list[str]) -> bool:
    """True when a header has one of promptfoo's ``__`` marker columns."""
    return any(h.startswith(_SPECIAL) for h in header)


def _compact(name: str) -> str:
    return re.sub(r"[\s_\-.]+", "", name).lower()


def _words(name: str) -> set[str]:
    """The words of a var name (snake_case, kebab-case and camelCase split)."""
    parts = re.split(r"[\s_\-.]+|(?<=[a-z])(?=[A-Z])", name.strip())
    return {w.lower() for w in parts if w}


def _free_text_length(values: list[str]) -> float:
    """Mean length of the cells that read as prose (not JSON, not numbers)."""
    total = 0
    for v in values:
        s = v.strip()
        if s[:1] in "[{" or re.fullmatch(r"[-+\d.,%]*", s):
            continue
        total += len(s)
    return total / max(len(values), 1)


def choose_roles(
    variables: list[str], rows: list[dict[str, str]], mapping: dict[str, str]
) -> tuple[dict[str, str], str]:
    """Which var is the prompt (and the context, the response), and why the prompt."""
    from datasetkit.core.roles import SYNONYMS

    roles: dict[str, str] = {}
    for role in ("prompt", "context", "response"):
        if role in mapping:
            if mapping[role] not in variables:
                raise DatasetkitError(
                    f"--map {role}={mapping[role]}: the file has no var column of that name",
                    f"use one of: {', '.join(variables)}",
                )
            roles[role] = mapping[role]
    free = [v for v in variables if v not in roles.values()]
    for v in free:
        if "context" not in roles and _compact(v) in _CONTEXT_NAMES:
            roles["context"] = v
        elif "response" not in roles and _compact(v) in _RESPONSE_NAMES:
            roles["response"] = v
    why = "named by --map"
    if "prompt" not in roles:
        free = [v for v in variables if v not in roles.values()]
        synonyms = {_compact(s) for s in SYNONYMS["prompt"]}
        named = [v for v in free if _compact(v) in synonyms] or [
            v for v in free if _words(v) & _PROMPT_WORDS
        ]
        if named:
            roles["prompt"], why = named[0], "its name says it is the prompt"
        elif free:
            roles["prompt"] = max(
                free, key=lambda v: _free_text_length([r.get(v, "") for r in rows])
            )
            why = "it has the longest free text"
    return roles, why


class PromptfooFormat(Format):
    maps_columns = True  # --map prompt=VAR picks the var
    """promptfoo test CSV (vars, __expected assertions, __description, __metadata:*)."""

    name = FORMAT
    label = "promptfoo test CSV (vars, __expected assertions, __description, __metadata:*)"
    extensions = (".csv",)

    def sniff(self, src: InputFile) -> float:
        """Sure when the header has a promptfoo ``__`` column."""
        if src.suffix not in (".csv", ".tsv", ""):
            return 0.0
        return 0.98 if is_promptfoo_header(c.csv_header(src)) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each row into a case (see the module notes for the mapping)."""
        options = options or ReadOptions()
        path = c.display_path(src)
        recs = c.read_csv_records(src, FORMAT)
        findings = list(recs.findings)
        variables = [h for h in recs.header if not h.startswith("__")]
        roles, why = choose_roles(variables, [r.values for r in recs.records], options.mapping)
        if "prompt" not in roles:
            findings.append(
                Finding(
                    f"{FORMAT}.no-prompt",
                    Severity.ERROR,
                    "the file has no var column to use as the prompt",
                    "add a var column with the message a user sends (e.g. 'question')",
                    Location(path=path, line=1, row=1),
                )
            )
            return ReadResult(None, findings, FORMAT)
        findings.append(
            Finding(
                f"{FORMAT}.prompt-var",
                Severity.INFO,
                f"the var {roles['prompt']!r} is the prompt ({why})",
                "name another with --map prompt=VAR",
                Location(path=path, line=1, row=1, field=roles["prompt"]),
                {"var": roles["prompt"], **{k: v for k, v in roles.items() if k != "prompt"}},
            )
        )
        cases = [_case(r, recs.header, roles, path) for r in recs.records]
        return ReadResult(c.dataset_of(cases, src, FORMAT), findings, FORMAT)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write a promptfoo test CSV; conversations and seeds are left out and reported."""
        skips = c.Skips(FORMAT)
        rows = [_row(case, skips) for case in c.writable_cases(dataset.cases, skips)]
        header: list[str] = []
        for row in rows:
            header.extend(k for k in row if k not in header)
        from datasetkit.formats.csv_safety import ExcelSafe
        from datasetkit.io import csvfile as csvutil

        safe = ExcelSafe(options)
        lines = [csvutil.format_record(safe.header(header)) + "\n"] + [
            csvutil.format_record(safe.row([row.get(h, "") for h in header])) + "\n" for row in rows
        ]
        c.write_text_atomic(dest, lines if header else [])
        return WriteResult([dest], skips.findings() + safe.findings(FORMAT), cases=len(rows))


def _case(rec: c.Record, header: list[str], roles: dict[str, str], path: str) -> Case:
    from datasetkit.core.model import Case, Turn

    v = rec.values
    case = Case(source=rec.source(path))
    turn = Turn(prompt=v.get(roles["prompt"], ""))
    layout: dict[str, Any] = {"columns": list(header)}
    layout["vars"] = dict(roles)
    asserts: list[dict[str, Any]] = []
    options: dict[str, str] = {}
    for h in header:
        value = v.get(h, "")
        if h in roles.values():
            continue
        if h.startswith("__expected"):
            if value.strip():
                asserts.append({"column": h, "raw": value, **parse_assertion(value)})
        elif h == "__description":
            # notes, not description: an M365 item keeps notes (extensions.notes) and
            # has no description, so the label survives a trip through M365.
            case.notes = value or None
        elif h == "__threshold":
            if value.strip():
                layout["threshold"] = value
        elif h == CARRY_COLUMN:
            c.restore_carry(case, value)
        elif h.startswith("__metadata:"):
            name = h[len("__metadata:") :]
            if name in _CASE_META and value:
                setattr(case, name, value)
            else:
                case.extra[name if name not in case.extra and name not in header else h] = value
        elif h.startswith("__"):
            options[h] = value
        else:
            case.extra[h] = value
    if "context" in roles:
        turn.context = v.get(roles["context"]) or None
    if "response" in roles:
        turn.response = v.get(roles["response"])
    _map_expected(turn, asserts, layout)
    if asserts:
        layout["assert"] = asserts
    if options:
        layout["options"] = options
    turn.extensions = {FORMAT: layout}
    case.turns = [turn]
    return case


def _map_expected(turn: Turn, asserts: list[dict[str, Any]], layout: dict[str, Any]) -> None:
    """Take the first assertion with an evaluator (else a ``similar`` reference) out."""
    for i, a in enumerate(asserts):
        if a["type"] in _MAPPED:
            evaluator, sensitive = _MAPPED[a["type"]]
            turn.expected_response = a["value"]
            turn.evaluators = {evaluator: {"case_sensitive": sensitive}}
            layout["expected"] = {"column": a["column"], "raw": a["raw"]}
            del asserts[i]
            return
    for a in asserts:
        if a["type"] == "similar":
            # The reference answer of a semantic-similarity check; the assertion stays.
            turn.expected_response = a["value"]
            return


def _expected_raw(turn: Turn, layout: dict[str, Any], skips: c.Skips) -> str | None:
    """The ``__expected`` text for the turn's expected response and match evaluator."""
    exp = turn.expected_response
    evaluators = turn.evaluators or {}
    if exp is None:
        return None
    stored = layout.get("expected") or {}
    raw = stored.get("raw")
    if isinstance(raw, str):
        a = parse_assertion(raw)
        mapped = _MAPPED.get(a["type"])
        if mapped and a["value"] == exp and mapped[0] in evaluators:
            opts = evaluators[mapped[0]] or {}
            if bool(opts.get("case_sensitive", False)) == mapped[1]:
                return raw
    if "ExactMatch" in evaluators:
        if not (evaluators["ExactMatch"] or {}).get("case_sensitive", False):
            skips.add(
                "exactmatch-case",
                "{n} case-insensitive ExactMatch check{s} written as promptfoo 'equals', "
                "which compares case",
                "edit those to 'icontains:' or a regex if case must not matter",
                Severity.INFO,
            )
        return "equals:" + exp
    if "PartialMatch" in evaluators:
        sensitive = (evaluators["PartialMatch"] or {}).get("case_sensitive", False)
        return ("contains:" if sensitive else "icontains:") + exp
    if any(a.get("type") == "similar" and a.get("value") == exp for a in layout.get("assert", [])):
        return None  # already written by the kept 'similar' assertion
    skips.add(
        "expected-as-similar",
        "{n} expected response{s} with no ExactMatch/PartialMatch written as promptfoo "
        "'similar' assertions (embedding similarity, threshold 0.8)",
        "add ExactMatch or PartialMatch to a case to get 'equals'/'icontains' instead",
        Severity.INFO,
    )
    return "similar:" + exp


def _row(case: Case, skips: c.Skips) -> dict[str, str]:
    turn = case.turns[0]
    layout = dict((turn.extensions or {}).get(FORMAT) or {})
    roles = {"prompt": "prompt", "context": "context", "response": "response"}
    roles.update(layout.get("vars") or {})
    columns = [h for h in layout.get("columns") or [] if isinstance(h, str)]
    row: dict[str, str] = {h: "" for h in columns}
    var_names = {h for h in columns if not h.startswith("__")}
    row[roles["prompt"]] = turn.prompt
    if turn.context is not None or roles["context"] in row:
        row[roles["context"]] = turn.context or ""
    if turn.response is not None or roles["response"] in row:
        row[roles["response"]] = turn.response or ""
    for attr in ("notes", "description", "name"):
        if getattr(case, attr):
            row["__description"] = str(getattr(case, attr))
            break
    for key, value in case.extra.items():
        text = c.as_text(value) or ""
        if key in var_names or key.startswith("__"):
            row[key] = text
        else:
            row[f"__metadata:{key}"] = text
    for name in _CASE_META:
        if getattr(case, name) is not None:
            row[f"__metadata:{name}"] = str(getattr(case, name))
    _write_asserts(row, turn, layout, skips)
    if layout.get("threshold") is not None:
        row["__threshold"] = str(layout["threshold"])
    for key, value in (layout.get("options") or {}).items():
        row[str(key)] = str(value)
    _report_unheld(case, turn, skips)
    held = ("ExactMatch", "PartialMatch") if turn.expected_response is not None else ()
    carry = c.carry_for(case, FORMAT, ("description", "name", "tags", "extensions"), held)
    if carry:
        row[CARRY_COLUMN] = c.dumps(carry)
    return row


def _write_asserts(row: dict[str, str], turn: Turn, layout: dict[str, Any], skips: c.Skips) -> None:
    kept = [a for a in layout.get("assert") or [] if isinstance(a, dict)]
    for a in kept:
        raw = a.get("raw")
        if not isinstance(raw, str):
            raw = f"{a.get('type', 'equals')}:{c.as_text(a.get('value')) or ''}"
        row[str(a.get("column") or _free_column(row))] = raw
    expected = _expected_raw(turn, layout, skips)
    if expected is not None:
        column = (layout.get("expected") or {}).get("column")
        if not isinstance(column, str) or row.get(column):
            column = _free_column(row)
        row[column] = expected


def _free_column(row: dict[str, str]) -> str:
    if not row.get("__expected") and not any(k.startswith("__expected") and row[k] for k in row):
        return "__expected"
    n = 1
    while row.get(f"__expected{n}"):
        n += 1
    return f"__expected{n}"


def _report_unheld(case: Case, turn: Turn, skips: c.Skips) -> None:
    others = [e for e in (turn.evaluators or {}) if e not in ("ExactMatch", "PartialMatch")]
    if others:
        skips.add(
            "evaluators",
            "{n} case{s} with M365 evaluators promptfoo has no assertion for ("
            + ", ".join(sorted(others))
            + "): kept in the __metadata:datasetkit column, which promptfoo does not run",
            "add llm-rubric or similar assertions by hand if promptfoo should grade them",
            Severity.INFO,
        )


PEER = c.Peer(PromptfooFormat(), rank=10)
