"""promptfoo test cases as objects: YAML (a ``tests.yaml`` list, or ``tests:`` inside a
``promptfooconfig.yaml``), and JSON or JSONL files of tests.

A test is ``{description, vars, assert, options, threshold, metadata, ...}``. Reading
follows promptfoo's loader where it matters for what a case holds:

* ``tests:`` may be a list of tests, a ``file://`` path (or a list of them, globs too)
  resolved relative to the config; a referenced CSV is read as promptfoo CSV.
* ``defaultTest`` vars fill each test's missing vars; its assertions are kept once, in
  the dataset, and written back once.
* A var whose value is ``file://NAME.txt`` (or .md, .json, .yaml...) holds that file's
  text; the reference is kept so an unchanged value is written back as the reference.
  Code references (.py, .js) cannot be read and stay as written.
* The prompt var is chosen as for CSV (:func:`.promptfoo.choose_roles`), preferring the
  vars the config's prompt templates use (``{{question}}``).
* Assertions map to the expected answer as for CSV (``equals``, ``contains``...), then a
  reference answer (``similar``, ``factuality``), then a rubric (``llm-rubric``,
  ``model-graded-closedqa``); the assertion list is kept in the layout either way.

YAML is read and written with ruamel.yaml: YAML 1.2 as promptfoo's js-yaml reads it
(``no``, ``on`` and ``1:20`` stay text), with key order and block text kept.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.formats import InputFile, ReadOptions, ReadResult
from datasetkit.formats.peers import base as c
from datasetkit.formats.peers.promptfoo.files import (
    assert_file,
    expand_vars,
    expanded_finding,
    same_file,
    var_files,
)

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset

FORMAT = "promptfoo"
TEST_KEYS = frozenset({"vars", "assert", "description", "options", "threshold", "metadata"})
CONFIG_KEYS = frozenset({"tests", "prompts", "providers", "defaultTest", "scenarios"})
_TEMPLATE_VAR = re.compile(r"\{\{\s*([A-Za-z_][\w.]*)")


def yaml_engine() -> Any:
    """A ruamel.yaml round-trip engine (YAML 1.2, order and block text kept)."""
    from ruamel.yaml import YAML

    engine = YAML(typ="rt")
    engine.width = 4096
    engine.allow_unicode = True
    engine.indent(mapping=2, sequence=4, offset=2)
    return engine


def _mapping(value: Any) -> dict[str, Any]:
    """``value`` when it is a mapping, else an empty one (YAML may hold anything)."""
    return value if isinstance(value, dict) else {}


def plain(value: Any) -> Any:
    """ruamel's commented containers and scalars as plain JSON values."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


def is_test(value: Any) -> bool:
    """A promptfoo test object: a dict with ``vars`` (an object) or ``assert`` (a list)."""
    return isinstance(value, dict) and (
        isinstance(value.get("vars"), dict) or isinstance(value.get("assert"), list)
    )


def is_config(value: Any) -> bool:
    """A promptfoo config: a dict with ``tests`` beside prompts or providers, or tests."""
    return isinstance(value, dict) and "tests" in value and bool(CONFIG_KEYS & set(value))


