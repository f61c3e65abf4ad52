"""JSON parsing with located, human-readable errors, and JSON Pointer -> line/column.

``json`` parses at C speed but forgets where values were. Findings need a line and
column, so :func:`locate` walks the text to one pointer on demand, skipping the
values it does not need with the C decoder; nothing is indexed up front, which keeps
a 50 MB file fast to validate.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from dataclasses import dataclass, field
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.positions import UTF8_BOM, byte_offset_to_line_col, offset_to_line_col

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def escape_token(token: str) -> str:
    """Escape one JSON Pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def pointer_join(base: str, *tokens: str | int) -> str:
    """``pointer_join("/items", 3, "prompt") == "/items/3/prompt"``."""
    # Called for every value of every row by the checks: most tokens are indexes or
    # plain names, which need no escaping.
    for t in tokens:
        s = t if isinstance(t, str) else str(t)
        if "~" in s or "/" in s:
            s = s.replace("~", "~0").replace("/", "~1")
        base = f"{base}/{s}"
    return base


def split_pointer(pointer: str) -> list[str]:
    """The unescaped reference tokens of a JSON Pointer."""
    if not pointer:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def _skip_ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _skip_value(text: str, i: int) -> int:
    """Offset just past the JSON value starting at ``i``."""
    try:
        _, end = _DECODER.raw_decode(text, i)
    except json.JSONDecodeError:
        return len(text)
    return int(end)


class Locator:
    """Finds values by JSON Pointer in one text, remembering each container it indexes.

    The first lookup inside a container records the offsets of all its children in one
    pass (values are skipped by the C decoder), so locating thousands of findings in a
    large file costs one pass per container, not one per finding.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        # container offset -> {token: (member-name offset or None, value offset)}
        self._children: dict[int, dict[str, tuple[int | None, int]]] = {}
        self._line_starts: list[int] | None = None

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column of ``offset`` (line starts indexed once, then bisected)."""
        if self._line_starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i != -1:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        line = bisect.bisect_right(self._line_starts, offset)
        return line, offset - self._line_starts[line - 1] + 1

    def _index(self, start: int) -> dict[str, tuple[int | None, int]]:
        cached = self._children.get(start)
        if cached is not None:
            return cached
        text = self.text
        out: dict[str, tuple[int | None, int]] = {}
        ch = text[start] if start < len(text) else ""
        i = _skip_ws(text, start + 1)
        if ch == "{":
            while i < len(text) and text[i] == '"':
                k_start = i
                try:
                    name, i = scanstring(text, i + 1)
                except ValueError:
                    break
                i = _skip_ws(text, i)
                if i >= len(text) or text[i] != ":":
                    break
                i = _skip_ws(text, i + 1)
                out[name] = (k_start, i)  # a duplicate key keeps the last, as json does
                i = _skip_ws(text, _skip_value(text, i))
                if i < len(text) and text[i] == ",":
                    i = _skip_ws(text, i + 1)
                else:
                    break
        elif ch == "[":
            n = 0
            while i < len(text) and text[i] != "]":
                out[str(n)] = (None, i)
                i = _skip_ws(text, _skip_value(text, i))
                if i < len(text) and text[i] == ",":
                    i = _skip_ws(text, i + 1)
                else:
                    break
                n += 1
        self._children[start] = out
        return out

    def locate(self, pointer: str, *, key: bool = False) -> int | None:
        """Character offset of the value at ``pointer`` (or of its member name if ``key``)."""
        i = _skip_ws(self.text, 0)
        key_offset: int | None = None
        for token in split_pointer(pointer):
            if i >= len(self.text) or self.text[i] not in "{[":
                return None
            hit = self._index(i).get(token)
            if hit is None:
                return None
            key_offset, i = hit
        if key and key_offset is not None:
            return key_offset
        return i


def locate(text: str, pointer: str, *, key: bool = False) -> int | None:
    """Character offset of the value at ``pointer`` in ``text`` (or of its member name if ``key``).

    Returns None when the pointer does not resolve. For many lookups in one text, use a
    :class:`Locator`.
    """
    return Locator(text).locate(pointer, key=key)


@dataclass
class ParsedJSON:
    """The result of :func:`parse_json`: the value (if any), the text, and findings."""

    value: Any = None
    text: str = ""
    ok: bool = False
    findings: list[Finding] = field(default_factory=list)
    had_bom: bool = False
    _locator: Locator | None = field(default=None, repr=False)

    def loc(self, path: str | None, pointer: str, *, key: bool = False) -> Location:
        """A Location for ``pointer``, with line and column when the pointer resolves."""
        if self._locator is None:
            self._locator = Locator(self.text)
        find = self._locator.locate
        offset = find(pointer, key=key) if self.text else None
        if offset is None and key:
            offset = find(pointer)
        if offset is None:
            # Fall back to the nearest ancestor that resolves.
            tokens = split_pointer(pointer)
            while tokens and offset is None:
                tokens.pop()
                offset = find("".join("/" + escape_token(t) for t in tokens))
        if offset is None:
            return Location(path=path, pointer=pointer)
        line, col = self._locator.line_col(offset)
        return Location(path=path, line=line, column=col, pointer=pointer)


