"""The fast path of Foundry validation says exactly what the full checks say.

Clean rows skip the row checks (``clean.clean_row`` proves there is nothing to report),
lines proven clean as they are read skip the records altogether (``clean.clean_line``),
and lines are parsed by orjson when it is installed (``jsonl._loads``). Compared with the
full path (every row checked, every line parsed by json) on the corpus, on mutated copies
of it and on hand-built rows of every shape the proof accepts.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from datasetkit.formats.foundry import clean, jsonl, reader, row_checks
from datasetkit.formats.foundry.clean import clean_line, clean_row
from datasetkit.formats.foundry.collect import Collector, RowContext
from datasetkit.validate import validate_file
from tests.conftest import CORPUS
from tests.validate.test_streamed import _mutate, _mutated_jsonl

JSONL = sorted(CORPUS.glob("foundry/*.jsonl"))

CALL = {"type": "tool_call", "tool_call_id": "c1", "name": "get_order", "arguments": {"n": 1}}
RESULT = {"type": "tool_result", "tool_result": {"ok": True}}
DEFINITION = {"name": "get_order", "parameters": {"type": "object", "properties": {}}}

# Clean rows of every shape the proof knows; mutated below into rows that are not.
CLEAN_ROWS: list[dict[str, Any]] = [
    {"query": "Who approves leave?", "response": "Your manager.", "id": "r1"},
    {"query": "Q", "response": "R", "ground_truth": "G", "context": "C"},
    {"query": "Q", "ground_truth": None},
    {"messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]},
    {
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "developer", "content": [{"type": "input_text", "text": "rules"}]},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Look"},
                    {"type": "image_url", "image_url": {"url": "x"}},
                ],
            },
            {"role": "assistant", "content": [CALL]},
            {"role": "tool", "tool_call_id": "c1", "content": [RESULT]},
            {"role": "assistant", "content": [{"type": "output_text", "text": "Done"}]},
        ],
        "tool_definitions": [DEFINITION],
        "ground_truth": "Done",
    },
    {
        "messages": [
            {"role": "user", "content": "Search"},
            {"role": "assistant", "content": [{**CALL, "name": "bing_grounding"}]},
            {"role": "tool", "tool_call_id": "c1", "content": [RESULT]},
        ],
        "tool_definitions": {"type": "openapi", "functions": [DEFINITION, 3]},
    },
    {
        "messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": [{**CALL, "type": "function_call"}]},
        ],
        "tool_definitions": "described elsewhere",
    },
]


def _full_findings(row: dict[str, Any], fast: bool, monkeypatch) -> list[Any]:
    text = json.dumps(row, ensure_ascii=False)
    out: list[Any] = []
    with monkeypatch.context() as m:
        if not fast:
            m.setattr(row_checks, "clean_row", lambda r: False)
        row_checks.check_row(
            row, RowContext("x.jsonl", 0, 1, text=text), Collector(out, "x.jsonl"), False
        )
    return out


def test_hand_built_rows_are_proven_clean(monkeypatch):
    for row in CLEAN_ROWS:
        assert clean_row(row), row
        assert _full_findings(row, fast=False, monkeypatch=monkeypatch) == []


def _corpus_rows() -> list[dict[str, Any]]:
    rows = []
    for path in JSONL:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                rows.append(value)
    return rows


def test_a_row_proven_clean_gets_no_finding_from_the_full_checks(monkeypatch):
    rng = random.Random(13)
    base = CLEAN_ROWS + _corpus_rows()
    proven = refused = 0
    for i in range(4000):
        row = base[i % len(base)]
        for _ in range(rng.randrange(3)):
            row = _mutate(row, rng)
        if not isinstance(row, dict):
            continue
        full = _full_findings(row, fast=False, monkeypatch=monkeypatch)
        if clean_row(row):
            proven += 1
            assert full == [], (row, full)
        else:
            refused += 1
        assert _full_findings(row, fast=True, monkeypatch=monkeypatch) == full
    # Both sides are exercised: mutations break most rows, the unmutated ones stay clean.
    assert proven > 200 and refused > 1000


def _report(path: Path, fast: bool, monkeypatch) -> Any:
    with monkeypatch.context() as m:
        if not fast:
            m.setattr(row_checks, "clean_row", lambda r: False)
            m.setattr(jsonl, "_orjson", None)
            m.setattr(clean, "_orjson", None)
        return validate_file(str(path), keep_dataset=False).report


@pytest.mark.parametrize("path", JSONL, ids=lambda p: p.name)
def test_corpus_fast_equals_full(path, monkeypatch):
    assert _report(path, True, monkeypatch) == _report(path, False, monkeypatch)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("path", JSONL, ids=lambda p: p.name)
def test_mutated_corpus_fast_equals_full(tmp_path, path, seed, monkeypatch):
    dest = tmp_path / path.name
    _mutated_jsonl(path, dest, seed)
    assert _report(dest, True, monkeypatch) == _report(dest, False, monkeypatch)


def test_hand_built_file_fast_equals_full(tmp_path, monkeypatch):
    rng = random.Random(7)
    lines = []
    for i in range(600):
        row = CLEAN_ROWS[i % len(CLEAN_ROWS)]
        if rng.random() < 0.3:
            row = _mutate(row, rng)
        lines.append(json.dumps(row, ensure_ascii=rng.random() < 0.5))
    lines += [
        '{"q": "x\\ud800"}',
        '{"query": "x\\ud800", "response": "r"}',
        '{"n": NaN}',
        '{"n": 123456789012345678901}',
        "[1, 2]",
        "{",
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fast = _report(path, True, monkeypatch)
    assert fast == _report(path, False, monkeypatch)
    assert len(fast.findings) > 50


def test_a_line_proven_clean_gets_no_finding_from_the_full_checks(monkeypatch):
    rng = random.Random(29)
    base = CLEAN_ROWS + _corpus_rows()
    proven = 0
    for i in range(3000):
        row = base[i % len(base)]
        for _ in range(rng.randrange(3)):
            row = _mutate(row, rng)
        line = json.dumps(row, ensure_ascii=rng.random() < 0.7).encode("utf-8", "surrogatepass")
        if clean_line(line):
            proven += 1
            assert isinstance(row, dict) and clean_row(row)
            assert _full_findings(row, fast=False, monkeypatch=monkeypatch) == [], row
    assert proven > 200
    lone = b'{"query": "\\ud800", "response": "r"}'
    bom = b'\xef\xbb\xbf{"query": "q", "response": "r"}'
    not_utf8 = b'{"query": "\xe9", "response": "r"}'
    for line in (b"", b"\n", b" ", b"[1]", b'{"q": NaN}', lone, bom, not_utf8):
        assert not clean_line(line), line
    assert clean_line('{"query": "\u00e9\\u00e9", "response": "r"}\r\n'.encode())


@pytest.mark.parametrize("limit", ["rows", "bytes"])
def test_limits_fast_equals_full(tmp_path, monkeypatch, limit):
    ok = json.dumps(CLEAN_ROWS[0])
    path = tmp_path / "rows.jsonl"
    path.write_text((ok + "\n") * 40, encoding="utf-8")
    if limit == "rows":
        monkeypatch.setattr("datasetkit.formats.foundry.spec.MAX_ROWS", 30)
    else:
        monkeypatch.setattr(reader, "MAX_ROW_BYTES", 30)
    fast = _report(path, True, monkeypatch)
    assert fast == _report(path, False, monkeypatch)
    assert fast.findings and fast.info == {"rows": 40}


NUMBERS = [
    "0",
    "-0",
    "-0.0",
    "1e999",
    "-1E400",
    "1e-400",
    "0.1",
    "2.2250738585072011e-308",
    "1.7976931348623157e308",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "123456789012345678901234567890",
    "1.000000000000000000001",
    "NaN",
    "-Infinity",
]
STRINGS = ['"\\ud800"', '"\\ud83d\\ude00"', '"\\u0000"', '"é"', '"\\/"', '"a\\tb"', '"\x7f"']


@pytest.mark.parametrize("text", NUMBERS + STRINGS + ['{"a": 1, "a": 2}', "[1,]", "{}"])
def test_loads_gives_json_s_value_or_error(text):
    line = '{"v": ' + text + "}" if not text.startswith(("{", "[")) else text
    try:
        want: Any = json.loads(line)
    except ValueError as exc:
        with pytest.raises(type(exc)):
            jsonl._loads(line, line.encode("utf-8", "surrogatepass"))
        return
    got = jsonl._loads(line, line.encode("utf-8", "surrogatepass"))
    # repr tells int from float and -0.0 from 0.0; NaN is compared as text.
    assert repr(got) == repr(want)


CSV_CELLS = [
    ("query", "response"),
    ("messages",),
    ("messages", "tools"),
    ("conversation", "tool_definitions"),
    ("query", "conversation", "tools"),
    ("test_case_description", "messages", "tools"),
    ("query", "messages", "tool_definitions", "tools"),
]
CELL_VALUES = ["", "plain", '[{"role": "user", "content": "hi"}]', '{"messages": []}', "[1", "{}"]


def test_csv_json_cells_without_building_equal_the_build(tmp_path):
    """CSV validation reports JSON cells without building cases (cases.json_cell_findings)."""
    rng = random.Random(3)
    for n, header in enumerate(CSV_CELLS):
        rows = [[rng.choice(CELL_VALUES) for _ in header] for _ in range(12)]
        lines = [",".join(header)] + [",".join(json.dumps(v) for v in r) for r in rows]
        path = tmp_path / f"cells{n}.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        streamed = validate_file(str(path), keep_dataset=False).report
        built = validate_file(str(path), keep_dataset=True).report
        assert streamed.findings == built.findings, header
    assert any(f.code == "foundry.csv.json-cell" for f in streamed.findings)
