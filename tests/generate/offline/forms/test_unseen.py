"""Offline generation on documents of a kind its forms were not written from: one small
document per mechanism blind reviewers edited or discarded (a reverse lookup on a figure,
a table question that does not say whose figures they are, an answer made of questions,
a figure asked again after the answer that holds it, a leftover "also")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline


def _run(tmp_path: Path, name: str, text: str, count: int = 30) -> dict[str, str]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return _pairs(generate_offline(tmp_path, f, count))


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


SALARIES_MD = """# Graduate Employment Report

| Region | Hires | Median monthly salary |
| --- | --- | --- |
| Northeast | 40 | $7,500 |
| Southeast | 12 | $7,500 |
| Midwest | 55 | $7,000 |
| Southwest | 9 | $7,000 |
| West | 31 | $8,355 |
| Mountain | 2 | Insufficient data |
| Pacific | 3 | Insufficient data |
"""


def test_a_column_of_figures_is_never_asked_in_reverse(tmp_path: Path) -> None:
    # "Which regions have a median monthly salary of $7,500?" is a question nobody asks;
    # the salary of a region is.
    pairs = _run(tmp_path, "salaries.md", SALARIES_MD)
    assert pairs, "a table of regions gives questions"
    reverse = [q for q in pairs if re.search(r"(?i)^(?:which|how many) regions?\b.*\bsalary\b", q)]
    assert not reverse, reverse
    assert any("salary" in q and ("West" in q or "Midwest" in q) for q in pairs), list(pairs)


def _hires_workbook(path: Path) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Hires by Industry"
    ws.append(["The Northfield University School of Business"])
    ws.append(["New Hires by Industry"])
    ws.append([])
    ws.append(["Industry", "Hires", "Percent of hires"])
    rows = [
        ("Consulting", 89, "16.4%"),
        ("Technology", 40, "7.4%"),
        ("Healthcare", 21, "3.9%"),
        ("Manufacturing", 17, "3.1%"),
        ("Energy", 12, "2.2%"),
        ("Retail", 9, "1.7%"),
    ]
    for row in rows:
        ws.append(list(row))
    wb.save(path)
    return path


def test_a_table_question_names_the_organisation_its_figures_count(tmp_path: Path) -> None:
    # "How many hires did Technology have?" is answered differently by every school's
    # report: the heading above the table says whose hires they are.
    questions = list(_pairs(generate_offline(tmp_path, _hires_workbook(tmp_path / "h.xlsx"), 20)))
    assert questions, "a table of hires gives questions"
    unnamed = [q for q in questions if "Northfield University" not in q]
    assert not unnamed, unnamed


RESULTS_MD = """# Acme Reports Second Quarter 2024 Results

The board of Acme today reported financial results for the quarter ended June 30, 2024.

## Second Quarter 2024 Financial Highlights

| Metric | Q2 2024 | Q2 2023 |
| --- | --- | --- |
| Revenue | $31,999 | $28,822 |
| Costs and expenses | $22,607 | $20,464 |
| Income from operations | $9,392 | $8,358 |
| Operating margin | 29% | 29% |
"""


def test_a_report_s_figures_are_asked_as_its_company_s(tmp_path: Path) -> None:
    pairs = _run(tmp_path, "results.md", RESULTS_MD)
    table = [q for q, a in pairs.items() if "$" in a or "%" in a]
    assert table, list(pairs)
    assert all("Acme" in q for q in table), table


QUESTIONS_MD = """# Incoming Student Questions

## Contents

### Working While a Student

1. How do I get a teaching assistant position?
2. Where can I find information about student employment?
3. I am an international student. Can I work off campus?

### Student Services

4. How do I find a roommate?
5. How do I find out about student clubs?

## Answers

### How do I get a teaching assistant position?

Course instructors usually approach students who did well in their course and ask them to assist in a later semester. Students may also tell an instructor that they are interested.

### Can international students work off campus?

International students on F-1 visas may not work off campus except as part of their Curricular Practical Training.

### How do I find a roommate?

The housing office runs a roommate matching service every summer for incoming students.
"""


def test_an_answer_is_never_a_list_of_questions(tmp_path: Path) -> None:
    # A FAQ's contents list the questions under each topic heading: the heading asked as a
    # question ("How do I work while a student?") would be answered by questions only.
    pairs = _run(tmp_path, "questions.md", QUESTIONS_MD)
    assert pairs, "a FAQ gives questions"
    for question, answer in pairs.items():
        lines = [line for line in answer.splitlines() if line.strip()]
        assert not all(line.rstrip().endswith("?") for line in lines), (question, answer)
    assert any("roommate" in q for q in pairs), list(pairs)


PROSE_IN_COLUMNS_MD = """# Proposed Design Changes

