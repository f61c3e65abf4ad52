"""The fast schema verdict never contradicts jsonschema, and sparse validation gives
exactly jsonschema's errors (same order, paths, messages), on the corpus, on the
templates and on many mutated copies of them."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from datasetkit.formats.m365 import versions
from datasetkit.formats.m365.schemacheck import Compiled, compile_schema, schema_errors
from datasetkit.formats.m365.validator import fast_validator
from tests.conftest import CORPUS, ROOT

DOCS = sorted(p for p in (CORPUS / "m365").glob("*.json*") if p.suffix != ".md") + sorted(
    (ROOT / "templates").glob("*.json")
)
VERSIONS = list(versions.KNOWN_VERSIONS)


def _load(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except ValueError:
        return None


def _signature(errors):
    return [
        (
            list(e.absolute_path),
            list(e.absolute_schema_path),
            e.validator,
            e.message,
            [(list(c.absolute_path), c.message) for c in e.context or []],
        )
        for e in errors
    ]


_ODD = [None, 0, 1, 1.0, 2.5, -3, True, False, "", "x", "Similarity", [], ["a"], {}, {"a": 1}]


def _mutate(value, rng: random.Random):
    """A copy of a JSON value with one random change somewhere inside."""
    if isinstance(value, dict) and value and rng.random() < 0.85:
        out = dict(value)
        key = rng.choice(sorted(out))
        how = rng.randrange(6)
        if how == 0:
            del out[key]
        elif how == 1:
            out[key] = rng.choice(_ODD)
        elif how == 2:
            out[rng.choice(["notes", "turns", "prompt", "evaluators", key + "_x"])] = rng.choice(
                _ODD
            )
        else:
            out[key] = _mutate(out[key], rng)
        return out
    if isinstance(value, list) and value and rng.random() < 0.85:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        if rng.random() < 0.2:
            del out_list[i]
        else:
            out_list[i] = _mutate(out_list[i], rng)
        return out_list
    return rng.choice(_ODD)


def _check_verdict(check, schema_validator, value):
    verdict = check(value)
    if verdict is None:
        return
    has_errors = any(True for _ in schema_validator.iter_errors(value))
    assert verdict == (not has_errors), value


@pytest.mark.parametrize("version", VERSIONS)
def test_verdicts_agree_with_jsonschema(version):
    validator = fast_validator(version)
    compiled = Compiled(validator.schema)
    item_validator = validator.evolve(schema=validator.schema["properties"]["items"]["items"])
    rng = random.Random(version)
    decided = 0
    for path in DOCS:
        doc = _load(path)
        if not isinstance(doc, dict):
            continue
        _check_verdict(compiled.doc, validator, doc)
        items = doc.get("items") if isinstance(doc.get("items"), list) else []
        for item in items:
            for _ in range(6):
                mutated = _mutate(item, rng)
                _check_verdict(compiled.item, item_validator, mutated)
                decided += compiled.item(mutated) is not None
        for _ in range(10):
            _check_verdict(compiled.doc, validator, _mutate(doc, rng))
    assert decided  # the fast path decides most items


@pytest.mark.parametrize("version", ["1.11.0", VERSIONS[0], VERSIONS[-1]])
def test_sparse_errors_are_jsonschemas(version):
    validator = fast_validator(version)
    rng = random.Random(7)
    for path in DOCS:
        doc = _load(path)
        if doc is None:
            continue
        for k in range(8):
            mutated = copy.deepcopy(doc)
            if k and isinstance(mutated, dict) and isinstance(mutated.get("items"), list):
                for _ in range(k):
                    if mutated["items"]:
                        i = rng.randrange(len(mutated["items"]))
                        mutated["items"][i] = _mutate(mutated["items"][i], rng)
            elif k:
                mutated = _mutate(mutated, rng)
            full = list(validator.iter_errors(mutated))
            fast = schema_errors(version, validator.schema, mutated, lambda: validator)
            assert _signature(fast) == _signature(full), path.name


def test_boolean_and_unknown_keywords_are_unsure():
    assert compile_schema(True)(1) is True
    assert compile_schema(False)(1) is False
    assert compile_schema({"uniqueItems": True})([1, 1]) is None
    assert compile_schema({"type": "integer"})(1.0) is True
    assert compile_schema({"type": "integer"})(True) is False
    assert compile_schema({"enum": ["a", 1]})(True) is None
    assert compile_schema({"format": "uri"})("x") is None
