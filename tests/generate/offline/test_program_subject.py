"""A question names the program, middleware or data its document is about, the way a
user says it: "... in the <Title> middleware?", "How do I ... with <name>?" (in the
casing the text uses), "... in the pretraining data for <Model>?" (from a table's
caption), never "at <Name>" nor a program's name as an owner."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

MIDDLEWARE = """\
---
title: 'Token Bucket Rate Limit'
description: 'The Token Bucket Rate Limit middleware caps how many requests reach a service'
---

The Token Bucket Rate Limit middleware lets the gateway cap how many requests reach a route in a given period.
Counters can be shared between gateway replicas through an external store.

## Configuration Example

```yaml
kind: Middleware
spec:
  tokenBucket:
    average: 100
    burst: 50
```

## Configuration Options

| Field | Description | Default | Required |
|:------|:------------|:--------|:---------|
| `average` | The number of requests allowed per period on average. | 0 | No |
| `burst` | The largest number of requests allowed in one go above the average. | 1 | No |
| `period` | The length of the period the average is counted over. | 1s | No |
| `sourceCriterion.ipDepth` | The position of the client address in the forwarded header. | 0 | No |
| `store.keyPrefix` | The prefix of the keys the counters are stored under. | "" | No |

## Rejected requests

When a client goes over its limit, the gateway answers with status 429 and a Retry-After header that says when to try again.
"""

LIBRARY_GUIDE = """\
# Tabl4j - Getting Started

tabl4j is a library for reading and writing spreadsheet files in Java. tabl4j can open a workbook from a file or a stream, and tabl4j writes it back in the same format.

## Installing

Add tabl4j to your build with Maven:

```
mvn dependency:get -Dartifact=org.tabl4j:tabl4j-core:2.1.0
```

tabl4j requires Java 11 or later. Most users install tabl4j from Maven Central.

## Opening a workbook

To open a workbook, call Workbook.load with the path of the file. tabl4j reads the sheets lazily, so a large file opens quickly.

## Getting help

Free community support is available in the tabl4j forum and on Stack Overflow. Commercial support for Tabl4j is sold by the sponsor of the project.

## Logging

If debug level logging is not switched on, the loader prints nothing while it reads a sheet.
"""

README = """\
# Quiet Harbor

Quiet Harbor (QH) is a lightweight SDK for scheduling background jobs from web applications.

Developers use Quiet Harbor to run tasks after a response is sent, and the jobs keep running when a worker restarts. Teams that adopt Quiet Harbor report fewer lost tasks.

## Get started with Quiet Harbor

Add the quiet harbor package to your project with pip:

```
pip install quiet-harbor
```

Then create a scheduler in your application and add a job to it.

## Retries

A failed job is retried three times before it is marked as lost. The delay between two tries doubles each time, starting at five seconds.

## Logging

The log level is set in the settings file. The default log level is warning.

## Storage

If a worker stops, its jobs are picked up by another worker within a minute. Jobs are kept in one local file by default. The file is named jobs.db and lives in the working folder.

## Learn more

To learn more and get started:

- Read the documentation
- Join the community chat
- Attend the monthly office hours

## License

Licensed under the MIT license.
"""

CAPTIONED = """\
# Training Orca 3

## Pretraining data

The mix used for this stage is listed below. It holds about four trillion tokens, most of them from web pages.

| Source | Type | Tokens | Docs |
|---|---|---|---|
| WebCrawl Base | Web pages | 3.71T | 2.95B |
| CodeStack | Code | 83.0B | 78.7M |
| PaperSet | Academic papers | 58.6B | 38.8M |
| MathPages | Math web pages | 12.2B | 2.89M |

Table 1 Composition of the pretraining data for Orca 3. The mix is composed of code, papers and web text.

