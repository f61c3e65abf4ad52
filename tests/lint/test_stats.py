"""stats on real files: counts per category, evaluator, turns, coverage and duplicates."""

from __future__ import annotations

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.lint.stats import dataset_stats, render_stats
from tests.conftest import CORPUS


def test_m365_threads_and_evaluators(corpus):
    s = dataset_stats(str(CORPUS / "m365/m365-copilot-eval__multiturn_example.json"))
    assert s["format"] == "m365"
    assert sum(s["turns_per_case"].values()) == s["cases"]
    assert any(int(k) > 1 for k in s["turns_per_case"])
    assert s["evaluators"]  # effective evaluators counted per turn
    assert sum(s["evaluators"].values()) >= s["turns"]
    text = render_stats([s])
    assert "turns per case:" in text and "duplicates:" in text


def test_copilot_studio_methods_and_duplicates(corpus):
    s = dataset_stats(str(CORPUS / "copilot-studio/copilotstudiosamples__RAI-HR.csv"))
    assert s["evaluators"].get("CompareMeaning") == s["cases"]
    assert s["expected_response"]["coverage"] == 1.0
    txt = dataset_stats(str(CORPUS / "copilot-studio/copilotstudiosamples__input.txt"))
    assert txt["duplicates"]["exact_cases"] >= 2


def test_unreadable_file_is_an_error(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{")
    with pytest.raises(DatasetkitError) as exc:
        dataset_stats(str(p))
    assert "broken.json" in exc.value.message


def test_counts_on_the_projects_own_samples():
    from tests.conftest import ROOT

    s = dataset_stats(str(ROOT / "examples/datasets/m365/evals.json"))
    assert s["format"] == "m365" and s["cases"] == 3
    assert s["turns_per_case"] == {"1": 2, "2": 1}
    # Defaults count on every turn (2 items + 2 turns), Similarity on its one item.
    assert s["evaluators"] == {"Coherence": 4, "Relevance": 4, "Similarity": 1}
    studio = dataset_stats(str(ROOT / "examples/datasets/copilot-studio/test-set.csv"))
    assert studio["cases"] == 3 and studio["expected_response"]["coverage"] == 1.0
    assert "turns per case:" in render_stats([s, studio])


def test_json_stats_is_a_json_report_when_a_file_cannot_be_read(cli, tmp_path):
    import json

    bad = tmp_path / "bad.json"
    bad.write_text("garbage{", encoding="utf-8")
    good = tmp_path / "good.jsonl"
    good.write_text('{"query": "Hi?", "response": "Hello."}\n', encoding="utf-8")
    res = cli("stats", str(bad), str(tmp_path / "missing.json"), str(good), "--format", "json")
    assert res.exit_code == 2
    files = json.loads(res.stdout)["files"]
    assert [("error" in f) for f in files] == [True, True, False]
    assert "cannot be read" in files[0]["error"]["message"] and files[0]["error"]["hint"]
    assert "no such file" in files[1]["error"]["message"] and files[2]["cases"] == 1


def test_stats_counts_a_prompt_holding_a_lone_surrogate(cli, tmp_path):
    # A broken \ud800 escape (found by fuzzing): counted, not a bug report.
    import json

    path = tmp_path / "evals.json"
    path.write_text('{"schemaVersion": "1.11.0", "items": [{"prompt": "\\ud800"}]}')
    res = cli("stats", str(path), "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["files"][0]["cases"] == 1
