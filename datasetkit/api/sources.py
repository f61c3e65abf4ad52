"""What the API reads from and writes to: paths, file objects, bytes, dicts and Datasets.

In-memory inputs and outputs go through the same readers, writers and checks as files: a
temporary folder stands in for the file system where a writer needs one.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeGuard, Union

from datasetkit import formats
from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import InputFile, ReadOptions, WriteOptions

if TYPE_CHECKING:
    from datasetkit.core.model import Dataset

# What can be read: a path, a file object, bytes; a str is always a path (see loads).
Source = Union[str, "os.PathLike[str]", bytes, IO[str], IO[bytes]]
# Where a dataset can be written: a path or a file object.
Target = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

MEMORY = "<memory>"


def is_dataset(value: Any) -> TypeGuard[Dataset]:
    """Whether ``value`` is a Dataset, without importing the model (and pydantic) to ask:
    while it is not imported, no Dataset exists."""
    model = sys.modules.get("datasetkit.core.model")
    return model is not None and isinstance(value, model.Dataset)


def is_path(value: Any) -> TypeGuard[str | os.PathLike[str]]:
    return isinstance(value, (str, os.PathLike))


@dataclass
class MemoryInput(InputFile):
    """Bytes in memory, with the extension a file of that content would have.

    Formats sniff the extension first; without one, a JSON document written on one
    line would look like a one-row JSONL file.
    """

    kind: str = ""

    @property
    def suffix(self) -> str:
        return self.kind


def _suffix_of(data: bytes) -> str:
    """``.json`` for one JSON value, ``.jsonl`` for one per line, else ``.csv`` or ``.txt``."""
    text = data.removeprefix(b"\xef\xbb\xbf").strip()
    if text[:1] in (b"{", b"["):
        try:
            json.loads(text)
        except ValueError:
            return ".jsonl"
        except RecursionError:
            return ".json"  # one value nested too deeply: its reader says so
        return ".json"
    first = text.split(b"\n", 1)[0]
    return ".csv" if b"," in first or b";" in first or b"\t" in first else ".txt"


def _memory(data: bytes, label: str | None) -> InputFile:
    if label and Path(label).suffix:
        return InputFile(label, data)
    return MemoryInput(label or MEMORY, data, kind=_suffix_of(data))


def input_file(source: Any, name: str | None = None) -> InputFile:
    """An InputFile for a path, bytes or a file object."""
    if is_path(source):
        return InputFile(os.fspath(source))
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _memory(bytes(source), name)
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise DatasetkitError(
                f"reading the {type(source).__name__} gave {type(data).__name__}, not text or bytes",
                "pass a file opened for reading, a path, or bytes",
            )
        label = name or getattr(source, "name", None)
        return _memory(bytes(data), label if isinstance(label, str) else None)
    raise DatasetkitError(
        f"cannot read an object of type {type(source).__name__}",
        "pass a path, a file object, bytes, or (for validate and lint) a dict or a Dataset",
    )


def read_options_of(options: dict[str, Any], in_memory: bool) -> ReadOptions:
    """``mapping``, ``sheets`` and ``strict`` are ReadOptions fields; the rest is extra."""
    extra = dict(options)
    mapping = extra.pop("mapping", None) or {}
    if not isinstance(mapping, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()
    ):
        raise DatasetkitError(
            "mapping must be a dict of field -> column name", "e.g. mapping={'prompt': 'Question'}"
        )
    sheets = extra.pop("sheets", None) or []
    if isinstance(sheets, str):
        sheets = [sheets]
    strict = bool(extra.pop("strict", False))
    if in_memory:
        # A setup sidecar lives beside a file; bytes in memory have no "beside".
        extra.setdefault("sidecar", False)
    return ReadOptions(mapping=dict(mapping), sheets=list(sheets), strict=strict, extra=extra)


def display(src: InputFile) -> str:
    return "<stdin>" if src.path == "-" else src.path


def format_of(src: InputFile, format: str | None) -> formats.Format:
    from datasetkit.io.safety import boundary

    if format:
        return formats.named(format, src)
    with boundary(display(src)):
        return formats.detect(src)


def write_options_of(options: dict[str, Any]) -> WriteOptions:
    extra = dict(options)
    return WriteOptions(strict=bool(extra.pop("strict", False)), extra=extra)


def stream_format(dest: Any, format: str | None) -> formats.Format:
    """The format of a file-object target: named, or told by the object's file name."""
    from datasetkit.convert.readwrite import output_format

    name = getattr(dest, "name", None)
    if format or isinstance(name, str):
        return output_format(name if isinstance(name, str) else "out", format)
    raise DatasetkitError(
        "writing to a file object needs the format", "pass format='m365' (or foundry, ...)"
    )


