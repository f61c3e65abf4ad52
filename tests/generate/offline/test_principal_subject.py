"""A document whose title names only its kind ("Code of Conduct", "Complete
Documentation") still names what it is about in its body: questions that name nothing
say it, with the preposition the body says it with, and only on clear evidence."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.principal_subject import principal_subject
from datasetkit.knowledge import load
from tests.generate.offline.forms.test_forms import _cases, _pairs

CONDUCT = """# Code of Conduct

Effective from March 1, 2024

Thank you for using Bramblecast, a network where makers share their projects with each
other. Together we can make Bramblecast a place where everyone is respectful and honest.
Our Code of Conduct applies to all members of Bramblecast.

## Be respectful

We require every interaction to be respectful on Bramblecast. Do not share junk mail,
spam or chain letters. Any scams are also prohibited. Do not harass or bully other members.

## Be honest

We require you to use your true identity on Bramblecast. Do not create a fake profile.
Do not share false or misleading information about your projects.

## Reporting

If you believe a particular project was removed in error, you can appeal from the link in
the notice you received. Please report anything unsafe to us. Reports help us keep
Bramblecast safe for everyone.

## Respect the rights of Bramblecast

Do not suggest you are endorsed by Bramblecast when you are not. Do not scrape Bramblecast
or interfere with the service. Bramblecast should not be used for illegal activities.
"""

DOCUMENTATION = """# Complete Documentation

## System Overview

Quillmate is a comprehensive project planning system built with modern web technologies.
It provides task tracking, time reports, budgets and team calendars. Quillmate keeps every
project of a team in one place.

Key Features:

- Task boards with drag and drop
- Automated time reports
- Budget tracking per project
- Shared team calendars

## Security Measures

- Input validation on every form
- Rate limiting on login endpoints
- Encrypted backups every night
"""

# A book its publisher names in the preface only: what it is about is a topic, not the
# publisher, whose name then goes into no question.
PREFACE_ONLY = """# Understanding Procurement

Ostrava Watch prepared this book with the support of its partners. Ostrava Watch thanks
every colleague who reviewed the drafts. Ostrava Watch publishes its studies every year,
and Ostrava Watch answers questions from readers by mail.

## Tendering

A tender is open when any supplier may submit an offer. The buyer publishes the call, the
suppliers submit their offers, and the buyer compares the offers against the criteria.

## Evaluation

The evaluation committee scores each offer. The committee records its reasons in writing.
Offers that arrive after the deadline are not opened. The lowest price does not always win.

## Award

