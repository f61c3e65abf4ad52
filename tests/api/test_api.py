"""The public Python API (``import datasetkit``): every capability, in memory and on disk."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import datasetkit
from datasetkit import Dataset, DatasetkitError, Severity
from tests.conftest import ROOT

DOC = {
    "schemaVersion": "1.11.0",
    "items": [
        {"prompt": "How many vacation days do I get?", "expected_response": "25 days a year."},
        {
            "turns": [
                {"prompt": "I want to book a trip.", "expected_response": "Where to?"},
                {"prompt": "To Berlin.", "expected_response": "Use the travel portal."},
            ]
        },
    ],
}
HEAVY = ("pandas", "openpyxl", "pypdf", "docx", "openai")


def _modules_after(code: str) -> set[str]:
    """The heavy modules loaded by ``code`` in a fresh interpreter."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(out.stdout.split())


def test_import_loads_no_heavy_library() -> None:
    assert _modules_after("import datasetkit") == set()
    # Nor does reaching the API or checking an M365 document in memory.
    assert _modules_after("import datasetkit; datasetkit.load; datasetkit.Dataset") == set()
    code = "import datasetkit; assert datasetkit.validate({'schemaVersion': '1.11.0', 'items': [{'prompt': 'Hi?'}]}).ok"
    assert _modules_after(code) == set()


def test_the_public_names_and_nothing_else() -> None:
    for name in datasetkit.__all__:
        assert getattr(datasetkit, name) is not None, name
    assert "InputFile" not in datasetkit.__all__
    with pytest.raises(AttributeError):
        datasetkit.InputFile  # noqa: B018


def test_api_names_that_are_also_modules_keep_both_faces() -> None:
    # datasetkit.convert is the API function, and still leads to the package of that name.
    import datasetkit.convert.readwrite
    from datasetkit import migrate

    assert callable(datasetkit.convert)
    assert callable(datasetkit.convert.readwrite.read_dataset)
    assert callable(migrate.plan)
    assert datasetkit.validate.__doc__.startswith("Check a dataset")


def test_patching_a_module_through_its_api_name_is_undone_cleanly() -> None:
    import datasetkit.convert.readwrite as convert_module

    real = convert_module.read_dataset
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(convert_module, "read_dataset", lambda *a, **k: None)
        assert sys.modules["datasetkit.convert.readwrite"].read_dataset is not real
    # The module's own function is back (it used to be deleted on undo).
    assert sys.modules["datasetkit.convert.readwrite"].read_dataset is real