The agency proposes changes to the flight control software of the airplane.

| move flight control surfaces based on inputs from | threshold would cause an alert | the manufacturer is issuing this change |
| --- | --- | --- |
| the flightcrew and sensors on the airplane. Flight | DISAGREE alert on the primary flight | under the authority described in |
| control laws reside in software, and are developed | displays (PFDs). | removing the earlier directive |
| the pilots in command of the airplane | warnings to the crew | the replacement software, and |

The AFM is an FAA-approved document that
"""


def test_prose_a_reader_split_into_cells_is_not_asked_as_a_table(tmp_path: Path) -> None:
    # Two columns of running text read as a table: its "headers" are pieces of sentences,
    # and a lookup over them ("What is the threshold would cause an alert for ...?") is
    # word salad.
    pairs = _run(tmp_path, "columns.md", PROSE_IN_COLUMNS_MD)
    assert not [q for q in pairs if "threshold" in q or "flightcrew" in q], list(pairs)


def test_an_answer_that_stops_before_the_clause_it_opens_is_not_written(tmp_path: Path) -> None:
    # "The AFM is an FAA-approved document that": a line cut where its column ended.
    pairs = _run(tmp_path, "columns.md", PROSE_IN_COLUMNS_MD)
    assert not [a for a in pairs.values() if a.rstrip().endswith(" that")], pairs


POLICY_MD = """# Company Name: Fabrikam Tools

## Policy Title: Employee Travel Policy

## Version: 2.3

### 1. Purpose

The purpose of this policy is to set out how employees of Fabrikam Tools book and claim business travel.

### 2. Scope

This policy applies to all employees and contractors of Fabrikam Tools who travel for work.

### 3. Travel Categories

The following kinds of travel are covered by this policy:

- Air travel
- Rail travel
- Hotel stays

### 4. Claims

All claims must be submitted with receipts within 45 days of the trip.
"""


def test_a_field_line_set_as_a_heading_is_no_topic(tmp_path: Path) -> None:
    # "Version: 2.3" above the sections is a field of the document: never "the travel
    # categories for version".
    pairs = _run(tmp_path, "policy.md", POLICY_MD)
    assert any("travel categories" in q for q in pairs), list(pairs)
    assert not [q for q in pairs if re.search(r"(?i)\bversion\b", q)], list(pairs)


def test_the_policy_under_a_heading_that_names_a_part_of_it_is_the_document(
    tmp_path: Path,
) -> None:
    # "This policy applies to ..." under "Scope" is the Travel Policy, not "the scope policy".
    pairs = _run(tmp_path, "policy.md", POLICY_MD)
    applies = [q for q in pairs if "apply to" in q]
    assert applies, list(pairs)
    assert all("Travel Policy" in q for q in applies), applies


def _kpi_workbook(path: Path) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Sales KPIs"
    ws.append(["Sales Representative Key Performance Indicators"])
    ws.append([])
    ws.append(
        [
            "Sales Rep Name",
            "Key Performance Indicators Outbound Calls",
            "Key Performance Indicators Client Conversions",
            "Revenue Closed",
        ]
    )
    ws.append(["Jill T.", 40, 18, "$1,200.00"])
    ws.append(["Kent B.", 52, 14, "$3,400.00"])
    ws.append(["Mara S.", 37, 9, "$800.00"])
    for _ in range(3):
        ws.append([None, None, None, "$0.00"])  # a template's spare rows
    wb.save(path)
    return path


def test_a_template_s_spare_rows_and_a_group_label_do_not_hide_a_table(tmp_path: Path) -> None:
    # Spare rows that hold only a default total, names with an initial ("Jill T."), and a
    # group label read into each header: the table still has rows a question can name.
    questions = list(_pairs(generate_offline(tmp_path, _kpi_workbook(tmp_path / "k.xlsx"), 20)))
    assert any("outbound calls" in q and ("Jill T." in q or "Kent B." in q) for q in questions), (
        questions
    )
    assert not [q for q in questions if "Key Performance Indicators" in q or "the Jill" in q]


INCIDENTS_MD = """# Incident Handling Guide

## Handling an incident

When an incident occurs, the checklist can be used with the addition of a sentence or two
for the specific circumstances of the incident.

If you collect and save audit data, you need to be prepared for consequences resulting
both from its existence and its content.

When you are notifying others that will help you handle an event, a "smoke screen" will
only divide the effort and create confusion.

