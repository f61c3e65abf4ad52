"""Benchmark: converting a large Foundry JSONL file takes bounded memory.

Generates a JSONL file (default 1 GB) of agent conversations in the OpenAI Chat
Completions dialect (so every row is really normalized, not copied), converts it to
canonical Foundry JSONL with ``datasetkit.convert.entry.convert`` in a fresh process, and
compares that process's peak RSS with a baseline process that reads the file the
naive way (``json.loads`` per line into a list). Prints the median of several runs.

    python bench/bench_stream.py                 # 1 GB, 3 runs
    python bench/bench_stream.py --size-mb 200 --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD_CONVERT = """
import resource, sys, time
from datasetkit.convert.entry import convert
t = time.perf_counter()
r = convert([sys.argv[1]], sys.argv[2], source="foundry", target="foundry", force=True)
elapsed = time.perf_counter() - t
assert r.paths and r.streamed, r.errors[:3]
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, elapsed, r.cases_written)
"""

CHILD_BASELINE = """
import json, resource, sys, time
t = time.perf_counter()
with open(sys.argv[1], encoding="utf-8") as fh:
    rows = [json.loads(line) for line in fh]
elapsed = time.perf_counter() - t
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, elapsed, len(rows))
"""

CHILD_IDLE = """
import resource
import datasetkit.convert.entry, datasetkit.formats
datasetkit.formats.all_formats()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, 0.0, 0)
"""


def make_row(i: int, context_chars: int) -> dict:
    """One conversation row with a tool call, a tool result and a long context."""
    call = f"call_{i}"
    return {
        "messages": [
            {"role": "system", "content": "You are a claims assistant for Contoso Insurance."},
            {"role": "user", "content": f"What is the status of claim CN{i:09d}?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call,
                        "type": "function",
                        "function": {
                            "name": "get_claim",
                            "arguments": json.dumps({"claim": f"CN{i:09d}"}),
                        },
                    }
                ],
            },
            {
                "role": "tool",
                "tool_call_id": call,
                "content": json.dumps({"status": "open", "days": i % 30}),
            },
            {
                "role": "assistant",
                "content": f"Claim CN{i:09d} is open; it was filed {i % 30} days ago.",
            },
        ],
        "tool_definitions": [
            {
                "name": "get_claim",
                "description": "Look up a claim",
                "parameters": {"type": "object"},
            }
        ],
        "context": ("Policy text. " * (context_chars // 13 + 1))[:context_chars],
        "owner": "claims-team",
    }


def generate(path: Path, size_bytes: int, context_chars: int) -> int:
    """Write rows until the file reaches ``size_bytes``; returns the row count."""
    n = 0
    written = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        while written < size_bytes:
            line = json.dumps(make_row(n, context_chars), ensure_ascii=False) + "\n"
            fh.write(line)
            written += len(line.encode("utf-8"))
            n += 1
    return n


def run_child(code: str, *args: str) -> tuple[int, float, int]:
    """Run ``code`` in a fresh interpreter; returns (peak RSS in bytes, seconds, rows)."""
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"child failed:\n{proc.stderr[-3000:]}")
    kb, elapsed, rows = proc.stdout.split()
    return int(kb) * 1024, float(elapsed), int(rows)


def mb(n: float) -> str:
    return f"{n / 1024 / 1024:,.1f} MB"


def main() -> None:
    """Generate, convert, measure, print."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--size-mb", type=int, default=1024, help="input size (default 1024 = 1 GB)"
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="runs per measurement (median is printed)"
    )
    parser.add_argument("--context-chars", type=int, default=3000, help="context length per row")
    parser.add_argument("--no-baseline", action="store_true", help="skip the whole-file baseline")
    parser.add_argument(
        "--dir", help="work folder (default: a temporary folder, removed afterwards)"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        src = Path(tmp) / "input.jsonl"
        out = Path(tmp) / "output.jsonl"
        t = time.perf_counter()
        rows = generate(src, args.size_mb * 1024 * 1024, args.context_chars)
        size = src.stat().st_size
        print(f"input: {mb(size)}, {rows:,} rows, generated in {time.perf_counter() - t:.1f} s")
        idle = run_child(CHILD_IDLE)[0]
        print(f"interpreter + datasetkit imported: {mb(idle)} peak RSS")

        conv = [run_child(CHILD_CONVERT, str(src), str(out)) for _ in range(args.runs)]
        assert all(r[2] == rows for r in conv), "conversion lost rows"
        rss = statistics.median(r[0] for r in conv)
        secs = statistics.median(r[1] for r in conv)
        print(
            f"datasetkit convert (streamed): peak RSS {mb(rss)} (median of {args.runs}), "
            f"{secs:.1f} s, {size / secs / 1024 / 1024:.1f} MB/s"
        )
        print(f"  peak RSS / input size: {rss / size:.3f}")
        print(
            f"  RSS above the idle interpreter: {mb(rss - idle)} ({(rss - idle) / size:.4f} of the input)"
        )
        if not args.no_baseline:
            base = [run_child(CHILD_BASELINE, str(src)) for _ in range(args.runs)]
            brss = statistics.median(r[0] for r in base)
            bsecs = statistics.median(r[1] for r in base)
            print(f"baseline (json.loads per line into a list): peak RSS {mb(brss)}, {bsecs:.1f} s")
            print(f"  baseline peak RSS / input size: {brss / size:.3f}")
            print(f"  datasetkit / baseline peak RSS: {rss / brss:.3f}")
        print(f"output: {mb(out.stat().st_size)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
