"""Throughput of the LLM engine: concurrent vs a sequential baseline, same run, same server.

Starts the local OpenAI-compatible test server with a simulated model latency, then
generates the same plan with concurrency 1 and with concurrency N (cache off, fresh
journal each time), several times each, and prints the median cases per second and the
ratio. Not a timed test: run it by hand.

    python bench/bench_llm_throughput.py [--cases 40] [--latency 0.05] [--concurrency 8] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.llm_helpers import generator, make_plan, synthetic_chunks  # noqa: E402
from tests.llm_server import FakeLLMServer  # noqa: E402


def one_run(server: FakeLLMServer, cases: int, concurrency: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        gen = generator(
            server,
            Path(tmp),
            settings={"concurrency": concurrency, "no_cache": True, "timeout": 10},
            question_types=["lookup"],
        )
        t0 = time.perf_counter()
        result = gen.generate_knowledge(make_plan(cases, seed=1, chunks=synthetic_chunks(cases)))
        return time.perf_counter() - t0, len(result.cases)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--latency", type=float, default=0.05, help="simulated seconds per model call")
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    server = FakeLLMServer().start()
    server.latency = args.latency
    try:
        results = {}
        for label, conc in (
            ("sequential", 1),
            (f"concurrent x{args.concurrency}", args.concurrency),
        ):
            times, produced = [], 0
            for _ in range(args.runs):
                seconds, produced = one_run(server, args.cases, conc)
                times.append(seconds)
            med = statistics.median(times)
            results[label] = med
            print(
                f"{label:>16}: {produced} cases, median {med:.2f} s, {produced / med:.1f} cases/s"
            )
        seq, conc_t = results["sequential"], results[f"concurrent x{args.concurrency}"]
        print(
            f"speed-up: {seq / conc_t:.1f}x (latency {args.latency * 1000:.0f} ms a call, {args.runs} runs each)"
        )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
