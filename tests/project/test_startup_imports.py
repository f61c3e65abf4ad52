"""``validate`` starts fast: it imports none of the heavy libraries (DESIGN: fast start).

Checked in a fresh interpreter, since the test process itself has imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("pandas", "openpyxl", "pypdf", "docx", "openai", "rapidfuzz", "numpy")
# Not heavy, but most of a short run's start-up: validating M365 and Foundry files needs
# neither the canonical model nor pydantic, nor another format's reader or writer.
MODEL = ("pydantic", "datasetkit.core.model", "datasetkit.core.cases")
READERS = {
    "m365": (
        "datasetkit.formats.foundry.reader",
        "datasetkit.formats.copilot_studio.reader",
        "datasetkit.formats.m365.mapping",
    ),
    "foundry": ("datasetkit.formats.foundry.writer", "datasetkit.formats.m365.mapping"),
    "csv": ("datasetkit.formats.foundry.writer", "datasetkit.formats.copilot_studio.reader"),
}

# The names to look for are read before the command line is replaced (a check that read
# them after it looked for the file's path and could not fail).
CHILD = """
import json, sys
from datasetkit.cli import main
path, names, extra = sys.argv[1], sys.argv[2].split(","), json.loads(sys.argv[3])
sys.argv = ["datasetkit", extra[0] if extra else "validate", path, *extra[1:]]
try:
    main()
except SystemExit:
    pass
print("LOADED:" + ",".join(m for m in names if m in sys.modules))
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


def _loaded(path, names, command=()) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), ",".join(names), json.dumps(list(command))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    line = [x for x in proc.stdout.splitlines() if x.startswith("LOADED:")]
    assert line, proc.stderr[-2000:]
    return line[0][len("LOADED:") :]


@pytest.mark.parametrize("kind", ["m365", "foundry", "csv"])
def test_validate_imports_no_heavy_library(tmp_path, kind):
    loaded = _loaded(_files(tmp_path)[kind], HEAVY)
    assert loaded == "", f"validate of a {kind} file imported {loaded}"


@pytest.mark.parametrize("kind", ["m365", "foundry", "csv"])
def test_validate_imports_no_model_and_no_other_reader(tmp_path, kind):
    loaded = _loaded(_files(tmp_path)[kind], MODEL + READERS[kind])
    assert loaded == "", f"validate of a {kind} file imported {loaded}"


def test_the_check_sees_the_model_when_it_is_used(tmp_path):
    # The same child, on a file whose reading builds cases (Copilot Studio), does see them.
    path = tmp_path / "set.csv"
    path.write_text("Question,Expected response\nWho approves leave?,Your manager.\n")
    assert _loaded(path, MODEL).split(",")[0] == "pydantic"


@pytest.mark.parametrize("to", ["foundry", "foundry-csv"])
def test_converting_clean_foundry_rows_imports_no_model(tmp_path, to):
    # Clean rows are laid out without cases, so the model (a third of a short run) is
    # not loaded; a row that needs the full way loads it.
    path = tmp_path / "data.jsonl"
    row = {"query": "Who approves leave?", "response": "Your manager.", "id": "a"}
    path.write_text(json.dumps(row) + "\n" + json.dumps({**row, "id": "b"}) + "\n")
    command = ("convert", "-o", str(tmp_path / "out.data"), "--to", to, "--force", "-q")
    assert _loaded(path, MODEL + HEAVY, command) == ""
    assert (tmp_path / "out.data").read_text(encoding="utf-8").count("Your manager.") == 2
    path.write_text(json.dumps(row) + "\n" + json.dumps({"query": "", "response": "x"}) + "\n")
    assert "pydantic" in _loaded(path, MODEL, command)
