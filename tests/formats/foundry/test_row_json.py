"""The spelling of a Foundry JSONL row (formats.foundry.row_json): compact, as orjson
writes it, read back by json.loads to the very value written, whatever it holds."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from datasetkit.formats.foundry.row_json import dump_finite_row, dump_row

# Every class of code point a string can hold: controls (escaped), DEL and the line
# separators JavaScript minds (written as they are), quotes, backslashes, non-BMP.
TEXTS = [
    "".join(map(chr, range(0x20))),
    "\x7f",
    "\u2028\u2029",
    '"quoted" \\back\\slash\\ /slash',
    "é ß 中文 Ω",
    "\U0001f600 \U00010000 \U0010ffff",
    "\ufeff\ufffe\uffff",
    "",
]
BIG_INTS = [2**63 - 1, -(2**63), 2**64 - 1, 2**64, -(2**63) - 1, 10**40, -(10**40)]
FLOATS = [1e16, 1e-7, -0.0, 0.0, 5e-324, 1.7976931348623157e308, 0.1, 1.5, -2.5e-300]
NESTED: list[Any] = [{}, [], [[]], {"a": {}}, {"a": [{}]}, [{}, [], None, True, False]]


def _same(a: Any, b: Any) -> bool:
    """Equal, with types and the sign of a zero (``-0.0 == 0.0`` would hide a lost sign)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _round_trip(row: dict[str, Any]) -> bytes:
    line = dump_row(row)
    assert b"\n" not in line and b"\r" not in line  # one row, one line
    assert line == dump_finite_row(row)
    assert _same(json.loads(line), row), line
    return line


@pytest.mark.parametrize("text", TEXTS)
def test_every_code_point_class_reads_back(text: str) -> None:
    line = _round_trip({"query": text, text: [text], "response": {"k": text}})
    line.decode("utf-8")  # strict UTF-8, no surrogate


def test_every_code_point_reads_back() -> None:
    chars = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    _round_trip({"query": chars})


@pytest.mark.parametrize("n", BIG_INTS)
def test_integers_past_64_bits_are_written_by_json(n: int) -> None:
    line = _round_trip({"n": n, "x": [n, 0.5]})
    assert str(n).encode() in line


@pytest.mark.parametrize("x", FLOATS)
def test_floats_read_back_equal(x: float) -> None:
    _round_trip({"x": x, "xs": [x, -x], "o": {"x": x}})


@pytest.mark.parametrize("value", NESTED)
def test_nested_empty_containers(value: Any) -> None:
    _round_trip({"v": value, "w": [value, value]})


def test_the_spelling_is_compact_and_keeps_key_order() -> None:
    row = {"response": "b", "query": "a", "context": None, "n": [1, 2.5, True]}
    assert dump_row(row) == b'{"response":"b","query":"a","context":null,"n":[1,2.5,true]}'
    # The same spelling when json writes it (an integer past 64 bits).
    assert (
        dump_row({"query": "a", "n": [2**64, None]})
        == b'{"query":"a","n":[18446744073709551616,null]}'
    )


def test_keys_that_are_not_strings_are_written_as_json_writes_them() -> None:
    row: dict[Any, str] = {1: "a", False: "b", None: "c", 2.5: "d"}
    assert dump_row(row) == b'{"1":"a","false":"b","null":"c","2.5":"d"}'


@pytest.mark.parametrize(
    "value", [math.nan, [math.inf], {"s": -math.inf}, [[{"deep": [1.0, math.nan]}]]]
)
def test_nan_and_infinity_are_refused_as_json_refuses_them(value: Any) -> None:
    with pytest.raises(ValueError) as caught:
        json.dumps({"x": value}, allow_nan=False)
    with pytest.raises(ValueError) as ours:
        dump_finite_row({"x": value})
    assert str(ours.value) == str(caught.value)
    # dump_row alone writes null (orjson's way): the fast path's rows hold no NaN.
    assert b"null" in dump_row({"x": value})


def test_nan_beside_an_integer_past_64_bits_is_refused_too() -> None:
    with pytest.raises(ValueError, match="Out of range float"):
        dump_finite_row({"n": 2**70, "x": math.nan})


def test_a_null_that_is_not_a_number_is_written() -> None:
    row = {"query": "null", "context": None, "x": [None, 1.0]}
    assert dump_finite_row(row) == b'{"query":"null","context":null,"x":[null,1.0]}'


def test_a_lone_surrogate_raises_as_before() -> None:
    with pytest.raises(UnicodeEncodeError):
        dump_row({"query": "\ud800"})


def test_what_json_cannot_write_raises_as_before() -> None:
    import datetime

    with pytest.raises(TypeError, match="not JSON serializable"):
        dump_row({"when": datetime.date(2024, 1, 1)})
    cycle: dict[str, Any] = {}
    cycle["me"] = cycle
    with pytest.raises(ValueError, match="Circular reference"):
        dump_row(cycle)


