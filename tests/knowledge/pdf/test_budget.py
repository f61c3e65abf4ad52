"""PDF bombs: streams that inflate, and pages that draw, far beyond any real document are
stopped before PDFium or pypdf decode them; the pages before the bomb are read."""

from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from datasetkit.knowledge import Limits, load_file
from datasetkit.knowledge.pdf.budget import PdfLimits, scan_file
from tests.helpers.knowledge_fixtures import make_pdf, pdf_file
from tests.helpers.pdf_bombs import MB, bomb, deflate_repeated

BOMBS = {
    # kind: (what it inflates or draws, words of the reason)
    "flate": (1024 * MB, "times its packed size"),
    "operators": (200 * MB, "times its packed size"),
    "forms": (0, "drawing operators"),
    "inline": (1024 * MB, "an inline image"),
}


def _load(tmp_path: Path, data: bytes, limits: Limits | None = None):
    path = tmp_path / "bomb.pdf"
    path.write_bytes(data)
    return load_file(path, display="bomb.pdf", limits=limits or Limits(max_size=None))


@pytest.mark.parametrize("kind", sorted(BOMBS))
def test_a_bomb_page_stops_reading_and_the_pages_before_it_are_kept(tmp_path, kind):
    size, words = BOMBS[kind]
    doc = _load(tmp_path, bomb(kind, size or MB, good_pages=2))
    bombs = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert len(bombs) == 1, [p.message for p in doc.problems]
    found = bombs[0]
    assert (found.severity, found.page) == ("warning", 3)
    assert words in found.message and "page 3" in found.message
    pages = {s.provenance.page for s in doc.sections}
    assert pages == {1, 2}
    assert "Unused items can be returned" in " ".join(s.text for s in doc.sections)


def test_an_object_stream_bomb_refuses_the_file(tmp_path):
    doc = _load(tmp_path, bomb("objstm", 1024 * MB, good_pages=1))
    assert not doc.sections
    [found] = doc.problems
    assert (found.code, found.severity) == ("knowledge.pdf_bomb", "error")
    assert "ObjStm stream" in found.message and "decompression bomb" in found.message


def test_a_bomb_on_the_first_page_is_an_error(tmp_path):
    doc = _load(tmp_path, bomb("operators", 200 * MB, good_pages=0))
    assert not doc.sections
    [found] = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert found.severity == "error" and found.page == 1


