"""A workbook of one sheet per year with the same table is asked with the year its sheet
adds, in the workbook's language: without it the same question has two answers."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs


def _yearly(path: Path, header: tuple[str, ...], rows: list[tuple[str, int]]) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for year, factor in (("2023", 1), ("2024", 2)):
        ws = wb.create_sheet(year)
        ws.append(header)
        for name, figure in rows:
            ws.append([name, figure * factor, figure * factor + 7])
    wb.save(str(path))
    return path


def test_spanish_yearly_sheets_say_their_year(tmp_path: Path) -> None:
    rows = [("Norte", 1200), ("Sur", 900), ("Este", 1500), ("Oeste", 700)]
    path = _yearly(tmp_path / "ventas.xlsx", ("Región", "Ventas", "Beneficio"), rows)
    pairs = offline_pairs(tmp_path, path)
    assert pairs, "no cases"
    # Every question says its year, and a region is said with its article ("de la región").
    assert all(q.rstrip("?").endswith(("2023", "2024")) for q in pairs), list(pairs)
    assert not [q for q in pairs if "del región" in q], list(pairs)
    asked = {q: a for q, a in pairs.items() if "región Sur" in q and "ventas" in q}
    assert asked.get("¿Cuáles son las ventas de la región Sur en 2024?") == "1800", list(pairs)


def test_french_yearly_sheets_say_their_year_before_a_spaced_question_mark(
    tmp_path: Path,
) -> None:
    rows = [("Paris", 1200), ("Lyon", 900), ("Lille", 1500), ("Nantes", 700)]
    path = _yearly(tmp_path / "ventes.xlsx", ("Agence", "Chiffre d'affaires", "Bénéfice"), rows)
    pairs = offline_pairs(tmp_path, path)
    assert pairs, "no cases"
    assert all(q.endswith((" en 2023 ?", " en 2024 ?")) for q in pairs), list(pairs)
