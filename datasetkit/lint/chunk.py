"""One part of a streamed file as the rules see it: its cases, its bytes, the file's facts.

A :class:`ChunkContext` is a :class:`~datasetkit.lint.context.LintContext` over a run of
consecutive cases and exactly the bytes of the lines they were read from, numbered as
in the whole file. Rules that look across cases read :class:`~datasetkit.lint.facts.Facts`
through it; what a rule carries from part to part lives in a shared ``state``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from datasetkit.core.findings import Finding
from datasetkit.core.model import Case
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import ReadResult
from datasetkit.lint.context import LintContext
from datasetkit.lint.facts import Facts
from datasetkit.lint.settings import LintConfig


class ChunkContext(LintContext):
    """Part of a file being linted (see the module)."""

    def __init__(
        self,
        path: str,
        result: ReadResult,
        config: LintConfig,
        data: bytes,
        *,
        offset: int,
        first_line: int,
        first_record: int,
        facts: Facts,
        state: dict[str, Any],
    ) -> None:
        super().__init__(path, result, config, [], data)
        self.facts_offset = offset
        self.first_line = first_line
        self.first_record = first_record
        self.facts = facts
        self._state = state

    @property
    def _first(self) -> bool:
        return self.facts_offset == 0 and self.first_line == 1

    @property
    def has_bom(self) -> bool:
        """Only the file's start can hold its BOM (a later line's is text)."""
        return self._first and self.data.startswith(UTF8_BOM)

    @cached_property
    def text(self) -> str:
        """The part's lines as text (the file's BOM removed from the first part)."""
        data = self.data[len(UTF8_BOM) :] if self.has_bom else self.data
        return data.decode("utf-8", errors="replace")

    @property
    def case_count(self) -> int:
        """The whole file's number of cases."""
        return self.facts.n

    @property
    def file_level(self) -> bool:
        """The first part speaks for the whole file."""
        return self._first

    def any_case(self, name: str, test: Callable[[Case], bool]) -> bool:
        """What the first pass found for the whole file."""
        return bool(self.facts.flags.get(name))

    def state(self, name: str, make: Callable[[], Any]) -> Any:
        """The value a rule keeps across the parts of the file."""
        if name not in self._state:
            self._state[name] = make()
        return self._state[name]

    def ref(self, index: int) -> str:
        """How a message names case ``index`` of the whole file."""
        return self.facts.ref(index)


class SpanWindow:
    """The record spans of the part being linted, by record index in the file.

    Stands in for the reader's list of every record's span (``RecordIndex.spans``): the
    locator asks for records of the current part only, so older spans are dropped.
    """

    def __init__(self) -> None:
        self._spans: dict[int, tuple[int, int, int, str]] = {}
        self._n = 0
        self.end = 0  # where the last record read ends
        self.prefixed = False  # a JSON-array file: records share lines

    def append(self, span: tuple[int, int, int, str]) -> None:
        """Note the next record's span."""
        self._spans[self._n] = span
        self._n += 1
        self.end = span[1]
        if span[3]:
            self.prefixed = True

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: int) -> tuple[int, int, int, str]:
        return self._spans[i]

    def clear(self) -> None:
        """Forget the spans read so far (their part is done)."""
        self._spans.clear()


def fill_path(f: Finding, path: str) -> Finding:
    """The finding with ``path`` as its file when it names none (as lint_file does)."""
    return f if f.location.path else f.with_location(path=path)
