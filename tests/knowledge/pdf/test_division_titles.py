"""Statutes and regulations: article titles set in the body's own type, a series of
division titles set in uneven type, and the place and date that sign them off."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"


def _heads(path: Path) -> dict[str, int | None]:
    return {s.text: s.level for s in load_file(path).sections if s.kind == "heading"}


def test_article_titles_in_body_type_are_headings(tmp_path: Path) -> None:
    # Bylaws that set each article's title in the regular body face: only the division
    # word and its counting number set the line apart.
    page = [("BYLAWS OF THE RIVERSIDE ROWING CLUB", B, 16), ("", R, 10)]
    for n, name in enumerate(["Name and seat", "Purpose", "Members", "Board"], 1):
        page += [(f"Article {n}: {name}", R, 10), ("", R, 10), *body(*PROSE)]
    heads = _heads(write_pages(tmp_path / "bylaws.pdf", [page]))
    assert heads == {
        "BYLAWS OF THE RIVERSIDE ROWING CLUB": 0,
        "Article 1: Name and seat": 1,
        "Article 2: Purpose": 1,
        "Article 3: Members": 1,
        "Article 4: Board": 1,
    }


def test_a_single_article_reference_in_body_type_stays_text(tmp_path: Path) -> None:
    page = [
        ("MEETING NOTES", B, 16),
        ("", R, 10),
        *body(*PROSE),
        ("Article 4 of the statutes", R, 10),
        *body(*PROSE),
    ]
    heads = _heads(write_pages(tmp_path / "notes.pdf", [page]))
    assert "Article 4 of the statutes" not in heads


def test_a_series_of_division_titles_keeps_one_level_whatever_its_type(
    tmp_path: Path,
) -> None:
    # The author set the second part a size smaller and the last a size larger than
    # the others: each part is still a sibling of the others, over its articles.
    sizes = {"I": 14, "II": 12, "III": 14, "IV": 16}
    pages = []
    article = 1
    for roman, size in sizes.items():
        page = [("STATUTES", B, 18), ("", R, 10), *body(*PROSE)] if roman == "I" else []
        page += [(f"PART {roman}: GENERAL PROVISIONS {roman}", B, size), ("", R, 10)]
        for _ in range(2):
            page += [(f"ARTICLE {article}: Rules", B, 12), *body(*PROSE)]
            article += 1
        pages.append(page)
    heads = _heads(write_pages(tmp_path / "statutes.pdf", pages))
    parts = {k: v for k, v in heads.items() if k.startswith("PART")}
    assert len(parts) == 4
    assert len(set(parts.values())) == 1
    level = next(iter(parts.values()))
    assert level is not None
    articles = [v for k, v in heads.items() if k.startswith("ARTICLE")]
    assert articles and all(v is not None and v > level for v in articles)


def test_the_place_and_date_signing_a_document_off_is_no_heading(tmp_path: Path) -> None:
    page = [
        ("STATUTS DE L'ASSOCIATION", B, 16),
        ("", R, 10),
        ("Article 1 : Objet", B, 12),
        *body(*PROSE),
        ("Article 2 : Siège", B, 12),
        *body(*PROSE),
        ("Lyon, le 3 mai 2021", B, 12),
        *body("La présidente et le trésorier de l'association signent les présents statuts."),
    ]
    doc = load_file(write_pages(tmp_path / "statuts.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "Lyon, le 3 mai 2021" not in heads
    assert any("Lyon, le 3 mai 2021" in s.text for s in doc.sections)


def test_a_footer_raised_above_the_bottom_band_is_left_out(tmp_path: Path) -> None:
    # Each page ends with the page number and the organisation's name, set well above
    # the bottom edge (a wide bottom margin).
    path = tmp_path / "manual.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    titles = ["Scope", "Membership", "Meetings", "Finances"]
    for n, title in enumerate(titles, 1):
        y = LETTER[1] - 100.0
        canv.setFont(B, 14)
        canv.drawString(72, y, title)
        canv.setFont(R, 10)
        for text in PROSE[n % 3 :] + PROSE[: n % 3]:
            y -= 12.5
            canv.drawString(72, y, f"{title}: {text}")
        canv.setFont(B, 10)
        canv.drawString(520, 140, str(n))
        canv.drawString(280, 126, "CIVITAS")
        canv.showPage()
    canv.save()
    doc = load_file(path)
    assert not any("CIVITAS" in s.text for s in doc.sections)
    assert [s.text for s in doc.sections if s.kind == "heading"] == titles
