"""lint --fix and --diff: safe fixes, formatting kept, backup, atomic write."""

from __future__ import annotations

import json

from datasetkit.lint import LintConfig
from datasetkit.lint.fix.apply import fix_file

M365 = """{
  "schemaVersion": "1.11.0",
  "items": [
    {
      "prompt": "How do I reset my VPN token?  ",
      "expected_response": "Use the portal.",
      "evaluators": {"relevance": {"threshold": 4}}
    },
    {"prompt": "How do I order a laptop?", "expected_response": "Open a hardware ticket."},
    {"prompt": "How do I order a laptop?", "expected_response": "Open a hardware ticket."}
  ]
}
"""


def test_m365_fixes_keep_formatting(tmp_path, cli):
    p = tmp_path / "evals.json"
    p.write_text(M365)
    res = fix_file(str(p), None, LintConfig())
    assert res.written and res.backup is not None and res.backup.read_text() == M365
    text = p.read_text()
    assert '"Relevance": {"threshold": 4}' in text
    assert '"prompt": "How do I reset my VPN token?",' in text
    doc = json.loads(text)
    assert len(doc["items"]) == 2
    assert text.startswith('{\n  "schemaVersion": "1.11.0",\n  "items": [\n    {\n')
    assert {c.code for c in res.changes} == {
        "m365.evaluator.case",
        "lint.text.whitespace",
        "lint.case.duplicate",
    }
    # Linting again finds none of the fixed problems.
    after = cli("lint", str(p), "--format", "json")
    codes = {f["code"] for f in json.loads(after.stdout)["files"][0]["findings"]}
    assert not codes & {
        "lint.text.whitespace",
        "lint.case.duplicate",
        "m365.evaluator.case",
    }


def test_diff_changes_nothing(tmp_path, cli):
    p = tmp_path / "evals.json"
    p.write_text(M365)
    res = cli("lint", "--diff", str(p))
    assert res.exit_code == 0
    assert '-      "evaluators": {"relevance": {"threshold": 4}}' in res.stdout
    assert '+      "evaluators": {"Relevance": {"threshold": 4}}' in res.stdout
    assert p.read_text() == M365
    assert not list(tmp_path.glob("*.bak.*"))


def test_cli_fix_reports_changes(tmp_path, cli):
    p = tmp_path / "evals.json"
    p.write_text(M365)
    res = cli("lint", "--fix", str(p))
    assert (
        "fixed 3 problem(s)" in res.stderr
        and "renamed evaluator 'relevance' to 'Relevance'" in res.stderr
    )
    assert len(list(tmp_path.glob("evals.json.bak.*"))) == 1


def test_bom_removed(tmp_path):
    p = tmp_path / "evals.json"
    body = '{"schemaVersion": "1.11.0", "items": [{"prompt": "How do I reset my VPN token?"}]}\n'
    p.write_bytes(b"\xef\xbb\xbf" + body.encode())
    res = fix_file(str(p), None, LintConfig())
    assert p.read_bytes() == body.encode()
    assert [c.code for c in res.changes] == ["lint.file.bom"]


FOUNDRY = (
    '{"messages": [{"role": "user", "content": "What is the weather in Paris?"}, '
    '{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", '
    '"function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}]}, '
    '{"role": "tool", "tool_call_id": "c1", "content": "{\\"temp\\": 18}"}, '
    '{"role": "assistant", "content": "18 degrees."}], '
    '"tool_definitions": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]}\n'
    '{"query": "Where is the office? ", "ground_truth": "1 Main St"}\n'
    '{"query": "Where is the office? ", "ground_truth": "1 Main St"}\n'
)


