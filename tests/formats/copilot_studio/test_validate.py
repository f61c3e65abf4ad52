"""validate: what the Copilot Studio importers accept, checked before upload."""

from __future__ import annotations

from pathlib import Path

from datasetkit import formats
from datasetkit.core.findings import Severity
from datasetkit.formats import InputFile, ReadOptions

CS = "copilot-studio"
CONV = "copilot-studio-conversation"


def check(tmp_path: Path, text: str, fmt: str = CS, name: str = "t.csv", **extra):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return formats.get(fmt).validate(InputFile(str(p)), ReadOptions(extra=extra))


def found(result, severity=None):
    return {f.code: f for f in result.findings if severity is None or f.severity == severity}


def test_current_template_from_the_product_is_clean(corpus):
    r = formats.get(CS).validate(
        InputFile(str(corpus / "copilot-studio/mcs-labs__EvaluationAlwaysFail.csv"))
    )
    assert [f for f in r.findings if f.severity != Severity.INFO] == []


def test_conversation_file_used_as_single_response_set_is_an_error(corpus):
    path = corpus / "copilot-studio/ess-dev-kit__EvalConversationTemplate.csv"
    r = formats.get(CS).validate(InputFile(str(path)))
    f = found(r, Severity.ERROR)["copilot-studio.layout.conversation"]
    assert f.location.line == 19 and CONV in f.hint
    assert formats.get(CONV).validate(InputFile(str(path))).findings == []


def test_single_response_file_used_as_conversation_set_is_an_error(corpus):
    path = corpus / "copilot-studio/copilot-studio-eval-framework__smoke.csv"
    r = formats.get(CONV).validate(InputFile(str(path)))
    f = found(r, Severity.ERROR)["copilot-studio-conversation.layout.single-response"]
    assert "wrong template" in f.message


def test_headers_the_importer_rejects_or_ignores(corpus):
    r = formats.get(CS).validate(InputFile(str(corpus / "copilot-studio/ess-dev-kit__Workday.csv")))
    warn = [f for f in r.findings if f.severity == Severity.WARNING]
    assert {f.code for f in warn} == {
        "copilot-studio.header.unverified",
        "copilot-studio.header.ignored",
    }
    ignored = sorted(f.location.field for f in warn if f.code == "copilot-studio.header.ignored")
    assert ignored == ["Passing Score", "Test Method Type"]
    assert all(f.location.line == 1 for f in warn)


def test_unknown_header_set_fails_like_the_product(tmp_path):
    r = check(tmp_path, "Input,Expected response,Expected keywords,Expected topic\nhi,hello,,\n")
    f = found(r, Severity.ERROR)["copilot-studio.header.question-missing"]
    assert "Something went wrong" in f.message and f.location.line == 1


def test_column_order_is_checked(tmp_path):
    r = check(tmp_path, "Expected response,Question\nyes,Is it?\n")
    assert "copilot-studio.header.order" in found(r, Severity.WARNING)


def test_more_than_100_questions_is_an_error_at_the_101st(tmp_path):
    rows = "".join(f"Q{i}?,A{i}\n" for i in range(101))
    r = check(tmp_path, "Question,Expected response\n" + rows)
    f = found(r, Severity.ERROR)["copilot-studio.limit.cases"]
    assert (f.location.line, f.location.row, f.location.pointer) == (102, 102, "/100")
    assert "numbered files" in f.hint


def test_question_length_limits_and_line_breaks(tmp_path):
    text = (
        "question,expectedResponse\n"
        + "a" * 501
        + ",\n"
        + "b" * 1001
        + ',\n"two\nlines",\n,orphan\n'
    )
    r = check(tmp_path, text)
    got = [(f.code, f.severity, f.location.line) for f in r.findings]
    assert ("copilot-studio.limit.question", Severity.WARNING, 2) in got
    assert ("copilot-studio.limit.question", Severity.ERROR, 3) in got
    assert ("copilot-studio.question.line-break", Severity.WARNING, 4) in got
    assert ("copilot-studio.question.empty", Severity.ERROR, 6) in got
    limit = next(f for f in r.findings if f.code == "copilot-studio.limit.question")
    assert limit.location.field == "question" and limit.location.pointer == "/0/question"


