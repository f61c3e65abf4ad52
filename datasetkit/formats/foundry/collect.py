"""The findings collector and a row's context (turns a JSON Pointer into a line and column)."""

from __future__ import annotations

from dataclasses import dataclass

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import locate, pointer_join, split_pointer
from datasetkit.core.positions import offset_to_line_col
from datasetkit.formats.foundry.spec import MAX_PER_CODE

# --- findings ----------------------------------------------------------------------------


class Collector:
    """Collects findings, keeping at most MAX_PER_CODE of each code."""

    def __init__(self, out: list[Finding], path: str, converting: bool = False) -> None:
        self.out = out
        self.path = path
        # While converting, what only the Foundry service would reject is said once.
        self.converting = converting
        # Findings with their row's pointer and line only (see RowContext.unplaced).
        self.unplaced = False
        self.counts: dict[str, int] = {}
        self.once: set[str] = set()

    def add(self, f: Finding) -> None:
        n = self.counts.get(f.code, 0) + 1
        self.counts[f.code] = n
        if n <= MAX_PER_CODE:
            self.out.append(f)

    def full(self, code: str) -> bool:
        """Whether findings of ``code`` are past the cap (only counted from now on)."""
        return self.counts.get(code, 0) >= MAX_PER_CODE

    def add_once(self, key: str, f: Finding) -> None:
        if key not in self.once:
            self.once.add(key)
            self.add(f)

    def finish(self) -> None:
        for code, n in self.counts.items():
            if n > MAX_PER_CODE:
                self.out.append(
                    Finding(
                        code,
                        Severity.INFO,
                        f"{n - MAX_PER_CODE:,} more findings like [{code}] are not shown ({n:,} in all)",
                        "fix the ones shown and check again",
                        Location(path=self.path),
                    )
                )


@dataclass
class RowContext:
    """Where a record is, to locate findings inside it."""

    path: str
    index: int
    line: int
    text: str | None = None  # JSON text holding the record (JSONL)
    prefix: str = ""  # pointer of the record inside ``text`` (JSON-array files)
    row: int | None = None  # CSV record number (header = row 1)
    first_line: int | None = None  # the record's own first line when ``line`` is an array's
    # The findings are placed elsewhere by the caller (no column: locating is not free).
    unplaced: bool = False

    def loc(self, ptr: str = "", *, key: bool = False) -> Location:
        pointer = pointer_join("", self.index) + ptr
        if self.row is not None:
            tokens = split_pointer(ptr)
            return Location(
                path=self.path,
                line=self.line,
                pointer=pointer,
                row=self.row,
                field=tokens[0] if tokens else None,
            )
        if self.text is None or self.unplaced:
            return Location(path=self.path, line=self.line, pointer=pointer)
        tokens = split_pointer(self.prefix + ptr)
        offset = None
        while offset is None:
            sub = "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens)
            offset = locate(self.text, sub, key=key and bool(tokens))
            if offset is None:
                if not tokens:
                    return Location(path=self.path, line=self.line, pointer=pointer)
                tokens.pop()
        line, col = offset_to_line_col(self.text, offset)
        return Location(path=self.path, line=self.line + line - 1, column=col, pointer=pointer)
