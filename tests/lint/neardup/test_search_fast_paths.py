"""The near-duplicate search's fast paths find exactly what the full path finds.

Grouping texts by their digits (so templated prompts are never paired) and expanding
LSH buckets in bounded chunks are optimisations only: the pairs, and lint's findings,
are the same as without them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from datasetkit.lint import LintConfig, lint_file
from datasetkit.lint.neardup import meaning as neardup_meaning
from datasetkit.lint.neardup import search as neardup
from datasetkit.lint.neardup.meaning import digit_runs, meaningful_difference
from datasetkit.lint.neardup.search import EXACT_LIMIT, near_duplicate_pairs
from datasetkit.lint.text import normalize


def _templated(n: int, seed: int = 3) -> list[str]:
    """Prompts of which a third come from templates that differ in a number only."""
    rng = random.Random(seed)
    syll = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "pe", "da"]
    words = ["".join(rng.choice(syll) for _ in range(3)) for _ in range(800)]
    out = []
    for i in range(n):
        r = rng.random()
        if r < 0.33:
            out.append(f"What is the status of order {rng.randint(100, 999)}?")
        elif r < 0.4 and out:
            out.append(out[rng.randrange(len(out))].replace(" ", "  the ", 1))
        else:
            out.append(" ".join(rng.choice(words) for _ in range(rng.randint(5, 9))) + f" {i % 7}")
    return out


@pytest.mark.parametrize("n", [300, EXACT_LIMIT + 600])
def test_groups_keep_exactly_the_same_group_pairs(n):
    raw = list(dict.fromkeys(_templated(n)))
    keys = [normalize(t) for t in raw]
    groups = [digit_runs(t) for t in raw]
    full = near_duplicate_pairs(keys, 0.9)
    grouped = near_duplicate_pairs(keys, 0.9, groups)
    assert grouped == [p for p in full if groups[p[0]] == groups[p[1]]]
    # What grouping leaves out, the meaning test rejects anyway.
    left_out = [p for p in full if groups[p[0]] != groups[p[1]]]
    assert left_out and all(meaningful_difference(raw[a], raw[b]) for a, b, _ in left_out)


def test_digit_runs_is_the_meaning_tests_first_step():
    for a, b in [("order 12", "order 12"), ("AI-1001", "AI 1001"), ("ten", "10"), ("x1y2", "x12")]:
        same = digit_runs(a) == digit_runs(b)
        assert same == (neardup_meaning._digit_runs(a) == neardup_meaning._digit_runs(b))


def test_bucket_pairs_in_chunks_are_all_pairs(monkeypatch):
    rng = np.random.default_rng(1)
    keys = rng.integers(0, 6, size=400).astype(np.uint64)
    keys[:150] = 9  # one big bucket
    expected = {(i, j) for i in range(400) for j in range(i + 1, 400) if keys[i] == keys[j]}
    for chunk in (7, 100, 10**6):
        monkeypatch.setattr(neardup, "_PAIR_CHUNK", chunk)
        got = [tuple(p) for a in neardup._bucket_pairs(keys) for p in a.tolist()]
        assert len(got) == len(expected) and set(got) == expected


def _lint_codes(path: Path) -> list[tuple[str, str, int | None]]:
    found = lint_file(str(path), None, LintConfig()).report.findings
    return [(f.code, f.message, f.location.line) for f in found]


def test_lint_findings_same_with_and_without_grouping(tmp_path, monkeypatch):
    prompts = _templated(EXACT_LIMIT + 300)
    items = [{"prompt": p, "expected_response": f"Answer {i}."} for i, p in enumerate(prompts)]
    path = tmp_path / "evals.json"
    path.write_text(json.dumps({"schemaVersion": "1.11.0", "items": items}, indent=1))
    fast = _lint_codes(path)
    assert any(code == "lint.prompt.near-duplicate" for code, _, _ in fast)
    # The full path: every text in one group, every pair judged by the meaning test.
    monkeypatch.setattr(neardup_meaning, "digit_runs", lambda text: ())
    assert _lint_codes(path) == fast


def test_signatures_in_batches_are_the_same(monkeypatch):
    texts = [normalize(t) for t in _templated(700)] + ["ab", ""]
    whole = neardup.minhash_signatures(texts)
    monkeypatch.setattr(neardup, "_SIGN_BATCH", 64)
    assert (neardup.minhash_signatures(texts) == whole).all()
