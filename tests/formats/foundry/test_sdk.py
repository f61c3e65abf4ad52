"""Output datasetkit writes is accepted by the azure-ai-evaluation SDK's loader and validators.

Two judges: the oracle in ``foundry_oracle.py`` (always; written from the spec), and the
real SDK when a Python that can import ``azure.ai.evaluation`` is available: this
interpreter, or the one named by ``DATASETKIT_SDK_PYTHON`` (the SDK pins pandas < 3, so
it usually lives in a venv of its own). The real-SDK test is skipped otherwise.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from datasetkit.convert.entry import convert
from tests.conftest import CORPUS
from tests.helpers.foundry_oracle import file_errors, strict_jsonl


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests write hundreds of files; durability is tested with the io module, not here."""
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


FOUNDRY = CORPUS / "foundry"
M365 = CORPUS / "m365"

# Runs inside the SDK's interpreter: load each file with the SDK's own loader and run the
# validators the evaluators use. Prints {"file": ["error", ...]}.
SDK_SCRIPT = r"""
import json, math, sys
from azure.ai.evaluation._evaluate._utils import DataLoaderFactory
from azure.ai.evaluation._exceptions import ErrorTarget
from azure.ai.evaluation._common.utils import validate_conversation
from azure.ai.evaluation._evaluators._common._validators._conversation_validator import ConversationValidator
from azure.ai.evaluation._evaluators._common._validators._messages_validator import (
    MessagesOrQueryResponseInputValidator,
)
from azure.ai.evaluation._evaluators._common._validators._tool_definitions_validator import (
    ToolDefinitionsValidator,
)

T = ErrorTarget.RELEVANCE_EVALUATOR
out = {}
for path in sys.argv[1:]:
    errs = []
    try:
        frame = DataLoaderFactory.get_loader(path).load()
    except Exception as exc:
        out[path] = ["load: %s" % exc]
        continue
    for i, rec in enumerate(frame.to_dict("records")):
        row = {k: v for k, v in rec.items() if not (isinstance(v, float) and math.isnan(v))}
        try:
            if "test_case_description" in row:
                continue
            defs = row.get("tool_definitions")
            def has_images(msgs):
                return any(
                    isinstance(m.get("content"), list)
                    and any(i.get("type") == "image_url" for i in m["content"])
                    for m in msgs
                )
            if "messages" in row and has_images(row["messages"]):
                # Hoisted into a conversation for the content-safety evaluators (1.18.5+).
                validate_conversation({"messages": row["messages"]})
            elif "messages" in row:
                msgs = row["messages"]
                target_input = msgs and msgs[-1].get("role") == "user" and not any(
                    m.get("role") == "assistant" for m in msgs)
                if not target_input:
                    MessagesOrQueryResponseInputValidator(
                        T, enforce_tool_definitions=bool(defs)
                    ).validate_eval_input({"messages": msgs, "tool_definitions": defs})
                ConversationValidator(T).validate_eval_input({"conversation": {"messages": msgs}})
            elif "conversation" in row:
                conv = row["conversation"]
                if has_images(conv.get("messages", [])):
                    # Multimodal rows are for the content-safety evaluators and their validator.
                    validate_conversation(conv)
                else:
                    ConversationValidator(T).validate_eval_input({"conversation": conv})
            else:
                v = ConversationValidator(T, requires_query="query" in row)
                if "query" in row:
                    e = v._validate_query(row["query"])
                    if e:
                        raise e
                if "response" in row:
                    e = v._validate_response(row["response"])
                    if e:
                        raise e
            if defs:
                e = ToolDefinitionsValidator(T)._validate_tool_definitions(defs)
                if e:
                    raise e
        except Exception as exc:
            errs.append("row %d: %s" % (i, getattr(exc, "message", exc)))
    out[path] = errs
print(json.dumps(out))
"""


def _sdk_python() -> str | None:
    named = os.environ.get("DATASETKIT_SDK_PYTHON")
    if named:
        return named
    if importlib.util.find_spec("azure") and importlib.util.find_spec("azure.ai.evaluation"):
        return sys.executable
    return None


