"""A heading that asks a question behind a topic label ("Overview: What is <X>?") asks
the question alone, and no question ends on a heading that is a clause or a question
("... for what is <X>?", "... for how <x> works?")."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

PAGE = """# Tidewater — upload files to cloud storage

## Overview: What is Tidewater?

Tidewater is a command-line tool that uploads the files of a folder to cloud storage and
keeps them in step with the folder afterwards.

### Features

- resumes an upload that was cut off, from the last complete part;
- skips files whose content is already stored;
- limits the bandwidth it uses when asked to.

## How Syncing Works

### Steps

1. Tidewater lists the files of the folder.
2. It compares each file with the stored copy.
3. It uploads the files that changed.
"""


def test_a_labelled_question_heading_is_asked_alone(tmp_path: Path) -> None:
    doc = tmp_path / "README.md"
    doc.write_text(PAGE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert "What is Tidewater?" in pairs, pairs
    for q in pairs:
        assert "Overview:" not in q and "??" not in q, pairs
        assert " for what " not in q.lower() and " for how " not in q.lower(), pairs
