"""Offline generation writes only cases that read without their document: documents
built for each mechanism of the precision-first checks, tables and languages."""

from __future__ import annotations

import re
from pathlib import Path

from datasetkit.lint import wording
from tests.helpers.knowledge_fixtures import generate_offline


def _run(tmp_path: Path, name: str, text: str, count: int = 30) -> tuple[dict[str, str], str]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, count)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    return pairs, outcome.shortfall_message or ""


STOCK_CSV = """product_name,stock_quantity,unitPrice,Column 4
Extra Virgin Olive Oil,12,9.50,x
Basmati Rice,40,3.20,y
Dark Chocolate,7,2.10,z
Green Tea,25,4.80,w
"""


def test_table_columns_are_said_as_words_and_no_raw_identifier_is_asked(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "stock.csv", STOCK_CSV)
    assert pairs, "a stock table gives questions"
    for question in pairs:
        assert wording.raw_identifier(question) is None, question
        assert not re.search(r"(?i)column 4|product_name|stock_quantity|unitPrice", question)
    assert any("stock quantity" in q or "unit price" in q for q in pairs), list(pairs)


JOBS_CSV = """Category,Salary,Region
AI,99000,North
AI,120000,North
Cloud,99000,South
Cloud,120000,South
Data,87000,East
Data,110000,East
"""


def test_a_lookup_whose_key_gives_the_answer_away_is_not_asked(tmp_path: Path) -> None:
    # Every AI row has the same region: "the region for AI worth 99000" is not a lookup.
    pairs, _ = _run(tmp_path, "jobs.csv", JOBS_CSV)
    assert not [q for q in pairs if "region" in q.lower() and ("99000" in q or "worth" in q)]
    assert not [q for q in pairs if re.search(r"\b(?:of|for) (?:the )?\d", q)], list(pairs)


PER_DIEM_CSV = """Country,Per diem,Currency
Japan,9000,JPY
United States,80,USD
France,70,EUR
Germany,65,EUR
"""

SALES_CSV = """Rep,Deals,Revenue ($)
Avery,4,12000
Blake,7,30500
Casey,2,8000
Total,13,50500
"""


def test_highest_and_lowest_only_within_one_unit_and_never_a_total_row(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "per-diem.csv", PER_DIEM_CSV)
    assert not [q for q in pairs if re.search(r"(?i)highest|lowest|most|fewest", q)], list(pairs)
    pairs, _ = _run(tmp_path, "sales.csv", SALES_CSV)
    ranked = {q: a for q, a in pairs.items() if re.search(r"(?i)highest|lowest|most|fewest", q)}
    assert ranked, list(pairs)
    assert not [a for a in ranked.values() if a.startswith("Total")], ranked


FAQ_MD = """# Help centre

## Orders

**Q: How long does a refund take once the return arrives?**

Refunds are paid within 10 working days after the return is checked.

**Q: Can I change the delivery address after ordering?**

Yes, until the parcel is dispatched:

- open the order in your account,
- choose "Change address",
- confirm the new address.

## Expenses

To claim travel expenses, follow these steps:

1. Fill in the expense form in the portal.
2. Attach every receipt as a scan.
3. Send the form to your manager for approval.
"""


def test_questions_the_document_asks_and_steps_are_answered_whole(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "help.md", FAQ_MD)
    assert pairs["How long does a refund take once the return arrives?"].startswith("Refunds")
    address = pairs["Can I change the delivery address after ordering?"]
    assert "confirm the new address" in address and "open the order" in address
    steps = pairs["How do I claim travel expenses?"]
    assert steps.count("\n") == 2 and "Send the form" in steps
    assert not [q for q in pairs if q.startswith(("Q:", "Q1"))]


POLICY_MD = """# Travel policy

## Mode of disbursement

Payments are made monthly. This is the case unless agreed otherwise.

## Reviews

Reviews are held every year in March by the line manager and the employee together.
"""


def test_no_heading_template_and_no_unresolved_reference(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "policy.md", POLICY_MD)
    for question in pairs:
        assert wording.templated_question(question) is None, question
        assert wording.unresolved_reference(question) is None, question
        assert not re.search(r"(?i)say about|should I know about|details of", question)


def test_a_language_no_form_writes_gives_no_cases_and_says_why(tmp_path: Path) -> None:
    text = "# 就業規則\n\n## 勤務時間\n\n始業時刻は午前9時、終業時刻は午後6時とする。休憩時間は正午から1時間とする。\n"
    pairs, message = _run(tmp_path, "rules.md", text)
    assert pairs == {}
    assert "Japanese" in message and "no offline question form writes questions" in message


