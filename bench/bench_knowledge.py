"""Benchmark: knowledge files read as a person reads them, scored against a written truth.

The truth set is ``bench/knowledge_truth/*.json``: the structure of real documents of
the shared corpus (``../shared/corpus/knowledge`` and ``knowledge-more``), written by
looking at their rendered pages. Each document is read by datasetkit and, when they are
installed, by the optional baselines pymupdf4llm (PDF only) and markitdown (every kind):

    pip install pymupdf4llm "markitdown[pdf,docx,xlsx]"   # optional, never dependencies

Every tool runs in a fresh process; each document is read once as a warm-up and then
``--runs`` times, and the median time is kept. The script prints, per document and per
tool, heading precision and recall (level right), tables with the true header names
(and row counts), lists intact, sentences rejoined across breaks, furniture leaked and
time; then the totals per half and for the whole set, and the issue's summary table.

The halves are fixed by a rule written here before any tuning: within each kind of file
(PDF, Word, Excel, text), the documents are ordered by the SHA-256 of their file name;
the first, third, fifth... are the tuning half, the others the check half. Work is tuned
on the tuning half only; the check half is held out, and the baselines are compared on
it.

Run: python bench/bench_knowledge.py [--truth DIR] [--half all|tune|check] [--runs 3] [--only NAME]
     [--tools datasetkit,pymupdf4llm,markitdown] [--before SRC] [--details]
``--truth DIR`` scores another folder of truth files (same format, same halves rule).
``--before SRC`` also runs datasetkit from another source tree (e.g. an older commit
unpacked with ``git archive``) in the same run, for figures and time before and after.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE)]

from knowledge_outline import Block, from_markdown  # noqa: E402
from knowledge_score import Score, layer_key, score_document  # noqa: E402

TRUTH = HERE / "knowledge_truth"
CORPUS = Path(os.environ.get("DATASETKIT_CORPUS") or ROOT.parent / "shared" / "corpus")
KINDS = {".pdf": "pdf", ".docx": "docx", ".xlsx": "xlsx", ".md": "text", ".txt": "text"}
TOOLS = ("datasetkit", "pymupdf4llm", "markitdown")


def truth_set(folder: Path = TRUTH) -> list[dict[str, Any]]:
    """The truth files in ``folder``, each with its document's path, kind and half."""
    paths = sorted(folder.glob("*.json"))
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for d in docs:
        d["path"] = CORPUS / d["file"]
        d["kind"] = KINDS[Path(d["file"]).suffix.lower()]
        by_kind.setdefault(d["kind"], []).append(d)
    for group in by_kind.values():
        ordered = sorted(group, key=lambda d: hashlib.sha256(d["path"].name.encode()).hexdigest())
        for i, d in enumerate(ordered):
            d["half"] = "tune" if i % 2 == 0 else "check"
    return docs


def text_layer(path: Path) -> str | None:
    """What a PDF's text layer holds, as the scorer compares it (None for other kinds
    of file, whose text is all there to read, and for a file that cannot be opened)."""
    if path.suffix.lower() != ".pdf" or not path.is_file():
        return None
    import logging

    from pypdf import PdfReader

    # pypdf's notes on fonts it cannot fully parse would bury the scores.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(str(path), strict=False)
        return "".join(_page_key(page.extract_text() or "") for page in reader.pages)
    except Exception:  # a damaged file: score it as if every heading could be read
        return None


_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")


def _page_key(text: str) -> str:
    """A page's text as the scorer compares it. pypdf gives a line of Hebrew or Arabic in
    display order (reversed): such lines count in reading order too, so their headings
    are not taken for text missing from the layer."""
    key = layer_key(text)
    if _RTL.search(text):
        key += layer_key("\n".join(line[::-1] for line in text.splitlines() if _RTL.search(line)))
    return key


# ----- reading (in a worker process per tool) ----------------------------------------------


def _reader(tool: str) -> Any:
    """A function path -> list of Blocks (None when the tool does not read that kind)."""
    if tool == "datasetkit":
        from knowledge_outline import from_sections

        from datasetkit.knowledge import Limits, load_file

        limits = Limits(max_size=None)
        return lambda path: from_sections(load_file(path, limits=limits).sections)
    if tool == "pymupdf4llm":
        import pymupdf4llm

        def read_pdf(path: Path) -> list[Block] | None:
            if path.suffix.lower() != ".pdf":
                return None
            return from_markdown(pymupdf4llm.to_markdown(str(path), show_progress=False))

        return read_pdf
    from markitdown import MarkItDown

    converter = MarkItDown()
    return lambda path: from_markdown(converter.convert(str(path)).text_content)


