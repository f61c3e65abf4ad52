"""A subject goes into a question only when the evidence says the whole document (or the
section holding the answer) is about it: not a heading that names a part of the page, not
a cover's date line, not a tool a guide uses on something it names more often, and a
list is not asked "for" a heading that is an order, a numbered part or a gerund's clause."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

FORMAT_PAGE = """# Export File Format

The export file is a JSON document that lists the events a trace recorded. Every event in
the export file has the properties below, and the format of each property is fixed.

## Properties

| Property | Description |
|---|---|
| `name` | The kind of event that occurred. |
| `id` | A unique identifier of the event in the file. |
| `start` | The start time of the event, in UTC. |
"""

NAMED_PAGE = FORMAT_PAGE.replace("# Export File Format", "# Tracewell Export")

GUIDE = """# Debugging

Tidewater is built with an emphasis on stability. When Tidewater crashes, it writes a
report of what happened. Tidewater keeps its state in memory, so a crash of Tidewater
loses what Tidewater held. This guide shows how to inspect Tidewater with a debugger.

## What is GDB?

GDB is the GNU Debugger: a program that inspects the internal state of another program.
GDB can attach to a running program. GDB can read a core file.

## Attaching to a running process

Find the process ID of Tidewater first, then run:

```
$ gdb -p 58414
```

## Collecting a core file

To collect a core file:

1. Stop the running process.
2. Copy the core file to a safe place.
3. Compress the core file.

The core file is kept for 30 days.

## Reporting

Tidewater developers need the stack trace. Send the stack trace to the Tidewater team.
"""

PLAYBOOK = """# Project Playbook

## Building your team

### Roles

- A product owner who decides what is built.
- A delivery lead who runs the planning meetings.
- Two engineers who write and review the code.

## Weather and safety

### Resources

- The local forecast, checked every morning.
- The site safety officer, on call during every shift.
- The first aid kit, kept in the site office.
"""


def _asked(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return _pairs(_cases([doc], 30)[0])


def test_a_heading_naming_a_part_of_the_page_is_no_products_name(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "format.md", FORMAT_PAGE)
    # The text writes "export", "file" and "format" in lower case: a kind of page, not a
    # product a property belongs to ("... property of Export File Format?").
    assert pairs["What does the `name` property do?"] == "The kind of event that occurred."
    assert not any("Export File Format" in q for q in pairs), list(pairs)


def test_a_name_the_title_gives_still_says_whose_property(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "named.md", NAMED_PAGE)
    assert "What does the `name` property of Tracewell Export do?" in pairs, list(pairs)


def test_a_tool_a_guide_uses_is_not_what_the_guide_is_about(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "debugging.md", GUIDE)
    # The page runs gdb and a heading names it, but it names Tidewater far more often:
    # "How long is the core file kept in GDB?" names the wrong program.
    assert pairs["How long is the core file kept?"] == "The core file is kept for 30 days."
    assert not any(q.endswith(("in GDB?", "with GDB?")) for q in pairs), list(pairs)


def test_a_list_is_not_asked_for_a_heading_that_is_a_clause(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "playbook.md", PLAYBOOK)
    # "What are the roles for building your team?" ends on a clause; asked bare it says
    # not whose roles: not asked. A heading that is a topic still names its list.
    assert not any("building your team" in q.lower() for q in pairs), list(pairs)
    assert not any(q.startswith("What are the roles") for q in pairs), list(pairs)
    assert any(q.startswith("What are the resources for weather and safety") for q in pairs), list(
        pairs
    )


def test_a_cover_date_line_is_no_organisation(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    for line in ("WORLD TRADE OUTLOOK", "UPDATE", "2023", "JAN"):
        d.add_paragraph(line)
    body = (
        "Global trade is projected to grow by 2.1 percent in 2023, after 3.4 percent in "
        "2022, as higher interest rates slow demand for goods across most economies. "
        "Shipping costs fell sharply in Jan 2023 and are expected to stay low. "
        "Container volumes rose in Jan 2023 for the first time in a year. "
        "Port congestion eased in Jan 2023 as new capacity opened."
    )
    d.add_paragraph(body)
    d.add_paragraph("The forecast for trade growth in 2024 is 3.0 percent.")
    d.add_paragraph("Trade must be kept open to support the recovery of world output.")
    path = tmp_path / "outlook.docx"
    d.save(str(path))
    pairs = _pairs(_cases([path], 30)[0])
    assert pairs, "the outlook's facts are asked"
    # "What is the forecast for trade growth in 2024 at Jan?": a month is no one's name.
    assert not any("Jan?" in q or "Jan's" in q for q in pairs), list(pairs)


ROUTES = """# Quillo

## Routes

The route methods configure the endpoints of your application. Quillo supports two ways
to declare a route: the shorthand methods and the full declaration.

```js
const quillo = require('quillo')({ logger: true })

quillo.get('/', (request, reply) => reply.send({ hello: 'world' }))
```

Routes must be registered before the server starts listening. A route can be given its own
log level, and the log level must be one of the levels Quillo knows.

The default request timeout is 30 seconds.
"""

EXCLAIMED = """# Hello, Shipwright!

Shipwright is the build system and package manager of the Tern language. Most Tern
developers use Shipwright to manage their projects, because Shipwright handles a lot of
tasks for you, such as building your code and downloading the libraries it depends on.

## Creating a project

To create a project, run:

```console
$ shipwright new hello_shipwright
```

The program prints Hello, world! when it runs, and the test checks that it printed
Hello, world! once.
"""


def test_a_program_the_pages_code_imports_is_asked_in_not_at(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "routes.md", ROUTES)
    # "When must routes be registered at Quillo?": a program, not a place of work.
    assert "When must routes be registered in Quillo?" in pairs, list(pairs)
    assert not any(q.endswith("at Quillo?") for q in pairs), list(pairs)


def test_a_title_that_exclaims_names_no_one(tmp_path: Path) -> None:
    pairs = _asked(tmp_path, "hello.md", EXCLAIMED)
    # "How do I create a project at Hello?": the greeting's first word is no one's name.
    assert not any("Hello?" in q for q in pairs), list(pairs)
    assert "How do I create a project with Shipwright?" in pairs, list(pairs)


def test_a_heading_that_names_a_kind_of_page_is_no_owner(tmp_path: Path) -> None:
    # The text says "trace" and "export" in lower case, never "format": the heading's last
    # word names the kind of page it is (a format, a schema), not a product.
    page = FORMAT_PAGE.replace("# Export File Format", "# Trace Export Format").replace(
        ", and the format of each property is fixed", ""
    )
    pairs = _asked(tmp_path, "trace.md", page)
    assert pairs["What does the `start` property do?"] == "The start time of the event, in UTC."
    assert not any("Format" in q for q in pairs), list(pairs)