def test_an_image_that_would_inflate_to_a_gigabyte_is_never_inflated(tmp_path):
    # Reading text draws no image: the page is read, and nothing is reported.
    doc = _load(tmp_path, bomb("image", 1024 * MB, good_pages=1))
    assert not [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert {s.provenance.page for s in doc.sections} == {1, 2}


def test_a_bomb_inside_an_encrypted_pdf_is_found(tmp_path):
    from pypdf import PdfReader, PdfWriter

    plain = tmp_path / "plain.pdf"
    plain.write_bytes(bomb("operators", 200 * MB, good_pages=1))
    writer = PdfWriter(clone_from=PdfReader(plain))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    locked = tmp_path / "locked.pdf"
    with locked.open("wb") as fh:
        writer.write(fh)
    doc = load_file(locked, display="locked.pdf", limits=Limits(max_size=None))
    [found] = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert found.page == 2 and {s.provenance.page for s in doc.sections} == {1}


def _pages(n: int, lines: int) -> list[list[str]]:
    return [[f"Page {p} line {i} holds ordinary words." for i in range(lines)] for p in range(n)]


def test_a_page_over_the_page_budget_stops_reading_there(tmp_path):
    path = make_pdf(tmp_path / "dense.pdf", [*_pages(2, 3), *_pages(1, 40), *_pages(1, 3)])
    limits = Limits(pdf=PdfLimits(page_text=1500))
    doc = load_file(path, display="dense.pdf", limits=limits)
    [found] = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert found.page == 3 and "1,500 bytes of text" in found.message
    assert {s.provenance.page for s in doc.sections} == {1, 2}


def test_the_file_budget_adds_up_the_pages(tmp_path):
    path = make_pdf(tmp_path / "many.pdf", _pages(6, 10))
    limits = Limits(pdf=PdfLimits(file_text=1500, per_file_byte=0))
    doc = load_file(path, display="many.pdf", limits=limits)
    [found] = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert "up to page" in found.message and found.page is not None
    assert {s.provenance.page for s in doc.sections} == set(range(1, found.page))


def test_a_stream_over_the_stream_budget_that_compresses_little_is_caught():
    # Random bytes do not compress: only the byte limit, not the ratio, can catch them.
    noise = bytes((i * 7919 + (i >> 3) * 104729) % 251 for i in range(3 * MB))
    packed = zlib.compress(noise, 1)
    pdf = b"1 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed)
    pdf += packed + b"\nendstream\nendobj\n"
    scan = scan_file(pdf, PdfLimits(stream_bytes=2 * MB))
    assert "more than 2 MB" in scan.bad[1]
    assert scan_file(pdf, PdfLimits()).bad == {}


def test_the_file_budget_adds_up_the_streams():
    body = deflate_repeated(b"0 0 m 1 1 l S\n", MB // 2)
    pdf = b"".join(
        b"%d 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n" % (n, len(body))
        + body
        + b"\nendstream\nendobj\n"
        for n in range(1, 7)
    )
    # Four half-megabyte streams fit 2 MB; the fifth takes the file over, and the sixth
    # is not inflated at all.
    scan = scan_file(pdf, PdfLimits(file_bytes=2 * MB))
    assert sorted(scan.bad) == [5, 6] and "together" in scan.bad[6]


@pytest.mark.corpus
def test_no_real_pdf_is_taken_for_a_bomb(corpus):
    from tests.conftest import corpus_files

    files = corpus_files("knowledge", "*.pdf") + corpus_files("knowledge-more", "*.pdf")
    assert files
    for path in files:
        doc = load_file(path, limits=Limits(max_size=None))
        assert not [p for p in doc.problems if p.code == "knowledge.pdf_bomb"], path.name


def _in_768_mb() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (768 * MB, 768 * MB))


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs resource limits")
@pytest.mark.parametrize(("kind", "size"), [("flate", 2048 * MB), ("operators", 400 * MB)])
def test_ingest_of_a_bomb_ends_quickly_in_bounded_memory(tmp_path, kind, size):
    # Before the budget, a 1 GB bomb took ingest past 2 GB; here the whole run gets 768 MB
    # of address space (Python and the PDF libraries included) and a generous minute.
    import subprocess
    import sys

    path = tmp_path / "bomb.pdf"
    path.write_bytes(bomb(kind, size, good_pages=1))
    done = subprocess.run(
        [sys.executable, "-m", "datasetkit", "ingest", "--max-size", "10MB", str(path)],
        preexec_fn=_in_768_mb,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "knowledge.pdf_bomb" in done.stdout and "Unused items can be returned" in done.stdout


DAMAGE = {
    # Damage the fuzzer found: pypdf gives up on the object, PDFium recovers it and draws.
    "form": (b"/Subtype /Form /BBox [0 0 612 792]", b"/Subtype /Form /BBox [0 0 612 79\xbf\xd4B2]"),
    "page": (b"/Type /Page /Parent", b"/Type /Page / Do\n/X Do\n/X DParent"),
    "type": (b"/Type /XObject /Subtype /Form", b"/Type /XTj\n(a) Tj\n(aObject /Subtype /Form"),
}


@pytest.mark.parametrize("where", sorted(DAMAGE))
def test_a_forms_bomb_in_objects_only_pdfium_can_parse_is_still_stopped(tmp_path, where):
    old, new = DAMAGE[where]
    data = bomb("forms", MB, good_pages=1)
    # The damage goes into the last object of that kind (the page or form of the bomb).
    at = data.rindex(old)
    doc = _load(tmp_path, data[:at] + new + data[at + len(old) :])
    assert [p.page for p in doc.problems if p.code == "knowledge.pdf_bomb"] == [2]


def test_a_form_drawing_itself_many_times_is_stopped(tmp_path):
    # PDFium repeats a form that draws itself until its nesting limit (found by fuzzing).
    data = bomb("forms", MB, good_pages=1, fanout=2)  # harmless without the cycle
    leaf = data.index(b"(a) Tj\n")
    doc = _load(tmp_path, data[:leaf] + b"/X Do\n" * 20 + data[leaf:])
    assert [p.page for p in doc.problems if p.code == "knowledge.pdf_bomb"] == [2]


def test_page_contents_that_are_a_number_are_read_as_damage(tmp_path):
    # /Contents 4 (a number, not a reference; found by fuzzing): no bug report.
    data = bomb("forms", MB, good_pages=1, fanout=2)
    doc = _load(tmp_path, data.replace(b"/Contents 4 0 R", b"/Contents 4", 1))
    assert not [p for p in doc.problems if "bug" in p.message]


def test_a_form_whose_dictionary_holds_the_word_endobj_is_still_counted(tmp_path):
    # Found by fuzzing: damage puts "endobj" and cross-reference rows inside the top form's
    # dictionary. PDFium reads past them to the stream and draws 12 ** 3 strings, over a
    # page budget of 1,000 (small, so PDFium draws them quickly if the budget misses them).
    data = bomb("forms", MB, good_pages=1, fanout=12)
    at = data.rindex(b">> /Length ")
    junk = b">> /Lengthendobj\nxref\n0 11\n0000000000 65535 f \n0000000 "
    limits = Limits(max_size=None, pdf=PdfLimits(page_objects=1_000))
    doc = _load(tmp_path, data[:at] + junk + data[at + len(b">> /Length ") :], limits)
    assert [p.page for p in doc.problems if p.code == "knowledge.pdf_bomb"] == [2]


@pytest.mark.parametrize("kind", ["lzw", "hex", "a85"])
def test_a_bomb_behind_any_filter_is_judged_by_its_ratio_from_its_first_megabyte(kind):
    # Every decoder reads its input a piece at a time, so the ratio of what came out to
    # what went in is known early (an ASCII filter first once read the whole stream).
    scan = scan_file(bomb(kind, 1024 * MB, good_pages=1), PdfLimits())
    assert ["times its packed size" in reason for reason in scan.bad.values()] == [True]


def _scan_in_a_child(tmp_path: Path, data: bytes) -> str:
    """scan_file of ``data`` in a child process, given 30 s (the cases take well under one
    second; their quadratic scans took minutes to hours)."""
    import subprocess
    import sys

    path = tmp_path / "scan.pdf"
    path.write_bytes(data)
    code = (
        "import sys\nfrom datasetkit.knowledge.pdf.budget import PdfLimits, scan_file\n"
        "s = scan_file(open(sys.argv[1], 'rb').read(), PdfLimits())\n"
        "print(sorted(s.bad.values()), s.refused)"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=30
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the scan of a few megabytes did not end in 30 s")
    assert done.returncode == 0, done.stderr
    return done.stdout


def _one_page(content: bytes, filters: bytes = b"/Filter /FlateDecode") -> bytes:
    packed = zlib.compress(content, 9) if b"Flate" in filters else content
    return pdf_file(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
            b"<< %s /Length %d >>\nstream\n" % (filters, len(packed)) + packed + b"\nendstream",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>",
        ],
        1,
    )


def test_a_stream_of_hex_digits_is_scanned_in_linear_time(tmp_path):
    # Found by trying ASCIIHex data: every start inside a run of digits was tried as an
    # object number, each to the end of the run.
    out = _scan_in_a_child(tmp_path, _one_page(b"0" * 400_000 + b">", b"/Filter /ASCIIHexDecode"))
    assert out.strip() == "[] None"


def test_a_content_stream_of_inline_image_keywords_is_scanned_in_linear_time(tmp_path):
    # BI with no ID after it: each BI was searched 4 KB ahead for its ID.
    out = _scan_in_a_child(tmp_path, _one_page(b" BI " * (1 << 20), b""))
    assert out.strip() == "[] None"


def test_inline_images_whose_data_has_no_end_are_stopped(tmp_path):
    # Each image's data runs on through the content after it, read again by every image.
    out = _scan_in_a_child(tmp_path, _one_page(b" BI /W 1 /H 1 /F /AHx ID 00 EI" * (1 << 17)))
    assert "no end to their data" in out


def test_fonts_that_are_a_number_are_read_as_damage(tmp_path):
    # /Font 7 (a number, not a dictionary; found by fuzzing): no bug report.
    data = bomb("forms", MB, good_pages=1, fanout=2)
    doc = _load(tmp_path, data.replace(b"/Font << /F1 3 0 R >>", b"/Font 7", 1))
    assert not [p for p in doc.problems if "bug" in p.message]
    assert "Unused items can be returned" in " ".join(s.text for s in doc.sections)


def test_a_form_whose_length_runs_past_an_early_endstream_is_counted_to_its_length(tmp_path):
    # Found by fuzzing: a page's bytes spliced into the top form's data after its fifth
    # draw, with an "endstream". PDFium reads the form's /Length bytes (18 draws of the
    # form below); the scan read to the first "endstream" (5 draws).
    data = bomb("forms", MB, good_pages=1, fanout=40)
    cut = data.index(b"stream\n", data.rindex(b"/Subtype /Form")) + 7 + len(b"/X Do\n") * 5
    spliced = b"ET\nendstream\nendobj\n5 0 obj\n<< /Type /Page /Parent 2 0 R /Resources <<"
    limits = Limits(max_size=None, pdf=PdfLimits(page_objects=10_000))
    doc = _load(tmp_path, data[:cut] + spliced + data[cut:], limits)
    assert [p.page for p in doc.problems if p.code == "knowledge.pdf_bomb"] == [2]


def test_a_page_drawing_a_stream_over_its_budget_through_a_damaged_form_is_stopped(tmp_path):
    # Found by fuzzing: a form pypdf gives up on draws a form holding an inline-image
    # bomb; PDFium recovered the form and aborted past 2 GB.
    side = 8192
    inline = b"BI /W %d /H %d /CS /G /BPC 8 /F /Fl ID " % (side, side)
    leaf = b"q 400 0 0 400 100 200 cm " + inline + deflate_repeated(b"\0", side * side) + b"\nEI Q"
    form = b"/Type /XObject /Subtype /Form /BBox [0 0 612 79\xbf\xd4B2]"

    def stream(dictionary: bytes, data: bytes) -> bytes:
        return b"<< %s /Length %d >>\nstream\n" % (dictionary, len(data)) + data + b"\nendstream"

    data = pdf_file(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [7 0 R] /Count 1 >>",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            stream(b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]", leaf),
            stream(form + b" /Resources << /XObject << /L 4 0 R >> >>", b"/L Do\n/L Do\n"),
            stream(b"", b"/X Do\n"),
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R "
            b"/Resources << /XObject << /X 5 0 R >> >> >>",
        ],
        1,
    )
    doc = _load(tmp_path, data)
    [found] = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert "stream 4" in found.message, found.message


