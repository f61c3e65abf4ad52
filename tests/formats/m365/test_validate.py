"""validate on M365 eval documents: corpus files, official fixtures, messages, locations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.core.findings import Severity
from datasetkit.formats import InputFile, ReadOptions, get
from tests.conftest import CORPUS, corpus_files

M365 = CORPUS / "m365"
DATASETS = corpus_files("m365")
INVALID = corpus_files("m365", "schema/examples_*/invalid/*.json")
VALID = corpus_files("m365", "schema/examples_*/valid/*.json")


def check(path: Path | str, **extra: str):
    fmt = get("m365")
    return fmt.validate(InputFile(str(path)), ReadOptions(extra=dict(extra)))


def codes(result) -> set[str]:
    return {f.code for f in result.findings}


def errors(result):
    return [f for f in result.findings if f.severity == Severity.ERROR]


@pytest.mark.corpus
@pytest.mark.corpus
@pytest.mark.parametrize("path", DATASETS, ids=lambda p: p.name)
def test_every_corpus_file_is_checked_with_located_findings(path: Path) -> None:
    result = check(path)
    for f in result.findings:
        assert f.message and f.hint, f
        assert f.location.path == str(path)
        assert f.location.line is not None and f.location.column is not None, f
        assert "is not valid under any of the given schemas" not in f.message


@pytest.mark.corpus
@pytest.mark.corpus
@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_official_valid_examples_have_no_errors(path: Path) -> None:
    assert errors(check(path)) == []


EXPECTED_INVALID = {
    "allowed-tools-empty-identifier.json": ("m365.schema.empty-string", "/items/0/allowed_tools/0"),
    "custom-evaluator-name-not-identifier.json": (
        "m365.schema.evaluator-name",
        "/items/0/evaluators/1bad_name",
    ),
    "empty-items.json": ("m365.schema.empty", "/items"),
    "error-result-with-score.json": ("m365.schema.errored-score", "/items/0/scores/relevance"),
    "invalid-semver.json": ("m365.schema.version-format", "/schemaVersion"),
    "missing-error-on-error.json": ("m365.schema.errored-score", "/items/0/scores/relevance"),
    "multi-turn-empty-turns.json": ("m365.schema.empty", "/items/0/turns"),
    "multi-turn-has-both-prompt-and-turns.json": ("m365.schema.prompt-and-turns", "/items/0"),
    "multi-turn-missing-prompt.json": ("m365.schema.required", "/items/0/turns/0"),
    "multi-turn-typo-in-turn.json": (
        "m365.schema.unknown-field",
        "/items/0/turns/0/expeceted_response",
    ),
    "retrieval-query-missing-capability.json": (
        "m365.schema.required",
        "/items/0/evaluators/RetrievalQuery",
    ),
    "retrieval-query-missing-selector.json": (
        "m365.schema.required",
        "/items/0/evaluators/RetrievalQuery",
    ),
    "retrieval-query-threshold-override.json": (
        "m365.schema.unknown-field",
        "/items/0/evaluators/RetrievalQuery/threshold",
    ),
    "retrieval-result-missing-assertions.json": (
        "m365.schema.retrieval-result-needs-expectation",
        "/items/0/evaluators/RetrievalResult",
    ),
    "wrong-type.json": ("m365.schema.type", "/items"),
}


@pytest.mark.corpus
@pytest.mark.corpus
@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_official_invalid_examples_get_one_specific_finding(path: Path) -> None:
    result = check(path)
    if path.name == "missing-schema-version.json":
        # runevals upgrades a versionless object instead of rejecting it.
        assert codes(result) == {"m365.legacy.no-version"}
        assert "datasetkit migrate" in result.findings[0].hint
        return
    code, pointer = EXPECTED_INVALID[path.name]
    errs = errors(result)
    assert [(f.code, f.location.pointer) for f in errs] == [(code, pointer)]


@pytest.mark.corpus
def test_prompt_and_turns_message_is_written_for_people() -> None:
    result = check(
        M365 / "schema/examples_338b5c0/invalid/multi-turn-has-both-prompt-and-turns.json"
    )
    (f,) = errors(result)
    assert 'both "prompt" and "turns"' in f.message
    assert f.location.line == 4 and f.location.column == 5


@pytest.mark.corpus
def test_misspelt_field_gets_did_you_mean_at_the_key() -> None:
    result = check(M365 / "schema/examples_338b5c0/invalid/multi-turn-typo-in-turn.json")
    (f,) = errors(result)
    assert "did you mean 'expected_response'" in f.message
    text = (M365 / "schema/examples_338b5c0/invalid/multi-turn-typo-in-turn.json").read_text()
    line = text.splitlines()[f.location.line - 1]
    assert line[f.location.column - 1 :].startswith('"expeceted_response"')


def write(tmp_path: Path, doc, name: str = "evals.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return p


def test_misspelt_evaluator_gets_did_you_mean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    p = write(
        tmp_path,
        {"schemaVersion": "1.10.0", "items": [{"prompt": "Hi", "evaluators": {"Relavance": {}}}]},
    )
    (f,) = errors(check(p))
    assert f.code == "m365.evaluator.unknown"
    assert "did you mean 'Relevance'" in f.message
    assert f.location.pointer == "/items/0/evaluators/Relavance"


def test_wrong_case_evaluator_and_retired_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    p = write(
        tmp_path,
        {
            "schemaVersion": "1.10.0",
            "default_evaluators": {"relevance": {}, "ToolCallAccuracy": {}},
            "items": [{"prompt": "Hi"}],
        },
    )
    found = {f.code: f for f in errors(check(p))}
    assert "'Relevance'" in found["m365.evaluator.case"].hint
    assert "retired" in found["m365.evaluator.retired"].message


def test_custom_evaluator_with_folder_is_accepted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "custom-evaluators" / "answer_length").mkdir(parents=True)
    p = write(
        tmp_path,
        {
            "schemaVersion": "1.7.0",
            "default_evaluators": {"answer_length": {"threshold": 1}},
            "items": [{"prompt": "Hi"}],
        },
    )
    assert check(p).findings == []
    (tmp_path / "custom-evaluators" / "answer_length").rmdir()
    assert codes(check(p)) == {"m365.evaluator.custom-missing"}


def test_feature_newer_than_declared_version_is_a_warning_naming_the_version(
    tmp_path: Path,
) -> None:
    doc = {
        "schemaVersion": "1.2.0",
        "items": [
            {"prompt": "a", "tags": ["x"]},
            {
                "prompt": "b",
                "tags": ["y"],
                "evaluators": {"RetrievalQuery": {"capability": "Email", "selector": "x"}},
            },
        ],
    }
    result = check(write(tmp_path, doc))
    newer = [f for f in result.findings if f.code == "m365.version.feature-newer"]
    assert all(f.severity == Severity.WARNING for f in newer)
    by_feature = {f.data["feature"]: f for f in newer}
    assert by_feature["`tags` on items and turns"].data["since"] == "1.9.0"
    assert by_feature["`tags` on items and turns"].data["count"] == 2
    assert "1.9.0" in by_feature["`tags` on items and turns"].message
    assert by_feature["the `RetrievalQuery` evaluator"].data["since"] == "1.5.0"
    assert "--to 1.9.0" in newer[0].hint
    assert errors(result) == []


def test_version_newer_than_known_is_reported(tmp_path: Path) -> None:
    result = check(write(tmp_path, {"schemaVersion": "1.42.0", "items": [{"prompt": "a"}]}))
    assert codes(result) == {"m365.version.unknown"}
    assert "1.42.0" in result.findings[0].message


def test_legacy_items_keys_rejected_since_1_2_point_to_migrate(tmp_path: Path) -> None:
    result = check(
        write(tmp_path, {"schemaVersion": "1.6.0", "items": [{"prompt": "a", "testId": "T1"}]})
    )
    (f,) = errors(result)
    assert f.code == "m365.schema.legacy-field"
    assert "migrate --to" in f.hint


@pytest.mark.corpus
def test_legacy_shapes(tmp_path: Path) -> None:
    bare = check(write(tmp_path, [{"prompt": "a"}], "bare.json"))
    assert codes(bare) == {"m365.legacy.bare-array"}
    parallel = check(
        write(tmp_path, {"prompts": ["a", "b"], "expected_responses": ["x"]}, "par.json")
    )
    assert codes(parallel) == {"m365.legacy.parallel-arrays", "m365.legacy.count-mismatch"}
    trap = check(M365 / "evalsclicodecamp__evals.json")
    trap_f = next(f for f in trap.findings if f.code == "m365.legacy.prompts-objects")
    assert trap_f.severity == Severity.ERROR
    assert "0 items" in trap_f.message and "migrate" in trap_f.hint
    assert trap_f.location.pointer == "/prompts"


def test_bare_array_findings_point_into_the_array(tmp_path: Path) -> None:
    result = check(write(tmp_path, [{"prompt": "a"}, {"prompt": ""}], "bare.json"))
    (f,) = errors(result)
    assert f.location.pointer == "/1/prompt"
    assert f.location.line == 6


@pytest.mark.corpus
def test_model_keeps_unknown_fields_and_output(tmp_path: Path) -> None:
    fmt = get("m365")
    result = fmt.read(InputFile(str(M365 / "m365-copilot-eval__scenarios-with-mixed-errors.json")))
    ds = result.dataset
    assert ds is not None and ds.cases
    assert any(t.results.get("status") for _, _, t in ds.iter_turns())
    thread = next(c for c in ds.cases if c.kind == "conversation")
    assert thread.summary is not None
    assert thread.source is not None and thread.source.turn_pointers[0].endswith("/turns/0")


def test_schema_version_option_selects_another_schema(tmp_path: Path) -> None:
    p = write(tmp_path, {"schemaVersion": "1.2.0", "items": [{"prompt": "a", "tags": ["x"]}]})
    assert errors(check(p)) == []
    strict = check(p, schema_version="1.8.0")
    assert [f.code for f in errors(strict)] == ["m365.schema.unknown-field"]


@pytest.mark.corpus
@pytest.mark.corpus
@pytest.mark.parametrize("version", ["1.4.0", "1.8.0", "1.11.0", "2.0.0"])
def test_inlined_validator_reports_the_same_errors(version: str) -> None:
    from datasetkit.formats.m365 import schemas
    from datasetkit.formats.m365.validator import fast_validator

    plain, fast = schemas.validator_for(version), fast_validator(version)
    for path in [*DATASETS, *INVALID, *VALID]:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        slow_errors = sorted((list(e.absolute_path), e.validator) for e in plain.iter_errors(doc))
        fast_errors = sorted((list(e.absolute_path), e.validator) for e in fast.iter_errors(doc))
        assert fast_errors == slow_errors, path.name