def emit(tool: str, files: list[Path], runs: int) -> None:
    """Worker: read every file with ``tool``, print one JSON line per file."""
    read = _reader(tool)
    for path in files:
        try:
            blocks = read(path)
        except Exception as exc:  # a tool that fails on a file read nothing of it
            record = {"file": str(path), "seconds": 0.0, "blocks": [], "error": str(exc)[:200]}
            print(json.dumps(record), flush=True)
            continue
        if blocks is None:
            print(json.dumps({"file": str(path), "skipped": True}), flush=True)
            continue
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            read(path)
            times.append(time.perf_counter() - start)
        record = {"file": str(path), "seconds": statistics.median(times)}
        record["blocks"] = [asdict(b) for b in blocks]
        print(json.dumps(record, ensure_ascii=False), flush=True)


def available(tool: str) -> bool:
    """Whether a baseline is installed in this Python."""
    if tool == "datasetkit":
        return True
    probe = [sys.executable, "-c", f"import {tool}"]
    return subprocess.run(probe, capture_output=True).returncode == 0


def run_tool(tool: str, files: list[Path], runs: int, src: Path | None = None) -> dict[str, Any]:
    """Run a worker for ``tool`` (datasetkit from ``src`` when given); results by file."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(src or ROOT), str(HERE), *filter(None, [env.get("PYTHONPATH")])]
    )
    cmd = [sys.executable, str(Path(__file__)), "--emit", tool, "--runs", str(runs)]
    proc = subprocess.run(
        [*cmd, *map(str, files)], capture_output=True, text=True, env=env, check=False
    )
    if proc.returncode != 0:
        sys.stderr.write(f"{tool}: {proc.stderr[-2000:]}\n")
    out = {}
    # split on newlines only: str.splitlines() also splits inside a record on the
    # Unicode line separators (U+2028, U+0085) that json.dumps leaves unescaped
    for line in proc.stdout.split("\n"):
        # a baseline may print its own advice to stdout (pymupdf4llm 0.3 names an add-on)
        if not line.startswith("{"):
            continue
        record = json.loads(line)
        out[record["file"]] = record
    return out


# ----- reporting ------------------------------------------------------------------------------


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}%" if b else "-"


def _row(name: str, s: Score) -> str:
    cells = [
        name,
        f"{s.heads_level}/{s.heads_pred} ({_pct(s.heads_level, s.heads_pred)})",
        f"{s.heads_level}/{s.heads_true} ({_pct(s.heads_level, s.heads_true)})",
        f"{s.heads_found - s.heads_level}",
        str(s.heads_unread),
        f"{s.tables_found}/{s.tables_true} ({_pct(s.tables_found, s.tables_true)})",
        f"{s.tables_pred - s.tables_found}",
        f"{s.tables_rows}/{s.tables_found}",
        f"{s.lists_found}/{s.lists_true}",
        f"{s.items_found}/{s.items_true}",
        f"{s.sentences_found}/{s.sentences_true}",
        str(s.leaks),
        f"{s.seconds:.2f}",
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| document / tool | heading precision (level right) | heading recall (level right) "
    "| found, wrong level | headings not in the text layer | tables with true header | other tables | rows right | lists intact "
    "| list items | sentences rejoined | furniture leaked | seconds |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def score_all(
    docs: list[dict[str, Any]], results: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Score]]:
    """Score per tool and document (documents a tool does not read are left out)."""
    out: dict[str, dict[str, Score]] = {}
    for tool, by_file in results.items():
        out[tool] = {}
        for d in docs:
            record = by_file.get(str(d["path"]))
            if record is None or "blocks" not in record:
                continue
            blocks = [Block(**b) for b in record["blocks"]]
            score = score_document(blocks, d)
            score.seconds = record["seconds"]
            out[tool][d["file"]] = score
    return out


def total(scores: dict[str, Score], docs: list[dict[str, Any]], kinds: set[str]) -> Score:
    """The sum over the documents of the given kinds."""
    s = Score()
    for d in docs:
        if d["kind"] in kinds and d["file"] in scores:
            s.add(scores[d["file"]])
    return s


def report(docs: list[dict[str, Any]], scores: dict[str, dict[str, Score]], details: bool) -> None:
    """Per-document rows, then totals per half, then the issue's table."""
    print("## Per document\n")
    print(HEADER)
    for d in docs:
        for tool, by_file in scores.items():
            if d["file"] in by_file:
                name = f"{Path(d['file']).name[:48]} ({d['half']}) {tool}"
                print(_row(name, by_file[d["file"]]))
    if details:
        for tool, by_file in scores.items():
            for name, s in by_file.items():
                for line in s.missed:
                    print(f"  {tool} {Path(name).name[:40]}: {line}")
    all_kinds = {"pdf", "docx", "xlsx", "text"}
    for half in ("tune", "check", "all"):
        part = [d for d in docs if half == "all" or d["half"] == half]
        if not part:
            continue
        title = "whole set" if half == "all" else f"{half} half"
        print(f"\n## Totals: {title} ({len(part)} documents)\n")
        print(HEADER)
        for tool, by_file in scores.items():
            print(_row(tool, total(by_file, part, all_kinds)))
        issue_table(part, scores)


