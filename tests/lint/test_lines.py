"""Lint numbers a JSONL file's lines as the reader does: a U+2028 or a form feed inside a
string is text, not a line break, so the rows after it keep their own line and pointer."""

from __future__ import annotations

import json

from datasetkit.lint import LintConfig, lint_file


def test_line_separator_in_a_string_does_not_shift_later_rows(tmp_path):
    rows = [
        {"query": "Line\u2028separator and\x0cform feed inside", "ground_truth": "x"},
        {
            "messages": [
                {"role": "user", "content": "Status of order 7?"},
                {"role": "tool", "tool_call_id": "c1", "content": "shipped"},
                {"role": "assistant", "content": "It shipped."},
            ]
        },
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    found = lint_file(str(path), None, LintConfig()).report.findings
    tool = [f for f in found if f.code == "lint.foundry.tool-content-string"]
    assert len(tool) == 1
    assert tool[0].location.line == 2 and tool[0].location.pointer == "/1/messages/1/content"
    # The validate finding it reports better is dropped (same place).
    assert not any(f.code == "foundry.message.tool-content-string" for f in found)
