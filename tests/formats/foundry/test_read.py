"""Reading Foundry JSONL/CSV: every dialect into the canonical model, every corpus file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.convert.readwrite import read_dataset
from datasetkit.formats import InputFile, ReadOptions, detect
from datasetkit.formats.foundry import FoundryJSONL
from tests.conftest import CORPUS


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Durability is the io module's to test; here it only slows the many small writes."""
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


FOUNDRY = CORPUS / "foundry"


def _read(tmp_path: Path, text: str, name: str = "data.jsonl", **kw):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return read_dataset(str(p), **kw)


def _codes(result) -> list[str]:
    return [f.code for f in result.findings]


# Expected (cases, kinds) per corpus file: every file is read.
CORPUS_CASES = {
    "agentops__tools.jsonl": 3,
    "azure-ai-docs__conversations.jsonl": 3,
    "azure-ai-docs__scenarios.jsonl": 2,
    "azure-sdk-for-python__conversation_test_data.csv": 2,
    "azure-sdk-for-python__sample_data_evaluation.csv": 3,
    "azure-sdk-for-python__sample_data_evaluation.jsonl": 1,
    "azure-sdk-for-python__sample_data_multiturn_conversations.jsonl": 3,
    "azure-sdk-for-python__sample_data_multiturn_conversations.pypi-2.10.0.jsonl": 3,
    "azure-sdk-for-python__sample_data_simulation_scenarios.jsonl": 3,
    "azure-sdk-for-python__sample_synthetic_conversations.jsonl": 90,
    "azure-sdk-for-python__test_csv_quotes.csv": 3,
    "azureai-samples__Azure_OpenAI_Graders-data.jsonl": 5,
    "azureai-samples__NLP_Evaluators-data.jsonl": 3,
    "azureai-samples__Safety_Risks_Image-data.jsonl": 2,
    "azureai-samples__chat_eval_data.jsonl": 13,
    "azureai-samples__conversation_data.jsonl": 2,
    "azureai-samples__evaluation_data.jsonl": 5,
    "azureai-samples__qr_data.csv": 3,
    "azureai-samples__ungrounded_attr_data.jsonl": 2,
    "contoso-chat__data.jsonl": 12,
}


def test_corpus_list_is_complete(corpus: Path) -> None:
    files = {p.name for p in (corpus / "foundry").iterdir() if p.suffix in (".jsonl", ".csv")}
    assert files == set(CORPUS_CASES)


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(CORPUS_CASES))
def test_every_corpus_file_is_read_with_sources(name: str) -> None:
    result = read_dataset(str(FOUNDRY / name))
    assert result.format == ("foundry-csv" if name.endswith(".csv") else "foundry")
    ds = result.dataset
    assert ds is not None and len(ds.cases) == CORPUS_CASES[name]
    for i, case in enumerate(ds.cases):
        src = case.source
        assert src is not None and src.path == str(FOUNDRY / name)
        assert src.pointer == f"/{i}" and src.line and src.row
        assert src.turn_pointers is not None and len(src.turn_pointers) == len(case.turns)
        for ptr in src.turn_pointers:
            assert ptr.startswith(f"/{i}/")
            # Every turn pointer resolves to a real line in the file.
            assert result.locate(ptr).line is not None


@pytest.mark.corpus
def test_canonical_messages_rows_with_tool_calls() -> None:
    ds = read_dataset(str(FOUNDRY / "azure-ai-docs__conversations.jsonl")).dataset
    case = ds.cases[0]
    assert case.kind == "conversation"
    assert [t.prompt[:20] for t in case.turns] == ["Search for one-way f", "Actually, can you ch"]
    assert case.turns[0].response.startswith("Found 2 options")
    assert case.turns[1].response.startswith("Booked! ANA NH1069")
    assert len(case.messages) == 10
    # tool_result kept as the JSON string the author wrote (spec §14.10).
    assert isinstance(case.messages[2].content[0]["tool_result"], str)
    assert case.source.turn_pointers == ["/0/messages/0", "/0/messages/4"]


