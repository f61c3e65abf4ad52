"""Streamed conversion to M365 gives what the whole-dataset path gives: bytes, findings, places."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from datasetkit.convert.entry import (
    _streamable_source,  # noqa: F401  (the module is loaded)
    convert,
)
from datasetkit.convert.result import ConvertResult
from datasetkit.formats import WriteOptions
from datasetkit.formats.m365 import stream
from tests.conftest import ROOT, corpus_files

sys.path.insert(0, str(ROOT / "bench"))
import datagen


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


def _summary(result: ConvertResult, dest: Path) -> dict[str, Any]:
    return {
        "paths": result.paths,
        "input_findings": result.input_findings,
        "loss": result.loss,
        "errors": result.errors,
        "read": result.cases_read,
        "written": result.cases_written,
        "bytes": dest.read_bytes() if dest.exists() else None,
        "left": sorted(p.name for p in dest.parent.iterdir() if p.name.startswith(".")),
    }


def _both(
    monkeypatch: pytest.MonkeyPatch, inputs: list[str], dest: Path, **kw: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The streamed result, then the whole-dataset path's, on the same output."""
    calls: list[int] = []
    real = stream.ItemWriter.__init__

    def counted(self: stream.ItemWriter, *args: Any) -> None:
        calls.append(1)
        real(self, *args)

    m = pytest.MonkeyPatch()
    try:
        m.setattr(stream.ItemWriter, "__init__", counted)
        streamed = _summary(convert(inputs, str(dest), target="m365", force=True, **kw), dest)
    finally:
        m.undo()
    dest.unlink(missing_ok=True)
    m = pytest.MonkeyPatch()
    try:
        # Inputs that cannot be streamed are read whole (the path before streaming).
        m.setattr(sys.modules["datasetkit.convert.entry"], "_streamable_source", lambda fmt: False)
        whole = _summary(convert(inputs, str(dest), target="m365", force=True, **kw), dest)
    finally:
        m.undo()
    assert calls, "the streamed path was not taken"
    return streamed, whole


@pytest.mark.corpus
@pytest.mark.parametrize(
    "path",
    corpus_files("foundry", "*.jsonl") + corpus_files("foundry", "*.csv"),
    ids=lambda p: p.name,
)
def test_corpus_foundry_to_m365_same_as_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, path: Path
) -> None:
    streamed, whole = _both(monkeypatch, [str(path)], tmp_path / "out.json")
    assert streamed == whole


@pytest.mark.parametrize("errors", [0.0, 0.05])
def test_built_rows_same_as_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, errors: float
) -> None:
    # More rows than one check chunk; tool calls, threads, seeded mistakes.
    src = datagen.write_foundry(tmp_path / "rows.jsonl", 700, errors)
    streamed, whole = _both(monkeypatch, [str(src)], tmp_path / "out.json")
    assert streamed == whole
    assert streamed["bytes"] and streamed["written"] == (700 if not errors else 677)


def _bad_m365_as_foundry(tmp_path: Path) -> Path:
    """A Foundry file whose M365 output fails its check (evaluators carried from M365)."""
    items: list[dict[str, Any]] = []
    for i in range(600):
        item: dict[str, Any] = {"prompt": f"question {i}?", "expected_response": f"answer {i}"}
        if i % 97 == 5:
            item["evaluators"] = {"Relevence": {}}
        if i % 131 == 7:
            item["evaluators"] = {"relevance": {"threshold": 3}}
        if i == 10:
            item["evaluators"] = {"ToolCallAccuracy": {}}
        if i % 211 == 3:
            item["evaluators"] = {"Relevance": {"threshold": "high"}}
        items.append(item)
    doc = {"schemaVersion": "1.6.0", "metadata": {"agentName": "x"}, "items": items}
    m365 = tmp_path / "bad.json"
    m365.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "bad.jsonl"
    convert([str(m365)], str(out), target="foundry", force=True)
    assert out.exists()
    return out


def test_output_errors_placed_as_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    src = _bad_m365_as_foundry(tmp_path)
    streamed, whole = _both(monkeypatch, [str(src)], tmp_path / "out.json")
    assert streamed == whole
    assert streamed["errors"] and streamed["bytes"] is None
    assert streamed["left"] == []  # nothing staged or spooled is left behind


def test_several_inputs_seeds_and_strict(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    a = datagen.write_foundry(tmp_path / "a.jsonl", 300, 0.02)
    b = tmp_path / "b.jsonl"
    b.write_text(
        '{"test_case_description": "a seed", "test_case_prompt": "p"}\n'
        '{"query": "q1", "ground_truth": "g1"}\n'
        '{"query": "", "response": "r"}\n',
        encoding="utf-8",
    )
    c = _bad_m365_as_foundry(tmp_path)
    for kw in ({}, {"write_options": WriteOptions(strict=True)}):
        streamed, whole = _both(monkeypatch, [str(a), str(b), str(c)], tmp_path / "o.json", **kw)
        assert streamed == whole
    streamed, whole = _both(monkeypatch, [str(a), str(b)], tmp_path / "o.json")
    assert streamed == whole
    assert streamed["bytes"]


def test_nothing_to_write_same_as_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    src = tmp_path / "seeds.jsonl"
    src.write_text('{"test_case_description": "only a seed"}\n', encoding="utf-8")
    streamed, whole = _both(monkeypatch, [str(src)], tmp_path / "out.json")
    assert streamed == whole
    assert streamed["errors"]


def test_ascii_and_version_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    src = tmp_path / "u.jsonl"
    src.write_text(
        '{"query": "Größe? ✓", "ground_truth": "groß"}\n{"query": "ok", "ground_truth": "ja"}\n',
        encoding="utf-8",
    )
    for extra in ({"ascii": True}, {"schema_version": "1.11.0"}, {}):
        opts = WriteOptions(extra=extra)
        streamed, whole = _both(monkeypatch, [str(src)], tmp_path / "out.json", write_options=opts)
        assert streamed == whole


def test_failed_write_leaves_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    src = datagen.write_foundry(tmp_path / "rows.jsonl", 50)
    out = tmp_path / "out" / "o.json"
    out.parent.mkdir()

    def boom(self: stream.ItemWriter, case: Any) -> Any:
        raise OSError("disk full")

    monkeypatch.setattr(stream.ItemWriter, "add", boom)
    with pytest.raises(Exception, match="OSError"):
        convert([str(src)], str(out), target="m365", force=True)
    assert list(out.parent.iterdir()) == []


def test_non_finite_numbers_same_as_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    src = tmp_path / "nan.jsonl"
    lines = [f'{{"query": "q{i}", "ground_truth": "g{i}"}}' for i in range(300)]
    lines[5] = '{"query": "q5", "ground_truth": "g5", "score": NaN}'
    lines[280] = '{"query": "q280", "ground_truth": "g", "weights": [1, Infinity]}'
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    streamed, whole = _both(monkeypatch, [str(src)], tmp_path / "out.json")
    assert streamed == whole