def issue_table(docs: list[dict[str, Any]], scores: dict[str, dict[str, Score]]) -> None:
    """The issue's criteria, one column per tool."""
    tools = list(scores)
    rows: list[tuple[str, list[str]]] = []
    for tool in tools:
        by = scores[tool]
        pdf = total(by, docs, {"pdf"})
        office = total(by, docs, {"docx", "xlsx"})
        every = total(by, docs, {"pdf", "docx", "xlsx", "text"})
        values = [
            f"{pdf.heads_level}/{pdf.heads_true}",
            f"{pdf.heads_pred - pdf.heads_level}",
            f"{every.heads_level}/{every.heads_pred} ({_pct(every.heads_level, every.heads_pred)})",
            f"{every.heads_level}/{every.heads_true} ({_pct(every.heads_level, every.heads_true)})",
            str(every.heads_unread),
            f"{every.items_found}/{every.items_true}",
            f"{every.sentences_found}/{every.sentences_true}",
            str(every.leaks),
            f"{office.tables_found}/{office.tables_true}",
            f"{every.tables_found}/{every.tables_true} ({_pct(every.tables_found, every.tables_true)})",
            f"{office.heads_level}/{office.heads_true}",
            f"{pdf.seconds:.1f} s",
            f"{every.seconds:.1f} s",
        ]
        rows.append((tool, values))
    labels = [
        "PDF heading recall (level right)",
        "PDF heading false positives (or wrong level)",
        "heading precision, level right (all)",
        "heading recall, level right (all)",
        "true headings not in the text layer (scans: left out of recall)",
        "list items intact",
        "sentences rejoined across line/page breaks",
        "running headers, footers, page numbers, TOC leaked",
        "Word/Excel tables with the true header",
        "tables with the true header (all)",
        "Word/Excel heading recall (level right)",
        "time, PDF documents",
        "time, every document the tool reads",
    ]
    print("\n| criterion | " + " | ".join(tools) + " |")
    print("|---|" + "---|" * len(tools))
    for k, label in enumerate(labels):
        print(f"| {label} | " + " | ".join(values[k] for _, values in rows) + " |")
    print()


def main() -> None:
    """Run the tools, score, print."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--half", choices=("all", "tune", "check"), default="all")
    ap.add_argument("--truth", type=Path, default=TRUTH, help="folder of truth files")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="documents whose name contains this")
    ap.add_argument("--tools", default=",".join(TOOLS))
    ap.add_argument("--before", type=Path, help="also run datasetkit from this source tree")
    ap.add_argument("--details", action="store_true", help="list what each tool missed")
    ap.add_argument("--emit", help=argparse.SUPPRESS)
    ap.add_argument("files", nargs="*", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.emit:
        emit(args.emit, args.files, args.runs)
        return
    if not CORPUS.is_dir():
        sys.exit(f"the corpus is not at {CORPUS}: set DATASETKIT_CORPUS")
    if not args.truth.is_dir():
        sys.exit(f"no folder of truth files at {args.truth}")
    docs = [d for d in truth_set(args.truth) if args.half == "all" or d["half"] == args.half]
    docs = [d for d in docs if args.only in d["file"]]
    files = [d["path"] for d in docs]
    for d in docs:
        d["layer"] = text_layer(d["path"])
    results: dict[str, dict[str, Any]] = {}
    if args.before:
        results["datasetkit (before)"] = run_tool("datasetkit", files, args.runs, args.before)
    for tool in args.tools.split(","):
        if not available(tool):
            print(f"({tool} is not installed: left out; it is an optional baseline)")
            continue
        results[tool] = run_tool(tool, files, args.runs)
    report(docs, score_all(docs, results), args.details)


if __name__ == "__main__":
    main()
