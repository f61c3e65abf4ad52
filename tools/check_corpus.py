"""Every real dataset file through validate and convert: a table per file and conversion.

For each file of the corpus (``../shared/corpus``, knowledge and schema folders left out)
and of ``corpus/wild/``::

    python tools/check_corpus.py                 # the corpus and the tuning half of wild/
    python tools/check_corpus.py --held-out      # also the held-out half of wild/
    python tools/check_corpus.py --only NAME     # the files whose path holds NAME

Half of ``wild/`` is held out by a rule fixed before any tuning: a file whose name's
SHA-256 starts with an odd hex digit is held out (``held_out``). Its results are printed
only with ``--held-out``.

Per file: the format ``validate`` names and the one ``convert`` reads it as (they must
agree), the cases read, and for each target (M365, Foundry JSONL, the file's own format
when it is written) one verdict:

- ``ok``: written, and every prompt and expected answer read from the source comes back,
  in the same role, when the written file is read again;
- ``REFUSED``: nothing written; the reason is printed (it must name what the file lacks);
- ``LOST``/``ROLE``: a prompt or expected answer missing, or found in another role;
- ``JUNK``: a prompt or expected answer that is no text of the source (a ``nan``, a
  joined list, a line of YAML read as CSV).

The roles of the source are read independently of datasetkit's resolver where the
source is plain records: a key named like an expected answer (``expected_output``,
``ideal``, ``ground_truth``, ...) must give the expected answer, and a list-valued key
never does.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import operator
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
SKIP_PARTS = {"schema", "knowledge", "knowledge-more"}
TARGETS = ("m365", "foundry")
JUNK = {"nan", "NaN", "None", "null", "NULL", "none"}
# Keys that hold an expected answer in the harnesses people convert from (compacted).
EXPECTED_KEYS = {
    "expectedresponse", "expectedoutput", "expectedanswer", "expected", "ideal",
    "groundtruth", "reference", "truth", "goldanswer", "idealresponse",
}  # fmt: skip


def held_out(path: Path) -> bool:
    """The rule that sets half of wild/ aside: odd first hex digit of SHA-256(name)."""
    return int(hashlib.sha256(path.name.encode("utf-8")).hexdigest()[0], 16) % 2 == 1


def corpus_files(root: Path) -> list[Path]:
    """Every dataset file of the corpus, knowledge and schema copies left out."""
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and p.name not in ("MANIFEST.md", "README.md")
        and not SKIP_PARTS & set(p.relative_to(root).parts)
    )


@dataclass
class Pairs:
    """The prompts and expected answers of a dataset, turn by turn."""

    prompts: list[str] = field(default_factory=list)
    expected: list[str | None] = field(default_factory=list)


def pairs_of(ds: Any) -> Pairs:
    out = Pairs()
    for case in ds.cases:
        for turn in case.turns:
            out.prompts.append(_norm(turn.prompt))
            exp = turn.expected_response
            out.expected.append(_norm(exp) if exp not in (None, "") else None)
    return out


def _norm(s: str | None) -> str:
    return " ".join((s or "").split())


def source_strings(path: Path) -> set[str]:
    """Every text of the source, read without datasetkit (for the JUNK check)."""
    raw = path.read_bytes()
    text = raw.decode("utf-8-sig", errors="replace")
    out: set[str] = set()
    if path.suffix == ".xlsx":
        import openpyxl

        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        for ws in wb.worksheets:
            for row in ws.iter_rows(values_only=True):
                out |= {_norm(str(v)) for v in row if v is not None}
        return out
    values: list[Any] = []
    try:
        values.append(json.loads(text))
    except ValueError:
        for line in text.splitlines():
            with contextlib.suppress(ValueError):
                values.append(json.loads(line))
    if path.suffix in (".yaml", ".yml"):
        import yaml

        with contextlib.suppress(yaml.YAMLError):
            values.append(yaml.safe_load(text))
    for v in values:
        out |= {_norm(s) for s in _strings(v)}
    out |= {_norm(line) for line in text.splitlines()}
    import csv
    import io

    for delim in (",", "|", "\t", ";"):
        with contextlib.suppress(csv.Error):
            out |= {_norm(c) for row in csv.reader(io.StringIO(text), delimiter=delim) for c in row}
    return out


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        out = [value]
        # promptfoo assertions and JSON-in-a-cell: the text after a "type:" prefix.
        m = re.match(r"^[a-z-]+(?:\(\d+(?:\.\d+)?\))?:\s*([\s\S]*)$", value)
        if m:
            out.append(m.group(1))
        return out
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [json.dumps(value)]
    return []


def _in_source(text: str, strings: set[str]) -> bool:
    if text in strings:
        return True
    # A value the reader took apart (a numbered list line, a cell split on blank lines).
    return any(text in s for s in strings if len(s) < 20000)


def record_expectations(path: Path) -> list[tuple[str, Any]] | None:
    """For JSON/JSONL records: each record's expected-answer key and value, by name only."""
    text = path.read_bytes().decode("utf-8-sig", errors="replace")
    records: list[Any] = []
    try:
        value = json.loads(text)
        if isinstance(value, list):
            records = value
    except ValueError:
        for line in text.splitlines():
            with contextlib.suppress(ValueError):
                records.append(json.loads(line))
    if not records or not all(isinstance(r, dict) for r in records):
        return None
    out = []
    for r in records:
        hit = next(
            (
                (k, v)
                for k, v in r.items()
                if re.sub(r"[\s_\-.]", "", k).lower() in EXPECTED_KEYS and v not in (None, "")
            ),
            None,
        )
        out.append(hit if hit else ("", None))
    return out


