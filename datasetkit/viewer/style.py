"""How a dataset file is written out, so a save in place writes it the same way.

A format's writer has one default layout; a file a person made may use another the
writer can also make (a Copilot Studio file with the ``Prompt, Expected response, Test
Method Type`` header, a BOM for Excel, CRLF line ends, every cell quoted or only where
needed). A review must not turn the file into another layout, move a column into a new
setup file, or change every line: the writer is told to write what the reader saw.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datasetkit.core.model import Dataset
    from datasetkit.formats import WriteResult
    from datasetkit.viewer.opened import OpenFile

_UTF8_BOM = b"\xef\xbb\xbf"
_COPILOT_STUDIO = ("copilot-studio", "copilot-studio-conversation")
# The writer's layouts (the reader's names for the header rows it can write again).
_WRITABLE_LAYOUTS = ("docs", "current", "g2", "ess", "conversation")
_LAYOUTS_WITH_COMMENTS = ("current", "g2", "conversation")


def write_like(opened: OpenFile, dataset: Dataset, dest: Path, fmt: str) -> WriteResult:
    """Write ``dataset`` to ``dest`` in ``fmt``; in the file's own format, as it is written.

    A file without a setup file gets none, unless the cases hold what only a setup file
    can carry (test methods beyond the CSV's columns, names, tags): then it is written
    with one, as without these settings, rather than lose them.
    """
    from datasetkit.convert.readwrite import write_dataset
    from datasetkit.formats import WriteOptions

    extra = {}
    if fmt == opened.format:
        extra = write_options_like(fmt, opened.path, opened.data, opened.info)
    written = write_dataset(
        dataset, dest, to=fmt, options=WriteOptions(extra=extra), make_parents=False, validate=False
    )
    if extra.get("sidecar") is False and any(_lost_without_setup(f.code) for f in written.findings):
        extra["sidecar"] = True
        written = write_dataset(
            dataset,
            dest,
            to=fmt,
            options=WriteOptions(extra=extra),
            make_parents=False,
            validate=False,
        )
    return written


def _lost_without_setup(code: str) -> bool:
    """Whether a writer's finding is a loss a setup file would have prevented. The review's
    own marks are not: the review record beside the dataset keeps them."""
    return ".loss." in code and not code.endswith(".loss.extensions-datasetkit")


def write_options_like(fmt: str, path: str, data: bytes, info: dict[str, Any]) -> dict[str, Any]:
    """The writer settings (``WriteOptions.extra``) that write a file of format ``fmt`` as
    the one at ``path`` (its bytes ``data``, what its reader said in ``info``) is written."""
    bom = data.startswith(_UTF8_BOM)
    if fmt in _COPILOT_STUDIO:
        return _copilot_studio(path, data[len(_UTF8_BOM) if bom else 0 :], info, bom)
    if fmt == "foundry-csv":
        return {"bom": bom}
    return {}


def _copilot_studio(path: str, text: bytes, info: dict[str, Any], bom: bool) -> dict[str, Any]:
    from datasetkit.formats.copilot_studio.parse import sidecar_path

    extra: dict[str, Any] = {"bom": bom}
    layout = info.get("layout")
    if layout in _WRITABLE_LAYOUTS:
        extra["template"] = layout
        comments = bool(info.get("comments"))
        if comments and layout in _LAYOUTS_WITH_COMMENTS:
            extra["comments"] = True
        # Every cell quoted, or only where needed: as the first row that is not a comment.
        first = next(
            (ln for ln in text.splitlines() if ln.strip() and not ln.lstrip(b'"').startswith(b"#")),
            b"",
        )
        extra["quoting"] = "all" if first.lstrip().startswith(b'"') else "minimal"
    # A broken CRLF (CR CR LF, as some spreadsheet exports write) is written as CRLF.
    extra["newline"] = "crlf" if info.get("line_endings") in ("crlf", "crcrlf") else "lf"
    # A setup file only where there was one (the layout keeps what the reader found).
    extra["sidecar"] = sidecar_path(Path(path)).is_file()
    return extra
