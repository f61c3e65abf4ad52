"""Throughput of the LLM engine: concurrent vs a sequential baseline, same run, same server.

Starts the local OpenAI-compatible test server with a simulated model latency, then
generates the same plan with concurrency 1 and with concurrency N (cache off, fresh
journal each time), several times each, and prints the median cases per second and the
ratio. Not a timed test: run it by hand.

    python bench/bench_llm_throughput.py [--cases 40] [--latency 0.2] [--concurrency 8] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.helpers.llm_helpers import generator, make_plan, synthetic_chunks  # noqa: E402


def one_run(server: Any, cases: int, concurrency: int) -> tuple[float, int]:
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


class RemoteServer:
    """The test server in its own process (so its work does not compete for our GIL)."""

    def __init__(self, latency: float) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.llm_server", "--latency", str(latency)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()

    def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--latency", type=float, default=0.2, help="simulated seconds per model call")
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    server = RemoteServer(args.latency)
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
            f"speed-up: {seq / conc_t:.1f}x (latency {args.latency * 1000:.0f} ms a call, "
            f"{args.runs} runs each, server in its own process)"
        )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
