"""Format registry: one module or package per format family, each behind the :class:`Format` interface.

A format module subclasses :class:`Format` and calls :func:`register` at import time.
The CLI lists the registry (``datasetkit formats``) and picks a format by name
(``--from``/``--to``) or by :func:`detect` (extension and content).
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError, Finding, Location

if TYPE_CHECKING:
    # Only for annotations: validate runs without the model (and pydantic) loaded.
    from datasetkit.core.model import Case, Dataset


@dataclass
class InputFile:
    """A file to read: its display path and, once read, its bytes (``-`` is stdin)."""

    path: str
    _data: bytes | None = None

    @property
    def data(self) -> bytes:
        """The file's bytes (read on first use)."""
        if self._data is None:
            from datasetkit.io.files import read_input_bytes

            self._data = read_input_bytes(self.path)
        return self._data

    def head(self, n: int = 65536) -> bytes:
        """The first ``n`` bytes, without reading a large file whole."""
        if self._data is not None or self.path == "-":
            return self.data[:n]
        from datasetkit.io.inputs import open_input

        # A device, or a pipe nobody writes to, is refused here (DatasetkitError) rather
        # than looked at by every format in turn; what the system refuses (OSError) the
        # reader says.
        try:
            with open_input(self.path) as fh:
                return fh.read(n)
        except OSError:
            return b""

    @property
    def suffix(self) -> str:
        """The lower-case file extension (``.json``), '' for stdin."""
        return Path(self.path).suffix.lower() if self.path != "-" else ""


@dataclass
class ReadOptions:
    """What a reader may be told: column mapping, sheets, and format-specific settings."""

    # Canonical field name (prompt, expected_response, category, id, notes,
    # conversation) -> source column header.
    mapping: dict[str, str] = field(default_factory=dict)
    sheets: list[str] = field(default_factory=list)
    strict: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


# ReadOptions.extra key: the caller wants findings only (validate). A reader may then
# leave ReadResult.dataset unset, as long as its findings stay exactly the same.
NO_DATASET = "no_dataset"


@dataclass
class WriteOptions:
    """What a writer may be told: style, loss policy, and format-specific settings."""

    strict: bool = False
    # Format-specific settings, e.g. {"jsonl_style": "messages"}, {"truncate": True}.
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class ReadResult:
    """A reader's answer: the dataset (None when unreadable) and what it found on the way."""

    dataset: Dataset | None
    findings: list[Finding] = field(default_factory=list)
    format: str = ""
    # Format-specific facts for reporters (e.g. the declared schemaVersion).
    info: dict[str, Any] = field(default_factory=dict)
    # Maps a document-level JSON Pointer (see Source.pointer) to a Location with line and
    # column; set by readers of text formats so lint findings can be located.
    locate: Callable[[str], Location] | None = None


@dataclass
class WriteResult:
    """A writer's answer: files written and findings (what the target could not carry)."""

    paths: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    # How many cases the files hold (None when the writer does not count), so a summary
    # says what was written rather than what was read.
    cases: int | None = None


