"""Every registered form is general: it writes cases on at least three of the real
documents of the corpus (a form that fires on fewer was written for one document's
wording or layout, and is generalised or removed)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.offline.forms.registry import all_forms
from datasetkit.generate.run import GenerateOptions, generate_knowledge
from tests.conftest import ROOT, corpus_files

MIN_DOCUMENTS = 3
KNOWLEDGE = (".pdf", ".docx", ".xlsx", ".xlsm", ".md", ".txt", ".csv")


def _documents() -> list[Path]:
    found = corpus_files("knowledge") + corpus_files("knowledge-more")
    found += sorted((ROOT / "examples" / "knowledge").iterdir())
    return [f for f in found if f.suffix.lower() in KNOWLEDGE]


def _reach(tmp_path: Path) -> dict[str, set[str]]:
    """Form name -> the documents on which it wrote at least one case."""
    reach: dict[str, set[str]] = defaultdict(set)
    for f in _documents():
        options = GenerateOptions(
            files=[str(f)],
            count=30,
            output=str(tmp_path / "cases.json"),
            seed=1,
            provider="offline",
            max_size=None,
            force=True,
        )
        try:
            outcome = generate_knowledge(options)
        except DatasetkitError:
            continue  # a file with no text (a scan): it gives no form a chance
        for case in outcome.dataset.cases if outcome.dataset is not None else []:
            form = (case.extensions or {}).get("datasetkit", {}).get("form")
            reach[str(form)].add(f.name)
    return reach


@pytest.mark.corpus
def test_every_registered_form_writes_cases_on_several_documents(tmp_path: Path) -> None:
    reach = _reach(tmp_path)
    narrow = {
        form.name: sorted(reach.get(form.name, ()))
        for form in all_forms()
        if len(reach.get(form.name, ())) < MIN_DOCUMENTS
    }
    assert not narrow, f"forms that write cases on fewer than {MIN_DOCUMENTS} documents: {narrow}"
    assert set(reach) <= {form.name for form in all_forms()}, "a case no registered form asked"
