"""The reply shapes in their strict structured-output form."""

from __future__ import annotations

import json

from datasetkit.generate.llm.prompts import templates as prompts


def test_strict_schema_lists_every_property_as_required() -> None:
    schema = prompts.strict_schema(prompts.ConversationOut)
    assert schema["additionalProperties"] is False
    turn = schema["properties"]["turns"]["items"]
    assert set(turn["required"]) == {"move", "user", "expected_response", "evidence"}
    assert turn["additionalProperties"] is False and "$ref" not in json.dumps(schema)