def test_german_questions_are_written_by_forms_that_speak_german(tmp_path: Path) -> None:
    text = (
        "# Handbuch\n\n## Zeiterfassung\n\n"
        "Die Zeiterfassung ist die Grundlage für die Abrechnung aller Projekte im Team.\n\n"
        "## Fragen\n\n### Wie viele Ferientage habe ich pro Jahr?\n\n"
        "Alle Mitarbeitenden haben 25 Ferientage pro Jahr.\n"
    )
    pairs, _ = _run(tmp_path, "handbuch.md", text)
    assert "Was ist die Zeiterfassung?" in pairs
    assert pairs["Wie viele Ferientage habe ich pro Jahr?"].startswith("Alle Mitarbeitenden")
    assert not [q for q in pairs if q.startswith("Was steht in") or "Was ist Die" in q]


def test_count_is_a_ceiling_and_the_shortfall_says_what_passed(tmp_path: Path) -> None:
    pairs, message = _run(tmp_path, "help.md", FAQ_MD, count=40)
    assert len(pairs) < 40
    assert f"made {len(pairs)} of 40" in message and "--count is a ceiling" in message
    few, _ = _run(tmp_path, "help2.md", FAQ_MD, count=2)
    assert len(few) == 2


FIGURES_CSV = """Metric,2022,2023
Revenue,"$28,822","$31,999"
Income from operations,"$8,358","$9,392"
Provision for income taxes,"$1,203","$1,505"
Costs and expenses,"$20,464","$22,607"
"""


def test_a_figure_by_period_agrees_with_its_head_noun(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "figures.csv", FIGURES_CSV)
    asked = " ".join(pairs)
    assert "What was the income from operations in 2023?" in pairs, asked
    assert "What was the provision for income taxes in 2022?" in pairs, asked
    assert "What were the costs and expenses in 2023?" in pairs, asked


def _long_policy() -> str:
    topics = ["parking", "meals", "hotels", "taxis", "trains", "visas", "laundry", "phones"]
    parts = ["# Travel policy", ""]
    for topic in topics:
        parts += [f"## {topic.capitalize()}", ""]
        parts += [f"The company covers {topic} for staff who travel on company business."]
        parts += [f"Claims for {topic} are reviewed by the finance team every month.", ""]
        parts += [f"Receipts for {topic} must be kept by the traveller.", ""]
    parts += ["## Claims", "", "To claim a travel expense, follow these steps:", ""]
    parts += ["1. Keep the receipt.", "2. Fill in the expense form.", "3. Send it to finance.", ""]
    return "\n".join(parts)


def test_a_task_with_its_steps_is_asked_even_when_count_is_small(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "travel.md", _long_policy(), count=2)
    assert "How do I claim a travel expense?" in pairs, list(pairs)
    assert "Send it to finance." in pairs["How do I claim a travel expense?"]


LABELS_MD = """# Comments

You may send comments by any of the following
methods: write to the office named below, and quote the part of the rule that you
mean so that we can find it.

## Sources

Break it down: A question understanding benchmark for reading tests.

## Terms

Per diem: A daily allowance that covers meals and small expenses on a trip.
"""


def test_a_colon_after_a_stray_word_or_a_cited_title_is_no_definition(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "labels.md", LABELS_MD)
    asked = " ".join(pairs).casefold()
    assert "what are methods" not in asked and "break it down" not in asked, list(pairs)
    assert "What is a per diem?" in pairs, list(pairs)


QUARTER_MD = """# Northwind Traders

## Second Quarter 2025 Results

| In millions, except per share amounts | | 2025 | | 2024 |
|---|---|---|---|---|
| Revenue | $ | 4,210 | $ | 3,870 |
| Net income | $ | 912 | $ | 804 |
| Diluted earnings per share | $ | 1.12 | $ | 0.98 |
"""


def test_figures_by_period_say_the_part_of_the_year_their_currency_and_scale(
    tmp_path: Path,
) -> None:
    pairs, _ = _run(tmp_path, "results.md", QUARTER_MD)
    assert pairs.get("What was the revenue in the second quarter of 2025?") == (
        "$4,210 (in millions)"
    ), pairs
    assert pairs.get("What were the diluted earnings per share in the second quarter of 2024?") == (
        "$0.98"
    ), pairs


