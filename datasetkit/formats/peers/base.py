"""Shared parts of the peer-tool formats: reading records, list cells, findings, writing.

Peer files are record-shaped (CSV rows, JSONL lines, a JSON array of objects), so the
readers share one way to get records with their locations, and the writers one way to
report what a target cannot hold (one finding per kind, with counts).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import Finding, Location, Severity, Tally
from datasetkit.core.jsonloc import parse_json
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import Format, InputFile
from datasetkit.io import csvfile as csvutil
from datasetkit.io.files import atomic_writer

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset, Source, Turn

# Chunks of a list-valued context are joined with a blank line between them.
CHUNK_SEP = "\n\n"


@dataclass(frozen=True)
class Peer:
    """A peer tool's format as its module declares it (``PEER = Peer(...)``): the format,
    and its place in ``datasetkit formats`` and among the detectors (lowest first)."""

    format: Format
    rank: int


@dataclass
class Record:
    """One source record: its fields in source order and where it was."""

    index: int
    values: dict[str, Any]
    line: int | None = None
    row: int | None = None

    def loc(self, path: str, key: str | None = None) -> Location:
        """The location of the record (or of one of its fields)."""
        pointer = f"/{self.index}" + (f"/{key}" if key is not None else "")
        return Location(path=path, line=self.line, row=self.row, field=key, pointer=pointer)

    def source(self, path: str) -> Source:
        """Provenance for the case built from this record."""
        from datasetkit.core.model import Source

        return Source(path=path, line=self.line, row=self.row, pointer=f"/{self.index}")


@dataclass
class Records:
    """What a record reader found: the records and the findings met on the way."""

    records: list[Record] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    header: list[str] = field(default_factory=list)


def display_path(src: InputFile) -> str:
    """The path findings name ('<stdin>' for standard input)."""
    return "<stdin>" if src.path == "-" else src.path


def csv_header(src: InputFile) -> list[str]:
    """The header cells of a CSV file (cheap: the first record of the head only)."""
    text = csvutil.sniff_text(src.head(csvutil.SNIFF_BYTES))
    if text is None:
        return []
    delimiter = "\t" if src.suffix == ".tsv" else csvutil.sniff_delimiter(text)
    for rec in csvutil.iter_records(text, delimiter):
        if any(c.strip() for c in rec.cells):
            return [c.strip() for c in rec.cells]
    return []


def first_json_objects(src: InputFile, limit: int = 3) -> list[dict[str, Any]]:
    """The first objects of a JSONL file or of a JSON array, for sniffing (may be [])."""
    head = src.head(65536).removeprefix(UTF8_BOM).lstrip()
    out: list[dict[str, Any]] = []
    if head.startswith(b"{"):
        for line in head.split(b"\n")[:limit]:
            try:
                value = json.loads(line)
            except (ValueError, RecursionError):  # bad JSON, bytes, nesting, huge numbers
                break
            if isinstance(value, dict):
                out.append(value)
    elif head.startswith(b"["):
        # Decode the first elements of the array one by one, without the whole file.
        try:
            text = head.decode("utf-8", errors="ignore")
        except UnicodeDecodeError:  # pragma: no cover - errors="ignore"
            return []
        dec = json.JSONDecoder()
        pos = 1
        while len(out) < limit:
            while pos < len(text) and text[pos] in " \t\r\n,":
                pos += 1
            try:
                value, pos = dec.raw_decode(text, pos)
            except (ValueError, RecursionError):
                break
            if not isinstance(value, dict):
                break
            out.append(value)
    return out


def is_index_column(name: str, values: list[str]) -> bool:
    """True for a pandas ``to_csv`` index: an unnamed first column holding 0..n-1."""
    if name.strip() not in ("", "Unnamed: 0"):
        return False
    return all(v.strip() == str(i) for i, v in enumerate(values))


def read_csv_records(src: InputFile, code: str) -> Records:
    """The rows of a CSV file as records keyed by header, an unnamed index column dropped."""
    path = display_path(src)
    decoded = csvutil.decode(src.data)
    delimiter = "\t" if src.suffix == ".tsv" else csvutil.sniff_delimiter(decoded.text)
    table = csvutil.read_table(decoded.text, delimiter=delimiter, comment_prefix=None)
    out = Records(header=list(table.header))
    for issue in decoded.issues + table.issues:
        if issue.kind in ("empty-header", "line-endings"):
            continue  # an unnamed index column is handled below; line endings are fine
        sev = Severity.ERROR if issue.kind in ("unclosed-quote", "binary") else Severity.WARNING
        out.findings.append(
            Finding(
                f"{code}.csv.{issue.kind}",
                sev,
                issue.message,
                "fix the CSV at that line (quote cells that hold the delimiter or quotes)",
                Location(path=path, line=issue.line, column=issue.column),
            )
        )
    header = list(table.header)
    skip = -1
    if header and is_index_column(header[0], [r.values[0] for r in table.rows]):
        skip = 0
        out.findings.append(
            Finding(
                f"{code}.index-column",
                Severity.INFO,
                "the unnamed first column holds the row numbers 0..n-1 (a pandas index), "
                "so it was left out",
                "nothing to do; save with DataFrame.to_csv(index=False) to leave it out",
                Location(path=path, line=table.header_line, row=1, column=1),
            )
        )
    out.header = [h for i, h in enumerate(header) if i != skip]
    for row in table.rows:
        values = {h: row.values[i] for i, h in enumerate(header) if i != skip}
        out.records.append(Record(row.index, values, row.line, row.row))
    return out


def read_jsonl_records(src: InputFile, code: str) -> Records:
    """The objects of a JSONL file, one per non-blank line; bad lines become findings."""
    path = display_path(src)
    out = Records()
    data = src.data
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        out.findings.append(
            Finding(
                f"{code}.encoding",
                Severity.ERROR,
                f"the file is not UTF-8 (byte {exc.start})",
                "save it as UTF-8",
                Location(path=path),
            )
        )
        return out
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except (ValueError, RecursionError) as exc:
            out.findings.append(_bad_line(path, code, n, exc))
            continue
        if not isinstance(value, dict):
            out.findings.append(
                Finding(
                    f"{code}.not-object",
                    Severity.ERROR,
                    f"line {n} holds a JSON {type(value).__name__}, not an object",
                    "put one JSON object on each line",
                    Location(path=path, line=n, column=1),
                )
            )
            continue
        out.records.append(Record(len(out.records), value, n))
    return out


def _bad_line(path: str, code: str, n: int, exc: Exception) -> Finding:
    if isinstance(exc, json.JSONDecodeError):
        why, column = exc.msg, exc.colno
    elif isinstance(exc, RecursionError):
        why, column = "nested too deeply to read", 1
    else:  # a number of more than 4,300 digits
        why, column = "a number has too many digits to read", 1
    return Finding(
        f"{code}.json",
        Severity.ERROR,
        f"line {n} is not valid JSON ({why})",
        "fix the line so it holds one JSON object",
        Location(path=path, line=n, column=column),
    )


def read_json_array(src: InputFile, code: str) -> Records:
    """The objects of a JSON array file, located by line."""
    path = display_path(src)
    parsed = parse_json(src.data, path, code)
    out = Records(findings=list(parsed.findings))
    if not parsed.ok:
        return out
    value = parsed.value
    if isinstance(value, dict):
        # DeepEval's save_as writes a bare list; some exports wrap it in {"goldens": [...]}.
        for key in ("goldens", "test_cases", "conversational_goldens", "data"):
            if isinstance(value.get(key), list):
                value = value[key]
                break
    if not isinstance(value, list):
        out.findings.append(
            Finding(
                f"{code}.shape",
                Severity.ERROR,
                "the file is not a JSON array of records",
                "save the records as a JSON array of objects",
                Location(path=path, line=1, column=1, pointer=""),
            )
        )
        return out
    for i, item in enumerate(value):
        loc = parsed.loc(path, f"/{i}")
        if not isinstance(item, dict):
            out.findings.append(
                Finding(
                    f"{code}.not-object",
                    Severity.ERROR,
                    f"element {i} is a JSON {type(item).__name__}, not an object",
                    "make every element of the array an object",
                    loc,
                )
            )
            continue
        out.records.append(Record(i, item, loc.line))
    return out


def parse_list_cell(value: Any) -> Any:
    """A list/dict written into a CSV cell (JSON, or a Python repr as pandas writes it).

    Anything else is returned unchanged: only cells that are a list or dict literal are
    turned back into values.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not text or text[0] not in "[{" or text[-1] not in "]}":
        return value
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    try:
        # literal_eval only builds literals (no calls), so a cell cannot run code.
        parsed = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return value
    return parsed if isinstance(parsed, (list, dict)) else value


