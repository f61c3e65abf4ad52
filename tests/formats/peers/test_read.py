"""Peer-tool readers and detection on files built here (promptfoo, Ragas, DeepEval, Evals, prompt flow)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit import formats
from datasetkit.convert.readwrite import read_dataset
from datasetkit.core.findings import DatasetkitError, Severity
from datasetkit.formats import InputFile, ReadOptions
from datasetkit.formats.peers.promptfoo import parse_assertion


def _write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def _jsonl(tmp_path: Path, name: str, rows: list[dict]) -> str:
    return _write(tmp_path, name, "".join(json.dumps(r) + "\n" for r in rows))


# --- promptfoo ----------------------------------------------------------------------------

PROMPTFOO = (
    "__description,language,question,context,reply,__expected1,__expected2,__metadata:severity,__threshold\n"
    'first,fr,"Hello, world",Greeting ctx,Bonjour,icontains:bonjour,llm-rubric: is polite,high,0.5\n'
    "second,en,Bye,,See you,equals:See you,not-contains:rude,low,\n"
    "third,en,Any?,,,contains-any:a,b,,\n"
    "fourth,en,Sim,,,similar(0.7):Reference answer,,,\n"
)


def test_promptfoo_rows_map_to_turn_fields(tmp_path: Path) -> None:
    path = _write(tmp_path, "tests.csv", PROMPTFOO)
    res = read_dataset(path)
    assert res.format == "promptfoo"
    c0, c1, c2, c3 = res.dataset.cases
    t0 = c0.turns[0]
    assert (t0.prompt, t0.context, t0.response) == ("Hello, world", "Greeting ctx", "Bonjour")
    assert t0.expected_response == "bonjour"
    assert t0.evaluators == {"PartialMatch": {"case_sensitive": False}}
    layout = t0.extensions["promptfoo"]
    assert layout["assert"] == [
        {
            "column": "__expected2",
            "raw": "llm-rubric: is polite",
            "type": "llm-rubric",
            "value": " is polite",
        }
    ]
    assert layout["threshold"] == "0.5"
    assert c0.notes == "first"
    assert c0.extra == {"language": "fr", "severity": "high"}
    assert c1.turns[0].evaluators == {"ExactMatch": {"case_sensitive": True}}
    assert c1.turns[0].expected_response == "See you"
    assert c1.turns[0].extensions["promptfoo"]["assert"][0]["type"] == "not-contains"
    assert "threshold" not in c1.turns[0].extensions["promptfoo"]
    # contains-any keeps its list text; PartialMatch is case-sensitive like 'contains'.
    assert c2.turns[0].expected_response == "a"
    assert c2.turns[0].evaluators == {"PartialMatch": {"case_sensitive": True}}
    # 'similar' has no evaluator: its value is the reference answer, the assertion stays.
    assert c3.turns[0].expected_response == "Reference answer"
    assert c3.turns[0].evaluators is None
    assert c3.turns[0].extensions["promptfoo"]["assert"][0]["threshold"] == 0.7
    info = [f for f in res.findings if f.code == "promptfoo.prompt-var"]
    assert info and info[0].severity == Severity.INFO and "'question'" in info[0].message


def test_promptfoo_prompt_var_rules(tmp_path: Path) -> None:
    # No prompt-like name: the longest free text wins over a setting and a JSON var.
    text = 'lang,body,cfg,__expected\nFrench,Hello there friend,"{""a"":1111111111111}",x\n'
    path = _write(tmp_path, "t.csv", text)
    assert read_dataset(path).dataset.cases[0].turns[0].prompt == "Hello there friend"
    # A name with a prompt word wins (customer_message), whatever the lengths.
    text = "language,customer_message,notes_long,__description\nen,Hi,aaaaaaaaaaaaaaaaaaaaaaaa,d\n"
    path = _write(tmp_path, "u.csv", text)
    assert read_dataset(path).dataset.cases[0].turns[0].prompt == "Hi"
    # --map prompt=VAR overrides; an unknown var is a clear error.
    res = read_dataset(path, options=ReadOptions(mapping={"prompt": "language"}))
    assert res.dataset.cases[0].turns[0].prompt == "en"
    assert res.dataset.cases[0].extra["customer_message"] == "Hi"
    with pytest.raises(DatasetkitError, match="no var column"):
        read_dataset(path, options=ReadOptions(mapping={"prompt": "nope"}))


@pytest.mark.parametrize(
    ("raw", "kind", "value"),
    [
        ("icontains:x", "icontains", "x"),
        ("plain text", "equals", "plain text"),
        ("grade: be nice", "llm-rubric", " be nice"),
        ("javascript: output.length < 9", "javascript", " output.length < 9"),
        ("not-equals:a", "not-equals", "a"),
        ("regex:^a.*", "regex", "^a.*"),
    ],
)
def test_parse_assertion(raw: str, kind: str, value: str) -> None:
    got = parse_assertion(raw)
    assert (got["type"], got["value"]) == (kind, value)


# --- Ragas --------------------------------------------------------------------------------


def test_ragas_01_csv_with_index_and_list_repr(tmp_path: Path) -> None:
    text = (
        ",question,contexts,ground_truth,evolution_type,metadata,episode_done\n"
        "0,Q one?,\"['chunk a', 'chunk b']\",A one,simple,\"[{'page': 1}]\",True\n"
        "1,Q two?,\"['para 1\\n\\npara 2']\",A two,reasoning,[],True\n"
    )
    path = _write(tmp_path, "testset.csv", text)
    res = read_dataset(path)
    assert res.format == "ragas"
    a, b = res.dataset.cases
    assert a.turns[0].prompt == "Q one?"
    assert a.turns[0].context == "chunk a\n\nchunk b"
    assert a.turns[0].expected_response == "A one"
    assert a.extra == {
        "evolution_type": "simple",
        "metadata": [{"page": 1}],
        "episode_done": "True",
    }
    # A chunk holding a blank line cannot be split back: the list is kept, in the
    # layout as the chunk sizes (the text is not stored a second time).
    assert b.turns[0].extensions["ragas"]["chunks"] == {"sizes": [len("para 1\n\npara 2")]}
    assert "contexts" not in b.extra
    assert any(f.code == "ragas.index-column" for f in res.findings)


def test_ragas_02_jsonl_and_json(tmp_path: Path) -> None:
    row = {
        "user_input": "Q?",
        "reference_contexts": ["c1"],
        "retrieved_contexts": ["r1", "r2"],
        "response": "R",
        "reference": "Ref",
        "synthesizer_name": "single_hop",
    }
    for path in (_jsonl(tmp_path, "s.jsonl", [row]), _write(tmp_path, "s.json", json.dumps([row]))):
        res = read_dataset(path)
        assert res.format == "ragas"
        (case,) = res.dataset.cases
        t = case.turns[0]
        assert (t.prompt, t.context, t.response, t.expected_response) == ("Q?", "c1", "R", "Ref")
        assert case.extra == {"retrieved_contexts": ["r1", "r2"], "synthesizer_name": "single_hop"}


def test_ragas_ground_truths_and_multi_turn(tmp_path: Path) -> None:
    rows = [
        {"question": "Q", "contexts": ["c"], "ground_truths": ["g1", "g2"], "answer": "A"},
    ]
    case = read_dataset(_jsonl(tmp_path, "g.jsonl", rows)).dataset.cases[0]
    assert case.turns[0].expected_response == "g1"
    assert case.turns[0].response == "A"
    assert case.extra == {"ground_truths": ["g1", "g2"]}
    multi = {
        "user_input": [
            {"content": "hi", "type": "human"},
            {"content": "hello", "type": "ai"},
            {"content": "bye", "type": "human"},
        ],
        "reference": "goodbye",
    }
    case = read_dataset(_jsonl(tmp_path, "m.jsonl", [multi])).dataset.cases[0]
    assert case.kind == "conversation"
    assert [t.prompt for t in case.turns] == ["hi", "bye"]
    assert case.turns[0].response == "hello"
    assert case.turns[1].expected_response == "goodbye"


# --- DeepEval -----------------------------------------------------------------------------


def test_deepeval_goldens(tmp_path: Path) -> None:
    goldens = [
        {
            "input": "Q",
            "actual_output": "A",
            "expected_output": "E",
            "context": ["c1", "c2"],
            "retrieval_context": ["r"],
            "additional_metadata": {"topic": "t", "level": 2},
            "comments": "ok",
            "source_file": "doc.pdf",
            "name": "g1",
        },
        {"scenario": "User asks for a refund", "expected_outcome": "Refund explained"},
        {
            "scenario": "Two turns",
            "turns": [
                {"role": "user", "content": "u1"},
                {"role": "assistant", "content": "a1"},
                {"role": "user", "content": "u2"},
            ],
        },
    ]
    res = read_dataset(_write(tmp_path, "goldens.json", json.dumps(goldens)))
    assert res.format == "deepeval"
    g, seed, conv = res.dataset.cases
    t = g.turns[0]
    assert (t.prompt, t.response, t.expected_response, t.context) == ("Q", "A", "E", "c1\n\nc2")
    assert g.name == "g1"
    assert list(g.extra) == ["retrieval_context", "topic", "level", "comments", "source_file"]
    assert seed.kind == "seed" and seed.seed.description == "User asks for a refund"
    assert seed.extra == {"expected_outcome": "Refund explained"}
    assert conv.kind == "conversation" and [x.prompt for x in conv.turns] == ["u1", "u2"]


# --- OpenAI Evals and prompt flow -------------------------------------------------------------


def test_openai_evals_samples(tmp_path: Path) -> None:
    rows = [
        {
            "input": [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}],
            "ideal": "I",
        },
        {"input": "plain", "ideal": ["x", "y"], "tag": 1},
        {
            "input": [
                {"role": "user", "content": "u1"},
                {"role": "assistant", "content": "a1"},
                {"role": "user", "content": "u2"},
            ],
            "ideal": "last",
        },
    ]
    res = read_dataset(_jsonl(tmp_path, "samples.jsonl", rows))
    assert res.format == "openai-evals"
    a, b, conv = res.dataset.cases
    assert a.kind == "single" and a.turns[0].prompt == "U" and a.turns[0].expected_response == "I"
    assert a.messages[0].role == "system"
    assert b.turns[0].expected_response == "x" and b.extra == {"ideal": ["x", "y"], "tag": 1}
    assert conv.kind == "conversation"
    assert [t.prompt for t in conv.turns] == ["u1", "u2"]
    assert conv.turns[1].expected_response == "last"


def test_promptflow_chat_history(tmp_path: Path) -> None:
    rows = [
        {
            "question": "and tents?",
            "chat_history": [
                {"inputs": {"question": "hiking boots?"}, "outputs": {"answer": "Yes, 3 kinds."}}
            ],
            "ground_truth": "We sell 2 tents.",
            "customerId": "4",
        }
    ]
    res = read_dataset(_jsonl(tmp_path, "data.jsonl", rows))
    assert res.format == "promptflow"
    (case,) = res.dataset.cases
    assert case.kind == "conversation"
    assert [(t.prompt, t.response) for t in case.turns] == [
        ("hiking boots?", "Yes, 3 kinds."),
        ("and tents?", None),
    ]
    assert case.turns[1].expected_response == "We sell 2 tents."
    assert case.extra == {"customerId": "4"}


def test_promptflow_empty_history_stays_foundry(tmp_path: Path) -> None:
    path = _jsonl(tmp_path, "d.jsonl", [{"question": "q", "chat_history": [], "x": 1}])
    assert formats.detect(InputFile(path)).name == "foundry"


# --- detection: markers decide, look-alikes stay with their readers ---------------------------


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("a.csv", "question,answer\nq,a\n", "sheet"),
        ("b.csv", "query,ground_truth\nq,a\n", "foundry-csv"),
        ("c.csv", "question,contexts,ground_truth\nq,[],a\n", "ragas"),
        ("d.csv", "topic,__expected\nx,y\n", "promptfoo"),
        ("e.json", '[{"prompt": "p", "expected_response": "e"}]', "m365"),
        ("f.json", '[{"input": "p", "expected_output": "e"}]', "deepeval"),
        ("g.jsonl", '{"query": "q", "response": "r"}\n', "foundry"),
        ("h.jsonl", '{"input": "q", "ideal": "r"}\n', "openai-evals"),
        ("i.jsonl", '{"user_input": "q", "reference": "r"}\n', "ragas"),
    ],
)
def test_detection(tmp_path: Path, name: str, text: str, expected: str) -> None:
    path = _write(tmp_path, name, text)
    assert formats.detect(InputFile(path)).name == expected


# --- shapes found in the wild -----------------------------------------------------------------


def test_openai_evals_sample_with_only_a_system_message(tmp_path: Path) -> None:
    # Registry samples whose whole input is one instruction: it is what the model answers.
    rows = [
        {"input": [{"role": "system", "content": f"Spell {w} backwards."}], "ideal": w[::-1]}
        for w in ("stressed", "drawer")
    ]
    res = read_dataset(_jsonl(tmp_path, "samples.jsonl", rows))
    assert res.format == "openai-evals"
    assert [(c.turns[0].prompt, c.turns[0].expected_response) for c in res.dataset.cases] == [
        ("Spell stressed backwards.", "desserts"),
        ("Spell drawer backwards.", "reward"),
    ]


def test_promptflow_history_of_chat_messages_is_earlier_turns(tmp_path: Path) -> None:
    rows = [
        {
            "query": "and tents?",
            "chat_history": [
                {"role": "user", "content": "hiking boots?"},
                {"role": "assistant", "content": "Yes, 3 kinds."},
            ],
            "ground_truth": "We sell 2 tents.",
        }
    ]
    res = read_dataset(_jsonl(tmp_path, "data.jsonl", rows))
    (case,) = res.dataset.cases
    assert case.kind == "conversation"
    assert [(t.prompt, t.response) for t in case.turns] == [
        ("hiking boots?", "Yes, 3 kinds."),
        ("and tents?", None),
    ]
    assert case.turns[1].expected_response == "We sell 2 tents."
    assert "chat_history" not in case.extra


def test_deepeval_expected_output_beside_ragas_keys_is_the_expected_answer(
    tmp_path: Path,
) -> None:
    rows = [{"user_input": "Q?", "retrieved_contexts": ["c"], "expected_output": "E"}]
    res = read_dataset(_jsonl(tmp_path, "data.jsonl", rows))
    (case,) = res.dataset.cases
    assert (case.turns[0].prompt, case.turns[0].expected_response) == ("Q?", "E")
    assert "expected_output" not in case.extra


def test_any_harness_history_column_is_the_earlier_turns(tmp_path: Path) -> None:
    history = [
        {"role": "user", "content": "Minimum equipment spend?"},
        {"role": "assistant", "content": "5 million."},
    ]
    rows = [
        {"id": "q1", "question": "Minimum equipment spend?", "expected_answer": "5 million.",
         "conversation_history": [], "notes": "base"},
        {"id": "q2", "question": "Not 6 million?", "expected_answer": "No, 5 million.",
         "conversation_history": history, "notes": ""},
    ]  # fmt: skip
    res = read_dataset(_jsonl(tmp_path, "questions.jsonl", rows))
    single, conv = res.dataset.cases
    assert (single.id, single.kind, single.turns[0].expected_response) == (
        "q1",
        "single",
        "5 million.",
    )
    assert conv.kind == "conversation" and conv.id == "q2"
    assert [(t.prompt, t.response, t.expected_response) for t in conv.turns] == [
        ("Minimum equipment spend?", "5 million.", None),
        ("Not 6 million?", None, "No, 5 million."),
    ]
    assert "conversation_history" not in conv.extra


def test_model_graded_evals_samples_without_ideal(tmp_path: Path) -> None:
    rows = [{"input": [{"role": "user", "content": "Write a haiku about rain"}]}]
    res = read_dataset(_jsonl(tmp_path, "samples.jsonl", rows))
    assert res.format == "openai-evals"
    assert res.dataset.cases[0].turns[0].prompt == "Write a haiku about rain"
