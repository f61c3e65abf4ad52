"""A column of names that lost its header, read with the count beside it ("<name> 12"
under "Loops"), names no row: "How many trees does the alpha-sort 12 loop have?" is
never asked."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

_NAMES = ["alpha-sort", "beta-hash", "gamma-tree", "delta-scan", "eps-merge", "zeta-join"]
_ROWS = "\n".join(
    f"| {name} {n} | {n + 2} | {n + 3} | {n % 4} |"
    for name, n in zip(_NAMES, (12, 3, 25, 7, 9, 14), strict=True)
)
REPORT = f"""# Tracing benchmark results

## Loops traced

The table counts the loops, trees and aborts of each benchmark program.

| Loops | Trees | Traces | Aborts |
|---|---|---|---|
{_ROWS}
"""


def test_a_name_glued_to_its_count_names_no_row(tmp_path: Path) -> None:
    doc = tmp_path / "results.md"
    doc.write_text(REPORT, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    assert not any(any(name in q for name in _NAMES) for q in pairs), pairs
    assert not any(any(name in a for name in _NAMES) for a in pairs.values()), pairs
