"""Encodings and detection (issue 9): legacy code pages, UTF-16, .xls, .txt lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import InputFile, detect
from datasetkit.formats.copilot_studio import looks_like_question_list
from datasetkit.io.decoding import EncodingUnclear, decode, sniff_text
from tests.conftest import CORPUS

RU = (
    "question,expectedResponse\n"
    "Как сбросить пароль?,Откройте портал самообслуживания и нажмите «Забыли пароль».\n"
    "Сколько дней отпуска мне положено?,Сотрудникам положено 28 календарных дней в году.\n"
    "Где найти расчётный листок?,В личном кабинете в разделе «Зарплата».\n"
    "Как оформить командировку?,Заполните заявку в системе и согласуйте её с руководителем.\n"
)
JA = (
    "question,expectedResponse\n"
    "パスワードをリセットするにはどうすればよいですか？,ポータルを開いて「パスワードを忘れた場合」を選択してください。\n"
    "有給休暇は何日ありますか？,正社員は年間20日の有給休暇があります。\n"
    "給与明細はどこで確認できますか？,人事ポータルの「給与」タブで確認できます。\n"
    "出張の申請方法を教えてください。,経費システムで申請し、上長の承認を得てください。\n"
)
PT = (
    "question,expectedResponse\n"
    "Como altero a minha palavra-passe?,Abra o portal e clique em “Esqueci-me da palavra-passe”.\n"
    "Quantos dias de férias tenho?,Os colaboradores têm 22 dias úteis de férias por ano.\n"
    "Onde encontro o meu recibo de vencimento?,No portal do colaborador, na secção Remunerações.\n"
)


def _write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize(
    ("text", "codec", "shown"),
    [(RU, "cp1251", "cp1251"), (JA, "shift_jis", "cp932"), (PT, "cp1252", "cp1252")],
)
def test_legacy_code_pages_are_detected_and_named(text: str, codec: str, shown: str) -> None:
    d = decode(text.encode(codec), "f.csv")
    assert d.text == text and d.encoding == shown
    (issue,) = d.issues
    assert issue.kind == "encoding" and issue.line == 2
    assert f"decoded as {shown} (detected" in issue.message


def test_a_short_ambiguous_byte_string_stops_with_the_fix() -> None:
    with pytest.raises(EncodingUnclear) as err:
        decode(b"question\nq\xc4\xe0 \xe9\xe8\n", "short.csv")
    assert err.value.message.startswith("short.csv: is not UTF-8")
    assert "save the file as UTF-8" in err.value.hint
    with pytest.raises(EncodingUnclear, match="no encoding gives clean text"):
        decode(bytes(range(128, 256)) * 4, "noise.csv")


@pytest.mark.parametrize(
    "data",
    [
        "question,expectedResponse\nПривет?,да\n".encode("utf-16"),  # with BOM
        "question,expectedResponse\nПривет?,да\n".encode("utf-16-le"),
        "question,expectedResponse\nПривет?,да\n".encode("utf-16-be"),
        "question,expectedResponse\nПривет?,да\n".encode("utf-32"),
    ],
)
def test_utf16_and_utf32_with_and_without_bom(data: bytes) -> None:
    d = decode(data)
    assert d.text == "question,expectedResponse\nПривет?,да\n"
    assert d.issues[0].kind == "encoding" and "not UTF-8" in d.issues[0].message
    assert sniff_text(data) == d.text


def test_a_named_encoding_is_used_as_is() -> None:
    assert decode(RU.encode("cp1251"), encoding="cp1251").text == RU
    with pytest.raises(DatasetkitError, match="is not utf-8: byte 0xCA at line 2"):
        decode(RU.encode("cp1251"), "ru.csv", encoding="utf-8")
    with pytest.raises(DatasetkitError, match="unknown encoding"):
        decode(b"q\n", encoding="no-such-codec")


def test_nul_bytes_that_are_not_utf16_are_binary() -> None:
    assert decode(b"a\x00b\x01\x02" * 3).issues[0].kind == "binary"
    assert sniff_text(b"\x00\x01\x02\x03" * 8) is None


@pytest.mark.parametrize(
    ("name", "data", "fmt"),
    [
        ("u16.csv", "question,expectedResponse\nhi?,yes\n".encode("utf-16"), "copilot-studio"),
        ("u16le.csv", "question,expectedResponse\nhi?,yes\n".encode("utf-16-le"), "copilot-studio"),
        ("fd.csv", "query,response\nПривет?,да\n".encode("utf-16-be"), "foundry-csv"),
        ("ru.csv", RU.encode("cp1251"), "copilot-studio"),
        ("ja.csv", JA.encode("shift_jis"), "copilot-studio"),
    ],
)
def test_detection_decodes_before_judging(tmp_path: Path, name: str, data: bytes, fmt: str) -> None:
    assert detect(InputFile(_write(tmp_path, name, data))).name == fmt


def test_utf16_foundry_csv_is_read_with_an_error_finding(tmp_path: Path) -> None:
    from datasetkit.formats import get

    path = _write(tmp_path, "f.csv", "query,response\nПривет?,да\n".encode("utf-16"))
    r = get("foundry-csv").read(InputFile(path))
    assert r.dataset is not None and r.dataset.cases[0].turns[0].prompt == "Привет?"
    (f,) = [f for f in r.findings if f.code == "foundry.encoding"]
    assert "UTF-16" in f.message and f.location.line == 1


@pytest.mark.parametrize("text,codec", [(RU, "cp1251"), (JA, "shift_jis")])
def test_cli_reads_legacy_csv_and_says_how(cli, tmp_path: Path, text: str, codec: str) -> None:
    path = _write(tmp_path, "set.csv", text.encode(codec))
    r = cli("validate", path)
    assert r.exit_code == 0 and "copilot-studio.encoding" in r.output and "detected" in r.output
    out = tmp_path / "out.json"
    r = cli("convert", path, "-o", str(out), "-q")
    assert r.exit_code == 0
    assert text.splitlines()[1].split(",")[0] in out.read_text(encoding="utf-8")


def test_cli_stops_with_exit_2_when_the_encoding_is_unclear(cli, tmp_path: Path) -> None:
    path = _write(tmp_path, "short.csv", b"question,expectedResponse\nq\xc4\xe0,\xe9\xe8\n")
    r = cli("convert", path, "-o", str(tmp_path / "o.json"))
    assert r.exit_code == 2
    assert "encoding cannot be told" in r.output and "save the file as UTF-8" in r.output
    assert "Traceback" not in r.output


def test_xls_and_encrypted_xlsx_get_clear_messages(tmp_path: Path) -> None:
    ole2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512
    for name, data, message in [
        ("old.xls", ole2, "old .xls workbook"),
        ("renamed.csv", ole2, "old .xls workbook"),
        ("locked.xlsx", ole2 + "EncryptedPackage".encode("utf-16-le"), "password-protected"),
    ]:
        src = InputFile(_write(tmp_path, name, data))
        fmt = detect(src)
        assert fmt.name == "sheet"
        with pytest.raises(DatasetkitError, match=message):
            fmt.read(src)


QUESTIONS = "How do I reset my password?\nWhat is the leave policy?\nShow me my payslip\n"
README = """# datasetkit

