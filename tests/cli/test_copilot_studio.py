"""The command line with Copilot Studio sets and spreadsheets: convert and validate."""

from __future__ import annotations

import json

CS = "copilot-studio"
CONV = "copilot-studio-conversation"


def test_ess_set_survives_a_trip_through_m365_byte_for_byte(cli, corpus, tmp_path):
    src = corpus / "copilot-studio/copilotstudiosamples__RAI-HR.csv"
    res = cli("convert", str(src), "-o", str(tmp_path / "rai.json"))
    assert res.exit_code == 0, res.stderr
    doc = json.loads((tmp_path / "rai.json").read_text(encoding="utf-8"))
    assert doc["items"][0]["evaluators"] == {"Similarity": {"threshold": 3.8}}
    back = tmp_path / "rai.csv"
    res = cli(
        "convert",
        str(tmp_path / "rai.json"),
        "-o",
        str(back),
        "--to",
        CS,
        "--template",
        "ess,crlf",
        "--bom",
    )
    assert res.exit_code == 0, res.stderr
    assert back.read_bytes() == src.read_bytes()
    assert (tmp_path / "rai.setup.md").is_file()


def test_current_template_with_comments_from_the_command_line(cli, corpus, tmp_path):
    src = corpus / "copilot-studio/mcs-labs__EvaluationAlwaysFail.2026-02-09.csv"
    out = tmp_path / "g3.csv"
    res = cli("convert", str(src), "-o", str(out), "--to", CS, "--template", "current,comments")
    assert res.exit_code == 0, res.stderr
    current = corpus / "copilot-studio/mcs-labs__EvaluationAlwaysFail.csv"
    # The older file's four questions in today's template are exactly today's file.
    assert out.read_bytes() == current.read_bytes()
    guide = (tmp_path / "g3.setup.md").read_text(encoding="utf-8")
    assert "| General quality | — | 1–4 |" in guide


def test_workbook_to_conversation_set_with_map_and_sheet(cli, corpus, tmp_path):
    src = corpus / "copilot-studio/copilot-studio-agents__evaluation-scorecard.xlsx"
    out = tmp_path / "score.csv"
    # "Opening question" says what it holds: taken as the prompt, and the guess is shown.
    res = cli("convert", str(src), "-o", str(out), "--to", CONV)
    assert res.exit_code == 0 and "'Opening question' -> prompt (guessed" in res.stderr
    out.unlink()
    res = cli(
        "convert",
        str(src),
        "-o",
        str(out),
        "--to",
        CONV,
        "--map",
        "prompt=Opening question",
        "--sheet",
        "Case scorecard",
    )
    assert res.exit_code == 0, res.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == '"conversationNumber","question","response"' and len(lines) == 9


def test_multi_turn_cases_are_left_out_of_a_single_response_set(cli, corpus, tmp_path):
    src = corpus / "m365/m365-copilot-eval__multiturn_example.json"
    out = tmp_path / "multi.csv"
    res = cli("convert", str(src), "-o", str(out), "--to", CS)
    assert res.exit_code == 0, res.stderr
    assert (
        "datasetkit: lost: 1 multi-turn case left out: the single-response test set holds "
        f"one question per case (fix: --to {CONV} keeps them)"
    ) in res.stderr
    assert out.exists() and (tmp_path / "multi.setup.md").exists()
    assert out.read_text(encoding="utf-8").count("\n") == 2  # header + the single case
    # --strict: any loss fails the run and nothing is written.
    strict = tmp_path / "strict.csv"
    res = cli("convert", str(src), "-o", str(strict), "--to", CS, "--strict")
    assert res.exit_code == 1 and "copilot-studio.loss.conversation" in res.stderr
    assert not strict.exists() and not (tmp_path / "strict.setup.md").exists()


def test_split_files_are_reported_with_their_sizes(cli, tmp_path):
    src = tmp_path / "many.jsonl"
    rows = [json.dumps({"query": f"q{i}?", "ground_truth": f"a{i}"}) for i in range(45)]
    src.write_text("\n".join(rows) + "\n", encoding="utf-8")
    res = cli("convert", str(src), "-o", str(tmp_path / "c.csv"), "--to", CONV, "--strict")
    assert res.exit_code == 0, res.stderr
    assert "45 conversations split into 3 files of at most 20" in res.stderr
    assert "c-1.csv (20), c-2.csv (20), c-3.csv (5)" in res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "c-1.csv",
        "c-1.setup.md",
        "c-2.csv",
        "c-2.setup.md",
        "c-3.csv",
        "c-3.setup.md",
        "many.jsonl",
    ]


def test_truncate_flag_reports_each_cut(cli, tmp_path):
    src = tmp_path / "long.json"
    src.write_text(
        json.dumps(
            {
                "schemaVersion": "1.6.0",
                "items": [{"prompt": "x" * 1300}, {"prompt": "y" * 1100}, {"prompt": "fine"}],
            }
        ),
        encoding="utf-8",
    )
    res = cli("convert", str(src), "-o", str(tmp_path / "l.csv"), "--to", CS)
    assert res.exit_code == 0 and "2 cases with a question over 1,000 characters" in res.stderr
    assert "(fix: --truncate cuts such questions" in res.stderr
    res = cli("convert", str(src), "-o", str(tmp_path / "t.csv"), "--to", CS, "--truncate")
    assert res.exit_code == 0, res.stderr
    assert res.stderr.count("was cut from") == 2
    assert "long.json:1 (/items/1) was cut from 1,100 to 1,000" in res.stderr


def test_validate_kit_file_as_copilot_studio_explains_the_rejection(cli, corpus):
    src = corpus / "copilot-studio/bradrlaw-copilot-studio-evals__eval_scenarios_kit.csv"
    res = cli("validate", "--from", CS, str(src))
    assert res.exit_code == 1
    assert "copilot-studio.layout.kit" in res.stdout and "--from sheet" in res.stdout
    res = cli("validate", str(src))
    assert res.exit_code == 0  # read as a spreadsheet table, it is fine
