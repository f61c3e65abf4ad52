"""Low-level JSONL reading: records (and JSON-array files) with byte offsets and lines."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import locate, pointer_join
from datasetkit.core.positions import UTF8_BOM, offset_to_line_col
from datasetkit.formats.foundry.collect import Collector
from datasetkit.formats.foundry.spec import JOIN_LIMIT
from datasetkit.formats.text_checks import too_deep
from datasetkit.io.files import read_line

_orjson: Any
try:
    import orjson

    _orjson = orjson
except ImportError:  # optional: the standard parser gives the same values, slower
    _orjson = None

# orjson reads an integer outside 64 bits as a float; such a number has 19 digits or more
# in a row, which a byte translation (every digit to "0") and one search find quickly.
_DIGITS_TO_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = b"0" * 19


def has_long_number(raw: bytes) -> bool:
    """Whether ``raw`` may hold an integer orjson reads differently from json (19 digits
    or more in a row: orjson makes a float of one outside 64 bits)."""
    return _LONG_NUMBER in raw.translate(_DIGITS_TO_ZERO)


# --- low-level record reading -------------------------------------------------------------


def _loads(text: str, raw: bytes) -> Any:
    """``json.loads(text)``, by orjson where it gives the very same value (``raw`` is
    the line's bytes, whose digits are the text's).

    Anything orjson refuses (NaN, a lone surrogate escape, deep nesting, bad syntax) is
    parsed again by json, which words the error or reads the value as it always has.
    """
    if _orjson is not None and not has_long_number(raw):
        try:
            return _orjson.loads(text)
        except _orjson.JSONDecodeError:
            pass
    return json.loads(text)


@dataclass
class Record:
    index: int
    line: int
    end_line: int
    start: int  # byte offsets of the record in the file
    end: int
    value: Any
    text: str
    prefix: str = ""
    base_line: int = 0  # first line of ``text`` (differs from ``line`` in JSON-array files)


def decode_line(raw: bytes, line: int, col: Collector, codec: str = "cp1252") -> str:
    """A line as text; a line that is not UTF-8 is an error (the SDK reads UTF-8 only)
    and is read as ``codec`` (the file's detected encoding, for CSV)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
        if col.converting:
            col.add_once(
                "encoding",
                Finding(
                    "foundry.encoding",
                    Severity.WARNING,
                    f"the file is not UTF-8: read as {codec}",
                    "check the converted text; the file written is UTF-8",
                    Location(path=col.path, line=line, column=column),
                ),
            )
            return _decode_as(raw, codec)
        col.add(
            Finding(
                "foundry.encoding",
                Severity.ERROR,
                f"not valid UTF-8: byte 0x{raw[exc.start]:02x} (the SDK fails the whole file "
                "with UnicodeDecodeError)",
                f"re-save the file as UTF-8; datasetkit read this line as {codec}, and "
                "'datasetkit convert' writes UTF-8",
                Location(path=col.path, line=line, column=column),
            )
        )
        return _decode_as(raw, codec)


def _decode_as(raw: bytes, codec: str) -> str:
    try:
        return raw.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return raw.decode("latin-1")


def _may_continue(text: str, exc: json.JSONDecodeError) -> bool:
    """Whether a parse error could be a record that goes on over the next lines."""
    if exc.msg.startswith(("Invalid control character", "Unterminated string")):
        return True
    return exc.pos >= len(text.rstrip())


class _Lines:
    """Physical lines of a JSONL file: (number, byte offset, bytes, may join), BOM reported.

    Lines pushed back onto ``pending`` (see :func:`_join_lines`) come out first.
    """

    def __init__(self, fh: IO[bytes], col: Collector) -> None:
        self.fh = fh
        self.col = col
        self.pending: deque[tuple[int, int, bytes, bool]] = deque()
        self.line = 0
        self.offset = 0

    def __call__(self) -> tuple[int, int, bytes, bool] | None:
        if self.pending:
            return self.pending.popleft()
        raw = read_line(self.fh, self.line + 1, self.col.path)
        if not raw:
            return None
        self.line += 1
        start = self.offset
        self.offset += len(raw)
        if self.line == 1 and raw.startswith(UTF8_BOM):
            self.col.add(
                Finding(
                    "foundry.bom",
                    Severity.ERROR,
                    "the file starts with a UTF-8 byte order mark (BOM); the SDK's loader "
                    "fails on it with 'Expected object or value'",
                    "save it as UTF-8 without BOM ('datasetkit convert' writes it without)",
                    Location(path=self.col.path, line=1, column=1),
                )
            )
            raw = raw[len(UTF8_BOM) :]
            start += len(UTF8_BOM)
        return self.line, start, raw, True


def iter_records(
    fh: IO[bytes], col: Collector, clean: Callable[[bytes, int], bool] | None = None
) -> Iterator[Record]:
    """JSONL records, with per-line errors and recovery of multi-line records and arrays.

    ``clean(line, size)`` may take a line (its bytes as read) off the caller's
    hands: True means it is a row the caller has nothing to say about, and it is
    counted but not made into a record (validation's fast path, see clean.clean_line).
    """
    path = col.path
    lines = _Lines(fh, col)
    index = 0
    while (item := lines()) is not None:
        line, start, raw, _ = item
        if clean is not None and clean(raw, len(raw)):
            index += 1
            continue
        body = raw.rstrip(b"\r\n")
        if not body.strip():
            if raw.endswith(b"\n") or body:
                col.add(
                    Finding(
                        "foundry.jsonl.blank-line",
                        Severity.WARNING,
                        "blank line (the SDK skips it; strict JSONL readers reject it)",
                        "delete the empty line",
                        Location(path=path, line=line),
                    )
                )
            continue
        text = decode_line(body, line, col)
        try:
            value = _loads(text, body)
        except RecursionError:
            col.add(too_deep("foundry", path, line))
            continue
        except json.JSONDecodeError as exc:
            for rec in _recover(text, exc, item, index, lines, col):
                yield rec
                index += 1
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            yield from _array_records(value, text, line, start, start + len(raw), index, col)
            index += len(value)
            continue
        yield Record(index, line, line, start, start + len(raw), value, text)
        index += 1


def _recover(
    text: str,
    exc: json.JSONDecodeError,
    item: tuple[int, int, bytes, bool],
    index: int,
    lines: _Lines,
    col: Collector,
) -> Iterator[Record]:
    """The records a line that is not valid JSON on its own still holds, each with a finding.

    A raw control character is read leniently; a record that goes on over the next lines
    (or a pretty-printed JSON array) is joined; anything else is a syntax error.
    """
    path = col.path
    line, start, raw, may_join = item
    relaxed = _relaxed(text) if exc.msg.startswith("Invalid control character") else None
    if relaxed is not None:
        col.add(
            Finding(
                "foundry.jsonl.control-character",
                Severity.ERROR,
                "a raw control character (such as a tab) inside a string: strict JSON "
                "parsers reject the line",
                "write a tab as \\t ('datasetkit convert' escapes it)",
                Location(path=path, line=line, column=exc.colno),
            )
        )
        yield Record(index, line, line, start, start + len(raw), relaxed, text)
        return
    joined: Any = None
    if may_join and _may_continue(text, exc):
        joined = _join_lines(text, line, start, len(raw), lines, lines.pending, col)
    if joined is None:
        col.add(_syntax_finding(text, exc, Location(path=path, line=line, column=exc.colno)))
        return
    value, full, end_line, end = joined
    if isinstance(value, list):
        yield from _array_records(value, full, line, start, end, index, col)
        return
    col.add(
        Finding(
            "foundry.jsonl.multiline-record",
            Severity.ERROR,
            f"this record spans lines {line}-{end_line}: a string holds raw line breaks "
            "or the object is pretty-printed; JSONL needs one object per line",
            "write line breaks inside strings as \\n ('datasetkit convert' rewrites "
            "the record on one line)",
            Location(path=path, line=line, column=1, pointer=pointer_join("", index)),
        )
    )
    yield Record(index, line, end_line, start, end, value, full)


def _syntax_finding(text: str, exc: json.JSONDecodeError, loc: Location) -> Finding:
    message, hint = _syntax_message(text, exc)
    return Finding(
        "foundry.jsonl.syntax",
        Severity.ERROR,
        f"invalid JSON on this line: {message} (the SDK fails the whole file "
        "without a line number)",
        hint,
        loc,
    )


def _relaxed(text: str) -> Any:
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _join_lines(
    first: str,
    line: int,
    start: int,
    size: int,
    next_line: Callable[[], tuple[int, int, bytes, bool] | None],
    pending: deque[tuple[int, int, bytes, bool]],
    col: Collector,
) -> tuple[Any, str, int, int] | None:
    """Join following lines until they parse as one value; push them back if they never do."""
    parts = [first]
    taken: list[tuple[int, int, bytes, bool]] = []
    total = size
    while total < JOIN_LIMIT:
        nxt = next_line()
        if nxt is None:
            break
        taken.append(nxt)
        ln, off, raw, _ = nxt
        total += len(raw)
        text = decode_line(raw.rstrip(b"\r\n"), ln, col)
        parts.append(text)
        # Parse only where a record can end, so long files are not re-parsed per line.
        if not text.rstrip().endswith(("}", "]")):
            continue
        full = "\n".join(parts)
        try:
            # strict=False: the line breaks inside strings are what made the record split.
            value = json.loads(full, strict=False)
        except json.JSONDecodeError:
            continue
        return value, full, ln, off + len(raw)
    # Not one record after all: read the taken lines again, one by one, without joining.
    for item in reversed(taken):
        pending.appendleft((item[0], item[1], item[2], False))
    return None


def _array_records(
    value: list[Any], text: str, line: int, start: int, end: int, index: int, col: Collector
) -> Iterator[Record]:
    col.add(
        Finding(
            "foundry.jsonl.json-array",
            Severity.ERROR,
            "this is a JSON array, not JSONL (one object per line); the SDK's loader fails "
            "with 'Expected object or value'",
            "convert it: datasetkit convert FILE -o fixed.jsonl --to foundry",
            Location(path=col.path, line=line, column=1),
        )
    )
    n = index
    for i, v in enumerate(value):
        prefix = pointer_join("", i)
        if not isinstance(v, dict):
            off = locate(text, prefix)
            ln, c = offset_to_line_col(text, off or 0)
            col.add(
                Finding(
                    "foundry.jsonl.not-object",
                    Severity.ERROR,
                    f"array element {i} is {json_type(v)}, not an object (a row)",
                    "make every row a JSON object",
                    Location(path=col.path, line=line + ln - 1, column=c),
                )
            )
            continue
        off = locate(text, prefix)
        ln = offset_to_line_col(text, off or 0)[0] + line - 1
        yield Record(n, ln, ln, start, end, v, text, prefix, base_line=line)
        n += 1


def _syntax_message(text: str, exc: json.JSONDecodeError) -> tuple[str, str]:
    msg = exc.msg
    if msg.startswith("Extra data"):
        return "more than one JSON value on one line", "put each record on its own line"
    if msg.startswith(("Invalid control character", "Unterminated string")):
        return "a string is not closed on this line", "close the string; write line breaks as \\n"
    if msg.startswith("Expecting property name"):
        return "expected a member name in double quotes", 'write keys as "name": value'
    if msg.startswith("Expecting ',' delimiter"):
        return "a comma is missing", "add the missing comma (or close the bracket)"
    if msg.startswith("Expecting value"):
        if text[exc.pos : exc.pos + 1] == "'":
            return "single quotes are not JSON", "use double quotes"
        return "expected a value", "put a string, number, object, array, true, false or null here"
    return msg, "fix the JSON syntax on this line"


def json_type(v: Any) -> str:
    """The JSON type of ``v`` as a message names it ("a string", "null")."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "an array"
    return "an object"