def test_subclasses_are_written_as_json_writes_them() -> None:
    class Text(str):
        pass

    class Number(float):
        def __repr__(self) -> str:
            return "not json"

    row = {"t": Text("a"), "x": Number(0.5)}
    assert dump_row(row) == json.dumps(row, separators=(",", ":")).encode()


def _nested(depth: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A row of ``depth`` objects inside each other under "a", and the innermost one."""
    row: dict[str, Any] = {}
    inner = row
    for _ in range(depth):
        inner["a"] = {}
        inner = inner["a"]
    return row, inner


def test_nesting_past_orjson_limit_is_written_by_json() -> None:
    row, _ = _nested(300)
    line = dump_row(row)
    assert line == b'{"a":' * 300 + b"{}" + b"}" * 300
    assert json.loads(line) == row


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(), _JSON, max_size=5))
def test_any_json_row_reads_back(row: dict[str, Any]) -> None:
    _round_trip(row)


def test_a_line_holds_no_more_memory_than_its_bytes() -> None:
    # orjson's own result keeps its 4 KB working buffer: a writer buffering many short
    # lines would hold 4 KB for each.
    import tracemalloc

    rows = [{"query": f"q {i}", "response": "r"} for i in range(500)]
    tracemalloc.start()
    try:
        lines = [dump_row(r) for r in rows]
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held < 100 * len(lines), held


def test_a_deep_row_with_null_is_checked_without_recursion() -> None:
    row, inner = _nested(5_000)
    inner["x"] = None
    # Too deep for json as for orjson: json's RecursionError, as before; the check
    # itself walks any depth.
    with pytest.raises(RecursionError):
        dump_finite_row(row)
    from datasetkit.formats.foundry import row_json

    assert not row_json._non_finite(row)
    inner["x"] = math.nan
    assert row_json._non_finite(row)


@pytest.mark.parametrize("text", TEXTS)
def test_without_orjson_json_writes_the_same_spelling(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    from datasetkit.formats.foundry import row_json

    row = {"query": text, "n": [1, 2**70, None, True, {}, []], "o": {"k": [text, 0.5]}}
    with_orjson = dump_row({k: v for k, v in row.items() if k != "n"})
    monkeypatch.setattr(row_json, "_orjson", None)
    assert dump_row({k: v for k, v in row.items() if k != "n"}) == with_orjson
    _round_trip(row)
    with pytest.raises(ValueError, match="Out of range float"):
        dump_finite_row({"x": [math.inf]})


# Both writers, end to end: the full one (DATASETKIT_FULL_CONVERT) and the fast one
# write the same compact lines, from spaced input lines (users' files keep theirs).
_SPACED_IN = [
    '{"query": "What is 2+2?", "response": "4", "score": 1e16, "w": [0.00001, -0.0, 5e-324],'
    ' "o": {"a": [], "b": {}}}',
    '{"messages": [{"role": "user", "content": "Hi \\u2028 \\"x\\" \\\\ \\u007f"},'
    ' {"role": "assistant", "content": "Hello \\ud83d\\ude00"}]}',
    '{"query": "q", "response": "r", "datasetkit": {"v": 1}}',
]
_COMPACT_OUT = [
    '{"query":"What is 2+2?","response":"4","score":1e+16,"w":[0.00001,-0.0,5e-324],'
    '"o":{"a":[],"b":{}}}',
    '{"messages":[{"role":"user","content":"Hi \u2028 \\"x\\" \\\\ \x7f"},'
    '{"role":"assistant","content":"Hello \U0001f600"}]}',
    '{"query":"q","response":"r"}',
]


@pytest.mark.parametrize("full", ["", "1"])
def test_convert_writes_compact_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, full: str
) -> None:
    from datasetkit.convert.entry import convert

    monkeypatch.setenv("DATASETKIT_FULL_CONVERT", full)
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(_SPACED_IN) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert convert([str(src)], str(out)).ok
    assert out.read_bytes() == ("\n".join(_COMPACT_OUT) + "\n").encode("utf-8")
    big = tmp_path / "big.jsonl"
    big.write_text('{"query": "q", "response": "r", "n": 123456789012345678901234}\n')
    assert convert([str(big)], str(out), force=True).ok
    assert out.read_bytes() == b'{"query":"q","response":"r","n":123456789012345678901234}\n'


def test_m365_to_foundry_writes_compact_rows() -> None:
    import datasetkit

    doc = {"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?", "expected_response": "Hello."}]}
    text = datasetkit.dumps(datasetkit.loads(json.dumps(doc), "m365"), "foundry")
    assert text == (
        '{"query":"Hi?","ground_truth":"Hello.",'
        '"datasetkit":{"v":1,"dataset":{"schema_version":"1.11.0"}}}\n'
    )