def load_yaml(data: bytes, path: str) -> tuple[Any, list[Finding]]:
    """The YAML value of ``data``, or a located finding saying why it cannot be read."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
    try:
        return plain(yaml_engine().load(text)), []
    except MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        col = mark.column + 1 if mark is not None else None
        why = exc.problem or "not valid YAML"
        return None, [_bad_yaml(path, f"line {line}: {why}", line, col)]
    except (YAMLError, RecursionError, ValueError) as exc:
        return None, [_bad_yaml(path, str(exc).splitlines()[0] if str(exc) else "bad YAML", 1, 1)]


def _bad_yaml(path: str, why: str, line: int | None, col: int | None) -> Finding:
    return Finding(
        f"{FORMAT}.yaml",
        Severity.ERROR,
        f"the file is not valid YAML ({why})",
        "fix the YAML at that line (indentation, a ':' in an unquoted value)",
        Location(path=path, line=line, column=col),
    )


CsvReader = Callable[[InputFile, ReadOptions], ReadResult]


class TestFile:
    """One promptfoo tests file being read: its tests, findings and the config's facts."""

    def __init__(self, src: InputFile, read_csv: CsvReader) -> None:
        self.src = src
        # The CSV reader for tests files a config names (the CSV format's own).
        self.read_csv = read_csv
        self.path = c.display_path(src)
        self.folder = Path(src.path).parent if src.path != "-" else Path(".")
        self.findings: list[Finding] = []
        self.tests: list[tuple[dict[str, Any], Location]] = []
        self.config: dict[str, Any] | None = None
        self.default: dict[str, Any] = {}
        self.prompt_vars: list[str] = []
        self.csv_cases: list[Case] = []

    def load(self) -> None:
        """Parse the file and collect its tests (following ``file://`` references)."""
        suffix = self.src.suffix
        if suffix == ".jsonl":
            recs = c.read_jsonl_records(self.src, FORMAT)
            self.findings += recs.findings
            self.tests = [(r.values, r.loc(self.path)) for r in recs.records]
            return
        if suffix == ".json":
            from datasetkit.core.jsonloc import parse_json

            parsed = parse_json(self.src.data, self.path, FORMAT)
            self.findings += parsed.findings
            value = parsed.value if parsed.ok else None
        else:
            value, found = load_yaml(self.src.data, self.path)
            self.findings += found
        if value is None and not self.findings:
            value = []
        if value is not None:
            self._take(value, self.folder, self.path)

    def _take(self, value: Any, folder: Path, where: str) -> None:
        if is_config(value):
            self.config = {k: v for k, v in value.items() if k != "tests"}
            default = value.get("defaultTest")
            self.default = default if isinstance(default, dict) else {}
            self.prompt_vars = _template_vars(value.get("prompts"))
            self._take_tests(value["tests"], folder, where)
        elif isinstance(value, list):
            self._take_tests(value, folder, where)
        elif is_test(value):
            self.tests.append((value, Location(path=where, pointer="")))
        else:
            self.findings.append(
                Finding(
                    f"{FORMAT}.shape",
                    Severity.ERROR,
                    "the file holds no promptfoo tests (a list of tests with vars and "
                    "assert, or a config with tests:)",
                    "write the tests as a YAML list: '- vars: {question: ...}'",
                    Location(path=where, line=1, column=1),
                )
            )

    def _take_tests(self, tests: Any, folder: Path, where: str) -> None:
        items = tests if isinstance(tests, list) else [tests]
        for i, item in enumerate(items):
            if isinstance(item, str):
                self._reference(item, folder, where)
            elif isinstance(item, dict):
                self.tests.append((item, Location(path=where, pointer=f"/tests/{i}")))

    def _reference(self, ref: str, folder: Path, where: str) -> None:
        """Tests in another file (``file://tests.yaml``, a glob, a CSV)."""
        name = ref.removeprefix("file://")
        paths = sorted(folder.glob(name)) if any(ch in name for ch in "*?[") else [folder / name]
        found = [p for p in paths if p.is_file()]
        if not found:
            self.findings.append(
                Finding(
                    f"{FORMAT}.tests-file",
                    Severity.ERROR,
                    f"the tests file {ref!r} is not there (looked in {folder})",
                    "give the path relative to the config file",
                    Location(path=where),
                )
            )
        for p in found:
            self._read_referenced(p)

    def _read_referenced(self, p: Path) -> None:
        src = InputFile(str(p))
        if src.suffix in (".csv", ".tsv"):
            result = self.read_csv(src, ReadOptions())
            self.findings += result.findings
            if result.dataset is not None:
                self.csv_cases += result.dataset.cases
            return
        inner = TestFile(src, self.read_csv)
        inner.load()
        self.findings += inner.findings
        self.tests += inner.tests
        self.csv_cases += inner.csv_cases