@pytest.mark.corpus
def test_chat_completions_tool_calls_are_normalized() -> None:
    result = read_dataset(
        str(FOUNDRY / "azure-sdk-for-python__sample_data_multiturn_conversations.pypi-2.10.0.jsonl")
    )
    msgs = result.dataset.cases[1].messages
    call = msgs[1]
    assert call.content == [
        {
            "type": "tool_call",
            "tool_call_id": "call_123",
            "name": "get_weather",
            "arguments": {"location": "Paris"},
        }
    ]
    assert "tool_calls" not in (call.model_extra or {})
    assert msgs[2].content == [
        {"type": "tool_result", "tool_result": '{"temperature": 18, "condition": "sunny"}'}
    ]
    assert "foundry.message.chat-completions" in _codes(result)
    tool = next(f for f in result.findings if f.code == "foundry.message.tool-content-string")
    assert (tool.location.line, tool.location.pointer) == (2, "/1/messages/2/content")


@pytest.mark.corpus
def test_legacy_nested_tool_calls_and_tools_key() -> None:
    result = read_dataset(
        str(FOUNDRY / "azure-sdk-for-python__sample_synthetic_conversations.jsonl")
    )
    case = result.dataset.cases[0]
    item = case.messages[3].content[0]
    assert item == {
        "type": "tool_call",
        "tool_call_id": "tool_call_20250310_001",
        "name": "get_orders",
        "arguments": {"account_number": "888"},
    }
    assert case.messages[0].model_extra["createdAt"] == 1700000000  # agent-converter extras carried
    assert case.tool_definitions and all("name" in d for d in case.tool_definitions)
    nested = [f for f in result.findings if f.code == "foundry.message.nested-tool-call"]
    assert nested[0].location.line == 1 and nested[0].location.pointer == "/0/messages/3/content/0"


@pytest.mark.corpus
def test_agent_converter_query_response_lists() -> None:
    case = read_dataset(str(FOUNDRY / "azureai-samples__evaluation_data.jsonl")).dataset.cases[0]
    assert case.turns[0].prompt == "How is the weather in London ?"
    assert case.turns[0].response.startswith("The weather in London is currently cloudy")
    assert case.messages[0].role == "system" and case.messages[1].model_extra["createdAt"]
    assert len(case.tool_definitions) > 3
    assert case.source.turn_pointers == ["/0/query/1"]


@pytest.mark.corpus
def test_local_sdk_conversation_rows_and_blank_line() -> None:
    result = read_dataset(str(FOUNDRY / "azureai-samples__conversation_data.jsonl"))
    cases = result.dataset.cases
    assert [len(c.turns) for c in cases] == [1, 2]
    assert cases[1].turns[1].prompt == "What color is my shirt?"
    blank = [f for f in result.findings if f.code == "foundry.jsonl.blank-line"]
    assert [f.location.line for f in blank] == [1]
    assert cases[0].source.line == 2


@pytest.mark.corpus
def test_seeds_in_both_shapes(tmp_path: Path) -> None:
    flat = read_dataset(str(FOUNDRY / "azure-ai-docs__scenarios.jsonl")).dataset.cases[0]
    assert flat.kind == "seed" and flat.id == "walmart_refund_timeline"
    assert flat.seed.desired_num_turns == 10 and flat.seed.shape == "flat"
    row = {
        "test_case_id": "t1",
        "test_case_category": "refunds",
        "test_case_description": "A refund is late.",
        "simulation_configuration": {"desired_num_turns": 4, "max_num_turns": 6},
    }
    sim = _read(tmp_path, json.dumps(row) + "\n").dataset.cases[0]
    assert (sim.id, sim.category) == ("t1", "refunds")
    assert sim.seed.shape == "simulation_configuration" and sim.seed.desired_num_turns == 4
    assert sim.seed.simulation_configuration == {"desired_num_turns": 4, "max_num_turns": 6}


