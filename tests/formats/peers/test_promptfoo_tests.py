"""promptfoo tests in YAML (a list, or tests: in a config), JSON and JSONL: read, and
written back with the user's var names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import datasetkit
from datasetkit.core.findings import DatasetkitError

CONFIG = """\
# Support bot evals
prompts:
  - "You are a support agent. Answer: {{question}}"
providers: [openai:gpt-4o-mini]
defaultTest:
  vars:
    tone: friendly
tests: file://tests/cases.yaml
"""
TESTS = """\
- description: refund window
  vars:
    question: How long do I have to return an item?
    name: Alice
    policy: file://docs/policy.txt
  assert:
    - type: icontains
      value: 30 days
    - type: llm-rubric
      value: Polite and concise
- vars:
    question: Can I pay with PayPal?
    name: "no"
  assert:
    - type: similar
      value: Yes, PayPal is accepted at checkout.
      threshold: 0.8
- vars:
    question: Where is my parcel?
    name: off
  assert:
    - type: llm-rubric
      value: Points to the tracking page
"""
PROMPTS = [
    "How long do I have to return an item?",
    "Can I pay with PayPal?",
    "Where is my parcel?",
]
EXPECTED = ["30 days", "Yes, PayPal is accepted at checkout.", "Points to the tracking page"]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    (tmp_path / "tests").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "policy.txt").write_text("Returns within 30 days.\n", encoding="utf-8")
    (tmp_path / "tests" / "cases.yaml").write_text(TESTS, encoding="utf-8")
    path = tmp_path / "promptfooconfig.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    return path


def _pairs(ds: datasetkit.Dataset) -> list[tuple[str, str | None]]:
    return [(c.turns[0].prompt, c.turns[0].expected_response) for c in ds.cases]


def test_a_config_with_tests_in_a_referenced_file_is_read(config: Path) -> None:
    report = datasetkit.validate(str(config))
    assert report.files[0].format == "promptfoo" and report.ok
    ds = datasetkit.load(str(config))
    assert _pairs(ds) == list(zip(PROMPTS, EXPECTED, strict=True))
    first = ds.cases[0]
    # A file:// var holds the file's text, resolved relative to the config (as promptfoo).
    assert first.extra["policy"] == "Returns within 30 days.\n"
    assert first.extra["tone"] == "friendly" and first.notes == "refund window"
    # YAML 1.2, as promptfoo reads it: "no" and off stay text.
    assert [c.extra["name"] for c in ds.cases] == ["Alice", "no", "off"]


def test_yaml_written_back_round_trips(config: Path, tmp_path: Path) -> None:
    out = config.parent / "again.yaml"
    assert datasetkit.convert(str(config), str(out), to="promptfoo").ok
    text = out.read_text(encoding="utf-8")
    # The config comes back with the tests inside; the var file is still named by it.
    assert "{{question}}" in text and "policy: file://docs/policy.txt" in text
    again = datasetkit.load(str(out))
    assert _pairs(again) == _pairs(datasetkit.load(str(config)))
    twice = config.parent / "twice.yaml"
    assert datasetkit.convert(str(out), str(twice), to="promptfoo").ok
    assert twice.read_text(encoding="utf-8") == text
    # Elsewhere the reference would name nothing: the text is written instead.
    (tmp_path / "elsewhere").mkdir()
    moved = tmp_path / "elsewhere" / "t.yaml"
    assert datasetkit.convert(str(config), str(moved), to="promptfoo").ok
    assert "policy: file://" not in moved.read_text(encoding="utf-8")
    assert datasetkit.load(str(moved)).cases[0].extra["policy"] == "Returns within 30 days.\n"


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_json_and_jsonl_tests(config: Path, tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"tests{suffix}"
    assert datasetkit.convert(str(config), str(out), to="promptfoo").ok
    assert datasetkit.validate(str(out)).files[0].format == "promptfoo"
    assert _pairs(datasetkit.load(str(out))) == list(zip(PROMPTS, EXPECTED, strict=True))
    to_m365 = tmp_path / "m365.json"
    assert datasetkit.convert(str(out), str(to_m365), to="m365").ok
    items = json.loads(to_m365.read_text(encoding="utf-8"))["items"]
    assert [i["prompt"] for i in items] == PROMPTS


def test_from_refuses_a_file_of_another_syntax(config: Path, tmp_path: Path) -> None:
    tests = config.parent / "tests" / "cases.yaml"
    with pytest.raises(DatasetkitError, match=r"--from ragas reads .* but the file holds YAML"):
        datasetkit.convert(str(tests), str(tmp_path / "o.json"), format="ragas")
    report = datasetkit.validate(str(tests), "foundry-csv")
    assert [f.code for f in report.errors] == ["input.syntax-mismatch"]
    assert "promptfoo" in report.errors[0].hint


def test_the_space_after_an_assertion_type_is_not_in_the_answer(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("question,__expected\nFee?,contains: five dollars\n", encoding="utf-8")
    assert datasetkit.load(str(path)).cases[0].turns[0].expected_response == "five dollars"
    out = tmp_path / "again.csv"
    assert datasetkit.convert(str(path), str(out), to="promptfoo").ok
    assert "contains: five dollars" in out.read_text(encoding="utf-8")


def test_a_vars_table_written_as_promptfoo_keeps_its_var_names(tmp_path: Path) -> None:
    path = tmp_path / "vars.csv"
    path.write_text("question,name,expected_answer\nFee?,Alice,Five dollars\n", encoding="utf-8")
    out = tmp_path / "pf.csv"
    assert datasetkit.convert(str(path), str(out), to="promptfoo").ok
    header = out.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header[:2] == ["question", "name"]


def test_a_var_named_as_the_expected_answer_is_the_expected_answer(tmp_path: Path) -> None:
    # promptfoo's own CSV example: the reference answer in a var, used by a templated
    # assertion of defaultTest.
    (tmp_path / "cases.csv").write_text(
        'question,expectedAnswer\n"What is 2+2?","4"\n"Capital of France?","Paris"\n',
        encoding="utf-8",
    )
    config = tmp_path / "promptfooconfig.yaml"
    config.write_text(
        'prompts: ["Q: {{question}}"]\n'
        "defaultTest:\n  assert:\n    - type: similar\n      value: '{{expectedAnswer}}'\n"
        "tests: file://cases.csv\n",
        encoding="utf-8",
    )
    ds = datasetkit.load(str(config))
    assert _pairs(ds) == [("What is 2+2?", "4"), ("Capital of France?", "Paris")]
    assert all("expectedAnswer" not in c.extra for c in ds.cases)
    # Written back, the answer is the var again, not an assertion beside it.
    out = tmp_path / "again.yaml"
    assert datasetkit.convert(str(config), str(out), to="promptfoo").ok
    again = datasetkit.load(str(out))
    assert _pairs(again) == _pairs(ds)
    text = out.read_text(encoding="utf-8")
    assert "expectedAnswer: Paris" in text and "value: Paris" not in text


def test_a_list_var_runs_once_per_value(tmp_path: Path) -> None:
    path = tmp_path / "tests.yaml"
    path.write_text(
        "- vars:\n    question: [What is 2+2?, What is 1+3?]\n    tone: [terse, warm]\n"
        "  assert:\n    - type: icontains\n      value: '4'\n",
        encoding="utf-8",
    )
    ds = datasetkit.load(str(path))
    assert [(c.turns[0].prompt, c.extra["tone"]) for c in ds.cases] == [
        ("What is 2+2?", "terse"),
        ("What is 2+2?", "warm"),
        ("What is 1+3?", "terse"),
        ("What is 1+3?", "warm"),
    ]
    assert {c.turns[0].expected_response for c in ds.cases} == {"4"}


def test_a_json_config_is_promptfoo_and_is_written_back_as_one(tmp_path: Path) -> None:
    # A config has a root "prompts" as M365's legacy documents do: its tests say otherwise.
    config = {
        "prompts": ["Answer: {{q}}"],
        "providers": ["openai:gpt-4o-mini"],
        "tests": [{"vars": {"q": "Hi?"}, "assert": [{"type": "icontains", "value": "hello"}]}],
    }
    path = tmp_path / "promptfooconfig.json"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    assert datasetkit.validate(str(path)).files[0].format == "promptfoo"
    assert _pairs(datasetkit.load(str(path))) == [("Hi?", "hello")]
    out = tmp_path / "again.json"
    assert datasetkit.convert(str(path), str(out), to="promptfoo").ok
    assert json.loads(out.read_text(encoding="utf-8")) == config


def test_an_answer_kept_in_a_file_is_the_expected_answer(tmp_path: Path) -> None:
    (tmp_path / "answers").mkdir()
    (tmp_path / "answers" / "refund.txt").write_text("30 days from delivery.\n", encoding="utf-8")
    path = tmp_path / "tests.yaml"
    path.write_text(
        "- vars: {question: Refund window?}\n"
        "  assert:\n    - type: equals\n      value: file://answers/refund.txt\n",
        encoding="utf-8",
    )
    assert _pairs(datasetkit.load(str(path))) == [("Refund window?", "30 days from delivery.")]
    m365 = tmp_path / "m.json"
    assert datasetkit.convert(str(path), str(m365), to="m365").ok
    back = tmp_path / "back.yaml"
    assert datasetkit.convert(str(m365), str(back), to="promptfoo").ok
    assert "value: file://answers/refund.txt" in back.read_text(encoding="utf-8")