@dataclass
class Row:
    file: str
    validate_as: str
    convert_as: str
    cases: str
    verdicts: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def check_file(path: Path, tmp: Path) -> Row:
    import datasetkit
    from datasetkit.core.findings import DatasetkitError

    rel = str(path.relative_to(CORPUS))
    report = datasetkit.validate(str(path))
    vfmt = report.files[0].format or "?"
    row = Row(rel, vfmt, "?", "-")
    try:
        source = datasetkit.load(str(path))
        row.convert_as = source.source_format or "?"
    except DatasetkitError as exc:
        row.convert_as = "refused"
        row.notes.append(f"read: {exc.message}")
        source = None
    from datasetkit.formats import InputFile, detect

    try:
        detected = detect(InputFile(str(path))).name
    except DatasetkitError:
        detected = "?"
    if detected != vfmt:
        row.notes.append(f"DISAGREE: validate says {vfmt}, convert reads it as {detected}")
    row.convert_as = detected
    pairs = pairs_of(source) if source is not None else Pairs()
    row.cases = str(len(source.cases)) if source is not None else "-"
    strings = source_strings(path)
    junk = [
        t
        for t in pairs.prompts + [e for e in pairs.expected if e]
        if t in JUNK or not _in_source(t, strings)
    ]
    if junk:
        row.notes.append(f"JUNK: {junk[:2]!r}")
    exp = record_expectations(path)
    role_problem = ""
    if exp is not None and source is not None and len(source.cases) == len(exp):
        for case, (key, value) in zip(source.cases, exp, strict=True):
            got = case.turns[-1].expected_response if case.turns else None
            if key and isinstance(value, str) and _norm(got) != _norm(value):
                role_problem = f"ROLE: {key}={value[:30]!r} read as expected {str(got)[:30]!r}"
                break
            if isinstance(value, list) and value and not isinstance(value[0], str):
                continue
    if role_problem:
        row.notes.append(role_problem)
    own = detected if detected not in ("?", "m365", "foundry") else None
    for target in (*TARGETS, own or "own"):
        if target == "own":
            row.verdicts["own"] = "n/a"
            continue
        row.verdicts[target if target in TARGETS else "own"] = _convert_check(
            path, target, tmp, pairs, source is not None, junk or role_problem, row
        )
    return row