def _describe_decode_error(text: str, exc: json.JSONDecodeError) -> tuple[str, str, int]:
    """A message and hint for people, and the offset to point at."""
    pos = exc.pos
    rest = text[pos:].strip()
    before = text[:pos].rstrip()
    prev = before[-1:] if before else ""
    ch = text[pos : pos + 1]
    msg = exc.msg
    if not text.strip():
        return (
            "the file is empty",
            'put a JSON document in it, e.g. {"schemaVersion": "1.11.0", "items": [...]}',
            0,
        )
    if "trailing comma" in msg or (prev == "," and ch in ("}", "]")):
        comma = len(before) - 1
        return (
            "trailing comma: a comma stands before the closing bracket",
            "delete the comma after the last element (JSON does not allow trailing commas)",
            comma,
        )
    if not rest:
        return (
            "the JSON ends too early (the file looks truncated)",
            "the document is cut off here: restore the missing end (closing brackets or quotes) from the original",
            pos,
        )
    if msg.startswith("Extra data"):
        return (
            "more than one JSON value: the document should end here",
            "wrap the values in one array or object; if each line is a record, this is JSONL (use --from foundry)",
            pos,
        )
    if msg.startswith("Invalid control character"):
        return (
            "a raw control character (newline or tab) inside a string",
            "write a line break inside a string as \\n and a tab as \\t",
            pos,
        )
    if msg.startswith("Unterminated string"):
        return "a string is never closed", "add the closing double quote", pos
    if ch == "'":
        return (
            "single quotes are not JSON",
            "use double quotes around strings and member names",
            pos,
        )
    if ch == "/" and text[pos : pos + 2] in ("//", "/*"):
        return "comments are not allowed in JSON", "delete the comment", pos
    return _describe_expecting(text, msg, pos)


def _describe_expecting(text: str, msg: str, pos: int) -> tuple[str, str, int]:
    """The decoder's "Expecting ..." errors, for people."""
    if msg.startswith("Expecting ',' delimiter"):
        return (
            "a comma is missing between two elements",
            "add a comma after the previous value (or close the bracket if the list ends here)",
            pos,
        )
    if msg.startswith("Expecting property name"):
        return "expected a member name in double quotes", 'write the key as "name": value', pos
    if msg.startswith("Expecting ':' delimiter"):
        return "a colon is missing after a member name", 'write "name": value', pos
    if msg.startswith("Expecting value"):
        word = re.match(r"[A-Za-z_]+", text[pos:])
        if word:
            return (
                f"{word.group(0)!r} is not a JSON value",
                "strings need double quotes; the only bare words are true, false and null",
                pos,
            )
        return (
            "expected a value here",
            "put a string, number, object, array, true, false or null here",
            pos,
        )
    return msg, "fix the JSON syntax at this position", pos