RULES_UNDER_LABELS_MD = """# Trustee handbook

## Conduct

Harassment: The trustee must provide a workplace that is free of harassment.

Wage orders: A debtor is more likely to finish a plan when payments are made by wage order.

Disclosure duty: The duty to disclose is the subject of several provisions of this handbook.

Escrow account: A bank account that holds the funds of a sale until it closes.
"""


def test_a_rule_under_a_label_is_not_asked_as_its_definition(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "labels.md", RULES_UNDER_LABELS_MD)
    asked = " ".join(pairs).casefold()
    assert "what is harassment" not in asked and "what are wage orders" not in asked, list(pairs)
    assert "disclosure duty" not in asked, list(pairs)
    assert "What is an escrow account?" in pairs, list(pairs)


LISTS_MD = """# Trustee handbook

## Discharge of Debtor

- Certify to the court when the debtor has completed the plan.
- Object to a hardship discharge when the debtor is not eligible.
- Send the second notice to holders of support claims.

## Wellness Program

- A yearly health check with a nurse.
- Twelve free sessions at the partner gym.
- A budget of 200 euros for sports equipment.

## Meeting of Creditors

Trustees meet the creditors of each debtor once, and the debtor must attend.

- Check the identity of the debtor.
- Ask the debtor about the plan.
- Write down who attended.
"""


def test_a_list_under_a_heading_is_asked_only_as_what_a_thing_holds(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "lists.md", LISTS_MD)
    assert "What does the wellness program include?" in pairs, list(pairs)
    assert "Send the second notice" not in " ".join(pairs.values()), list(pairs)
    assert not [q for q in pairs if "meet of" in q], list(pairs)


TITLES_FAQ_MD = """# Student FAQ

Do I still have to pay fees if I study online?

Working While a Student

Can I work off campus?

Students on a study visa may work off campus for up to 20 hours a week during term.

Parking and Transport
"""


def test_a_title_after_a_question_is_no_answer_and_ends_the_one_before(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "faq.md", TITLES_FAQ_MD)
    assert "Do I still have to pay fees if I study online?" not in pairs, pairs
    assert pairs.get("Can I work off campus?", "").endswith("20 hours a week during term."), pairs


def test_a_limit_question_drops_the_preposition_that_took_the_figure(tmp_path: Path) -> None:
    text = TITLES_FAQ_MD.replace("Can I work off campus?\n", "Working Off Campus\n")
    pairs, _ = _run(tmp_path, "work.md", text)
    asked = "How many hours a week can students on a study visa work off campus during term?"
    assert asked in pairs, list(pairs)


SECURITY_TXT = """Site Security Guide

Routers

Filtering routers are the easiest component to understand in a firewall.
Portable hosts are a particular risk for every site.
A bastion host is a computer that is exposed to the Internet and hardened against attack.
Any plan for responding to security incidents should be guided by local policies and laws.

2.1 How do I report an incident?

Call the security desk on 555 0100 and describe what you saw, when and where.
"""


def test_judgements_are_no_definitions_and_a_singular_subject_keeps_its_quantifier(
    tmp_path: Path,
) -> None:
    pairs, _ = _run(tmp_path, "guide.txt", SECURITY_TXT)
    asked = " ".join(pairs)
    assert "filtering routers" not in asked.casefold() and "portable hosts" not in asked, pairs
    assert "What is a bastion host?" in pairs, list(pairs)
    assert "How should any plan for responding to security incidents be guided?" in pairs, asked
    assert "How do I report an incident?" in pairs, list(pairs)


PAPER_MD = """# Passage retrieval

## Method

A dense retriever is a model that maps questions and passages to vectors of the same size.

## References

Natural questions: a benchmark for question answering research.

TriviaQA is a large scale dataset for reading comprehension.
"""


def test_a_list_of_works_cited_is_not_asked(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "paper.md", PAPER_MD)
    assert "What is a dense retriever?" in pairs, list(pairs)
    assert not [q for q in pairs if "natural questions" in q.casefold() or "TriviaQA" in q], pairs


def test_a_name_with_a_capital_inside_keeps_its_capitals(tmp_path: Path) -> None:
    text = "# Datasets\n\n## Reading\n\nTriviaQA is a large dataset for reading comprehension.\n"
    pairs, _ = _run(tmp_path, "datasets.md", text)
    assert "What is TriviaQA?" in pairs, list(pairs)


