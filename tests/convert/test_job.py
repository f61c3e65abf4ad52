"""One ConvertJob: built once from ``convert``'s arguments, and the path it goes down."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from datasetkit.convert import entry
from datasetkit.convert.job import ConvertJob, build_job
from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import ReadOptions, WriteOptions

ROW = {"query": "Who approves leave?", "response": "Your manager."}
DOC = {"schemaVersion": "1.11.0", "items": [{"prompt": "Who approves leave?"}]}


def _files(tmp_path: Path) -> tuple[Path, Path, Path]:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps(ROW) + "\n", encoding="utf-8")
    more = tmp_path / "more.jsonl"
    more.write_text((json.dumps(ROW) + "\n") * 2, encoding="utf-8")
    doc = tmp_path / "evals.json"
    doc.write_text(json.dumps(DOC), encoding="utf-8")
    return rows, more, doc


def _job(inputs: list[str], output: str, **kw: Any) -> ConvertJob:
    args: dict[str, Any] = {
        "source": None,
        "target": None,
        "read_options": None,
        "write_options": None,
        "force": False,
        "progress": None,
        "make_parents": False,
    }
    return build_job(inputs, output, **{**args, **kw})


def test_the_job_holds_what_the_arguments_settle(tmp_path: Path) -> None:
    rows, more, _ = _files(tmp_path)
    out = tmp_path / "out.csv"
    job = _job(
        [str(rows), str(more)],
        str(out),
        target="foundry-csv",
        write_options=WriteOptions(strict=True),
    )
    assert [(s.path, s.format.name) for s in job.sources] == [
        (str(rows), "foundry"),
        (str(more), "foundry"),
    ]
    assert (job.output, job.target.name, job.folder) == (out, "foundry-csv", tmp_path)
    assert job.total == rows.stat().st_size + more.stat().st_size
    assert job.strict
    # Readers are told they are read for a conversion; the caller's options stay as given.
    assert job.read_options.extra == {"converting": True}
    told: list[tuple[int, int]] = []
    job = _job([str(rows)], str(tmp_path / "one.jsonl"), progress=lambda d, t: told.append((d, t)))
    job.input_options(100).extra["progress"](5)
    assert told == [(105, job.total)]


def test_what_stops_a_job_is_found_before_any_input_is_read(tmp_path: Path) -> None:
    rows, _, doc = _files(tmp_path)
    with pytest.raises(DatasetkitError, match="no input files"):
        _job([], str(tmp_path / "out.jsonl"))
    with pytest.raises(DatasetkitError, match="cannot tell the output format"):
        _job([str(rows)], str(tmp_path / "out.txt"))
    with pytest.raises(DatasetkitError, match="already exists"):
        _job([str(rows)], str(doc))
    with pytest.raises(DatasetkitError, match="is also an input"):
        _job([str(rows)], str(rows), force=True)
    with pytest.raises(DatasetkitError, match="mkdir"):
        _job([str(rows)], str(tmp_path / "new" / "out.jsonl"))
    assert _job([str(rows)], str(tmp_path / "new" / "out.jsonl"), make_parents=True).sources
    # --map reads a JSONL file as plain records through the Foundry reader.
    mapping = ReadOptions(mapping={"prompt": "query"})
    mapped = _job([str(rows)], str(tmp_path / "m.json"), read_options=mapping)
    assert mapped.sources[0].format.name == "foundry"


@pytest.mark.parametrize(
    ("source", "output", "path"),
    [
        ("rows", "out.json", "to_m365"),
        ("rows", "out.jsonl", "fast"),
        ("rows", "out.csv", "fast"),
        ("doc", "out.jsonl", "whole"),
        ("doc", "out.json", "whole"),
    ],
)
def test_the_entry_runs_the_one_job_down_one_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, source: str, output: str, path: str
) -> None:
    rows, _, doc = _files(tmp_path)
    taken: list[tuple[str, ConvertJob]] = []

    def spy(name: str, module: str, function: str) -> None:
        real = getattr(importlib.import_module(module), function)

        def recorded(job: ConvertJob, result: Any) -> Any:
            taken.append((name, job))
            return real(job, result)

        monkeypatch.setattr(f"{module}.{function}", recorded)

    spy("to_m365", "datasetkit.convert.to_m365", "convert_to_m365")
    spy("fast", "datasetkit.convert.fast", "convert_fast")
    spy("streamed", "datasetkit.convert.streamed", "convert_streamed")
    spy("whole", "datasetkit.convert.whole", "convert_whole")
    src = rows if source == "rows" else doc
    target = "foundry-csv" if output.endswith(".csv") else None
    result = entry.convert([str(src)], str(tmp_path / output), target=target)
    assert result.ok, result.errors
    assert [name for name, _ in taken] == [path]
    assert taken[0][1].sources[0].path == str(src)
