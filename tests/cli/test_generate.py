"""``datasetkit generate knowledge|starter`` and ``datasetkit review`` end to end."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from datasetkit.generate import run
from datasetkit.generate.contract import GenerationResult
from datasetkit.generate.offline.generator import OfflineGenerator
from tests.conftest import ROOT
from tests.helpers.knowledge_fixtures import make_encrypted_office, make_pdf

EXAMPLES = ROOT / "examples" / "knowledge"


@pytest.fixture()
def kb(tmp_path: Path) -> Path:
    folder = tmp_path / "kb"
    shutil.copytree(EXAMPLES, folder)
    return folder


def _items(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["items"]


def test_quick_start_makes_a_valid_grounded_m365_file(
    kb: Path, tmp_path: Path, cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("generate", "knowledge", "kb", "--count", "20", "-o", "evals.json", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "wrote 20 case(s) to evals.json" in result.stderr
    assert "Coverage (cases per section or sheet):" in result.stderr
    assert "kb/price-list.xlsx sheet Tents" in result.stderr
    items = _items(tmp_path / "evals.json")
    assert len(items) == 20
    sources = {"kb/returns-policy.md": (kb / "returns-policy.md").read_text(encoding="utf-8")}
    for item in items:
        ext = item["extensions"]
        assert ext["category"] == "knowledge"
        assert ext["id"].startswith("tc-")
        dk = ext["datasetkit"]
        assert dk["grounded"] is True
        assert dk["source"]["file"] in ("kb/returns-policy.md", "kb/price-list.xlsx")
        # A computed answer (a count, a value with its unit, a yes/no verdict) names the
        # pieces of the source it rests on; any other answer is quoted from the evidence.
        quoted = dk.get("quoted") or [item["expected_response"].split("; ")[0]]
        assert all(q in dk["evidence"] for q in quoted), item
        if dk["source"]["file"] == "kb/returns-policy.md" and "quoted" not in dk:
            # Quoted from the file itself (Markdown markup aside).
            # (A list answer is its items, one a line: each is quoted.)
            text = re.sub(r'[*_"]', "", sources["kb/returns-policy.md"])
            for line in item["expected_response"].split("\n"):
                assert re.sub(r'[*_"]', "", line.split("; ")[0]) in text
    assert len({i["extensions"]["id"] for i in items}) == 20
    assert cli("validate", "evals.json").exit_code == 0


def test_same_seed_same_bytes(kb: Path, tmp_path: Path, cli) -> None:
    a, b, c = (tmp_path / n for n in ("a.json", "b.json", "c.json"))
    for out, seed in ((a, "4"), (b, "4"), (c, "5")):
        assert (
            cli(
                "generate", "knowledge", str(kb), "-n", "8", "-o", str(out), "--seed", seed
            ).exit_code
            == 0
        )
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_unseeded_runs_print_the_seed_that_repeats_them(kb: Path, tmp_path: Path, cli) -> None:
    result = cli("generate", "knowledge", str(kb), "-n", "5", "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 0
    seed = result.stderr.split("repeat this run with --seed ")[1].split(")")[0]
    again = cli(
        "generate", "knowledge", str(kb), "-n", "5", "-o", str(tmp_path / "y.json"), "--seed", seed
    )
    assert again.exit_code == 0
    assert (tmp_path / "x.json").read_bytes() == (tmp_path / "y.json").read_bytes()


def test_other_formats_and_the_run_report(kb: Path, tmp_path: Path, cli) -> None:
    out = tmp_path / "evals.jsonl"
    report = tmp_path / "run.json"
    result = cli(
        "generate",
        "knowledge",
        str(kb),
        "-n",
        "6",
        "-o",
        str(out),
        "--seed",
        "2",
        "--report",
        str(report),
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 6
    assert all(r["category"] == "knowledge" and r["datasetkit"]["grounded"] for r in rows)
    facts = json.loads(report.read_text(encoding="utf-8"))
    assert (facts["provider"], facts["seed"], facts["requested"], facts["produced"]) == (
        "offline",
        2,
        6,
        6,
    )
    assert {i["kind"] for i in facts["inputs"]} == {"markdown", "xlsx"}
    assert all(len(i["sha256"]) == 64 for i in facts["inputs"])
    assert sum(r["produced"] for r in facts["coverage"]) == 6
    csv_out = tmp_path / "set.csv"
    result = cli(
        "generate",
        "knowledge",
        str(kb),
        "-n",
        "3",
        "-o",
        str(csv_out),
        "--to",
        "copilot-studio",
        "--seed",
        "2",
    )
    assert result.exit_code == 0, result.output
    assert csv_out.read_text(encoding="utf-8").startswith('"Question","Expected response"')
    # CSV without --to is ambiguous.
    assert (
        cli("generate", "knowledge", str(kb), "-n", "3", "-o", str(tmp_path / "x.csv")).exit_code
        == 2
    )


def test_unreadable_files_stop_the_run_unless_skipped(kb: Path, tmp_path: Path, cli) -> None:
    make_encrypted_office(kb / "locked.docx")
    make_pdf(
        kb / "scan.pdf", [["Opening hours are nine to five on weekdays, all year round."], "image"]
    )
    out = tmp_path / "evals.json"
    result = cli("generate", "knowledge", str(kb), "-n", "5", "-o", str(out), "--seed", "1")
    assert result.exit_code == 2
    assert "locked.docx: error: the docx file is password-protected" in result.stderr
    assert (
        "scan.pdf: warning: 1 page(s) have no text layer and were left out: pages 2"
        in result.stderr
    )
    assert "--skip-unreadable" in result.stderr
    assert not out.exists()
    result = cli(
        "generate",
        "knowledge",
        str(kb),
        "-n",
        "5",
        "-o",
        str(out),
        "--seed",
        "1",
        "--skip-unreadable",
    )
    assert result.exit_code == 0, result.output
    assert "locked.docx: error" in result.stderr
    assert len(_items(out)) == 5


def test_too_large_file_and_max_size(kb: Path, tmp_path: Path, cli) -> None:
    big = tmp_path / "big"
    big.mkdir()
    (big / "manual.txt").write_bytes(
        b"The warranty lasts two years for every tent we sell. " * 110_000
    )
    out = tmp_path / "evals.json"
    result = cli("generate", "knowledge", str(big), "-n", "1", "-o", str(out), "--seed", "1")
    assert result.exit_code == 2
    assert "over the limit of 5 MB" in result.stderr
    result = cli(
        "generate",
        "knowledge",
        str(big),
        "-n",
        "1",
        "-o",
        str(out),
        "--seed",
        "1",
        "--max-size",
        "10MB",
    )
    assert "over the limit" not in result.stderr


def test_a_shortfall_writes_the_partial_set_and_exits_1(kb: Path, tmp_path: Path, cli) -> None:
    out = tmp_path / "evals.json"
    result = cli("generate", "knowledge", str(kb), "-n", "500", "-o", str(out), "--seed", "1")
    assert result.exit_code == 1
    made = len(_items(out))
    assert 20 < made < 500
    assert f"error: {made} of 500 requested case(s) were made" in result.stderr
    # One line that says how many the knowledge holds (the number made), not one line
    # per empty slot.
    assert f"the knowledge holds only {made} distinct question(s)" in result.stderr
    assert "no further distinct question" not in result.stderr


def test_existing_output_needs_force_and_bad_options_exit_2(kb: Path, tmp_path: Path, cli) -> None:
    out = tmp_path / "evals.json"
    out.write_text("{}", encoding="utf-8")
    result = cli("generate", "knowledge", str(kb), "-n", "2", "-o", str(out))
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert out.read_text(encoding="utf-8") == "{}"
    assert (
        cli("generate", "knowledge", str(kb), "-n", "2", "-o", str(out), "--force").exit_code == 0
    )
    bad = [
        ["--provider", "nobody"],
        ["--category", "safety"],  # offline makes knowledge cases only
        ["--category", "trivia"],
        ["--language", "xx"],
        ["--count", "0"],
        ["--max-size", "huge"],
    ]
    for extra in bad:
        result = cli("generate", "knowledge", str(kb), "-o", str(tmp_path / "n.json"), *extra)
        assert result.exit_code == 2, (extra, result.output)
        assert "error:" in result.stderr
    assert not (tmp_path / "n.json").exists()


def test_starter_writes_the_category_skeleton(tmp_path: Path, cli) -> None:
    out = tmp_path / "starter.json"
    result = cli(
        "generate",
        "starter",
        "--description",
        "An HR assistant for leave questions.",
        "-n",
        "10",
        "-o",
        str(out),
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["metadata"]["description"] == "An HR assistant for leave questions."
    cats = [i["extensions"]["category"] for i in doc["items"]]
    assert (
        cats
        == ["knowledge"] * 2
        + ["instruction-following"] * 2
        + ["tool-usage"] * 2
        + ["edge-cases"] * 2
        + ["safety"] * 2
    )
    assert all(i["prompt"].startswith("[PLACEHOLDER]") for i in doc["items"])
    assert all(i["extensions"]["datasetkit"]["placeholder"] is True for i in doc["items"])
    desc = tmp_path / "agent.md"
    desc.write_text("A travel desk agent that books trips.\n", encoding="utf-8")
    out2 = tmp_path / "s2.json"
    result = cli(
        "generate",
        "starter",
        "--description-file",
        str(desc),
        "-n",
        "2",
        "-c",
        "safety",
        "-o",
        str(out2),
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    assert [i["extensions"]["category"] for i in _items(out2)] == ["safety", "safety"]
    assert cli("generate", "starter", "-n", "2", "-o", str(tmp_path / "s3.json")).exit_code == 2
    assert (
        cli(
            "generate",
            "starter",
            "-d",
            "x",
            "--description-file",
            str(desc),
            "-o",
            str(tmp_path / "s4.json"),
        ).exit_code
        == 2
    )


def test_review_round_trip_through_the_cli(kb: Path, tmp_path: Path, cli) -> None:
    import openpyxl

    out = tmp_path / "evals.json"
    sheet = tmp_path / "review.xlsx"
    result = cli(
        "generate",
        "knowledge",
        str(kb),
        "-n",
        "6",
        "-o",
        str(out),
        "--seed",
        "3",
        "--review-sheet",
        str(sheet),
    )
    assert result.exit_code == 0, result.output
    assert f"review sheet: {sheet}" in result.stderr
    before = _items(out)
    wb = openpyxl.load_workbook(sheet)
    ws = wb["Review"]
    ws["C2"] = "approve"
    ws["F3"] = "Edited answer"
    ws["C4"] = "reject"
    wb.save(sheet)
    result = cli("review", "merge", str(sheet), str(out))
    assert result.exit_code == 0, result.output
    assert (
        "1 approved, 1 edited, 1 rejected, 0 added, 3 not reviewed; 5 case(s) in the result"
        in result.stderr
    )
    after = _items(out)
    assert [i["extensions"]["id"] for i in after] == [
        before[0]["extensions"]["id"],
        before[1]["extensions"]["id"],
    ] + [i["extensions"]["id"] for i in before[3:]]
    assert after[1]["expected_response"] == "Edited answer"
    assert list(tmp_path.glob("evals.json.bak.*"))
    # A sheet for any dataset.
    sheet2 = tmp_path / "again.xlsx"
    result = cli("review", "sheet", str(out), "-o", str(sheet2))
    assert result.exit_code == 0, result.output
    assert openpyxl.load_workbook(sheet2)["Review"].max_row == 6
    assert cli("review", "sheet", str(out), "-o", str(sheet2)).exit_code == 2  # exists


def test_providers_can_register_and_add_options(kb: Path, tmp_path: Path, monkeypatch) -> None:
    from datasetkit.cli import generate as cli_generate

    seen: dict[str, Any] = {}

    class Recording(OfflineGenerator):
        def __init__(self, **settings: Any) -> None:
            seen.update(settings)
            super().__init__(**settings)

        def generate_knowledge(self, plan, *, language=None) -> GenerationResult:
            seen["slots"] = len(plan.slots)
            return super().generate_knowledge(plan, language=language)

    monkeypatch.setitem(run.PROVIDERS, "recording", Recording)
    monkeypatch.setattr(cli_generate, "EXTRA_OPTIONS", [])
    cli_generate.add_option(
        "temperature",
        float | None,
        typer.Option(None, "--temperature", help="Sampling temperature."),
    )
    stopped: list[str] = []

    def dry_run(command: str, options: run.GenerateOptions, provider: str) -> int | None:
        if options.provider_settings.get("temperature") == 9.0:
            stopped.append(f"{command}:{provider}")
            return 0
        return None

    monkeypatch.setattr(cli_generate, "BEFORE_RUN", [dry_run])
    app = typer.Typer()
    app.command("knowledge")(cli_generate._with_extras(cli_generate.knowledge, "knowledge"))
    app.command("other")(lambda: None)
    runner = CliRunner()
    out = tmp_path / "evals.json"
    args = [
        "knowledge",
        str(kb),
        "-n",
        "4",
        "-o",
        str(out),
        "--seed",
        "8",
        "--provider",
        "recording",
    ]
    result = runner.invoke(app, [*args, "--temperature", "0.5"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert seen["temperature"] == 0.5 and seen["seed"] == 8 and seen["slots"] == 4
    assert len(_items(out)) == 4
    result = runner.invoke(app, [*args, "--temperature", "9", "--force"], catch_exceptions=False)
    assert result.exit_code == 0 and stopped == ["knowledge:recording"]
    assert "--temperature" in runner.invoke(app, ["knowledge", "--help"]).output


def test_the_default_provider_is_offline_unless_a_hook_names_one(monkeypatch) -> None:
    assert run.resolve_provider(None) == "offline"
    monkeypatch.setitem(run.PROVIDERS, "configured", OfflineGenerator)
    monkeypatch.setattr(run, "DEFAULT_PROVIDER_HOOKS", [lambda: None, lambda: "configured"])
    assert run.resolve_provider(None) == "configured"
    assert run.resolve_provider("offline") == "offline"