If the fraud investigation uncovers evidence of fraud, the security officer must notify the
board and take appropriate action.
"""


def test_what_happens_is_asked_only_of_a_clause_that_states_an_outcome(tmp_path: Path) -> None:
    # "What happens when an incident occurs?" answered "the checklist can be used ..." is
    # vague: a possibility, an indefinite subject or a state the reader must be in is no
    # outcome of the condition.
    pairs = _run(tmp_path, "incidents.md", INCIDENTS_MD)
    happens = [q for q in pairs if q.startswith("What happens")]
    assert happens == [], list(pairs)
    # The one outcome is a named party's duty: asked as what that party must do then.
    duty = (
        "What must the security officer do if the fraud investigation uncovers evidence of fraud?"
    )
    assert duty in pairs, list(pairs)


STATUTES_PT_MD = """# ESTATUTOS DA ASSOCIAÇÃO DENOMINADA FNCT – FEDERAÇÃO NACIONAL DO TÉNIS

## CAPÍTULO PRIMEIRO

(Denominação, natureza, sede e objectivos)

### Artigo Primeiro

A presente Associação denomina-se "FNCT – FEDERAÇÃO NACIONAL DO TÉNIS", adiante designada por FNCT e durará por tempo indeterminado.

### Artigo Segundo

A FNCT é uma associação de direito privado sem fins lucrativos.

### Artigo Terceiro

A FNCT tem a sua sede em Lisboa, podendo exercer a sua actividade e instalar secções em qualquer ponto do território português.

### Artigo Quarto

A FNCT tem por objecto:

- a) Representar e promover o ténis como indústria em Portugal;
- b) Promover a actividade comercial do ténis, bem como os seus produtos e serviços;
- c) Cooperar com as entidades públicas com vista à realização de iniciativas de interesse mútuo.

## CAPÍTULO SEGUNDO

(Dos associados)

### Artigo Quinto

São deveres dos associados:

- a) Contribuir financeiramente para a FNCT nos termos estatutários e regulamentares;
- b) Participar nas actividades da FNCT nos termos estatutários;
- c) Cumprir as deliberações dos órgãos sociais.
"""


def test_a_document_whose_sections_do_not_agree_on_a_language_is_read_whole(
    tmp_path: Path,
) -> None:
    # A statute in Portuguese whose many short headings left the sections' vote undecided:
    # never English questions over it ("What are the são deveres dos associados ...?"),
    # but the questions the Portuguese forms write.
    from datasetkit.generate.offline.generator import OfflineGenerator
    from datasetkit.generate.plan import chunk_documents
    from datasetkit.knowledge import load

    f = tmp_path / "estatutos.md"
    f.write_text(STATUTES_PT_MD, encoding="utf-8")
    generator = OfflineGenerator()
    asked = []
    for chunk in chunk_documents(load([str(f)], None)):
        chunk.meta["language"] = None  # the sections' vote was undecided
        asked += [c.question for c in generator.candidates(chunk)]
    # Whose members: the association its title names, with the article its text gives it.
    assert "Quais são os deveres dos associados da FNCT?" in asked, asked
    assert not any(q.startswith(("What", "How", "Which")) for q in asked), asked
    assert not generator._notes


SECURITY_MD = """# Site Security Handbook

## Security goals

Security policies protect the assets of an organization from misuse and loss. However,
you cannot make good decisions about security without first determining what your
security goals are.

## Payments

If the bank service also includes a file of receipts, the trustee must compare the file
with the posted receipts before loading it.
"""


def test_a_sentence_that_only_contrasts_or_adds_is_asked_without_what_it_points_back_to(
    tmp_path: Path,
) -> None:
    # "Can I make good decisions ...?" -> "No. However, you cannot ...": the point of a
    # "However" sentence is the contrast with the one before; "also" in a condition points
    # to a sentence the question does not show.
    pairs = _run(tmp_path, "security.md", SECURITY_MD)
    assert not [a for a in pairs.values() if re.match(r"(?:Yes|No)\. However\b", a)], pairs
    assert not [q for q in pairs if re.search(r"\balso\b", q)], list(pairs)
    # The trustee's duty under the condition, asked without the "also".
    duty = "What must the trustee do if the bank service includes a file of receipts?"
    assert duty in pairs, pairs


SOURCES_MD = """# Graduate Placement Report

## Hires by source

