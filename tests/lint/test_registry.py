"""The rule registry: a rule and its fix live in one module, registered together.

Adding a lint rule with a fix takes its family module (lint/rules/) and a test: the
registry picks both up, ``datasetkit rules`` lists the rule as fixable and ``lint --fix``
applies the fix, with no list or dispatch to edit anywhere else.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from datasetkit.core.findings import Finding, Severity
from datasetkit.lint import registry
from datasetkit.lint.context import LintContext
from datasetkit.lint.fix.edits import JsonDocument
from datasetkit.lint.registry import Hit, all_fixers, all_rules, fixes, rule

DOC = {
    "schemaVersion": "1.11.0",
    "items": [
        {"prompt": "HOW DO I RESET MY VPN TOKEN?", "expected_response": "Use the portal."},
        {"prompt": "How do I order a laptop?", "expected_response": "Open a hardware ticket."},
    ],
}


@pytest.fixture()
def capitals_rule(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A rule and its fix, written as a family module writes them (removed afterwards)."""
    all_rules()
    monkeypatch.setattr(registry, "RULES", dict(registry.RULES))
    monkeypatch.setattr(registry, "FIXERS", list(registry.FIXERS))

    @rule(
        "lint.prompt.capitals",
        Severity.INFO,
        "Prompt is written in capitals.",
        explanation="A prompt in capitals reads as shouting; agents answer it differently.",
        bad='{"schemaVersion": "1.11.0", "items": [{"prompt": "WHAT IS THE PTO POLICY?"}]}',
        good='{"schemaVersion": "1.11.0", "items": [{"prompt": "What is the PTO policy?"}]}',
        families=("m365",),
        fixable=True,
    )
    def check_capitals(ctx: LintContext) -> Iterator[Hit]:
        for ci, case in enumerate(ctx.cases):
            for ti, turn in enumerate(case.turns):
                if turn.prompt and turn.prompt.isupper():
                    yield Hit(
                        "the prompt is in capitals", "write it in sentence case", ci, ti, "prompt"
                    )

    @fixes("lint.prompt.capitals", on=JsonDocument)
    def sentence_case(doc: JsonDocument, found: list[Finding]) -> None:
        for f in found:
            ptr = f.location.pointer or ""
            value = doc.get(ptr)
            if isinstance(value, str):
                message = "wrote the prompt in sentence case"
                doc.replace(f.code, ptr, value.capitalize(), message, f.location.line)

    yield "lint.prompt.capitals"


def test_a_rule_and_its_fix_from_one_module_are_applied_by_fix(
    capitals_rule: str, tmp_path: Path, cli
) -> None:
    path = tmp_path / "evals.json"
    path.write_text(json.dumps(DOC, indent=2) + "\n", encoding="utf-8")
    listed = cli("rules").stdout
    assert any(capitals_rule in ln and ln.endswith("(fix)") for ln in listed.splitlines())
    result = cli("lint", "--fix", str(path))
    assert f"[{capitals_rule}] wrote the prompt in sentence case" in result.stderr
    fixed = json.loads(path.read_text(encoding="utf-8"))
    assert fixed["items"][0]["prompt"] == "How do i reset my vpn token?"
    assert fixed["items"][1] == DOC["items"][1]


def test_the_temporary_rule_is_gone_afterwards() -> None:
    assert "lint.prompt.capitals" not in all_rules()
    assert all("lint.prompt.capitals" not in f.codes for f in all_fixers())


def test_a_rule_is_fixable_exactly_when_it_has_a_fix() -> None:
    # Codes outside lint. are validate findings that lint fixes as they are.
    fixed = {code for fixer in all_fixers() for code in fixer.codes if code.startswith("lint.")}
    assert fixed == {code for code, r in all_rules().items() if r.fixable}


def test_a_fix_needs_its_fixable_rule_first() -> None:
    with pytest.raises(ValueError, match=r"lint\.no\.such-rule"):
        fixes("lint.no.such-rule", on=JsonDocument)(lambda doc, found: None)
    with pytest.raises(ValueError, match=r"lint\.prompt\.vague"):
        fixes("lint.prompt.vague", on=JsonDocument)(lambda doc, found: None)


def test_rules_register_in_the_order_of_their_modules() -> None:
    from datasetkit.lint.rules import RULE_MODULES

    modules = [r.check.__module__.rpartition(".")[2] for r in all_rules().values()]
    assert list(dict.fromkeys(modules)) == list(RULE_MODULES)
