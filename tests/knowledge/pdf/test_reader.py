"""PDF files: bookmarks, scans reported by page, encryption, limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import Limits, Provenance, load_file
from tests.helpers.knowledge_fixtures import encrypt_pdf, make_pdf, pdf_file
from tests.helpers.pdf_fixtures import GUIDE, GUIDE_RIGHTS, GUIDE_TITLE, make_claims_guide


def test_bookmarks_give_heading_levels_and_text_comes_as_paragraphs(tmp_path: Path) -> None:
    path = make_claims_guide(tmp_path / "guide.pdf")
    doc = load_file(path, display="guide.pdf")
    # The watermark, the contents typed with dot leaders, running header, page numbers,
    # and the back page's copyright line.
    removed = "knowledge.boilerplate_removed"
    assert [(p.code, p.page) for p in doc.problems] == [
        (removed, 1),
        ("knowledge.toc_skipped", 1),
        (removed, 2),
        (removed, 2),
        (removed, 3),
    ]
    assert [p.severity for p in doc.problems] == ["info"] * 5
    assert "rotated text “DRAFT”" in doc.problems[0].message
    assert "1-3" in doc.problems[0].message
    assert "table of contents (3 entries" in doc.problems[1].message
    assert GUIDE_RIGHTS in doc.problems[4].message
    assert not any(". . ." in s.text or "...." in s.text for s in doc.sections)
    assert doc.title == GUIDE_TITLE
    title = (GUIDE_TITLE,)
    expected = [("heading", 0, GUIDE_TITLE, 1, title)]
    path_of: dict[int, str] = {}
    page = 1
    for depth, heading, paragraphs, page_break in GUIDE:
        # Every heading has the same type style: the bookmark's depth gives its level.
        path_of = {d: t for d, t in path_of.items() if d < depth} | {depth: heading}
        here = title + tuple(path_of[d] for d in sorted(path_of))
        expected.append(("heading", depth + 1, heading, page, here))
        expected += [("paragraph", None, text, page, here) for text in paragraphs]
        page += page_break
    assert [
        (s.kind, s.level, s.text, s.provenance.page, s.provenance.heading_path)
        for s in doc.sections
    ] == expected
    assert doc.sections[4].provenance == Provenance(
        "guide.pdf", page=1, heading_path=(GUIDE_TITLE, "Before you claim", "Documents you need")
    )


def test_without_bookmarks_one_heading_style_is_one_level(tmp_path: Path) -> None:
    path = make_claims_guide(tmp_path / "guide.pdf", outline=False)
    doc = load_file(path, display="guide.pdf")
    levels = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    assert levels == {GUIDE_TITLE: 0} | {heading: 1 for _, heading, _, _ in GUIDE}


def test_scanned_and_blank_pages_are_reported_by_page(tmp_path: Path) -> None:
    path = make_pdf(
        tmp_path / "mixed.pdf", [["Page one has text."], "image", None, ["Page four too."]]
    )
    doc = load_file(path, display="mixed.pdf")
    assert [s.provenance.page for s in doc.sections] == [1, 4]
    assert [(p.code, p.severity, p.page) for p in doc.problems] == [
        ("knowledge.page_no_text", "warning", 2),
        ("knowledge.page_no_text", "warning", 3),
    ]
    assert "only an image" in doc.problems[0].message
    assert "no text" in doc.problems[1].message


def test_a_fully_scanned_pdf_is_an_error(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "scan.pdf", ["image", "image", "image"])
    doc = load_file(path, display="scan.pdf")
    assert doc.sections == []
    [problem] = doc.problems
    assert (problem.code, problem.severity, problem.file) == (
        "knowledge.no_text_layer",
        "error",
        "scan.pdf",
    )
    assert "3 of 3" in problem.message and "OCR" in problem.hint


def test_password_protected_pdf_is_reported(tmp_path: Path) -> None:
    plain = make_pdf(tmp_path / "plain.pdf", [["Confidential salary bands."]])
    locked = encrypt_pdf(plain, tmp_path / "locked.pdf", password="secret")
    doc = load_file(locked, display="locked.pdf")
    assert doc.sections == []
    assert [(p.code, p.severity) for p in doc.problems] == [("knowledge.encrypted", "error")]


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-128", "AES-256"])
def test_pdf_encrypted_with_an_empty_user_password_opens(tmp_path: Path, algorithm: str) -> None:
    # Files protected only against editing or printing open in any viewer; current
    # writers encrypt them with AES.
    from pypdf import PdfReader, PdfWriter

    plain = make_pdf(tmp_path / "plain.pdf", [["Readable without a password."]])
    writer = PdfWriter(clone_from=PdfReader(str(plain)))
    writer.encrypt(user_password="", owner_password="owner-only", algorithm=algorithm)
    path = tmp_path / "owner.pdf"
    with open(path, "wb") as fh:
        writer.write(fh)
    doc = load_file(path, display="owner.pdf")
    assert [s.text for s in doc.sections] == ["Readable without a password."]
    assert doc.problems == []


def test_page_cap_is_reported(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "long.pdf", [[f"Page {i} text."] for i in range(1, 6)])
    doc = load_file(path, display="long.pdf", limits=Limits(max_pdf_pages=3))
    assert [s.provenance.page for s in doc.sections] == [1, 2, 3]
    assert [(p.code, p.page) for p in doc.problems] == [("knowledge.truncated", 4)]
    assert "5 pages" in doc.problems[0].message


def test_damaged_and_fake_pdfs_are_reported(tmp_path: Path) -> None:
    fake = tmp_path / "fake.pdf"
    fake.write_text("not a pdf", encoding="utf-8")
    assert [p.code for p in load_file(fake).problems] == ["knowledge.corrupt"]
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R")
    problems = load_file(cut, display="cut.pdf").problems
    assert problems and problems[0].code in ("knowledge.corrupt", "knowledge.empty")
    assert problems[0].severity == "error"


def test_the_time_budget_is_kept_inside_a_page(tmp_path: Path, monkeypatch) -> None:
    """A page that would run past the file's budget is cut inside its own loops (one huge
    page cannot take minutes), reported as where reading stopped, and the pages read
    before it are kept."""
    import datasetkit.knowledge.pdf.reader as pdf_module
    from datasetkit.knowledge.guard import Deadline

    lines = [f"Line {i} of a page holding a great deal of text." for i in range(40)]
    path = make_pdf(tmp_path / "big.pdf", [["A short first page."], lines, ["Never read."]])
    pages_started: list[int] = []

    class SpentOnPageTwo(Deadline):
        """The budget runs out while page 2 is being read, not between pages."""

        def expired(self) -> bool:
            return False

        def check(self, step: int, every: int = 1024) -> None:
            pages_started.append(step)
            if len(pages_started) > 40:  # well into page 2's characters
                super().check(0, 1)

    monkeypatch.setattr(pdf_module, "Deadline", lambda seconds: SpentOnPageTwo(0.0))
    doc = load_file(path, display="big.pdf")
    assert [s.text for s in doc.sections] == ["A short first page."]
    assert [(p.code, p.page) for p in doc.problems] == [("knowledge.truncated", 2)]
    assert "stopped at page 2 of 3" in doc.problems[0].message


def test_pages_read_before_the_budget_ran_out_are_kept(tmp_path: Path, monkeypatch) -> None:
    import datasetkit.knowledge.pdf.reader as pdf_module
    from datasetkit.knowledge.guard import Deadline

    path = make_pdf(tmp_path / "three.pdf", [["First page text."], ["Second."], ["Third."]])
    asked: list[bool] = []

    class SpentAfterPageOne(Deadline):
        def expired(self) -> bool:
            asked.append(True)
            return len(asked) > 1

        def check(self, step: int, every: int = 1024) -> None:
            return None

    monkeypatch.setattr(pdf_module, "Deadline", lambda seconds: SpentAfterPageOne(60.0))
    doc = load_file(path, display="three.pdf")
    assert [s.text for s in doc.sections] == ["First page text."]
    assert [(p.code, p.page) for p in doc.problems] == [("knowledge.truncated", 2)]


def test_an_outline_of_more_bookmarks_than_a_reader_uses_is_left_out(tmp_path: Path) -> None:
    # 40,000 bookmarks took 15 s to read (pypdf reads them all before the first); past
    # 5,000 they are counted and left out, and the text is read as ever.
    n = 5_001
    first = 6
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>",
        b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
        b"<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 700 Td (Refunds) Tj ET\nendstream",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
        b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (first + n),
        b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (first, first + n - 1, n),
    ]
    for i in range(n):
        after = b"/Next %d 0 R " % (first + i + 1) if i < n - 1 else b""
        objects.append(b"<< /Title (Part %d) /Parent 5 0 R %s/Dest [4 0 R /Fit] >>" % (i, after))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    path = tmp_path / "bookmarks.pdf"
    path.write_bytes(pdf_file(objects, 1))
    doc = load_file(path)
    assert [p.code for p in doc.problems if p.code == "knowledge.outline_skipped"] == [
        "knowledge.outline_skipped"
    ]
    assert "Refunds" in " ".join(s.text for s in doc.sections)
