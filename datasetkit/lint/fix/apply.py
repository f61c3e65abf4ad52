"""Fix a file: run the fixes of the rules that fired, check the result, write it safely.

The file is linted whole; each fix registered for a rule that fired edits the file's view
(:mod:`.edits`: its bytes, then its text as an M365 document, JSONL records or CSV
cells). The fixed text is validated again before it is written; a fix that would add a
validation error is not applied. Writing keeps a timestamped backup and is atomic
(:func:`datasetkit.io.inplace.replace_in_place`).
"""

from __future__ import annotations

import difflib
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import ReadResult
from datasetkit.io.files import read_input_bytes
from datasetkit.io.inplace import replace_in_place
from datasetkit.lint.config import LintConfig
from datasetkit.lint.engine import lint_file
from datasetkit.lint.fix.edits import Change, CsvTable, FileBytes, JsonDocument, JsonLines
from datasetkit.lint.registry import Fixer, all_fixers, family_of
from datasetkit.validate import Checked, validate_file


@dataclass
class FixResult:
    """What ``fix_file`` did (or would do) to one file."""

    path: str
    before: bytes
    after: bytes
    changes: list[Change] = field(default_factory=list)
    backup: Path | None = None
    written: bool = False
    refused: str | None = None
    # The fixes left out because the file would not validate with them (the others apply).
    skipped: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """The fixes change the file's bytes."""
        return self.after != self.before

    def diff(self) -> str:
        """A unified diff of the change (empty when nothing changes)."""
        if not self.changed:
            return ""
        old = self.before.decode("utf-8", errors="replace").splitlines(keepends=True)
        new = self.after.decode("utf-8", errors="replace").splitlines(keepends=True)
        if self.before.startswith(UTF8_BOM) and not self.after.startswith(UTF8_BOM) and old:
            old[0] = "\ufeff" + old[0].lstrip("\ufeff")
        text = "".join(difflib.unified_diff(old, new, f"a/{self.path}", f"b/{self.path}"))
        return (
            text if text.endswith("\n") or not text else text + "\n\\ No newline at end of file\n"
        )


def _validate_bytes(path: str, data: bytes, fmt: str) -> list[Finding]:
    with tempfile.TemporaryDirectory(prefix="datasetkit-fix-") as tmp:
        probe = Path(tmp) / Path(path).name
        probe.write_bytes(data)
        checked = validate_file(str(probe), fmt)
        return checked.report.findings


def fix_file(
    path: str, fmt: str | None = None, config: LintConfig | None = None, write: bool = True
) -> FixResult:
    """Apply the safe fixes to ``path`` (or only compute them when ``write`` is false).

    Every fix that keeps the file valid is applied; one that would add a validation error
    is left out and named in ``result.skipped``, and the others still apply."""
    if path == "-":
        raise DatasetkitError("--fix cannot change standard input", "name the file to fix")
    if write:
        from datasetkit.io.inputs import require_regular

        require_regular(path)
    cfg = config or LintConfig()
    # Fixing needs the dataset the whole-file lint keeps (the file is read whole anyway).
    checked = lint_file(path, fmt, cfg, stream=False)
    before = read_input_bytes(path, None)
    result = FixResult(checked.report.path, before, before)
    result.refused = _refusal(checked.result, before)
    if result.refused is not None or checked.result is None:
        return result
    try:
        fired = _fired(path, checked)
        _choose(path, before, checked, cfg, fired, result)
    except UnicodeEncodeError as exc:
        # A lone surrogate (a broken \ud800 escape) cannot be written back as UTF-8.
        result.refused = (
            f"the file holds a lone surrogate ({exc.object[exc.start : exc.end]!r}), which "
            "cannot be written as UTF-8; replace the broken escape first"
        )
        result.after, result.changes = before, []
        return result
    if result.changed and write:
        # Locked, re-checked against the bytes read above, backed up under its own name.
        result.backup = replace_in_place(path, before, result.after)
        result.written = True
    return result


def _choose(
    path: str,
    before: bytes,
    checked: Checked,
    cfg: LintConfig,
    fired: list[Fixer],
    result: FixResult,
) -> None:
    """The fixes of ``fired`` that keep the file valid, applied to ``result``: all of them
    when together they add no error, else each in turn on top of those kept."""
    assert checked.result is not None
    fmt_name = checked.result.format
    after, changes = _fixed(path, before, checked, cfg, fired)
    if after == before:
        return
    old = _counted(_validate_bytes(path, before, fmt_name))
    if not _new_errors(path, after, fmt_name, old):
        result.after, result.changes = after, changes
        return
    kept: list[Fixer] = []
    for fixer in fired:
        trial, trial_changes = _fixed(path, before, checked, cfg, [*kept, fixer])
        errors = _new_errors(path, trial, fmt_name, old) if trial != before else []
        if errors:
            codes = ", ".join(fixer.codes)
            result.skipped.append(
                f"[{codes}] not applied: the fixed file would not validate "
                f"({errors[0].code}: {errors[0].message})"
            )
            continue
        kept.append(fixer)
        result.after, result.changes = trial, trial_changes
    if not result.changed and result.skipped:
        result.refused = "; ".join(result.skipped)


