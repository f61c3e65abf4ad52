"""A table's header is asked only when it reads as a noun phrase a user would say, and a
template's example rows are never asked.

Built from workbooks written here: a role table whose headers carry a footnote mark and
a bracketed qualifier, a link table whose "headers" are web addresses, a price-list
template with slash-joined, either/or and instruction headers and its example rows, and
a table read from a page whose header cells are pieces of a sentence.
"""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _book(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    first = True
    for title, rows in sheets.items():
        ws = wb.active if first else wb.create_sheet()
        first = False
        ws.title = title
        for row in rows:
            ws.append(row)
    wb.save(str(path))
    return path


ROLES = [
    ["Security role", "Database privileges*", "[Commercial] seat price", "Description"],
    ["Environment Admin", "Create, Read, Write, Delete", "$40", "Can change every setting."],
    ["Report Reader", "Read", "$12", "Can open reports but not change them."],
    ["Flow Author", "Create (self), Read (self)", "$25", "Can build flows of their own."],
    ["Data Steward", "Read, Write", "$30", "Can correct records in every table."],
]
LINKS = [
    ["Resource", "aka.ms/learnmore"],
    ["Licensing guide", "aka.ms/LicensingGuide"],
    ["Product documentation", "aka.ms/ProductDocs"],
    ["Community forum", "aka.ms/CommunityForum"],
]
PRICES = [
    [
        "Vendor",
        "Labor category/service title",
        "Domestic, overseas, or worldwide",
        "Service type specified",
        "Minimum education",
        "Price offered (USD)",
        "Service type requested",
        "Amount billed",
        "Rush fee",
    ],
    [
        "XYZ, Inc",
        "Principal Consultant",
        "Domestic",
        "Standard",
        "Bachelors",
        "$0.00",
        "Rush",
        "$100",
        "0.00%",
    ],
    [
        "Example 1",
        "Senior Analyst",
        "Overseas",
        "Rush",
        "Masters",
        "$90.00",
        "Standard",
        "$200",
        "0.00%",
    ],
    [
        "Northbridge Partners",
        "Data Architect",
        "Worldwide",
        "Standard",
        "Masters",
        "$140.00",
        "Rush",
        "$300",
        "0.00%",
    ],
    [
        "Harbor Analytics",
        "Statistician",
        "Domestic",
        "Rush",
        "Doctorate",
        "$155.00",
        "Standard",
        "$400",
        "5.00%",
    ],
    [
        "Cedar Labs",
        "Trainer",
        "Domestic",
        "Standard",
        "Bachelors",
        "$0.00",
        "Rush",
        "$500",
        "0.00%",
    ],
]
# Cells of a page's layout read as a table: the words of several cells run together.
BROKEN = [
    ["Stage", "here – although", "changes before", "model complex environment where"],
    ["Development", "most day-to-day", "checked in", "representative"],
    ["Test", "developers can", "control", "sandbox"],
    ["Production", "users only", "approved", "managed"],
]


def test_only_noun_phrase_headers_and_real_rows_are_asked(tmp_path: Path) -> None:
    book = _book(
        tmp_path / "roles.xlsx",
        {"Roles": ROLES, "Links": LINKS, "Prices": PRICES, "Stages": BROKEN},
    )
    cases, _, _ = _cases([book], 60)
    pairs = _pairs(cases)
    questions = "\n".join(pairs)
    # A footnote mark and a bracketed qualifier are dropped, the name kept.
    assert "*" not in questions and "[" not in questions
    privileges = {q: a for q, a in pairs.items() if "database privileges of" in q}
    assert privileges, questions
    rows = {r[0]: r[1] for r in ROLES[1:]}
    for q, a in privileges.items():
        assert any(q.endswith(f"{name} security role?") and a == rows[name] for name in rows), q
    # A column that describes its row is asked what the row is.
    described = {r[0]: r[3] for r in ROLES[1:]}
    opening = "What is the "
    whats = {
        q[len(opening) : -len(" security role?")]: a
        for q, a in pairs.items()
        if q.startswith(opening) and q.endswith(" security role?") and " of the " not in q
    }
    assert whats and all(described[k] == v for k, v in whats.items()), whats
    assert "description of" not in questions
    # No link, slash-joined label, choice, instruction or piece of a sentence is asked.
    for raw in (
        "aka.ms",
        "/",
        "domestic, overseas",
        "specified",
        "here –",
        "although",
        "changes before",
    ):
        assert raw not in questions.lower(), (raw, questions)
    # Two columns said alike once their participles are dropped are asked by neither.
    assert "service type" not in questions.lower()
    # Nor a template's example rows, nor an amount the template left at nothing.
    assert "XYZ" not in questions and "Example 1" not in questions, questions
    assert "$0.00" not in pairs.values() and "0.00%" not in pairs.values(), pairs
    # The real rows of the price list are still asked.
    assert any("Northbridge Partners" in q or "Harbor Analytics" in q for q in pairs), questions


# An export whose headers are field paths, one field copied from input to output.
EXPORT = [
    ["inputs.product", "outputs.product", "outputs.details.unit_price", "outputs.details.weight"],
    ["Trail Pack 30", "Trail Pack 30", "$89", "1.2 kg"],
    ["Summit Tent 2", "Summit Tent 2", "$249", "2.9 kg"],
    ["Camp Stove Mini", "Camp Stove Mini", "$45", "0.4 kg"],
    ["River Kayak", "River Kayak", "$610", "18 kg"],
]


def test_field_path_headers_are_said_by_their_field(tmp_path: Path) -> None:
    book = _book(tmp_path / "export.xlsx", {"Catalogue": EXPORT})
    pairs = _pairs(_cases([book], 30)[0])
    assert pairs, "an export with field-path headers gives no case"
    for question in pairs:
        assert not any(p in question for p in ("inputs.", "outputs.", "details.")), question
    asked = " ".join(pairs).casefold()
    assert "unit price of" in asked or "weight of" in asked, sorted(pairs)
    # The copied column is no other field: its name is the product's, so rows are named.
    assert any("Summit Tent 2" in q for q in pairs), sorted(pairs)


# A data frame saved as a sheet: R's dotted names qualify their column ("Sepal.Width"),
# and stored names end with their unit ("bill_length_mm").
MEASURES = [
    ["sample_id", "species", "Sepal.Width", "bill_length_mm", "body_mass_g"],
    ["P-101", "Adelie", 3.5, 39.1, 3750],
    ["P-102", "Gentoo", 3.0, 46.1, 4500],
    ["P-103", "Chinstrap", 3.2, 46.5, 3500],
    ["P-104", "Macaroni", 2.9, 49.0, 4100],
    ["P-105", "Emperor", 3.6, 55.2, 22000],
]


def test_qualified_and_unit_suffixed_names_are_said_whole(tmp_path: Path) -> None:
    book = _book(tmp_path / "measures.xlsx", {"Measures": MEASURES})
    pairs = _pairs(_cases([book], 30)[0])
    asked = " ".join(pairs)
    assert "specy" not in asked, sorted(pairs)  # "species" is one species too
    assert "bill length (mm)" in asked or "body mass (g)" in asked, sorted(pairs)
    for question in pairs:
        # Never the unit as a word of the name, never a qualified name cut to its last part.
        assert not any(f" {u}?" in question or f" {u} " in question for u in ("mm", "g")), question
        assert "width" not in question.casefold() or "sepal width" in question.casefold(), question
