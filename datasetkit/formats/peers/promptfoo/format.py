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

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.formats import Format, InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult
from datasetkit.formats.peers import base as c
from datasetkit.formats.peers.promptfoo.assertions import (
    choose_roles,
    expected_raw,
    expected_var,
    map_expected,
    parse_assertion,
    report_unheld,
    write_expected_var,
)

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset, Turn

FORMAT = "promptfoo"


CARRY_COLUMN = "__metadata:datasetkit"


_SPECIAL = ("__expected", "__description", "__metadata:", "__threshold", "__prefix",
            "__suffix", "__metric", "__providerOutput", "__config:")  # fmt: skip


_CASE_META = ("id", "category")


def is_promptfoo_header(header: list[str]) -> bool:
    """True when a header has one of promptfoo's ``__`` marker columns."""
    return any(h.startswith(_SPECIAL) for h in header)


# File syntaxes of promptfoo tests besides CSV.
OBJECT_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")


# Keys of a promptfoo config besides its tests: what makes a JSON object with "tests" one.
_RUN_KEYS = frozenset({"prompts", "providers", "defaultTest"})


def _json_root(src: InputFile) -> list[dict[str, Any]]:
    """The root object of an indented JSON file (a config), when its start holds it all;
    else its top-level keys seen in the start (a large config), as an object to sniff."""
    import json

    head = src.head(65536).removeprefix(b"\xef\xbb\xbf").lstrip()
    if not head.startswith(b"{"):
        return []
    try:
        value = json.loads(head)
    except (ValueError, RecursionError):
        keys = re.findall(rb'^\s{0,4}"(tests|prompts|providers|defaultTest)"\s*:', head, re.M)
        return [{k.decode(): None for k in keys}] if keys else []
    return [value] if isinstance(value, dict) else []


class PromptfooFormat(Format):
    """promptfoo tests: CSV, YAML (a tests list or a config's tests:), JSON, JSONL."""

    maps_columns = True  # --map prompt=VAR picks the var
    name = FORMAT
    label = "promptfoo tests (CSV with __expected; YAML tests or promptfooconfig; JSON, JSONL)"
    extensions = (".csv", ".yaml", ".yml", ".json", ".jsonl")

    def sniff(self, src: InputFile) -> float:
        """Sure when a CSV header has a promptfoo ``__`` column, or when the objects of a
        YAML/JSON/JSONL file are promptfoo tests (vars, assert) or a promptfoo config."""
        if src.suffix in (".yaml", ".yml"):
            return 0.98 if _yaml_is_promptfoo(src) else 0.0
        if src.suffix in (".json", ".jsonl"):
            from datasetkit.formats.peers.promptfoo.suites import is_config, is_test

            first = c.first_json_objects(src, 3) or _json_root(src)
            config = bool(first) and is_config(first[0]) and bool(_RUN_KEYS & set(first[0]))
            if first and (config or all(is_test(t) for t in first)):
                return 0.99  # above M365's legacy root "prompts", which a config also has
            return 0.0
        if src.suffix not in (".csv", ".tsv", ""):
            return 0.0
        return 0.98 if is_promptfoo_header(c.csv_header(src)) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each test into a case (see the module notes for the mapping)."""
        options = options or ReadOptions()
        if src.suffix in OBJECT_SUFFIXES:
            from datasetkit.formats.peers.promptfoo.suites import read_tests

            return read_tests(src, options, self.read_csv)
        return self.read_csv(src, options)

    def read_csv(self, src: InputFile, options: ReadOptions) -> ReadResult:
        """Read a promptfoo test CSV, one case per row."""
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
        """Write promptfoo tests (CSV, or YAML/JSON/JSONL by the destination's suffix);
        conversations and seeds are left out and reported."""
        skips = c.Skips(FORMAT)
        cases = c.writable_cases(dataset.cases, skips)
        suffix = Path(dest).suffix.lower()
        if suffix in OBJECT_SUFFIXES:
            from datasetkit.formats.peers.promptfoo.suites import dump_tests, test_object

            tests = [test_object(case, skips, Path(dest).parent) for case in cases]
            c.write_text_atomic(dest, [dump_tests(tests, dataset, suffix)])
            return WriteResult([dest], skips.findings(), cases=len(tests))
        rows = [_row(case, skips) for case in cases]
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


_YAML_MARKS = re.compile(r"(?m)^(tests|defaultTest):|^-\s+(vars|assert):")


def _yaml_is_promptfoo(src: InputFile) -> bool:
    """A YAML file of promptfoo tests, or a promptfoo config with tests."""
    from datasetkit.formats.peers.promptfoo.suites import is_config, is_test, load_yaml

    head = src.head(1 << 20)
    value, found = load_yaml(head, src.path)
    if found:  # cut off mid-file, or broken: the keys at the start of a line decide
        text = head.decode("utf-8", errors="replace")
        return bool(_YAML_MARKS.search(text))
    if isinstance(value, list):
        return bool(value) and all(is_test(t) or isinstance(t, str) for t in value)
    return is_config(value) or is_test(value)


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
    map_expected(turn, asserts, layout)
    expected_var(turn, v, case.extra, layout)
    if asserts:
        layout["assert"] = asserts
    if options:
        layout["options"] = options
    turn.extensions = {FORMAT: layout}
    case.turns = [turn]
    return case


def _row(case: Case, skips: c.Skips) -> dict[str, str]:
    turn = case.turns[0]
    layout = dict((turn.extensions or {}).get(FORMAT) or {})
    from datasetkit.formats.peers.promptfoo.suites import source_roles

    roles = {"prompt": "prompt", "context": "context", "response": "response"}
    named = source_roles(case)
    roles.update(named)
    roles.update(layout.get("vars") or {})
    columns = [h for h in layout.get("columns") or [] if isinstance(h, str)]
    row: dict[str, str] = {h: "" for h in columns}
    var_names = {h for h in columns if not h.startswith("__")} | set(layout.get("own_vars") or ())
    if not layout and named:
        # A table's other columns are the user's vars: their names stay, so the
        # templates that use them ({{name}}) still resolve.
        var_names |= set(case.extra)
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
    report_unheld(case, turn, skips)
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
    expected = None if write_expected_var(row, turn, layout) else expected_raw(turn, layout, skips)
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


PEER = c.Peer(PromptfooFormat(), rank=10)
