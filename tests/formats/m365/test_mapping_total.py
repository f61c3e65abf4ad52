"""Whether building the model of an M365 document fails is known without building it.

``validate`` asks ``shape.model_rejects`` instead of building the model (and importing
pydantic), since a value the model rejects is a finding when nothing else reports it.
Arbitrary JSON values are placed in every field of the root, of items and of threads
and their turns; the prediction must match the build both ways.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from datasetkit.core.jsonloc import parse_json
from datasetkit.formats import NO_DATASET, InputFile, ReadOptions, get
from datasetkit.formats.m365.mapping import to_dataset
from datasetkit.formats.m365.shape import model_rejects
from datasetkit.formats.m365.spec import OUTPUT_FIELDS, ROOT_FIELDS, THREAD_FIELDS
from tests.conftest import HAVE_CORPUS, NO_CORPUS, corpus_files

TURN_KEYS = (
    "prompt",
    "expected_response",
    "context",
    "response",
    "evaluators",
    "evaluators_mode",
    "allowed_tools",
    "allowed_tools_mode",
    "tags",
    "extensions",
    "testId",
    "id",
    "category",
    "notes",
    *OUTPUT_FIELDS,
)

# Lone surrogates included: json reads "\ud800" into such a string.
TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=5)
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | TEXT
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
# Values shaped like a field's own type, wrong inside (lists of non-strings, objects of
# non-objects), as often as arbitrary ones.
NEAR = st.lists(JSON, max_size=3) | st.dictionaries(TEXT, JSON, max_size=3)
VALUE = JSON | NEAR


def _fields(keys: tuple[str, ...] | frozenset[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(sorted(keys)) | TEXT, VALUE, max_size=6)


TURN = _fields(TURN_KEYS)
THREAD = st.builds(
    lambda fields, turns: {**fields, "turns": turns},
    _fields(frozenset(THREAD_FIELDS) | {"testId", "category", "notes"}),
    st.lists(TURN | JSON, max_size=3),
)
DOCUMENT = st.builds(
    lambda root, items: {**root, "items": items},
    _fields(frozenset(ROOT_FIELDS)),
    st.lists(TURN | THREAD | JSON, max_size=4) | JSON,
)


def _builds(doc: dict[str, Any], **kwargs: Any) -> bool:
    try:
        to_dataset(doc, "doc.json", **kwargs)
    except ValidationError:
        return False
    return True


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCUMENT)
def test_model_rejects_predicts_the_build(doc: dict[str, Any]) -> None:
    text = json.dumps(doc)
    parsed = parse_json(text.encode("utf-8", "surrogatepass"), "doc.json")
    assert parsed.ok
    value = parsed.value
    assert _builds(value, parsed=parsed) is not model_rejects(value)
    assert _builds(value, sources=False) is not model_rejects(value)


@pytest.mark.parametrize(
    ("bad", "good"),
    [
        (
            {"items": [{"turns": [{"prompt": "a"}], "tags": ["x", 1]}]},
            {"items": [{"turns": [{"prompt": "a"}], "tags": ["x"]}]},
        ),
        ({"default_evaluators": {"Coherence": False}}, {"default_evaluators": {"Coherence": {}}}),
        ({"default_allowed_tools": ["a", None]}, {"default_allowed_tools": ["a"]}),
    ],
)
def test_each_value_the_model_rejects(bad: dict[str, Any], good: dict[str, Any]) -> None:
    assert model_rejects(bad) and not _builds(bad)
    assert not model_rejects(good) and _builds(good)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCUMENT | JSON, st.sampled_from([None, "1.0.0", "1.11.0", "2.0.0", "9.9.9"]))
def test_validate_finds_what_read_finds(tmp_path_factory: Any, value: Any, version: Any) -> None:
    """Reading (which builds the model) and validating (which does not) find the same."""
    if isinstance(value, dict) and version is not None:
        value = {"schemaVersion": version, **value}
    path = tmp_path_factory.mktemp("doc") / "doc.json"
    path.write_bytes(json.dumps(value).encode("utf-8", "surrogatepass"))
    fmt = get("m365")
    read = fmt.read(InputFile(str(path)))
    checked = fmt.validate(InputFile(str(path)), ReadOptions(extra={NO_DATASET: True}))
    assert [f.code for f in read.findings] == [f.code for f in checked.findings]
    assert read.findings == checked.findings


@pytest.mark.corpus
@pytest.mark.skipif(not HAVE_CORPUS, reason=NO_CORPUS)
@pytest.mark.parametrize("path", corpus_files("", "**/*.json"), ids=lambda p: p.name)
def test_corpus_documents_predicted(path: Any) -> None:
    parsed = parse_json(path.read_bytes(), str(path))
    if parsed.ok and isinstance(parsed.value, dict):
        assert _builds(parsed.value, parsed=parsed) is not model_rejects(parsed.value)
