"""Reference pages (a command's options, a lint rule's page, a configuration table, an
API page): each element is asked by its name as typed, with the page it is documented
on, for what it does, its default and the values it accepts; answers are whole."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load
from tests.generate.offline.forms.test_forms import _cases, _pairs

CLI_PAGE = """# brisk sync

`brisk sync` copies the changed files of a folder to a remote store.

```
brisk sync [options] <folder>
```

## Options

### `--dest <url>`

Sets the store the files are copied to. The store must exist before the first sync.

Default: `origin`

### `--dry-run`

Lists the files that would be copied without copying any of them.

Default: `false`

### `--mode <name>`

Chooses how a file that changed on both sides is resolved.

Allowed values: `newer`, `local`, `remote`

Default: `newer`
"""

RULE_PAGE = """# no-shadow-params

Disallows variables that shadow a parameter of the enclosing function.

A variable with the name of a parameter hides the parameter for the rest of the block.

## Rule Details

This rule reports a declaration whose name is the name of a parameter in scope.

Examples of **incorrect** code for this rule:

```js
function area(width) {
  let width = 3;
}
```

## Options

### `ignoreCatch`

When `true`, the parameter of a `catch` clause may be shadowed. Default is `false`.

### `allowUnderscore`

When `true`, names that start with an underscore are not reported.
"""

CONFIG_PAGE = """# Settings reference

Every key below is read from the `[server]` table of the configuration file.

## Keys

| Key | Type | Default | Description |
|---|---|---|---|
| `port` | integer | `8080` | The port the server listens on. |
| `workers` | integer | `4` | How many requests are handled at the same time. |
| `logfile` | string | `server.log` | The file every request is written to. |
"""

API_PAGE = """# Ledger API

## `Ledger.record(amount, memo=None)`

Adds an entry with the given amount to the ledger and returns its number.

## `Ledger.balance(until=None)`

Returns the sum of every entry up to the given date.
"""


def _asked(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return _pairs(_cases([doc], 30)[0])


def test_a_commands_options_are_asked_by_name_with_the_command(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "brisk-sync.md", CLI_PAGE)
    said = "the `--dest` option of the `brisk sync` command"
    assert pairs[f"What does {said} do?"] == (
        "Sets the store the files are copied to. The store must exist before the first sync."
    ), list(pairs)
    assert pairs[f"What is the default value of {said}?"] == "origin"
    # A default of "false" is a value the option has, not a yes/no.
    assert pairs["What is the default value of the `--dry-run` option of the `brisk sync` command?"]
    modes = pairs["Which values does the `--mode` option of the `brisk sync` command accept?"]
    assert modes == "newer, local, remote"
    assert pairs["What does the `brisk sync` command do?"].startswith("brisk sync copies")
    # The option is said as typed, without the placeholder of its argument.
    assert not any("<url>" in q or "<name>" in q for q in pairs), list(pairs)


def test_a_lint_rules_page_is_asked_what_the_rule_checks_and_what_its_options_do(
    tmp_path: Path,
) -> None:
    pairs = _asked(tmp_path, "no-shadow-params.md", RULE_PAGE)
    assert pairs["What does the `no-shadow-params` rule check for?"] == (
        "Disallows variables that shadow a parameter of the enclosing function."
    ), list(pairs)
    catch = pairs["What does the `ignoreCatch` option of the `no-shadow-params` rule do?"]
    assert catch.endswith("Default is false."), catch
    assert "What does the `allowUnderscore` option of the `no-shadow-params` rule do?" in pairs
    # No question takes a part of the page for a thing.
    assert not any(
        "rule details" in q.casefold() or "the option" in q or "details details" in q for q in pairs
    ), list(pairs)


def test_a_configuration_table_of_code_names_is_asked_key_by_key(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "settings.md", CONFIG_PAGE)
    assert pairs["What does the `port` key do?"] == "The port the server listens on.", list(pairs)
    assert pairs["What is the default value of the `workers` key?"] == "4"
    # The type column is no name a row is looked up by ("What type is the 8080 default?").
    assert not any("default?" in q and "value" not in q for q in pairs), list(pairs)


def test_an_api_pages_methods_are_asked_by_their_names(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "ledger.md", API_PAGE)
    assert pairs["What does the `Ledger.record()` method do?"].startswith("Adds an entry"), list(
        pairs
    )
    assert "What does the `Ledger.balance()` method do?" in pairs


def test_markdown_marks_headings_and_cells_set_as_code(tmp_path: Path) -> None:
    doc = tmp_path / "settings.md"
    doc.write_text(CONFIG_PAGE + "\n### `verbose`\n\nPrints more.\n", encoding="utf-8")
    sections = load([doc])[0].sections
    rows = [s for s in sections if s.kind == "table_row"]
    assert rows and all(s.code == ("Key", "Default") for s in rows)
    headings = {s.text: s.code for s in sections if s.kind == "heading"}
    assert headings["verbose"] == ("",) and headings["Keys"] == ()


def test_a_word_table_of_parameters_is_read_as_a_reference(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Harbormaster settings", level=1)
    d.add_heading("Parameters", level=2)
    rows = [
        ("Parameter", "Default", "Description"),
        ("timeout", "30", "Seconds to wait for a reply before a request fails."),
        ("retries", "0", "How many times a failed request is sent again."),
        ("verbose", "off", "Writes every request to the log."),
    ]
    table = d.add_table(rows=len(rows), cols=3)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    path = tmp_path / "harbormaster.docx"
    d.save(str(path))
    pairs = _pairs(_cases([path], 30)[0])
    said = "the `retries` parameter of Harbormaster"
    assert pairs[f"What does {said} do?"] == "How many times a failed request is sent again."
    # A default of 0 is the value the parameter has.
    assert pairs[f"What is the default value of {said}?"] == "0", list(pairs)
