"""What a save checks of the files it is about to write, before the user's file is touched.

- The format's own rules: a save may leave a file the errors it had (the page shows them,
  and they may lie where the page cannot edit), but never add one.
- The read-back: the written files, read again, give the same cases with the same
  prompts, expected responses and messages. A writer that cannot carry a file's layout back (a
  column it reads differently, a row it splits) would lose the user's cases silently.
- The discard marks: discarded cases kept in the file must read back as discarded, or
  they would come back as kept.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.model import Case
from datasetkit.generate.review import dk_extensions
from datasetkit.viewer.opened import OpenFile


class SaveRefused(DatasetkitError):
    """The saved dataset would break its format's rules (``findings`` say which)."""

    def __init__(self, message: str, hint: str, findings: list[Finding]) -> None:
        super().__init__(message, hint)
        self.findings = findings


def _errors(fmt: str, path: str, data: bytes | None = None) -> list[Finding]:
    from datasetkit import formats
    from datasetkit.convert.result import ADVISORY_ON_WRITE
    from datasetkit.formats import InputFile, ReadOptions

    result = formats.get(fmt).validate(InputFile(path, data), ReadOptions())
    return [
        f
        for f in result.findings
        if f.severity == Severity.ERROR and f.code not in ADVISORY_ON_WRITE
    ]


def new_errors(opened: OpenFile, fmt: str, staged: list[Path]) -> list[Finding]:
    """The errors of the format's rules in ``staged`` that the file did not have (by code:
    more of a kind than before is new); none before when the format changes."""
    before: Counter[str] = Counter()
    if fmt == opened.format:
        before.update(f.code for f in _errors(fmt, opened.path, opened.data))
    found = [f for p in staged for f in _errors(fmt, str(p))]
    after = Counter(f.code for f in found)
    return [f for f in found if after[f.code] > before[f.code]]


def _texts(case: Case) -> list[tuple[str, str | None]]:
    """What must read back alike: each turn's prompt and expected response (a seed's
    description), and the messages of a conversation, role by role."""
    if not case.turns:
        return [(case.seed.description if case.seed else "", None)]
    texts = [(t.prompt, t.expected_response) for t in case.turns]
    return texts + [(m.role, m.text()) for m in case.messages or []]


def verify_staged(
    opened: OpenFile, fmt: str, staged: list[Path], expected: list[Case], marked: int
) -> None:
    """Refuse (nothing written) a save whose files break the format's rules anew, read
    back other cases, or lose the discard marks."""
    from datasetkit.convert.readwrite import read_dataset

    errors = new_errors(opened, fmt, staged)
    if errors:
        raise SaveRefused(
            f"{opened.path}: the reviewed dataset breaks the {fmt} format's rules; nothing was written",
            "; ".join(f.message for f in errors)[:500],
            errors,
        )
    read = read_dataset(str(staged[0]), fmt)
    got = read.dataset.cases if read.dataset is not None else []
    if len(got) != len(expected):
        _not_alike(opened, fmt, f"{len(got)} case(s) read back for {len(expected)}")
    for n, (a, b) in enumerate(zip(got, expected, strict=True), start=1):
        if _texts(a) != _texts(b):
            _not_alike(opened, fmt, f"case {n} reads back with other text")
    if marked and sum(dk_extensions(c).get("review") == "discarded" for c in got) < marked:
        raise DatasetkitError(
            f"the {fmt} format cannot keep the mark on discarded cases: they would read as "
            "kept; nothing was written",
            "choose to remove discarded cases, or save to a format that keeps them (M365, Foundry)",
        )


def _not_alike(opened: OpenFile, fmt: str, why: str) -> None:
    raise DatasetkitError(
        f"{opened.path}: the {fmt} writer does not give these cases back as they are "
        f"({why}); nothing was written",
        "save the review into another format (start again with -o FILE --to FORMAT), "
        "and report the file to datasetkit",
    )
