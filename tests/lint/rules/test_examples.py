"""Every lint rule fires on its documented bad example and stays silent on its good one.

The examples are the ones ``datasetkit rules CODE`` shows, so the documentation is
tested too. Each is written to a file and linted through the real format reader.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.lint import LintConfig, all_rules, lint_file

RULES = sorted(all_rules().values(), key=lambda r: r.code)


def _lint(tmp_path: Path, rule, text: str) -> list:
    path = tmp_path / f"example{rule.example_suffix}"
    path.write_bytes(text.encode("utf-8"))
    return lint_file(str(path), rule.example_format, LintConfig()).report.findings


def test_catalogue_is_large_and_documented():
    assert len(RULES) >= 40
    for r in RULES:
        assert r.code.startswith("lint.") and r.summary and r.explanation and r.families
        assert r.bad.strip() and r.good.strip() and r.bad != r.good


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_fires_on_bad_example(tmp_path, rule):
    findings = _lint(tmp_path, rule, rule.bad)
    hits = [f for f in findings if f.code == rule.code]
    assert hits, f"{rule.code} did not fire; got {[f.code for f in findings]}"
    for f in hits:
        assert f.message and f.hint
        assert f.location.path and (f.location.line is not None or f.location.pointer is not None)
    assert not [f for f in findings if f.code == "lint.internal-error"]


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_silent_on_good_example(tmp_path, rule):
    findings = _lint(tmp_path, rule, rule.good)
    assert rule.code not in [f.code for f in findings]
    assert not [f for f in findings if f.code == "lint.internal-error"]