def _template_vars(prompts: Any) -> list[str]:
    """The vars the config's prompt templates name (``{{question}}``), in order."""
    texts: list[str] = []
    for p in prompts if isinstance(prompts, list) else [prompts]:
        if isinstance(p, str):
            texts.append(p)
        elif isinstance(p, dict):
            texts += [v for v in (p.get("raw"), p.get("content")) if isinstance(v, str)]
            if isinstance(p.get("messages"), list):
                texts += [json.dumps(p["messages"])]
    out: list[str] = []
    for t in texts:
        for name in _TEMPLATE_VAR.findall(t):
            root = name.split(".")[0]
            if root not in out:
                out.append(root)
    return out


def read_tests(src: InputFile, options: ReadOptions, read_csv: CsvReader) -> ReadResult:
    """A promptfoo YAML, JSON or JSONL tests file (or config) into a dataset; the CSV
    test files it names are read with ``read_csv``."""
    from datasetkit.formats.peers.promptfoo.assertions import choose_roles

    tf = TestFile(src, read_csv)
    tf.load()
    findings = list(tf.findings)
    if any(f.severity == Severity.ERROR for f in findings) and not tf.tests:
        return ReadResult(None, findings, FORMAT)
    default_vars = _mapping(tf.default.get("vars"))
    rows: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any], Location]] = []
    for test, loc in tf.tests:
        own = _mapping(test.get("vars"))
        merged = {**default_vars, **own}
        values, refs, found = var_files(merged, tf.folder, tf.path)
        findings += found
        rows.extend((test, combo, refs, loc) for combo in expand_vars(values))
    if len(rows) > len(tf.tests):
        findings.append(expanded_finding(tf.path, len(tf.tests), len(rows)))
    variables: list[str] = []
    for _, values, _, _ in rows:
        variables.extend(k for k in values if k not in variables)
    text_rows = [{k: c.as_text(v) or "" for k, v in values.items()} for _, values, _, _ in rows]
    preferred = [v for v in tf.prompt_vars if v in variables]
    roles, why = choose_roles(variables, text_rows, options.mapping, preferred)
    cases = list(tf.csv_cases)
    if rows and "prompt" not in roles:
        findings.append(_no_prompt(tf.path))
        return ReadResult(None, findings, FORMAT)
    if rows:
        findings.append(_prompt_var(tf.path, roles, why))
    for i, (test, values, refs, loc) in enumerate(rows):
        own_vars = list(test.get("vars") or {}) if isinstance(test.get("vars"), dict) else []
        cases.append(build_case(test, values, own_vars, refs, roles, loc, i, tf.folder))
    ds = c.dataset_of(cases, src, FORMAT)
    if tf.config is not None or tf.default:
        ds.extra[FORMAT] = {"config": plain(tf.config or {}), "style": _style(src)}
    return ReadResult(ds, findings, FORMAT)


def _style(src: InputFile) -> str:
    return {".json": "json", ".jsonl": "jsonl"}.get(src.suffix, "yaml")


def _no_prompt(path: str) -> Finding:
    return Finding(
        f"{FORMAT}.no-prompt",
        Severity.ERROR,
        "the tests have no var to use as the prompt",
        "add a var with the message a user sends (e.g. 'question'), or name one with "
        "--map prompt=VAR",
        Location(path=path, line=1),
    )


def _prompt_var(path: str, roles: dict[str, str], why: str) -> Finding:
    return Finding(
        f"{FORMAT}.prompt-var",
        Severity.INFO,
        f"the var {roles['prompt']!r} is the prompt ({why})",
        "name another with --map prompt=VAR",
        Location(path=path, line=1, field=roles["prompt"]),
        {"var": roles["prompt"], **{k: v for k, v in roles.items() if k != "prompt"}},
    )


def dump_tests(tests: list[dict[str, Any]], dataset: Dataset, suffix: str) -> str:
    """The text of a tests file: YAML or JSON (a list, or the config read, tests inside)
    or JSONL, by the destination's suffix."""
    if suffix == ".jsonl":
        return "".join(c.dumps(t) + "\n" for t in tests)
    kept = _mapping(dataset.extra.get(FORMAT))
    config = _mapping(kept.get("config")) or None
    value: Any = tests
    if config:
        # The defaultTest vars are written once, in the config, not into every test.
        default = _mapping(config.get("defaultTest"))
        shared = _mapping(default.get("vars"))
        for t in tests:
            own = t.get("vars") or {}
            for k in [k for k, v in own.items() if k in shared and shared[k] == v]:
                del own[k]
        value = {**config, "tests": tests}
    if suffix == ".json":
        return json.dumps(value, ensure_ascii=False, indent=2) + "\n"
    out = io.StringIO()
    yaml_engine().dump(_block_text(value), out)
    return out.getvalue()


