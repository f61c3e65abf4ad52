"""Foundry files on both sides of every limit: per-row time and memory against 100,000 rows.

The batch evaluation takes at most 100,000 rows, and a conversion once left its fast path
past that limit (ten times slower per row at 100,001). This runs ``validate`` and
``convert`` (to JSONL and to CSV) on clean files of 99,999, 100,000, 100,001, 250,000 and
1,000,000 rows and on files of the same sizes with 1% broken rows, each command on every
size interleaved with the others after a warm-up (``measure.compare``), and prints each
size's time and CPU time per row against the clean 100,000-row file measured in the same
run, and its peak memory against the 100,000-row file of its kind (a file with errors
may load the code that reads a broken row, once). Target: within 1.2x per row and 1.2x
memory at every size.

    python bench/bench_sizes.py            # the sizes above (about 4 GB of data in a temp folder)
    python bench/bench_sizes.py --quick    # 99,999 / 100,000 / 100,001 / 137,003 / 250,000
    python bench/bench_sizes.py --runs 5 --errors 0.01
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import datagen  # noqa: E402
from measure import Sample, compare, datasetkit, machine, mb  # noqa: E402

BASE = 100_000  # the batch evaluation's limit, and the size every other is compared with
SIZES = (99_999, BASE, 100_001, 250_000, 1_000_000)
QUICK = (99_999, BASE, 100_001, 137_003, 250_000)
TARGET = 1.2


def _commands(path: Path, out: Path) -> dict[str, list[str]]:
    """The measured commands on ``path`` (outputs beside ``out``)."""
    return {
        "validate": datasetkit("validate", str(path), "-q"),
        "convert -> JSONL": datasetkit("convert", str(path), "-o", f"{out}.jsonl", "--force", "-q"),
        "convert -> CSV": datasetkit(
            "convert", str(path), "-o", f"{out}.csv", "--to", "foundry-csv", "--force", "-q"
        ),
    }


def measure(tmp: Path, sizes: tuple[int, ...], errors: float, runs: int) -> list[list[str]]:
    """The table's rows: one per command, kind of file and size."""
    files: dict[tuple[str, int], Path] = {}
    for n in sizes:
        files["clean", n] = datagen.write_foundry(tmp / f"clean-{n}.jsonl", n)
        if errors:
            files["errors", n] = datagen.write_foundry(tmp / f"errors-{n}.jsonl", n, errors)
    table = []
    for command in _commands(tmp, tmp):
        for kind in ("clean", "errors") if errors else ("clean",):
            contestants = {
                (k, n): _commands(p, tmp / f"out-{k}-{n}")[command]
                for (k, n), p in files.items()
                if k == kind or (k, n) == ("clean", BASE)
            }
            got = compare({f"{k}-{n}": cmd for (k, n), cmd in contestants.items()}, runs)
            for k, n in contestants:
                if k == kind:
                    table.append(_row(command, kind, n, got))
                    print(" | ".join(table[-1]), flush=True)
    return table


def _row(command: str, kind: str, n: int, got: dict[str, Sample]) -> list[str]:
    """One line of the table: ``n`` rows of ``kind`` against the clean 100,000-row file
    (time and CPU time per row) and against the 100,000-row file of its kind (memory:
    flat when a larger file takes no more)."""
    s, base, same = got[f"{kind}-{n}"], got[f"clean-{BASE}"], got[f"{kind}-{BASE}"]
    per_row = (s.seconds / n) / (base.seconds / BASE)
    cpu = (s.cpu / n) / (base.cpu / BASE)
    memory = s.rss / same.rss
    # On a loaded machine the wall time of one size can lose 30% to a burst of load that
    # the CPU time does not see: such a row says so instead of a plain yes or no.
    holds = "yes" if per_row <= TARGET else "CPU time only" if cpu <= TARGET else "**no**"
    if memory > TARGET:
        holds = "**no** (memory)"
    return [
        command,
        kind,
        f"{n:,}",
        f"{s.seconds:.2f} s",
        f"{s.seconds / n * 1e6:.1f} µs",
        f"{per_row:.2f}",
        f"{cpu:.2f}",
        mb(s.rss),
        f"{memory:.2f}",
        holds,
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="up to 250,000 rows")
    ap.add_argument("--runs", type=int, default=3, help="runs per size after the warm-up")
    ap.add_argument("--errors", type=float, default=0.01, help="share of broken rows (0: none)")
    args = ap.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="datasetkit-sizes-") as tmp:
        rows = measure(Path(tmp), QUICK if args.quick else SIZES, args.errors, args.runs)
    head = [
        "Command",
        "File",
        "Rows",
        "Time",
        "Per row",
        "vs clean 100,000",
        "CPU per row vs clean 100,000",
        "Peak RSS",
        "vs 100,000 of its kind",
    ]
    print(f"\nMachine: {machine()}; {args.runs} interleaved runs after a warm-up, medians;")
    print(f"took {(time.perf_counter() - started) / 60:.0f} min. Target: <= {TARGET} per row")
    print("against the clean 100,000-row file of the same run, and peak memory against the")
    print("100,000-row file of the same kind (flat). CPU time is the command's processes'")
    print("user and system time together, which load from elsewhere moves least.\n")
    print("| " + " | ".join([*head, "Holds"]) + " |")
    print("|" + "---|" * (len(head) + 1))
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
