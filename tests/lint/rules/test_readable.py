"""The readable-question rules: raw identifiers, unresolved references, templated
questions and answers that cut a list, on cases reviewers discarded (verbatim)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit import lint

RULES = {
    "lint.prompt.raw-identifier",
    "lint.prompt.unresolved-reference",
    "lint.prompt.templated",
    "lint.expected.cut-list",
    "lint.prompt.holds-answer",
    "lint.expected.tells-nothing",
    "lint.prompt.broken-clause",
    "lint.expected.no-definition",
    "lint.prompt.names-nothing",
    "lint.prompt.repeated-word",
    "lint.expected.raw-identifier",
}


def _codes(tmp_path: Path, prompt: str, expected: str, evidence: str = "") -> set[str]:
    item: dict[str, object] = {"prompt": prompt, "expected_response": expected}
    if evidence:
        item["extensions"] = {"datasetkit": {"evidence": evidence}}
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": [item]}), encoding="utf-8")
    report = lint(str(f))
    return {x.code for x in report.findings} & RULES


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("What is the perishable of the Extra Virgin Olive Oil product_name?", "raw-identifier"),
        ("What is the stock_quantity of the olive oil?", "raw-identifier"),
        ("What is the three months ended june 30 of the As Reported column 1?", "raw-identifier"),
        ("What are the sheet1 details for Cloud?", "raw-identifier"),
        # a spreadsheet column's letters where its name belongs
        ("What is the column AA of the missions cost?", "raw-identifier"),
        ("What is the total column AE?", "raw-identifier"),
        ("What is the outputs.details.unit_price of the Trail Pack?", "raw-identifier"),
        ("What was the inputs.latency for the enrolment question?", "raw-identifier"),
        ("What can I do if this is the case?", "unresolved-reference"),
        ("Can I move money between either account?", "unresolved-reference"),
        ("How is such non-binding mediation administered?", "unresolved-reference"),
        ("What does the Mortgage Product Guide say about mode of disbursement?", "templated"),
        ("What should I know about surety bonds?", "templated"),
        # a heading word taken for the thing under it (names-nothing reports "the option")
        ("What does the option do?", "names-nothing"),
        ("What does the Options section say?", "templated"),
        # the template's noun met the heading's last word
        ("How long is the notice notice period?", "repeated-word"),
        ("What does the `--force` flag flag do?", "repeated-word"),
    ],
)
def test_discarded_prompts_are_found(tmp_path: Path, prompt: str, code: str) -> None:
    assert _codes(tmp_path, prompt, "An answer that says something.") == {f"lint.prompt.{code}"}


def test_a_good_case_gets_none_of_them(tmp_path: Path) -> None:
    assert not _codes(
        tmp_path,
        "How many bottles of the olive oil are in stock?",
        "12 bottles are in stock.",
    )
    assert not _codes(tmp_path, "Is it possible to work from home on Fridays?", "Yes.")
    # A column named by what it holds, in capitals, is no placeholder.
    assert not _codes(tmp_path, "Which AWS column holds the region?", "The Region column.")
    # A web domain or "e.g." is no field's path.
    assert not _codes(tmp_path, "Is the help site contoso.com open on Sundays?", "Yes, e.g. now.")


def test_an_answer_that_cuts_its_list_is_found(tmp_path: Path) -> None:
    assert _codes(tmp_path, "How do I submit an appeal?", "Submit it as follows:") == {
        "lint.expected.cut-list"
    }
    assert _codes(tmp_path, "What are the four steps of an appeal?", "Fill in the form.") == {
        "lint.expected.cut-list"
    }
    whole = "Fill in the appeal form\nAttach the decision letter\nSend both to HR\nWait"
    assert not _codes(tmp_path, "What are the four steps of an appeal?", whole)


def test_a_count_in_a_phrase_that_scopes_the_question_asks_for_no_list(tmp_path: Path) -> None:
    # "the three months ended June 30" is a period, not three items the answer must list.
    asked = "What were the costs and expenses in the three months ended June 30, 2023?"
    assert not _codes(tmp_path, asked, "$22,607 million.")
    assert _codes(tmp_path, "List the three documents I need to bring.", "Your passport.") == {
        "lint.expected.cut-list"
    }


@pytest.mark.parametrize(
    ("prompt", "expected", "code"),
    [
        (
            "What is the mudguard for the Ridge Runner boots?",
            "Protective mudguard",
            "tells-nothing",
        ),
        (
            "What is the hip belt of the Alpine Pack?",
            "Adjustable for added support",
            "tells-nothing",
        ),
        ("What is the version number of the price sheet?", "0", "tells-nothing"),
        (
            "What happens when the supplier notifies the buyer of any delay in delivery?",
            "The supplier notifies the buyer of any delay in delivery in writing.",
            "holds-answer",
        ),
    ],
)
def test_a_case_that_tells_nothing_is_found(
    tmp_path: Path, prompt: str, expected: str, code: str
) -> None:
    kind = "prompt" if code == "holds-answer" else "expected"
    assert _codes(tmp_path, prompt, expected) == {f"lint.{kind}.{code}"}


def test_a_figure_asked_from_its_sentence_is_not_found(tmp_path: Path) -> None:
    assert not _codes(
        tmp_path,
        "Within how many days must the supplier report a delay?",
        "The supplier must report a delay in writing within 5 days.",
    )
    assert not _codes(
        tmp_path, "What is the insole type of the TrailWalker?", "Removable EVA insole"
    )


@pytest.mark.parametrize(
    "prompt",
    [
        "So what did the committee decide about remote work?",
        "What is because the server restarts every night?",
        "What does the billing service use a queue that is known for?",
        "Yearly maintenance costs of the pumps?",
    ],
)
def test_a_prompt_that_is_no_clause_is_found(tmp_path: Path, prompt: str) -> None:
    assert _codes(tmp_path, prompt, "An answer that says something.") == {
        "lint.prompt.broken-clause"
    }


def test_a_prompt_in_another_language_is_not_read_as_english(tmp_path: Path) -> None:
    item = {
        "prompt": "Jährliche Wartungskosten der Pumpen?",
        "expected_response": "1.200 Euro.",
        "extensions": {"datasetkit": {"language": "de"}},
    }
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": [item]}), encoding="utf-8")
    assert not {x.code for x in lint(str(f)).findings} & RULES


@pytest.mark.parametrize(
    ("prompt", "found"),
    [
        ("What is the subtotal?", True),
        ("What does the checklist provide?", True),
        ("How do I resolve?", True),
        ("What are options?", True),
        ("What is the subtotal of the March expense report?", False),
        ("What does the Contoso checklist provide?", False),
        ("What is a security policy?", False),
        ("What is the limit in 2024?", False),
    ],
)
def test_a_prompt_that_names_nothing_is_found(tmp_path: Path, prompt: str, found: bool) -> None:
    codes = _codes(tmp_path, prompt, "An answer that says something.")
    assert ("lint.prompt.names-nothing" in codes) is found, codes


def test_a_word_said_twice_is_found_whatever_the_language(tmp_path: Path) -> None:
    def codes(prompt: str) -> set[str]:
        return _codes(tmp_path, prompt, "Eine Antwort.")

    assert codes("Wie lange gilt die Frist für für Teilzeitkräfte?") == {
        "lint.prompt.repeated-word"
    }
    # German says "die die" before a relative clause; a name may repeat a word.
    assert not codes("Welche Regeln gelten für Teams, die die Zeiterfassung nutzen?")
    assert not codes("Where is the Bora Bora office?")


def _codes_in(tmp_path: Path, prompt: str, language: str) -> set[str]:
    item = {
        "prompt": prompt,
        "expected_response": "An answer that says something.",
        "extensions": {"datasetkit": {"language": language}},
    }
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": [item]}), encoding="utf-8")
    return {x.code for x in lint(str(f)).findings} & RULES


@pytest.mark.parametrize(
    ("prompt", "language"),
    [
        ("What does me'll need to install the add-in?", "en"),
        ("How do I do anything with the export tool?", "en"),
        ("Wie kann ich etwas tun, um den Export zu starten?", "de"),
        ("Quels outils similaires propose la bibliothèque ?", "fr"),
        ("¿Qué herramientas similares ofrece la biblioteca?", "es"),
    ],
)
def test_a_prompt_whose_verb_phrase_is_no_clause_is_found_in_four_languages(
    tmp_path: Path, prompt: str, language: str
) -> None:
    # The same shapes the generation gate rejects: a hand-written set gets them too.
    assert "lint.prompt.broken-clause" in _codes_in(tmp_path, prompt, language)


def test_a_choice_between_named_alternatives_is_a_clause(tmp_path: Path) -> None:
    prompt = "Which is the more expensive plan, Basic or Plus?"
    assert "lint.prompt.broken-clause" not in _codes_in(tmp_path, prompt, "en")


def test_a_stored_name_as_the_whole_answer_is_found(tmp_path: Path) -> None:
    assert _codes(tmp_path, "What is the workspace of the daily sales report?", "RS_SALES") == {
        "lint.expected.raw-identifier"
    }
    assert _codes(tmp_path, "Where does the risk report live?", "RS_TDC/RS_RISK.") == {
        "lint.expected.raw-identifier"
    }
    # Asked for a name a user types, the stored name is the answer.
    assert not _codes(tmp_path, "Which environment variable sets the log level?", "LOG_LEVEL")
    assert not _codes(tmp_path, "Which setting turns retries off?", "max_retries")
    # A code of capitals and a number, and words in capitals, are no stored names.
    assert not _codes(tmp_path, "Which order was shipped late?", "SO-10042")
    assert not _codes(tmp_path, "Which area owns the cube?", "COMERCIAL")
