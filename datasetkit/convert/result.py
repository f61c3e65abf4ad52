"""What a conversion did, and the findings it reports about its output: the result, an
output error placed at the input case it came from, why nothing was written, and when
--strict stops (shared by every conversion path)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import Finding, Location, Severity

if TYPE_CHECKING:  # the model (pydantic) is loaded only when a case is built
    from datasetkit.core.model import Case

# Output findings reported but not blocking a conversion (without --strict).
ADVISORY_ON_WRITE = ("foundry.rows.too-many",)


@dataclass
class ConvertResult:
    """What a conversion did: files written, what was read, and what the target lost."""

    paths: list[Path] = field(default_factory=list)
    # Findings of reading each input (path -> findings), in input order.
    input_findings: dict[str, list[Finding]] = field(default_factory=dict)
    # What the target could not carry (one finding per field kind, with counts).
    loss: list[Finding] = field(default_factory=list)
    # Errors that stopped the write (strict mode, or the output failed validation).
    errors: list[Finding] = field(default_factory=list)
    cases_read: int = 0
    cases_written: int = 0
    source_formats: dict[str, str] = field(default_factory=dict)
    target_format: str = ""
    streamed: bool = False

    @property
    def ok(self) -> bool:
        """True when the output was written.

        Errors of an input in its own format (a JSON array saved as JSONL, a line the
        SDK would reject) are reported, but the output was written without them: the
        conversion did its job. ``--strict`` stops on them instead.
        """
        return bool(self.paths) and not self.errors


def _output_case(pointer: str | None, target: str) -> tuple[int, str] | None:
    """The index of the case an output pointer is in, and the rest of the pointer.

    M365 writes one item per case (``/items/3/...``), Foundry JSONL one row per case
    (``/3/...``); other writers split or reorder, so their pointers are not mapped.
    """
    from datasetkit.core.jsonloc import pointer_join, split_pointer

    tokens = split_pointer(pointer or "")
    if target == "m365" and len(tokens) >= 2 and tokens[0] == "items":
        tokens = tokens[1:]
    elif target != "foundry":
        return None
    if not tokens or not tokens[0].isdigit():
        return None
    rest = ""
    for t in tokens[1:]:
        rest = pointer_join(rest, t)
    return int(tokens[0]), rest


def at_input(
    f: Finding,
    cases: list[Case],
    locators: dict[str, tuple[Callable[[str], Location], str]],
    target: str,
) -> Finding:
    """An error in an output that was not written, placed at the input case it came from.

    The output file does not exist, so a line in it helps nobody: the finding points at
    the case in the input (in the same place within it when the input has the target's
    own format), and the message says it is about the converted output.
    """
    from datasetkit.core.carry import family_of

    message = f"{f.message} (in the {target} output, which was not written)"
    where = _output_case(f.location.pointer, target)
    source = cases[where[0]].source if where and where[0] < len(cases) else None
    if source is None or not source.path:
        return replace(f, message=message, location=Location(pointer=f.location.pointer))
    loc = Location(path=source.path, line=source.line, row=source.row, pointer=source.pointer)
    found = locators.get(source.path)
    if found is not None and source.pointer is not None and where and where[1]:
        locate, source_format = found
        if family_of(source_format) == family_of(target):  # the same layout inside the case
            loc = locate(source.pointer + where[1])
    return replace(f, message=message, location=loc)


def nothing_to_write(result: ConvertResult, target: str) -> Finding:
    """The error when not one case read can be written: the reasons are the loss lines."""
    n = result.cases_read
    if n == 0:
        return Finding(
            "convert.nothing-to-write",
            Severity.ERROR,
            "no case was read from the input, so there is nothing to write",
            "see the input's findings above (an empty file, or no column that holds prompts)",
        )
    return Finding(
        "convert.nothing-to-write",
        Severity.ERROR,
        f"none of the {n:,} case{'s' if n != 1 else ''} read can be written as {target} "
        "(the lines above say why)",
        "follow the fix of each line above, or pick another --to format",
    )


def lossy(findings: list[Finding]) -> list[Finding]:
    """The findings that mean something was lost (notes do not stop a strict run)."""
    return [f for f in findings if f.severity != Severity.INFO]


def strict_stop(strict: bool, result: ConvertResult, loss: list[Finding]) -> bool:
    """In strict mode, input errors (an advisory limit too) or known loss stop the
    conversion before any write."""
    if not strict:
        return False
    bad = [
        f.with_severity(Severity.ERROR)
        for fs in result.input_findings.values()
        for f in fs
        if f.severity == Severity.ERROR or f.code in ADVISORY_ON_WRITE
    ]
    if bad or loss:
        result.errors = [f.with_severity(Severity.ERROR) for f in loss] + bad
        return True
    return False


def advisories(found: list[Finding], result: ConvertResult, output: Path) -> list[Finding]:
    """The advisory findings among the output's ``found`` (a consumer's limit, such as the
    batch evaluation's row count): one warning per code about the output file, left out
    when an input's report already says it (the output has the input's rows)."""
    said = {f.code for fs in result.input_findings.values() for f in fs}
    out: dict[str, Finding] = {}
    for f in found:
        if f.code in ADVISORY_ON_WRITE and f.code not in said and f.code not in out:
            out[f.code] = replace(f, severity=Severity.WARNING, location=Location(path=str(output)))
    return list(out.values())


def new_errors(errors: list[Finding], result: ConvertResult) -> list[Finding]:
    """Output errors less those the input report already shows at the same place.

    An invalid input converted to its own format fails for the input's own errors; saying
    each twice helps nobody. When none is new, one line says why nothing was written.
    """

    def place(f: Finding) -> tuple[Any, ...]:
        # A pointer names the place whether the key or its value was located.
        loc = f.location
        return (f.code, loc.path, loc.pointer) if loc.pointer else (f.code, loc.path, loc.line)

    shown = {
        place(f)
        for fs in result.input_findings.values()
        for f in fs
        if f.severity == Severity.ERROR
    }
    new = [f for f in errors if place(f) not in shown]
    if errors and not new:
        n = len(errors)
        return [
            Finding(
                "convert.output-invalid",
                Severity.ERROR,
                f"the output would have the {n:,} error{'s' if n != 1 else ''} of the input "
                "shown above, so nothing was written",
                "fix them in the input (each line above says how), then convert again",
            )
        ]
    return new