def test_a_count_a_sentence_gives_is_asked_with_what_it_counts(tmp_path: Path) -> None:
    text = "# Leave\n\nEmployees get 25 days of paid vacation a year.\n"
    pairs, _ = _run(tmp_path, "leave.md", text)
    asked = "How many days of paid vacation do employees get a year?"
    assert pairs.get(asked, "").startswith("Employees get 25 days"), pairs


ADDED_MD = """\
# Contoso Travel Policy

## Training budget

Employees can claim up to $1,500 per year for external training courses. Employees can also
claim up to $300 per year for books.

## Remote work

Staff may also work from home two days a week with the approval of their manager.
"""


def test_a_question_drops_the_also_that_points_to_a_sentence_it_does_not_show(
    tmp_path: Path,
) -> None:
    pairs, _ = _run(tmp_path, "travel.md", ADDED_MD)
    books = [q for q, a in pairs.items() if "$300" in a]
    assert books, list(pairs)
    for question in pairs:
        assert not re.search(r"(?i)\b(?:also|additionally|likewise)\b", question), question


STATEMENT_CSV = """\
"In thousands, except per share amounts","Three Months Ended March 31, 2024","Three Months Ended March 31, 2023"
Net sales,"$41,250","$38,900"
Operating income,"6,120","5,480"
Diluted earnings per share,$1.12,$0.97
"""


def test_a_statement_column_headed_by_its_period_is_asked_in_that_period_with_its_unit(
    tmp_path: Path,
) -> None:
    pairs, _ = _run(tmp_path, "statement.csv", STATEMENT_CSV)
    assert pairs, "a statement of figures by period gives questions"
    for question, answer in pairs.items():
        # Never the header pasted in as if it were a field of the row.
        assert not re.search(r"(?i)what is the three months", question), question
        if re.search(r"(?i)net sales|operating income", question):
            assert "the three-month period ended March 31, 20" in question, question
            assert answer.startswith("$") and answer.endswith("(in thousands)"), (question, answer)
    # A figure printed without its currency sign is in the currency of its column.
    income = [a for q, a in pairs.items() if "operating income" in q]
    assert income and all(a.startswith(("$6,120", "$5,480")) for a in income), pairs


CHANGE_CSV = """\
Metric,FY2024,FY2023,YoY %
Revenue,"$12,400","$11,050",12%
Gross margin,41%,39%,2 pts
Operating expenses,"$3,210","$3,380",(5)%
"""


def test_a_change_column_is_asked_between_the_periods_it_compares(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "results.csv", CHANGE_CSV)
    changes = {q: a for q, a in pairs.items() if "change" in q.lower()}
    assert changes, list(pairs)
    for question in changes:
        # Which periods the change is between, never "the percentage change for Revenue".
        assert "from FY2023 to FY2024" in question, question
    assert changes.get("What was the percentage change in revenue from FY2023 to FY2024?") == "12%"


SET_OFF_MD = """\
# Payroll Guide

## Statements

Employees will receive, no later than March 1, a statement of their annual leave balance.
The payroll office must send, within 10 days of a request, a copy of any payslip.

## Budgets

The finance office will provide to each team the budget form, no later than June 1 of every
year, as well as a description of the materials that must accompany it.
"""


def test_a_figure_set_off_by_commas_leaves_no_comma_behind_in_its_question(
    tmp_path: Path,
) -> None:
    pairs, _ = _run(tmp_path, "payroll.md", SET_OFF_MD)
    asked = [q for q, a in pairs.items() if re.search(r"March 1|10 days|June 1", a)]
    assert len(asked) == 3, list(pairs)
    for question in asked:
        assert not re.search(r"\b(?:receive|send|form),", question), question
        # What the pair of commas kept apart from the object stays out of the question.
        assert "as well as" not in question, question
    assert "By when will employees receive a statement of their annual leave balance?" in asked


TOP_CSV = """\
Customer,Revenue (USD)
Top 5 customers,"1,250,000"
Northwind Traders,"410,000"
Fabrikam,"300,000"
Contoso,"220,000"
Tailspin Toys,"190,000"
Wide World Importers,"130,000"
All others,"2,100,000"
"""


def test_a_top_five_table_is_never_asked_for_its_lowest_row(tmp_path: Path) -> None:
    # The lowest of the top five is not the lowest customer: the table cannot tell.
    pairs, _ = _run(tmp_path, "customers.csv", TOP_CSV)
    assert pairs, "a ranking gives questions"
    assert not [q for q in pairs if re.search(r"(?i)\b(?:lowest|fewest|least)\b", q)], list(pairs)
    assert pairs.get("Which customer has the highest revenue?") == "Northwind Traders (410,000 USD)"


