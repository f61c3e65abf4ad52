"""A register whose name column holds stored names ("rs_sales_daily", "RS_SALES") under a
header that says they are names, in any language ("Nombre_Producto"): no user wants a
stored name for an answer."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from datasetkit.generate.offline.tables.identifiers import code_like, identifier_column
from tests.helpers.knowledge_fixtures import offline_pairs


def _register(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.append(["ID_Producto", "Nombre_Producto", "Plataforma", "Responsable", "Estado"])
    rows = [
        ("rs_ventas_diarias", "Power BI", "Área Comercial"),
        ("rs_riesgo_credito", "Reporting Services", "Área de Riesgos"),
        ("rs_cobranzas_mora", "Reporting Services", "Área de Cobranzas"),
        ("rs_clientes_nuevos", "Power BI", "Área Comercial"),
        ("rs_presupuesto_ti", "Analysis Services", "Área de Tecnología"),
        ("rs_canales_uso", "Power BI", "Área de Canales"),
    ]
    for n, (name, platform, owner) in enumerate(rows, 154):
        ws.append([f"PRD-DAT-{n}", name, platform, owner, "Disponible"])
    wb.save(path)
    return path


def test_constant_names_are_stored_names_and_order_numbers_are_not() -> None:
    assert code_like("RS_SALES_DAILY") and identifier_column(["RS_SALES", "RS_RISK_TI"])
    assert not code_like("Power BI") and not code_like("COMERCIAL")
    assert not code_like("SO-10042")  # an order's number: users ask by it
    assert not identifier_column(["COMERCIAL", "RIESGO"])  # words in capitals


def test_no_case_answers_a_stored_name(tmp_path: Path) -> None:
    f = _register(tmp_path / "inventario.xlsx")
    for prompt, answer in offline_pairs(tmp_path, f, 20).items():
        assert not code_like(answer.strip().rstrip(".")), (prompt, answer)
