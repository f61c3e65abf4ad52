"""A project's read-me is asked as its users ask it: how to install and run it (the
command a lead-in sentence introduces) and what each command-line option does."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

README = """# FileTool

FileTool is a lightweight Python utility for converting office documents to plain text.

## Installation

To install FileTool, use pip:

```bash
pip install filetool
```

FileTool requires Python 3.10 or later.

## Usage

To convert a file from the command line, run:

```bash
filetool convert report.docx -o report.txt
```

### Options

- `--pages`: the pages to convert, such as 1-5.
- `--quiet`: print no progress messages.
- `--encoding`: the text encoding of the output file.
"""


def test_a_command_after_its_lead_in_answers_how_to(tmp_path: Path) -> None:
    doc = tmp_path / "README.md"
    doc.write_text(README, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert "pip install filetool" in pairs.get("How do I install FileTool?", ""), pairs
    # The question may end naming the tool (the document's subject).
    run = [a for q, a in pairs.items() if q.startswith("How do I convert a file from the command")]
    assert run and "filetool convert report.docx" in run[0], pairs


def test_an_option_is_asked_what_it_does(tmp_path: Path) -> None:
    # "What are --pages?", "What is the --quiet?": a flag is no term to define.
    doc = tmp_path / "README.md"
    doc.write_text(README, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    flags = [q for q in pairs if "--" in q]
    assert flags, pairs
    # The program the read-me's code runs is what the option belongs to, said once.
    ends = (" option do?", " option do in FileTool?")
    assert all(q.startswith("What does the --") and q.endswith(ends) for q in flags), flags


def test_what_a_tool_requires_is_asked(tmp_path: Path) -> None:
    doc = tmp_path / "README.md"
    doc.write_text(README, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert pairs.get("What does FileTool require?") == "FileTool requires Python 3.10 or later.", (
        pairs
    )


def test_a_requirement_misread_from_a_conditional_is_not_asked() -> None:
    # "<X> would also require the following tools.": the subject a reader takes would end
    # in "would", and "the following" points at what the answer does not hold.
    from datasetkit.generate.offline.forms.text.statements import sentence_fact
    from datasetkit.generate.offline.language.words import DocWords

    sentence = "The PDF plug-in would also require the following tools."
    assert sentence_fact(sentence, DocWords(()), "Plug-ins") is None