WHY_MD = """\
# Backup Guide

## Storage

Writing backups to tape is slower than writing them to disk, but it has the advantage of
lower cost because tapes can be stored offline for years.

Backups are encrypted because the tapes leave the building.
"""


def test_a_why_question_asks_only_what_its_reason_explains(tmp_path: Path) -> None:
    pairs, _ = _run(tmp_path, "backup.md", WHY_MD)
    # The reason explains the lower cost, not why tape is slower.
    assert not [q for q in pairs if re.search(r"(?i)^why .*slower", q)], list(pairs)
    assert "Why are backups encrypted?" in pairs


HALVES_CSV = """\
State,Rate (per 100000),State,Rate (per 100000)
Alabama,117,Montana,131
Alaska,125,Nebraska,122
Arizona,110,Nevada,114
Arkansas,109,New Hampshire,139
California,121,New Jersey,131
"""


def test_a_table_printed_in_two_halves_side_by_side_is_asked_as_one_table(
    tmp_path: Path,
) -> None:
    pairs, _ = _run(tmp_path, "rates.csv", HALVES_CSV)
    rates = {"Alabama": "117", "Alaska": "125", "Arizona": "110", "Arkansas": "109"}
    rates |= {"California": "121", "Montana": "131", "Nebraska": "122", "Nevada": "114"}
    rates |= {"New Hampshire": "139", "New Jersey": "131"}
    assert pairs, "the rows of both halves are asked"
    for question, answer in pairs.items():
        # Montana is no fact about Alabama: each state is answered with its own rate.
        assert not re.search(r"(?i)\bthe state for\b", question), question
        state = next((s for s in rates if s in question or answer.startswith(s)), None)
        assert state and rates[state] in answer, (question, answer)
    # The highest is taken over both halves, not the first alone.
    highest = [a for q, a in pairs.items() if "highest" in q]
    assert highest == ["New Hampshire (139 per 100000)"], pairs


DATES_MD = """\
# Trustee Handbook

## Audits

Every standing trustee has an independent audit each year.
A written report on the results of the audit is issued to the standing trustee no later than
January 31.
The annual budget must be submitted by June 2025 to the regional office.
"""


def test_a_deadline_leaves_no_digit_of_its_date_in_the_question(tmp_path: Path) -> None:
    # "no later than January 31" is taken out whole: never "... the standing trustee1?", and
    # "by June 2025" never leaves "025" behind.
    pairs, _ = _run(tmp_path, "trustee.md", DATES_MD)
    asked = [q for q in pairs if q.startswith("By when")]
    assert asked, list(pairs)
    assert not [q for q in asked if re.search(r"\d", q)], asked


PLACEHOLDER_CSV = """G1,H1,I3
Overview 1,Purpose 1,Extra 1
Overview 2,Purpose 2,Extra 2
Overview 3,Purpose 3,Extra 3
"""


def test_a_header_of_cell_addresses_is_never_asked_as_a_column_name(tmp_path: Path) -> None:
    # Placeholder labels named after their own cells are no names a user says.
    pairs, _ = _run(tmp_path, "placeholders.csv", PLACEHOLDER_CSV)
    assert not any(re.search(r"(?i)\bthe [ghi]\d\b", q) for q in pairs), list(pairs)
    assert wording.raw_identifier("What is the h1 of the Overview 1 g1?")
    assert wording.raw_identifier("Which installer is the x86 build for?") is None
    assert wording.raw_identifier("What was the Q1 revenue of Contoso?") is None


FIGURE_HEADER_CSV = """Web pages,3.71T,3.32T,21.32T
Algebraic Stack,11.8B,10.8B,44.0B
Encyclopedic,3.7B,3.16B,16.2B
Math proofs,2.1B,1.9B,8.8B
"""


def test_a_figure_read_as_a_column_name_is_never_asked(tmp_path: Path) -> None:
    # A table whose first row of figures was taken for its header would ask "What is the
    # 3.32T of ...?": no user says a figure where the name of a column belongs.
    pairs, _ = _run(tmp_path, "mix.csv", FIGURE_HEADER_CSV)
    assert not any(re.search(r"\bthe \d[\d.]*T\b", q) for q in pairs), list(pairs)
    assert wording.raw_identifier("What is the 3.32T of the Algebraic Stack?")
    assert wording.raw_identifier("What was the 2023 revenue of Contoso?") is None
    assert wording.raw_identifier("What is the price of the 2 GB plan?") is None
