"""Note boxes written as a quote under a bold label ("> **Note**", "> **Warning:** ...")."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

PAGE = """# Relay Gateway

> **Note**
> Relay Gateway needs Python 3.10 or later.

> **Warning:** Do not run the gateway as root.

> **Hinweis:** Das Gateway lädt seine Einstellungen ohne Neustart.

> **Timeout:** 30 seconds per request.

The gateway listens on port 8080.
"""


def _paragraphs(tmp_path: Path) -> list[tuple[str, str | None]]:
    f = tmp_path / "relay.md"
    f.write_text(PAGE, encoding="utf-8")
    doc = load_file(f, display="relay.md")
    return [(s.text, s.provenance.part) for s in doc.sections if s.kind == "paragraph"]


def test_a_bold_note_label_is_no_word_of_the_note(tmp_path: Path) -> None:
    got = _paragraphs(tmp_path)
    assert ("Relay Gateway needs Python 3.10 or later.", "note") in got
    assert ("Do not run the gateway as root.", "note") in got
    assert ("Das Gateway lädt seine Einstellungen ohne Neustart.", "note") in got


def test_other_bold_labels_and_the_body_stay_as_written(tmp_path: Path) -> None:
    got = _paragraphs(tmp_path)
    assert ("Timeout: 30 seconds per request.", None) in got
    assert ("The gateway listens on port 8080.", None) in got
