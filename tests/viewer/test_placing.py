"""Each finding shown on the case and field it is about, in every kind of file."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.lint.settings import LintConfig
from datasetkit.viewer.opened import open_dataset, summary
from datasetkit.viewer.placing import canonical_field, place_findings
from tests.conftest import ROOT


def _placed(path: Path) -> dict[str, set[tuple[int, int | None, str | None]]]:
    opened = open_dataset(0, str(path), None, LintConfig())
    out: dict[str, set[tuple[int, int | None, str | None]]] = {}
    for case, found in opened.placed.by_case.items():
        for f, turn, field in found:
            out.setdefault(f.code, set()).add((case, turn, field))
    return out


def test_m365_findings_land_on_their_item_and_field() -> None:
    placed = _placed(ROOT / "examples" / "datasets" / "m365" / "with-mistakes.json")
    assert placed["lint.prompt.vague"] == {(1, 0, "prompt")}
    assert placed["m365.evaluator.case"] == {(0, 0, "evaluators")}
    # A misspelt key is shown under its own name, on its case.
    assert placed["m365.schema.unknown-field"] == {(1, 0, "expeceted_response")}


def test_jsonl_and_csv_findings_use_the_format_s_own_names(tmp_path: Path) -> None:
    rows = [
        {"query": "What is the refund window?", "ground_truth": "30 days."},
        {"query": "Tell me about returns", "ground_truth": "  30 days. "},
    ]
    jsonl = tmp_path / "data.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    placed = _placed(jsonl)
    assert placed["lint.prompt.vague"] == {(1, 0, "prompt")}
    assert placed["lint.text.whitespace"] == {(1, None, "expected_response")}
    csv = tmp_path / "data.csv"
    csv.write_text(
        "query,ground_truth\nWhat is the refund window?,30 days\nTell me about returns,30 days\n"
    )
    assert (1, 0, "prompt") in _placed(csv)["lint.prompt.vague"]


def test_a_finding_on_no_case_belongs_to_the_file(tmp_path: Path) -> None:
    jsonl = tmp_path / "data.jsonl"
    jsonl.write_text(json.dumps({"query": "Hi?", "ground_truth": "Hello."}) + "\n")
    opened = open_dataset(0, str(jsonl), None, LintConfig())
    about_file = Finding("x.file", Severity.WARNING, "m", location=Location(path=str(jsonl)))
    placed = place_findings([about_file], opened.cases)
    assert placed.file == [about_file] and not placed.by_case


def test_the_list_row_carries_what_the_filters_need() -> None:
    opened = open_dataset(
        0, str(ROOT / "examples" / "datasets" / "m365" / "with-mistakes.json"), None, LintConfig()
    )
    row = summary(opened, 1)
    assert row["k"] == "0:1" and row["l"] == "error" and not row["g"]
    assert "lint.prompt.vague" in row["codes"]


def test_format_names_map_to_the_page_s_fields() -> None:
    assert canonical_field("ground_truth") == "expected_response"
    assert canonical_field("Expected response") == "expected_response"
    assert canonical_field("Question") == "prompt"
    assert canonical_field("custom_column") == "custom_column"
    assert canonical_field(None) is None
