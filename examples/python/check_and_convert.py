"""Check every sample dataset, convert the M365 one to Foundry JSONL in memory, and look
at it in pandas: the datasetkit Python API on this folder's samples.

Run from ``examples/``:  python python/check_and_convert.py
"""

from __future__ import annotations

import io
from pathlib import Path

import datasetkit

HERE = Path(__file__).resolve().parent.parent


def main() -> int:
    """Exit 0 when every sample but the deliberately broken one is valid."""
    failed = []
    for path in sorted((HERE / "datasets").rglob("*")):
        if path.suffix not in (".json", ".jsonl", ".csv"):
            continue
        report = datasetkit.validate(path)
        status = "ok" if report.ok else f"{len(report.errors)} error(s)"
        print(f"{path.relative_to(HERE)}: {status}")
        if not report.ok and path.name != "with-mistakes.json":
            failed.append(path)
    # Each finding is data: where it is and how to fix it.
    broken = datasetkit.validate(HERE / "datasets" / "m365" / "with-mistakes.json")
    for finding in broken.errors[:2]:
        print(f"  {finding.location.pointer}: {finding.message} -> {finding.hint}")

    evals = datasetkit.load(HERE / "datasets" / "m365" / "evals.json")
    out = io.StringIO()
    written = datasetkit.dump(evals, out, "foundry")
    print(f"converted {len(evals.cases)} case(s) to Foundry JSONL: ok={written.ok}")
    table = evals.to_pandas()
    print(table[["case", "turn", "prompt"]].head(3).to_string(index=False))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
