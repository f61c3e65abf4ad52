"""An edit is checked while it is typed, by lint's rules and, for generated cases, the gate."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.lint.settings import LintConfig
from datasetkit.viewer.checking import LiveChecker
from datasetkit.viewer.opened import open_dataset


def _open(path: Path):
    return open_dataset(0, str(path), None, LintConfig())


def _codes(result: dict) -> dict[str, tuple]:
    return {f["code"]: (f["turn"], f["field"], bool(f.get("stale"))) for f in result["findings"]}


def test_an_emptied_or_vague_prompt_is_found_live_on_its_field(tmp_path: Path) -> None:
    rows = [
        {
            "query": "What is the refund window for online orders?",
            "ground_truth": "30 days.",
            "category": "returns",
        },
        {
            "query": "Who pays for the return label?",
            "ground_truth": "Contoso.",
            "category": "returns",
        },
    ]
    path = tmp_path / "data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    opened = _open(path)
    checker = LiveChecker(LintConfig())
    assert checker.check(opened, 0, {})["findings"] == []
    empty = checker.check(opened, 0, {"turns": [{"prompt": "  "}]})
    assert _codes(empty)["lint.prompt.empty"] == (0, "prompt", False)
    vague = checker.check(opened, 0, {"turns": [{"prompt": "Tell me about returns"}]})
    assert set(_codes(vague)) == {"lint.prompt.vague"}
    placeholder = checker.check(opened, 1, {"turns": [{"expected_response": "[agent name] pays."}]})
    assert _codes(placeholder)["lint.text.placeholder"][1] == "expected_response"
    # The unedited file is not changed by checking.
    assert opened.cases[0].turns[0].prompt == rows[0]["query"]


def test_rules_that_judge_the_whole_set_do_not_fire_on_the_case_alone(
    tmp_path: Path, monkeypatch
) -> None:
    from datasetkit.core.findings import Severity
    from datasetkit.lint.registry import RULES, Hit, Rule

    # A rule about the set (it fires on every case of a set of one): which rules judge a
    # case against the others is learnt, so this one must stay out of the live findings.
    def lonely(ctx):
        if len(ctx.dataset.cases) < 2:
            yield from (Hit("alone in the set", "", case=i) for i in range(len(ctx.dataset.cases)))

    families = ("m365", "foundry", "copilot-studio", "table")
    rule = Rule("lint.test.lonely", Severity.WARNING, "s", "e", "b", "g", families, lonely)
    monkeypatch.setitem(RULES, rule.code, rule)
    rows = [
        {"query": "What is the Contoso refund window?", "ground_truth": "30 days."},
        {"query": "What is the Contoso refund window?", "ground_truth": "30 days."},
        {"query": "Who pays for the return label?", "ground_truth": "Contoso."},
    ]
    path = tmp_path / "data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    opened = _open(path)
    in_file = {f.code for f, _, _ in opened.findings_of(1)}
    assert "lint.case.duplicate" in in_file and "lint.test.lonely" not in in_file
    checker = LiveChecker(LintConfig())
    assert {f.code for f, _, _ in checker.lint_alone(opened, opened.cases[1])} == {
        "lint.test.lonely"
    }
    codes = _codes(checker.check(opened, 1, {"turns": [{"prompt": "Tell me about returns"}]}))
    assert "lint.test.lonely" not in codes
    assert codes["lint.prompt.vague"] == (0, "prompt", False)
    # The duplicate, which only the whole file shows, stays: marked as from that check.
    assert codes["lint.case.duplicate"][2] is True


def test_a_generated_case_s_edit_is_checked_by_the_quality_gate(
    generated_set: Path, monkeypatch
) -> None:
    monkeypatch.chdir(generated_set)
    opened = _open(generated_set / "gen.jsonl")
    checker = LiveChecker(LintConfig())
    assert checker.check(opened, 0, {})["gate"]["passed"] is True
    question = opened.cases[0].turns[0].prompt
    answer = opened.cases[0].turns[0].expected_response
    # An answer that the question already holds is one the gate rejects.
    echo = checker.check(opened, 0, {"turns": [{"prompt": f"{question} {answer}"}]})
    assert echo["gate"]["passed"] is False and echo["gate"]["code"]
