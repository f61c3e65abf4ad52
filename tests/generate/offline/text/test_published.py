"""A sentence that gives the web address where something is available is asked where."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.text.published import where_published
from tests.helpers.offline_prompts import offline_prompts

README = """# Tern Indexer

## Overview

Tern Indexer builds search indexes over document collections for question answering.

## Resources

The source code and the evaluation scripts have been released at https://example.org/tern/code.

An OpenAPI schema is available at http://localhost:8080/openapi.json when the service runs locally.
"""


def test_where_a_thing_is_published_is_asked(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "readme.md", README, 10)
    assert any(
        p.startswith("Where have the source code and the evaluation scripts been released")
        for p in prompts
    ), prompts
    assert any(p.startswith("Where can I find the OpenAPI schema") for p in prompts), prompts


def test_a_subject_that_points_back_is_not_asked() -> None:
    assert where_published("Our code is available at https://example.org/code.") is None
    assert where_published("This is available at https://example.org/x.") is None
    found = where_published("2 The data has been published at https://example.org/data.")
    assert found is not None and found.answer.startswith("The data has been published")


def test_what_is_available_is_asked_where_to_find_it_in_running_words() -> None:
    found = where_published(
        "Instructions for submitting vendor evaluations are available at https://example.org/e."
    )
    assert found is not None
    assert found.question == "Where can I find instructions for submitting vendor evaluations?"
    named = where_published("DPR models have been released at https://example.org/dpr.")
    assert named is not None and named.question == "Where have DPR models been released?"
