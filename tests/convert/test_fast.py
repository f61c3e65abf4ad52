"""The fast conversion of clean Foundry JSONL gives the full path's output and result.

Every case converts the same input twice, the full way (``DATASETKIT_FULL_CONVERT``)
and the default way, and compares the bytes written and every field of the result:
on the Foundry files of the shared corpus, on mutated copies of them, and on built
rows with the shapes the fast path handles or must hand over.
"""

from __future__ import annotations

import copy
import json
import os
import random
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

import datasetkit.convert.fast as fast_mod
from datasetkit.convert.entry import convert
from datasetkit.convert.result import ConvertResult
from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import ReadOptions, WriteOptions
from datasetkit.formats.foundry.clean import clean_row
from datasetkit.formats.foundry.fast.layout import plan_clean

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
_TARGETS: list[tuple[str, str, dict[str, Any]]] = [
    ("out.jsonl", "foundry", {}),
    ("out.csv", "foundry-csv", {}),
    ("out.csv", "foundry-csv", {"bom": True}),
    ("out.csv", "foundry-csv", {"excel_safe": False}),
]


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


def _corpus_files() -> list[Path]:
    found = sorted(CORPUS.glob("foundry/*.jsonl")) + sorted(CORPUS.glob("wild/foundry/*.jsonl"))
    return [p for p in found if p.is_file()]


def _summary(result: ConvertResult, out: Path) -> dict[str, Any]:
    return {
        "ok": result.ok,
        "paths": [str(p) for p in result.paths],
        "input_findings": {k: [asdict(f) for f in v] for k, v in result.input_findings.items()},
        "loss": [asdict(f) for f in result.loss],
        "errors": [asdict(f) for f in result.errors],
        "read": result.cases_read,
        "written": result.cases_written,
        "formats": (result.source_formats, result.target_format, result.streamed),
        "bytes": out.read_bytes() if out.exists() else None,
    }


def _run(
    inputs: list[Path], out: Path, to: str, extra: dict[str, Any], strict: bool = False
) -> dict[str, Any]:
    if out.exists():
        out.unlink()
    try:
        result = convert(
            [str(p) for p in inputs],
            str(out),
            target=to,
            read_options=ReadOptions(strict=strict),
            write_options=WriteOptions(strict=strict, extra={"jsonl_style": "auto", **extra}),
            force=True,
        )
    except (DatasetkitError, ValueError) as exc:  # the same error, the same way
        error = f"{type(exc).__name__}: {exc}"
        return {"error": error, "bytes": out.read_bytes() if out.exists() else None}
    return _summary(result, out)


def _compare(
    monkeypatch: pytest.MonkeyPatch,
    inputs: list[Path],
    tmp: Path,
    strict: bool = False,
    targets: list[tuple[str, str, dict[str, Any]]] = _TARGETS,
) -> list[bool]:
    """Both paths on ``inputs`` for every target; returns whether the fast one was taken."""
    taken: list[bool] = []
    real = fast_mod.convert_fast

    def spy(*args: Any) -> bool:
        done = real(*args)
        if not os.environ.get(fast_mod.FULL_PATH_ENV):
            taken.append(done)
        return done

    monkeypatch.setattr(fast_mod, "convert_fast", spy)
    for name, to, extra in targets:
        out = tmp / name
        monkeypatch.setenv(fast_mod.FULL_PATH_ENV, "1")
        full = _run(inputs, out, to, extra, strict)
        monkeypatch.delenv(fast_mod.FULL_PATH_ENV)
        quick = _run(inputs, out, to, extra, strict)
        assert quick == full, (inputs, to, extra)
    return taken


def _write(path: Path, rows: list[Any], ascii_only: bool = False) -> Path:
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=ascii_only) + "\n")
    return path


