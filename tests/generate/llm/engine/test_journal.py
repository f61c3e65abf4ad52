"""The run journal: appended line by line, a torn last line ignored."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.generate.llm.engine.journal import Journal


def test_journal_survives_a_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    j = Journal(path, resume=False)
    j.append("response", key="k1", response={"content": "{}"})
    j.close()
    with path.open("ab") as fh:
        fh.write(b'{"t":"response","key":"k2","resp')  # a crash mid-write
    j2 = Journal(path, resume=True)
    assert set(j2.responses()) == {"k1"} and j2.torn_lines == 1
    j2.append("response", key="k3", response={"content": "{}"})
    j2.close()
    assert set(Journal(path, resume=True).responses()) == {"k1", "k3"}
    lines = path.read_bytes().splitlines()
    assert json.loads(lines[-1])["key"] == "k3"