We combine the sources above and remove duplicates before training.
"""


def test_a_middleware_page_names_the_middleware_its_text_says_its_title_is(
    tmp_path: Path,
) -> None:
    questions = list(text_pairs(tmp_path, "rate-limit.md", MIDDLEWARE))
    fields = [q for q in questions if "field" in q]
    assert len(fields) >= 5
    assert all(q.endswith(" in the Token Bucket Rate Limit middleware?") for q in fields)
    assert not any(" at Token" in q or "Token's" in q for q in questions)


def test_a_library_is_named_as_its_text_spells_it_and_a_task_is_done_with_it(
    tmp_path: Path,
) -> None:
    # The title capitalises the name ("Tabl4j - Getting Started"); the sentences write it
    # in lower case. A how-to question is done "with" the library, never "at" it.
    questions = list(text_pairs(tmp_path, "guide.md", LIBRARY_GUIDE))
    assert "How do I open a workbook with tabl4j?" in questions
    assert not any("Tabl4j" in q for q in questions)


def test_a_readme_titled_by_a_name_of_plain_words_names_it(tmp_path: Path) -> None:
    # "Quiet Harbor": two English words, which the text repeats as a name ("Quiet Harbor
    # (QH) is a lightweight SDK"); a question of its steps says whose they are.
    questions = list(text_pairs(tmp_path, "README.md", README))
    assert "How do I learn more and get started with Quiet Harbor?" in questions


def test_a_table_caption_below_the_table_says_what_its_figures_are_of(tmp_path: Path) -> None:
    # "Table 1 Composition of the <data> for <Model>." (no colon after the number, as some
    # styles print it, and under the table): each figure is said to be in that data.
    questions = list(text_pairs(tmp_path, "paper.md", CAPTIONED))
    rows = [q for q in questions if q.startswith(("How many", "What type"))]
    assert len(rows) >= 6
    assert all(q.endswith(" in the pretraining data for Orca 3?") for q in rows)


GERMAN_MIDDLEWARE = """\
---
title: 'Token Bucket Rate Limit'
---

Die Token Bucket Rate Limit middleware begrenzt, wie viele Anfragen eine Route in einem
Zeitraum erreichen. Die Zähler können zwischen den Instanzen des Gateways geteilt werden.

## Konfiguration

| Feld | Beschreibung | Standardwert | Pflicht |
|:-----|:-------------|:-------------|:--------|
| `average` | Die Zahl der Anfragen, die im Mittel je Zeitraum erlaubt sind. | 0 | Nein |
| `burst` | Die größte Zahl von Anfragen, die auf einmal erlaubt ist. | 1 | Nein |
| `period` | Die Länge des Zeitraums, über den der Mittelwert gezählt wird. | 1s | Nein |
| `store.keyPrefix` | Das Präfix der Schlüssel, unter denen die Zähler liegen. | "" | Nein |
"""


def test_a_page_in_another_language_gets_no_english_subject_phrase(tmp_path: Path) -> None:
    # The English "in the <Title> middleware" is not put into German questions: the
    # mechanism declines there.
    questions = list(text_pairs(tmp_path, "ratenbegrenzung.md", GERMAN_MIDDLEWARE))
    assert not any(" in the " in q or " at " in q for q in questions)


PRODUCT_MIDDLEWARE = """\
---
title: "Gatekeep HTTP Retry Documentation"
---

The `retry` middleware sends a request to a backend server again when that server does
not reply. As soon as the server answers, the middleware stops retrying.

## Configuration Options

| Field | Description | Default | Required |
|:------|:------------|:--------|:---------|
| `attempts` | The number of times the request is sent before giving up. | 0 | Yes |
| `initialInterval` | The first wait between two tries; later waits grow. | 100ms | No |
| `timeout` | How long one try may take before it counts as failed. | 0s | No |
| `status` | The answers from the server that count as failed. | "" | No |
"""


def test_a_product_page_names_the_middleware_its_title_ends_with(tmp_path: Path) -> None:
    # "<Product> HTTP Retry Documentation" over "The `retry` middleware ...": the page is
    # about the product's retry middleware, asked "in the <Product> HTTP Retry middleware".
    questions = list(text_pairs(tmp_path, "retry.md", PRODUCT_MIDDLEWARE))
    fields = [q for q in questions if "`" in q]
    assert len(fields) >= 3
    assert all(q.endswith(" in the Gatekeep HTTP Retry middleware?") for q in fields)
    assert not any(" at Gatekeep" in q or "Gatekeep's" in q for q in questions)


CLI_GUIDE = """\
## User Guide

This guide describes what fastfind does and how to use it.

### Basics

fastfind is a command line tool that searches your files for a pattern. fastfind
reads each file line by line, and fastfind prints every line that matches. If a file is
binary, fastfind skips it. fastfind supports regular expressions, and fastfind uses
every core of the machine.

```
$ ff 'fn main' src/
```

### Ignore files

To search the files an ignore file leaves out, pass the --no-ignore flag. The
--hidden flag also searches hidden files and folders.

### Binary data

Binary mode decides what happens when a file holds a NUL byte. The purpose of binary mode
is to keep raw bytes out of the terminal.
"""


def test_a_tool_its_guide_writes_in_lower_case_is_named(tmp_path: Path) -> None:
    # "fastfind is a command line tool": a name, though the guide never capitalises it
    # and its code runs it by another name ("ff").
    questions = list(text_pairs(tmp_path, "GUIDE.md", CLI_GUIDE))
    unnamed = [q for q in questions if "fastfind" not in q and "What is" in q]
    assert questions
    assert not unnamed
    assert any(q.endswith(" in fastfind?") or q.endswith(" with fastfind?") for q in questions)