def _tool_row(i: int) -> dict[str, Any]:
    return {
        "messages": [
            {"role": "system", "content": "You are the order assistant."},
            {"role": "user", "content": [{"type": "text", "text": f"Where is order {i}?"}]},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_call",
                        "tool_call_id": f"call_{i}",
                        "name": "get_order",
                        "arguments": {"order": i, "expand": ["items"]},
                    }
                ],
            },
            {
                "role": "tool",
                "tool_call_id": f"call_{i}",
                "content": [{"type": "tool_result", "tool_result": {"status": "late", "days": i}}],
            },
            {"role": "assistant", "content": [{"type": "text", "text": f"Order {i} is late."}]},
        ],
        "tool_definitions": [
            {"type": "function", "name": "get_order", "parameters": {"type": "object"}}
        ],
        "id": f"row-{i}",
    }


def _built_rows() -> list[dict[str, Any]]:
    """Rows with every shape the fast path lays out, and some it must hand over."""
    return [_tool_row(i) for i in range(3)] + _query_rows() + _message_rows()


def _query_rows() -> list[dict[str, Any]]:
    return [
        {"query": "What is 2+2?", "response": "4", "context": "math", "ground_truth": "4"},
        {"id": "q1", "ground_truth": "Paris", "query": "Capital of France?", "category": "geo"},
        {"query": "Just a question"},
        {"query": '=HYPERLINK("http://x")', "response": "+1 555", "context": "-x", "id": "@me"},
        {"query": "tab\tlead", "response": "\tstarts with a tab", "ground_truth": "\rcr"},
        {"query": "bare\rcarriage\r", "response": 'line\nbreak, and "quotes"'},
        {"query": "Ünïcödé ☃ 😀 and 中文", "response": "ok", "extra": {"nested": [1, 2.5, None]}},
        {"query": "numbers", "response": "n", "big": 10**25, "f": 1e-05, "g": 1e16, "h": -0.0},
        {"query": "types", "response": "t", "id": 7, "category": None, "flag": True, "n": 3},
        {"query": "nulls", "response": "r", "context": None, "ground_truth": None},
        {"query": "lists", "response": "r", "tags": ["a", "b"], "meta": {"k": "v"}},
        {
            "query": "defs dict",
            "response": "r",
            "tool_definitions": {"name": "f", "parameters": {}},
        },
        {"query": "defs str", "response": "r", "tool_definitions": "see the spec"},
        {"query": "defs []", "response": "r", "tool_definitions": []},
    ]


def _message_rows() -> list[dict[str, Any]]:
    return [
        {
            "messages": [
                {"content": "Hi", "role": "user", "context": "ctx-msg"},
                {"role": "assistant", "content": "Hello", "ground_truth": "Hello!"},
            ],
            "context": "ctx-msg",
            "ground_truth": "other",
        },
        {
            "messages": [{"role": "user", "content": "Q"}, {"role": "assistant", "content": "A"}],
            "ground_truth": "A*",
            "context": "C",
            "notes": "kept",
        },
        {
            "messages": [
                {"role": "user", "content": [{"type": "input_text", "text": "Q1"}]},
                {"role": "assistant", "content": [{"type": "output_text", "text": "A1"}]},
                {"role": "user", "content": "Q2", "context": "c2"},
                {"role": "assistant", "content": "A2", "ground_truth": "G2"},
            ],
            "ground_truth": "G2",
            "context": "c2",
        },
        {
            "messages": [
                {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]},
                {"role": "assistant", "content": [{"type": "text", "text": ""}]},
            ]
        },
        {
            "messages": [
                {"role": "developer", "content": "be brief"},
                {
                    "role": "user",
                    "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
                },
                {"role": "assistant", "content": [{"type": "text", "text": "c", "x": 1}]},
            ],
            "tool_definitions": [
                {"type": "openapi", "functions": [{"name": "g", "parameters": {}}]},
            ],
        },
        {
            "messages": [{"role": "user", "content": "Q"}, {"role": "assistant", "content": "A"}],
            "tool_definitions": [{"type": "function", "function": {"name": "f", "parameters": {}}}],
        },
    ]


