"""A reference table of code elements (options, environment variables) is asked what
each element does and its default, the element quoted as code and named by its kind; a
table whose first column holds plain words, or whose snake_case names are only column
labels, is not asked this way."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

REFERENCE_MD = """# Relay settings

## Environment Variables

Relay reads the following environment variables.

| Variable | Description | Default |
| --- | --- | --- |
| `RELAY_HOME` | Folder where relay keeps its queues. | `~/.relay` |
| `RELAY_MAX_RETRIES` | Number of times a message is sent again before it is dropped. | `5` |
| `RELAY_LOG_FORMAT` | Format of the log lines: `text` or `json`. | _(unset)_ |

## Command options

| Option | Description |
| --- | --- |
| `--dry-run` | Print what would be sent without sending it. |
| `--queue <name>` | Send only the messages of the named queue. |
"""

PLAIN_MD = """# Plans

| Plan | Description | Default |
| --- | --- | --- |
| Basic | One seat and email support. | Monthly billing |
| Team | Ten seats and chat support. | Yearly billing |
"""


def _cases(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, doc)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_reference_table_asks_what_each_element_does_and_its_default(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "relay.md", REFERENCE_MD)
    does = "What does the `RELAY_MAX_RETRIES` environment variable do?"
    assert cases[does] == "Number of times a message is sent again before it is dropped."
    assert cases["What is the default value of the `RELAY_HOME` environment variable?"] == (
        "~/.relay"
    )
    # The page's subject is said where the name does not say it already.
    assert cases["What does the `--dry-run` command option of Relay do?"] == (
        "Print what would be sent without sending it."
    )
    # "(unset)" is no default to ask for.
    assert not any("default value of the `RELAY_LOG_FORMAT`" in q for q in cases)


def test_table_of_plain_names_is_not_asked_as_code(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "plans.md", PLAIN_MD)
    assert not any("`" in q for q in cases)


HEADED_MD = """# Configuring Tidy

## Configuration Options

Tidy reads its options from `tidy.toml`.

### `max_width`

Maximum width of each line before it is wrapped.

- **Default value**: `100`
- **Possible values**: any positive integer

### `trailing_comma`

Whether a trailing comma is added to lists that span several lines.

- **Default value**: `"Vertical"`

### `exclude_files`

NEW: **New in version 2.1.**

> NOTE: The files are matched against the paths relative to the project root.

Files to leave unformatted.

### Node.js

Node.js runs the build scripts of the Tidy web site.
"""


def test_option_named_by_its_heading_is_asked_what_it_does_and_its_values(
    tmp_path: Path,
) -> None:
    cases = _cases(tmp_path, "tidy.md", HEADED_MD)
    named = "the `max_width` configuration option"
    assert cases[f"What does {named} do?"] == "Maximum width of each line before it is wrapped."
    assert cases[f"What is the default value of {named}?"] == "100"
    assert cases[f"Which values does {named} accept?"] == "any positive integer"
    assert not any("`Node.js`" in q for q in cases)
    # A marker set before a note ("NEW: ...") is no property of the option.
    assert not any(" new of" in q.lower() for q in cases)