The contract is awarded to the best offer. Losing suppliers are told why within ten days.
A supplier may appeal the award within fifteen days of the notice.
"""


def _written(tmp_path: Path, name: str, text: str) -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_a_platform_its_rules_are_said_on_names_the_questions(tmp_path: Path) -> None:
    f = _written(tmp_path, "conduct.md", CONDUCT)
    pairs = _pairs(_cases([f], 30)[0])
    assert "Are any scams allowed on Bramblecast?" in pairs
    assert any(q.endswith("removed in error on Bramblecast?") for q in pairs), pairs
    # The document's own name is never said as whose rules they are.
    assert not any("at Code of Conduct" in q or "Conduct's" in q for q in pairs), pairs


def test_a_product_its_opening_defines_owns_its_features(tmp_path: Path) -> None:
    f = _written(tmp_path, "docs.md", DOCUMENTATION)
    pairs = _pairs(_cases([f], 30)[0])
    assert "What are Quillmate's security measures?" in pairs, pairs
    # A label's capitals the running text also gives its words ("Key Features:") may be
    # a name: the question is left as it is rather than given a subject.
    assert not any("Quillmate's Key" in q or "Features in Quillmate" in q for q in pairs)


def test_a_publisher_named_only_in_the_preface_is_no_subject(tmp_path: Path) -> None:
    f = _written(tmp_path, "book.md", PREFACE_ONLY)
    assert principal_subject(load([f])[0]) is None
    pairs = _pairs(_cases([f], 30)[0])
    assert pairs
    assert not any("Ostrava" in q for q in pairs), pairs


def test_two_names_as_often_as_each_other_give_no_subject(tmp_path: Path) -> None:
    text = CONDUCT.replace("Do not scrape Bramblecast", "Do not scrape Fernhollow").replace(
        "Bramblecast should not", "Fernhollow should not"
    )
    text = text.replace("keep\nBramblecast safe", "keep\nFernhollow safe")
    text = text.replace("on Bramblecast.", "on Fernhollow.").replace(
        "Thank you for using Bramblecast, a network", "Thank you for using Bramblecast"
    )
    f = _written(tmp_path, "two.md", text)
    assert principal_subject(load([f])[0]) is None


def test_a_topic_acronym_or_a_placeholder_is_no_subject(tmp_path: Path) -> None:
    lab = (
        "# Workshop\n\n"
        "In this workshop you build an AI agent. AI agents answer questions, and AI helps\n"
        "you write them. You test the AI agent, then you publish AI answers to a channel.\n\n"
        "## Lab 1\n\nCreate the agent. AI prompts are written in plain language. AI is\n"
        "everywhere in the lab, and AI models are picked for you.\n"
    )
    assert principal_subject(load([_written(tmp_path, "lab.md", lab)])[0]) is None
    letter = (
        "# Letter\n\nDear XXXX, thank you for your submission to XXXX. XXXX reviewed it,\n"
        "and XXXX will publish it soon. XXXX thanks you again for choosing XXXX.\n\n"
        "## Next steps\n\nXXXX will write to you. Reply to XXXX with any question.\n"
    )
    assert principal_subject(load([_written(tmp_path, "letter.md", letter)])[0]) is None


def test_a_term_the_rules_define_with_a_capital_is_said_as_the_platforms(
    tmp_path: Path,
) -> None:
    page = CONDUCT.replace(
        "## Respect the rights",
        "If you believe action taken on your Account was in error, you can submit a request "
        "to appeal your case.\n\n## Respect the rights",
    )
    doc = tmp_path / "conduct.md"
    doc.write_text(page, encoding="utf-8")
    questions = list(_pairs(_cases([doc], 20)[0]))
    assert not [q for q in questions if "my Account" in q], questions
    assert [q for q in questions if "my Bramblecast account" in q], questions


def test_a_section_heading_under_a_titled_document_is_no_name_of_the_document(
    tmp_path: Path,
) -> None:
    import docx

    from datasetkit.generate.contract import Chunk
    from datasetkit.generate.offline.context import doc_context

    d = docx.Document()
    d.add_heading("Quillmate - Complete Documentation", level=0)
    d.add_heading("Table of Contents", level=1)
    d.add_heading("System Overview", level=1)
    d.add_paragraph("Quillmate is a project planning system built with modern web tools.")
    d.save(tmp_path / "docs.docx")
    doc = load([str(tmp_path / "docs.docx")], None)[0]
    ctx = doc_context(Chunk("c", "", doc.sections[0].provenance, meta={"document": doc}))
    assert ctx.name is None  # never "the System Overview"


def test_an_organisation_defined_with_marks_in_its_kind_is_said_at(tmp_path: Path) -> None:
    page = """# Sponsorship Information

KESTRELUG is a 501(c)(3) non-profit charity devoted to free local training for the \
technical community. Sponsors keep KESTRELUG meetings free for everyone.

## Meetings

Meetings are held monthly, on the second Tuesday, and each one draws about 60 people.

## Sponsorship

An annual sponsorship costs $1,200 and includes a talk at four meetings.

KESTRELUG thanks every sponsor, and KESTRELUG lists each sponsor on its site.
"""
    doc = tmp_path / "sponsors.md"
    doc.write_text(page, encoding="utf-8")
    questions = list(_pairs(_cases([doc], 20)[0]))
    assert [q for q in questions if q.endswith(" at KESTRELUG?")], questions
