"""The streamed lint of a large Foundry JSONL file finds exactly what the whole-file lint finds.

Both paths run on the corpus's Foundry files and on built files with the shapes that
cross a part boundary (exact copies, repeated prompts with and without other answers,
near-duplicates, reused ids, one-off categories, tool rows, blank and broken lines, a
BOM, CRLF, a record over several lines); parts are made tiny so every boundary is hit.
Findings must be equal one for one, in order, and the printed reports byte for byte.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from datasetkit.core.findings import Severity
from datasetkit.formats import get
from datasetkit.lint import LintConfig, lint_file, stream
from datasetkit.lint.spill import SpilledFindings
from datasetkit.report import render
from tests.conftest import corpus_files

BASE = [
    "How do I reset my VPN token for the London office?",
    "Who approves travel expenses above the monthly limit?",
    "Which form do I use to request parental leave?",
    "What is the refund window for opened items?",
    "Can I carry unused holiday days into next year?",
]


def _row(rng: random.Random, i: int) -> dict[str, object]:
    kind = rng.randrange(10)
    base = rng.choice(BASE)
    if kind == 0:
        # A near-duplicate: one word changed or dropped.
        return {"query": base.replace("my", "the").replace("do I", "I"), "ground_truth": "See HR."}
    if kind == 1:
        return {"query": base, "ground_truth": rng.choice(["See HR.", "Ask IT.", ""])}
    if kind == 2:
        return {
            "messages": [
                {"role": "user", "content": f"Status of order {rng.randrange(50)}? "},
                {
                    "role": "assistant",
                    "content": [
                        {
                            "type": "tool_call",
                            "tool_call_id": f"c{i}",
                            "name": rng.choice(["get_order", "web_search"]),
                            "arguments": rng.choice([{"order": 1}, '{"order": 1}']),
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": f"c{i}", "content": "shipped"},
                {"role": "assistant", "content": "It shipped."},
            ],
            "id": f"t-{rng.randrange(40)}",
        }
    if kind == 3:
        return {
            "question": base + f" ({i})",
            "answer": "Yes.",
            "category": rng.choice(["hr", "it"]),
        }
    if kind == 4:
        return {
            "query": f"{base} case {rng.randrange(5)}",
            "response": "Done.",
            "id": f"q-{i % 17}",
        }
    return {
        "query": f"{base} #{i}",
        "ground_truth": f"Answer {i}.",
        "category": rng.choice(["hr", "it"]),
    }


def _write(path: Path, n: int, seed: int, *, bom: bool = False, crlf: bool = False) -> Path:
    rng = random.Random(seed)
    lines = []
    for i in range(n):
        row = _row(rng, i)
        if i == n // 2:
            row = {"query": "Where is the billing portal?", "ground_truth": "x", "category": "hrr"}
        lines.append(json.dumps(row, ensure_ascii=False))
        if i == n // 2:
            continue  # the one case of its category: no copy of it
        if rng.random() < 0.15:
            lines.append(lines[-1])  # an exact copy
        r = rng.random()
        if r < 0.02:
            lines.append("")
        elif r < 0.03:
            lines.append("{not json")
        elif r < 0.04:
            lines.append("[1, 2]")
        elif r < 0.05:
            lines.append(json.dumps(row, indent=1))  # a record over several lines
        elif r < 0.06:
            lines.append(
                json.dumps(
                    {"query": "Line\u2028separator inside", "ground_truth": "x"}, ensure_ascii=False
                )
            )
    nl = "\r\n" if crlf else "\n"
    text = nl.join(lines) + nl
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    return path


def _both(path: Path, chunk: int, monkeypatch: pytest.MonkeyPatch, cfg: LintConfig | None = None):
    cfg = cfg or LintConfig()
    whole = lint_file(str(path), None, cfg).report
    monkeypatch.setattr(stream, "CHUNK", chunk)
    streamed = stream.lint_streamed(str(path), get("foundry")._reader(), cfg)  # type: ignore[attr-defined]
    assert streamed is not None
    return whole, streamed.report


def _assert_same(whole, streamed) -> None:
    assert isinstance(streamed.findings, SpilledFindings)
    assert list(streamed.findings) == list(whole.findings)
    assert streamed.info == whole.info
    for name in ("text", "json", "github", "sarif", "junit"):
        assert render(name, [streamed], tool="lint") == render(name, [whole], tool="lint"), name


@pytest.mark.parametrize("chunk", [1, 3, 17, 500])
@pytest.mark.parametrize("shape", [{}, {"bom": True}, {"crlf": True}], ids=["plain", "bom", "crlf"])
def test_streamed_equals_whole_on_built_files(tmp_path, monkeypatch, chunk, shape):
    path = _write(tmp_path / "rows.jsonl", 300, seed=chunk, **shape)
    whole, streamed = _both(path, chunk, monkeypatch)
    codes = {f.code for f in whole.findings}
    # The file has what the rules across parts must see whole.
    for code in (
        "lint.case.duplicate",
        "lint.prompt.duplicate",
        "lint.prompt.variants",
        "lint.prompt.near-duplicate",
        "lint.case.duplicate-id",
        "lint.category.singleton",
        "lint.foundry.partial-ground-truth",
        "lint.foundry.column-mapping",
    ):
        assert code in codes, code
    _assert_same(whole, streamed)


def test_streamed_equals_whole_with_settings(tmp_path, monkeypatch):
    path = _write(tmp_path / "rows.jsonl", 200, seed=5)
    cfg = LintConfig(near_duplicate_threshold=0.8, foundry_evaluators=["similarity"])
    cfg.ignore = ["lint.text"]
    whole, streamed = _both(path, 7, monkeypatch, cfg)
    _assert_same(whole, streamed)


def test_streamed_equals_whole_past_the_exact_limit(tmp_path, monkeypatch):
    # More distinct prompts than EXACT_LIMIT: the near-duplicate search takes the LSH path.
    rng = random.Random(3)
    words = ["reset", "token", "office", "policy", "leave", "form", "approve", "travel", "limit"]
    rows = []
    for i in range(1400):
        text = " ".join(rng.choice(words) for _ in range(8))
        rows.append({"query": text + ("?" if i % 3 else " please"), "ground_truth": "x"})
    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    whole, streamed = _both(path, 250, monkeypatch)
    assert any(f.code == "lint.prompt.near-duplicate" for f in whole.findings)
    _assert_same(whole, streamed)


@pytest.mark.parametrize("path", corpus_files("foundry", "*.jsonl"), ids=lambda p: p.name)
def test_streamed_equals_whole_on_corpus(path, monkeypatch):
    whole = lint_file(str(path), None, LintConfig()).report
    if whole.format != "foundry":
        pytest.skip(f"read as {whole.format}")
    monkeypatch.setattr(stream, "CHUNK", 2)
    streamed = stream.lint_streamed(str(path), get("foundry")._reader(), LintConfig())  # type: ignore[attr-defined]
    if streamed is None:
        pytest.skip("a JSON array or carried dataset fields: read whole")
    _assert_same(whole, streamed.report)


def test_large_file_takes_the_streamed_path(tmp_path, monkeypatch):
    path = _write(tmp_path / "rows.jsonl", 120, seed=9)
    monkeypatch.setattr(stream, "STREAM_MIN_BYTES", 1)
    streamed = lint_file(str(path), None, LintConfig()).report
    assert isinstance(streamed.findings, SpilledFindings)
    monkeypatch.setattr(stream, "STREAM_MIN_BYTES", 1 << 40)
    whole = lint_file(str(path), None, LintConfig()).report
    assert isinstance(whole.findings, list) and not isinstance(whole.findings, SpilledFindings)
    assert list(streamed.findings) == whole.findings


def test_json_array_file_is_read_whole(tmp_path, monkeypatch):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps([{"query": "a?", "ground_truth": "b"}] * 3) + "\n", encoding="utf-8")
    monkeypatch.setattr(stream, "CHUNK", 1)
    assert stream.lint_streamed(str(path), get("foundry")._reader(), LintConfig()) is None  # type: ignore[attr-defined]


def test_spilled_findings_behave_as_a_list():
    from datasetkit.core.findings import Finding, Location

    found = [
        Finding("b", Severity.WARNING, "m2", "", Location(path="p", line=2)),
        Finding("a", Severity.ERROR, "m1", "", Location(path="p", line=2)),
        Finding("c", Severity.INFO, "m0", "", Location(path="p", line=1)),
    ]
    store = SpilledFindings()
    store.add(found[:2], group=2)
    store.add(found[2:], group=1)
    assert list(store) == [found[2], found[0], found[1]]
    assert len(store) == 3 and store[0] == found[2] and store[-1] == found[1]
    assert store.severity_count(Severity.ERROR) == 1
    from datasetkit.core.findings import sort_findings

    assert list(sort_findings(store)) == sort_findings(list(store))
    store.drop_group(2)
    assert list(store) == [found[2]] and store.severity_count(Severity.ERROR) == 0