def test_inline_images_cost_what_their_dictionaries_declare(tmp_path):
    # PDFium allocates what an inline image declares, whatever data follows: two of
    # 8192 x 8192 (64 MB each) holding a few bytes are over a page's 64 MB.
    image = b"q 400 0 0 400 100 200 cm BI /W 8192 /H 8192 /CS /G /BPC 8 ID \0\0\0\0 EI Q\n"
    doc = _load(tmp_path, _one_page(image * 2, b""))
    [found] = [p for p in doc.problems if p.code == "knowledge.pdf_bomb"]
    assert found.page == 1


def test_a_page_pdfium_reads_as_another_than_pypdf_is_counted_before_its_text_is_read(tmp_path):
    # A second page tree spliced into a damaged object: pypdf's page 1 is the text page,
    # PDFium's page 1 draws the fan of nested forms. Text extraction over that fan runs
    # in C for minutes; the objects PDFium parsed are counted first, so it stops at once.
    data = bomb("forms", MB, good_pages=1, fanout=100)
    marker = b"/XObject <<  >> >> "
    at = data.index(marker) + len(marker)
    splice = (
        b"<< /Type /Pages /Kids [5 0 R 10 0 R] /Count 2 >>\nendobj\n3 0 obj\n"
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n4 0 obj\n"
        b"<<  /Length 156 >>\nstream\nBT /F1 12 Tf\n1 0 0 1"
    )
    path = tmp_path / "two-trees.pdf"
    path.write_bytes(data[:at] + splice + data[at:])
    code = (
        "import sys; from datasetkit.knowledge import load_file; "
        "doc = load_file(sys.argv[1]); "
        "print(' '.join(sorted({p.code for p in doc.problems})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "knowledge.pdf_bomb" in done.stdout.split()
