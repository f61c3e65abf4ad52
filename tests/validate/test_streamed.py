"""Streamed validation (no dataset kept) says exactly what full reading says.

``validate`` checks a record-by-record format as a stream so memory stays flat; the
findings (codes, messages, hints, locations) and the report must not change. Compared on
the corpus and on mutated copies of it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from datasetkit.validate import validate_file, validate_paths
from tests.conftest import CORPUS

FOUNDRY = sorted(CORPUS.glob("foundry/*.jsonl")) + sorted(CORPUS.glob("foundry/*.csv"))
M365 = sorted(p for p in CORPUS.glob("m365/*.json*") if p.suffix != ".md")


def _same(path: Path) -> None:
    full = validate_file(str(path))
    streamed = validate_file(str(path), keep_dataset=False)
    assert streamed.report == full.report
    if full.result is not None and full.result.format.startswith(("foundry", "m365")):
        assert streamed.result is not None and streamed.result.dataset is None


@pytest.mark.parametrize("path", FOUNDRY + M365, ids=lambda p: p.name)
def test_corpus_streamed_equals_full(path):
    _same(path)


def _mutate(value, rng: random.Random, depth: int = 0):
    """A copy of a JSON value with one or two plausible mistakes."""
    if isinstance(value, dict) and value:
        out = dict(value)
        key = rng.choice(sorted(out))
        how = rng.randrange(5)
        if how == 0:
            del out[key]
        elif how == 1:
            out[key] = rng.choice([None, 42, "", [], {"x": 1}, "customer"])
        elif how == 2:
            out[key + "_x"] = out[key]
        else:
            out[key] = _mutate(out[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        if rng.random() < 0.3:
            del out_list[i]
        else:
            out_list[i] = _mutate(out_list[i], rng, depth + 1)
        return out_list
    return rng.choice([None, 7, "", "tool", value])


def _mutated_jsonl(src: Path, dest: Path, seed: int) -> None:
    rng = random.Random(seed)
    lines = []
    for line in src.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            lines.append(line)
            continue
        try:
            value = json.loads(line)
        except ValueError:
            lines.append(line)
            continue
        r = rng.random()
        if r < 0.4:
            lines.append(json.dumps(_mutate(value, rng), ensure_ascii=False))
        elif r < 0.45:
            lines.append(line[: len(line) // 2])  # a cut line
        else:
            lines.append(line)
    dest.write_text("\n".join(lines) + "\n", encoding="utf-8")


JSONL = [p for p in FOUNDRY if p.suffix == ".jsonl"]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("path", JSONL, ids=lambda p: p.name)
def test_mutated_streamed_equals_full(tmp_path, path, seed):
    dest = tmp_path / path.name
    _mutated_jsonl(path, dest, seed)
    _same(dest)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("path", M365, ids=lambda p: p.name)
def test_mutated_m365_without_dataset_equals_full(tmp_path, path, seed):
    try:
        doc = json.loads(path.read_text(encoding="utf-8-sig"))
    except ValueError:
        pytest.skip("not JSON")
    rng = random.Random(seed)
    for _ in range(seed + 1):
        doc = _mutate(doc, rng)
    dest = tmp_path / path.name
    dest.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    _same(dest)


def test_validate_paths_keeps_datasets_only_when_asked(tmp_path):
    path = tmp_path / "data.jsonl"
    path.write_text(
        json.dumps({"query": "Who approves leave?", "response": "Your manager."}) + "\n"
    )
    (plain,), _ = validate_paths([str(path)])
    (kept,), _ = validate_paths([str(path)], keep_dataset=True)
    assert plain.result is not None and plain.result.dataset is None
    assert plain.report.info == kept.report.info == {"rows": 1}
    assert kept.result is not None and kept.result.dataset is not None
    assert len(kept.result.dataset.cases) == 1


def test_surrogate_precheck_agrees_with_the_walk():
    from datasetkit.formats.text_checks import lone_surrogates, surrogate_problems

    rng = random.Random(5)
    pieces = ["a", "\ud800", "\udfff", "\ud83d\ude00", "é", "", "\\ud800"]
    hits = 0
    for _ in range(400):
        value = _mutate(
            {"messages": [{"role": "user", "content": "hi"}], "q": rng.choice(pieces)}, rng
        )
        if rng.random() < 0.5:
            value = {rng.choice(pieces) + "k": value, "x": [rng.choice(pieces) * 2]}
        walked = list(lone_surrogates(value))
        found = surrogate_problems(value, "foundry")
        assert [p[3] for p in found] == [p for p, _ in walked[:1]]
        hits += bool(walked)
    assert 50 < hits < 350


def test_surrogate_shortcut_on_the_source_line_agrees():
    from datasetkit.formats.text_checks import surrogate_problems

    lines = [
        '{"q": "plain"}',
        '{"q": "x\\ud800"}',
        '{"q": "\\ud83d\\ude00 ok"}',
        '{"q": "\\\\ud800 not an escape"}',
        '{"q\\udc00": "key only"}',
        '{"a": ["\\u00e9", {"b": "\\udfff"}]}',
        '{"q": "raw \ud800"}',
    ]
    for line in lines:
        row = json.loads(line)
        assert surrogate_problems(row, "foundry", line) == surrogate_problems(row, "foundry")