@pytest.mark.corpus
def test_query_response_context_ground_truth_and_extras() -> None:
    case = read_dataset(
        str(FOUNDRY / "azure-sdk-for-python__sample_data_evaluation.jsonl")
    ).dataset.cases[0]
    t = case.turns[0]
    assert (t.prompt, t.context) == ("What is capital of France?", "France is in Europe")
    assert t.response == t.expected_response == "Paris is the capital of France."
    # A plain record's "question" is the prompt (the column-role resolver); the rest are
    # the row's extra columns.
    contoso = read_dataset(str(FOUNDRY / "contoso-chat__data.jsonl")).dataset.cases[0]
    assert contoso.first_prompt == "tell me about your hiking jackets"
    assert contoso.extra == {"customerId": "4", "chat_history": [], "intent": "chat"}


@pytest.mark.corpus
def test_map_names_the_prompt_column() -> None:
    options = ReadOptions(mapping={"prompt": "question", "expected_response": "truth"})
    ds = read_dataset(str(FOUNDRY / "contoso-chat__data.jsonl"), options=options).dataset
    assert ds.cases[0].turns[0].prompt == "tell me about your hiking jackets"
    assert "question" not in ds.cases[0].extra
    chat = read_dataset(
        str(FOUNDRY / "azureai-samples__chat_eval_data.jsonl"), options=options
    ).dataset
    assert chat.cases[4].turns[0].expected_response == "OutdoorLiving"


def test_unknown_map_field_is_refused() -> None:
    from datasetkit.core.findings import DatasetkitError

    with pytest.raises(DatasetkitError, match="not a field"):
        read_dataset(
            str(FOUNDRY / "contoso-chat__data.jsonl"),
            options=ReadOptions(mapping={"promt": "question"}),
        )


@pytest.mark.corpus
def test_foundry_csv_quotes_conversation_cells_and_response_only() -> None:
    quotes = read_dataset(str(FOUNDRY / "azure-sdk-for-python__test_csv_quotes.csv")).dataset
    assert [c.turns[0].response for c in quotes.cases] == ["test", "quoted", "start"]
    assert [c.turns[0].expected_response for c in quotes.cases] == ["test", "quoted", '"end']
    conv = read_dataset(str(FOUNDRY / "azure-sdk-for-python__conversation_test_data.csv"))
    assert conv.dataset.cases[1].turns[0].response == "2+2 equals 4."
    assert "foundry.csv.json-cell" in _codes(conv)
    assert conv.dataset.cases[0].source.row == 2


def test_detection_by_extension_and_content(tmp_path: Path) -> None:
    assert detect(InputFile(str(FOUNDRY / "azureai-samples__qr_data.csv"))).name == "foundry-csv"
    assert detect(InputFile(str(FOUNDRY / "azure-ai-docs__scenarios.jsonl"))).name == "foundry"
    misnamed = tmp_path / "rows.json"
    misnamed.write_text('{"query": "a", "response": "b"}\n{"query": "c", "response": "d"}\n')
    assert detect(InputFile(str(misnamed))).name == "foundry"


def test_stdin_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    src = InputFile("-", b'{"query": "q", "response": "r"}\n')
    result = FoundryJSONL().read(src)
    assert result.dataset.cases[0].turns[0].prompt == "q"
    assert result.dataset.cases[0].source.path == "<stdin>"


def test_recorded_output_of_azure_ai_evaluation_is_the_response(tmp_path: Path) -> None:
    # azure-ai-evaluation's evaluate() writes the target's output as __outputs.<name>.
    row = {"query": "Capital of France?", "__outputs.response": "Paris.", "truth": "Paris"}
    res = _read(tmp_path, json.dumps(row) + "\n")
    (case,) = res.dataset.cases
    turn = case.turns[0]
    assert (turn.prompt, turn.response, turn.expected_response) == (
        "Capital of France?",
        "Paris.",
        "Paris",
    )
    assert not case.extra


def test_a_missing_value_in_a_query_row_is_no_answer(tmp_path: Path) -> None:
    rows = [
        {"query": "Capital of France?", "ground_truth": "Paris"},
        {"query": "Capital of Peru?", "ground_truth": "nan"},
        {"query": "Capital of Chad?", "ground_truth": float("nan")},
    ]
    res = _read(tmp_path, "".join(json.dumps(r) + "\n" for r in rows))
    assert [c.turns[0].expected_response for c in res.dataset.cases] == ["Paris", None, None]
    assert any(f.code == "foundry.missing-value" for f in res.findings)
