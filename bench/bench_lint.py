"""Benchmark: lint of a 10,000-item M365 file against validate (parse + schema) alone,
and near-duplicate detection at 10,000 vs 20,000 prompts (it should scale ~linearly).

Run: python bench/bench_lint.py [--runs 3]. Prints medians of several runs and ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import datagen

from datasetkit.lint import LintConfig, lint_file
from datasetkit.lint.neardup import near_duplicate_pairs
from datasetkit.lint.text import normalize
from datasetkit.validate import validate_file

# The same topics and openers as bench/run.py's data (the first 16 and 7 of them, as
# this benchmark has always used).
TOPICS = datagen.TOPICS[:16]
OPENERS = datagen.OPENERS[:7]


def prompts(n: int, seed: int = 11) -> list[str]:
    """Realistic-looking, mostly distinct prompts with ~2% near-duplicates."""
    rng = random.Random(seed)
    syll = ["ber", "lin", "ova", "tek", "mar", "sol", "din", "ra", "qu", "zel", "hof", "pan"]
    # The pool of names grows with n, so the share of truly similar prompts stays the
    # same at every size: the scaling then measures the method, not a denser data set.
    names = ["".join(rng.choice(syll) for _ in range(4)).title() for _ in range(max(5000, n // 2))]
    out = []
    for i in range(n):
        base = (
            f"{rng.choice(OPENERS)} {rng.choice(TOPICS)} for {rng.choice(names)} in the "
            f"{rng.choice(names)} office, case {i}?"
        )
        out.append(base)
        if rng.random() < 0.02:
            out.append(base.replace("the ", "our ", 1))
    return out[:n]


def make_file(folder: Path, n: int) -> Path:
    items = []
    for i, p in enumerate(prompts(n)):
        item = {
            "prompt": p,
            "expected_response": f"Answer {i}: see the HR portal section {i % 97}.",
            "extensions": {"id": f"tc-{i}", "category": TOPICS[i % len(TOPICS)]},
        }
        if i % 10 == 0:
            item["evaluators"] = {"Similarity": {"threshold": 4}}
        items.append(item)
    path = folder / f"bench-{n}.json"
    path.write_text(json.dumps({"schemaVersion": "1.11.0", "items": items}, indent=2) + "\n")
    return path


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--items", type=int, default=10_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = make_file(Path(tmp), args.items)
        cfg = LintConfig()
        validate_s = median_time(lambda: validate_file(str(path)), args.runs)
        lint_s = median_time(lambda: lint_file(str(path), None, cfg), args.runs)
        findings = lint_file(str(path), None, cfg).report.findings
        print(f"{args.items:,} items, {path.stat().st_size / 1e6:.1f} MB")
        print(f"validate only (parse + schema): {validate_s:6.2f} s")
        print(
            f"lint (validate + {len({f.code for f in findings if f.code.startswith('lint.')})} rule kinds fired): "
            f"{lint_s:6.2f} s  ({lint_s / validate_s:.2f}x validate; rules add {lint_s - validate_s:.2f} s)"
        )
    times = {}
    for n in (args.items, 2 * args.items):
        texts = list(dict.fromkeys(normalize(p) for p in prompts(n, seed=5)))
        times[n] = median_time(lambda texts=texts: near_duplicate_pairs(texts, 0.9), args.runs)
        pairs = len(near_duplicate_pairs(texts, 0.9))
        print(f"near-duplicates, {n:,} prompts: {times[n]:.3f} s ({pairs:,} pairs found)")
    ratio = times[2 * args.items] / times[args.items]
    print(f"doubling the prompts costs {ratio:.2f}x the time (linear: 2.0, quadratic: 4.0)")


if __name__ == "__main__":
    main()
