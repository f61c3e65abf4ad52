"""The two registered formats and how they sniff files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit.core.findings import Finding, Severity
from datasetkit.formats import (
    Format,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
    register,
)
from datasetkit.formats.copilot_studio.parse import ParsedFile, finding, header_layout, header_roles
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_FORMAT,
    CONVERSATION_LIMITS,
    FORMAT,
    SIDECAR_SUFFIX,
)
from datasetkit.io import csvfile as csvutil

if TYPE_CHECKING:
    from datasetkit.core.model import Dataset

# The reader, checks, sidecar and writers build or take the canonical model (pydantic):
# imported where used, so registering these formats (on every run) stays cheap.

# ---------------------------------------------------------------------------
# The two formats


# What makes a line of a .txt prose or markup rather than a question: Markdown
# headings, fences, tables, rules, quotes; and a line break inside a sentence.
_MARKUP = re.compile(r"^(#{1,6}\s|```|~~~|\||>\s|={3,}|-{3,}|\*{3,})")
_SENTENCE_BREAK = re.compile(r"[.!?。]\s+[A-Z]")
_ASKS = ("?", "\uff1f", "\u061f")  # ?, fullwidth ?, Arabic ?


def looks_like_question_list(text: str) -> bool:
    """Whether a .txt reads as one question per line (Copilot Studio's question lists)
    rather than prose such as a README: few lines of markup, long paragraphs or
    sentences wrapped over lines, and many lines that ask something."""
    lines = [ln.strip().strip("\u200b\ufeff") for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines:
        return False
    prose = 0
    for i, ln in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        wrapped = bool(nxt[:1].islower()) and not ln.endswith((".", "?", "!", ":", ";"))
        if _MARKUP.match(ln) or len(ln) > 250 or wrapped or len(_SENTENCE_BREAK.findall(ln)) > 1:
            prose += 1
    asks = sum(ln.endswith(_ASKS) for ln in lines)
    return prose <= len(lines) * 0.2 and asks >= len(lines) * 0.3


def _sniff_layout(src: InputFile) -> str | None:
    """The layout of a file's header row (``custom-partial`` for a question column with
    other columns but no expected response: a table for the sheet reader to map)."""
    if src.suffix not in (".csv", ".txt", ""):
        return None
    text = csvutil.sniff_text(src.head(csvutil.SNIFF_BYTES))
    if text is None:
        return None
    for rec in csvutil.iter_records(text):
        if csvutil.is_comment(rec.cells, "#") or all(not c.strip() for c in rec.cells):
            continue
        roles = header_roles(rec.cells)
        layout = header_layout(rec.cells, roles)
        if layout == "unknown" and src.suffix == ".txt":
            return "questions-txt" if looks_like_question_list(text) else None
        if layout == "custom" and "expected" not in roles:
            return "custom-partial"
        return layout
    return None


def _validate_sidecar(src: InputFile, fmt: str) -> ReadResult:
    from datasetkit.formats.copilot_studio.sidecar_read import read_sidecar

    data, problem = read_sidecar(Path(src.path))
    findings = (
        []
        if data is not None
        else [
            finding(
                f"{FORMAT}.sidecar.invalid",
                Severity.ERROR,
                f"{Path(src.path).name} {problem}",
                "regenerate it with datasetkit convert",
                path=src.path,
            )
        ]
    )
    return ReadResult(None, findings, fmt)


class _CopilotStudioBase(Format):
    # It answers --map itself, pointing at --from sheet.
    maps_columns = True
    # Split parts and sidecars name each other: staged together in a folder.
    multi_file = True
    """What both formats share: one reader for every Copilot Studio test-set file."""

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read any Copilot Studio test-set file (single-response or conversation)."""
        from datasetkit.formats.copilot_studio.reader import parse_file

        with csvutil.gc_paused():
            return parse_file(src, options, self.name).result

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read, then check what this format's importer accepts."""
        from datasetkit.formats.copilot_studio.reader import parse_file

        if src.path.endswith(SIDECAR_SUFFIX):
            return _validate_sidecar(src, self.name)
        opts = options or ReadOptions()
        with csvutil.gc_paused():
            parsed = parse_file(src, opts, self.name)
        parsed.result.findings += self._check(parsed, src.path, opts)
        return parsed.result

    def _check(self, parsed: ParsedFile, path: str, options: ReadOptions) -> list[Finding]:
        raise NotImplementedError


class CopilotStudioFormat(_CopilotStudioBase):
    """Single-response test sets (every template generation), and .txt question lists."""

    name = FORMAT
    label = "Copilot Studio test set (CSV/TXT: question, expected response)"
    extensions = (".csv", ".txt")

    def sniff(self, src: InputFile) -> float:
        """Sure for the known template headers; unsure for a bare .txt question list."""
        return {
            "current": 0.95,
            "g2": 0.95,
            "docs": 0.9,
            "ess": 0.9,
            "g1": 0.9,
            "questions": 0.5,
            "custom": 0.4,
            # Below the sheet reader, which maps "Answer" and the like.
            "custom-partial": 0.15,
            "questions-txt": 0.3,
        }.get(_sniff_layout(src) or "", 0.0)

    def _check(self, parsed: ParsedFile, path: str, options: ReadOptions) -> list[Finding]:
        """What the single-response importer accepts."""
        from datasetkit.formats.copilot_studio.checks import validate_single

        return validate_single(parsed, path)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the single-response CSV (split every 100 cases) and its setup sidecar."""
        from datasetkit.formats.copilot_studio.writer import write_single

        return write_single(dataset, Path(dest), options)


class CopilotStudioConversationFormat(_CopilotStudioBase):
    """Conversation (multi-turn) test sets: ``conversationNumber,question,response``."""

    name = CONVERSATION_FORMAT
    label = "Copilot Studio conversation test set (CSV: conversationNumber, question, response)"
    extensions = (".csv",)

    def sniff(self, src: InputFile) -> float:
        """Sure when the header is the conversation template's."""
        return 0.95 if _sniff_layout(src) == "conversation" else 0.0

    def _check(self, parsed: ParsedFile, path: str, options: ReadOptions) -> list[Finding]:
        """What the conversation importer accepts, under the limits chosen (strict by default)."""
        from datasetkit.formats.copilot_studio.checks import validate_conversation

        name = str(options.extra.get("limits") or "strict").lower()
        limits = CONVERSATION_LIMITS.get(name, CONVERSATION_LIMITS["strict"])
        return validate_conversation(parsed, path, limits)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the conversation CSV (split per the limits) and its setup sidecar."""
        from datasetkit.formats.copilot_studio.writer import write_conversation

        return write_conversation(dataset, Path(dest), options)


register(CopilotStudioFormat())
register(CopilotStudioConversationFormat())
