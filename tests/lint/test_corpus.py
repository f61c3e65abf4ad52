"""Every corpus file lints without a crash, and real files show the problems they are known for."""

from __future__ import annotations

import pytest

from datasetkit.lint import LintConfig, lint_file
from datasetkit.lint.fix.apply import fix_file
from tests.conftest import CORPUS

FILES = sorted(p for p in CORPUS.glob("*/*") if p.is_file() and p.name != "MANIFEST.md") + sorted(
    CORPUS.glob("m365/schema/examples_*/*/*.json")
)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_corpus_file_lints(corpus, path):
    checked = lint_file(str(path), None, LintConfig())
    codes = [f.code for f in checked.report.findings]
    assert "lint.internal-error" not in codes
    for f in checked.report.findings:
        assert f.message and f.location.path


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_corpus_fix_computes_without_writing(corpus, path):
    before = path.read_bytes()
    res = fix_file(str(path), None, LintConfig(), write=False)
    assert not res.written and path.read_bytes() == before


def codes_of(name: str) -> set[str]:
    return {f.code for f in lint_file(str(CORPUS / name), None, LintConfig()).report.findings}


def test_known_problems_of_real_files(corpus):
    assert "lint.evaluator.reserved" in codes_of("m365/evalsclicodecamp__evals-v2.json")
    assert "lint.evaluator.citation-format" in codes_of(
        "m365/m365-copilot-eval__hr_benefits_leave.json"
    )
    assert "lint.m365.output-field" in codes_of(
        "m365/m365-copilot-eval__scenarios-with-mixed-errors.json"
    )
    cc = codes_of(
        "foundry/azure-sdk-for-python__sample_data_multiturn_conversations.pypi-2.10.0.jsonl"
    )
    assert {"lint.foundry.chat-completions", "lint.foundry.tool-content-string"} <= cc
    assert "lint.foundry.column-mapping" in codes_of(
        "foundry/azureai-samples__chat_eval_data.jsonl"
    )
    templated = codes_of("copilot-studio/copilotstudiosamples__SpecificKnowledge-HR.templated.csv")
    assert {"lint.copilot-studio.method-needs-input", "copilot-studio.header.ignored"} <= templated
    # Its "delete before testing" columns sit next to a recognised question column.
    assert "lint.copilot-studio.header" not in templated
    assert "lint.copilot-studio.identical-expected" in codes_of(
        "copilot-studio/copilotstudiosamples__RAI-HR.csv"
    )
    assert "lint.case.duplicate" in codes_of("copilot-studio/copilotstudiosamples__input.txt")