def write_to(dest: Any, data: bytes) -> None:
    """Put a written file's bytes into a file object (decoded for a text stream)."""
    if isinstance(dest, io.TextIOBase):
        dest.write(data.decode("utf-8"))
        return
    try:
        dest.write(data)
    except TypeError:
        dest.write(data.decode("utf-8"))


def _object_input(obj: Any, format: str | None) -> InputFile:
    """A dict or list as the JSON file it would be (indented, so it is a document)."""
    try:
        data = json.dumps(obj, ensure_ascii=False, indent=2).encode("utf-8")
    except RecursionError:
        raise DatasetkitError(
            "the object is nested too deeply to read (thousands of levels)",
            "flatten it; eval documents need only a few levels",
        ) from None
    except (TypeError, ValueError) as exc:
        raise DatasetkitError(
            f"the object cannot be written as JSON ({exc})", "pass plain dicts, lists and strings"
        ) from None
    return MemoryInput("<object>", data, kind=".json")


def _dataset_input(dataset: Dataset, format: str | None) -> tuple[InputFile, str]:
    """A Dataset as the bytes its format's writer makes (without the write's own checks)."""
    from datasetkit.convert.readwrite import write_dataset

    name = format or (
        dataset.source_format
        if dataset.source_format
        and dataset.source_format in {f.name for f in formats.all_formats() if f.writable}
        else "m365"
    )
    fmt = formats.get(name)
    with tempfile.TemporaryDirectory(prefix="datasetkit-check-") as tmp:
        staged = Path(tmp) / ("dataset" + (fmt.extensions[0] if fmt.extensions else ""))
        res = write_dataset(dataset, staged, fmt.name, WriteOptions(), validate=False)
        data_files = [p for p in res.paths if p.suffix != ".md"]
        if len(data_files) != 1:
            raise DatasetkitError(
                f"the {fmt.name} writer made {len(data_files)} files for this dataset",
                "write it with dump() to a folder and validate the files",
            )
        suffix = data_files[0].suffix
        return MemoryInput("<dataset>", data_files[0].read_bytes(), kind=suffix), fmt.name


def check_inputs(source: Any, format: str | None) -> list[tuple[str, InputFile | None, str | None]]:
    """(display path, in-memory input or None for a file, format) for each input."""
    from datasetkit.validate import resolve_inputs

    if is_dataset(source):
        src, name = _dataset_input(source, format)
        return [("<dataset>", src, name)]
    if isinstance(source, (dict, list)):
        return [("<object>", _object_input(source, format), format)]
    if is_path(source):
        name = os.fspath(source)
        if isinstance(source, str) and source.lstrip()[:1] in ("{", "[") and not _exists(name):
            # A str is a path; JSON text passed by mistake gets a way forward, not a glob error.
            raise DatasetkitError(
                "a str is read as a path, and this looks like JSON text",
                "pass the text as bytes (text.encode()) or the parsed object (json.loads(text))",
            )
        files, _ = resolve_inputs([name])
        return [(p, None, format) for p in files]
    src = input_file(source)
    return [(src.path, src, format)]


def _exists(path: str) -> bool:
    """Whether ``path`` names something (False for a name the system cannot look up,
    e.g. one longer than a path may be)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def paths_of(source: Any) -> list[str] | None:
    """The paths of a list or tuple of paths (what the command line passes), else None."""
    if isinstance(source, (list, tuple)) and source and all(is_path(p) for p in source):
        return [os.fspath(p) for p in source]
    return None


def expand_paths(paths: list[str], suffixes: tuple[str, ...] | None = None) -> list[str]:
    """Files as typed, folders as the dataset files in them (or those with ``suffixes``),
    globs expanded; ``-`` (standard input) kept."""
    from datasetkit.io.paths import expand

    return expand(paths) if suffixes is None else expand(paths, suffixes)