def _outputs(tmp_path: Path) -> list[Path]:
    """datasetkit's Foundry output for every corpus file it can convert."""
    written: list[Path] = []
    sources = sorted(FOUNDRY.glob("*.jsonl")) + sorted(FOUNDRY.glob("*.csv"))
    sources += [p for p in sorted(M365.glob("*.json")) if "results" not in p.name]
    for n, src in enumerate(sources):
        for style in ("auto", "messages", "query-response"):
            out = tmp_path / f"{n:02d}-{style}-{src.stem}.jsonl"
            result = convert([str(src)], str(out), target="foundry", write_options=_opts(style))
            written.extend(result.paths)
        out = tmp_path / f"{n:02d}-{src.stem}.csv"
        written.extend(convert([str(src)], str(out), target="foundry-csv").paths)
    return written


def _opts(style: str):
    from datasetkit.formats import WriteOptions

    return WriteOptions(extra={"jsonl_style": style})


@pytest.mark.corpus
def test_every_output_passes_the_oracle(tmp_path: Path) -> None:
    written = _outputs(tmp_path)
    # Every corpus file yields output in every style (CSV only where a case fits a row).
    assert len([p for p in written if p.suffix == ".jsonl"]) >= 3 * 30
    for path in written:
        assert file_errors(path) == [], path.name
        if path.suffix == ".jsonl":
            assert strict_jsonl(path) == [], path.name


@pytest.mark.corpus
def test_oracle_agrees_with_the_manifest_on_raw_corpus_files() -> None:
    # The corpus manifest records what SDK 1.18.10 did with these files.
    assert (
        file_errors(FOUNDRY / "azure-sdk-for-python__sample_data_multiturn_conversations.jsonl")
        == []
    )
    bad = file_errors(
        FOUNDRY / "azure-sdk-for-python__sample_data_multiturn_conversations.pypi-2.10.0.jsonl"
    )
    assert bad == [
        "row 1: The 'content' field must be a string or a list of dictionaries messages."
    ]
    nested = file_errors(FOUNDRY / "azure-sdk-for-python__sample_synthetic_conversations.jsonl")
    assert nested and "must contain a 'name' field" in nested[0]
    array = file_errors(FOUNDRY / "azureai-samples__Azure_OpenAI_Graders-data.jsonl")
    assert array and "Expected object or value" in array[0]
    # pandas accepts raw newlines inside strings (2 rows), which strict JSONL forbids.
    assert file_errors(FOUNDRY / "azureai-samples__ungrounded_attr_data.jsonl") == []


@pytest.mark.skipif(
    _sdk_python() is None, reason="azure-ai-evaluation is not installed (set DATASETKIT_SDK_PYTHON)"
)
def test_every_output_passes_the_real_sdk(tmp_path: Path) -> None:
    written = _outputs(tmp_path)
    python = _sdk_python()
    assert python is not None
    proc = subprocess.run(
        [python, "-c", SDK_SCRIPT, *map(str, written)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    rejected = {Path(k).name: v for k, v in results.items() if v}
    assert rejected == {}
    assert len(results) == len(written)


@pytest.mark.skipif(
    _sdk_python() is None, reason="azure-ai-evaluation is not installed (set DATASETKIT_SDK_PYTHON)"
)
def test_real_sdk_rejects_what_datasetkit_flags() -> None:
    # The judge is real: the raw Chat Completions file fails it, as datasetkit reports.
    python = _sdk_python()
    assert python is not None
    raw = FOUNDRY / "azure-sdk-for-python__sample_data_multiturn_conversations.pypi-2.10.0.jsonl"
    proc = subprocess.run(
        [python, "-c", SDK_SCRIPT, str(raw)], capture_output=True, text=True, timeout=300
    )
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    assert results[str(raw)] == [
        "row 1: The 'content' field must be a string or a list of dictionaries messages."
    ]
