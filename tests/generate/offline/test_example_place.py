"""A table a document sets out as an example says so in its questions: a paper's table
captioned as an example or under a case-study heading, the rows a tutorial fills into the
table its CREATE TABLE statement makes."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.example_place import in_place
from datasetkit.knowledge.model import Provenance, Section
from tests.generate.offline.forms.test_forms import _cases

TUTORIAL_MD = """\
# Store the Crew in a Database

We will create a table to hold this data:

| id | name | rank | years |
|----|------|------|-------|
| 1 | Ada Quill | Captain | 12 |
| 2 | Bram Holt | Pilot | 7 |
| 3 | Cyra Venn | Engineer | 9 |
| 4 | Dov Marsh | Medic | 4 |

## Create the table

Open the editor and type the statement that makes the table:

```sql
CREATE TABLE "crew" (
  "id" INTEGER,
  "name" TEXT NOT NULL,
  "rank" TEXT NOT NULL,
  "years" INTEGER,
  PRIMARY KEY("id")
);
```

Run it, then add the rows one by one.
"""

PAPER_MD = """\
# Calibrated Rankers for Passage Search

## 5 Discussion

## 5.2 {heading}

We show how the explanations change a score on one query.

{caption}

Query: how to clean a bicycle chain

| Approach | Explanation | Score |
|----------|-------------|-------|
| Plain ranker | None | 0.812 |
| Calibrated ranker | Short | 0.377 |
| Calibrated ranker with notes | Long | 0.402 |

The calibrated scores sit closer to the relevance the judges gave.
"""


def _questions(path: Path, count: int = 12) -> list[str]:
    cases, _, _ = _cases([path], count)
    return list(cases)


def test_a_tutorial_table_is_named_by_the_statement_that_creates_it(tmp_path: Path) -> None:
    path = tmp_path / "crew.md"
    path.write_text(TUTORIAL_MD, encoding="utf-8")
    asked = [q for q in _questions(path) if any(n in q for n in ("Ada", "Bram", "Cyra", "Dov"))]
    assert asked, asked
    # "What is the rank for Bram Holt?" asks about the world; the rows are the tutorial's.
    assert all("crew table" in q for q in asked), asked


def test_a_tutorial_table_is_named_by_its_prose(tmp_path: Path) -> None:
    # No CREATE TABLE here: the prose names the one table the rows are in.
    text = TUTORIAL_MD.split("## Create the table")[0]
    text += 'Then the program will INSERT each row INTO the table "crew".\n'
    path = tmp_path / "crew.md"
    path.write_text(text, encoding="utf-8")
    asked = [q for q in _questions(path) if any(n in q for n in ("Ada", "Bram", "Cyra", "Dov"))]
    assert asked, asked
    assert all("crew table" in q for q in asked), asked


def test_a_papers_example_table_says_its_caption(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    caption = "Table 4: An example showing explanations that lead to better scores."
    path.write_text(PAPER_MD.format(heading="Case Study", caption=caption), encoding="utf-8")
    asked = [q for q in _questions(path) if "ranker" in q]
    assert asked, asked
    assert all("Table 4's example" in q for q in asked), asked


def test_a_case_study_heading_is_said_without_a_caption(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    path.write_text(PAPER_MD.format(heading="Case Study", caption=""), encoding="utf-8")
    asked = [q for q in _questions(path) if "ranker" in q]
    assert asked, asked
    assert all("case study" in q for q in asked), asked


def test_a_results_table_is_not_called_an_example(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    caption = "Table 2: Scores of the rankers on the test queries."
    path.write_text(PAPER_MD.format(heading="Results", caption=caption), encoding="utf-8")
    asked = [q for q in _questions(path) if "ranker" in q]
    assert asked, asked
    assert not any("example" in q or "Table 2" in q for q in asked), asked


def _cand(question: str) -> Candidate:
    section = Section("table_row", "id: 1", Provenance(file="crew.md"), record={"id": "1"})
    return Candidate(question, "1", "id: 1", section, "factual", 0)


def test_the_place_opens_some_questions_and_closes_others() -> None:
    asked = [
        f"What is the {col} for {name}?"
        for col in ("rank", "age", "team", "years")
        for name in ("Ada Quill", "Bram Holt", "Cyra Venn")
    ]
    cands = [_cand(q) for q in asked]
    said = [c.question for c in in_place(cands, "the crew table")]
    assert all("crew table" in q for q in said), said
    assert any(q.startswith("In the crew table, what") for q in said), said
    assert any(q.endswith(" in the crew table?") for q in said), said
    # A question that says the place already is left as it is.
    own = in_place([_cand("Who is first in the crew table?")], "the crew table")
    assert own[0].question == "Who is first in the crew table?"