def _block_text(value: Any) -> Any:
    """Multi-line strings as YAML block scalars (``|``), as people write them."""
    from ruamel.yaml.scalarstring import LiteralScalarString

    if isinstance(value, dict):
        return {k: _block_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_block_text(v) for v in value]
    if isinstance(value, str) and "\n" in value.strip("\n") and not value.endswith(" "):
        return LiteralScalarString(value)
    return value


def _case_labels(case: Case, test: dict[str, Any]) -> dict[str, Any]:
    """The test's description and metadata id/category on ``case``; returns the metadata."""
    description = test.get("description")
    case.notes = description if isinstance(description, str) and description else None
    meta = _mapping(test.get("metadata"))
    for key, value in meta.items():
        if key in ("id", "category") and isinstance(value, str) and value:
            setattr(case, key, value)
        elif key == "datasetkit":
            c.restore_carry(case, value)
    return meta


def build_case(
    test: dict[str, Any],
    values: dict[str, Any],
    own_vars: list[str],
    refs: dict[str, dict[str, str]],
    roles: dict[str, str],
    loc: Location,
    index: int,
    folder: Path | None = None,
) -> Case:
    """One case from one test object: the prompt var, the expected answer from the
    assertions, the other vars as extra values, everything else kept in the layout."""
    from datasetkit.core.model import Case, Source, Turn
    from datasetkit.formats.peers.promptfoo.assertions import expected_var, map_expected

    case = Case(source=Source(path=loc.path, line=loc.line, pointer=loc.pointer or f"/{index}"))
    turn = Turn(prompt=c.as_text(values.get(roles["prompt"])) or "")
    if "context" in roles:
        turn.context = c.as_text(values.get(roles["context"])) or None
    if "response" in roles:
        turn.response = c.as_text(values.get(roles["response"]))
    for name, value in values.items():
        if name not in roles.values():
            case.extra[name] = value
    meta = _case_labels(case, test)
    asserts = [
        {**a, "index": i}
        for i, a in enumerate(test.get("assert") or [])
        if isinstance(a, dict) and isinstance(a.get("type"), str)
    ]
    for a in asserts:
        assert_file(a, folder)
    layout: dict[str, Any] = {"vars": dict(roles), "own_vars": own_vars, "test": {}}
    map_expected(turn, asserts, layout)
    expected_var(turn, values, case.extra, layout)
    if "expected" in layout:
        layout["expected"]["object"] = test["assert"][layout["expected"]["index"]]
    layout["assert"] = [
        test["assert"][a["index"]]
        if "file_sha" in a
        else {k: v for k, v in a.items() if k != "index"}
        for a in asserts
    ]
    layout["order"] = list(test)
    for key, value in test.items():
        if key not in ("vars", "assert", "description") and not (key == "metadata" and meta):
            layout["test"][key] = value
    extra_meta = {k: v for k, v in meta.items() if k not in ("id", "category", "datasetkit")}
    if extra_meta:
        layout["metadata"] = extra_meta
    if refs:
        layout["files"] = refs
    turn.extensions = {FORMAT: layout}
    case.turns = [turn]
    return case


