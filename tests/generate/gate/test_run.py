"""The gate inside ``datasetkit generate knowledge``: one gate for every provider,
rejections as failures with codes, counts in the summary, --report and manifest, and
generated sets that never draw lint's near-duplicate warnings."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.generate import admission as run_gate
from datasetkit.generate import run
from datasetkit.generate.contract import GeneratedCase, GenerationResult, Plan
from datasetkit.generate.gate.admit import Gate, admit_generated, case_mode
from datasetkit.knowledge.model import Provenance
from datasetkit.lint.engine import lint_dataset
from tests.conftest import ROOT

DUPLICATE_RULES = (
    "lint.prompt.near-duplicate",
    "lint.prompt.duplicate",
    "lint.prompt.variants",
    "lint.case.duplicate",
)

FORM = """# Expense claim form

Submit this form to Finance within 30 days of the expense.

Employee Name: ______________________

Signature: ______________________ Date: ______________

## What is covered?

The expense policy covers the following costs:

- Taxis to and from the airport
- Hotel nights booked through the travel portal

## Deadlines

Submit the form to Finance within 30 days of the expense.
"""


@pytest.fixture()
def kb(tmp_path: Path) -> Path:
    folder = tmp_path / "kb"
    shutil.copytree(ROOT / "examples" / "knowledge", folder)
    (folder / "claim-form.md").write_text(FORM, encoding="utf-8")
    return folder


def _gc(
    prompt: str | list[str],
    answer: str | list[str],
    evidence: Any,
    **facts: Any,
) -> GeneratedCase:
    prompts = [prompt] if isinstance(prompt, str) else prompt
    answers = [answer] if isinstance(answer, str) else answer
    case = Case(
        kind="conversation" if len(prompts) > 1 else "single",
        turns=[Turn(prompt=p, expected_response=a) for p, a in zip(prompts, answers, strict=True)],
        extensions={"datasetkit": {"evidence": evidence, **facts}},
    )
    case.id = case.content_id()
    return GeneratedCase(
        case=case,
        evidence=evidence if isinstance(evidence, str) else None,
        source=Provenance("kb/policy.md", heading_path=("Contoso Outdoor policy", "Returns")),
        grounded=True,
    )


POLICY = "Unused items can be returned within 30 days of delivery for a full refund."
CRAFTED = [
    # kept
    _gc("How long is the return window?", "Within 30 days of delivery.", POLICY),
    _gc(
        "What is the return policy for kayaks bought in Antarctica?",
        "The documents do not say; please contact support.",
        [],
        question_type="unanswerable",
        expected_behavior="refuse",
    ),
    _gc(
        "Since returns are accepted for 90 days, can I return a tent after 60 days?",
        "No: returns are accepted within 30 days of delivery, not 90.",
        [POLICY],
        question_type="false-premise",
        expected_behavior="correct",
    ),
    _gc(
        ["How long is the return window?", "And does it start at delivery?"],
        ["30 days.", "Yes, from delivery."],
        [[POLICY], [POLICY]],
        question_type="conversation",
    ),
    # rejected
    _gc("How long is the return window ?", "30 days.", POLICY),  # near_duplicate
    _gc("How long can I wait before returning an item?", "45 days.", POLICY),  # number_mismatch
    _gc("What is the return window for the?", "30 days.", POLICY),  # fragment
    _gc(
        "Can gas canisters be returned?",
        "Yes, gas canisters can be returned.",
        ["Gas canisters, opened food and personalised items cannot be returned."],
    ),  # polarity_mismatch
]


class Crafted:
    """A provider that returns the cases above, as an LLM engine would."""

    def __init__(self, **settings: Any) -> None:
        self.settings = settings

    def generate_knowledge(self, plan: Plan, *, language: str | None = None) -> GenerationResult:
        return GenerationResult(cases=list(CRAFTED), usage=dict(self.settings.get("usage", {})))

    def generate_starter(self, *a: Any, **k: Any) -> GenerationResult:
        return GenerationResult()


@pytest.fixture()
def crafted() -> Iterator[str]:
    run.register_provider("crafted", lambda **s: Crafted(**s))
    yield "crafted"
    run.PROVIDERS.pop("crafted", None)


def test_modes_of_generated_cases() -> None:
    assert [case_mode(gc) for gc in CRAFTED[:4]] == ["answer", "shape", "correction", "shape"]
    seed = GeneratedCase(case=Case(kind="seed"))
    assert case_mode(seed) == "seed"


def test_one_gate_for_every_provider(kb: Path, tmp_path: Path, crafted: str) -> None:
    out = tmp_path / "out.json"
    manifest = tmp_path / "out.manifest.json"
    manifest.write_text("{}", encoding="utf-8")
    outcome = run.generate_knowledge(
        run.GenerateOptions(
            files=[str(kb)],
            count=8,
            output=str(out),
            provider=crafted,
            seed=1,
            report=str(tmp_path / "report.json"),
            provider_settings={
                "usage": {
                    "manifest": {"counts": {"produced": 8}},
                    "manifest_path": str(manifest),
                }
            },
        )
    )
    kept = [c.first_prompt for c in outcome.dataset.cases]  # type: ignore[union-attr]
    assert kept == [gc.case.first_prompt for gc in CRAFTED[:4]]
    assert outcome.rejected == {
        "near_duplicate": 1,
        "number_mismatch": 1,
        "fragment": 1,
        "polarity_mismatch": 1,
    }
    coded = [f for f in outcome.result.failures if f.code]
    assert sorted(f.code for f in coded) == sorted(outcome.rejected)  # type: ignore[type-var]
    assert any("the answer says 45 days; the evidence says 30 days" in f.reason for f in coded)
    assert outcome.shortfall_message == (
        "made 4 of 8: 4 question(s) in this knowledge passed every check (--count is a ceiling; "
        "no case is padded to reach it); rejected 4: fragment 1, "
        "near_duplicate 1, number_mismatch 1, polarity_mismatch 1"
    )
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["gate"]["rejected"] == 4
    assert report["gate"]["by_code"]["number_mismatch"] == 1
    assert report["shortfall_message"] == outcome.shortfall_message
    assert {f.get("code") for f in report["failures"]} >= set(outcome.rejected)
    written = json.loads(manifest.read_text(encoding="utf-8"))
    assert written["counts"]["produced"] == 4
    assert written["gate"]["by_code"] == dict(sorted(outcome.rejected.items()))
    assert "number_mismatch" in written["gate"]["codes"]


def test_offline_run_drops_form_fields_and_lead_ins(
    kb: Path, tmp_path: Path, cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(kb, tmp_path / "kb2")
    result = cli(
        "generate", "knowledge", "kb2", "--count", "200", "-o", "evals.json", "--seed", "3",
        "--report", "report.json",
    )  # fmt: skip
    assert result.exit_code == 1  # the knowledge holds fewer than 200 good questions
    items = json.loads((tmp_path / "evals.json").read_text(encoding="utf-8"))["items"]
    answers = [i["expected_response"] for i in items]
    assert not [a for a in answers if "___" in a or a.rstrip().endswith(":")]
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    # The offline generator never offers the form's blanks; what it turned down on the
    # way is in the report, by code, with the run's own rejections.
    assert report["gate"]["rejected"] == sum(report["gate"]["by_code"].values()) > 0
    assert "quality gate: rejected" in result.stderr
    made = len(items)
    assert f"made {made} of 200: {made} question(s) in this knowledge passed every check" in (
        result.stderr
    )
    assert report["shortfall_message"].startswith(f"made {made} of 200")
    # What was written draws no duplicate warning from lint.
    found = lint_dataset(Dataset(cases=[_case(i) for i in items]))
    assert not [f for f in found if f.code in DUPLICATE_RULES]
    linted = cli("lint", "evals.json", "--format", "json")
    assert not [code for code in DUPLICATE_RULES if code in linted.output], linted.output


def _case(item: dict[str, Any]) -> Case:
    return Case(turns=[Turn(prompt=item["prompt"], expected_response=item["expected_response"])])


def _generated_like() -> list[tuple[str, str, str]]:
    """Template questions as generators write them, many of them near each other."""
    out: list[tuple[str, str, str]] = []
    for job in range(1001, 1031):
        row = (
            f"Job ID: AI-{job}; Department: AI Research; Salary Min: $1{job % 90:02d},000; "
            f"Salary Max: $2{job % 90:02d},000; Status: Open; State: WA"
        )
        for column, value in (
            ("salary Min", f"$1{job % 90:02d},000"),
            ("salary Max", f"$2{job % 90:02d},000"),
            ("status", "Open"),
            ("state", "WA"),
            ("department", "AI Research"),
        ):
            out.append((f"What is the {column} for AI-{job}?", value, row))
            out.append((f"What's the {column} for AI-{job}?", value, row))
    for topic in (
        "exclusions",
        "exceptions",
        "conclusion",
        "conclusions",
        "Prohibited Conduct",
        "Examples of Prohibited Conduct",
        "Workplace Safety",
        "Workplace Safety Program",
        "Workplace Violence",
        "Data Security",
        "Data Security at Contoso",
        "Mental Health Care",
        "Mental Health",
    ):
        sentence = f"The handbook explains the rules on {topic.lower()} in detail."
        out.append((f"What does the handbook say about {topic}?", sentence, sentence))
        out.append((f"What does the handbook say about the {topic}?", sentence, sentence))
    return out


def test_sets_the_gate_admits_draw_no_lint_duplicate_warning() -> None:
    gate = Gate()
    admitted = [(q, a) for q, a, ev in _generated_like() if gate.admit(q, a, ev) is None]
    assert gate.counts["near_duplicate"] >= 30
    # Different columns of one row are different questions ("Min" / "Max").
    assert any("salary Min for AI-1004" in q for q, _ in admitted)
    assert any("salary Max for AI-1004" in q for q, _ in admitted)
    dataset = Dataset(
        cases=[Case(turns=[Turn(prompt=q, expected_response=a)]) for q, a in admitted]
    )
    found = lint_dataset(dataset)
    assert not [f for f in found if f.code in DUPLICATE_RULES], [
        f.message for f in found if f.code in DUPLICATE_RULES
    ]
    # Without the gate, lint warns.
    raw = Dataset(
        cases=[Case(turns=[Turn(prompt=q, expected_response=a)]) for q, a, _ in _generated_like()]
    )
    assert [f for f in lint_dataset(raw) if f.code == "lint.prompt.near-duplicate"]


def test_admit_generated_uses_quotes_language_and_source_context() -> None:
    gate = Gate()
    gc = _gc(
        "How much PTO do employees get?",
        "At Contoso Outdoor, employees get 20 days of PTO.",
        ["Employees receive 20 days of PTO per year."],
        language="en",
    )
    # "Contoso Outdoor" is in the source's headings, not in the quote: allowed.
    assert admit_generated(gate, gc) is None
    wrong = _gc(
        "How much vacation do employees get?",
        "Employees get 25 days of vacation.",
        ["Employees receive 20 days of PTO per year.", "Vacation is booked in the portal."],
    )
    found = admit_generated(gate, wrong)
    assert found is not None and found.code == "number_mismatch"


def test_the_gate_follows_the_project_lint_threshold(
    tmp_path: Path, crafted: str, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "datasetkit.toml").write_text(
        "[lint]\nnear-duplicate-threshold = 0.5\n", encoding="utf-8"
    )
    assert run_gate.lint_threshold() == 0.5
    (tmp_path / "datasetkit.toml").unlink()
    assert run_gate.lint_threshold() == 0.9
