"""A figure under a bare column label ("Permit", "Dev", "Totals") is asked with what it is,
as the table's title, caption or group label says it; never by the bare label alone, and
not at all when nothing says what the figures count."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.xlsx_fixtures import make_sheet_xlsx

_HEADER = ["State", "Permit", "Handgun", "Long Gun", "Totals"]
_ROWS: list[list[Any]] = [
    ["Alabama", 18870, 23022, 22650, 64542],
    ["Alaska", 209, 3001, 3840, 7050],
    ["Arizona", 2303, 12382, 9041, 23726],
    ["Arkansas", 3298, 6520, 8210, 18028],
    ["Colorado", 4144, 19784, 16082, 40010],
]
# A question that asks a figure by the column's bare label: "What is the permit for ...?"
_BARE = re.compile(
    r"(?i)\bwhat (?:is|are) the (?:permit|handgun|long gun|totals?|dev|train|test)\b"
)


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _checks_workbook(path: Path, title: str | None) -> Path:
    above: list[list[Any]] = [[title], []] if title else []
    return make_sheet_xlsx(path, "Sheet1", [*above, _HEADER, *_ROWS])


def test_a_bare_count_column_is_asked_as_what_the_title_counts(tmp_path: Path) -> None:
    path = _checks_workbook(tmp_path / "checks.xlsx", "Firearm Background Checks November 2015")
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    lookups = 0
    for q, a in pairs.items():
        m = re.fullmatch(
            r"How many (?:(\w+(?: gun)?) checks|checks were there in total) (?:were there )?"
            r"for (\w+) in November 2015\?",
            q,
        )
        if m is None:
            continue
        row = next(r for r in _ROWS if r[0] == m.group(2))
        at = _HEADER.index(m.group(1).title() if m.group(1) else "Totals")
        assert a == f"{row[at]}", (q, a)
        lookups += 1
    assert lookups >= 3, pairs
    # The highest and lowest say what is compared, and the answer what the figure counts.
    ranked = {
        q: a for q, a in pairs.items() if re.match(r"Which state had the (?:most|fewest) ", q)
    }
    assert ranked, pairs
    for q, a in ranked.items():
        m = re.fullmatch(r"Which state had the (most|fewest) (\w+) checks in November 2015\?", q)
        assert m is not None, q
        at = _HEADER.index(m.group(2).capitalize())
        pick = max if m.group(1) == "most" else min
        best = pick(_ROWS, key=lambda r: r[at])
        assert a == f"{best[0]} ({best[at]} {m.group(2)} checks)", (q, a)
    for q in pairs:
        assert not _BARE.search(q), q


def test_a_bare_count_column_nothing_explains_is_not_asked(tmp_path: Path) -> None:
    path = _checks_workbook(tmp_path / "checks.xlsx", None)
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    for q in pairs:
        assert not _BARE.search(q), q
        assert not re.search(r"(?i)\b(?:permit|handgun|long gun)\b", q), q


def test_a_split_column_says_the_unit_its_caption_counts(tmp_path: Path) -> None:
    from tests.helpers import pdf_papers as P

    table = P.RuleTable(
        [110, 50, 44, 44],
        [["Dataset", "Train", "Dev", "Test"]],
        [
            ["Natural Questions", "79,168", "8,757", "3,610"],
            ["TriviaQA", "78,785", "8,837", "11,313"],
            ["WebQuestions", "3,417", "361", "2,032"],
            ["CuratedTREC", "1,353", "133", "694"],
        ],
        caption="Table 1: Number of questions in each dataset.",
    )
    path = P.write_paper(
        tmp_path / "paper.pdf",
        [
            P.PaperPage(
                title="Reading Documents Twice",
                columns=(P.left(P.prose(10, seed=1), table), P.right(P.prose(20, seed=2))),
            )
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    # One split per dataset is enough (the others read as near-duplicates); each asked
    # one says the unit and the set, and answers that set's figure.
    column = {"training": 1, "dev": 2, "test": 3}
    asked = 0
    for q, a in pairs.items():
        m = re.fullmatch(
            r"How many questions are in the (training|dev|test) set of (?:the )?(.+?)(?: dataset)?\?",
            q,
        )
        if m is None:
            continue
        row = next(r for r in table.rows if r[0] == m.group(2))
        assert a == row[column[m.group(1)]], (q, a)
        asked += 1
    ranked = [
        q
        for q in pairs
        if re.fullmatch(
            r"Which dataset has the (?:most|fewest) questions in the (?:training|dev|test) set\?", q
        )
    ]
    assert asked >= 1 and asked + len(ranked) >= 3, pairs
    for q in pairs:
        assert not _BARE.search(q), q


def test_a_title_read_as_two_headings_over_the_table_says_what_it_counts(
    tmp_path: Path,
) -> None:
    # A report's title and its period set as two headings right over the table.
    lines = ["| " + " | ".join(_HEADER) + " |", "|" + "---|" * len(_HEADER)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in _ROWS]
    path = tmp_path / "checks.md"
    path.write_text(
        "# Firearm Background Checks\n\n## November - 2015\n\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    # Each count says the title's "firearm background checks", its column quoted as a name.
    asked = [
        q
        for q in pairs
        if re.match(r"How many “\w+(?: Gun)?” firearm background checks were there for ", q)
    ]
    assert len(asked) >= 3, pairs
    for q in pairs:
        assert not _BARE.search(q), q
