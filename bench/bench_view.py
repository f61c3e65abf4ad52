"""Benchmark: the review page (``datasetkit view``) opening and filtering 10,000 cases in
the system's Chromium, against the same page over 100 cases measured in the same run.

The target: a 10,000-case file opens (the list on screen, from the start of the page's
load) and filters (a facet chosen, a search typed, until the list is redrawn) in under a
second. The server's own start (reading and checking the file, before the address is
printed) is shown apart: it is not the page's.

Run: python bench/bench_view.py [--runs 5] [--sizes 100,10000]. Prints medians and ratios.
Needs Chromium (``apt-get install chromium``) and Playwright (the test extras).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import datagen

import datasetkit
from tests.helpers.browser import chromium, missing

TARGET_MS = 1000.0

# In the page: the time from the start of its load to the list on screen (a mark the page sets).
OPENED = """() => {
    const m = performance.getEntriesByName('dk-list-ready')[0];
    return m ? m.startTime : null;
}"""
# Choose a facet's value (or type a search) and wait for the next frame: the list redrawn.
FILTER = """async ([facet, value]) => {
    const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    const count = document.getElementById('count');
    const before = count.textContent;
    const t0 = performance.now();
    if (facet === 'search') {
        const box = document.getElementById('search');
        box.value = value;
        box.dispatchEvent(new Event('input'));
        while (count.textContent === before) await new Promise(r => setTimeout(r, 1));
    } else {
        const sel = document.querySelector(`select[data-facet="${facet}"]`);
        sel.value = value;
        sel.dispatchEvent(new Event('change'));
    }
    await frame();
    return [performance.now() - t0, count.textContent];
}"""


def measure(context: Any, url: str, n: int) -> dict[str, float]:
    """One fresh page: open, then three filters (a finding level, a category, a search)."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => performance.getEntriesByName('dk-list-ready').length > 0")
    out = {"open": float(page.evaluate(OPENED))}
    for name, facet, value in (
        ("filter: finding level", "level", "error"),
        ("filter: category", "category", datagen.TOPICS[0]),
        ("search (60 ms typing pause incl.)", "search", "badge"),
    ):
        if facet != "search":
            page.evaluate(FILTER, [facet, ""])  # from the whole list each time
        ms, _count = page.evaluate(FILTER, [facet, value])
        out[name] = float(ms)
        if facet != "search":
            page.evaluate(FILTER, [facet, ""])
    page.close()
    return out


def bench_size(context: Any, folder: Path, n: int, runs: int) -> dict[str, float]:
    path = datagen.write_m365(folder / f"evals-{n}.json", n, errors=0.01)
    started = time.perf_counter()
    viewer = datasetkit.view(str(path), open_browser=False)
    server = (time.perf_counter() - started) * 1000
    try:
        measure(context, viewer.url, n)  # warm-up
        samples = [measure(context, viewer.url, n) for _ in range(runs)]
    finally:
        viewer.stop()
    medians = {k: statistics.median(s[k] for s in samples) for k in samples[0]}
    return {"server start (not the page's)": server, **medians}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100,10000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if missing():
        sys.exit(f"bench_view: {missing()}")
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as tmp,
        sync_playwright() as p,
        chromium(p, Path(tmp) / "profile") as context,
    ):
        results = {n: bench_size(context, Path(tmp), n, args.runs) for n in sizes}
        version = context.browser.version if context.browser else "?"
    base, top = sizes[0], sizes[-1]
    print(f"datasetkit view in Chromium {version}; medians of {args.runs} runs (ms)")
    print(f"{'':38}" + "".join(f"{n:>12,}" for n in sizes) + f"{'ratio':>9}{'vs 1 s':>9}")
    for key in results[base]:
        row = [results[n][key] for n in sizes]
        ratio = results[top][key] / results[base][key] if results[base][key] else float("nan")
        page_time = not key.startswith("server")
        verdict = f"{results[top][key] / TARGET_MS:>8.2f}" if page_time else f"{'':>8}"
        print(f"{key:38}" + "".join(f"{v:>12.1f}" for v in row) + f"{ratio:>8.1f}x {verdict}")
    worst = max(v for k, v in results[top].items() if not k.startswith("server"))
    print(
        f"{top:,} cases: slowest page step {worst:.0f} ms = {worst / TARGET_MS:.2f} of the "
        f"1 s target ({'met' if worst < TARGET_MS else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