Reads, validates and converts evaluation datasets. Install it with pip and run
datasetkit validate on a file; the report says what is wrong and how to fix it.

## Usage

```
datasetkit validate prompts.json
```
"""
PROSE = (
    "This is a story about a project that grew. It started small. It was read by many. "
    "Then it was rewritten, and the people who used it were happy about the change.\n"
) * 3


def test_txt_question_lists_are_told_from_prose(tmp_path: Path) -> None:
    assert looks_like_question_list(QUESTIONS)
    assert looks_like_question_list("1. How do I log in?\n2. Where is the VPN guide?\nexit\n")
    assert not looks_like_question_list(README)
    assert not looks_like_question_list(PROSE)
    assert not looks_like_question_list("")
    assert detect(InputFile(_write(tmp_path, "q.txt", QUESTIONS.encode()))).name == (
        "copilot-studio"
    )
    with pytest.raises(DatasetkitError, match="does not look like a list of questions") as err:
        detect(InputFile(_write(tmp_path, "README.txt", README.encode())))
    assert "--from copilot-studio" in err.value.hint


@pytest.mark.corpus
@pytest.mark.parametrize(
    "rel",
    [
        "copilot-studio/copilotstudiosamples__input.txt",
        "wild/copilot-studio/microsoft__CopilotStudioSamples__input - Sample.txt",
    ],
)
def test_corpus_question_lists_are_still_copilot_studio(rel: str) -> None:
    path = CORPUS / rel
    if not path.is_file():
        pytest.skip(f"{rel} is not in the corpus")
    assert detect(InputFile(str(path))).name == "copilot-studio"
