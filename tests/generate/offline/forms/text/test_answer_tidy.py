"""An answer quoted from prose holds what answers the question and nothing that served the
page around it: no pointer to other parts of the document ("(see further below)", a
sentence that only sends the reader elsewhere), no greeting of the reader, no bracket left
without its partner. A list whose lead announces how many items it has is answered with
all of them, or not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.tidy import tidy_answer
from tests.helpers.knowledge_fixtures import text_pairs

GUIDE = """# Harbor Toolkit Guide

## Is Harbor Toolkit for you?

Harbor Toolkit is for processing shipping manifests in Python.
It isn't for scanned paper manifests. If you also need to read scanned manifests, see further \
below for your options.
Nor is it for EDI files.

## Inspecting a manifest

To see the structure of any given manifest, upload it to the ManifestViewer webapp, or run the \
"Manifest Tree" sample (see further below).

## Migration scripts

Simple scripts for migrating an old manifest are available at \
https://example.org/harbor/migrate-old-manifests.html )

## `harbor.trace()`

Hello, old friend! You'll most likely be using this to print the route of each container
to the console to help you follow a shipment.

```python
harbor.trace("MSCU1234567")
```

## Storage engines

Harbor Toolkit supports each of the 4 storage engines:

- the SQLite engine, which needs no server
- the PostgreSQL engine, which needs the harbor-pg package
"""


def _answer(pairs: dict[str, str], opening: str) -> str:
    found = [a for q, a in pairs.items() if q.startswith(opening)]
    assert found, "\n".join(pairs)
    return found[0]


def test_answers_hold_no_pointers_greetings_or_stray_brackets(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guide.md", GUIDE, 30)
    fit = _answer(pairs, "Is Harbor Toolkit for you")
    assert "see further below" not in fit and "Nor is it for EDI files." in fit
    assert "scanned paper manifests" in fit
    structure = _answer(pairs, "How do I see the structure")
    assert structure.endswith('"Manifest Tree" sample.'), structure
    scripts = _answer(pairs, "Where can I find simple scripts")
    assert scripts.endswith("migrate-old-manifests.html"), scripts
    trace = _answer(pairs, "What does the `harbor.trace()` method")
    assert trace.startswith("You'll most likely"), trace


def test_a_list_cut_short_of_the_count_its_lead_announces_is_not_asked(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "guide.md", GUIDE, 30)
    for question, answer in pairs.items():
        assert "PostgreSQL engine" not in answer, (question, answer)


def test_a_pointer_said_inline_or_alone() -> None:
    assert tidy_answer("Claims are paid monthly, as described in section 3.4.") == (
        "Claims are paid monthly."
    )
    assert tidy_answer("See below.") is None
    assert tidy_answer("The fee is waived (see Appendix B) for members.") == (
        "The fee is waived for members."
    )
    assert tidy_answer("Hi there") == "Hi there"
