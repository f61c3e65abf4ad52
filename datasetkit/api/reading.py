"""Reading datasets: ``load``, ``loads`` and ``iter_cases``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from datasetkit.api.sources import Source, display, format_of, input_file, read_options_of
from datasetkit.core.findings import DatasetkitError, Finding, Severity

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset


def load(source: Source, format: str | None = None, **read_options: Any) -> Dataset:
    """Read a dataset file (path, file object or bytes) into a :class:`Dataset`.

    ``format`` names the format (``datasetkit formats`` lists them); without it the
    format is detected. ``read_options``: ``mapping`` (field -> column, like ``--map``),
    ``sheets``, ``strict``, and format settings such as ``schema_version``.
    Raises :class:`DatasetkitError` when the file cannot be read as a dataset.
    """
    src = input_file(source)
    fmt = format_of(src, format)
    options = read_options_of(read_options, src._data is not None)
    result = fmt.read(src, options)
    if result.dataset is None:
        errors = [f for f in result.findings if f.severity == Severity.ERROR]
        first = errors[0] if errors else None
        raise DatasetkitError(
            f"{display(src)}: cannot be read as {fmt.name}"
            + (f": {first.message}" if first else ""),
            first.hint if first else "check the file, or name its format",
        )
    ds = result.dataset
    ds.source_format = ds.source_format or result.format or fmt.name
    ds.source_path = ds.source_path or (src.path if src._data is None else None)
    return ds


def loads(text: str | bytes, format: str | None = None, **read_options: Any) -> Dataset:
    """Read a dataset from a string or bytes (``format`` names it; detected if left out)."""
    if not isinstance(text, (str, bytes)):
        raise DatasetkitError(f"loads takes str or bytes, not {type(text).__name__}")
    data = text.encode("utf-8") if isinstance(text, str) else text
    return load(data, format, **read_options)


def iter_cases(
    source: Source,
    format: str | None = None,
    findings: list[Finding] | None = None,
    **read_options: Any,
) -> Iterator[Case]:
    """The cases of a dataset one at a time.

    Foundry JSONL and CSV files given by path are streamed: memory does not grow with
    the file. Findings of the read are appended to ``findings`` when a list is given.
    """
    src = input_file(source)
    fmt = format_of(src, format)
    options = read_options_of(read_options, src._data is not None)
    yield from fmt.iter_cases(src, options, findings if findings is not None else [])
