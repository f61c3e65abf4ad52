"""Benchmark: reading large workbooks with datasetkit (tables, headers, display formats,
volatile formulas) against openpyxl's read-only iteration over every cell value, the
plainest way a user would read the same sheet.

Two workbooks, written with openpyxl's streaming mode: a plain table of 100,000 cells
(text, numbers, dates; tests/helpers/xlsx_fixtures.py) and an order table of 60,000 rows
whose last column is a formula per row (the references datasetkit follows to find values
computed from volatile functions). Each run is a fresh subprocess, so its peak memory
(RSS) is its own; the two readers take turns.

Run: python bench/bench_ingest_xlsx.py [--runs 3]. Prints medians and ratios against the
baseline measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import run_child, timed_child
from tests.helpers.xlsx_fixtures import make_big_xlsx

BASELINE = timed_child(
    setup="import openpyxl",
    work=(
        "wb = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
        "cells = sum(1 for ws in wb for row in ws.iter_rows(values_only=True) for v in row"
        " if v is not None)\n"
        "info = {'cells': cells}"
    ),
)
DATASETKIT = timed_child(
    setup="from datasetkit.knowledge import Limits, load_file",
    work=(
        "doc = load_file(sys.argv[1], limits=Limits(max_size=None))\n"
        "info = {'sections': len(doc.sections),\n"
        "        'volatile': sum(bool(s.volatile) for s in doc.sections)}"
    ),
)


def make_formula_xlsx(path: Path, rows: int) -> Path:
    """An order table whose "Total" column is a formula of each row's quantity and price."""
    import openpyxl

    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Orders")
    ws.append(["Order", "Product", "Quantity", "Unit price", "Total"])
    for r in range(2, rows + 2):
        ws.append([r - 1, f"Product {r % 97}", r % 13 + 1, (r % 50) + 0.5, f"=C{r}*D{r}"])
    wb.save(str(path))
    return path


def compare(path: Path, runs: int) -> None:
    """Median time and peak memory of both readers on ``path``, taking turns."""
    results: dict[str, list[dict]] = {"openpyxl read-only": [], "datasetkit load_file()": []}
    for i in range(runs):
        order = list(zip(results, (BASELINE, DATASETKIT), strict=True))
        for name, code in order if i % 2 == 0 else order[::-1]:
            results[name].append(run_child(code, path))
    print(f"{path.name}: medians of {runs} runs, each in a fresh process")
    medians = {}
    for name, rs in results.items():
        s = statistics.median(r["seconds"] for r in rs)
        mb = statistics.median(r["peak_mb"] for r in rs)
        medians[name] = (s, mb)
        print(f"  {name:24}{s:8.2f} s{mb:8.0f} MB   {rs[-1]['info']}")
    (bs, bmb), (ds, dmb) = medians.values()
    print(f"  datasetkit / baseline: {ds / bs:.2f}x the time, {dmb / bmb:.2f}x the memory")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        compare(make_big_xlsx(Path(tmp) / "plain-100k-cells.xlsx", rows=10_000, cols=10), args.runs)
        compare(make_formula_xlsx(Path(tmp) / "formulas-60k-rows.xlsx", rows=60_000), args.runs)


if __name__ == "__main__":
    main()
