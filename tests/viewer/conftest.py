"""Datasets the review page's tests open: a hand-written Foundry file and a generated set."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT

# One record per line, spaced as people write JSON: a save must keep untouched lines as they are.
FOUNDRY_ROWS = [
    {"query": "How many days do I have to return an unopened item?", "ground_truth": "30 days."},
    {"query": "Tell me about returns", "ground_truth": "Returns are accepted within 30 days."},
    {"query": "Who pays for the return label?", "ground_truth": "Contoso pays it."},
    {"query": "Can I return a gift card?", "ground_truth": "No, gift cards cannot be returned."},
]


def write_foundry(path: Path) -> Path:
    """The hand-written Foundry file (its second prompt is vague: a lint finding)."""
    path.write_text("".join(json.dumps(r) + "\n" for r in FOUNDRY_ROWS), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def generated_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``kb/`` (the example knowledge) and ``gen.jsonl``, generated from it
    offline with relative paths (so the page shows the same names wherever it runs)."""
    from datasetkit.generate.options import GenerateOptions
    from datasetkit.generate.run import generate_knowledge

    folder = tmp_path_factory.mktemp("generated")
    shutil.copytree(ROOT / "examples" / "knowledge", folder / "kb")
    here = os.getcwd()
    os.chdir(folder)
    try:
        outcome = generate_knowledge(
            GenerateOptions(files=["kb"], output="gen.jsonl", count=6, seed=1)
        )
    finally:
        os.chdir(here)
    assert outcome.paths, outcome.write_findings
    return folder


@pytest.fixture()
def review_folder(generated_set: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the generated set and the Foundry file, as the working directory."""
    folder = tmp_path / "review"
    shutil.copytree(generated_set, folder)
    write_foundry(folder / "foundry.jsonl")
    monkeypatch.chdir(folder)
    return folder
