"""``lint --fix``: apply the fixes that cannot change what a test case means.

Safe fixes: evaluator name case, the UTF-8 BOM, leading/trailing whitespace of prompts
and expected responses, flattening OpenAI-nested tool definitions, Chat Completions tool
calls (and string ``arguments``, string tool results) to typed items, and removing exact
duplicate test cases.

Edits are made in the file's text so everything else keeps its formatting: M365 JSON
values and keys are replaced where they stand, a changed JSONL record is re-serialised
on its own line, CSV cells are replaced in place with their quoting. The fixed text is
validated again before it is written; a fix that would add a validation error is not
applied. Writing keeps a timestamped backup and is atomic.
"""

from __future__ import annotations

import difflib
import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.jsonloc import locate, pointer_join
from datasetkit.formats import ReadResult
from datasetkit.formats.m365.evaluators import M365_RETIRED, m365_case_match
from datasetkit.io.files import UTF8_BOM
from datasetkit.io.inplace import replace_in_place
from datasetkit.lint import csvspan
from datasetkit.lint.config import LintConfig
from datasetkit.lint.engine import lint_file
from datasetkit.lint.registry import family_of
from datasetkit.lint.rules.foundry_raw import CALL_TYPES, message_lists
from datasetkit.validate import Checked, validate_file


@dataclass
class Change:
    """One applied fix: which rule it answers, what was done, and where."""

    code: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape for reports."""
        return {"code": self.code, "message": self.message, "line": self.line}


@dataclass
class FixResult:
    """What ``fix_file`` did (or would do) to one file."""

    path: str
    before: bytes
    after: bytes
    changes: list[Change] = field(default_factory=list)
    backup: Path | None = None
    written: bool = False
    refused: str | None = None

    @property
    def changed(self) -> bool:
        """The fixes change the file's bytes."""
        return self.after != self.before

    def diff(self) -> str:
        """A unified diff of the change (empty when nothing changes)."""
        if not self.changed:
            return ""
        old = self.before.decode("utf-8", errors="replace").splitlines(keepends=True)
        new = self.after.decode("utf-8", errors="replace").splitlines(keepends=True)
        if self.before.startswith(UTF8_BOM) and not self.after.startswith(UTF8_BOM) and old:
            old[0] = "\ufeff" + old[0].lstrip("\ufeff")
        text = "".join(difflib.unified_diff(old, new, f"a/{self.path}", f"b/{self.path}"))
        return (
            text if text.endswith("\n") or not text else text + "\n\\ No newline at end of file\n"
        )


_Edit = tuple[int, int, str]


def _apply(text: str, edits: list[_Edit]) -> str:
    for start, end, repl in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + repl + text[end:]
    return text


def _value_span(text: str, pointer: str) -> tuple[int, int] | None:
    start = locate(text, pointer)
    if start is None:
        return None
    try:
        _, end = json.JSONDecoder().raw_decode(text, start)
    except ValueError:
        return None
    return start, int(end)


def _dump_like(value: str, token: str) -> str:
    """A JSON string in the escaping style of the token it replaces."""
    return json.dumps(value, ensure_ascii="\\u" in token)


def _delete_element(text: str, pointer: str) -> _Edit | None:
    """The edit that removes an array element and the comma that joins it to a neighbour."""
    span = _value_span(text, pointer)
    if span is None:
        return None
    s, e = span
    i = s - 1
    while i >= 0 and text[i] in " \t\r\n":
        i -= 1
    if i >= 0 and text[i] == ",":
        return i, e, ""
    j = e
    while j < len(text) and text[j] in " \t\r\n":
        j += 1
    if j < len(text) and text[j] == ",":
        k = j + 1
        while k < len(text) and text[k] in " \t\r\n":
            k += 1
        return s, k, ""
    return s, e, ""


