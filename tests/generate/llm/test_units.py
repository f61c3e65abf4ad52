"""The LLM engine's parts on their own: settings, prices, grounding, language, dedupe, journal."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.language.detect import detect, is_wrong_language
from datasetkit.generate.contract import Chunk
from datasetkit.generate.llm import prompts
from datasetkit.generate.llm.config import Secret, redact, resolve_settings
from datasetkit.generate.llm.cost import Budget, BudgetExceeded, cost_of, estimate_tokens, price_for
from datasetkit.generate.llm.dedupe import NearDuplicateIndex
from datasetkit.generate.llm.engine import render_check_config, suggest_evaluators
from datasetkit.generate.llm.grounding import answer_supported, find_evidence, normalise
from datasetkit.generate.llm.journal import Journal
from datasetkit.generate.llm.pacing import Pacer, TokenBucket, parse_retry_after
from datasetkit.knowledge.model import Provenance

KEY = "test-key-units-5f1c"


# ------------------------------------------------------------------ settings


def test_settings_precedence_flag_then_config_then_env_then_dotenv(tmp_path: Path) -> None:
    (tmp_path / "datasetkit.toml").write_text(
        '[generate]\nmodel = "from-config"\nconcurrency = 3\napi_key_env = "MY_KEY"\n',
        encoding="utf-8",
    )
    (tmp_path / ".env").write_text(
        'MY_KEY="dotenv-key-123456"\nDATASETKIT_RPM=120\nexport DATASETKIT_TPM=9000 # comment\n',
        encoding="utf-8",
    )
    env = {"DATASETKIT_MODEL": "from-env", "DATASETKIT_RPM": "60"}
    s = resolve_settings({"concurrency": 8}, cwd=tmp_path, environ=env)
    assert s.concurrency == 8 and s.origins["concurrency"] == "flag"
    assert s.model == "from-config" and s.origins["model"] == "datasetkit.toml"
    assert s.rpm == 60 and s.origins["rpm"] == "env DATASETKIT_RPM"
    assert s.tpm == 9000 and s.origins["tpm"] == ".env DATASETKIT_TPM"
    assert s.api_key is not None and s.api_key.reveal() == "dotenv-key-123456"
    assert s.origins["api_key"] == ".env MY_KEY"


def test_pyproject_table_and_unknown_key_is_reported(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.datasetkit.generate]\nprovider = "azure"\nazure_endpoint = "https://x.openai.azure.com"\n'
        'azure_deployment = "gpt4o"\napi_version = "2024-10-21"\n',
        encoding="utf-8",
    )
    s = resolve_settings({}, cwd=tmp_path, environ={"AZURE_OPENAI_API_KEY": KEY})
    assert s.provider == "azure" and s.azure_deployment == "gpt4o"
    assert s.problems() == []
    (tmp_path / "pyproject.toml").write_text(
        '[tool.datasetkit.generate]\nmodle = "x"\n', encoding="utf-8"
    )
    with pytest.raises(DatasetkitError) as err:
        resolve_settings({}, cwd=tmp_path, environ={})
    assert "modle" in err.value.message and "pyproject.toml" in err.value.message


def test_azure_entra_token_from_environment_is_used_and_hidden(tmp_path: Path) -> None:
    env = {
        "AZURE_OPENAI_ENDPOINT": "https://res.openai.azure.com",
        "AZURE_OPENAI_DEPLOYMENT": "dep",
        "OPENAI_API_VERSION": "2024-10-21",
        "AZURE_OPENAI_AD_TOKEN": "entra-token-abcdef123",
    }
    s = resolve_settings({}, cwd=tmp_path, environ=env, use_config_file=False)
    assert s.provider == "azure" and s.azure_auth == "entra"
    text = render_check_config(s)
    assert "entra-token-abcdef123" not in text
    assert "azure_ad_token" in text and "set (hidden)" in text


def test_check_config_names_sources_and_never_shows_the_key(tmp_path: Path) -> None:
    s = resolve_settings(
        {"provider": "openai", "model": "gpt-4o-mini"},
        cwd=tmp_path,
        environ={"OPENAI_API_KEY": KEY},
    )
    text = render_check_config(s)
    assert KEY not in text
    assert "env OPENAI_API_KEY" in text and "ready: yes" in text
    assert "$0.15/0.6 per 1M" in text
    missing = resolve_settings({"provider": "openai"}, cwd=tmp_path, environ={})
    out = render_check_config(missing)
    assert "no model chosen" in out and "no OpenAI API key found" in out


def test_api_key_flag_warns_and_secret_never_prints() -> None:
    s = resolve_settings({"model": "m", "api_key": KEY}, environ={}, use_config_file=False)
    assert any("--api-key" in w for w in s.warnings)
    assert KEY not in repr(s) and KEY not in str(s.api_key)
    assert redact(f"Authorization: Bearer {KEY}") == "Authorization: Bearer ***"
    assert Secret("another-secret-value") != Secret("different-value-xx")


def test_bad_number_in_config_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "datasetkit.toml").write_text(
        '[generate]\nconcurrency = "lots"\n', encoding="utf-8"
    )
    with pytest.raises(DatasetkitError) as err:
        resolve_settings({}, cwd=tmp_path, environ={})
    assert "datasetkit.toml" in err.value.message and "concurrency" in err.value.message


# ------------------------------------------------------------------ cost


def test_prices_snapshots_overrides_and_batch_discount() -> None:
    assert price_for("gpt-4o-mini-2024-07-18") == (0.15, 0.60)
    assert price_for("gpt-4o-2024-08-06") == (2.50, 10.00)
    assert price_for("my-local-model") is None
    assert price_for("my-local-model", {"my-local-model": (1.0, 2.0)}) == (1.0, 2.0)
    assert cost_of("gpt-4o-mini", 1_000_000, 1_000_000) == pytest.approx(0.75)
    assert cost_of("gpt-4o-mini", 1_000_000, 1_000_000, batch=True) == pytest.approx(0.375)
    assert 20 <= estimate_tokens("x" * 100) <= 30
    assert estimate_tokens("日本語のテキスト") >= 8  # one token a CJK character, not chars/4


def test_price_flag_parsing_errors_say_the_form() -> None:
    s = resolve_settings({"model": "m", "prices": ["m=0.5/1.5"]}, environ={}, use_config_file=False)
    assert s.prices["m"] == (0.5, 1.5)
    with pytest.raises(DatasetkitError) as err:
        resolve_settings({"prices": ["m=cheap"]}, environ={}, use_config_file=False)
    assert "MODEL=IN/OUT" in err.value.message


def test_budget_refuses_the_call_that_would_pass_the_limit() -> None:
    b = Budget("gpt-4o-mini", max_cost=0.001)
    r = b.reserve(2000, 500)  # about $0.0006
    b.settle(r, 2000, 500)
    with pytest.raises(BudgetExceeded):
        b.reserve(2000, 500)
    calls = Budget("gpt-4o-mini", max_calls=2)
    calls.settle(calls.reserve(10, 10), 10, 10)
    calls.reserve(10, 10)
    with pytest.raises(BudgetExceeded):
        calls.reserve(10, 10)


# ------------------------------------------------------------------ grounding


def _chunk(text: str, cid: str = "c1") -> Chunk:
    return Chunk(id=cid, text=text, provenance=Provenance(file="doc.txt", heading_path=("Policy",)))


def test_normalise_folds_case_quotes_dashes_width_and_space() -> None:
    assert normalise("The  “Refund”\u00a0policy — ＡＢＣ!") == normalise(
        'the "refund" policy - ABC'
    )
    assert normalise("3.5 days, 1,000 users.") == "3.5 days 1,000 users"


def test_evidence_matches_after_normalisation_and_with_ellipsis() -> None:
    ch = _chunk(
        "Refunds are paid within “five” business days.\nThe desk opens at 8am, Monday to Friday."
    )
    assert find_evidence('refunds are paid within "five" business days', [ch]) is not None
    assert find_evidence("Refunds are paid ... business days", [ch]) is not None
    assert find_evidence("Refunds are paid within ten business days", [ch]) is None
    # A longer quote a couple of characters off still matches fuzzily, short ones do not.
    assert find_evidence("The desk opens at 8 am, Monday to Friday", [ch]) is not None
    assert find_evidence("8pm", [ch]) is None


def test_answer_must_be_supported_by_the_evidence() -> None:
    ev = ["Customers may return items within 30 days of delivery."]
    assert answer_supported("Within 30 days of delivery.", ev).ok
    wrong = answer_supported("Within 60 days of delivery.", ev)
    assert not wrong.ok and wrong.reason == "answer_number_not_in_evidence"
    off = answer_supported("Shipping is free for premium members worldwide.", ev)
    assert not off.ok and off.reason == "answer_not_supported_by_evidence"


# ------------------------------------------------------------------ language


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The customer may return the item within thirty days and the refund is paid.", "en"),
        (
            "Der Kunde kann die Ware innerhalb von dreißig Tagen zurückgeben und erhält sein Geld.",
            "de",
        ),
        ("Le client peut retourner l'article dans les trente jours et il est remboursé.", "fr"),
        (
            "El cliente puede devolver el artículo en un plazo de treinta días y se le reembolsa.",
            "es",
        ),
        ("お客様は三十日以内に商品を返品できます。", "ja"),
        ("顾客可以在三十天内退货并获得退款。", "zh"),
        ("Клиент может вернуть товар в течение тридцати дней.", "ru"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert detect(text).language == lang


def test_wrong_language_needs_confidence() -> None:
    assert is_wrong_language("What does the policy say about the refund and the return?", "de")
    assert not is_wrong_language("OK", "de")  # too short to judge
    assert not is_wrong_language("Was sagt die Richtlinie über die Rückgabe?", "de")


# ------------------------------------------------------------------ dedupe


def test_near_duplicates_found_paraphrases_kept_apart() -> None:
    idx = NearDuplicateIndex()
    idx.add("a", "What is the refund window for online orders?")
    assert idx.find("what is the refund window for online orders") == "a"
    assert idx.find("What's the refund window for online orders?") == "a"
    assert idx.find("For online orders, what is the refund window?") == "a"
    assert idx.find("Who do I call when the support desk is closed?") is None


def test_dedupe_index_scales_without_pairwise_comparison() -> None:
    idx = NearDuplicateIndex()
    t0 = time.perf_counter()
    for i in range(3000):
        idx.add(
            str(i), f"Question number {i} about policy item {i * 7919 % 10007} in section {i % 97}?"
        )
    hits = sum(
        1
        for i in range(0, 3000, 10)
        if idx.find(f"question number {i} about policy item {i * 7919 % 10007} in section {i % 97}")
        is not None
    )
    assert hits == 300
    assert time.perf_counter() - t0 < 10


# ------------------------------------------------------------------ journal, retry-after, pacing


def test_journal_survives_a_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    j = Journal(path, resume=False)
    j.append("response", key="k1", response={"content": "{}"})
    j.close()
    with path.open("ab") as fh:
        fh.write(b'{"t":"response","key":"k2","resp')  # a crash mid-write
    j2 = Journal(path, resume=True)
    assert set(j2.responses()) == {"k1"} and j2.torn_lines == 1
    j2.append("response", key="k3", response={"content": "{}"})
    j2.close()
    assert set(Journal(path, resume=True).responses()) == {"k1", "k3"}
    lines = path.read_bytes().splitlines()
    assert json.loads(lines[-1])["key"] == "k3"


def test_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "2"}) == 2.0
    assert parse_retry_after({"retry-after-ms": "250"}) == 0.25
    when = "Wed, 21 Oct 2015 07:28:00 GMT"
    assert parse_retry_after({"retry-after": when}, now=1445412470.0) == pytest.approx(10.0)
    assert parse_retry_after({}) is None


def test_token_buckets_pace_requests() -> None:
    now = [0.0]
    bucket = TokenBucket(60, clock=lambda: now[0])  # one a second, burst of 10
    for _ in range(10):
        assert bucket.wait_time(1) == 0
        bucket.take(1)
    assert bucket.wait_time(1) == pytest.approx(1.0)
    now[0] += 1.0
    assert bucket.wait_time(1) == 0
    import threading

    p = Pacer(None, 600, stop=threading.Event(), clock=lambda: now[0])
    p.acquire(100)  # within the 10-second burst of 100 tokens
    assert p.tpm is not None and p.tpm.wait_time(100) > 0


# ------------------------------------------------------------------ prompts & evaluators


def test_strict_schema_lists_every_property_as_required() -> None:
    schema = prompts.strict_schema(prompts.ConversationOut)
    assert schema["additionalProperties"] is False
    turn = schema["properties"]["turns"]["items"]
    assert set(turn["required"]) == {"move", "user", "expected_response", "evidence"}
    assert turn["additionalProperties"] is False and "$ref" not in json.dumps(schema)


def test_evaluator_suggestions_follow_the_answer() -> None:
    assert "ExactMatch" in suggest_evaluators("table-lookup", "9.99")
    assert "PartialMatch" in suggest_evaluators("lookup", "30 days")
    prose = suggest_evaluators(
        "lookup", "Refunds go back to the original card within five business days."
    )
    assert set(prose) == {"Similarity", "Groundedness"}
    assert "Citations" in suggest_evaluators(
        "comparison", "Express is faster than standard shipping but costs more."
    )
    assert suggest_evaluators("unanswerable", "I cannot answer that.") == {"Similarity": {}}


def test_questions_that_differ_in_a_number_are_not_duplicates() -> None:
    idx = NearDuplicateIndex()
    idx.add("a", "What is the price of plan 1 for small teams?")
    assert idx.find("What is the price of plan 2 for small teams?") is None
    assert idx.find("what is the price of plan 1 for small teams") == "a"


def test_urls_with_credentials_are_stripped_from_public_settings() -> None:
    s = resolve_settings(
        {
            "provider": "compatible",
            "base_url": "http://user:pw-secret-1234@localhost:8000/v1",
            "model": "m",
        },
        environ={},
        use_config_file=False,
    )
    assert "pw-secret-1234" not in json.dumps(s.to_public_dict())
    assert "pw-secret-1234" not in s.endpoint_label
