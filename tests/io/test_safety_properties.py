"""Property-based tests: every reader, on any input, gives findings, never an exception.

For each reader, hypothesis builds inputs two ways: structured (documents of the
format with arbitrary values, keys and nesting) and by mutating a corpus file (bytes
inserted, deleted or replaced; for Office files, inside one zip part so the XML
parsers see it). The property: the public path the CLI uses returns (an explained
finding at worst), the bug-report fallback does not fire, and it finishes quickly.
Example counts are small and fixed so the whole module stays within about a minute.
"""

from __future__ import annotations

import io
import json
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from datasetkit.io import safety
from datasetkit.knowledge.guard import Limits
from datasetkit.knowledge.loader import load_file
from datasetkit.lint.engine import lint_file
from tests.conftest import CORPUS

FAST = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SLOW = settings(FAST, max_examples=15)
PER_INPUT_SECONDS = 20

pytestmark = pytest.mark.corpus


def _seed(rel: str) -> bytes:
    return (CORPUS / rel).read_bytes() if CORPUS.is_dir() else b""


SEEDS = {
    "m365": "m365/m365-copilot-eval__multiturn_example.json",
    "foundry-jsonl": "foundry/azureai-samples__evaluation_data.jsonl",
    "foundry-csv": "foundry/azure-sdk-for-python__test_csv_quotes.csv",
    "copilot-studio-csv": "copilot-studio/copilotstudiosamples__test_cases.csv",
    "copilot-studio-txt": "copilot-studio/copilotstudiosamples__input.txt",
    "xlsx": "copilot-studio/copilot-studio-agents__evaluation-scorecard.xlsx",
    "docx": "knowledge/Sales_KPI_OKR_Report_May2025.docx",
    "pdf": "knowledge/PerksPlus.pdf",
    "txt": "copilot-studio/copilotstudiosamples__input.txt",
}

# Values that broke readers before, mixed into generated documents.
HOSTILE_TEXT = st.sampled_from(
    ["\ud800", '=HYPERLINK("http://x")', "a\rb", "\x00", "e" * 400, "", " ", "\ufeff"]
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    HOSTILE_TEXT,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)


def _dumps(value: object) -> bytes:
    # ensure_ascii keeps lone surrogates as \\ud800 escapes, as a hostile file has them.
    return json.dumps(value, ensure_ascii=True, allow_nan=True).encode()


