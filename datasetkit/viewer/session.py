"""A review session: the datasets named for review, and the answers to what the page asks.

The page knows files by their number in the list the user gave, and cases by their
number in their file: it never names a path, so it can read and write nothing else.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.decisions import DISCARD_MODES, apply_edit
from datasetkit.generate.review import dk_extensions
from datasetkit.viewer.carrying import KEEP_VERSIONS, carry_changes, changed_on_disk
from datasetkit.viewer.checking import LiveChecker
from datasetkit.viewer.detail import case_detail, finding_view
from datasetkit.viewer.opened import OpenFile, open_dataset, stamp_of, summary
from datasetkit.viewer.passages import Passages
from datasetkit.viewer.saving import Change, OutputTarget, SaveConflict, change_of, save_review
from datasetkit.viewer.verifying import SaveRefused


class ReviewSession:
    """The open datasets, the knowledge files, and the save target of one review."""

    def __init__(
        self,
        paths: list[str],
        *,
        format: str | None = None,
        knowledge: list[str] | None = None,
        output: str | None = None,
        to: str | None = None,
        config: Any = None,
    ) -> None:
        from datasetkit.lint.config import load_config

        if not paths:
            raise DatasetkitError("no dataset to review", "name one or more dataset files")
        if output is not None and len(paths) > 1:
            raise DatasetkitError(
                "-o names one file: it can hold the review of one dataset, not of several",
                "review one dataset at a time with -o, or save in place",
            )
        self.format = format
        self.config = config if config is not None else load_config()
        self.files = [open_dataset(i, p, format, self.config) for i, p in enumerate(paths)]
        self.passages = Passages(knowledge or [])
        self.checker = LiveChecker(self.config)
        self.output = OutputTarget(output, to) if output else None
        if self.output is not None:
            self.output.format_for(self.files[0].format)  # a bad -o or --to fails now
        self._lock = threading.RLock()
        self._data: tuple[tuple[str, ...], bytes] | None = None
        # Versions replaced while the review ran, for a page that still shows one of them.
        self._earlier: dict[str, OpenFile] = {}
        self.data_json()  # made now: the page's first load then only sends it

    # -- what the page reads ---------------------------------------------------------

    def data_json(self) -> bytes:
        """:meth:`data` as JSON, made once per version of the files (a large set's list is
        the page's biggest answer)."""
        with self._lock:
            self.refresh()
            versions = tuple(f.version for f in self.files)
            if self._data is None or self._data[0] != versions:
                data = self.data()
                try:
                    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
                except UnicodeEncodeError:
                    # A lone surrogate (a file name that is not UTF-8, a broken escape):
                    # written as a JSON escape, which the page shows as a replacement mark.
                    raw = json.dumps(data, separators=(",", ":")).encode()
                self._data = (versions, raw)
            return self._data[1]

    def data(self) -> dict[str, Any]:
        """The list: every file, every case's row, and decisions of an earlier review."""
        with self._lock:
            self.refresh()
            files = list(self.files)
        rows: list[dict[str, Any]] = []
        pending: dict[str, dict[str, Any]] = {}
        for opened in files:
            for i in range(len(opened.cases)):
                row = summary(opened, i)
                saved = _recorded(opened, i)
                if saved is not None and saved[1] is not None:
                    # The page takes it up as an unsaved decision; the row shows the file.
                    pending[row["k"]] = saved[1]
                elif saved is not None:
                    row["r"] = saved[0] or row["r"]
                rows.append(row)
        return {
            "files": [self._file_view(f) for f in files],
            "cases": rows,
            "pending": pending,
            "output": self.output.path if self.output else None,
            "discardModes": list(DISCARD_MODES),
            "knowledge": self.passages.files,
        }

    def _file_view(self, opened: OpenFile) -> dict[str, Any]:
        return {
            "index": opened.index,
            "path": opened.path,
            "name": os.path.basename(opened.path),
            "format": opened.format,
            "version": opened.version,
            "cases": len(opened.cases),
            "writable": opened.writable,
            "findings": [finding_view(f, None, None) for f in opened.placed.file],
            "record": opened.record is not None,
        }

    def case(self, file: int, index: int) -> dict[str, Any]:
        """The case view of case ``index`` of file ``file``."""
        opened = self._file(file)
        _check_index(opened, index)
        return case_detail(opened, index, self.passages)

    def check(self, file: int, index: int, edit: dict[str, Any]) -> dict[str, Any]:
        """The live check of an edit of case ``index`` of file ``file``."""
        opened = self._file(file)
        _check_index(opened, index)
        if not isinstance(edit, dict):
            raise DatasetkitError("the edit is not an object", "reload the page")
        return self.checker.check(opened, index, edit)

    def _file(self, file: Any) -> OpenFile:
        if not isinstance(file, int) or not 0 <= file < len(self.files):
            raise DatasetkitError(f"no file {file!r} in this review", "reload the page")
        return self.files[file]

    # -- the files on disk ------------------------------------------------------------

    def refresh(self) -> None:
        """Read again every file changed on disk since it was read (another editor, a
        generate run): a page loaded now shows the files as they are."""
        with self._lock:
            for opened in list(self.files):
                if changed_on_disk(opened, stamp_of(opened.path)):
                    self._reopen(opened.index)

    def _reopen(self, index: int) -> OpenFile:
        old = self.files[index]
        new = open_dataset(index, old.path, self.format, self.config)
        if new.version != old.version:
            self._earlier[old.version] = old
            while len(self._earlier) > KEEP_VERSIONS:
                del self._earlier[next(iter(self._earlier))]
        self.files[index] = new
        return new

    def _as_shown(self, opened: OpenFile, version: str) -> OpenFile | None:
        """The version of the file the page shows (None: one this review never read)."""
        return opened if version == opened.version else self._earlier.get(version)

    # -- saving ----------------------------------------------------------------------

    def save(self, request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Save every file the request changes; the HTTP status and each file's outcome."""
        discarded = request.get("discarded", "remove")
        to_output = request.get("target") == "output"
        if to_output and self.output is None:
            raise DatasetkitError("no output file was named", "start the review with -o FILE")
        results = []
        status = 200
        with self._lock:
            for item in _listed(request.get("files")):
                outcome, code = self._save_file(item, discarded, to_output)
                results.append(outcome)
                status = max(status, code)
        return status, {"results": results}

    def _save_file(self, item: Any, discarded: str, to_output: bool) -> tuple[dict[str, Any], int]:
        opened = self._file(item.get("file") if isinstance(item, dict) else None)
        version = str(item.get("version") or "")
        shown = self._as_shown(opened, version) or opened
        changes = [change_of(c, len(shown.cases)) for c in _listed(item.get("changes"))]
        try:
            saved = save_review(
                opened, version, changes, discarded, self.output if to_output else None
            )
        except SaveConflict as exc:
            return self._conflict(opened, version, changes, exc), 409
        except SaveRefused as exc:
            out = _failed(opened, "refused", exc)
            out["findings"] = [finding_view(f, None, None) for f in exc.findings]
            return out, 422
        except DatasetkitError as exc:
            return _failed(opened, "error", exc), 400
        self._reopen(opened.index)
        return {"file": opened.index, "ok": True, **saved.to_dict()}, 200

    def _conflict(
        self, opened: OpenFile, version: str, changes: list[Change], exc: SaveConflict
    ) -> dict[str, Any]:
        """A save refused for a file changed on disk: the file read again, and the page's
        decisions moved onto the same cases of what is there now."""
        out = _failed(opened, "conflict", exc)
        if self.output is not None and exc.path == self.output.path:
            out["hint"] = "another program wrote it since the review began: save in place, or "
            out["hint"] += "start the review again with another -o (unsaved decisions stay here)"
            return out
        shown = self._as_shown(opened, version)
        try:
            self.refresh()
        except DatasetkitError as err:  # the file is gone, or no dataset now: say so
            out["hint"] = f"{err.message}; {err.hint}" if err.hint else err.message
            return out
        now = self.files[opened.index]
        carried, dropped = carry_changes(shown, now, changes) if shown else ([], len(changes))
        out.update(carried=carried, dropped=dropped, version=now.version)
        moved = f"{len(carried)} of your unsaved decision(s) moved onto the same cases"
        gone = f"; {dropped} were for cases changed or no longer there" if dropped else ""
        out["hint"] = f"the page now shows the file as it is: {moved}{gone}. Look, then save again"
        return out


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise DatasetkitError("the request's changes are not a list", "reload the page")
    return value


def _failed(opened: OpenFile, status: str, exc: DatasetkitError) -> dict[str, Any]:
    return {
        "file": opened.index,
        "ok": False,
        "status": status,
        "message": exc.message,
        "hint": exc.hint,
    }


def _check_index(opened: OpenFile, index: Any) -> None:
    if not isinstance(index, int) or not 0 <= index < len(opened.cases):
        raise DatasetkitError(f"{opened.path} has no case {index!r}", "reload the page")


def _recorded(opened: OpenFile, index: int) -> tuple[str | None, dict[str, Any] | None] | None:
    """The recorded verdict of a case, and what of the decision the file does not show yet
    (an edit not made, a discard not done: a new version of the set), for the page to
    take up as unsaved decisions."""
    if opened.record is None:
        return None
    case = opened.cases[index]
    found = opened.record.decision_for(case)
    if found is None:
        return None
    decision = found[1]
    mark = dk_extensions(case).get("review")
    undone = decision.verdict == "discarded" and mark != "discarded"
    if decision.edit and decision.verdict != "discarded":
        undone = undone or apply_edit(case.model_copy(deep=True), decision.edit)
    if not undone:
        return decision.verdict, None
    return decision.verdict, {
        "verdict": decision.verdict,
        "note": decision.note,
        "edit": decision.edit,
        "earlier": True,
    }


def page_file(name: str) -> bytes:
    """A file of the page (``index.html``, ``app.js``, ``app.css``) as shipped."""
    from importlib import resources

    try:
        return resources.files("datasetkit.viewer").joinpath("page").joinpath(name).read_bytes()
    except (FileNotFoundError, OSError):
        return (Path(__file__).parent / "page" / name).read_bytes()
