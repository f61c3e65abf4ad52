"""M365 documents survive the canonical model: document -> Dataset -> document keeps everything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.core.model import Case, Dataset, Message, Turn
from datasetkit.formats import InputFile, get
from datasetkit.formats.m365 import classify, from_dataset, to_dataset, upgrade_legacy
from tests.conftest import CORPUS, corpus_files

M365 = CORPUS / "m365"
FILES = sorted(corpus_files("m365") + corpus_files("m365", "schema/examples_*/valid/*.json"))


def load(path: Path):
    return json.loads(path.read_text(encoding="utf-8-sig"))


@pytest.mark.corpus
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_document_survives_the_model(path: Path) -> None:
    value = load(path)
    shape = classify(value)
    if shape == "invalid":
        pytest.skip("not an eval document (old results format)")
    doc = value if shape == "document" else upgrade_legacy(value)
    back, _ = from_dataset(to_dataset(doc, str(path)))
    assert back == doc


@pytest.mark.corpus
def test_written_file_reads_back_equal(tmp_path: Path) -> None:
    src = M365 / "m365-copilot-eval__scenarios-with-mixed-errors.json"
    fmt = get("m365")
    ds = fmt.read(InputFile(str(src))).dataset
    assert ds is not None
    out = tmp_path / "out.json"
    fmt.write(ds, out)
    assert json.loads(out.read_text()) == load(src)
    assert out.read_bytes().endswith(b"}\n")


def test_facts_from_other_formats_ride_in_extensions() -> None:
    ds = Dataset(
        cases=[
            Case(
                id="T-7",
                category="billing",
                notes="check wording",
                turns=[Turn(prompt="Refund?", expected_response="30 days")],
            ),
            Case(
                kind="conversation",
                name="two turns",
                turns=[Turn(prompt="a"), Turn(prompt="b", tags=["x"])],
            ),
        ]
    )
    doc, findings = from_dataset(ds)
    assert doc["items"][0] == {
        "prompt": "Refund?",
        "expected_response": "30 days",
        "extensions": {"id": "T-7", "category": "billing", "notes": "check wording"},
    }
    # tags on a turn need 1.9.0; the writer declares the lowest version that covers the content.
    assert doc["schemaVersion"] == "1.9.0"
    again = to_dataset(doc, None)
    assert (again.cases[0].id, again.cases[0].category, again.cases[0].notes) == (
        "T-7",
        "billing",
        "check wording",
    )
    assert findings == []


def test_model_holds_foundry_and_studio_shapes() -> None:
    msg = Message(
        role="assistant",
        content=None,
        tool_calls=[
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "lookup", "arguments": '{"id": 1}'},
            }
        ],
        run_id="r1",
    )
    case = Case(
        messages=[Message(role="user", content="hi"), msg],
        tool_definitions=[{"name": "lookup"}],
        extra={"my_column": [1, 2]},
        turns=[Turn(prompt="hi")],
    )
    dumped = case.model_dump()
    assert dumped["messages"][1]["tool_calls"][0]["function"]["arguments"] == '{"id": 1}'
    assert dumped["messages"][1]["run_id"] == "r1"
    assert Case.model_validate(dumped) == case


def test_case_extensions_of_a_single_item_are_written() -> None:
    ds = Dataset(
        cases=[
            Case(
                extensions={"copilot_studio": {"methods": ["CompareMeaning"]}},
                turns=[Turn(prompt="a", results={"status": "pass"})],
            )
        ]
    )
    doc, _ = from_dataset(ds)
    assert list(doc["items"][0]) == ["prompt", "extensions", "status"]
    assert doc["items"][0]["extensions"] == {"copilot_studio": {"methods": ["CompareMeaning"]}}
