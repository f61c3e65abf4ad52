"""JSON Pointer building: escaping per RFC 6901, the same for every kind of token."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from datasetkit.core.jsonloc import escape_token, pointer_join, split_pointer


def test_pointer_join_escapes_and_numbers():
    assert pointer_join("/items", 3, "prompt") == "/items/3/prompt"
    assert pointer_join("", "a/b", "c~d", 0) == "/a~1b/c~0d/0"
    assert pointer_join("/x") == "/x"


@given(st.lists(st.one_of(st.text(), st.integers(min_value=0)), max_size=5))
def test_pointer_join_round_trips(tokens):
    pointer = pointer_join("", *tokens)
    assert pointer == "".join("/" + escape_token(str(t)) for t in tokens)
    assert split_pointer(pointer) == [str(t) for t in tokens]


@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.integers()), max_size=6))
def test_object_hook_keeps_json_semantics(pairs):
    import json

    from datasetkit.core.jsonloc import parse_json

    text = "{" + ", ".join(f'"{k}": {v}' for k, v in pairs) + "}"
    parsed = parse_json(text.encode(), "x.json")
    assert parsed.value == json.loads(text)
    assert list(parsed.value) == list(json.loads(text))
    dup = len({k for k, _ in pairs}) != len(pairs)
    assert any("duplicate" in f.code or "duplicate" in f.message for f in parsed.findings) == dup