def test_foundry_fixes(tmp_path):
    p = tmp_path / "data.jsonl"
    p.write_text(FOUNDRY)
    res = fix_file(str(p), None, LintConfig())
    assert res.written, res.refused
    lines = p.read_text().splitlines()
    assert len(lines) == 2
    row = json.loads(lines[0])
    assistant = row["messages"][1]
    assert "tool_calls" not in assistant
    assert assistant["content"] == [
        {
            "type": "tool_call",
            "tool_call_id": "c1",
            "name": "get_weather",
            "arguments": {"city": "Paris"},
        }
    ]
    assert row["messages"][2]["content"] == [{"type": "tool_result", "tool_result": '{"temp": 18}'}]
    assert row["tool_definitions"] == [
        {"type": "function", "name": "get_weather", "parameters": {"type": "object"}}
    ]
    assert json.loads(lines[1])["query"] == "Where is the office?"
    codes = {c.code for c in res.changes}
    assert {
        "lint.foundry.chat-completions",
        "lint.foundry.tool-content-string",
        "lint.foundry.nested-tool-definition",
        "lint.case.duplicate",
    } <= codes


def test_csv_fixes_keep_quoting(tmp_path):
    p = tmp_path / "set.csv"
    text = (
        '"question","expectedResponse"\n"How do I reset my VPN token?  ","Use the portal."\n'
        '"How do I order a laptop?","Open a ticket."\n"How do I order a laptop?","Open a ticket."\n'
    )
    p.write_text(text)
    res = fix_file(str(p), "copilot-studio", LintConfig())
    assert res.written, res.refused
    assert p.read_text() == (
        '"question","expectedResponse"\n"How do I reset my VPN token?","Use the portal."\n'
        '"How do I order a laptop?","Open a ticket."\n'
    )


def test_nothing_to_fix_writes_nothing(tmp_path):
    p = tmp_path / "evals.json"
    p.write_text(
        '{"schemaVersion": "1.11.0", "items": [{"prompt": "How do I reset my VPN token?"}]}\n'
    )
    res = fix_file(str(p), None, LintConfig())
    assert not res.changed and not res.written and res.diff() == ""
    assert not list(tmp_path.glob("*.bak.*"))


_MIXED = """{"schemaVersion": "1.2.0", "items": [
 {"prompt": "How many days do I have to return an item?", "expected_response": "30 days."},
 {"prompt": "How many days do I have to return an item?", "expected_response": "30 days."},
 {"prompt": "Can I return it?", "expeceted_response": "x", "evaluators": {"relevance": {}}}
]}
"""


def test_fixes_apply_beside_an_error_no_fix_answers(tmp_path, cli):
    # The unknown field has no fix; the copy and the evaluator's case do, and apply
    # (removing the copy renumbers the items the other error names).
    path = tmp_path / "mixed.json"
    path.write_text(_MIXED)
    shown = cli("lint", "--diff", str(path))
    assert shown.exit_code == 0 and "not fixed" not in shown.stderr
    assert '"Relevance"' in shown.stdout, shown.stdout + shown.stderr
    result = cli("lint", "--fix", str(path))
    assert "fixed 2 problem(s)" in result.stderr, result.stderr
    items = json.loads(path.read_text())["items"]
    assert len(items) == 2 and "Relevance" in items[1]["evaluators"]
    assert "expeceted_response" in items[1]  # no fix for it: left for the user
    assert "m365.schema.unknown-field" in result.stdout


def test_a_fix_that_would_break_the_file_is_left_out_and_named(tmp_path, cli, monkeypatch):
    from datasetkit.lint import registry
    from datasetkit.lint.fix.edits import JsonDocument

    real = registry.all_fixers()
    breaking = next(f for f in real if "m365.evaluator.case" in f.codes)

    def break_prompt(doc: JsonDocument, found) -> None:
        # A prompt that is no string: the fixed document would not validate.
        doc.replace(found[0].code, "/items/0/prompt", 5, "broke it", None)

    monkeypatch.setattr(
        "datasetkit.lint.fix.apply.all_fixers",
        lambda: [
            registry.Fixer(breaking.codes, JsonDocument, break_prompt) if f is breaking else f
            for f in real
        ],
    )
    path = tmp_path / "mixed.json"
    path.write_text(_MIXED)
    result = cli("lint", "--fix", str(path))
    assert "[m365.evaluator.case] not applied" in result.stderr, result.stderr
    items = json.loads(path.read_text())["items"]
    assert len(items) == 2 and "relevance" in items[1]["evaluators"]  # the copy went
