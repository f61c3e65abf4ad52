"""Real peer files (wild/peer, prompt flow samples) convert to M365 with prompts and answers in place.

The expected values come from parsing each source file here, independently of the readers.
"""

from __future__ import annotations

import ast
import csv
import io
import json
from pathlib import Path

import pytest

from datasetkit import formats
from datasetkit.convert.entry import convert
from datasetkit.formats import InputFile
from tests.conftest import CORPUS

PEER = CORPUS / "wild" / "peer"
FLOW = CORPUS / "wild" / "foundry"
pytestmark = pytest.mark.corpus


def _csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _items(tmp_path: Path, src: Path) -> list[dict]:
    out = tmp_path / (src.name + ".json")
    result = convert([str(src)], str(out), target="m365")
    assert result.ok, (result.errors, result.input_findings)
    return json.loads(out.read_text(encoding="utf-8"))["items"]


def _expected_pairs(src: Path) -> tuple[str, list[tuple[str, str | None]]]:
    """(format, [(prompt, expected)]) parsed straight from the file."""
    name = src.name
    if name.startswith("promptfoo__") and "rubric" in name:
        return "promptfoo", [(r["customer_message"], None) for r in _csv(src)]
    if name.startswith("promptfoo__"):
        return "promptfoo", [(r["body"], r["__expected"].split(":", 1)[1]) for r in _csv(src)]
    if "ragas" in name:
        return "ragas", [(r["question"], r["ground_truth"]) for r in _csv(src)]
    if "deep_eval" in name:
        data = json.loads(src.read_text(encoding="utf-8"))
        return "deepeval", [(g["input"], g["expected_output"]) for g in data]
    if name.startswith("openai__evals"):
        rows = _jsonl(src)
        return "openai-evals", [
            ([m for m in r["input"] if m["role"] == "user"][-1]["content"], r["ideal"])
            for r in rows
        ]
    raise AssertionError(name)


def _text(value: object) -> str:
    # Context is text: list items joined by a blank line, objects as their JSON text.
    if isinstance(value, list):
        return "\n\n".join(_text(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


PEER_FILES = [
    "promptfoo__promptfoo__simple-csv-tests.csv",
    "promptfoo__promptfoo__eval-customer-support-rubric-tests.csv",
    "AI-Maker-Space__DataRepository__ragas-testset.csv",
    "anand-kamble__ragas_testset_generation__testset.csv",
    "S1ckBoy171__revnyx_deep_eval__goldens.json",
    "openai__evals__test_match-samples.jsonl",
]


@pytest.mark.parametrize("name", PEER_FILES)
def test_peer_file_to_m365(tmp_path: Path, name: str) -> None:
    src = PEER / name
    fmt, pairs = _expected_pairs(src)
    assert formats.detect(InputFile(str(src))).name == fmt
    items = _items(tmp_path, src)
    assert [(i["prompt"], i.get("expected_response")) for i in items] == pairs


def test_rubric_reply_is_the_recorded_response(tmp_path: Path) -> None:
    src = PEER / "promptfoo__promptfoo__eval-customer-support-rubric-tests.csv"
    rows = _csv(src)
    items = _items(tmp_path, src)
    assert [i["response"] for i in items] == [r["reply"] for r in rows]
    assert [i["context"] for i in items] == [r["context"] for r in rows]


def test_ragas_contexts_are_joined_chunks(tmp_path: Path) -> None:
    src = PEER / "AI-Maker-Space__DataRepository__ragas-testset.csv"
    rows = _csv(src)
    items = _items(tmp_path, src)
    assert [i["context"] for i in items] == [
        "\n\n".join(ast.literal_eval(r["contexts"])) for r in rows
    ]


def test_plain_qa_sheets_stay_with_the_sheet_reader() -> None:
    for name in (
        "HrutuBhatt__QnA_from_pdf__qa_data.csv",
        "PriyankaThole1905__hr-chatbot-ksb__faq.xlsx",
    ):
        assert formats.detect(InputFile(str(PEER / name))).name == "sheet"


def test_promptflow_files(tmp_path: Path) -> None:
    rag = FLOW / "microsoft__promptflow__eval-qna-rag-metrics-data.jsonl"
    rows = _jsonl(rag)
    assert formats.detect(InputFile(str(rag))).name == "promptflow"
    items = _items(tmp_path, rag)
    assert [(i["prompt"], i["response"], i["context"]) for i in items] == [
        (r["question"], r["answer"], _text(r["documents"])) for r in rows
    ]
    chat = FLOW / "microsoft__promptflow__chat_sample_data.jsonl"
    rows = _jsonl(chat)
    threads = _items(tmp_path, chat)
    assert [[t["prompt"] for t in th["turns"]] for th in threads] == [
        [m["content"] for m in r["messages"] if m["role"] == "user"] for r in rows
    ]


@pytest.mark.parametrize(
    ("name", "to"),
    [
        ("promptfoo__promptfoo__simple-csv-tests.csv", "promptfoo"),
        ("promptfoo__promptfoo__eval-customer-support-rubric-tests.csv", "promptfoo"),
        ("S1ckBoy171__revnyx_deep_eval__goldens.json", "deepeval"),
    ],
)
def test_corpus_round_trip_through_m365(tmp_path: Path, name: str, to: str) -> None:
    src = PEER / name
    mid = tmp_path / "mid.json"
    assert convert([str(src)], str(mid), target="m365").ok
    out = tmp_path / ("back" + src.suffix)
    assert convert([str(mid)], str(out), target=to).ok
    if to == "promptfoo":
        assert _csv(out) == _csv(src)
    else:
        assert json.loads(out.read_text(encoding="utf-8")) == json.loads(
            src.read_text(encoding="utf-8")
        )
