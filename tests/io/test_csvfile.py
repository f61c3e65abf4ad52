"""The shared tolerant CSV reader: quirks of real files, and exact positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from datasetkit.core.headers import compact_header, normalise_header
from datasetkit.io import csvfile as csvutil


def records(text: str, **kw):
    issues: list[csvutil.Issue] = []
    return list(csvutil.iter_records(text, issues=issues, **kw)), issues


def test_crcrlf_line_endings_are_one_break_each_and_give_no_blank_rows():
    text = 'Prompt,Expected response \r\r\nWhat is my ID?,Employee ID\r\r\nCost?,"A, B"\r\r\n'
    table = csvutil.read_table(text)
    assert table.header == ["Prompt", "Expected response "]
    assert [r.values for r in table.rows] == [["What is my ID?", "Employee ID"], ["Cost?", "A, B"]]
    # Physical lines as an editor shows them: one per record.
    assert [r.line for r in table.rows] == [2, 3]
    assert csvutil.line_endings(text) == "crcrlf"


def test_quoted_cells_keep_commas_quotes_and_newlines_with_positions():
    text = 'q,e\n"a, b","say ""hi""\nthere"\nnext,x\n'
    recs, issues = records(text)
    assert issues == []
    assert recs[1].cells == ["a, b", 'say "hi"\nthere']
    assert recs[1].positions == [(2, 1), (2, 8)]
    assert (recs[1].line, recs[1].end_line) == (2, 3)
    assert recs[2].line == 4


def test_spaces_around_quoted_cells_are_tolerated():
    recs, issues = records('"question", "expectedResponse"\n')
    assert recs[0].cells == ["question", "expectedResponse"]
    assert issues == []


def test_unclosed_quote_is_reported_where_it_opens():
    recs, issues = records('q,e\nfine,ok\n"broken,cell\nmore,rows\n')
    assert [i.kind for i in issues] == ["unclosed-quote"]
    assert (issues[0].line, issues[0].column) == (3, 1)
    assert recs[-1].cells[0].startswith("broken,cell")


def test_text_after_closing_quote_is_kept_and_reported():
    recs, issues = records('"abc"def,x\n')
    assert recs[0].cells == ["abcdef", "x"]
    assert issues[0].kind == "text-after-quote"


def test_ragged_rows_report_extra_and_missing_cells_with_record_index():
    table = csvutil.read_table("a,b\n1,2,3\n4\n")
    kinds = {i.kind: i for i in table.issues}
    assert kinds["extra-cells"].index == 0 and kinds["extra-cells"].line == 2
    assert kinds["extra-cells"].column == 5
    assert table.rows[0].overflow == ["3"]
    assert kinds["missing-cells"].index == 1
    assert table.rows[1].values == ["4", ""]
    # Trailing empty cells (Excel pads rows with commas) are not a problem.
    assert csvutil.read_table("a,b\n1,2,,\n").issues == []


def test_comment_rows_are_skipped_and_flagged_only_below_the_header():
    text = '"# title"\n"#"\nquestion,expectedResponse\n"# not a question?",\nreal,\n'
    table = csvutil.read_table(text)
    assert table.header_line == 3
    assert [r.values[0] for r in table.rows] == ["real"]
    assert [c for _, c in table.comments] == ["# title", "#", "# not a question?"]
    assert [(i.kind, i.line) for i in table.issues] == [("comment-after-header", 4)]


def test_header_predicate_skips_title_rows_into_the_preamble():
    text = "Evaluation plan,,\n,,\nID,Question,Answer\n1,q,a\n"
    table = csvutil.read_table(text, comment_prefix=None, is_header=lambda c: "Question" in c)
    assert table.header == ["ID", "Question", "Answer"]
    assert len(table.preamble) == 1
    assert table.rows[0].row == 2  # the header counts as row 1


def test_header_names_normalise_smart_quotes_spaces_and_case():
    assert normalise_header(" “Expected  response” ") == "expected response"
    assert compact_header("Expected response ") == "expectedresponse"
    assert compact_header("\ufeffexpectedResponse") == "expectedresponse"
    assert compact_header("expected_response") == "expectedresponse"


def test_duplicate_and_empty_headers_are_reported():
    table = csvutil.read_table("q,,Q\n1,2,3\n")
    assert {i.kind for i in table.issues} == {"empty-header", "duplicate-header"}


def test_location_points_at_the_cell():
    table = csvutil.read_table('# c\nquestion,expectedResponse\n"a","b"\n"c","d"\n')
    loc = table.location("f.csv", "/1/expectedResponse")
    assert (loc.line, loc.column, loc.row, loc.field) == (4, 5, 3, "expectedResponse")
    assert table.location("f.csv", "/1").line == 4
    assert table.location("f.csv", "/9").line is None


def test_decode_bom_utf16_and_windows_1252():
    d = csvutil.decode(b"\xef\xbb\xbfq\r\nx\r\n")
    assert (d.text, d.bom, d.encoding, d.line_endings) == ("q\r\nx\r\n", True, "utf-8-sig", "crlf")
    d = csvutil.decode("q,e\n".encode("utf-16"))
    assert d.text == "q,e\n" and d.issues[0].kind == "encoding"
    text = "q,e\nOù est le café ?,“Au rez-de-chaussée, près de l'entrée.”\n"
    d = csvutil.decode(text.encode("cp1252"))
    assert d.text == text and d.encoding == "cp1252"
    assert d.issues[0].kind == "encoding" and d.issues[0].line == 2
    assert csvutil.decode(b"a\x00b").issues[0].kind == "binary"


def test_mojibake_is_detected_and_repaired():
    assert csvutil.repair_mojibake("theyÃ¢â‚¬â„¢ll fire") == "they’ll fire"
    assert csvutil.repair_mojibake("employeeâ\x80\x99s leave") == "employee’s leave"
    assert csvutil.repair_mojibake("campus‑wide, it’s ok") is None
    assert csvutil.repair_mojibake("pâte à crêpes") is None


def test_sniff_delimiter():
    assert csvutil.sniff_delimiter("a;b;c\n1;2;3\n") == ";"
    assert csvutil.sniff_delimiter("a\tb\n") == "\t"
    assert csvutil.sniff_delimiter('"x;y",b\n') == ","
    assert csvutil.sniff_delimiter("single\n") == ","


_cell = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(_cell, min_size=2, max_size=4), min_size=1, max_size=5), st.booleans())
def test_written_records_read_back_exactly(rows, always):
    # Rows whose cells are all empty are blank lines, which readers skip by design.
    rows = [r for r in rows if any(c.strip() for c in r)]
    text = "".join(csvutil.format_record(r, always=always) + "\n" for r in rows)
    got = [rec.cells for rec in csvutil.iter_records(text)]
    got = [c for c in got if any(x.strip() for x in c)]
    assert got == rows


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='ab,"\r\n\u2028\x0c', max_size=40))
def test_line_index_agrees_with_the_line_break_rules(text):
    # Reference: every \r\r\n, \r\n, \n or \r ends a line; nothing else does.
    import re

    starts = [0] + [m.end() for m in re.finditer(r"\r\r\n|\r\n|\n|\r", text)]
    index = csvutil.LineIndex(text)
    for offset in range(len(text) + 1):
        line = max(i for i, s in enumerate(starts, start=1) if s <= offset)
        assert index.position(offset) == (line, offset - starts[line - 1] + 1)
