"""Peer-tool writers, and round trips peer -> M365 -> peer giving back the same records."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from datasetkit.convert.entry import convert
from datasetkit.convert.readwrite import read_dataset, write_dataset
from datasetkit.core.model import Case, Dataset, Seed, Turn

PROMPTFOO = (
    "__description,language,question,context,reply,__expected1,__expected2,__metadata:severity,__threshold\n"
    'first,fr,"Hello, world",Greeting ctx,Bonjour,icontains:bonjour,llm-rubric: is polite,high,0.5\n'
    "second,en,Bye,,See you,equals:See you,not-contains:rude,low,\n"
    'third,en,Any?,,,"contains-any:a,b",,,\n'
)


def _csv_rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def _via_m365(tmp_path: Path, src: Path, to: str, name: str) -> Path:
    mid = tmp_path / "mid.json"
    first = convert([str(src)], str(mid), target="m365")
    assert first.ok, first.errors
    out = tmp_path / name
    back = convert([str(mid)], str(out), target=to)
    assert back.ok, back.errors
    return out


def test_promptfoo_round_trip_through_m365(tmp_path: Path) -> None:
    src = tmp_path / "tests.csv"
    src.write_text(PROMPTFOO, encoding="utf-8")
    out = _via_m365(tmp_path, src, "promptfoo", "back.csv")
    assert _csv_rows(out) == _csv_rows(src)
    assert out.read_text(encoding="utf-8").splitlines()[0] == PROMPTFOO.splitlines()[0]


def test_ragas_round_trip_through_m365(tmp_path: Path) -> None:
    rows = [
        {
            "user_input": "Q1",
            "reference_contexts": ["a", "b"],
            "reference": "R1",
            "synthesizer_name": "s",
        },
        {
            "user_input": "Q2",
            "reference_contexts": ["x\n\ny"],
            "reference": "R2",
            "persona_name": "p",
        },
        {"question": "Q3", "contexts": ["c"], "ground_truths": ["g1", "g2"], "answer": "A3"},
    ]
    src = tmp_path / "set.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = _via_m365(tmp_path, src, "ragas", "back.jsonl")
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert got == rows
    assert [list(g) for g in got] == [list(r) for r in rows]


def test_deepeval_round_trip_through_m365(tmp_path: Path) -> None:
    goldens = [
        {
            "input": "Q",
            "actual_output": "A",
            "expected_output": "E",
            "context": ["c1", "c2"],
            "retrieval_context": ["r"],
            "additional_metadata": {"topic": "t"},
            "source_file": "doc.pdf",
        },
        {"input": "Q2", "expected_output": "E2"},
    ]
    src = tmp_path / "goldens.json"
    src.write_text(json.dumps(goldens), encoding="utf-8")
    out = _via_m365(tmp_path, src, "deepeval", "back.json")
    assert json.loads(out.read_text(encoding="utf-8")) == goldens


def _mixed() -> Dataset:
    return Dataset(
        cases=[
            Case(
                id="t1",
                category="billing",
                turns=[
                    Turn(
                        prompt="P",
                        expected_response="E",
                        context="c1\n\nc2",
                        evaluators={"PartialMatch": {"case_sensitive": True}, "Relevance": {}},
                    )
                ],
                extra={"source": "kb"},
            ),
            Case(turns=[Turn(prompt="P2", expected_response="E2")]),
            Case(kind="conversation", turns=[Turn(prompt="a"), Turn(prompt="b")]),
            Case(kind="seed", seed=Seed(description="simulate")),
        ]
    )


def test_promptfoo_writer_from_other_formats(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    res = write_dataset(_mixed(), out, "promptfoo")
    rows = _csv_rows(out)
    assert rows[0]["prompt"] == "P" and rows[0]["context"] == "c1\n\nc2"
    assert rows[0]["__expected"] == "contains:E"
    assert rows[0]["__metadata:source"] == "kb"
    assert rows[0]["__metadata:id"] == "t1" and rows[0]["__metadata:category"] == "billing"
    assert rows[1]["__expected"] == "similar:E2"
    assert json.loads(rows[0]["__metadata:datasetkit"])["turns"] == [
        {"evaluators": {"Relevance": {}}}
    ]
    codes = {f.code: f.data["count"] for f in res.findings}
    assert codes["promptfoo.write.conversation"] == 1
    assert codes["promptfoo.write.seed"] == 1
    assert codes["promptfoo.write.evaluators"] == 1
    back = read_dataset(str(out)).dataset.cases
    assert back[0].id == "t1" and back[0].category == "billing"
    assert back[0].turns[0].evaluators == {"PartialMatch": {"case_sensitive": True}}
    assert back[0].extensions["datasetkit"]["turns"][0]["evaluators"] == {"Relevance": {}}
    assert back[1].turns[0].expected_response == "E2"


def test_ragas_and_deepeval_writers_from_other_formats(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    res = write_dataset(_mixed(), out, "ragas")
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    # The evaluators have no Ragas field: they travel in the carry, not lost.
    carry = {"v": 1, "turns": [{"evaluators": _mixed().cases[0].turns[0].evaluators}]}
    assert lines[0] == {
        "user_input": "P",
        "reference_contexts": ["c1", "c2"],
        "reference": "E",
        "source": "kb",
        "id": "t1",
        "category": "billing",
        "datasetkit": carry,
    }
    assert len(lines) == 2
    assert {f.code for f in res.findings} == {"ragas.write.conversation", "ragas.write.seed"}
    out = tmp_path / "g.json"
    res = write_dataset(_mixed(), out, "deepeval")
    goldens = json.loads(out.read_text(encoding="utf-8"))
    assert goldens[0] == {
        "input": "P",
        "expected_output": "E",
        "context": ["c1", "c2"],
        "additional_metadata": {
            "source": "kb",
            "id": "t1",
            "category": "billing",
            "datasetkit": carry,
        },
    }
    assert goldens[1] == {"input": "P2", "expected_output": "E2"}
    assert {f.code for f in res.findings} == {"deepeval.write.conversation", "deepeval.write.seed"}


def test_cross_peer_conversion_keeps_extra(tmp_path: Path) -> None:
    src = tmp_path / "tests.csv"
    src.write_text(PROMPTFOO, encoding="utf-8")
    mid = tmp_path / "g.json"
    assert convert([str(src)], str(mid), target="deepeval").ok
    out = tmp_path / "back.csv"
    assert convert([str(mid)], str(out), target="promptfoo").ok
    assert _csv_rows(out) == _csv_rows(src)


def test_a_ragas_context_that_cannot_be_split_back_is_written_once(tmp_path: Path) -> None:
    src = tmp_path / "testset.jsonl"
    rows = [
        {"user_input": "Q?", "reference_contexts": ["para 1\n\npara 2"], "reference": "A"},
        {"user_input": "R?", "reference_contexts": ["one", "two"], "reference": "B"},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    convert([str(src)], str(out), target="foundry")
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["query"], r["context"]) for r in written] == [
        ("Q?", "para 1\n\npara 2"),
        ("R?", "one\n\ntwo"),
    ]
    # The context is in the row once: no raw reference_contexts beside it.
    assert [json.dumps(r).count("para 1") for r in written] == [1, 0]
    assert all("reference_contexts" not in r for r in written)
    back = tmp_path / "back.jsonl"
    convert([str(src)], str(back), target="ragas")
    again = [json.loads(line) for line in back.read_text(encoding="utf-8").splitlines()]
    assert [r["reference_contexts"] for r in again] == [r["reference_contexts"] for r in rows]


def test_a_chat_history_read_as_turns_is_a_column_again_for_single_prompts(
    tmp_path: Path,
) -> None:
    history = [{"inputs": {"question": "boots?"}, "outputs": {"answer": "Yes."}}]
    src = tmp_path / "chat.jsonl"
    row = {"question": "and tents?", "chat_history": history, "ground_truth": "Two."}
    src.write_text(json.dumps(row) + "\n", encoding="utf-8")
    m365 = tmp_path / "out.json"
    convert([str(src)], str(m365), target="m365")
    (item,) = json.loads(m365.read_text(encoding="utf-8"))["items"]
    assert [t["prompt"] for t in item["turns"]] == ["boots?", "and tents?"]
    out = tmp_path / "out.csv"
    result = convert([str(src)], str(out), target="promptfoo")
    (written,) = _csv_rows(out)
    assert "and tents?" in written.values()
    assert [json.loads(v) for k, v in written.items() if "chat_history" in k] == [history]
    assert not [f for f in result.loss if "conversation" in f.code]


def test_a_history_column_comes_back_under_its_own_name(tmp_path: Path) -> None:
    history = [{"role": "user", "content": "boots?"}, {"role": "assistant", "content": "Yes."}]
    src = tmp_path / "chat.jsonl"
    row = {"question": "and tents?", "conversation_history": history, "expected_answer": "Two."}
    src.write_text(json.dumps(row) + "\n", encoding="utf-8")
    m365 = tmp_path / "out.json"
    convert([str(src)], str(m365), target="m365")
    # The earlier turns are in the document once, as turns.
    assert m365.read_text(encoding="utf-8").count("boots?") == 1
    out = tmp_path / "out.jsonl"
    convert([str(m365)], str(out), target="ragas")
    (written,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert written["user_input"] == "and tents?" and written["reference"] == "Two."
    assert history in written.values() or written.get("conversation_history") == history
