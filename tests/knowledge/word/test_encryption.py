"""Encrypted Office files: a sensitivity label (rights management) or a password."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.knowledge import load_file
from tests.helpers.docx_fixtures import (
    make_label_protected_office,
    make_legacy_doc_about_encryption,
    make_password_protected_office,
)

LABEL = "protected by a sensitivity label (rights management encrypts its content)"
LABEL_HINT = (
    "open it in Office with an account that may read it, save a copy with a label that does "
    "not encrypt (or ask the label owner to remove the encryption), and retry"
)


@pytest.mark.parametrize("suffix", ["docx", "xlsx"])
def test_label_protected_file_is_encrypted_not_legacy(tmp_path: Path, suffix: str) -> None:
    path = make_label_protected_office(tmp_path / f"labelled.{suffix}")
    doc = load_file(path, display=path.name)
    assert doc.sections == []
    [problem] = doc.problems
    assert (problem.code, problem.severity) == ("knowledge.encrypted", "error")
    assert problem.message == f"the {suffix} file is {LABEL}"
    assert problem.hint == LABEL_HINT


@pytest.mark.parametrize("suffix", ["docx", "xlsx"])
def test_password_protected_file(tmp_path: Path, suffix: str) -> None:
    path = make_password_protected_office(tmp_path / f"locked.{suffix}")
    [problem] = load_file(path).problems
    assert problem.code == "knowledge.encrypted"
    assert problem.message == f"the {suffix} file is password-protected (encrypted)"
    assert "remove the password" in problem.hint
    assert "label" not in problem.message + problem.hint


def test_stream_names_in_a_legacy_files_text_do_not_make_it_encrypted(tmp_path: Path) -> None:
    # The directory is read, not the bytes: this .doc only mentions the names.
    path = make_legacy_doc_about_encryption(tmp_path / "old.docx")
    [problem] = load_file(path).problems
    assert problem.code == "knowledge.legacy_format"
    assert "save it as .docx" in problem.hint


def test_a_directory_that_cannot_be_walked_is_scanned_for_the_names(tmp_path: Path) -> None:
    path = make_label_protected_office(tmp_path / "odd.docx")
    data = bytearray(path.read_bytes())
    data[0x1E] = 7  # a sector size the format does not allow
    path.write_bytes(bytes(data))
    [problem] = load_file(path).problems
    assert (problem.code, problem.message) == ("knowledge.encrypted", f"the docx file is {LABEL}")


def test_ingest_reports_the_label(tmp_path: Path, cli) -> None:
    path = make_label_protected_office(tmp_path / "labelled.docx")
    result = cli("ingest", "--format", "json", str(path))
    assert result.exit_code == 1
    [problem] = json.loads(result.stdout)["documents"][0]["problems"]
    assert (problem["code"], problem["hint"]) == ("knowledge.encrypted", LABEL_HINT)


def test_real_label_protected_docx(corpus: Path, cli) -> None:
    path = corpus / "knowledge" / "SpywareSafety.docx"
    if not path.exists():
        pytest.skip(f"{path} is not in the corpus")
    doc = load_file(path, display=path.name)
    [problem] = doc.problems
    assert (problem.code, problem.message, problem.hint) == (
        "knowledge.encrypted",
        f"the docx file is {LABEL}",
        LABEL_HINT,
    )
    result = cli("ingest", str(path))
    assert result.exit_code == 1
    assert f"`knowledge.encrypted`: the docx file is {LABEL}" in result.stdout
