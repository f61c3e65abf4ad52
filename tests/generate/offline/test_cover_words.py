"""Who a document is about, from its cover and its title: a cover line of dictionary words
under the title line that the body capitalises (a field of study, a programme) names no
organisation, so no question ends "at <Field>"; a title that names a kind of document
after a dash ("<Name> - Complete Documentation") names what the document is about before
it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.context import doc_context
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.plan import chunk_documents
from datasetkit.knowledge import load
from tests.helpers.offline_prompts import offline_prompts

COVER = """\
NORTHBAY University

Marine Biology

Field Course Requirements

The field course is run every summer by the Marine Biology programme, and the Marine
Biology staff plan each day of it with the students who take part in the course.

## Scope

The course will give students a week of practice in sampling the plants and animals of
the shore. The course will be held at the coastal station near the harbour.

## Constraints

The boat must carry no more than twelve students at a time. Sampling must stop when the
wind is stronger than force five.

## Equipment

The station will provide nets, buckets and microscopes for every group of students.

## Staff

The Marine Biology office answers questions about the course by email, and Marine
Biology lecturers give the lectures in the evening.
"""


def test_cover_line_of_dictionary_words_names_no_organisation(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "course.md", COVER, 12)
    assert "What will the station provide?" in prompts, prompts
    assert not any("Marine Biology" in p for p in prompts), prompts


TITLED = """\
# DBMate - Complete Documentation

## Overview

DBMate keeps the schema of a database in plain files and applies every change in order.
It runs on Linux, macOS and Windows, and it needs no server of its own to run.

## Limits

DBMate applies at most 500 changes in one run.
"""


def _subject(path: Path, text: str) -> str | None:
    path.write_text(text, encoding="utf-8")
    chunk = chunk_documents([d for d in load([path]) if d.sections])[0]
    found = subject_of(chunk, doc_context(chunk))
    return found.name if found else None


def test_title_naming_a_kind_of_document_after_a_dash_names_its_subject(tmp_path: Path) -> None:
    assert _subject(tmp_path / "dbmate.md", TITLED) == "DBMate"