class _Collector:
    """Hooks for json.loads that note duplicate keys and non-finite numbers."""

    def __init__(self) -> None:
        self.duplicates = False
        self.constants = False

    def pairs(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        # Built in C (the last value of a repeated key wins, at the first one's place, as
        # json does); fewer keys than pairs means a key was repeated.
        out = dict(pairs)
        if len(out) != len(pairs):
            self.duplicates = True
        return out

    def constant(self, name: str) -> float:
        self.constants = True
        return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[name]


def _walk_objects(
    text: str, pointer: str, start: int, out: list[tuple[str, str, int, str]]
) -> None:
    """Find duplicate keys and non-finite constants with their offsets (slow path, rare)."""
    i = _skip_ws(text, start)
    if i >= len(text):
        return
    ch = text[i]
    if ch == "{":
        seen: set[str] = set()
        i = _skip_ws(text, i + 1)
        while i < len(text) and text[i] == '"':
            k_start = i
            name, i = scanstring(text, i + 1)
            i = _skip_ws(text, i)
            i = _skip_ws(text, i + 1)  # past ':'
            child = pointer_join(pointer, name)
            if name in seen:
                out.append(("duplicate", child, k_start, name))
            seen.add(name)
            _walk_objects(text, child, i, out)
            i = _skip_ws(text, _skip_value(text, i))
            if i < len(text) and text[i] == ",":
                i = _skip_ws(text, i + 1)
            else:
                break
    elif ch == "[":
        i = _skip_ws(text, i + 1)
        n = 0
        while i < len(text) and text[i] != "]":
            _walk_objects(text, pointer_join(pointer, n), i, out)
            i = _skip_ws(text, _skip_value(text, i))
            if i < len(text) and text[i] == ",":
                i = _skip_ws(text, i + 1)
            n += 1
    elif ch in "NI-":
        m = re.match(r"NaN|Infinity|-Infinity", text[i:])
        if m:
            out.append(("constant", pointer, i, m.group(0)))


def _long_number(text: str, path: str | None, code_prefix: str, exc: ValueError) -> Finding:
    import re

    m = re.search(r"\d{4300,}", text)
    line, col = offset_to_line_col(text, m.start() if m else 0)
    return Finding(
        f"{code_prefix}.syntax",
        Severity.ERROR,
        "invalid JSON: a number has more than 4,300 digits, too many to read"
        if m
        else f"invalid JSON: {exc}",
        "no real dataset holds such a number; write it as text (in quotes) if it is meant",
        Location(path=path, line=line, column=col),
    )


def parse_json(data: bytes, path: str | None, code_prefix: str = "json") -> ParsedJSON:
    """Decode and parse JSON bytes; every problem becomes a located Finding.

    A BOM is reported (runevals' loader and many others reject it) and then ignored
    so the rest of the file can still be checked. Invalid UTF-8, syntax errors, NaN or
    Infinity and duplicate keys are errors located to line and column.
    """
    result = ParsedJSON()
    if data.startswith(UTF8_BOM):
        result.had_bom = True
        result.findings.append(
            Finding(
                f"{code_prefix}.bom",
                Severity.ERROR,
                "the file starts with a UTF-8 byte order mark (BOM)",
                "save it as UTF-8 without BOM ('datasetkit lint --fix' removes it)",
                Location(path=path, line=1, column=1, pointer=""),
            )
        )
        data = data[len(UTF8_BOM) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        result.findings.append(_encoding_finding(data, exc, path, code_prefix))
        return result
    result.text = text
    hooks = _Collector()
    try:
        value = json.loads(text, object_pairs_hook=hooks.pairs, parse_constant=hooks.constant)
    except ValueError as exc:  # JSONDecodeError, or a number of more than 4,300 digits
        result.findings.append(_syntax_finding(text, exc, path, code_prefix))
        return result
    except RecursionError:
        result.findings.append(
            Finding(
                f"{code_prefix}.syntax",
                Severity.ERROR,
                "invalid JSON: nesting is too deep to read",
                "flatten the document; eval documents need only a few levels",
                Location(path=path, line=1, column=1),
            )
        )
        return result
    result.value = value
    result.ok = True
    if hooks.duplicates or hooks.constants:
        result.findings.extend(_value_findings(text, path, code_prefix))
    return result


def _encoding_finding(
    data: bytes, exc: UnicodeDecodeError, path: str | None, code_prefix: str
) -> Finding:
    line, col = byte_offset_to_line_col(data, exc.start)
    bad = data[exc.start : exc.start + 4]
    guess = "UTF-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "Windows-1252 or Latin-1"
    return Finding(
        f"{code_prefix}.encoding",
        Severity.ERROR,
        f"not valid UTF-8: byte 0x{bad[0]:02x} at byte offset {exc.start}",
        f"re-save the file as UTF-8 (it looks like {guess})",
        Location(path=path, line=line, column=col),
    )


def _syntax_finding(text: str, exc: ValueError, path: str | None, code_prefix: str) -> Finding:
    if not isinstance(exc, json.JSONDecodeError):
        return _long_number(text, path, code_prefix, exc)
    message, hint, offset = _describe_decode_error(text, exc)
    line, col = offset_to_line_col(text, offset)
    return Finding(
        f"{code_prefix}.syntax",
        Severity.ERROR,
        f"invalid JSON: {message}",
        hint,
        Location(path=path, line=line, column=col),
    )


def _value_findings(text: str, path: str | None, code_prefix: str) -> list[Finding]:
    """Duplicate keys and NaN/Infinity, located (the rare slow path)."""
    found: list[tuple[str, str, int, str]] = []
    try:
        _walk_objects(text, "", 0, found)
    except RecursionError:
        found = []
    out = []
    for kind, pointer, offset, name in found:
        line, col = offset_to_line_col(text, offset)
        loc = Location(path=path, line=line, column=col, pointer=pointer)
        if kind == "duplicate":
            out.append(
                Finding(
                    f"{code_prefix}.duplicate-key",
                    Severity.ERROR,
                    f"duplicate key {name!r}: only the last one is used, the earlier value is silently lost",
                    "remove or rename one of the two keys",
                    loc,
                )
            )
        else:
            out.append(
                Finding(
                    f"{code_prefix}.non-finite-number",
                    Severity.ERROR,
                    f"{name} is not a JSON number",
                    "use a finite number, or null",
                    loc,
                )
            )
    return out


def record_list(value: Any) -> tuple[list[dict[str, Any]], str] | None:
    """The records in ``value`` and their pointer, when it is a list of objects (bare, or
    the one list-of-objects member of an object); None otherwise."""
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return value, ""
        return None
    if isinstance(value, dict):
        lists = [
            (k, v)
            for k, v in value.items()
            if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
        ]
        if len(lists) == 1:
            key, records = lists[0]
            return records, pointer_join("", key)
    return None
