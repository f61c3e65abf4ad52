"""``validate`` starts fast: it imports none of the heavy libraries (DESIGN: fast start).

Checked in a fresh interpreter, since the test process itself has imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("pandas", "openpyxl", "pypdf", "docx", "openai", "rapidfuzz", "numpy")

CHILD = """
import sys
from datasetkit.cli import main
sys.argv = ["datasetkit", "validate", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
heavy = sys.argv[2].split(",")
print("LOADED:" + ",".join(m for m in heavy if m in sys.modules))
"""


def _files(tmp_path):
    m365 = tmp_path / "evals.json"
    m365.write_text(
        json.dumps(
            {
                "schemaVersion": "1.11.0",
                "items": [{"prompt": "Who approves leave?", "expected_response": "Your manager."}],
            }
        )
    )
    jsonl = tmp_path / "data.jsonl"
    jsonl.write_text(
        json.dumps({"messages": [{"role": "user", "content": "Hi"}]})
        + "\n"
        + json.dumps({"query": "Who approves leave?", "response": "Your manager."})
        + "\n"
    )
    csv = tmp_path / "data.csv"
    csv.write_text("query,response\nWho approves leave?,Your manager.\n")
    return {"m365": m365, "foundry": jsonl, "csv": csv}


@pytest.mark.parametrize("kind", ["m365", "foundry", "csv"])
def test_validate_imports_no_heavy_library(tmp_path, kind):
    path = _files(tmp_path)[kind]
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), ",".join(HEAVY)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    line = [x for x in proc.stdout.splitlines() if x.startswith("LOADED:")]
    assert line, proc.stderr[-2000:]
    assert line[0] == "LOADED:", f"validate of a {kind} file imported {line[0][7:]}"
