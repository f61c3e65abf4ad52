"""The lint, rules and stats commands: outputs, exit codes, options."""

from __future__ import annotations

import json

from datasetkit.lint import all_rules

GOOD = {
    "schemaVersion": "1.11.0",
    "items": [
        {
            "prompt": "How many vacation days do new hires get?",
            "expected_response": "New hires get 20 days a year.",
        }
    ],
}
BAD = {
    "schemaVersion": "1.11.0",
    "default_evaluators": {"Similarity": {}},
    "items": [
        {"prompt": "Tell me about returns"},
        {
            "prompt": "How do I reset my VPN token?",
            "expected_response": "Use the portal.",
            "evaluators": {"relevance": {}},
        },
    ],
}


def write(tmp_path, name, doc):
    p = tmp_path / name
    p.write_text(json.dumps(doc, indent=2) + "\n")
    return p


def test_clean_file_exits_0(cli, tmp_path):
    res = cli("lint", str(write(tmp_path, "good.json", GOOD)))
    assert res.exit_code == 0, res.output
    assert "ok" in res.output


def test_errors_exit_1_with_location_and_hint(cli, tmp_path):
    p = write(tmp_path, "bad.json", BAD)
    res = cli("lint", str(p))
    assert res.exit_code == 1
    assert f"{p}:" in res.output
    assert "[m365.evaluator.case]" in res.output and "'Relevance'" in res.output
    assert "[lint.evaluator.needs-expected-response]" in res.output
    assert "fix:" in res.output


def test_json_output_and_select(cli, tmp_path):
    p = write(tmp_path, "bad.json", BAD)
    res = cli("lint", str(p), "--format", "json", "--select", "lint.prompt")
    data = json.loads(res.stdout)
    found = {f["code"] for f in data["files"][0]["findings"]}
    assert "lint.prompt.vague" in found
    assert not any(c.startswith("lint.evaluator") for c in found)
    # Validate's findings are shown whatever lint rules are selected.
    assert "m365.evaluator.case" in found and res.exit_code == 1


def test_ignore_comma_separated(cli, tmp_path):
    p = write(tmp_path, "bad.json", BAD)
    res = cli(
        "lint",
        str(p),
        "--format",
        "json",
        "--ignore",
        "m365.evaluator.case,evaluator.needs-expected-response",
    )
    found = {f["code"] for f in json.loads(res.stdout)["files"][0]["findings"]}
    assert not found & {"m365.evaluator.case", "lint.evaluator.needs-expected-response"}
    assert "lint.prompt.vague" in found


def test_sarif_carries_rule_descriptions(cli, tmp_path):
    res = cli("lint", str(write(tmp_path, "bad.json", BAD)), "--format", "sarif")
    doc = json.loads(res.stdout)
    rules = {
        r["id"]: r["shortDescription"]["text"] for r in doc["runs"][0]["tool"]["driver"]["rules"]
    }
    code = "lint.evaluator.needs-expected-response"
    assert rules[code] == all_rules()[code].summary


def test_missing_file_and_unknown_rule_exit_2(cli, tmp_path):
    res = cli("lint", str(tmp_path / "nope.json"))
    assert res.exit_code == 2 and "[input.not-found] no such file" in res.stdout
    res = cli("lint", str(write(tmp_path, "g.json", GOOD)), "--select", "lint.prompt.vage")
    assert res.exit_code == 2 and "lint.prompt.vague" in res.stderr


def test_discovery_like_runevals(cli, tmp_path, monkeypatch):
    write(tmp_path, "evals.json", GOOD)
    monkeypatch.chdir(tmp_path)
    res = cli("lint")
    assert res.exit_code == 0
    assert "evals.json" in res.stderr


def test_rules_lists_every_rule(cli):
    res = cli("rules")
    assert res.exit_code == 0
    for code in all_rules():
        assert code in res.stdout
    data = json.loads(cli("rules", "--format", "json").stdout)
    assert len(data) == len(all_rules()) >= 40


def test_rules_explains_one_with_examples(cli):
    res = cli("rules", "lint.evaluator.unknown")
    assert res.exit_code == 0
    assert "Bad (m365):" in res.stdout and '"Relavance"' in res.stdout
    assert "Good:" in res.stdout and '"Relevance"' in res.stdout
    short = cli("rules", "evaluator.unknown")
    assert short.stdout == res.stdout
    assert cli("rules", "lint.nothing.here").exit_code == 2


def test_stats_table_and_json(cli, tmp_path):
    doc = {
        "schemaVersion": "1.11.0",
        "default_evaluators": {"Similarity": {}},
        "items": [
            {
                "prompt": "How do I reset my VPN token?",
                "expected_response": "Use the portal.",
                "extensions": {"category": "it"},
            },
            {"prompt": "How do I reset my VPN token?", "extensions": {"category": "it"}},
            {
                "name": "t",
                "turns": [{"prompt": "I need a laptop."}, {"prompt": "A 14 inch one, please."}],
                "extensions": {"category": "hardware"},
            },
        ],
    }
    p = write(tmp_path, "s.json", doc)
    res = cli("stats", str(p))
    assert res.exit_code == 0
    assert "categories:" in res.stdout and "it" in res.stdout and "hardware" in res.stdout
    assert "expected response: 1 of 4 turns (25%)" in res.stdout
    data = json.loads(cli("stats", str(p), "--format", "json").stdout)["files"][0]
    assert data["categories"] == {"it": 2, "hardware": 1}
    assert data["evaluators"] == {"Similarity": 4}
    assert data["turns_per_case"] == {"1": 2, "2": 1}
    assert data["duplicates"]["same_prompt"] == 1
    assert data["expected_response"]["coverage"] == 0.25


def test_wrong_case_evaluator_is_one_finding_alike_in_validate_and_lint(cli, tmp_path):
    # Wrong-case names in the defaults, on an item and on a turn of a conversation.
    doc = {
        "schemaVersion": "1.11.0",
        "default_evaluators": {"coherence": {}},
        "items": [
            {"prompt": "How do I book a room?", "evaluators": {"relevance": {"threshold": 4}}},
            {
                "turns": [
                    {"prompt": "Hi"},
                    {"prompt": "Book it", "evaluators": {"groundedness": {}}},
                ]
            },
        ],
    }
    p = write(tmp_path, "case.json", doc)

    def case_findings(command: str) -> list[dict]:
        res = cli(command, str(p), "--format", "json")
        found = json.loads(res.stdout)["files"][0]["findings"]
        return [f for f in found if f["code"].endswith("evaluator.case")]

    validated, linted = case_findings("validate"), case_findings("lint")
    assert [f["pointer"] for f in validated] == [
        "/default_evaluators/coherence",
        "/items/0/evaluators/relevance",
        "/items/1/turns/1/evaluators/groundedness",
    ]
    # One finding for one fault, with the same code, message, line, column and pointer.
    assert linted == validated
    text = cli("lint", str(p)).output
    assert text.count("evaluator.case]") == 3
    # The code lint used before still selects the finding in a team's command line.
    for selector in ("lint.evaluator.case", "evaluator.case"):
        quiet = cli("lint", "--ignore", selector, str(p), "--format", "json")
        assert quiet.exit_code == 0, quiet.output
        assert not [
            f for f in json.loads(quiet.stdout)["files"][0]["findings"] if "case" in f["code"]
        ]
    # The fix the finding offers works.
    assert cli("lint", "--fix", str(p)).exit_code == 0
    assert case_findings("validate") == [] and '"Groundedness"' in p.read_text()