def _findings(findings: list[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


# ------------------------------------------------------------------------------ M365


def _m365_maps(doc: Any, base: str) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(doc, dict) and isinstance(doc.get("default_evaluators"), dict):
        out.append(("/default_evaluators", doc["default_evaluators"]))
    items = doc.get("items") if isinstance(doc, dict) else doc
    if (
        isinstance(doc, dict)
        and not isinstance(items, list)
        and isinstance(doc.get("prompts"), list)
    ):
        items, base = doc["prompts"], "/prompts"
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("evaluators"), dict):
            out.append((pointer_join(base, i, "evaluators"), item["evaluators"]))
        for t, turn in enumerate(item.get("turns") or []):
            if isinstance(turn, dict) and isinstance(turn.get("evaluators"), dict):
                out.append((pointer_join(base, i, "turns", t, "evaluators"), turn["evaluators"]))
    return out


def _rename_evaluators(
    text: str, doc: Any, base: str, edits: list[_Edit], changes: list[Change]
) -> None:
    """Evaluator keys in the wrong case renamed to their M365 spelling."""
    from json.decoder import scanstring  # type: ignore[attr-defined]

    from datasetkit.io.files import offset_to_line_col

    for ptr, evs in _m365_maps(doc, base):
        for name in evs:
            right = m365_case_match(name)
            if right is None or right in M365_RETIRED or right in evs:
                continue  # renaming onto an existing key would lose one of them
            off = locate(text, pointer_join(ptr, name), key=True)
            if off is None or text[off] != '"':
                continue
            _, end = scanstring(text, off + 1)
            edits.append((off, end, json.dumps(right)))
            changes.append(
                Change(
                    "lint.evaluator.case",
                    f"renamed evaluator {name!r} to {right!r}",
                    offset_to_line_col(text, off)[0],
                )
            )


def _trim_values(
    text: str, findings: list[Finding], edits: list[_Edit], changes: list[Change]
) -> None:
    """Prompts and expected responses with whitespace around them, trimmed."""
    for f in _findings(findings, "lint.text.whitespace"):
        wptr = f.location.pointer
        if not wptr or wptr.rsplit("/", 1)[-1] not in ("prompt", "expected_response"):
            continue
        span = _value_span(text, wptr)
        if span is None:
            continue
        token = text[span[0] : span[1]]
        try:
            value = json.loads(token)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, str) and value.strip() != value:
            edits.append((span[0], span[1], _dump_like(value.strip(), token)))
            changes.append(
                Change("lint.text.whitespace", f"trimmed whitespace around {wptr}", f.location.line)
            )


def _fix_m365(text: str, findings: list[Finding], codes: set[str]) -> tuple[str, list[Change]]:
    """The fixes of an M365 document: evaluator names, trimmed text, duplicate items."""
    doc = json.loads(text)
    base = "/items" if isinstance(doc, dict) else ""
    edits: list[_Edit] = []
    changes: list[Change] = []
    if "lint.evaluator.case" in codes:
        _rename_evaluators(text, doc, base, edits, changes)
    if "lint.text.whitespace" in codes:
        _trim_values(text, findings, edits, changes)
    if "lint.case.duplicate" in codes:
        for f in _findings(findings, "lint.case.duplicate"):
            dptr = f.location.pointer
            edit = _delete_element(text, dptr) if dptr else None
            if edit is not None:
                edits.append(edit)
                changes.append(
                    Change(
                        "lint.case.duplicate",
                        f"removed {dptr}, an exact copy of an earlier item",
                        f.location.line,
                    )
                )
    return _apply(text, edits), changes


# --------------------------------------------------------------------------- Foundry


def _flatten_definitions(row: dict[str, Any]) -> int:
    n = 0
    for key in ("tool_definitions", "tools"):
        defs = row.get(key)
        if not isinstance(defs, list):
            continue
        for j, d in enumerate(defs):
            if isinstance(d, dict) and "name" not in d and isinstance(d.get("function"), dict):
                flat = {"type": "function", **d["function"]}
                flat.update({k: v for k, v in d.items() if k not in ("type", "function")})
                defs[j] = flat
                n += 1
    return n


def _decode_args(value: Any) -> Any:
    if isinstance(value, str):
        try:
            decoded = json.loads(value) if value.strip() else {}
        except (ValueError, RecursionError):
            return None
        return decoded if isinstance(decoded, dict) else None
    return value


def _typed_messages(row: dict[str, Any], codes: set[str]) -> list[str]:
    """Chat Completions calls, string arguments and string tool results -> typed items."""
    done: list[str] = []
    for _, msgs in message_lists(row):
        for m in msgs:
            if not isinstance(m, dict):
                continue
            calls = m.get("tool_calls")
            if "lint.foundry.chat-completions" in codes and isinstance(calls, list):
                items: list[dict[str, Any]] = []
                ok = True
                for tc in calls:
                    fn = tc.get("function") if isinstance(tc, dict) else None
                    if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
                        ok = False
                        break
                    args = _decode_args(fn.get("arguments", {}))
                    if args is None:
                        ok = False
                        break
                    items.append(
                        {
                            "type": "tool_call",
                            "tool_call_id": tc.get("id"),
                            "name": fn["name"],
                            "arguments": args,
                        }
                    )
                if ok:
                    content = m.get("content")
                    head = (
                        [{"type": "text", "text": content}]
                        if isinstance(content, str) and content
                        else []
                    )
                    if isinstance(content, list):
                        head = content
                    m["content"] = head + items
                    del m["tool_calls"]
                    done.append("lint.foundry.chat-completions")
            content = m.get("content")
            if "lint.foundry.string-arguments" in codes and isinstance(content, list):
                for item in content:
                    if (
                        isinstance(item, dict)
                        and item.get("type") in CALL_TYPES
                        and isinstance(item.get("arguments"), str)
                    ):
                        args = _decode_args(item["arguments"])
                        if args is not None:
                            item["arguments"] = args
                            done.append("lint.foundry.string-arguments")
            if (
                "lint.foundry.tool-content-string" in codes
                and m.get("role") == "tool"
                and isinstance(m.get("content"), str)
            ):
                m["content"] = [{"type": "tool_result", "tool_result": m["content"]}]
                done.append("lint.foundry.tool-content-string")
    return done


