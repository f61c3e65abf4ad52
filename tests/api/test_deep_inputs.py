"""Every public entry raises the library's error (or reports a finding), never
RecursionError or OSError, whatever the depth or the type of what it is given."""

from __future__ import annotations

import io
from typing import Any

import pytest

import datasetkit
from datasetkit import DatasetkitError

DEEP_ARRAY = "[" * 3000 + "]" * 3000
DEEP_OBJECT = '{"a":' * 3000 + "1" + "}" * 3000


def _nested(levels: int) -> Any:
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


INPUTS = {
    "str": lambda: DEEP_ARRAY,
    "object-str": lambda: DEEP_OBJECT,
    "bytes": lambda: DEEP_ARRAY.encode(),
    "bytes-file": lambda: io.BytesIO(DEEP_ARRAY.encode()),
    "text-file": lambda: io.StringIO(DEEP_OBJECT),
}


@pytest.mark.parametrize("kind", sorted(INPUTS))
@pytest.mark.parametrize("call", ["load", "loads", "iter_cases"])
def test_deep_json_in_memory_is_the_library_error(call: str, kind: str) -> None:
    value = INPUTS[kind]()
    if call == "loads" and not isinstance(value, (str, bytes)):
        value = value.read()
    if call == "iter_cases":  # an error finding, or the error
        findings: list[Any] = []
        try:
            assert list(datasetkit.iter_cases(value, findings=findings)) == []
        except DatasetkitError:
            return
        assert [f for f in findings if f.severity == "error"], findings
        return
    with pytest.raises(DatasetkitError):
        getattr(datasetkit, call)(value)


@pytest.mark.parametrize("call", ["validate", "lint"])
@pytest.mark.parametrize(
    "value",
    [_nested(3000), {"items": [{"prompt": "Hi?", "x": _nested(3000)}]}],
    ids=["list", "in-an-item"],
)
def test_deeply_nested_python_objects_are_the_library_error(call: str, value: Any) -> None:
    with pytest.raises(DatasetkitError, match="nested too deeply"):
        getattr(datasetkit, call)(value)


@pytest.mark.parametrize("call", ["validate", "lint"])
def test_json_text_too_long_for_a_path_is_the_library_error(call: str) -> None:
    with pytest.raises(DatasetkitError, match=r"JSON text|looked up"):
        getattr(datasetkit, call)(DEEP_ARRAY)
    with pytest.raises(DatasetkitError, match="cannot be looked up as a path"):
        getattr(datasetkit, call)("x" * 5000)
