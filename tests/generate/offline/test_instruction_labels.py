"""A label or heading that tells the reader what to do ("Install the server: <command>",
"Configure the middleware" over steps) is asked "How do I ...?", never "What is ...?"."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

GUIDE = """# Widget Server Guide

Widget Server is a small web server for serving widgets to browsers.

## Configure the middleware

1. Open the file `config.yaml` in your editor.
2. Add the `auth` block under the `middleware` key.
3. Restart the server so the change takes effect.

## Setup

Install the server: pip install widget-server

Set up the port: set PORT to 8080 in the environment before starting.

Deployment: the act of copying the server to a host and starting it there.
"""


def test_instruction_labels_and_headings_are_asked_how(tmp_path: Path) -> None:
    doc = tmp_path / "guide.md"
    doc.write_text(GUIDE, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert pairs.get("How do I install the server?") == "pip install widget-server", pairs
    assert "How do I set up the port?" in pairs, pairs
    steps = pairs.get("How do I configure the middleware?", "")
    assert "Open the file config.yaml" in steps and "Restart the server" in steps, pairs
    assert not [q for q in pairs if q.lower().startswith(("what is the install", "what is set"))]


def test_noun_phrases_gerunds_and_prepositions_are_no_instruction() -> None:
    from datasetkit.generate.offline.language.imperative import imperative_task
    from datasetkit.generate.offline.language.words import DocWords

    words = DocWords(["Install the pip package and set up the tent."])
    assert imperative_task("Install the pip package", words) == "install the pip package"
    for label in ("The pip package", "Installing the package", "Under the hood", "All the rest"):
        assert imperative_task(label, words) is None, label


TIPS = """# Writing Prompts for the Assistant

The assistant answers best when a prompt tells it what is wanted.

## Tips

Be specific: The more specific your prompt is, the better the answer the assistant gives.

Use examples: Examples of the answer you expect show the assistant the format to follow.

Keep it short: Long prompts bury the request under details the assistant does not need.
"""


def test_a_tip_labelled_as_an_order_is_no_task(tmp_path: Path) -> None:
    # A label that orders a quality or a habit, explained by a sentence, is advice: no
    # "How do I be specific?" and no "What is use examples?".
    doc = tmp_path / "tips.md"
    doc.write_text(TIPS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    asked = [q.lower() for q in pairs]
    assert not [
        q for q in asked if q.startswith(("how do i be", "how do i use ex", "how do i keep"))
    ]
    assert not [q for q in asked if q.startswith(("what is be", "what is use", "what is keep"))]