| Source of hire | Hires |
| --- | --- |
| Campus recruiting | 506 |
| On-campus interview | 261 |
| Career fair | 74 |
| Faculty referral | 61 |
| Job postings | 110 |
| Direct contact | 37 |
| Prior employer | 17 |
| Family contact | 11 |
| Letter campaign | 9 |
| Total | 543 |
"""


def test_a_group_s_subtotal_is_not_ranked_among_its_members(tmp_path: Path) -> None:
    # "Campus recruiting" (506) sums the four rows under it: it is not the source with the
    # most hires, and it is not counted with them.
    pairs = _run(tmp_path, "sources.md", SOURCES_MD)
    ranked = {q: a for q, a in pairs.items() if re.search(r"(?i)\b(?:most|highest)\b", q)}
    assert ranked, list(pairs)
    assert not [a for a in ranked.values() if "Campus recruiting" in a], ranked


FINDINGS_MD = """# Exposure Study

## Results

PCB 118 is the only congener with a consistent and statistically significant positive
coefficient in both models. Quartile 1 is the reference category for each congener shown.
"""


def test_a_finding_about_a_thing_is_not_asked_as_what_it_is(tmp_path: Path) -> None:
    # "What is PCB 118?" answered "the only congener with a significant coefficient" is a
    # result of the study, not what PCB 118 is.
    pairs = _run(tmp_path, "study.md", FINDINGS_MD)
    assert "What is PCB 118?" not in pairs, pairs


PARTIES_MD = """# Trustee Handbook

## Payments

Procedures for electronic funds transfers should be discussed with the United States
Trustee. Electronic transfers must be initiated by the standing trustee and not by the
recipient.
"""


def test_an_action_done_by_or_with_a_party_asks_who(tmp_path: Path) -> None:
    # "How should procedures ... be discussed?" answered "with the United States Trustee":
    # the sentence says who, so the question asks who.
    pairs = _run(tmp_path, "trustee.md", PARTIES_MD)
    assert pairs, "the handbook gives questions"
    assert not [q for q in pairs if q.startswith("How ")], list(pairs)
    assert any(q.startswith("Who ") and q.endswith(" with?") for q in pairs), list(pairs)


WHISTLEBLOWER_MD = """# Staff Handbook

## Whistleblower Policy

Staff who report wrongdoing in good faith are protected from retaliation.

### Reporting Procedures

If you witness any activity that you believe to be illegal or unethical, it is important
that you report it immediately. You can do this by:

- Contacting the Human Resources Department.
- Emailing the Compliance Officer at compliance@example.com.
- Calling the Compliance Hotline at 1-800-555-0100.
"""


def test_a_heading_that_names_a_set_of_rules_is_no_task(tmp_path: Path) -> None:
    # "Reporting Procedures" names the procedures; "How do I report procedures?" asks for
    # something nobody does.
    pairs = _run(tmp_path, "staff.md", WHISTLEBLOWER_MD)
    assert not [q for q in pairs if re.search(r"(?i)^how do i \w+ procedures\?$", q)], pairs


def test_a_table_question_says_the_qualifier_its_heading_narrows_the_figures_by(
    tmp_path: Path,
) -> None:
    # "New Hires by Industry - Intern" counts intern hires only: "How many hires did
    # Technology have?" would be answered with all hires.
    from openpyxl import load_workbook

    path = _hires_workbook(tmp_path / "h.xlsx")
    wb = load_workbook(path)
    wb.active["A2"] = "Employment Statistics: 2024-2025"
    wb.active.insert_rows(3, 2)
    wb.active["A4"] = "New Hires by Industry - Intern"
    wb.active.append(["E-Commerce and Internet", 7, "2.0%"])  # "Internet" is not "Intern"
    wb.save(path)
    questions = list(_pairs(generate_offline(tmp_path, path, 20)))
    assert questions, "a table of hires gives questions"
    unqualified = [q for q in questions if not re.search(r"\bintern\b", q)]
    assert not unqualified, unqualified
    assert any("intern hires" in q for q in questions), questions


HANDBOOK_MD = """# Northwind Traders Employee Handbook

## Values

The company values are integrity, respect and service to every customer.

## Privacy

The privacy policy applies to all employees, contractors and visitors of Northwind Traders.

Personal information is kept for no longer than seven years.

## Whistleblower Policy

The whistleblower policy applies to every employee and contractor who reports misconduct.

Reports must be made to the Ethics Officer within 30 days of the event.
"""


def test_a_policy_question_says_whose_policy_it_is(tmp_path: Path) -> None:
    # "Who does the privacy policy apply to?" is answered differently by every company:
    # the handbook's organisation is named in the question.
    pairs = _run(tmp_path, "handbook.md", HANDBOOK_MD)
    policy = [q for q in pairs if re.search(r"(?i)\bpolicy\b|\bvalues\b", q)]
    assert policy, list(pairs)
    assert all("Northwind Traders" in q for q in policy), policy


TERM_FAQ_MD = """# Fall 2024 Incoming Student Frequently Asked Questions