_WORDS = {
    "lint.foundry.chat-completions": "converted Chat Completions tool calls to tool_call items",
    "lint.foundry.string-arguments": "decoded string tool-call arguments into objects",
    "lint.foundry.tool-content-string": "wrapped string tool results in tool_result items",
    "lint.foundry.nested-tool-definition": "flattened nested tool definitions",
    "lint.text.whitespace": "trimmed whitespace around query/ground_truth",
}


def _strip_row(row: dict[str, Any]) -> bool:
    changed = False
    for key in ("query", "ground_truth"):
        v = row.get(key)
        if isinstance(v, str) and v.strip() and v.strip() != v:
            row[key] = v.strip()
            changed = True
    return changed


def _fix_jsonl(text: str, findings: list[Finding], codes: set[str]) -> tuple[str, list[Change]]:
    lines = text.splitlines(keepends=True)
    changes: list[Change] = []
    drop = {f.location.line for f in _findings(findings, "lint.case.duplicate") if f.location.line}
    lines_with = {c: {f.location.line for f in _findings(findings, c)} for c in codes}
    out: list[str] = []
    for n, raw in enumerate(lines, start=1):
        if n in drop:
            changes.append(
                Change("lint.case.duplicate", "removed an exact copy of an earlier record", n)
            )
            continue
        touched = [c for c in codes if n in lines_with.get(c, ())]
        if not touched or not raw.strip():
            out.append(raw)
            continue
        try:
            row = json.loads(raw)
        except (ValueError, RecursionError):  # bad JSON, too deep, huge numbers
            out.append(raw)
            continue
        if not isinstance(row, dict):
            out.append(raw)
            continue
        done: list[str] = []
        if "lint.foundry.nested-tool-definition" in touched and _flatten_definitions(row):
            done.append("lint.foundry.nested-tool-definition")
        done += _typed_messages(row, set(touched))
        if "lint.text.whitespace" in touched and _strip_row(row):
            done.append("lint.text.whitespace")
        if not done:
            out.append(raw)
            continue
        ending = raw[len(raw.rstrip("\r\n")) :]
        out.append(json.dumps(row, ensure_ascii=False) + ending)
        for code in dict.fromkeys(done):
            changes.append(Change(code, _WORDS[code], n))
    return "".join(out), changes


# ------------------------------------------------------------------------------- CSV


def _fix_csv(
    text: str, findings: list[Finding], codes: set[str], columns: dict[str, str]
) -> tuple[str, list[Change]]:
    records = csvspan.parse(text)
    by_line = {r.line: r for r in records}
    header = next((r for r in records if not r.blank and not r.comment), None)
    edits: list[_Edit] = []
    changes: list[Change] = []
    if "lint.case.duplicate" in codes:
        for f in _findings(findings, "lint.case.duplicate"):
            rec = by_line.get(f.location.line or -1)
            if rec is not None:
                edits.append((rec.start, rec.next_start, ""))
                changes.append(
                    Change(
                        "lint.case.duplicate", "removed an exact copy of an earlier row", rec.line
                    )
                )
    if "lint.text.whitespace" in codes and header is not None:
        names = header.values
        wanted = {columns.get("prompt"), columns.get("expected_response")} - {None}
        cols = [i for i, n in enumerate(names) if n in wanted]
        removed = {e[0] for e in edits}
        for f in _findings(findings, "lint.text.whitespace"):
            rec = by_line.get(f.location.line or -1)
            if rec is None or rec.start in removed:
                continue
            for i in cols:
                if i < len(rec.cells):
                    cell = rec.cells[i]
                    if cell.value.strip() and cell.value.strip() != cell.value:
                        edits.append(
                            (
                                cell.start,
                                cell.end,
                                csvspan.quote(cell.value.strip(), always=cell.quoted),
                            )
                        )
                        changes.append(
                            Change(
                                "lint.text.whitespace",
                                f"trimmed whitespace in column {names[i]!r}",
                                rec.line,
                            )
                        )
    return _apply(text, edits), changes


# ------------------------------------------------------------------------------ main


def _validate_bytes(path: str, data: bytes, fmt: str) -> list[Finding]:
    with tempfile.TemporaryDirectory(prefix="datasetkit-fix-") as tmp:
        probe = Path(tmp) / Path(path).name
        probe.write_bytes(data)
        checked = validate_file(str(probe), fmt)
        return checked.report.findings


