"""A report's tables of figures inside its prose: asked by their row key with what the
caption says of every figure (the base of a rate, its population, its period), their
highest and lowest, never a figure the table does not give, and only a few of each."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.docx_fixtures import add_filled_table
from tests.helpers.knowledge_fixtures import offline_pairs

PROSE = [
    "The survey office counts birds on the wetlands of the region every spring.",
    "Volunteers must register with the survey office at least 14 days before a count.",
    "Each volunteer may cover at most 3 plots in one season.",
    "The annual report is published in September on the office's website.",
]
YEARS = [str(y) for y in range(2008, 2024)]
NORTH = [f"{40 + (i * 7) % 23}.{i % 10}" for i in range(len(YEARS))]
SOUTH = ["-" if i < 4 else f"{30 + (i * 5) % 17}.{(i + 3) % 10}" for i in range(len(YEARS))]
CAPTION = "Number of Sightings Per 1,000 Hectares (All Wetlands), Seasonally Adjusted"


def _year_rows() -> list[list[str]]:
    rows = [["Year", "Sightings - North Basin", "Sightings - South Basin"]]
    return rows + [[y, n, s] for y, n, s in zip(YEARS, NORTH, SOUTH, strict=True)]


def _report(path: Path, tables: list[tuple[str, list[list[str]]]], prose: bool = True) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Wetland Bird Survey", level=1)
    for caption, rows in tables:
        d.add_paragraph(caption)
        add_filled_table(d, rows)
    if prose:
        for text in PROSE:
            d.add_paragraph(text)
    d.save(str(path))
    return path


def test_a_table_of_figures_by_year_is_asked_by_year_with_its_captions_base(
    tmp_path: Path,
) -> None:
    pairs = offline_pairs(tmp_path, _report(tmp_path / "survey.docx", [(CAPTION, _year_rows())]))
    base = "per 1,000 hectares (all wetlands)"
    by_year = {q: a for q, a in pairs.items() if re.search(r" in (?:19|20)\d\d\?$", q)}
    assert by_year, pairs
    for question, answer in by_year.items():
        year = question[-5:-1]
        basin = "North" if "North" in question else "South"
        figures = NORTH if basin == "North" else SOUTH
        # A decimal per so many hectares is a rate, never asked "How many ...?".
        assert question.startswith(f"What was the rate of sightings ({basin} Basin) {base}")
        assert answer == figures[YEARS.index(year)], (question, answer)
    # A dash is a figure not reported: never an answer.
    assert "-" not in pairs.values(), pairs
    most = f"In which year were there the most sightings (North Basin) {base}?"
    top = max(range(len(YEARS)), key=lambda i: float(NORTH[i]))
    assert pairs.get(most, "").startswith(YEARS[top]), pairs


COUNTIES = ["Ashford", "Brookvale", "Carrow", "Dunmere", "Elsworth", "Fairholm", "Glenrock"]
RATES = ["212", "187", "Not available", "240", "199", "176", "205"]
FIGURE = "Figure 2.1: Estimated Sightings of Marsh Harriers by County, 2018-2022"


def test_a_rate_is_asked_with_its_base_and_the_captions_period(tmp_path: Path) -> None:
    rows = [["County", "Rate of Sightings (per 10,000 hectares)"]]
    rows += [[c, r] for c, r in zip(COUNTIES, RATES, strict=True)]
    pairs = offline_pairs(tmp_path, _report(tmp_path / "rates.docx", [(FIGURE, rows)]))
    asked = {q: a for q, a in pairs.items() if q.startswith("What was the rate of sightings")}
    assert asked, pairs
    for question, answer in asked.items():
        county = next(c for c in COUNTIES if c in question)
        assert question.endswith(f"per 10,000 hectares in {county} in 2018-2022?"), question
        assert answer.startswith(RATES[COUNTIES.index(county)]), (question, answer)
    # "Not available" is no figure: never asked, never the lowest.
    assert not [q for q in pairs if "Carrow" in q], pairs
    assert not [a for a in pairs.values() if "Not available" in a], pairs
    lowest = "Which county had the lowest rate of sightings per 10,000 hectares in 2018-2022?"
    assert pairs.get(lowest, "").startswith("Fairholm"), pairs


def test_two_tables_alike_that_nothing_tells_apart_are_not_asked(tmp_path: Path) -> None:
    caption = "Sightings of Marsh Harriers by County"
    first = [["County", "Sightings"], *[[c, str(100 + 9 * i)] for i, c in enumerate(COUNTIES)]]
    second = [["County", "Sightings"], *[[c, str(140 - 7 * i)] for i, c in enumerate(COUNTIES)]]
    doc = _report(tmp_path / "twins.docx", [(caption, first), (caption, second)])
    pairs = offline_pairs(tmp_path, doc)
    # "How many sightings did Ashford have?" would have two answers: neither is asked.
    assert not [q for q in pairs if any(c in q for c in COUNTIES)], pairs
    assert not [a for a in pairs.values() if any(c in a for c in COUNTIES)], pairs


def test_two_tables_alike_told_apart_by_their_captions_are_both_asked(tmp_path: Path) -> None:
    first = [["County", "Sightings"], *[[c, str(100 + 9 * i)] for i, c in enumerate(COUNTIES)]]
    second = [["County", "Sightings"], *[[c, str(140 - 7 * i)] for i, c in enumerate(COUNTIES)]]
    doc = _report(
        tmp_path / "pair.docx",
        [
            ("Sightings of Marsh Harriers by County", first),
            ("Sightings of Ospreys by County", second),
        ],
    )
    pairs = offline_pairs(tmp_path, doc)
    assert [q for q in pairs if any(c in q for c in COUNTIES)], pairs


DECADES = ["1981-1991", "1991-2001", "2001-2011"]


def test_a_numbered_captions_measure_names_the_figures_of_a_table_by_period(
    tmp_path: Path,
) -> None:
    rows = [["Counties", *DECADES]]
    rows += [[c, *[f"{10 + i + 3 * j}.{j}" for j in range(3)]] for i, c in enumerate(COUNTIES)]
    caption = "Table 4: County-wise Decadal Growth Rate of Nesting Pairs"
    pairs = offline_pairs(tmp_path, _report(tmp_path / "growth.docx", [(caption, rows)], False))
    asked = [q for q in pairs if q.startswith("What was the decadal growth rate of nesting pairs")]
    assert asked, pairs
    assert all(re.search(r"for \w+ in (?:19|20)\d\d-(?:19|20)\d\d\?$", q) for q in asked), asked


def test_a_table_in_a_report_gives_a_few_questions_not_one_per_row(tmp_path: Path) -> None:
    # Ten asked, where the prose gives a few: the table takes its share, not every slot
    # the prose leaves (when a report's prose runs out, its tables fill a larger set).
    doc = _report(tmp_path / "survey.docx", [(CAPTION, _year_rows())])
    pairs = offline_pairs(tmp_path, doc, 10)
    table = [q for q in pairs if "sightings" in q.lower()]
    lookups = [q for q in table if not q.startswith("In which year")]
    assert 2 <= len(lookups) <= 8, table
    # The report's prose keeps its questions.
    assert len(pairs) - len(table) >= 2, pairs
    # The lookups are spread over the table, not its first rows.
    years = sorted({q[-5:-1] for q in lookups})
    assert years[-1] >= "2016", years