def test_load_from_path_text_file_bytes_and_string(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text(json.dumps(DOC), encoding="utf-8")
    text = json.dumps(DOC)
    for source in (path, str(path), io.StringIO(text), io.BytesIO(text.encode()), text.encode()):
        ds = datasetkit.load(source)
        assert ds.source_format == "m365"
        assert [c.kind for c in ds.cases] == ["single", "conversation"]
        assert ds.cases[1].turns[1].prompt == "To Berlin."
    # A one-line JSON document in memory is a document, not a one-row JSONL file.
    assert datasetkit.loads(text).source_format == "m365"
    assert datasetkit.load(path).source_path == str(path)


def test_dump_to_text_and_binary_file_objects() -> None:
    ds = datasetkit.loads(json.dumps(DOC), "m365")
    text_out, binary_out = io.StringIO(), io.BytesIO()
    assert datasetkit.dump(ds, text_out, "foundry").ok
    assert datasetkit.dump(ds, binary_out, "m365").ok
    rows = [json.loads(line) for line in text_out.getvalue().splitlines()]
    assert rows[0]["query"] == "How many vacation days do I get?"
    assert [m["role"] for m in rows[1]["messages"]] == ["user", "assistant", "user", "assistant"]
    back = json.loads(binary_out.getvalue())
    assert back["items"] == DOC["items"]
    assert datasetkit.dumps(ds, "m365") == binary_out.getvalue().decode("utf-8")


def test_dump_to_a_path_and_a_refused_write(tmp_path: Path) -> None:
    ds = datasetkit.loads(json.dumps(DOC), "m365")
    report = datasetkit.dump(ds, tmp_path / "out.jsonl")
    assert report.ok and report.paths == [tmp_path / "out.jsonl"] and report.cases == 2
    # A case without a prompt cannot be written as M365: nothing is written, and dumps raises.
    bad = Dataset(cases=[datasetkit.Case(turns=[datasetkit.Turn(prompt="")])])
    report = datasetkit.dump(bad, tmp_path / "bad.json")
    assert not report.ok and report.errors and not (tmp_path / "bad.json").exists()
    with pytest.raises(datasetkit.WriteError) as caught:
        datasetkit.dumps(bad, "m365")
    assert caught.value.report.errors


def test_validate_a_dict_with_located_findings() -> None:
    assert datasetkit.validate(DOC).ok
    bad = {"schemaVersion": "1.11.0", "items": [{"prompt": "Hi?", "expected_respons": "x"}]}
    report = datasetkit.validate(bad)
    assert not report.ok
    (error,) = report.errors
    assert error.code == "m365.schema.unknown-field"
    assert error.location.pointer == "/items/0/expected_respons"
    assert error.location.line is not None
    assert json.loads(report.to_json())["summary"]["errors"] == 1
    sarif = json.loads(report.to_sarif())
    assert sarif["runs"][0]["results"][0]["ruleId"] == "m365.schema.unknown-field"
    assert "expected_respons" in report.to_text()


def test_validate_a_dataset_bytes_and_an_unreadable_input() -> None:
    ds = datasetkit.loads(json.dumps(DOC), "m365")
    assert datasetkit.validate(ds).ok
    assert datasetkit.validate(ds, "foundry").ok
    # Bytes that are no dataset are a finding, not an exception.
    report = datasetkit.validate(b"\x00\x01 not a dataset", "m365")
    assert not report.ok and report.errors[0].severity == Severity.ERROR
    report = datasetkit.validate(json.dumps(DOC).encode(), target="copilot-studio")
    assert any(
        f.code.startswith("target.") or f.code.startswith("copilot") for f in report.findings
    )


def test_lint_in_memory() -> None:
    twice = {
        "schemaVersion": "1.11.0",
        "items": [{"prompt": "What is the Contoso leave policy?"}] * 2,
    }
    report = datasetkit.lint(twice)
    assert [f.code for f in report.findings] == ["lint.case.duplicate"]
    assert report.ok  # a warning
    ds = datasetkit.loads(json.dumps(twice), "m365")
    assert [f.code for f in datasetkit.lint(ds).findings] == ["lint.case.duplicate"]


def test_convert_in_memory_both_ways() -> None:
    foundry_out = io.StringIO()
    report = datasetkit.convert(io.StringIO(json.dumps(DOC)), foundry_out, to="foundry")
    assert report.ok and report.cases == 2 and not report.paths
    m365_out = io.BytesIO()
    report = datasetkit.convert(foundry_out.getvalue().encode(), m365_out, to="m365")
    assert report.ok
    assert json.loads(m365_out.getvalue())["items"] == DOC["items"]
    # The findings name the in-memory input, not a scratch file.
    assert all("datasetkit-convert" not in (f.location.path or "") for f in report.findings)


def test_convert_paths_and_strict(tmp_path: Path) -> None:
    src = tmp_path / "evals.json"
    src.write_text(json.dumps(DOC), encoding="utf-8")
    report = datasetkit.convert(src, tmp_path / "out.csv", "copilot-studio")
    assert report.ok and report.paths
    # Copilot Studio has no conversation turns in a single-response set: strict refuses.
    report = datasetkit.convert(src, tmp_path / "strict.csv", "copilot-studio", strict=True)
    assert not report.ok and report.errors and not (tmp_path / "strict.csv").exists()


def test_migrate_dry_run_then_in_place(tmp_path: Path) -> None:
    path = tmp_path / "prompts.json"
    path.write_text('[{"prompt": "Where is the office?"}]', encoding="utf-8")
    plan = datasetkit.migrate(path, dry_run=True)
    assert plan.needed and not plan.written and "schemaVersion" in plan.diff()
    assert json.loads(path.read_text()) == [{"prompt": "Where is the office?"}]
    done = datasetkit.migrate(path)
    assert done.written and done.backup is not None and done.backup.exists()
    assert json.loads(path.read_text())["schemaVersion"] == "1.0.0"
    assert not datasetkit.migrate(path).needed


def test_ingest_and_generate_offline(tmp_path: Path) -> None:
    policy = tmp_path / "policy.md"
    policy.write_text(
        "# Leave\n\nEmployees get 25 days of paid vacation a year.\n\n"
        "# Travel\n\nBook flights through the travel portal at least 14 days ahead.\n",
        encoding="utf-8",
    )
    knowledge = datasetkit.ingest([policy])
    assert [d.kind for d in knowledge.documents] == ["markdown"]
    assert "25 days of paid vacation" in knowledge.text and not knowledge.problems
    made = datasetkit.generate_knowledge(policy, tmp_path / "cases.json", count=2, seed=3)
    assert made.dataset is not None and made.dataset.cases
    assert made.paths == [tmp_path / "cases.json"]
    assert datasetkit.validate(tmp_path / "cases.json").ok
    again = datasetkit.generate_knowledge(policy, count=2, seed=3)
    assert again.dataset is not None
    assert again.dataset.to_records() == made.dataset.to_records()  # same seed, same cases
    starter = datasetkit.generate_starter("An HR assistant for leave questions.", count=5)
    assert starter.dataset is not None and len(starter.dataset.cases) == 5


def test_records_and_pandas_round_trip() -> None:
    ds = datasetkit.loads(json.dumps(DOC), "m365")
    for per in ("turn", "case"):
        df = ds.to_pandas(per=per)
        assert len(df) == (3 if per == "turn" else 2)
        back = Dataset.from_pandas(df)
        assert back.to_records(per=per) == ds.to_records(per=per)
        assert [c.kind for c in back.cases] == ["single", "conversation"]
        assert back.cases[1].turns[1].expected_response == "Use the travel portal."
    df = ds.to_pandas()
    assert list(df.columns) == [
        "case",
        "turn",
        "id",
        "name",
        "category",
        "kind",
        "prompt",
        "expected_response",
        "response",
        "context",
    ]
    # A DataFrame of its own: columns found by their names, or named by the mapping.
    import pandas as pd

    own = pd.DataFrame({"Question": ["Where?", "When?"], "Answer": ["Here.", None]})
    got = Dataset.from_pandas(own)
    assert [(t.prompt, t.expected_response) for _, _, t in got.iter_turns()] == [
        ("Where?", "Here."),
        ("When?", None),
    ]
    odd = pd.DataFrame({"Frage": ["Wo?"], "Antwort": ["Hier."]})
    mapped = Dataset.from_pandas(odd, mapping={"prompt": "Frage", "expected_response": "Antwort"})
    assert mapped.cases[0].turns[0].prompt == "Wo?"
    with pytest.raises(DatasetkitError):
        Dataset.from_pandas(pd.DataFrame({"x": [1]}))
    with pytest.raises(DatasetkitError):
        Dataset.from_pandas([{"prompt": "not a frame"}])


def test_iter_cases_streams_a_large_jsonl_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    filler = "x" * 900
    with path.open("w", encoding="utf-8") as fh:
        for i in range(20_000):
            fh.write(json.dumps({"query": f"Question {i}?", "response": filler}) + "\n")
    size = path.stat().st_size
    assert size > 18_000_000
    # Warm up first: the modules a first read imports are not the file's memory.
    warm = tmp_path / "warm.jsonl"
    warm.write_text('{"query": "Hi?"}\n', encoding="utf-8")
    assert len(list(datasetkit.iter_cases(warm))) == 1
    findings: list = []
    tracemalloc.start()
    try:
        count = 0
        for case in datasetkit.iter_cases(path, findings=findings):
            count += 1
            assert case.turns[0].prompt == f"Question {count - 1}?"
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 20_000 and not [f for f in findings if f.severity == Severity.ERROR]
    # Read whole, the file takes several times its size as objects; streamed, a sliver.
    assert peak < size / 20, (peak, size)


def test_bad_input_raises_a_datasetkit_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(DatasetkitError, match="cannot read an object of type int"):
        datasetkit.load(42)  # type: ignore[arg-type]
    with pytest.raises(DatasetkitError, match="cannot write to an object of type int"):
        datasetkit.convert(str(tmp_path / "none.json"), 42)  # type: ignore[arg-type]
    with pytest.raises(DatasetkitError, match="invalid JSON"):
        datasetkit.loads("{ not json", "m365")
    with pytest.raises(DatasetkitError, match="unknown format"):
        datasetkit.loads("{}", "no-such-format")
    with pytest.raises(DatasetkitError, match="no such file"):
        datasetkit.load(tmp_path / "missing.json")
    with pytest.raises(DatasetkitError, match="mapping"):
        datasetkit.load(io.StringIO("question\nhi\n"), "sheet", mapping=["prompt"])
    with pytest.raises(DatasetkitError, match="looks like JSON text"):
        datasetkit.validate('{"items": []}')
    with pytest.raises(DatasetkitError, match="needs the format"):
        datasetkit.dump(Dataset(), io.StringIO())
    with pytest.raises(DatasetkitError):
        datasetkit.migrate(io.StringIO("{}"))  # type: ignore[arg-type]
    with pytest.raises(DatasetkitError):
        datasetkit.generate_starter("")


def test_convert_refuses_to_replace_or_create_unless_told_as_the_command_does(
    tmp_path: Path,
) -> None:
    src = tmp_path / "evals.json"
    src.write_text(json.dumps(DOC), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_text("mine\n", encoding="utf-8")
    with pytest.raises(DatasetkitError, match="force=True"):
        datasetkit.convert(src, out, "foundry")
    assert out.read_text(encoding="utf-8") == "mine\n"
    assert datasetkit.convert(src, out, "foundry", force=True).ok
    assert out.read_text(encoding="utf-8") != "mine\n"
    deep = tmp_path / "new" / "out.jsonl"
    with pytest.raises(DatasetkitError, match="make_parents=True"):
        datasetkit.convert(src, deep, "foundry")
    assert not deep.parent.exists()
    assert datasetkit.convert(src, deep, "foundry", make_parents=True).ok


def test_a_missing_cell_of_a_data_frame_is_no_answer() -> None:
    import pandas as pd

    frame = pd.DataFrame({"question": ["a?", "b?"], "answer": ["x", float("nan")]})
    got = Dataset.from_pandas(frame)
    assert [(t.prompt, t.expected_response) for _, _, t in got.iter_turns()] == [
        ("a?", "x"),
        ("b?", None),
    ]
    assert [c.extra for c in got.cases] == [{}, {}]
    # Made text first (str() of each cell, as pandas 2's astype(str) does), the cell
    # says "nan": no answer, and told.
    with pytest.warns(UserWarning, match="'answer'.*missing value"):
        text = Dataset.from_pandas(frame.astype(object).map(str))
    assert text.cases[1].turns[0].expected_response is None
    # None is plainly no answer: neither an extra column nor a warning.
    rec = Dataset.from_records([{"question": "c?", "answer": None}])
    assert rec.cases[0].extra == {} and rec.cases[0].turns[0].expected_response is None