class Format:
    """Base class of a format family. Subclasses override what they support."""

    name: str = ""
    label: str = ""
    extensions: tuple[str, ...] = ()
    # The suffixes of the files write() makes, when fewer than it reads (empty: the
    # same); an output named with another suffix is refused (see io.safety).
    written_suffixes: tuple[str, ...] = ()
    readable: bool = True
    writable: bool = True
    # Whether the reader takes ``--map`` (``ReadOptions.mapping``): record formats do; a
    # format with fixed fields (DeepEval, Ragas...) is read as plain records instead.
    maps_columns: bool = False
    # The file syntaxes the reader takes (json, yaml, text, workbook): --from names a
    # format, and a file of another syntax is refused before it is read. Empty: the
    # syntaxes of ``extensions`` (see syntax_of_suffix).
    syntaxes: tuple[str, ...] = ()
    # Whether a write may make several files that name each other (split parts, sidecars):
    # those are staged in a hidden folder; a single file is staged as a hidden file
    # beside the target (see datasetkit.io.staging.staged_output).
    multi_file: bool = False

    def check_output_name(self, dest: str | os.PathLike[str]) -> None:
        """Refuse an output whose suffix names another kind of dataset file than this
        format writes (a .csv for JSONL); a suffix no format reads (``.data``), or none
        (``-``, a device), is the user's choice."""
        name = os.fspath(dest)
        suffix = os.path.splitext(name)[1].lower()
        suffixes = self.written_suffixes or self.extensions
        if not suffix or not suffixes or suffix in suffixes:
            return
        if not any(suffix in f.extensions for f in all_formats()):
            return
        stem = name[: len(name) - len(suffix)]
        raise DatasetkitError(
            f"{name}: the {self.name} format writes {' or '.join(suffixes)} files, not "
            f"{suffix}; nothing was written",
            f"name the output {stem}{suffixes[0]}, or pick a format that writes {suffix} "
            "files (datasetkit formats lists them)",
        )

    def sniff(self, src: InputFile) -> float:
        """How sure (0..1) this format is that ``src`` is one of its files."""
        return 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Parse ``src`` into a :class:`Dataset`, with format-level findings."""
        raise DatasetkitError(f"the {self.name} format cannot be read")

    def validate(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Check ``src`` against the format's rules. By default the same as :meth:`read`."""
        return self.read(src, options)

    def iter_cases(
        self, src: InputFile, options: ReadOptions | None, findings: list[Finding]
    ) -> Iterator[Case]:
        """Cases one at a time (streaming formats override this to keep memory flat)."""
        result = self.read(src, options)
        findings.extend(result.findings)
        if result.dataset is not None:
            yield from result.dataset.cases

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write ``dataset`` to ``dest`` (atomically), reporting anything it could not carry."""
        raise DatasetkitError(
            f"the {self.name} format cannot be written", "pick another --to format"
        )


_REGISTRY: dict[str, Format] = {}
# Modules that register formats; imported lazily so start-up stays fast.
_FORMAT_MODULES = ("m365", "foundry", "copilot_studio", "table", "peers", "records")
_loaded = False


def register(fmt: Format) -> Format:
    """Add a format to the registry (called by each format module), behind the boundary."""
    from datasetkit.io.safety import guard_format

    guard_format(fmt)
    _REGISTRY[fmt.name] = fmt
    return fmt


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for mod in _FORMAT_MODULES:
        try:
            importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as exc:
            # A format module that is not written yet is simply absent.
            if exc.name != f"{__name__}.{mod}":
                raise
    # The order of _FORMAT_MODULES, whichever format module was imported first: the
    # listing, the --from choices and detection's tie-break do not depend on import order.
    ranked = sorted(_REGISTRY.values(), key=_module_rank)
    _REGISTRY.clear()
    _REGISTRY.update((f.name, f) for f in ranked)


def _module_rank(fmt: Format) -> int:
    module = type(fmt).__module__
    for i, name in enumerate(_FORMAT_MODULES):
        package = f"{__name__}.{name}"
        if module == package or module.startswith(package + "."):
            return i
    return len(_FORMAT_MODULES)


def all_formats() -> list[Format]:
    """Every registered format, in registration order."""
    _load()
    return list(_REGISTRY.values())


def get(name: str) -> Format:
    """The format called ``name``; a clear error naming the known ones otherwise."""
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise DatasetkitError(f"unknown format {name!r}", f"use one of: {known}") from None


# Extension -> the syntax of its files; what --from checks a file against.
_SUFFIX_SYNTAX = {
    ".json": "json", ".jsonl": "json", ".csv": "text", ".tsv": "text", ".txt": "text",
    ".xlsx": "workbook", ".xlsm": "workbook", ".yaml": "yaml", ".yml": "yaml",
}  # fmt: skip
_SYNTAX_NAMES = {
    "json": "JSON or JSONL",
    "yaml": "YAML",
    "text": "CSV or plain text",
    "workbook": "an Excel workbook",
}
_YAML_KEY = re.compile(rb"^(---\s*$|[A-Za-z_][\w-]*:(\s|$)|-\s+[A-Za-z_][\w-]*:(\s|$))")


def syntaxes_of(fmt: Format) -> set[str]:
    """The file syntaxes ``fmt`` reads (declared, or those of its extensions)."""
    if fmt.syntaxes:
        return set(fmt.syntaxes)
    return {_SUFFIX_SYNTAX[e] for e in fmt.extensions if e in _SUFFIX_SYNTAX}


def syntax_of(src: InputFile) -> str | None:
    """The syntax the content of ``src`` is written in, from its first bytes (None when
    it cannot be told: empty, or binary of no known kind)."""
    head = src.head(4096)
    if head[:4] == b"PK\x03\x04" or head[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        return "workbook"
    body = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not body:
        return None
    if body[:1] in (b"{", b"["):
        return "json"
    lines = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith(b"#")]
    first = lines[0].strip() if lines else b""
    if src.suffix in (".yaml", ".yml") or (
        _YAML_KEY.match(first) and not re.search(rb"[,;\t|]", first)
    ):
        return "yaml"
    if b"\x00" in head:
        return None  # UTF-16 text or a binary file: the reader says which
    return "text"


class SyntaxMismatch(DatasetkitError):
    """A file named as a format whose syntax it is not written in."""

    code = "input.syntax-mismatch"


def named(name: str, src: InputFile) -> Format:
    """The format ``name`` (``--from``) for ``src``, refused when the file is written in a
    syntax that format does not read (a YAML file named as CSV, a CSV as JSONL)."""
    fmt = get(name)
    found = syntax_of(src)
    accepted = syntaxes_of(fmt)
    if found is None or not accepted or found in accepted:
        return fmt
    readers = [f.name for f in _REGISTRY.values() if f.readable and found in syntaxes_of(f)]
    expected = " or ".join(_SYNTAX_NAMES.get(s, s) for s in sorted(accepted))
    raise SyntaxMismatch(
        f"{'<stdin>' if src.path == '-' else src.path}: --from {name} reads {expected}, "
        f"but the file holds {_SYNTAX_NAMES.get(found, found)}",
        "leave out --from to have the format detected"
        + (f", or name a format that reads it: {', '.join(readers)}" if readers else ""),
    )


def detect(src: InputFile, candidates: Iterable[Format] | None = None) -> Format:
    """The format that claims ``src`` most strongly (extension and content)."""
    from datasetkit.io.safety import boundary

    _load()
    best: tuple[float, Format] | None = None
    for fmt in candidates if candidates is not None else _REGISTRY.values():
        if not fmt.readable:
            continue
        with boundary("<stdin>" if src.path == "-" else src.path):
            score = fmt.sniff(src)
        if score > 0 and (best is None or score > best[0]):
            best = (score, fmt)
    if best is None and src.suffix == ".txt":
        # Only a question list (one per line) is claimed by content; say so.
        raise DatasetkitError(
            f"{src.path}: does not look like a list of questions (one per line)",
            "name the format with --from copilot-studio if it is one",
        )
    if best is None:
        raise DatasetkitError(
            f"{src.path}: cannot tell which dataset format this is",
            "name it with --from (see 'datasetkit formats')",
        )
    return best[1]
