"""The views fixes edit: formatting kept, and changes listed by what they do, whichever
fix asked first."""

from __future__ import annotations

import json

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.lint.fix.edits import CsvTable, FileBytes, JsonDocument, JsonLines

DOC = """{
  "items": [
    {"prompt": " A? ", "evaluators": {"relevance": {}}},
    {"prompt": "B?"}
  ]
}
"""


def _found(code: str, line: int, pointer: str | None = None) -> Finding:
    return Finding(code, Severity.INFO, "m", "h", Location(path="f", line=line, pointer=pointer))


def test_a_document_lists_renames_then_replacements_then_removals() -> None:
    doc = JsonDocument(DOC)
    doc.remove_element("c.remove", "/items/1", "removed", 4)
    doc.replace("c.replace", "/items/0/prompt", doc.get("/items/0/prompt").strip(), "trimmed", 3)
    doc.rename_key("c.rename", "/items/0/evaluators/relevance", "Relevance", "renamed")
    text, changes = doc.result()
    assert [c.code for c in changes] == ["c.rename", "c.replace", "c.remove"]
    assert changes[0].line == 3
    assert (
        text == '{\n  "items": [\n    {"prompt": "A?", "evaluators": {"Relevance": {}}}\n  ]\n}\n'
    )


def test_a_value_keeps_the_escaping_it_was_written_with() -> None:
    doc = JsonDocument('{"a": "caf\\u00e9 ", "b": "caf\u00e9 "}')
    doc.replace("c", "/a", "caf\u00e9", "m", 1)
    doc.replace("c", "/b", "caf\u00e9", "m", 1)
    assert doc.result()[0] == '{"a": "caf\\u00e9", "b": "caf\u00e9"}'


def test_jsonl_records_list_reshapes_first_and_each_rule_once() -> None:
    rows = [{"query": " q ", "tools": []}, {"query": "same"}, {"query": "same"}]
    lines = JsonLines("".join(json.dumps(r) + "\r\n" for r in rows))
    found = [_found("c.trim", 1), _found("c.shape", 1), _found("c.trim", 3)]
    lines.remove("c.dup", 3, "removed")
    for record, codes in lines.records(found):
        if "c.trim" in codes:
            record.replace("c.trim", "query", record.value["query"].strip(), "trimmed")
            record.replace("c.trim", "query", record.value["query"], "trimmed")
        if "c.shape" in codes:
            record.value["tools"] = None
            record.reshaped("c.shape", "reshaped")
    text, changes = lines.result()
    assert [(c.code, c.line) for c in changes] == [("c.shape", 1), ("c.trim", 1), ("c.dup", 3)]
    assert text == '{"query": "q", "tools": null}\r\n{"query": "same"}\r\n'


def test_csv_removes_rows_first_and_leaves_their_cells_alone() -> None:
    table = CsvTable('q,a\n"x ",1\n"x ",1\n', {"prompt": "q"})
    for line in (2, 3):
        record = table.record(line)
        assert record is not None
        table.replace("c.trim", record, record.cells[0], '"x"', "trimmed")
    table.remove("c.dup", table.record(3), "removed")  # type: ignore[arg-type]
    text, changes = table.result()
    assert [(c.code, c.line) for c in changes] == [("c.dup", 3), ("c.trim", 2)]
    assert text == 'q,a\n"x",1\n'


def test_bytes_are_cut_before_decoding() -> None:
    raw = FileBytes(b"\xef\xbb\xbf{}")
    raw.delete("c.bom", 0, 3, "removed the BOM", 1)
    assert raw.data == b"{}" and [c.message for c in raw.changes] == ["removed the BOM"]
