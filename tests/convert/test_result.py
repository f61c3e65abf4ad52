"""What a conversion reports about its output: an output error placed at its input case."""

from __future__ import annotations

from datasetkit.convert.result import at_input
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.model import Case, Source, Turn


def test_an_output_error_is_placed_at_its_input_case() -> None:
    cases = [
        Case(turns=[Turn(prompt="a")], source=Source(path="plan.csv", row=2, pointer="/0")),
        Case(turns=[Turn(prompt="b")], source=Source(path="plan.csv", row=3, pointer="/1")),
    ]
    found = Finding(
        "m365.schema.x",
        Severity.ERROR,
        "bad value",
        "fix it",
        Location(path="/gone/out.json", line=9, pointer="/items/1/prompt"),
    )
    moved = at_input(found, cases, {}, "m365")
    assert (moved.location.path, moved.location.row) == ("plan.csv", 3)
    assert "which was not written" in moved.message
    # A writer whose layout is not one case per record keeps only the pointer.
    other = at_input(found, cases, {}, "copilot-studio")
    assert other.location.path is None and other.location.pointer == "/items/1/prompt"
