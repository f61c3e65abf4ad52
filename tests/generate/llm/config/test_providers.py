"""The providers the LLM engine registers, and the generators they build."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.llm.config.providers import register
from tests.helpers.llm_helpers import TEST_KEY


def test_register_adds_three_providers_that_build_generators(tmp_path: Path, monkeypatch) -> None:
    providers: dict = {}
    register(providers)
    assert set(providers) == {"openai", "azure", "compatible"}
    monkeypatch.setenv("OPENAI_API_KEY", TEST_KEY)
    gen = providers["openai"](
        model="gpt-4o-mini", cwd=str(tmp_path), question_types="lookup,comparison"
    )
    assert gen.settings.provider == "openai" and gen.options.question_types == [
        "lookup",
        "comparison",
    ]
