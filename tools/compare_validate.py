"""Compare ``datasetkit validate --format json`` of two checkouts on every file of some folders.

An optimisation of validation must keep every finding, location and message: run this
with the commit before it and the working tree on the shared corpus (and the test
fixtures) and it lists every file whose report or exit code differs.

Usage (from the repository root)::

    git archive <commit> | tar -x -C /tmp/before
    python tools/compare_validate.py /tmp/before . ../shared/corpus tests/fixtures

Exit 0 when every report is the same, 1 otherwise. Each checkout's own ``datasetkit``
package is run (``PYTHONPATH``), with the interpreter running this script.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path


def report(checkout: Path, path: Path) -> tuple[int, str]:
    """(exit code, JSON report) of ``datasetkit validate`` of ``path`` by ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout.resolve())}
    proc = subprocess.run(
        [sys.executable, "-m", "datasetkit", "validate", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(checkout),
        timeout=600,
    )
    return proc.returncode, proc.stdout


def main() -> int:
    """Compare both checkouts' reports on every file; print the differing ones."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="the checkout before the change")
    parser.add_argument("after", type=Path, help="the checkout after it")
    parser.add_argument("folders", type=Path, nargs="+", help="folders of files to validate")
    args = parser.parse_args()
    files = sorted(p.resolve() for d in args.folders for p in d.rglob("*") if p.is_file())
    differ = [f for f in files if report(args.before, f) != report(args.after, f)]
    for f in differ:
        print(f"differs: {f}")
    print(f"{len(files)} files, {len(differ)} with a different report or exit code")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