def test_fast_path_is_taken_and_matches_on_built_rows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # (An integer past 64 bits is read by json, not orjson: that row hands over.)
    clean = [r for r in _built_rows() if clean_row(r) and plan_clean(r) and "big" not in r]
    assert len(clean) > 15
    src = _write(tmp_path / "clean.jsonl", clean)
    assert all(_compare(monkeypatch, [src], tmp_path))
    ascii_src = _write(tmp_path / "ascii.jsonl", clean, ascii_only=True)
    assert all(_compare(monkeypatch, [ascii_src], tmp_path))
    # Several inputs, concatenated.
    assert all(_compare(monkeypatch, [src, ascii_src], tmp_path))


def test_every_built_row_alone_matches(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for i, row in enumerate(_built_rows()):
        src = _write(tmp_path / f"row{i}.jsonl", [row, _tool_row(i)])
        _compare(monkeypatch, [src], tmp_path)


def test_rows_the_reader_reports_on_hand_over(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = json.dumps(_tool_row(1))
    cases = {
        "bom": "\ufeff" + good + "\n",
        "blank": good + "\n\n" + good + "\n",
        "syntax": good + "\n{oops\n",
        "array": "[" + good + "]\n",
        "surrogate": good + '\n{"query": "bad \\ud800 half", "response": "r"}\n',
        "nan": good + '\n{"query": "q", "response": "r", "score": NaN}\n',
        "nul": good + '\n{"query": "a\\u0000b", "response": "r"}\n',
        "huge-int": good + '\n{"query": "q", "response": "r", "n": 123456789012345678901234}\n',
        "crlf": good + "\r\n" + good + "\r\n",
        "no-final-newline": good + "\n" + good,
        "empty": "",
        "not-clean": good + '\n{"messages": [{"role": "customer", "content": "x"}]}\n',
        "seed": good + '\n{"test_case_description": "a seed", "desired_num_turns": 2}\n',
        "record": good + '\n{"question": "q?", "answer": "a"}\n',
        "carry": good + '\n{"query": "q", "response": "r", "datasetkit": {"v": 1}}\n',
    }
    # Rows that parse go the full way one by one, in the fast path; a line the reader
    # reports on as a line sends the whole file the full way.
    row_by_row = {"not-clean", "seed", "record", "carry", "crlf", "no-final-newline"}
    for name, text in cases.items():
        src = tmp_path / f"{name}.jsonl"
        src.write_text(text, encoding="utf-8", newline="")
        taken = _compare(monkeypatch, [src], tmp_path)
        taken += _compare(monkeypatch, [src], tmp_path, strict=True, targets=_TARGETS[:2])
        assert taken == [name in row_by_row] * len(taken), name


def test_lines_in_other_spellings_match(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Lines in other spellings than the writer's (separators, escapes, numbers): the
    # row is written anew, in the writer's spelling.
    lines = [
        '{"query": "a, b: c", "response": "r"}',
        '{"query":"a, b: c","response":"r"}',
        '{"query": "a, b: c",  "response": "r"}',
        '{"query" : "a, b: c", "response":"r" }',
        '{"query" :"a, b: c", "response": "r"}',
        '{"query": "a, b: c","response": "r" }',
        '{"query": "a,  b", "response":"r"}',
        '{"query": "a\\/b \\u00e9", "response": "r"}',
        '{"query": "floats", "response": "r", "x": 0.00001, "y": 1e16, "z": 1.0}',
        '{"query": "a float orjson spells its own way", "response": "r", "x": 0.00001}',
        '{"query": "floats", "response": "r", "x": 1e-05, "y": 1e+16, "z": 1.50}',
        '{"query": "ints", "response": "r", "x": -0, "y": 10}',
        '{"query": "dup", "response": "r", "query": "again"}',
        '{"query": "esc \\u0041 \\t", "response": "r"}',
        '{"query": "q", "response": "r", "obj": {"a": [1, 2], "b": {}}, "arr": [[], [1]]}',
        '{"query": "q", "response": "r", "obj": {"a": [1,2], "b": {}}, "arr": [[], [1]]}',
        '{"query": "q", "response": "r", "obj": {"a": [1, 2],"b": {}}}',
    ]
    for i, line in enumerate(lines):
        src = tmp_path / f"l{i}.jsonl"
        src.write_text(line + "\n", encoding="utf-8")
        assert all(_compare(monkeypatch, [src], tmp_path, targets=_TARGETS[:1])), line


def test_strict_and_left_out_rows_match(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # CSV leaves multi-turn rows out and loses tool calls: strict stops on that loss.
    src = _write(tmp_path / "mixed.jsonl", [_tool_row(0), *_built_rows()[16:18]])
    assert all(_compare(monkeypatch, [src], tmp_path, strict=True))
    only_multi = _write(tmp_path / "multi.jsonl", [_built_rows()[17]])
    assert all(_compare(monkeypatch, [only_multi], tmp_path))


@pytest.mark.skipif(not _corpus_files(), reason="the shared corpus is not here")
def test_corpus_files_match(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    taken: list[bool] = []
    for path in _corpus_files():
        taken += _compare(monkeypatch, [path], tmp_path)
    assert any(taken)  # some corpus files are clean through and through


def _mutate(row: Any, rng: random.Random) -> Any:
    """One small change somewhere in ``row``: a key dropped, renamed or moved, a
    value of another type, a text with a formula lead, a CR or non-ASCII."""
    row = copy.deepcopy(row)
    holders: list[Any] = []

    def walk(v: Any) -> None:
        if isinstance(v, (dict, list)):
            holders.append(v)
            for x in v.values() if isinstance(v, dict) else v:
                walk(x)

    walk(row)
    h = rng.choice(holders)
    if isinstance(h, list):
        if h and rng.random() < 0.5:
            h.pop(rng.randrange(len(h)))
        else:
            h.append(rng.choice(["x", 1, None, {"role": "user", "content": "more"}]))
        return row
    if not h:
        h["k"] = "v"
        return row
    key = rng.choice(list(h))
    how = rng.randrange(6)
    if how == 0:
        del h[key]
    elif how == 1:
        h[key] = rng.choice([None, 0, 1.5, "", "=1+1", "-", "a\rb", "ü", [], {}, True])
    elif how == 2:
        h["renamed_" + key] = h.pop(key)
    elif how == 3:
        h[key] = h.pop(key)  # moved to the end
    elif how == 4 and isinstance(h[key], str):
        h[key] = rng.choice(["@", "+", "\t", "\r", "é"]) + h[key] + "\r"
    else:
        h[rng.choice(["context", "ground_truth", "id", "category", "role", "extra"])] = rng.choice(
            ["text", None, 5, ["l"]]
        )
    return row


def test_mutated_rows_match(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    rng = random.Random(13)
    base = _built_rows()
    for path in _corpus_files():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:20]:
            try:
                value = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict):
                base.append(value)
    for n in range(60):
        rows = [_mutate(rng.choice(base), rng) for _ in range(rng.randint(1, 4))]
        src = _write(tmp_path / f"m{n}.jsonl", rows, ascii_only=n % 3 == 0)
        _compare(monkeypatch, [src], tmp_path, targets=_TARGETS[:2])


def test_a_clean_row_is_written_clean() -> None:
    # Why the fast path skips the output check: every row it lays out is clean again.
    rows = _built_rows()
    for path in _corpus_files():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line the reader reports on: the file goes the full way
    laid_out = 0
    for row in rows:
        if isinstance(row, dict) and clean_row(row):
            planned = plan_clean(copy.deepcopy(row))
            if planned is not None:
                assert clean_row(planned[0]), row
                laid_out += 1
    assert laid_out > 20
