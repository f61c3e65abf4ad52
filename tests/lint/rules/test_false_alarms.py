"""Lint must not raise false alarms that real files showed (issue 9).

Hosted tool calls without results, near-duplicates that ask different things, repeated
prompts that grade several answers on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from datasetkit.lint import LintConfig, lint_file
from datasetkit.lint.neardup import meaningful_difference
from tests.conftest import CORPUS

needs_corpus = pytest.mark.corpus


def _lint(path: Path, fmt: str | None = None) -> list[Any]:
    return lint_file(str(path), fmt, LintConfig()).report.findings


def _codes(findings: list[Any], code: str) -> list[Any]:
    return [f for f in findings if f.code == code]


def _jsonl(tmp_path: Path, rows: list[dict[str, Any]], name: str = "d.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _m365(tmp_path: Path, items: list[dict[str, Any]], name: str = "d.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"schemaVersion": "1.11.0", "items": items}), encoding="utf-8")
    return path


# --- 1. hosted tool calls without a tool result -------------------------------------------


def _converter_row(call_name: str, *, nested_type: str | None = None) -> dict[str, Any]:
    if nested_type is None:
        call: dict[str, Any] = {
            "type": "tool_call",
            "tool_call_id": "call_1",
            "name": call_name,
            "arguments": {"q": "tents"},
        }
    else:
        call = {
            "type": "tool_call",
            "tool_call": {"id": "call_1", "type": nested_type, nested_type: {}},
        }
    return {
        "query": [{"role": "user", "content": [{"type": "text", "text": "Best tent?"}]}],
        "response": [
            {"role": "assistant", "content": [call]},
            {"role": "assistant", "content": [{"type": "text", "text": "The Alpine 2."}]},
        ],
        "tool_definitions": [
            {"name": "get_stock", "parameters": {"type": "object", "properties": {}}}
        ],
    }


@pytest.mark.parametrize(
    "name", ["bing_grounding", "bing_custom_search", "file_search", "azure_ai_search"]
)
def test_hosted_tool_call_without_result_is_not_unmatched(tmp_path, name):
    found = _lint(_jsonl(tmp_path, [_converter_row(name)]))
    assert not _codes(found, "lint.foundry.tool-call-id")


def test_call_whose_tool_type_is_not_function_is_hosted(tmp_path):
    found = _lint(_jsonl(tmp_path, [_converter_row("", nested_type="code_interpreter")]))
    assert not _codes(found, "lint.foundry.tool-call-id")


def test_function_call_without_result_is_still_unmatched(tmp_path):
    found = _lint(_jsonl(tmp_path, [_converter_row("get_stock")]))
    hits = _codes(found, "lint.foundry.tool-call-id")
    assert len(hits) == 1 and "gets no tool result" in hits[0].message


@needs_corpus
def test_converter_output_with_bing_grounding_has_no_unmatched_calls():
    path = CORPUS / "wild/foundry/Azure-Samples__azureai-samples__evaluation_input_data.jsonl"
    assert not _codes(_lint(path), "lint.foundry.tool-call-id")


# --- 2. near-duplicates that ask different things -----------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("What does Chapter 1 introduce?", "What does Chapter 2 introduce?"),
        ("Summarise chapter one", "Summarise chapter two"),
        ("What is zero-shot learning?", "What is few-shot learning?"),
        ("Explain Plan A", "Explain Plan B"),
        ("Show ticket INC-1041", "Show ticket INC-1042"),
        ("What is supervised pre-training?", "What is unsupervised pre-training?"),
        ("What is supervised pre-training?", "What is self-supervised pre-training?"),
        ("Is it legal to record calls?", "Is it illegal to record calls?"),
        ("What is the pre-norm architecture?", "What is the post-norm architecture?"),
        ("Can I expense taxis?", "Can't I expense taxis?"),
        ("Which plans cover dental?", "Which plans do not cover dental?"),
        ("Where is the North Hub office?", "Where is the South Hub office?"),
        ("What if a gift is worth up to $75?", "What if a gift is worth over $75?"),
        ("How long does delivery to Canada take?", "How long does delivery to Mexico take?"),
        # One property asked of the same long subject: a different question.
        (
            "What is the weight of the Northwind Trailhead Ultralight Tent?",
            "What is the material of the Northwind Trailhead Ultralight Tent?",
        ),
        (
            "What was revenue in Productivity and Business Processes for the quarter?",
            "What was operating income in Productivity and Business Processes for the quarter?",
        ),
    ],
)
def test_differences_that_change_the_question(a, b):
    assert meaningful_difference(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("How do I reset my VPN token?", "how do i reset my vpn tokens"),
        ("How do I reset my VPN token?", "How do I reset the VPN token?"),
        ("How do I recieve my payslip?", "How do I receive my payslip?"),
        ("What is pre-training?", "What is pretraining?"),
        ("Who approves expense reports?", "Expense reports: who approves?"),
        ("Where is the holiday calendar?", "Where is the holiday calendar, please?"),
        ("Where is the Microsoft office?", "Where is the Microsft office?"),
        ("Reset My Password", "Reset My Passwords"),
        # A misspelt or reworded frame around the same subject is the same question.
        (
            "What is the weight of the Northwind Trailhead Ultralight Tent?",
            "Whats the wieght of the Northwind Trailhead Ultralight Tent?",
        ),
        (
            "How do I reset my password at Contoso Ltd?",
            "How can I reset my password at Contoso Ltd?",
        ),
        # One word for another that means the same: the same question.
        (
            "What is the cost of the Northwind Trailhead Ultralight Tent?",
            "What is the price of the Northwind Trailhead Ultralight Tent?",
        ),
    ],
)
def test_differences_that_keep_the_question(a, b):
    assert meaningful_difference(a, b) is None


def test_near_duplicate_rule_skips_numbered_and_affixed_prompts(tmp_path):
    path = tmp_path / "qa.csv"
    path.write_text(
        "question,answer\n"
        "What does Chapter 1 introduce?,Tokens\n"
        "What does Chapter 2 introduce?,Models\n"
        "What is supervised pre-training?,Labels\n"
        "What is unsupervised pre-training?,No labels\n"
        "What is self-supervised pre-training?,Own labels\n"
        "How do I reset my VPN token for the London office?,Portal\n"
        "How do I reset the VPN token for the London office?,Portal\n",
        encoding="utf-8",
    )
    hits = _codes(_lint(path), "lint.prompt.near-duplicate")
    assert [h.location.row for h in hits] == [8]


@needs_corpus
def test_generated_qa_sheet_keeps_only_real_near_duplicates():
    path = CORPUS / "wild/peer/HrutuBhatt__QnA_from_pdf__qa_data.csv"
    messages = [f.message for f in _codes(_lint(path), "lint.prompt.near-duplicate")]
    assert not [m for m in messages if "Chapter" in m or "supervised" in m]


# --- 3. repeated prompts with different answers -------------------------------------------


def test_repeated_query_with_graded_responses_is_only_noted(tmp_path):
    rows = [
        {"query": "What is the refund window?", "response": r, "ground_truth": "30 days."}
        for r in ("30 days.", "About a month.", "I do not know.")
    ]
    found = _lint(_jsonl(tmp_path, rows))
    assert not _codes(found, "lint.prompt.duplicate")
    variants = _codes(found, "lint.prompt.variants")
    assert len(variants) == 2 and all(f.severity.value == "info" for f in variants)


def test_repeated_prompt_with_different_expected_response_is_only_noted(tmp_path):
    found = _lint(
        _m365(
            tmp_path,
            [
                {"prompt": "How do I reset my VPN token?", "expected_response": "Use the portal."},
                {"prompt": "how do I reset my VPN token", "expected_response": "Call IT."},
            ],
        )
    )
    assert not _codes(found, "lint.prompt.duplicate")
    assert len(_codes(found, "lint.prompt.variants")) == 1


def test_repeated_prompt_with_the_same_expected_response_still_warns(tmp_path):
    found = _lint(
        _m365(
            tmp_path,
            [
                {"prompt": "How do I reset my VPN token?", "expected_response": "Use the portal."},
                {"prompt": "how do I reset my VPN token", "expected_response": "Use the portal"},
            ],
        )
    )
    dup = _codes(found, "lint.prompt.duplicate")
    assert len(dup) == 1 and dup[0].severity.value == "warning"
    assert not _codes(found, "lint.prompt.variants")


# --- 5. captured responses in M365 documents ----------------------------------------------


def test_evaluate_only_document_is_not_flagged_for_response(tmp_path):
    path = _m365(
        tmp_path,
        [
            {"prompt": "What is the PTO policy?", "response": "20 days."},
            {
                "turns": [
                    {"prompt": "Hi", "response": "Hello"},
                    {"prompt": "PTO?", "response": "20"},
                ]
            },
        ],
    )
    assert not _codes(_lint(path), "lint.m365.output-field")


def test_other_output_fields_are_still_flagged_in_evaluate_only_document(tmp_path):
    path = _m365(
        tmp_path, [{"prompt": "What is the PTO policy?", "response": "20", "status": "pass"}]
    )
    hits = _codes(_lint(path), "lint.m365.output-field")
    assert len(hits) == 1 and hits[0].data["fields"] == ["status"]
    assert "response" not in hits[0].message


def test_mixed_responses_are_reported_once_per_file(tmp_path):
    items: list[dict[str, Any]] = [
        {"prompt": f"Question number {i} about leave?", "response": "Answer."} for i in range(6)
    ]
    items += [{"prompt": "Which form do I use for parental leave?"}]
    items += [{"turns": [{"prompt": "Hi", "response": "Hello"}, {"prompt": "And sick leave?"}]}]
    hits = _codes(_lint(_m365(tmp_path, items)), "lint.m365.output-field")
    assert len(hits) == 1
    assert "7 of 9 prompts" in hits[0].message and "item 8 turn 2" in hits[0].message
    assert hits[0].location.pointer == "/items/6"


@needs_corpus
def test_foundry_query_response_converted_to_m365_lints_clean(tmp_path, cli):
    src = CORPUS / "foundry/azureai-samples__evaluation_data.jsonl"
    out = tmp_path / "x.json"
    res = cli("convert", str(src), "-o", str(out), "--to", "m365")
    assert res.exit_code == 0, res.output
    assert not _codes(_lint(out), "lint.m365.output-field")


# --- 4. validate and lint agree -----------------------------------------------------------


def _validate(path: Path, fmt: str | None = None) -> list[Any]:
    from datasetkit.validate import validate_file

    return validate_file(str(path), fmt, None).report.findings


@pytest.mark.parametrize(
    ("row", "standard"),
    [
        ({"question": "Q?", "answer": "A"}, "'ground_truth' (the expected answer) or 'response'"),
        ({"query": "Q?", "answer": "A", "response": "R"}, "look for 'ground_truth'"),
        ({"query": "Q?", "answer": "A", "ground_truth": "G"}, "look for 'response'"),
    ],
)
def test_answer_column_gets_one_hint_from_validate_and_lint(tmp_path, row, standard):
    path = _jsonl(tmp_path, [row])
    v = [f for f in _codes(_validate(path), "foundry.column.nonstandard") if "answer" in f.message]
    lint = [f for f in _codes(_lint(path), "lint.foundry.column-mapping") if "answer" in f.message]
    assert len(v) == len(lint) == 1
    assert standard in v[0].message
    assert (v[0].message, v[0].hint) == (lint[0].message, lint[0].hint)


def test_status_column_is_not_renamed_to_the_run_status(tmp_path):
    path = _m365(tmp_path, [{"prompt": "How many vacation days?", "Status": "Draft"}])
    for f in _codes(_validate(path), "m365.schema.unknown-field"):
        assert "'status'" not in f.message + f.hint
        assert "extensions" in f.hint


def test_misspelt_input_field_is_still_suggested(tmp_path):
    path = _m365(tmp_path, [{"prompt": "How many vacation days?", "expected_respone": "20"}])
    (f,) = _codes(_validate(path), "m365.schema.unknown-field")
    assert "rename 'expected_respone' to 'expected_response'" in f.hint


def _templated(tmp_path: Path) -> Path:
    path = tmp_path / "templated.csv"
    path.write_text(
        "Prompt,Expected response,Category (delete before testing),Test Method Type,Passing Score\n"
        "How many vacation days do new hires get?,,Leave,CompareMeaning,70\n"
        "Who approves expense reports?,Your manager.,Expenses,CompareMeaning,70\n",
        encoding="utf-8",
    )
    return path


def test_template_findings_have_one_severity_in_validate_and_lint(tmp_path):
    path = _templated(tmp_path)

    def sev(findings: list[Any], code: str) -> set[str]:
        return {f.severity.value for f in findings if f.code == code}

    v, lint = _validate(path, "copilot-studio"), _lint(path, "copilot-studio")
    assert sev(v, "copilot-studio.method.needs-expected") == {"error"}
    assert sev(lint, "lint.copilot-studio.method-needs-input") == {"error"}
    ignored = {f.location.field for f in v if f.code == "copilot-studio.header.ignored"}
    assert "Category (delete before testing)" in ignored
    assert sev(v, "copilot-studio.header.ignored") == sev(lint, "copilot-studio.header.ignored")
    assert sev(lint, "copilot-studio.header.ignored") == {"warning"}
    assert not _codes(lint, "lint.copilot-studio.header")


def test_header_without_question_column_is_still_an_error(tmp_path):
    path = tmp_path / "kit.csv"
    path.write_text("Input,Expected response,Expected keywords\nhi,hello,\n", encoding="utf-8")
    (f,) = _codes(_lint(path, "copilot-studio"), "lint.copilot-studio.header")
    assert f.severity.value == "error" and "no question column" in f.message


@needs_corpus
@pytest.mark.parametrize(
    "name",
    [
        "wild/copilot-studio/microsoft__CopilotStudioSamples__SpecificKnowledge-IT.templated.csv",
        "copilot-studio/copilotstudiosamples__SpecificKnowledge-HR.templated.csv",
    ],
)
def test_templated_samples_agree_between_validate_and_lint(name):
    path = CORPUS / name
    pairs = {
        "copilot-studio.method.needs-expected": "lint.copilot-studio.method-needs-input",
        "copilot-studio.header.ignored": "copilot-studio.header.ignored",
    }
    v, lint = _validate(path), _lint(path)
    for vc, lc in pairs.items():
        vs = [(f.location.line, f.severity) for f in v if f.code == vc]
        ls = [(f.location.line, f.severity) for f in lint if f.code == lc]
        assert vs and vs == ls, (vc, lc)


def test_repeat_that_only_lacks_the_expected_response_still_warns(tmp_path):
    found = _lint(
        _m365(
            tmp_path,
            [
                {"prompt": "How do I reset my VPN token?", "expected_response": "Use the portal."},
                {"prompt": "How do I reset my VPN token?"},
            ],
        )
    )
    assert len(_codes(found, "lint.prompt.duplicate")) == 1
    assert not _codes(found, "lint.prompt.variants")
