"""The LLM engine end to end: the real ``openai`` client over HTTP to a local server."""

# The llm_server fixture is imported, then named as a test parameter.
# ruff: noqa: F811

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import Plan, PlanSlot
from tests.helpers.llm_helpers import (
    GERMAN,
    POLICY,
    TEST_KEY,
    assert_no_key_written,
    chunks_of,
    generator,
    make_plan,
    rich_chunks,
    table_chunk,
)
from tests.helpers.llm_server import FakeLLMServer, llm_server  # noqa: F401  (the fixture)

# One generation call per case, no review: for tests of transport, budgets and resume,
# which count calls (the review adds a critic and a judge call per case).
PLAIN = {"candidates": 1, "critic": False, "judge": False}


def prompts_of(result) -> list[str]:
    return [gc.case.first_prompt for gc in result.cases]


def generation_requests(server: FakeLLMServer) -> list[dict]:
    return [
        r
        for r in server.chat_requests()
        if "Task: knowledge case" in r["body"]["messages"][-1]["content"]
    ]


def test_grounded_cases_with_category_evaluators_and_provenance(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    gen = generator(llm_server, tmp_path, question_types=["lookup"])
    result = gen.generate_knowledge(make_plan(6))
    assert len(result.cases) == 6 and not result.shortfall and not result.failures
    for gc in result.cases:
        assert gc.grounded and gc.checks["evidence_found"] is True
        assert gc.case.category == "knowledge" and "type:lookup" in (gc.case.tags or [])
        assert gc.evidence and gc.evidence in gc.case.turns[0].expected_response
        assert gc.source is not None and gc.source.file == "policy.txt"
        assert gc.case.turns[0].evaluators
        assert gc.case.id == gc.case.content_id()
    # Coverage is the plan's: every section asked about once, not only the first.
    assert {gc.source.heading_path for gc in result.cases if gc.source} == {(h,) for h, _ in POLICY}
    # The request carried the key (the client used it) and a JSON schema.
    req = llm_server.chat_requests()[0]
    assert req["authorization"] == f"Bearer {TEST_KEY}"
    assert req["body"]["response_format"]["type"] == "json_schema"
    # Each case: one generation call (three candidates), a critic call and a judge call.
    assert result.usage["calls"] == 18 and result.usage["input_tokens"] > 0
    assert {k: v["calls"] for k, v in result.usage["calls_by_kind"].items()} == {
        "generate": 6,
        "repair": 0,
        "critic": 6,
        "judge": 6,
    }
    for gc in result.cases:
        ext = gc.case.extensions["datasetkit"]
        assert ext["critic"]["verdict"] == "pass" and ext["judge"]["verdict"] == "supported"
        assert ext["judge"]["reason"] and ext["judge"]["model"] == "gpt-4o-mini"
    assert_no_key_written(tmp_path, json.dumps(result.usage, default=str))


def test_faults_are_survived_with_nothing_lost_or_doubled(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.script(
        "429:0.05",
        "500",
        "503",
        "timeout:1.4",
        "malformed",
        "truncated",
        "slow:0.1",
        "fenced",
        "429",
    )
    gen = generator(llm_server, tmp_path, question_types=["lookup"])
    result = gen.generate_knowledge(make_plan(6))
    assert len(result.cases) == 6 and not result.shortfall
    ids = [gc.case.id for gc in result.cases]
    assert len(set(ids)) == len(ids)
    http = result.usage["http"]
    assert http["throttled"] == 2 and http["server_errors"] == 2 and http["timeouts"] == 1
    assert http["lowest_concurrency"] < 4  # throttling lowered the concurrency
    assert result.usage["repairs"] == 2  # malformed + truncated, one repair each


def test_retry_after_is_honoured(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    import time

    llm_server.script("429:0.5")
    gen = generator(llm_server, tmp_path, settings={"concurrency": 1}, question_types=["lookup"])
    t0 = time.perf_counter()
    result = gen.generate_knowledge(make_plan(1))
    assert time.perf_counter() - t0 >= 0.5  # the backoff (0.01 s) alone would be far shorter
    assert len(result.cases) == 1


def test_a_reply_that_stays_broken_is_a_recorded_failure(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.script("refusal")
    gen = generator(llm_server, tmp_path, question_types=["lookup"], top_up_rounds=0)
    result = gen.generate_knowledge(make_plan(2))
    assert len(result.cases) == 1
    assert result.shortfall == {"knowledge": 1}
    assert [f.reason.split(":")[0] for f in result.failures] == ["model_refused"]


def test_ungrounded_evidence_is_dropped_or_flagged(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("ungrounded")
    dropped = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(3)
    )
    assert dropped.cases == []
    assert dropped.shortfall == {"knowledge": 3}
    assert {f.reason for f in dropped.failures} == {"evidence_not_found"}
    flagged = generator(
        llm_server, tmp_path / "f", question_types=["lookup"], ungrounded="flag"
    ).generate_knowledge(make_plan(3))
    assert len(flagged.cases) == 3
    for gc in flagged.cases:
        assert gc.grounded is False and "ungrounded" in (gc.case.tags or [])
        assert gc.checks["reason"] == "evidence_not_found"
        assert gc.case.extensions["datasetkit"]["grounded"] is False


def test_near_duplicates_removed_and_shortfall_reported(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("duplicate")
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(4)
    )
    assert len(result.cases) == 1
    assert result.shortfall == {"knowledge": 3}
    assert result.usage["rejected"]["duplicate_in_batch"] >= 3
    assert {f.reason for f in result.failures} == {"duplicate_in_batch"}


def test_append_to_existing_dataset_dedupes_against_it(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    first = generator(llm_server, tmp_path / "a", question_types=["lookup"]).generate_knowledge(
        make_plan(3)
    )
    existing = tmp_path / "existing.jsonl"
    existing.write_text(
        "".join(json.dumps({"query": p}) + "\n" for p in prompts_of(first)), encoding="utf-8"
    )
    again = generator(
        llm_server, tmp_path / "b", question_types=["lookup"], existing_prompts=[], top_up_rounds=0
    )
    from datasetkit.generate.llm.engine.existing import load_existing_prompts

    again.options.existing_prompts = load_existing_prompts(str(existing))
    result = again.generate_knowledge(make_plan(3))
    # Each slot's first candidate repeats an existing prompt; another candidate of the
    # same reply takes its place.
    assert len(result.cases) == 3
    assert not set(prompts_of(result)) & set(prompts_of(first))
    assert result.usage["rejected"]["duplicate_of_existing"] >= 3
    # With one candidate a call, nothing is left.
    opts = {"question_types": ["lookup"], **PLAIN}
    plain = generator(llm_server, tmp_path / "c", **opts).generate_knowledge(make_plan(3))
    existing.write_text(
        "".join(json.dumps({"query": p}) + "\n" for p in prompts_of(plain)), encoding="utf-8"
    )
    single = generator(llm_server, tmp_path / "d", top_up_rounds=0, **opts)
    single.options.existing_prompts = load_existing_prompts(str(existing))
    none = single.generate_knowledge(make_plan(3))
    assert none.cases == [] and none.usage["rejected"] == {"duplicate_of_existing": 3}


def test_german_source_gives_german_cases_and_wrong_language_is_rejected(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    plan = make_plan(3, chunks=chunks_of(GERMAN, file="richtlinie.txt"))
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(plan)
    assert len(result.cases) == 3
    assert all(gc.case.first_prompt.startswith("Welche Regel") for gc in result.cases)
    assert all(gc.checks["language"] == "de" for gc in result.cases)
    system = llm_server.chat_requests()[0]["body"]["messages"][0]["content"]
    assert "German (language code de)" in system
    llm_server.mode.add("wrong_language")
    wrong = generator(llm_server, tmp_path / "w", question_types=["lookup"]).generate_knowledge(
        plan
    )
    assert wrong.cases == [] and {f.reason for f in wrong.failures} == {"wrong_language"}


def test_language_override(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(2), language="fr"
    )
    assert all(gc.case.first_prompt.startswith("Que dit") for gc in result.cases)


def test_question_types_follow_the_content(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    # Steps only where there are steps, two passages only where they are related, and
    # the negative types anywhere (the types asked for, where the content allows them).
    types = [
        "multi-section",
        "comparison",
        "procedural",
        "unanswerable",
        "false-premise",
        "out-of-scope",
    ]
    chunks = rich_chunks()
    plan = make_plan(24, seed=3, chunks=chunks)
    plan.chunks = chunks
    result = generator(llm_server, tmp_path, question_types=types).generate_knowledge(plan)
    seen = Counter(gc.case.extensions["datasetkit"]["question_type"] for gc in result.cases)
    assert set(seen) <= {*types, "lookup"} and len(seen) >= 5
    for gc in result.cases:
        ext = gc.case.extensions["datasetkit"]
        qt = ext["question_type"]
        heading = gc.source.heading_path[0] if gc.source else None
        if qt == "procedural":
            assert heading == "How to send an item back"
        if qt in ("unanswerable", "out-of-scope"):
            assert ext["expected_behavior"] in ("refuse", "clarify")
            assert "negative" in gc.case.tags and gc.case.turns[0].evaluators == {"Similarity": {}}
        if qt == "multi-section":
            pair = {tuple(s["heading_path"]) for s in ext["sources"]}
            assert pair == {("Returns",), ("Refunds",)}
            assert len(ext["evidence"]) == 2 and "Citations" in gc.case.turns[0].evaluators
    # A list of items that cannot be returned is never asked as a procedure, and an
    # unrelated passage never gets a second one.
    asked = [r["body"]["messages"][-1]["content"] for r in generation_requests(llm_server)]
    for text in asked:
        passages = re.findall(r'<passage id="P\d" kind="\w+" source="shop.md > ([^"]+)"', text)
        if "Question type: procedural" in text:
            assert passages == ["How to send an item back"]
        if "Question type: multi-section" in text:
            assert sorted(passages) == ["Refunds", "Returns"]
    table_plan = Plan(slots=[PlanSlot(index=0, chunks=[table_chunk()])], seed=1)
    tables = generator(
        llm_server, tmp_path / "t", question_types=["table-lookup"]
    ).generate_knowledge(table_plan)
    assert len(tables.cases) == 1 and tables.cases[0].source.sheet == "Plans"


def test_unanswerable_case_whose_detail_is_in_the_source_is_rejected(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    chunks = chunks_of(
        [("Dress", "The lunar office dress code is smart casual for every employee on site.")]
    )
    plan = Plan(slots=[PlanSlot(index=0, chunks=chunks)], seed=1)
    result = generator(
        llm_server, tmp_path, question_types=["unanswerable"], top_up_rounds=0
    ).generate_knowledge(plan)
    assert result.cases == [] and result.failures[0].reason == "unanswerable_detail_in_source"


def test_budget_stop_keeps_partial_result_and_resume_repeats_no_paid_call(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    plan = make_plan(6)
    opts = {"question_types": ["lookup"], "settings": {"concurrency": 1}, **PLAIN}
    first = generator(llm_server, tmp_path, max_calls=2, **opts).generate_knowledge(plan)
    assert len(first.cases) == 2 and first.shortfall == {"knowledge": 4}
    assert "max-calls 2" in first.usage["stopped"]
    calls_before = len(llm_server.chat_requests())
    assert calls_before == 2
    resumed = generator(
        llm_server,
        tmp_path,
        resume=True,
        settings={"no_cache": True, "concurrency": 1},
        question_types=["lookup"],
        **PLAIN,
    ).generate_knowledge(plan)
    assert resumed.usage["resumed"] and resumed.usage["replayed_from_journal"] == 2
    assert len(llm_server.chat_requests()) == calls_before + 4  # only the missing four were sent
    assert len(resumed.cases) == 6 and not resumed.shortfall
    assert prompts_of(resumed)[:2] == prompts_of(first)
    assert len(set(prompts_of(resumed))) == 6


def test_max_cost_needs_a_price_and_stops_before_passing_it(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    with pytest.raises(DatasetkitError) as err:
        generator(
            llm_server, tmp_path, settings={"model": "house-model"}, max_cost=1.0
        ).generate_knowledge(make_plan(1))
    assert "--price house-model=IN/OUT" in err.value.hint
    gen = generator(
        llm_server,
        tmp_path,
        settings={"model": "house-model", "prices": ["house-model=1000/1000"], "concurrency": 1},
        max_cost=3.0,
        question_types=["lookup"],
        **PLAIN,
    )
    result = gen.generate_knowledge(make_plan(6))
    assert result.usage["cost"] <= 3.0 and 0 < len(result.cases) < 6
    assert "max-cost" in result.usage["stopped"]


def test_quota_stop_then_resume(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    llm_server.script("ok", "quota")
    plan = make_plan(4)
    first = generator(
        llm_server, tmp_path, settings={"concurrency": 1}, question_types=["lookup"], **PLAIN
    ).generate_knowledge(plan)
    assert "quota" in first.usage["stopped"] and len(first.cases) == 1
    second = generator(
        llm_server,
        tmp_path,
        settings={"concurrency": 1},
        resume=True,
        question_types=["lookup"],
        **PLAIN,
    ).generate_knowledge(plan)
    assert len(second.cases) == 4 and second.usage["replayed_from_journal"] >= 1


def test_permanent_error_stops_cleanly(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    llm_server.require_key = "some-other-key-000"
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(3)
    )
    assert result.cases == [] and "401" in result.usage["stopped"]
    assert len(llm_server.chat_requests()) <= 4  # stopped, not retried over and over
    assert_no_key_written(tmp_path, result.usage["stopped"])


def test_cache_replays_the_same_output_offline(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    plan = make_plan(5, seed=11)
    first = generator(llm_server, tmp_path).generate_knowledge(plan)
    sent = len(llm_server.chat_requests())
    llm_server.stop()  # nothing listens any more: a cache miss would fail
    again = generator(llm_server, tmp_path, settings={"max_retries": 0}).generate_knowledge(plan)
    assert [gc.case.model_dump() for gc in again.cases] == [
        gc.case.model_dump() for gc in first.cases
    ]
    assert again.usage["cached"] == sent and again.usage["calls"] == 0
    assert_no_key_written(tmp_path)


def test_different_seed_different_requests(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    generator(llm_server, tmp_path).generate_knowledge(make_plan(2, seed=1))
    generator(llm_server, tmp_path).generate_knowledge(make_plan(2, seed=2))
    seeds = [r["body"]["seed"] for r in generation_requests(llm_server)]
    assert len(set(seeds)) == 4


def test_server_without_json_schema_falls_back_to_json_object(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.mode.add("no_schema")
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(3)
    )
    assert len(result.cases) == 3 and result.usage["structured_output"] == "json_object"
    last = llm_server.chat_requests()[-1]["body"]
    # The schema rides along (llama.cpp's extension); the prompt carries it too.
    assert last["response_format"]["type"] == "json_object"
    assert last["response_format"]["schema"]["type"] == "object"
    assert "Reply as JSON matching this schema" in last["messages"][1]["content"]


def test_azure_deployment_path_and_api_key_header(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    gen = generator(
        llm_server,
        tmp_path,
        settings={
            "provider": "azure",
            "base_url": None,
            "azure_endpoint": llm_server.azure_endpoint,
            "azure_deployment": "gpt4o-dep",
            "api_version": "2024-10-21",
            "model": "gpt-4o",
        },
        question_types=["lookup"],
    )
    result = gen.generate_knowledge(make_plan(2))
    assert len(result.cases) == 2
    req = llm_server.chat_requests()[0]
    assert req["path"] == "/openai/deployments/gpt4o-dep/chat/completions"
    assert "api-version=2024-10-21" in req["query"] and req["api_key_header"] == TEST_KEY
    assert result.usage["cost"] is not None  # priced by --model gpt-4o
    assert_no_key_written(tmp_path)


def test_multi_turn_conversations_every_turn_grounded(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    result = generator(llm_server, tmp_path, multi_turn=4).generate_knowledge(make_plan(3))
    assert len(result.cases) == 3
    for gc in result.cases:
        case = gc.case
        assert case.kind == "conversation" and len(case.turns) == 4 and gc.grounded
        assert [t.tags[0] for t in case.turns] == [
            "move:opening",
            "move:follow-up",
            "move:correction",
            "move:topic-switch",
        ]
        assert all(t.expected_response for t in case.turns)
        assert len(case.extensions["datasetkit"]["evidence"]) == 4
    llm_server.mode.add("ungrounded")
    bad = generator(llm_server, tmp_path / "u", multi_turn=4).generate_knowledge(make_plan(2))
    assert bad.cases == [] and all("turn 4" in f.reason for f in bad.failures)


def test_simulation_seeds(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    result = generator(llm_server, tmp_path, seeds=True, seed_turns=6).generate_knowledge(
        make_plan(3)
    )
    assert len(result.cases) == 3
    for gc in result.cases:
        assert gc.case.kind == "seed" and gc.case.seed.desired_num_turns == 6
        assert len(gc.case.seed.description) > 20 and gc.grounded


def test_starter_set_spread_over_categories_and_not_grounded(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    desc = "HR helper that answers questions about holidays, payroll, benefits and onboarding for employees."
    result = generator(llm_server, tmp_path).generate_starter(desc, count=10, seed=5)
    assert len(result.cases) == 10 and not result.shortfall
    cats = Counter(gc.case.category for gc in result.cases)
    assert cats == {
        "knowledge": 2,
        "instruction-following": 2,
        "tool-usage": 2,
        "edge-cases": 2,
        "safety": 2,
    }
    for gc in result.cases:
        assert gc.grounded is False and "not-document-grounded" in gc.case.tags
        assert gc.case.extensions["datasetkit"]["document_grounded"] is False
    llm_server.mode.add("duplicate")
    dup = generator(llm_server, tmp_path / "d").generate_starter(desc, count=5, seed=5)
    assert len(dup.cases) == 1 and sum(dup.shortfall.values()) == 4


def test_dry_run_prices_the_plan_and_calls_nothing(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    gen = generator(llm_server, tmp_path)
    est = gen.dry_run_knowledge(make_plan(10))
    # Ten generation calls, and a critic and a judge call for each case.
    assert est.calls == 30 and est.cached == 0 and est.input_tokens > 1000
    assert {k: e.calls for k, e in est.by_kind.items()} == {
        "generate": 10,
        "critic": 10,
        "judge": 10,
    }
    assert all(e.input_tokens > 0 and e.cost for e in est.by_kind.values())
    assert est.cost is not None and est.cost > 0
    text = est.render()
    assert "calls: 30 to send (generation 10, critic 10, judge 10)" in text
    assert "  judge: 10 calls" in text and "estimated cost: $" in text
    # A range: the expected figures, and every call running to max_tokens.
    assert est.max_tokens >= 1200 and est.worst_output_tokens == est.max_calls * est.max_tokens
    assert est.worst_cost is not None and est.worst_cost > est.cost
    assert f"(all {est.max_calls} calls, each writing max_tokens={est.max_tokens:,})" in text
    assert "(worst case)" in text
    assert llm_server.requests == []
    gen.generate_knowledge(make_plan(10))
    # The generation replies are cached now; the review calls are still estimated.
    again = generator(llm_server, tmp_path).dry_run_knowledge(make_plan(10))
    assert again.cached == 10 and again.calls == 20
    unknown = generator(llm_server, tmp_path, settings={"model": "house"}).dry_run_knowledge(
        make_plan(2)
    )
    assert unknown.cost is None and "--price house=IN/OUT" in unknown.render()


def test_manifest_records_model_seed_prompt_inputs_counts_usage(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    src = tmp_path / "policy.txt"
    src.write_text("placeholder for hashing", encoding="utf-8")
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(2, seed=9)
    )
    manifest = json.loads(Path(result.usage["manifest_path"]).read_text(encoding="utf-8"))
    assert manifest["model"] == "gpt-4o-mini" and manifest["seed"] == 9
    assert manifest["prompt_version"].startswith("llm-")
    assert (
        manifest["inputs"][0]["path"] == "policy.txt" and len(manifest["inputs"][0]["sha256"]) == 64
    )
    assert manifest["counts"]["produced"] == 2 and manifest["usage"]["calls"] == 6
    assert {k: v["calls"] for k, v in manifest["usage"]["calls_by_kind"].items()} == {
        "generate": 2,
        "repair": 0,
        "critic": 2,
        "judge": 2,
    }
    assert manifest["review"]["candidates"] == 3 and manifest["review"]["judge"] is True
    assert manifest["review"]["temperatures"] == {"generate": 0.8, "critic": 0.0, "judge": 0.0}
    assert manifest["usage"]["input_tokens"] > 0
    assert_no_key_written(tmp_path)


def test_empty_plan_is_a_clear_error(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    with pytest.raises(DatasetkitError):
        generator(llm_server, tmp_path).generate_knowledge(Plan(slots=[], seed=1))


def test_rejected_request_parameters_are_adjusted_not_fatal(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    # A reasoning-style model: no max_tokens (wants max_completion_tokens), no temperature.
    llm_server.mode |= {"no_max_tokens", "no_temperature", "no_schema"}
    result = generator(llm_server, tmp_path, question_types=["lookup"]).generate_knowledge(
        make_plan(3)
    )
    assert len(result.cases) == 3 and not result.usage["stopped"]
    assert set(result.usage["adjusted_parameters"]) == {
        "max_tokens",
        "temperature",
        "response_format",
    }
    last = llm_server.chat_requests()[-1]["body"]
    assert (
        "max_completion_tokens" in last and "temperature" not in last and "max_tokens" not in last
    )


def test_a_fresh_run_keeps_the_earlier_journal(llm_server: FakeLLMServer, tmp_path: Path) -> None:
    plan = make_plan(2)
    first = generator(llm_server, tmp_path, settings={"no_cache": True}).generate_knowledge(plan)
    second = generator(llm_server, tmp_path, settings={"no_cache": True}).generate_knowledge(plan)
    assert any("kept as" in n for n in second.usage["notes"])
    kept = list(Path(first.usage["journal"]).parent.glob("*.jsonl.bak.*"))
    assert len(kept) == 1 and '"t":"response"' in kept[0].read_text(encoding="utf-8")
    none = generator(llm_server, tmp_path / "n", resume=True).generate_knowledge(plan)
    assert any("no journal" in n for n in none.usage["notes"])


def test_a_retry_after_of_hours_is_a_resumable_quota_stop(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    llm_server.script("429:7200")
    result = generator(
        llm_server, tmp_path, settings={"concurrency": 1}, question_types=["lookup"]
    ).generate_knowledge(make_plan(2))
    assert "7200s" in result.usage["stopped"] and "--resume" in result.usage["stopped"]


def test_transient_faults_under_concurrency_change_nothing_in_the_result(
    llm_server: FakeLLMServer, tmp_path: Path
) -> None:
    import random

    from tests.helpers.llm_helpers import synthetic_chunks

    plan = make_plan(16, seed=5, chunks=synthetic_chunks(16))
    clean = generator(llm_server, tmp_path / "clean", question_types=["lookup"]).generate_knowledge(
        plan
    )
    rng = random.Random(99)
    faults = [rng.choice(["429:0.02", "500", "503", "slow:0.05", "ok"]) for _ in range(14)]
    llm_server.script(*faults[:5], "timeout:1.4", *faults[5:])
    faulty = generator(
        llm_server, tmp_path / "faulty", settings={"max_retries": 8}, question_types=["lookup"]
    ).generate_knowledge(plan)
    assert [gc.case.id for gc in faulty.cases] == [gc.case.id for gc in clean.cases]
    assert len(faulty.cases) == 16 and faulty.usage["http"]["retries"] > 0
