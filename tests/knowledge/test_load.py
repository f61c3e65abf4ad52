"""The load entry point, the size limit, and the ``ingest`` command."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.knowledge import DEFAULT_MAX_SIZE, load, parse_size
from tests.helpers.knowledge_fixtures import make_pdf, make_policy_docx, make_price_xlsx


def test_files_over_5_mb_are_refused_with_a_clear_message(tmp_path: Path) -> None:
    big = tmp_path / "manual.md"
    with open(big, "wb") as fh:
        fh.write(b"# Manual\n\n")
        fh.write(b"x" * (5 * 1024 * 1024))
    start = time.monotonic()
    [doc] = load([big])
    assert time.monotonic() - start < 1
    [problem] = doc.problems
    assert problem.code == "knowledge.too_large"
    assert problem.file == str(big)
    assert "5,242,890 bytes" in problem.message and "limit of 5 MB" in problem.message
    assert "--max-size" in problem.hint
    # --max-size raises the limit.
    [doc] = load([big], parse_size("6MB"))
    assert doc.problems == [] and doc.sections[0].text == "Manual"
    [doc] = load([big], None)
    assert doc.problems == []


def test_parse_size() -> None:
    assert parse_size("5MB") == DEFAULT_MAX_SIZE
    assert parse_size("500kb") == 500 * 1024
    assert parse_size("1.5 MB") == int(1.5 * 1024 * 1024)
    assert parse_size("1048576") == 1048576
    with pytest.raises(DatasetkitError, match="not a size"):
        parse_size("big")


def test_folders_expand_sorted_and_unsupported_types_are_reported(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    (kb / "sub").mkdir(parents=True)
    (kb / "b.md").write_text("# B\n\nbee text here", encoding="utf-8")
    (kb / "a.txt").write_text("aye", encoding="utf-8")
    (kb / "sub" / "c.csv").write_text("k,v\nx,y\n", encoding="utf-8")
    (kb / "skip.pptx").write_bytes(b"PK")
    (kb / "~$lock.docx").write_bytes(b"x")
    docs = load([kb])
    assert [Path(d.path).relative_to(kb).as_posix() for d in docs] == ["a.txt", "b.md", "sub/c.csv"]
    [odd] = load([kb / "skip.pptx"])
    assert [p.code for p in odd.problems] == ["knowledge.unsupported"]
    with pytest.raises(DatasetkitError, match="no such file"):
        load([tmp_path / "missing.md"])
    with pytest.raises(DatasetkitError, match="no knowledge files"):
        (tmp_path / "empty").mkdir()
        load([tmp_path / "empty"])


def test_ingest_markdown_shows_text_with_provenance(tmp_path: Path, cli) -> None:
    docx_path = make_policy_docx(tmp_path / "travel.docx")
    result = cli("ingest", str(docx_path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"# {docx_path}" in out
    assert "## Travel Policy" in out
    assert "#### Approved airlines" in out
    assert "- Contoso Air\n- Fabrikam Airways\n" in out
    assert (
        "| City | Per diem | Hotel cap |\n| --- | --- | --- |\n| Paris | EUR 90 | EUR 220 |" in out
    )
    assert re.search(r"<sub>(table 1, )?rows 2-3</sub>", out)
    assert out.rstrip().endswith("1 file(s), 13 section(s), 0 error(s), 0 warning(s)")


def test_ingest_json_and_exit_code_for_unreadable_files(tmp_path: Path, cli) -> None:
    xlsx = make_price_xlsx(tmp_path / "prices.xlsx")
    scan = make_pdf(tmp_path / "scan.pdf", ["image"])
    result = cli("ingest", "--format", "json", str(xlsx), str(scan))
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert [d["kind"] for d in payload["documents"]] == ["xlsx", "pdf"]
    first = payload["documents"][0]["sections"][1]
    assert first == {
        "kind": "table_row",
        "text": "Plan: Basic; Monthly price: $9.90; Seats: 1; Annual price: $118.80",
        "source": {
            "file": str(xlsx),
            "heading_path": ["Contoso price list 2026"],
            "sheet": "Plans",
            "row": 4,
            "table": 1,
            "cells": "A4:D4",
        },
        "record": {
            "Plan": "Basic",
            "Monthly price": "$9.90",
            "Seats": "1",
            "Annual price": "$118.80",
        },
    }
    problems = payload["documents"][1]["problems"]
    assert [(p["code"], p["page"]) for p in problems] == [("knowledge.no_text_layer", 1)]
    assert payload["summary"] == {"files": 2, "sections": 6, "errors": 1, "warnings": 1}


def test_ingest_refuses_large_files_and_bad_options(tmp_path: Path, cli) -> None:
    f = tmp_path / "notes.txt"
    f.write_text("hello world " * 200, encoding="utf-8")
    result = cli("ingest", "--max-size", "1KB", str(f))
    assert result.exit_code == 1
    assert "knowledge.too_large" in result.stdout
    assert cli("ingest", "--format", "yaml", str(f)).exit_code == 2
    assert cli("ingest", str(tmp_path / "nope.md")).exit_code == 2


def test_the_time_budget_stops_reading_with_a_warning(tmp_path: Path) -> None:
    from datasetkit.knowledge import Limits, load_file
    from tests.helpers.knowledge_fixtures import make_pdf

    files = [
        make_policy_docx(tmp_path / "travel.docx"),
        make_price_xlsx(tmp_path / "prices.xlsx"),
        make_pdf(tmp_path / "guide.pdf", [["Page one."], ["Page two."]]),
    ]
    md = tmp_path / "notes.md"
    md.write_text("# Notes\n\nSome text.\n", encoding="utf-8")
    files.append(md)
    for f in files:
        doc = load_file(f, limits=Limits(max_seconds=-1))
        assert [p.code for p in doc.problems] == ["knowledge.truncated"], f
        assert "longer than" in doc.problems[0].message
        assert doc.problems[0].severity == "warning"