def _convert_check(
    path: Path, target: str, tmp: Path, pairs: Pairs, readable: bool, bad: Any, row: Row
) -> str:
    import datasetkit
    from datasetkit import formats
    from datasetkit.core.findings import DatasetkitError

    fmt = formats.get(target)
    if not fmt.writable:
        return "read-only"
    ext = ".jsonl" if target == "foundry" else (fmt.extensions[0] if fmt.extensions else ".out")
    if target == "promptfoo" and path.suffix in (".yaml", ".yml", ".json", ".jsonl"):
        ext = path.suffix
    out = tmp / f"{path.stem[:40]}.{target}{ext}"
    try:
        rep = datasetkit.convert(str(path), str(out), to=target, force=True, make_parents=True)
    except DatasetkitError as exc:
        row.notes.append(f"{target}: refused: {exc.message}")
        return "REFUSED"
    if not rep.written:
        errors = [f for f in rep.errors][:1]
        row.notes.append(f"{target}: refused: {errors[0].message if errors else '?'}")
        return "REFUSED"
    try:
        back = datasetkit.load(str(out), format=target)
    except DatasetkitError as exc:
        row.notes.append(f"{target}: cannot read back: {exc.message}")
        return "UNREADABLE"
    got = pairs_of(back)
    if not readable:
        return "ok?"
    missing_p = [p for p in pairs.prompts if p and p not in got.prompts]
    want_exp = [e for e in pairs.expected if e]
    missing_e = [e for e in want_exp if e not in got.expected]
    if missing_p or missing_e:
        elsewhere = [e for e in missing_e if e in got.prompts]
        row.notes.append(
            f"{target}: {len(missing_p)} prompts, {len(missing_e)} expected answers lost"
            + (f" ({elsewhere[0][:30]!r}...)" if missing_p or missing_e else "")
        )
        return "ROLE" if elsewhere else "LOST"
    if bad:
        return "JUNK"
    return "ok"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--held-out", action="store_true", help="also check the held-out half")
    ap.add_argument("--only", default="", help="only files whose path holds this text")
    args = ap.parse_args()
    files = [p for p in corpus_files(CORPUS) if args.only in str(p)]
    halves: dict[str, list[Row]] = {"corpus": [], "wild (tuning)": [], "wild (held out)": []}
    with tempfile.TemporaryDirectory() as tmp:
        for p in files:
            wild = "wild" in p.relative_to(CORPUS).parts
            half = "corpus" if not wild else ("wild (held out)" if held_out(p) else "wild (tuning)")
            if half == "wild (held out)" and not args.held_out:
                continue
            folder = Path(tmp) / str(len(functools.reduce(operator.iadd, halves.values(), [])))
            folder.mkdir()
            halves[half].append(check_file(p, folder))
    for half, rows in halves.items():
        if not rows:
            continue
        print(f"\n## {half}: {len(rows)} files\n")
        print("| file | validate | convert | cases | m365 | foundry | own | notes |")
        print("|---|---|---|---|---|---|---|---|")
        for r in rows:
            v = r.verdicts
            notes = "; ".join(r.notes).replace("|", "/").replace("\n", " ")
            print(
                f"| {r.file} | {r.validate_as} | {r.convert_as} | {r.cases} | {v.get('m365')} "
                f"| {v.get('foundry')} | {v.get('own')} | {notes[:300]} |"
            )
        conv = [x for r in rows for x in r.verdicts.values() if x not in ("n/a", "read-only")]
        good = sum(1 for x in conv if x == "ok")
        refused = sum(1 for x in conv if x == "REFUSED")
        files_ok = sum(
            1
            for r in rows
            if all(x in ("ok", "n/a", "read-only") for x in r.verdicts.values())
            and not any(n.startswith(("DISAGREE", "JUNK", "ROLE")) for n in r.notes)
        )
        agree = sum(1 for r in rows if not any(n.startswith("DISAGREE") for n in r.notes))
        print(
            f"\n{half}: {files_ok}/{len(rows)} files right; {good}/{len(conv)} conversions ok, "
            f"{refused} refused; validate and convert agree on {agree}/{len(rows)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
