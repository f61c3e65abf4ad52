"""One dataset file opened for review: its bytes, its cases, and its findings placed on them.

The file is read once, into memory, and everything the page shows comes from those
bytes: their SHA-256 is the *version* the page holds, and a save is refused when the
file on disk (or the version the page sends) is another one.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.model import Case, Dataset
from datasetkit.generate.decisions import Record, read_record
from datasetkit.generate.review import dk_extensions
from datasetkit.viewer.placing import Placed, place_findings

# How much of a prompt and expected response the list carries (the case view has all).
_LIST_PROMPT = 300
_LIST_EXPECTED = 160
_LEVELS = ("error", "warning", "info")

Stamp = tuple[int, int]


@dataclass
class OpenFile:
    """A dataset file as the page sees it."""

    index: int
    path: str
    format: str
    data: bytes
    dataset: Dataset
    placed: Placed
    writable: bool
    record: Record | None = None
    # The file's modification time and size when it was read (see :mod:`.carrying`).
    stamp: Stamp | None = None
    # What the reader said of the file's layout (header, BOM, line ends: see :mod:`.style`).
    info: dict[str, Any] = field(default_factory=dict)
    version: str = field(init=False)

    def __post_init__(self) -> None:
        self.version = version_of(self.data)

    @property
    def cases(self) -> list[Case]:
        """The file's cases, in file order."""
        return self.dataset.cases

    def findings_of(self, index: int) -> list[tuple[Finding, int | None, str | None]]:
        """The findings placed on case ``index`` (each with its turn and field)."""
        return self.placed.by_case.get(index, [])


def version_of(data: bytes) -> str:
    """The version of a file's content the page holds (its SHA-256)."""
    return hashlib.sha256(data).hexdigest()


def stamp_of(path: str) -> Stamp | None:
    """What tells, without reading it, that a file may have changed (None: it is gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def open_dataset(index: int, path: str, fmt: str | None, config: Any) -> OpenFile:
    """Read and check ``path`` (validate, then every lint rule), its findings on its cases.

    Raises DatasetkitError, naming the file and the fix, when it cannot be read as a dataset.
    """
    from datasetkit import formats
    from datasetkit.formats import InputFile
    from datasetkit.io.files import read_input_bytes
    from datasetkit.lint.engine import lint_file

    stamp = stamp_of(path)  # before reading: a change while it is read shows as a change
    data = read_input_bytes(path)
    checked = lint_file(path, fmt, config, src=InputFile(path, data), stream=False)
    result = checked.result
    if result is None or result.dataset is None:
        errors = [f for f in checked.report.findings if f.severity == Severity.ERROR]
        why = errors[0].message if errors else "no reader took it"
        raise DatasetkitError(
            f"{path}: cannot be opened for review: {why}",
            "check it with 'datasetkit validate'"
            + ("" if fmt else ", or name its format with --from"),
        )
    name = result.format or checked.report.format or ""
    dataset = result.dataset
    dataset.source_format = dataset.source_format or name
    return OpenFile(
        index=index,
        path=path,
        format=name,
        data=data,
        dataset=dataset,
        placed=place_findings(checked.report.findings, dataset.cases),
        writable=formats.get(name).writable,
        record=read_record(path),
        stamp=stamp,
        info=dict(result.info or {}),
    )


def evaluator_names(case: Case, dataset: Dataset) -> list[str]:
    """The evaluators that score a case: its own (every turn's), else the dataset's defaults."""
    own: list[str] = []
    for turn in case.turns:
        for name in turn.evaluators or {}:
            if name not in own:
                own.append(name)
    return own or list(dataset.default_evaluators or {})


def is_generated(case: Case) -> bool:
    """Whether datasetkit generated the case (its extension names a generator or source)."""
    dk = dk_extensions(case)
    return bool(dk.get("generator") or dk.get("source") or dk.get("evidence"))


def worst_level(findings: list[tuple[Finding, int | None, str | None]]) -> str:
    """The most serious severity among ``findings`` ('' for none)."""
    ranks = {f.severity.value for f, _, _ in findings}
    return next((level for level in _LEVELS if level in ranks), "")


def summary(opened: OpenFile, index: int) -> dict[str, Any]:
    """One row of the page's list: what it shows, filters and searches on."""
    case = opened.cases[index]
    first = case.turns[0] if case.turns else None
    prompt = first.prompt if first else (case.seed.description if case.seed else "")
    expected = (first.expected_response or "") if first else ""
    found = opened.findings_of(index)
    dk = dk_extensions(case)
    return {
        "k": f"{opened.index}:{index}",
        "f": opened.index,
        "i": index,
        "id": case.id or "",
        "p": prompt[:_LIST_PROMPT],
        "x": expected[:_LIST_EXPECTED],
        "c": case.category or "",
        "e": evaluator_names(case, opened.dataset),
        "l": worst_level(found),
        "codes": sorted({f.code for f, _, _ in found}),
        "g": is_generated(case),
        "r": str(dk.get("review") or ""),
        "t": len(case.turns),
    }