def as_text(value: Any) -> str | None:
    """A field as text: strings as they are, other JSON values encoded; None for null."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def join_chunks(value: Any) -> tuple[str | None, bool]:
    """A context field as text, and whether the list must be kept to split it back.

    List items are joined with a blank line; the list is needed when an item itself
    holds a blank line or is empty (splitting the text would not give it back).
    """
    if value is None:
        return None, False
    if not isinstance(value, list):
        return as_text(value), False
    items = [as_text(v) or "" for v in value]
    text = CHUNK_SEP.join(items)
    keep = any(not isinstance(v, str) for v in value) or split_chunks(text) != items
    return text, keep


def chunk_memo(value: list[Any]) -> Any:
    """What splits a joined context back into ``value``: the length of each chunk when
    they are all text (the text itself is not stored twice), else the list."""
    if all(isinstance(v, str) for v in value):
        return {"sizes": [len(v) for v in value]}
    return json_value(value)


def split_chunks(text: str | None, kept: Any = None) -> list[Any]:
    """The list a context is written back as: cut at the kept chunk sizes, or the kept
    list, when they still match the text; else split at the blank lines."""
    if text is None:
        return []
    if isinstance(kept, list) and join_chunks(kept)[0] == text:
        return list(kept)
    sizes = kept.get("sizes") if isinstance(kept, dict) else None
    if isinstance(sizes, list) and all(isinstance(n, int) and n >= 0 for n in sizes):
        chunks, at = [], 0
        for n in sizes:
            chunks.append(text[at : at + n])
            at += n + len(CHUNK_SEP)
        if CHUNK_SEP.join(chunks) == text:
            return chunks
    return [c for c in text.split(CHUNK_SEP)] if text else []


def json_value(value: Any) -> Any:
    """A value as plain JSON (tuples from a Python repr become lists)."""
    if isinstance(value, tuple):
        return [json_value(v) for v in value]
    if isinstance(value, list):
        return [json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


class Skips(Tally):
    """What a peer writer left out or changed, one finding per kind (``<fmt>.write.<kind>``).

    Not located: the findings are about the whole conversion, and the written file may
    be a staged copy that is moved or dropped afterwards.
    """

    def __init__(self, fmt: str) -> None:
        super().__init__(f"{fmt}.write.")


def writable_cases(cases: Iterable[Case], skips: Skips) -> list[Case]:
    """The single-turn cases a single-turn peer format can hold; the rest are reported."""
    out = []
    for case in cases:
        if case.kind == "seed":
            skips.add(
                "seed",
                "{n} simulation seed{s} left out (a seed has no prompt to write)",
                "convert seeds to Foundry JSONL (--to foundry), which holds them",
            )
        elif (single := _history_as_column(case)) is not None:
            out.append(single)
        elif case.kind == "conversation" or len(case.turns) > 1:
            skips.add(
                "conversation",
                "{n} conversation{s} left out (the format holds one prompt per record)",
                "convert conversations to M365 JSON or Foundry JSONL, which hold several turns",
            )
        elif not case.turns:
            skips.add("no-prompt", "{n} case{s} with no prompt left out", "give each case a prompt")
        else:
            out.append(case)
    return out


def history_of(turns: list[Turn], memo: dict[str, Any]) -> list[Any]:
    """The history column that ``turns`` were read from (see ``promptflow._history_memo``)."""
    if "chat_history" in memo:
        return list(memo["chat_history"])
    names = memo.get("names")
    out: list[Any] = []
    for t in turns:
        if isinstance(names, list) and len(names) == 2:
            entry: dict[str, Any] = {"inputs": {names[0]: t.prompt}}
            if t.response is not None:
                entry["outputs"] = {names[1]: t.response}
            out.append(entry)
            continue
        out.append({"role": "user", "content": t.prompt})
        if t.response is not None:
            out.append({"role": "assistant", "content": t.response})
    return out


def _history_as_column(case: Case) -> Case | None:
    """A conversation whose earlier turns were a chat history column (prompt flow), as
    the single case it was read from: its last turn, the history as a column again."""
    if len(case.turns) < 2:
        return None
    layout = (case.turns[-1].extensions or {}).get("promptflow")
    if not isinstance(layout, dict) or not isinstance(layout.get("key"), str):
        return None
    last = case.turns[-1].model_copy(update={"extensions": None})
    extra = {layout["key"]: history_of(case.turns[:-1], layout), **case.extra}
    return case.model_copy(update={"kind": "single", "turns": [last], "extra": extra})


def write_text_atomic(dest: Path, lines: Iterable[str]) -> None:
    """Write text lines (each already ending with its line break) atomically as UTF-8."""
    with atomic_writer(dest) as fh:
        for line in lines:
            fh.write(line.encode("utf-8"))


def dumps(value: Any) -> str:
    """Compact JSON that keeps non-ASCII text readable."""
    return json.dumps(value, ensure_ascii=False)


def dataset_of(cases: list[Case], src: InputFile, fmt: str) -> Dataset:
    """A dataset holding ``cases``, marked with where it came from."""
    from datasetkit.core.model import Dataset

    return Dataset(cases=cases, source_format=fmt, source_path=src.path)


# Turn fields a peer record has no place for; they travel in the carry instead.
_UNHELD_TURN = ("evaluators", "evaluators_mode", "allowed_tools", "allowed_tools_mode", "tags")
CASE_FACTS = ("id", "category", "notes")


def carry_for(
    case: Case, own: str, case_fields: tuple[str, ...] = (), held: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The carry to write with a record: the case's own plus what the record cannot hold.

    ``own`` is the writing format's layout key in ``Turn.extensions`` (it is spelled out
    by the record itself); ``case_fields`` are Case fields the format has no place for;
    ``held`` the evaluators the record expresses itself (promptfoo assertions).
    """
    ext = dict(case.extensions or {})
    box = ext.pop("datasetkit", None)
    carry: dict[str, Any] = dict(box) if isinstance(box, dict) else {}
    turn = case.turns[0]
    fields: dict[str, Any] = {}
    for name in _UNHELD_TURN:
        value = getattr(turn, name)
        if name == "evaluators" and value:
            value = {k: v for k, v in value.items() if k not in held} or None
        if value is not None:
            fields[name] = json_value(value)
    others = {k: v for k, v in (turn.extensions or {}).items() if k != own}
    if others:
        fields["extensions"] = json_value(others)
    if fields:
        turns = carry.get("turns")
        first = turns[0] if isinstance(turns, list) and turns and isinstance(turns[0], dict) else {}
        carry["turns"] = [{**first, **fields}, *(turns[1:] if isinstance(turns, list) else [])]
    kept: dict[str, Any] = {}
    for name in case_fields:
        value = ext if name == "extensions" else getattr(case, name)
        if value:
            kept[name] = json_value(value)
    if kept:
        carry["case"] = {**(carry.get("case") or {}), **kept}
    if carry:
        carry.setdefault("v", 1)
    return carry


def restore_carry(case: Case, value: Any) -> None:
    """Put a carry read from a record (object or JSON text) back into the case."""
    if isinstance(value, str):
        try:
            value = json.loads(value) if value else None
        except json.JSONDecodeError:
            case.extra["datasetkit"] = value
            return
    if isinstance(value, dict):
        case.extensions = {**(case.extensions or {}), "datasetkit": value}
    elif value is not None:
        case.extra["datasetkit"] = value
