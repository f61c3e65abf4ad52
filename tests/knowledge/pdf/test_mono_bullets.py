"""A list whose bullets are set in a typewriter face a little below the text's baseline (a
word processor's second-level "o" in Courier New): the items are a list, not code."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

ITEMS = [
    "Short-notice deployments of seven days or less;",
    "Attending official ceremonies, programs, or events;",
    "Making financial and legal arrangements;",
]


def _write(path: Path, drop: float, bullet: str = "o") -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72.0
    canv.setFont("Helvetica", 11)
    canv.drawString(72, y, "Qualifying reasons for military leave include the following:")
    for item in ITEMS:
        y -= 16
        canv.setFont("Courier", 11)
        canv.drawString(90, y - drop, bullet)  # the bullet's face sits lower than the text's
        canv.setFont("Helvetica", 11)
        canv.drawString(108, y, item)
    canv.save()
    return path


def _kinds(path: Path) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in load_file(path).sections if s.kind != "heading"]


def test_typewriter_bullets_set_below_the_baseline_mark_list_items(tmp_path: Path) -> None:
    kinds = _kinds(_write(tmp_path / "leave.pdf", drop=4.2))
    assert [k for k, _ in kinds if k == "code"] == []
    items = [t for k, t in kinds if k == "list_item"]
    assert len(items) == 3
    assert all(item in t for item, t in zip(ITEMS, items, strict=True))


def test_a_letter_set_apart_in_a_typewriter_face_is_still_code(tmp_path: Path) -> None:
    # A lone letter far below the text's line is a line of its own, as before.
    kinds = _kinds(_write(tmp_path / "apart.pdf", drop=11.0))
    assert not [t for k, t in kinds if k == "list_item"]
