"""A table's column said as its page's users say it: a product word with a capital inside
("JavaScript", "GitHub") is said as written, never split like a stored field's name; a
column of sentences is asked by its name only when the page's own running text uses it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.tables.said import said_words
from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Quillmark platforms

Quillmark converts Markdown notes into printable booklets.

| JavaScript runtime | Status | Minimum version |
|---|---|---|
| Node | Complete | 18 |
| Deno | Partial | 1.40 |
| Bun | Ignored | 1.1 |
| Workers | Partial | 3.0 |
"""


def _page(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "platforms.md"
    doc.write_text(PAGE, encoding="utf-8")
    return _pairs(_cases([doc], 20)[0])


def test_a_product_word_is_never_split_into_pieces(tmp_path: Path) -> None:
    pairs = _page(tmp_path)
    assert any("JavaScript runtime" in q for q in pairs), pairs
    assert not any("java script" in q.lower() for q in pairs), pairs
    # A stored field's name is still said as words.
    assert said_words("unitPrice") == "unit Price"
    assert said_words("UnitPrice") == "Unit Price"
    assert said_words("LaTeX feature") == "LaTeX feature"
    assert said_words("GitHub account") == "GitHub account"


INPUTS = """# Quillmark inputs

Quillmark reads the notes of a folder in the order of their names and prints each one as \
a chapter. A note may hold footnotes, tables, formulas and images; the table below says \
how far each of them is carried into the printed booklet, and what the reader sees.

| Input | Status | Current contract |
|---|---|---|
| Footnotes | Complete | Every footnote is numbered per chapter and printed at the foot of its page. |
| Tables | Partial | Tables wider than the page are split into column groups with a repeated first column. |
| Formulas | Ignored | Formulas stay in the source as written and nothing is typeset. |
| Images | Complete | Images are scaled to the page width and keep their captions and alt text. |
"""


def test_a_column_of_sentences_is_asked_by_a_name_its_page_uses(tmp_path: Path) -> None:
    # "Current contract" names the column for the table; the page's sentences never say
    # it, and "What is the current contract of the Tables input?" is no user's question.
    doc = tmp_path / "inputs.md"
    doc.write_text(INPUTS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert not any("contract" in q.lower() for q in pairs), pairs
    assert any("status" in q.lower() for q in pairs), pairs


def test_a_product_name_ending_in_s_is_one_thing() -> None:
    # "What do MkDocs provide?": a name with a capital inside is no plural noun.
    from datasetkit.generate.offline.language.words import is_plural

    assert not is_plural("MkDocs")
    assert not is_plural("the RoboDocs")
    assert is_plural("GitHub Actions")
    assert is_plural("benefits")


PORTS = """# Porting the add-in

The add-in was first written for one runtime and is being ported to the others. Each port
reuses the parts that read and write documents, and only the parts that talk to the
editor are written again for the new runtime, which keeps the work small.

| Runtime | Status |
|---|---|
| Java runtime | implemented in the first release of the library |
| .NET runtime | not done, could be ported from the Java code quite easily |
| Python runtime | started, with reading done and writing still missing |
"""


def test_a_one_word_column_of_sentences_is_still_asked(tmp_path: Path) -> None:
    # "Status" names what any such column holds, whatever the page's sentences say.
    doc = tmp_path / "ports.md"
    doc.write_text(PORTS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert any(q.startswith("What is the status") for q in pairs), pairs


OPTIONS = """# Formatter options

The formatter reads its options from a settings file or from the command line.

## Line width

Specify the line length that the formatter will wrap on.

| Default | Command line | Settings file |
|---|---|---|
| `80` | `--line-width <int>` | `lineWidth: <int>` |

## Quote style

Use single quotes instead of double quotes.

| Default | Command line | Settings file |
|---|---|---|
| `false` | `--single-quote` | `singleQuote: <bool>` |
"""


def test_a_table_of_one_row_names_no_row_by_its_cells(tmp_path: Path) -> None:
    # Any cell of a one-row table is unique in it: "the 80 default" names nothing.
    doc = tmp_path / "options.md"
    doc.write_text(OPTIONS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    for q in pairs:
        assert " default?" not in q and "80" not in q and "--" not in q, pairs


COSTS = """# Required actions

The operators must complete each action below on every aircraft of the type. The costs
are estimated from the hours each action takes and an hourly rate, and parts are supplied
by the manufacturer at no cost to the operators for the actions listed here.

| Action | Labor cost | Parts cost |
|---|---|---|
| Sensor test | 4 work-hours × $85 per hour = $340 | $0 |
| Wiring change | Up to 9 work-hours × $85 per hour = Up to $765 in all | $20 |
| Software load | 2 work-hours × $85 per hour = $170 | $0 |
"""


def test_a_column_of_sums_is_no_column_of_sentences(tmp_path: Path) -> None:
    doc = tmp_path / "costs.md"
    doc.write_text(COSTS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert any("labor cost" in q.lower() for q in pairs), pairs