## Academics

### When can I register for classes?

Registration opens on July 15 and closes on August 30 for all incoming students.

### When do classes start?

Classes start on August 26, with orientation the week before.

### How many classes should I register for?

Full-time students register for three or four classes each semester.
"""


def test_a_when_question_in_a_document_for_one_term_names_the_term(tmp_path: Path) -> None:
    # "When do classes start?" in a FAQ written for one term has a different answer next
    # term: the question says which term.
    pairs = _run(tmp_path, "faq.md", TERM_FAQ_MD)
    when = [q for q in pairs if q.startswith("When ")]
    assert when, list(pairs)
    assert all("Fall 2024" in q for q in when), when


LEAVE_MD = """# Leave

## Types of leave

### Jury duty

You can take up to 40 hours of paid time off each year to serve on a jury.

### Voting

You can take up to 4 hours of paid time off for each election to vote.

### Bereavement

Employees may take up to 5 days of paid leave when a close family member dies.
"""


def test_an_amount_question_names_the_heading_it_is_asked_under(tmp_path: Path) -> None:
    # "How many hours can I take?" has a different answer under every kind of leave: the
    # section heading says which.
    pairs = _run(tmp_path, "leave.md", LEAVE_MD)
    amounts = [q for q in pairs if re.match(r"How (?:many|much) (?:hours|days)\b", q)]
    assert amounts, list(pairs)
    unnamed = [q for q in amounts if not re.search(r"(?i)jury|voting|election|bereave|dies", q)]
    assert not unnamed, unnamed


def test_a_limit_question_keeps_its_purpose_after_the_modal(tmp_path: Path) -> None:
    # "up to 4 hours of paid time off for each election": the thing counted ends before
    # "for", so the question does not read "... paid time off for can I take ...".
    pairs = _run(tmp_path, "leave.md", LEAVE_MD)
    garbled = [q for q in pairs if re.search(r"\b(?:for|of|to|in) (?:can|may|must) I\b", q)]
    assert not garbled, garbled
    assert any(q.startswith("How many hours of paid time off can I take") for q in pairs), pairs


def test_a_dash_qualifier_narrows_a_table_that_counts_without_a_by(tmp_path: Path) -> None:
    # "Top Five Regions - Full-time" over "Number of Hires": the hires are full-time ones,
    # though the heading has no "<Noun>s by ..." to say what it counts.
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Regions"
    ws.append(["Top Five Regions - Full-time"])
    ws.append([])
    ws.append(["Region", "Number of Hires", "Median Salary"])
    for row in [
        ("Northeast", 120, "$7,500"),
        ("Midwest", 95, "$7,000"),
        ("West", 80, "$8,100"),
        ("Southeast", 40, "$6,900"),
        ("Southwest", 22, "$6,800"),
    ]:
        ws.append(list(row))
    path = tmp_path / "regions.xlsx"
    wb.save(path)
    questions = list(_pairs(generate_offline(tmp_path, path, 20)))
    hires = [q for q in questions if re.search(r"(?i)\bhires\b", q)]
    assert hires, questions
    assert all("full-time hires" in q for q in hires), hires


def test_a_table_question_says_what_its_title_counts(tmp_path: Path) -> None:
    # A title above the table ("Summer Internship Hires 2025") or the sheet's name
    # ("Overtime by Department") says what the figures are: "How many hires did West
    # have?" and "How many hours does the Sales department have?" do not.
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet1"
    ws.append(["Summer Internship Hires 2025"])
    ws.append([])
    ws.append(["Region", "Number of Hires", "Median Weekly Pay"])
    for row in [("Northeast", 40, "$900"), ("Midwest", 25, "$850"), ("South", 31, "$800")]:
        ws.append(list(row))
    ws.append(["West", 52, "$1,000"])
    overtime = wb.create_sheet("Overtime by Department")
    overtime.append(["Department", "Hours", "Cost"])
    for row in [("Sales", 120, "$4,800"), ("Support", 310, "$9,300"), ("Warehouse", 95, "$2,850")]:
        overtime.append(list(row))
    overtime.append(["IT", 40, "$2,000"])
    path = tmp_path / "hr.xlsx"
    wb.save(path)
    questions = list(_pairs(generate_offline(tmp_path, path, 40)))
    hires = [q for q in questions if re.search(r"\bhires\b|\bweekly pay\b", q)]
    hours = [q for q in questions if re.search(r"\b(?:hours|cost)\b", q)]
    assert hires and hours, questions
    assert all("summer internship hires" in q and "2025" in q for q in hires), hires
    assert all("overtime" in q for q in hours), hours