def _fired(path: str, checked: Checked) -> list[Fixer]:
    """The fixes whose rules fired in ``checked``, bytes first, then the file's text view."""
    findings = checked.report.findings
    out = [f for f, _ in _fixers(FileBytes, findings)]
    view = _text_view(path, checked)
    if view is not None:
        out += [f for f, _ in _fixers(view, findings)]
    return out


def _fixed(
    path: str, before: bytes, checked: Checked, cfg: LintConfig, chosen: list[Fixer]
) -> tuple[bytes, list[Change]]:
    """The file's bytes with the ``chosen`` fixes applied, and what they changed."""
    findings = checked.report.findings
    raw = FileBytes(before)
    for fixer, found in _fixers(FileBytes, findings):
        if fixer in chosen:
            fixer.fix(raw, found)
    data, changes = raw.data, list(raw.changes)
    keep_bom = data.startswith(UTF8_BOM)
    text = (
        data[len(UTF8_BOM) :].decode("utf-8") if keep_bom else data.decode("utf-8", errors="strict")
    )
    text, more = _fixed_text(path, text, checked, cfg, before, chosen)
    return (UTF8_BOM if keep_bom else b"") + text.encode("utf-8"), changes + more


def _fixers(view: type, findings: list[Finding]) -> list[tuple[Fixer, list[Finding]]]:
    """The fixes for files seen as ``view`` whose rules fired, in the order they were
    registered, each with the findings it answers."""
    out = []
    for fixer in all_fixers():
        found = [f for f in findings if f.code in fixer.codes]
        if fixer.view is view and found:
            out.append((fixer, found))
    return out


def _refusal(read: ReadResult | None, before: bytes) -> str | None:
    """Why the file is not fixed at all: unread, a workbook, or not UTF-8 (None: it may be)."""
    if read is None or read.dataset is None:
        return "the file could not be read"
    if before.startswith(b"PK\x03\x04"):
        # A workbook is not text: its cells are fixed in the spreadsheet program.
        return "a workbook is not edited in place; fix the cells in the spreadsheet"
    try:
        before.removeprefix(UTF8_BOM).decode("utf-8")
    except UnicodeDecodeError:
        return "the file is not UTF-8 text; save it as UTF-8 first"
    return None


def _text_view(path: str, checked: Checked) -> type[JsonDocument | CsvTable | JsonLines] | None:
    """The view the text fixes of this file edit (None: the file has none)."""
    if checked.result is None:
        return None
    family = family_of(checked.result.format)
    if Path(path).suffix.lower() in (".csv", ".txt", ".tsv"):
        return CsvTable
    if family == "m365":
        return JsonDocument
    if family == "foundry":
        return JsonLines
    return None


def _fixed_text(
    path: str, text: str, checked: Checked, cfg: LintConfig, before: bytes, chosen: list[Fixer]
) -> tuple[str, list[Change]]:
    """The text with the ``chosen`` fixes for its kind applied (M365 JSON, CSV, Foundry JSONL)."""
    view = _text_view(path, checked)
    if view is None or checked.result is None:
        return text, []
    fixers = [(f, found) for f, found in _fixers(view, checked.report.findings) if f in chosen]
    if not fixers:
        return text, []
    target: JsonDocument | CsvTable | JsonLines
    if view is CsvTable:
        from datasetkit.lint.context import LintContext

        ctx = LintContext(checked.report.path, checked.result, cfg, [], before)
        target = CsvTable(text, ctx.columns)
    else:
        target = JsonDocument(text) if view is JsonDocument else JsonLines(text)
    for fixer, found in fixers:
        fixer.fix(target, found)
    return target.result()


def _new_errors(path: str, after: bytes, fmt_name: str, old: Counter[str]) -> list[Finding]:
    """The validation errors the fixed bytes have more of than the file had.

    Counted by code: a fix that moves an error (a removed copy renumbers the items after
    it, and the messages that name them) adds none. The file is validated as the fixed
    one is (lint reports some of validate's errors under its own codes): ``old``."""
    fixed = _validate_bytes(path, after, fmt_name)
    grown = {code for code, n in _counted(fixed).items() if n > old[code]}
    return [f for f in fixed if f.severity == Severity.ERROR and f.code in grown]


def _counted(found: list[Finding]) -> Counter[str]:
    """The errors among ``found`` by code (a BOM, which a fix removes, left out)."""
    return Counter(
        f.code
        for f in found
        if f.severity == Severity.ERROR and f.code not in ("json.bom", "foundry.bom")
    )


__all__ = ["FixResult", "fix_file"]
