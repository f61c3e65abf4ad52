"""A generated case's source passage, found again in the knowledge files the user named."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit.viewer.passages import Passages, find_marks


def _rows(folder: Path) -> list[dict]:
    lines = (folder / "gen.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(x)["datasetkit"] for x in lines]


def _marked(source: dict, *kinds: str) -> str:
    return "".join(text for text, k in source["segments"] if k in kinds)


def test_every_generated_case_shows_its_passage_with_the_evidence_marked(
    generated_set: Path, monkeypatch
) -> None:
    monkeypatch.chdir(generated_set)
    passages = Passages(["kb"])
    for dk in _rows(generated_set):
        source = passages.passage(dk)
        assert source is not None and "note" not in source, source
        text = "".join(t for t, _ in source["segments"])
        evidence = dk["evidence"]
        # The evidence is marked where it stands in the passage (the answer's quote inside it
        # marked as quoted), and the passage holds all of it (more, unless the evidence is a whole
        # section such as one question and its answer).
        marked = _marked(source, "evidence", "quoted")
        assert " ".join(marked.split()) in " ".join(evidence.split())
        assert source["marks"] >= 1 and len(text) >= len(evidence)
        assert source["label"].startswith(dk["source"]["file"])


def test_a_source_not_named_for_the_review_is_not_read(generated_set: Path, monkeypatch) -> None:
    monkeypatch.chdir(generated_set)
    dk = _rows(generated_set)[0]
    source = Passages([]).passage(dk)
    assert source is not None and source["segments"] == []
    assert f"--knowledge {dk['source']['file']}" in source["note"]
    # Named by a folder that holds it, the file is read; any other file is not.
    assert Passages(["kb"]).allowed(dk["source"]["file"]) is not None
    assert Passages(["kb"]).allowed("/etc/passwd") is None


def test_a_changed_knowledge_file_says_so(generated_set: Path, tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "copy"
    (folder / "kb").mkdir(parents=True)
    (folder / "kb" / "returns-policy.md").write_text("# Other\n\nNothing like it.\n")
    monkeypatch.chdir(folder)
    dk = next(d for d in _rows(generated_set) if d["source"]["file"].endswith(".md"))
    source = Passages(["kb"]).passage(dk)
    assert source is not None and "no longer holds this passage" in source["note"]


def test_quotes_are_found_whatever_the_spacing_and_case() -> None:
    text = "Refunds\nRefunds are paid   within 5\nbusiness days. Shipping is free."
    (mark,) = find_marks(text, ["refunds are paid within 5 business days."])
    assert text[mark[0] : mark[1]] == "Refunds are paid   within 5\nbusiness days."
    assert find_marks(text, ["nowhere to be seen"]) == []
    # A quote that joins two sentences the passage splits is found sentence by sentence.
    both = find_marks(text, ["Refunds are paid within 5 business days. Shipping is free now."])
    assert [text[s:e] for s, e in both] == ["Refunds are paid   within 5\nbusiness days."]
