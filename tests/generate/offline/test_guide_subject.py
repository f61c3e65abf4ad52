"""The program a guide is about: from its title, the sentences it acts in, or the lead
and headings when its code runs it; never a variable its code assigns or a class."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.guide_subject import guide_subject
from datasetkit.knowledge import load_file


def _subject(tmp_path: Path, text: str) -> str | None:
    path = tmp_path / "guide.md"
    path.write_text(text, encoding="utf-8")
    return guide_subject(load_file(path))


def test_the_lead_names_the_program_its_code_runs(tmp_path: Path) -> None:
    text = (
        "# Install\n\nFirst, install Tidyup locally:\n\n```\nnpm install tidyup\n```\n\n"
        "Then format every file:\n\n```\nnpx tidyup . --write\n```\n\n"
        "## Editors\n\nMost editors run Tidyup on save. Tidyup reads the project's settings.\n"
    )
    assert _subject(tmp_path, text) == "Tidyup"


def test_an_assigned_variable_or_a_class_is_no_program(tmp_path: Path) -> None:
    text = (
        "# Background work\n\nQueue work after the response is sent.\n\n"
        "```python\ntasks = Queue()\ntasks.add(send_email)\n```\n\n"
        "## About Queue\n\nA Queue holds the tasks. Each Queue runs its tasks in order. "
        "The tasks run after the response, and tasks that fail are logged.\n"
    )
    assert _subject(tmp_path, text) is None


def test_a_title_cased_compound_the_prose_writes_in_lower_case_is_no_program(
    tmp_path: Path,
) -> None:
    # A title capitalises every part of a compound ("Just-in-Time"); the sentences write it
    # in lower case, so it is a term, not the name of a program the questions should end on.
    text = (
        "# Just-in-Time Compilation for Small Interpreters\n\n"
        "A just-in-time compiler turns hot loops into machine code. The just-in-time "
        "approach records one path through the loop. Most just-in-time designs keep an "
        "interpreter for cold code, and Just-in-Time is often shortened to JIT.\n\n"
        "```\nloop: add r1, r2\n      jmp loop\n```\n"
    )
    assert _subject(tmp_path, text) is None


def test_a_name_with_capitals_inside_its_parts_stays_a_name(tmp_path: Path) -> None:
    text = (
        "# Getting Started with FastGrid\n\nFastGrid draws tables. Install FastGrid with pip, "
        "then call fastgrid from the shell. FastGrid reads CSV files.\n\n"
        "```\n$ fastgrid data.csv\n```\n"
    )
    assert _subject(tmp_path, text) == "FastGrid"


def test_a_keyword_that_opens_a_line_of_source_code_is_no_program(tmp_path: Path) -> None:
    # "virtual void draw();" opens with a keyword of the language, not a command the guide
    # runs: the word the prose also writes ("Virtual functions ...") names no program.
    text = (
        "# Designing Class Libraries\n\n"
        "A library's classes are extended by its users. Virtual methods let a subclass "
        "change how a shape is drawn. Mark a method virtual only when a subclass needs it, "
        "and document every virtual method.\n\n"
        "```\nclass Shape {\npublic:\n    virtual void draw();\n    virtual int area() const;\n};\n```\n\n"
        "## Rules\n\nA class with virtual methods needs three subclasses. Keep virtual "
        "methods few: each virtual call costs time.\n"
    )
    assert _subject(tmp_path, text) is None
