"""A Word file whose package relationships include one without a type (found by
fuzzing) is read like any other, never a bug report."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import docx

from datasetkit.io.safety import FALLBACKS
from datasetkit.knowledge.loader import load_file


def _untyped_relationship(tmp_path: Path) -> Path:
    d = docx.Document()
    d.add_heading("Travel Policy", level=0)
    d.add_paragraph("Economy class is booked for flights under six hours.")
    buf = io.BytesIO()
    d.save(buf)
    out = io.BytesIO()
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "_rels/.rels":
                # The core properties' relationship loses its Type attribute.
                data = re.sub(rb'Type="[^"]*core-properties"\s*', b"", data)
                assert b"core-properties" not in data
            dst.writestr(item, data)
    path = tmp_path / "untyped.docx"
    path.write_bytes(out.getvalue())
    return path


def test_a_relationship_without_a_type_is_no_bug_report(tmp_path: Path) -> None:
    before = len(FALLBACKS)
    doc = load_file(_untyped_relationship(tmp_path))
    assert len(FALLBACKS) == before
    assert "Economy class is booked" in "\n".join(s.text for s in doc.sections)
    assert doc.title == "Travel Policy"
