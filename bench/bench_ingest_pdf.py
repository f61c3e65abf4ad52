"""Benchmark: reading a realistic 300-page, ~5 MB PDF handbook with datasetkit (layout:
headings, paragraphs, lists, tables, running headers) against pypdf's plain
``extract_text()`` of every page.

The handbook is written with reportlab (tests/helpers/pdf_fixtures.py): numbered chapters,
justified paragraphs, bullet and numbered lists, a ruled table every other chapter, a
picture every other chapter, a running header naming the chapter and "Page N of M"
footers; page compression is off, as in many exported PDFs. Each run is a fresh
subprocess, so its peak memory (RSS) is its own.

Run: python bench/bench_ingest_pdf.py [--runs 3] [--chapters 134]. Prints medians and ratios;
datasetkit should stay under 30 s and 500 MB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import run_child, timed_child
from tests.helpers.pdf_fixtures import make_long_handbook

BUDGET_SECONDS, BUDGET_MB = 30.0, 500.0

BASELINE = timed_child(
    setup="from pypdf import PdfReader",
    work=(
        "reader = PdfReader(sys.argv[1])\n"
        "texts = [page.extract_text() or '' for page in reader.pages]\n"
        "info = {'pages': len(texts), 'chars': sum(len(t) for t in texts)}"
    ),
)
DATASETKIT = timed_child(
    setup="from collections import Counter\nfrom datasetkit.knowledge import Limits, load_file",
    work=(
        "doc = load_file(sys.argv[1], limits=Limits(max_size=None))\n"
        "info = {'chars': sum(len(s.text) for s in doc.sections),\n"
        "        'kinds': dict(Counter(s.kind for s in doc.sections)),\n"
        "        'problems': dict(Counter(p.code for p in doc.problems))}"
    ),
)


def measure(code: str, path: Path, runs: int) -> tuple[float, float, dict]:
    """Median seconds, median peak RSS (MB) and the last run's details."""
    results = [run_child(code, path) for _ in range(runs)]
    return (
        statistics.median(r["seconds"] for r in results),
        statistics.median(r["peak_mb"] for r in results),
        results[-1]["info"],
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chapters", type=int, default=134, help="134 chapters make 300 pages")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "handbook.pdf"
        start = time.perf_counter()
        make_long_handbook(path, args.chapters, figures=2, compress=False)
        written = time.perf_counter() - start
        base_s, base_mb, base = measure(BASELINE, path, args.runs)
        dk_s, dk_mb, dk = measure(DATASETKIT, path, args.runs)
        size = path.stat().st_size
    pages = base["pages"]
    print(f"{pages} pages, {size / 1e6:.1f} MB (written with reportlab in {written:.1f} s)")
    print(f"medians of {args.runs} runs, each in a fresh process:")
    print(f"{'':26}{'seconds':>9}{'pages/s':>9}{'peak RSS':>11}")
    for name, s, mb in (
        ("pypdf extract_text()", base_s, base_mb),
        ("datasetkit load_file()", dk_s, dk_mb),
    ):
        print(f"{name:26}{s:9.2f}{pages / s:9.1f}{mb:8.0f} MB")
    print(
        f"datasetkit / baseline: {dk_s / base_s:.2f}x the time, {dk_mb / base_mb:.2f}x the memory"
    )
    kinds = ", ".join(f"{n:,} {k}" for k, n in sorted(dk["kinds"].items()))
    problems = ", ".join(f"{n} {k}" for k, n in sorted(dk["problems"].items()))
    print(f"datasetkit read {kinds}; reported {problems}")
    print(f"text: {dk['chars']:,} characters in sections, {base['chars']:,} from pypdf")
    within = dk_s < BUDGET_SECONDS and dk_mb < BUDGET_MB
    verdict = "within" if within else "OVER"
    print(f"budget {BUDGET_SECONDS:.0f} s and {BUDGET_MB:.0f} MB: {verdict}")


if __name__ == "__main__":
    main()
