"""The spreadsheet reader: xlsx and csv tables, header synonyms, --map, --sheet,
merged cells, empty rows, and values that stay exactly what the cell says."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from datasetkit import formats
from datasetkit.convert.readwrite import read_dataset, write_dataset
from datasetkit.core.findings import DatasetkitError, Severity
from datasetkit.formats import InputFile, ReadOptions, WriteOptions
from datasetkit.formats.copilot_studio import read_sidecar

SHEET = "sheet"


def workbook(
    path: Path, sheets: dict[str, list[list]], merges: dict[str, list[str]] | None = None
) -> str:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is not None:
                    ws.cell(row=r, column=c, value=value)
        for ref in (merges or {}).get(name, []):
            ws.merge_cells(ref)
    wb.save(path)
    return str(path)


def read(path: str, **kw):
    return read_dataset(path, SHEET, ReadOptions(**kw))


def codes(result):
    return {f.code: f for f in result.findings}


def test_synonyms_map_columns_and_values_are_never_coerced(tmp_path):
    path = workbook(
        tmp_path / "t.xlsx",
        {
            "Tests": [
                [
                    "Test ID",
                    "Utterance",
                    "Ground Truth",
                    "Category",
                    "Notes",
                    "Owner",
                    "Score",
                    "Due",
                    "Flag",
                ],
                [
                    "00123",
                    "What is N/A?",
                    "N/A",
                    "Edge",
                    "keep",
                    "ana",
                    70,
                    dt.datetime(2026, 5, 1),
                    True,
                ],
                [7, " padded ", "00123", None, None, None, 0.5, None, False],
            ]
        },
    )
    r = read(path)
    assert r.format == SHEET
    one, two = r.dataset.cases
    assert (one.id, one.first_prompt, one.turns[0].expected_response) == (
        "00123",
        "What is N/A?",
        "N/A",
    )
    assert (one.category, one.notes) == ("Edge", "keep")
    assert one.extra == {
        "Owner": "ana",
        "Score": "70",
        "Due": "2026-05-01",
        "Flag": "TRUE",
    }
    assert (two.id, two.first_prompt, two.turns[0].expected_response) == ("7", " padded ", "00123")
    assert two.extra == {"Score": "0.5", "Flag": "FALSE"}
    assert r.info["sheets"]["Tests"]["columns"] == {
        "prompt": "Utterance",
        "expected_response": "Ground Truth",
        "category": "Category",
        "id": "Test ID",
        "notes": "Notes",
    }


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("prompt", "expected response"),
        ("Question", "expectedResponse"),
        ("query", "answer"),
        ("input", "expected_output"),
        ("Test Utterance", "truth"),
        ("QUESTION ", "ground_truth"),
    ],
)
def test_every_documented_synonym_pair(tmp_path, prompt, expected):
    path = tmp_path / "s.csv"
    path.write_text(f"{prompt},{expected}\nHi?,Hello\n", encoding="utf-8")
    case = read(str(path)).dataset.cases[0]
    assert (case.first_prompt, case.turns[0].expected_response) == ("Hi?", "Hello")


def test_merged_cells_fill_every_row_and_empty_rows_are_skipped(tmp_path):
    path = workbook(
        tmp_path / "m.xlsx",
        {
            "Plan": [
                ["Regression plan (draft)"],
                [],
                ["Category", "Conversation", "Question", "Answer"],
                ["Billing", 1, "Where is my bill?", "In the portal"],
                [None, None, "And last month's?", "Also there"],
                [None, 2, "Can I pay by card?", "Yes"],
                [],
                ["Refunds", 3, "How do refunds work?", None],
            ]
        },
        merges={"Plan": ["A4:A6", "B4:B5", "A1:D1"]},
    )
    r = read(path)
    c1, c2, c3 = r.dataset.cases
    assert [t.prompt for t in c1.turns] == ["Where is my bill?", "And last month's?"]
    assert (c1.kind, c1.category, c2.category, c3.category) == (
        "conversation",
        "Billing",
        "Billing",
        "Refunds",
    )
    assert c1.extensions == {"sheet": {"conversation": "1"}}
    assert c1.source.sheet == "Plan"
    # Worksheet row numbers as Excel shows them; the empty row 7 is skipped.
    assert (c1.source.row, c3.source.row) == (4, 8)
    assert c1.source.turn_pointers == ["/Plan/0", "/Plan/1"]
    assert c3.source.pointer == "/Plan/3"
    loc = r.locate("/Plan/3/Question")
    assert (loc.row, loc.field, loc.path) == (8, "Question", path)


def test_every_sheet_that_maps_is_read_by_default_and_sheet_picks(tmp_path):
    path = workbook(
        tmp_path / "w.xlsx",
        {
            "Read me": [["This workbook holds the tests."], ["Do not edit the ids."]],
            "HR": [["Prompt", "Expected response"], ["Leave?", "25 days"]],
            "IT": [["Question", "Answer"], ["VPN?", "Use the client"]],
        },
    )
    r = read(path)
    assert [c.first_prompt for c in r.dataset.cases] == ["Leave?", "VPN?"]
    assert [c.source.sheet for c in r.dataset.cases] == ["HR", "IT"]
    assert codes(r)["sheet.sheet-skipped"].severity == Severity.INFO
    r = read(path, sheets=["IT"])
    assert [c.first_prompt for c in r.dataset.cases] == ["VPN?"]
    with pytest.raises(DatasetkitError, match="no sheet named 'Ops'") as err:
        read(path, sheets=["Ops"])
    assert "'HR'" in err.value.hint


def test_map_overrides_guesses_and_reports_missing_columns(tmp_path):
    path = workbook(
        tmp_path / "m.xlsx",
        {
            "S": [
                ["Question", "Reworded question", "Gold", "Answer"],
                ["orig?", "better?", "gold answer", "other"],
            ]
        },
    )
    r = read(path, mapping={"prompt": "Reworded question", "expected_response": "Gold"})
    case = r.dataset.cases[0]
    assert (case.first_prompt, case.turns[0].expected_response) == ("better?", "gold answer")
    assert case.extra == {"Question": "orig?", "Answer": "other"}
    r = read(path, mapping={"prompt": "Question", "notes": "Remarks"})
    f = codes(r)["sheet.map.missing-column"]
    assert f.severity == Severity.ERROR and "Reworded question" in f.hint
    with pytest.raises(DatasetkitError, match="'answer' is not a field"):
        read(path, mapping={"answer": "Gold"})


def test_ambiguous_synonyms_are_an_error_that_names_the_map(tmp_path):
    path = tmp_path / "a.csv"
    path.write_text("Question,Query,Answer\nq1,q2,a\n", encoding="utf-8")
    r = read(str(path))
    # A guess would put the wrong column in the output; the error says how to choose.
    assert r.dataset is None or not r.dataset.cases
    f = codes(r)["sheet.header.ambiguous"]
    assert f.severity == Severity.ERROR
    assert "'Question', 'Query'" in f.message and "--map prompt='Question'" in f.hint
    r = read(str(path), mapping={"prompt": "Query"})
    assert r.dataset.cases[0].first_prompt == "q2"
    assert r.dataset.cases[0].extra == {"Question": "q1"}


def test_resolution_is_reported_and_extra_columns_are_case_columns(tmp_path):
    path = tmp_path / "plan.csv"
    path.write_text(
        "User Input,Ground Truths,Contexts,Owner,Status\nq,a,c,ann,Open\n", encoding="utf-8"
    )
    r = read(str(path))
    (case,) = r.dataset.cases
    assert (case.first_prompt, case.turns[0].expected_response, case.turns[0].context) == (
        "q",
        "a",
        "c",
    )
    assert case.extra == {"Owner": "ann", "Status": "Open"}
    line = codes(r)["sheet.columns"].message
    assert (
        "'User Input' -> prompt" in line and "carried as extra columns: 'Owner', 'Status'" in line
    )


def test_a_header_that_says_question_is_guessed_and_marked(corpus):
    path = str(corpus / "copilot-studio/copilot-studio-agents__evaluation-scorecard.xlsx")
    r = read(path)
    assert len(r.dataset.cases) == 8
    first = r.dataset.cases[0]
    assert (first.first_prompt, first.category) == (
        "What is the standard lead time for a Tier 1 account?",
        "Grounded fact",
    )
    assert first.turns[0].extra["Turns"] == "3"
    guessed = [f.message for f in r.findings if f.code == "sheet.columns"]
    assert any("'Opening question' -> prompt (guessed from its name)" in m for m in guessed)
    skipped = {f.location.pointer for f in r.findings if f.code == "sheet.sheet-skipped"}
    assert "/Run log" in skipped


def test_no_table_names_the_sheets_and_suggests_a_map(tmp_path):
    path = workbook(
        tmp_path / "n.xlsx",
        {"Log": [["Run", "Date", "Opening line"], ["1", "x", "Hello there"]]},
    )
    r = read(path)
    assert r.dataset is None
    f = codes(r)["sheet.no-table"]
    assert "'Log'" in f.message and "Opening line" in f.message
    r = read(path, mapping={"prompt": "Opening line"}, sheets=["Log"])
    assert r.dataset.cases[0].first_prompt == "Hello there"


def test_kit_export_groups_multiturn_rows_into_conversations(corpus):
    path = str(corpus / "copilot-studio/bradrlaw-copilot-studio-evals__eval_scenarios_kit.csv")
    r = read_dataset(path)
    assert r.format == SHEET
    cases = r.dataset.cases
    assert len(cases) == 22 and sum(len(c.turns) for c in cases) == 36
    conv11 = next(c for c in cases if c.extensions["sheet"]["conversation"] == "conv011")
    assert [t.extra["Order"] for t in conv11.turns] == ["1", "2", "3"]
    assert conv11.turns[0].extra["Expected Tools"] == "payee.search"
    regex = next(t for c in cases for t in c.turns if t.expected_response)
    assert regex.expected_response.startswith("(?i)")


def test_harness_csv_with_unquoted_commas_is_repaired(corpus):
    path = str(corpus / "copilot-studio/copilotstudiosamples__test_cases.csv")
    r = read_dataset(path)
    assert r.format == SHEET
    answers = [c.turns[0].expected_response for c in r.dataset.cases]
    assert answers[0] == (
        "The capital of France is Paris, which is known for its historical landmarks like the "
        "Eiffel Tower and the Louvre Museum."
    )
    assert answers[2] == "H3O is the correct chemical symbol for water."
    fixed = [f for f in r.findings if f.code == "sheet.csv.extra-cells"]
    assert [f.location.line for f in fixed] == [2, 3]
    assert all(f.severity == Severity.WARNING for f in fixed)


def test_ragged_row_that_cannot_be_repaired_is_an_error(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("question,answer,category\nq,a,b,c\n", encoding="utf-8")
    r = read(str(path))
    f = codes(r)["sheet.csv.extra-cells"]
    assert f.severity == Severity.ERROR and f.location.line == 2
    assert r.dataset.cases[0].extra == {"(extra cells)": ["c"]}


def test_semicolon_tsv_bom_and_title_rows(tmp_path):
    semi = tmp_path / "eu.csv"
    semi.write_bytes("\ufeffTitle;;\nFrage;Question;Answer\nx;Geht's?;Ja, gern\n".encode())
    r = read(str(semi))
    assert (r.dataset.cases[0].first_prompt, r.dataset.cases[0].turns[0].expected_response) == (
        "Geht's?",
        "Ja, gern",
    )
    assert codes(r)["sheet.preamble"].location.line == 1
    assert r.dataset.cases[0].source.line == 3
    semi.write_bytes(b"Question;Answer\nGeht's?;Ja; gern\n")
    r = read(str(semi))
    assert r.dataset.cases[0].turns[0].expected_response == "Ja; gern"
    tsv = tmp_path / "t.tsv"
    tsv.write_text("prompt\texpected\na, b\tc\n", encoding="utf-8")
    assert read(str(tsv)).dataset.cases[0].first_prompt == "a, b"


def test_rows_without_a_prompt_are_skipped_with_a_warning(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("prompt,answer\nq1,a1\n,orphan answer\n,,\nq2,a2\n", encoding="utf-8")
    r = read(str(path))
    assert [c.first_prompt for c in r.dataset.cases] == ["q1", "q2"]
    (f,) = [f for f in r.findings if f.code == "sheet.row.no-prompt"]
    assert (f.location.line, f.location.row) == (3, 3)
    assert r.dataset.cases[1].source.pointer == "/2"  # record index, blank row excluded


def test_unreadable_workbooks_are_clear_errors(tmp_path):
    xls = tmp_path / "old.xls"
    xls.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    with pytest.raises(DatasetkitError, match=r"old \.xls"):
        read(str(xls))
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(DatasetkitError, match="cannot be opened as an Excel workbook"):
        read(str(broken))


def test_sheet_is_detected_for_workbooks_but_yields_to_specific_csv_formats(corpus, tmp_path):
    xlsx = workbook(tmp_path / "d.xlsx", {"S": [["Question"], ["q"]]})
    assert formats.detect(InputFile(xlsx)).name == SHEET
    smoke = str(corpus / "copilot-studio/copilot-studio-eval-framework__smoke.csv")
    assert formats.detect(InputFile(smoke)).name == "copilot-studio"
    assert formats.get(SHEET).writable is False


def test_workbook_converts_to_a_copilot_studio_set_with_its_sidecar(tmp_path):
    path = workbook(
        tmp_path / "plan.xlsx",
        {
            "Cases": [
                ["ID", "Prompt", "Expected response", "Category"],
                ["T-1", "Reset my password?", "Use the portal", "IT"],
                ["T-2", "Holiday allowance?", None, "HR"],
            ]
        },
    )
    ds = read(path).dataset
    out = write_dataset(
        ds, tmp_path / "plan.csv", to="copilot-studio", options=WriteOptions(strict=True)
    )
    assert out.findings == []
    assert (tmp_path / "plan.csv").read_text(encoding="utf-8") == (
        '"Question","Expected response"\n"Reset my password?","Use the portal"\n"Holiday allowance?",\n'
    )
    data, _ = read_sidecar(tmp_path / "plan.setup.md")
    assert [(c["id"], c["category"]) for c in data["cases"]] == [("T-1", "IT"), ("T-2", "HR")]
    back = read_dataset(str(tmp_path / "plan.csv")).dataset
    assert [(c.id, c.category) for c in back.cases] == [("T-1", "IT"), ("T-2", "HR")]


def test_detection_reads_only_the_head_of_a_big_csv(tmp_path):
    import tracemalloc

    big = tmp_path / "big.csv"
    big.write_text(
        "Question,Answer\n" + "".join(f'"q {i}, {"x" * 80}",a {i}\n' for i in range(20_000)),
        encoding="utf-8",
    )
    assert big.stat().st_size > 1_500_000
    for name in (SHEET, "copilot-studio", "copilot-studio-conversation"):
        fmt = formats.get(name)
        tracemalloc.start()
        score = fmt.sniff(InputFile(str(big)))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        # Detection runs on every input: a small head, never the whole file.
        assert peak < 200_000, (name, peak)
        expected = {"sheet": 0.25, "copilot-studio": 0.15, "copilot-studio-conversation": 0.0}
        assert score == expected[name]
    # So a Question,Answer table is read by the sheet reader, which maps Answer.
    assert formats.detect(InputFile(str(big))).name == SHEET


def test_pandas_text_for_a_missing_cell_is_no_answer(tmp_path):
    # DataFrame.astype(str).to_csv writes a missing answer as "nan".
    p = tmp_path / "qa.csv"
    p.write_text("Question,Answer\nWhere?,nan\nWhen?,Today.\nWho?,NaN\n", encoding="utf-8")
    res = read_dataset(str(p))
    turns = [c.turns[0] for c in res.dataset.cases]
    assert [(t.prompt, t.expected_response) for t in turns] == [
        ("Where?", None),
        ("When?", "Today."),
        ("Who?", None),
    ]
    (told,) = [f for f in res.findings if f.code.endswith("missing-value")]
    assert told.severity == Severity.WARNING and "'Answer'" in told.message


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("Frage,Antwort", "Wo ist das Büro?,Im 3. Stock."),
        ("Pregunta,Respuesta esperada", "¿Dónde está la oficina?,En el piso 3."),
        ("Question,Reponse", "Où est le bureau ?,Au 3e étage."),
        ("質問,回答", "オフィスはどこですか？,3階です。"),
        ("问题,答案", "办公室在哪里？,在三楼。"),
        ("Pergunta,Resposta", "Onde fica o escritório?,No 3º andar."),
    ],
)
def test_headers_in_other_languages_take_their_roles(tmp_path, header, row):
    p = tmp_path / "qa.csv"
    p.write_text(f"{header}\n{row}\n", encoding="utf-8")
    res = read_dataset(str(p))
    assert res.format == SHEET
    (case,) = res.dataset.cases
    prompt, expected = row.split(",")
    assert (case.turns[0].prompt, case.turns[0].expected_response) == (prompt, expected)