@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    """``seed`` with a few byte-level edits."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "truncate"]))
        if op == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=16))
        elif op == "delete":
            del data[pos : pos + draw(st.integers(1, 64))]
        elif op == "replace" and data:
            data[min(pos, len(data) - 1)] = draw(st.integers(0, 255))
        else:
            del data[pos:]
    return bytes(data)


@st.composite
def zip_mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    """An Office file with one part damaged (or dropped), rezipped so it opens."""
    with zipfile.ZipFile(io.BytesIO(seed)) as zf:
        parts = [(i.filename, zf.read(i)) for i in zf.infolist()]
    hit = draw(st.integers(0, len(parts) - 1))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, (name, body) in enumerate(parts):
            if n == hit:
                if draw(st.booleans()) and len(parts) > 1 and draw(st.integers(0, 9)) == 0:
                    continue
                body = draw(mutated(body[:200_000]))
            zf.writestr(name, body)
    return out.getvalue()


def _check(tmp_path: Path, name: str, data: bytes, run) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    before = len(safety.FALLBACKS)
    start = time.monotonic()
    run(str(path))
    assert time.monotonic() - start < PER_INPUT_SECONDS
    assert safety.FALLBACKS[before:] == [], safety.FALLBACKS[before:]


def _lint(fmt: str | None):
    return lambda path: lint_file(path, fmt)


def _knowledge(path: str) -> None:
    load_file(path, limits=Limits(max_seconds=PER_INPUT_SECONDS / 2))


# --- M365 JSON ---------------------------------------------------------------------


@FAST
@given(
    items=st.lists(
        st.dictionaries(
            st.sampled_from(["prompt", "expected_response", "evaluators", "turns", "id", "x"]),
            json_values,
            max_size=4,
        ),
        max_size=3,
    ),
    top=st.dictionaries(
        st.sampled_from(["schemaVersion", "default_evaluators", "metadata", "items", "zz"]),
        json_values,
        max_size=3,
    ),
)
def test_m365_structured(tmp_path_factory, items, top):
    doc = {"schemaVersion": "1.11.0", "items": items, **top}
    _check(tmp_path_factory.mktemp("p"), "d.json", _dumps(doc), _lint("m365"))


@FAST
@given(data=mutated(_seed(SEEDS["m365"])))
def test_m365_mutated(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.json", data, _lint(None))


# --- Foundry JSONL and CSV ---------------------------------------------------------


@FAST
@given(
    rows=st.lists(
        st.one_of(
            json_values,
            st.dictionaries(
                st.sampled_from(
                    ["query", "response", "messages", "context", "ground_truth", "tool_calls"]
                ),
                json_values,
                max_size=4,
            ),
        ),
        max_size=4,
    ),
    depth=st.sampled_from([0, 0, 3000]),
)
def test_foundry_jsonl_structured(tmp_path_factory, rows, depth):
    lines = [_dumps(r) for r in rows]
    if depth:
        lines.append(b'{"query": ' + b"[" * depth + b"]" * depth + b"}")
    _check(tmp_path_factory.mktemp("p"), "d.jsonl", b"\n".join(lines), _lint("foundry"))


@FAST
@given(data=mutated(_seed(SEEDS["foundry-jsonl"])))
def test_foundry_jsonl_mutated(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.jsonl", data, _lint(None))


@FAST
@given(
    cells=st.lists(
        st.lists(st.one_of(st.text(max_size=30), HOSTILE_TEXT), min_size=1, max_size=4), max_size=5
    ),
    encoding=st.sampled_from(["utf-8", "utf-16", "cp1252", "utf-8-sig"]),
    cut=st.booleans(),
)
def test_foundry_csv_structured(tmp_path_factory, cells, encoding, cut):
    import csv

    buf = io.StringIO()
    csv.writer(buf).writerows([["query", "response", "context"], *cells])
    data = buf.getvalue().encode(
        encoding, errors="surrogatepass" if "utf" in encoding else "replace"
    )
    _check(tmp_path_factory.mktemp("p"), "d.csv", data[:-1] if cut else data, _lint("foundry-csv"))


@FAST
@given(data=mutated(_seed(SEEDS["foundry-csv"])))
def test_foundry_csv_mutated(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.csv", data, _lint(None))


# --- Copilot Studio CSV and TXT ----------------------------------------------------


@FAST
@given(data=mutated(_seed(SEEDS["copilot-studio-csv"])))
def test_copilot_studio_csv_mutated(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.csv", data, _lint("copilot-studio"))


@FAST
@given(
    lines=st.lists(st.one_of(st.text(max_size=80), HOSTILE_TEXT), max_size=8),
    encoding=st.sampled_from(["utf-8", "utf-16-le", "utf-8-sig"]),
)
def test_copilot_studio_txt_structured(tmp_path_factory, lines, encoding):
    data = "\n".join(lines).encode(encoding, errors="surrogatepass")
    _check(tmp_path_factory.mktemp("p"), "d.txt", data, _lint("copilot-studio"))


@FAST
@given(data=mutated(_seed(SEEDS["copilot-studio-txt"])))
def test_copilot_studio_txt_mutated(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.txt", data, _lint(None))


# --- Office, PDF and text knowledge ------------------------------------------------


@SLOW
@given(data=zip_mutated(_seed(SEEDS["xlsx"])))
def test_xlsx_both_paths(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("p")
    _check(folder, "d.xlsx", data, _lint(None))
    _check(folder, "d.xlsx", data, _knowledge)


@SLOW
@given(data=st.one_of(zip_mutated(_seed(SEEDS["docx"])), mutated(_seed(SEEDS["docx"]))))
def test_docx(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.docx", data, _knowledge)


@settings(SLOW, max_examples=6)
@given(data=mutated(_seed(SEEDS["pdf"])))
def test_pdf(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.pdf", data, _knowledge)


@FAST
@given(data=st.one_of(mutated(_seed(SEEDS["txt"])), st.binary(max_size=400)))
def test_txt_knowledge(tmp_path_factory, data):
    _check(tmp_path_factory.mktemp("p"), "d.txt", data, _knowledge)
