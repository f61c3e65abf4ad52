"""Rows asked by the words a person reads: a label column names the rows over a column of
stored names; an answer the row's name spells out, a schema column said as a header
("have a required of No"), an empty default and a row named by its day alone are not
asked."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

_DICTIONARY = """# Household Survey 2024 Data Dictionary

The variables of the Household Survey 2024 public file.

| Variable | Label | Unit | Source |
|---|---|---|---|
| age_years | Age at Interview | years | Respondent |
| hh_size | Household Size | persons | Roster |
| inc_month | Monthly Income | USD | Income module |
| dist_school | Distance to School | km | Community module |
| water_src | Main Water Source | category | Housing module |
| elec_hours | Hours of Electricity | hours per day | Housing module |
"""


def test_rows_with_stored_names_and_labels_are_asked_by_label(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "dictionary.md", _DICTIONARY, 40)
    stored = ("age_years", "hh_size", "inc_month", "dist_school", "water_src", "elec_hours")
    assert any("Household Size" in q for q in pairs), pairs
    assert any("Monthly Income" in q and a == "USD" for q, a in pairs.items()), pairs
    for question, answer in pairs.items():
        assert not any(s in question or s in answer for s in stored), (question, answer)
    # The rows are still what the stored names' header says: variables, not "labels".
    assert not any(" label" in q for q in pairs), pairs


_OPTIONS = """# Cache Plugin Options

The options of the cache plugin.

| Option | Description | Default | Required |
|---|---|---|---|
| cacheDir | Folder that holds the cached files | "" | Yes |
| maxAge | Seconds an entry stays fresh | 3600 | No |
| maxEntries | Entries kept before the oldest is dropped | 500 | No |
| compress | Whether entries are compressed | false | No |
| keyPrefix | Prefix of every cache key | "" | No |
| redisUrl | Address of the Redis server | "" | Yes (if store is redis) |
| logLevel | How much the plugin logs | info | No |
| strict | Whether a miss is an error | false | No |
"""


def test_schema_columns_are_asked_as_a_user_says_them(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "options.md", _OPTIONS, 40)
    assert not any("have a required of" in q or "have a default of" in q for q in pairs), pairs
    assert not any('""' in q for q in pairs), pairs  # no count of the empty defaults
    required = [q for q in pairs if "not required" in q]
    assert required and pairs[required[0]].startswith("6: maxAge"), pairs
    defaults = [q for q in pairs if "default to false" in q]
    assert defaults and pairs[defaults[0]] == "compress\nstrict", pairs


_CHOICES = """# Harbor Intake Form Choices

The answer choices the Harbor intake form offers.

| list_name | name | label |
|---|---|---|
| yes_no | yes | Yes |
| yes_no | no | No |
| visit_kind | first_visit | First Visit |
| visit_kind | follow_up | Follow Up |
| visit_kind | emergency | Emergency |
| visit_kind | referral | Referral |
"""


def test_stored_names_are_no_answers_of_a_labelled_row(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "choices.md", _CHOICES, 40)
    for question, answer in pairs.items():
        # "What is the list name for no?" -> "yes_no": a stored name, which the question
        # gives away besides.
        assert answer not in ("yes_no", "visit_kind"), (question, answer)
        assert not any(s in question for s in ("first_visit", "follow_up"))


_TRIP = """# Harbor Labs Field Trip Report

Harbor Labs sent three engineers to the Lyon plant in March 2025.

## Expenses

| Date | Category | Description | Amount | Currency |
|---|---|---|---|---|
| 03/02/2025 | Transport | Taxi to airport | 45.00 | EUR |
| 03/03/2025 to 03/05/2025 | Lodging | Hotel Central - 2 nights | 310.00 | EUR |
| 03/04/2025 | Meals | Team dinner | 128.50 | EUR |
| 03/05/2025 to 03/06/2025 | Transport | Car hire | 89.00 | EUR |
| 03/06/2025 to 03/07/2025 | Lodging | Hotel Rhone - 1 night | 164.20 | USD |
"""


def test_rows_named_by_their_days_alone_are_not_looked_up(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "trip.md", _TRIP, 40)
    assert not any("2025 to " in q for q in pairs), pairs
    assert not any(a in ("Lodging", "EUR", "USD", "310.00") for a in pairs.values()), pairs


_REPORT = """# Harbor Labs Expense Report

Name: Dana Reyes

Department: Field Engineering

Period: March 2025

## Itemized Expenses

| Date | Category | Description | Amount | Currency |
|---|---|---|---|---|
| 03/02/2025 | Transport | Taxi to airport | 45.00 | EUR |
| 03/03/2025 to 03/05/2025 | Lodging | Hotel Central - 2 nights | 310.00 | EUR |
| 03/04/2025 | Meals | Team dinner | 128.50 | EUR |
| 03/06/2025 to 03/07/2025 | Lodging | Hotel Rhone - 1 night | 164.20 | USD |
"""


def test_rows_of_a_report_are_asked_with_its_owner_and_what_they_are(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "report.md", _REPORT, 40)
    report = "On the expense report of Dana Reyes"
    assert pairs.get(f"{report}, how much was the team dinner on 03/04/2025?") == "128.50 EUR"
    hotel = f"{report}, how much was the Hotel Rhone - 1 night from 03/06/2025 to 03/07/2025?"
    assert pairs.get(hotel) == "164.20 USD", pairs
    assert not any(q.startswith("What category is the") for q in pairs), pairs