def fix_file(
    path: str, fmt: str | None = None, config: LintConfig | None = None, write: bool = True
) -> FixResult:
    """Apply the safe fixes to ``path`` (or only compute them when ``write`` is false)."""
    if path == "-":
        raise DatasetkitError("--fix cannot change standard input", "name the file to fix")
    cfg = config or LintConfig()
    # Fixing needs the dataset the whole-file lint keeps (the file is read whole anyway).
    checked = lint_file(path, fmt, cfg, stream=False)
    before = Path(path).read_bytes()
    result = FixResult(checked.report.path, before, before)
    result.refused = _refusal(checked.result, before)
    if result.refused is not None or checked.result is None:
        return result
    fmt_name = checked.result.format
    findings = checked.report.findings
    codes = {f.code for f in findings if f.code.startswith("lint.")}
    data = before
    changes: list[Change] = []
    if "lint.file.bom" in codes and data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM) :]
        changes.append(Change("lint.file.bom", "removed the UTF-8 byte order mark", 1))
    keep_bom = data.startswith(UTF8_BOM)
    text = (
        data[len(UTF8_BOM) :].decode("utf-8") if keep_bom else data.decode("utf-8", errors="strict")
    )
    text, more = _fixed_text(path, text, checked, cfg, codes & _FIXABLE, before)
    changes += more
    try:
        after = (UTF8_BOM if keep_bom else b"") + text.encode("utf-8")
    except UnicodeEncodeError as exc:
        # A lone surrogate (a broken \ud800 escape) cannot be written back as UTF-8.
        result.refused = (
            f"the file holds a lone surrogate ({exc.object[exc.start : exc.end]!r}), which "
            "cannot be written as UTF-8; replace the broken escape first"
        )
        return result
    result.after, result.changes = after, changes
    if not result.changed:
        return result
    new_errors = _new_errors(path, after, fmt_name, findings)
    if new_errors:
        result.refused = (
            f"the fixed file would not validate ({new_errors[0].code}: {new_errors[0].message})"
        )
        result.after = before
        return result
    if write:
        # Locked, re-checked against the bytes read above, backed up under its own name.
        result.backup = replace_in_place(path, before, after)
        result.written = True
    return result


# The findings --fix can rewrite (beside lint.file.bom, handled on the bytes).
_FIXABLE = {
    "lint.evaluator.case",
    "lint.text.whitespace",
    "lint.case.duplicate",
    "lint.foundry.chat-completions",
    "lint.foundry.string-arguments",
    "lint.foundry.tool-content-string",
    "lint.foundry.nested-tool-definition",
}


def _refusal(read: ReadResult | None, before: bytes) -> str | None:
    """Why the file is not fixed at all: unread, a workbook, or not UTF-8 (None: it may be)."""
    if read is None or read.dataset is None:
        return "the file could not be read"
    if before.startswith(b"PK\x03\x04"):
        # A workbook is not text: its cells are fixed in the spreadsheet program.
        return "a workbook is not edited in place; fix the cells in the spreadsheet"
    try:
        before.removeprefix(UTF8_BOM).decode("utf-8")
    except UnicodeDecodeError:
        return "the file is not UTF-8 text; save it as UTF-8 first"
    return None


def _fixed_text(
    path: str, text: str, checked: Checked, cfg: LintConfig, fixable: set[str], before: bytes
) -> tuple[str, list[Change]]:
    """The text with the fixes of its family applied (M365 JSON, CSV, Foundry JSONL)."""
    if not fixable or checked.result is None:
        return text, []
    family = family_of(checked.result.format)
    findings = checked.report.findings
    is_csv = Path(path).suffix.lower() in (".csv", ".txt", ".tsv")
    if family == "m365" and not is_csv:
        return _fix_m365(text, findings, fixable)
    if is_csv:
        from datasetkit.lint.context import LintContext

        ctx = LintContext(checked.report.path, checked.result, cfg, [], before)
        return _fix_csv(text, findings, fixable, ctx.columns)
    if family == "foundry":
        return _fix_jsonl(text, findings, fixable)
    return text, []


def _new_errors(path: str, after: bytes, fmt_name: str, findings: list[Finding]) -> list[Finding]:
    """The validation errors the fixed bytes have that the file did not."""
    old_errors = {
        (f.code, f.message)
        for f in findings
        if f.severity == Severity.ERROR and not f.code.startswith("lint.")
    }
    return [
        f
        for f in _validate_bytes(path, after, fmt_name)
        if f.severity == Severity.ERROR
        and (f.code, f.message) not in old_errors
        and f.code not in ("json.bom", "foundry.bom")
    ]


__all__ = ["Change", "FixResult", "fix_file"]