def test_method_needing_an_expected_response_warns_per_case(corpus):
    path = corpus / "copilot-studio/copilotstudiosamples__SpecificKnowledge-HR.templated.csv"
    r = formats.get(CS).validate(InputFile(str(path)))
    invalid = [f for f in r.findings if f.code == "copilot-studio.method.needs-expected"]
    assert len(invalid) == 72
    assert invalid[0].location.line == 2 and "Invalid" in invalid[0].message


def test_txt_question_list_is_noted_as_unverified(corpus):
    r = formats.get(CS).validate(
        InputFile(str(corpus / "copilot-studio/copilotstudiosamples__input.txt"))
    )
    assert "copilot-studio.txt.unverified" in found(r, Severity.INFO)


def test_conversation_limits(tmp_path):
    rows = "".join(f"{c},q{c}-{t},\n" for c in range(1, 23) for t in range(7 if c == 1 else 1))
    r = check(tmp_path, "conversationNumber,question,response\n" + rows, CONV)
    got = found(r)
    assert got["copilot-studio-conversation.limit.conversations"].severity == Severity.WARNING
    assert got["copilot-studio-conversation.limit.turns"].severity == Severity.WARNING
    r = check(
        tmp_path, "conversationNumber,question,response\n" + rows, CONV, limits="template-2026-05"
    )
    assert "copilot-studio-conversation.limit.conversations" not in found(r)
    rows = "".join(f"{c},q{c},\n" for c in range(1, 52)) + "".join(
        f"1,more{t},\n" for t in range(8)
    )
    r = check(tmp_path, "conversationNumber,question,response\n" + rows, CONV)
    errors = found(r, Severity.ERROR)
    assert "copilot-studio-conversation.limit.conversations" in errors
    assert "copilot-studio-conversation.limit.turns" in errors


def test_conversation_question_over_500_and_odd_numbers(tmp_path):
    r = check(tmp_path, "conversationNumber,question,response\nA,hi,\n1," + "x" * 501 + ",\n", CONV)
    got = found(r)
    assert got["copilot-studio-conversation.limit.question"].severity == Severity.ERROR
    assert got["copilot-studio-conversation.conversation.number"].severity == Severity.WARNING


def test_sidecar_files_validate_on_their_own(tmp_path):
    good = tmp_path / "x.setup.md"
    good.write_text('# x\n<!-- datasetkit-setup\n{"cases": []}\n-->\n', encoding="utf-8")
    assert formats.get(CS).validate(InputFile(str(good))).findings == []
    bad = tmp_path / "y.setup.md"
    bad.write_text("# y\n<!-- datasetkit-setup\n{broken\n-->\n", encoding="utf-8")
    (f,) = formats.get(CS).validate(InputFile(str(bad))).findings
    assert f.code == "copilot-studio.sidecar.invalid" and f.severity == Severity.ERROR


def test_validate_cli_with_target_reports_what_copilot_studio_cannot_take(cli, corpus, tmp_path):
    src = tmp_path / "evals.json"
    src.write_text(
        '{"schemaVersion": "1.6.0", "items": [{"prompt": "' + "p" * 1200 + '"},'
        ' {"prompt": "ok", "context": "c", "evaluators": {"Citations": {}}}]}',
        encoding="utf-8",
    )
    res = cli("validate", str(src), "--target", CS, "--format", "json")
    # The long question is left out (a warning); the other case can be written.
    assert res.exit_code == 0
    assert "copilot-studio.loss.question-length" in res.stdout
    assert '"context' in res.stdout or "context:" in res.stdout