def _test_vars(
    case: Case, layout: dict[str, Any], folder: Path
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The vars of a test (named as read; a ``file://`` var whose text is unchanged as
    its reference) and its metadata."""
    turn = case.turns[0]
    roles = {**source_roles(case), **(layout.get("vars") or {})}
    variables: dict[str, Any] = {roles.get("prompt", "prompt"): turn.prompt}
    if turn.context is not None:
        variables[roles.get("context", "context")] = turn.context
    if turn.response is not None:
        variables[roles.get("response", "response")] = turn.response
    metadata: dict[str, Any] = dict(layout.get("metadata") or {})
    for key, value in case.extra.items():
        if key.startswith("__metadata:"):
            metadata[key[len("__metadata:") :]] = value
        elif not key.startswith("__"):
            variables[key] = value
    for name, ref in (layout.get("files") or {}).items():
        text = variables.get(name)
        same = isinstance(text, str) and hashlib.sha256(text.encode()).hexdigest() == ref.get(
            "sha256"
        )
        there = str((folder / str(ref.get("ref", ""))[len("file://") :]).resolve()) == ref.get(
            "path"
        )
        if same and there:
            variables[name] = ref["ref"]
    return variables, metadata


def _expected_assertion(expected: str, layout: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The assertion object for the expected answer: the one read when unchanged (a
    ``file://`` answer stays one), else the one ``expected`` says."""
    from datasetkit.formats.peers.promptfoo.assertions import parse_assertion

    original = (layout.get("expected") or {}).get("object")
    parsed = parse_assertion(expected)
    if (
        isinstance(original, dict)
        and original.get("type") == parsed["type"]
        and (
            original.get("value") == parsed["value"]
            or same_file(original, parsed["value"], layout.get("expected") or {}, folder)
        )
    ):
        return dict(original)
    return parsed


def test_object(case: Case, skips: c.Skips, folder: Path) -> dict[str, Any]:
    """One promptfoo test for a single-turn case, with the vars named as they were read.

    A var read from a file is written back as its ``file://`` reference when its text
    is unchanged and the reference still names that file from ``folder``."""
    from datasetkit.formats.peers.promptfoo.assertions import (
        expected_raw,
        report_unheld,
        write_expected_var,
    )

    turn = case.turns[0]
    layout = dict((turn.extensions or {}).get(FORMAT) or {})
    variables, metadata = _test_vars(case, layout, folder)
    asserts = [
        {k: v for k, v in a.items() if k not in ("column", "raw")}
        if "raw" not in a
        else _from_raw(a)
        for a in layout.get("assert") or []
        if isinstance(a, dict)
    ]
    expected = (
        None if write_expected_var(variables, turn, layout) else expected_raw(turn, layout, skips)
    )
    if expected is not None:
        where = (layout.get("expected") or {}).get("index")
        parsed = _expected_assertion(expected, layout, folder)
        asserts.insert(where if isinstance(where, int) else len(asserts), parsed)
    for name in ("id", "category"):
        if getattr(case, name) is not None:
            metadata[name] = getattr(case, name)
    report_unheld(case, turn, skips)
    held = ("ExactMatch", "PartialMatch") if turn.expected_response is not None else ()
    carry = c.carry_for(case, FORMAT, ("description", "name", "tags", "extensions"), held)
    if carry:
        metadata["datasetkit"] = carry
    test: dict[str, Any] = {}
    label = case.notes or case.description or case.name
    if label:
        test["description"] = str(label)
    test["vars"] = {k: c.json_value(v) for k, v in variables.items()}
    if asserts:
        test["assert"] = asserts
    test.update(layout.get("test") or {})
    if metadata:
        test["metadata"] = c.json_value(metadata)
    order = [k for k in layout.get("order") or [] if k in test]
    return {k: test[k] for k in order + [k for k in test if k not in order]}


def _from_raw(a: dict[str, Any]) -> dict[str, Any]:
    """An assertion read from a CSV cell as a test's assertion object."""
    from datasetkit.formats.peers.promptfoo.assertions import parse_assertion

    out = parse_assertion(str(a["raw"]))
    return out


def source_roles(case: Case) -> dict[str, str]:
    """The names the source gave the prompt and answer columns (a sheet, JSON records),
    so a var keeps the name the user's prompt templates use."""
    wanted = ("prompt", "context", "response")
    for layout in (case.turns[0].extensions or {}).values() if case.turns else ():
        keys = layout.get("keys") if isinstance(layout, dict) else None
        if isinstance(keys, dict):
            return {f: k for f, k in keys.items() if f in wanted and isinstance(k, str)}
    columns = (case.source.model_extra or {}).get("columns") if case.source else None
    if isinstance(columns, dict):
        return {f: k for f, k in columns.items() if f in wanted and isinstance(k, str)}
    return {}
