"""Writing Copilot Studio test sets: layouts, limits, splitting, the setup sidecar, loss."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from datasetkit.convert.readwrite import read_dataset, write_dataset
from datasetkit.core.findings import DatasetkitError, Severity
from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.formats import WriteOptions
from datasetkit.formats.copilot_studio import read_sidecar

CS = "copilot-studio"
CONV = "copilot-studio-conversation"


def opts(**extra) -> WriteOptions:
    return WriteOptions(extra=extra)


def single(prompt: str, expected: str | None = None, **turn) -> Case:
    return Case(turns=[Turn(prompt=prompt, expected_response=expected, **turn)])


def lost_fields(findings, fmt=CS):
    """Field -> count of the loss findings (what the target cannot carry)."""
    return {f.data["field"]: f.data["count"] for f in findings if f.code.startswith(f"{fmt}.loss.")}


def by_code(findings):
    out: dict[str, list] = {}
    for f in findings:
        out.setdefault(f.code, []).append(f)
    return out


# --- byte-exact round trips of real files


ROUND_TRIPS = [
    ("mcs-labs__EvaluationAlwaysFail.csv", CS, {"template": "current", "comments": True}),
    ("mcs-labs__EvaluationAlwaysFail.2026-02-09.csv", CS, {"template": "g2", "comments": True}),
    ("copilotstudiosamples__RAI-HR.csv", CS, {"template": "ess", "bom": True, "newline": "crlf"}),
    (
        "copilotstudiosamples__GeneralKnowledge-IT.csv",
        CS,
        {"template": "ess", "bom": True, "newline": "crlf"},
    ),
    ("copilot-studio-agents__northwind-test-set.v1.csv", CS, {"quoting": "minimal"}),
]


@pytest.mark.parametrize(("name", "fmt", "extra"), ROUND_TRIPS, ids=[r[0] for r in ROUND_TRIPS])
def test_copilot_studio_csv_round_trips_byte_for_byte(corpus, tmp_path, name, fmt, extra):
    src = corpus / "copilot-studio" / name
    result = read_dataset(str(src))
    written = write_dataset(result.dataset, tmp_path / name, to=fmt, options=opts(**extra))
    assert written.findings == []
    assert written.paths[0].read_bytes() == src.read_bytes()


def test_conversation_template_round_trips_to_the_same_bytes(corpus, tmp_path):
    src = corpus / "copilot-studio/ess-dev-kit__EvalConversationTemplate.csv"
    ds = read_dataset(str(src)).dataset
    out = write_dataset(ds, tmp_path / "conv.csv", to=CONV, options=opts(comments=True, bom=True))
    # The template ships without a final newline; the writer always ends the last line.
    assert out.paths[0].read_bytes() == src.read_bytes() + b"\n"


def test_every_readable_corpus_set_reproduces_its_data(corpus, tmp_path):
    for src in sorted((corpus / "copilot-studio").glob("*")):
        if src.suffix not in (".csv", ".txt"):
            continue
        first = read_dataset(str(src))
        if first.format not in (CS, CONV):
            continue
        dest = tmp_path / (src.stem + ".csv")
        write_dataset(first.dataset, dest, to=first.format)
        again = read_dataset(str(dest), first.format).dataset

        def view(ds):
            return [
                (
                    c.kind,
                    [(t.prompt, t.expected_response, t.evaluators) for t in c.turns],
                    (c.extensions or {}).get("copilot_studio", {}).get("methods"),
                )
                for c in ds.cases
            ]

        assert view(again) == view(first.dataset), src.name


# --- layouts and options


def test_default_layout_is_the_documented_question_expected_response(tmp_path):
    ds = Dataset(cases=[single("What is X?", "X is, well, X."), single('Say "hi"')])
    out = write_dataset(ds, tmp_path / "set.csv", to=CS)
    assert out.paths[0].read_text(encoding="utf-8") == (
        '"Question","Expected response"\n"What is X?","X is, well, X."\n"Say ""hi""",\n'
    )
    assert out.paths[1].name == "set.setup.md"


def test_bom_and_crlf_options(tmp_path):
    out = write_dataset(
        Dataset(cases=[single("Q")]),
        tmp_path / "b.csv",
        to=CS,
        options=opts(bom="true", newline="crlf", sidecar=False),
    )
    assert out.paths == [tmp_path / "b.csv"]
    assert out.paths[0].read_bytes() == b'\xef\xbb\xbf"Question","Expected response"\r\n"Q",\r\n'


def test_bad_options_are_usage_errors(tmp_path):
    ds = Dataset(cases=[single("Q")])
    for extra, needle in [
        ({"template": "fancy"}, "unknown Copilot Studio template"),
        ({"template": "docs", "comments": True}, "template=current"),
        ({"template": "conversation"}, CONV),
        ({"truncate": 5000}, "1..1000"),
        ({"newline": "cr"}, "lf or crlf"),
        ({"bom": "maybe"}, "true or false"),
    ]:
        with pytest.raises(DatasetkitError, match=needle):
            write_dataset(ds, tmp_path / "x.csv", to=CS, options=opts(**extra))
    assert not (tmp_path / "x.csv").exists()


# --- limits


def test_more_than_100_cases_split_into_numbered_files_each_with_a_sidecar(tmp_path):
    ds = Dataset(cases=[single(f"Question {i}?", f"Answer {i}") for i in range(250)])
    out = write_dataset(ds, tmp_path / "big.csv", to=CS)
    names = [p.name for p in out.paths]
    assert names == [
        "big-1.csv",
        "big-1.setup.md",
        "big-2.csv",
        "big-2.setup.md",
        "big-3.csv",
        "big-3.setup.md",
    ]
    counts = [
        len(read_dataset(str(tmp_path / n), CS).dataset.cases) for n in names if n.endswith(".csv")
    ]
    assert counts == [100, 100, 50]
    assert (
        read_dataset(str(tmp_path / "big-3.csv"), CS).dataset.cases[0].first_prompt
        == "Question 200?"
    )
    assert "part 3 of 3" in (tmp_path / "big-3.setup.md").read_text(encoding="utf-8")


def test_long_questions_warn_over_500_and_are_left_out_over_1000(tmp_path):
    ds = Dataset(cases=[single("a" * 600), single("b" * 1001), single("c" * 1200)])
    out = write_dataset(ds, tmp_path / "long.csv", to=CS)
    assert [p.name for p in out.paths] == ["long.csv", "long.setup.md"]
    assert [c.first_prompt for c in read_dataset(str(out.paths[0])).dataset.cases] == ["a" * 600]
    (warn,) = by_code(out.findings)["copilot-studio.write.question-length"]
    assert (warn.severity, warn.location.pointer) == (Severity.WARNING, "/cases/0")
    (left,) = by_code(out.findings)["copilot-studio.loss.question-length"]
    assert left.severity == Severity.WARNING and left.data["count"] == 2
    assert "--truncate" in left.hint
    # Nothing left to write: an error that says why, and no file.
    out = write_dataset(Dataset(cases=[single("b" * 1001)]), tmp_path / "none.csv", to=CS)
    assert out.paths == [] and not (tmp_path / "none.csv").exists()
    (err,) = out.findings
    assert err.severity == Severity.ERROR and "no case is left" in err.message


def test_truncate_cuts_with_one_finding_per_cut(tmp_path):
    ds = Dataset(cases=[single("a" * 1200), single("short"), single("c" * 1500)])
    out = write_dataset(ds, tmp_path / "t.csv", to=CS, options=opts(truncate=True))
    cuts = by_code(out.findings)["copilot-studio.write.truncated"]
    assert [f.data["length"] for f in cuts] == [1200, 1500]
    written = read_dataset(str(out.paths[0]), CS).dataset
    assert [len(c.first_prompt) for c in written.cases] == [1000, 5, 1000]
    out = write_dataset(ds, tmp_path / "t500.csv", to=CS, options=opts(truncate="500"))
    assert {len(c.first_prompt) for c in read_dataset(str(out.paths[0]), CS).dataset.cases} == {
        500,
        5,
    }


def test_conversation_and_seed_cases_are_left_out_of_a_single_response_set(tmp_path):
    conv = Case(kind="conversation", turns=[Turn(prompt="a"), Turn(prompt="b")])
    seed = Case(kind="seed")
    cases = [single("ok"), conv, seed, conv, Case(), single("  ")]
    out = write_dataset(Dataset(cases=cases), tmp_path / "x.csv", to=CS)
    assert [c.first_prompt for c in read_dataset(str(out.paths[0])).dataset.cases] == ["ok"]
    got = by_code(out.findings)
    assert all(f.severity == Severity.WARNING for f in out.findings)
    (multi,) = got["copilot-studio.loss.conversation"]
    assert multi.data == {"field": "conversation", "count": 2, "first": "/cases/1"}
    assert multi.message.startswith("2 multi-turn cases left out") and CONV in multi.hint
    assert "--to foundry" in got["copilot-studio.loss.seed"][0].hint
    assert "seed" in got["copilot-studio.loss.seed"][0].message
    # A case with no turns is not a seed: the reader found no question column.
    (none,) = got["copilot-studio.loss.no-question"]
    assert "1 case with no question" in none.message and "--map prompt=" in none.hint
    assert got["copilot-studio.loss.empty-question"][0].data["count"] == 1


def test_only_conversations_and_seeds_write_nothing_and_say_why(tmp_path):
    conv = Case(kind="conversation", turns=[Turn(prompt="a"), Turn(prompt="b")])
    out = write_dataset(Dataset(cases=[conv, Case(kind="seed")]), tmp_path / "x.csv", to=CS)
    assert out.paths == [] and list(tmp_path.iterdir()) == []
    assert {(f.code, f.severity) for f in out.findings} == {
        ("copilot-studio.loss.conversation", Severity.ERROR),
        ("copilot-studio.loss.seed", Severity.ERROR),
    }
    assert all("no case is left to write" in f.message and f.hint for f in out.findings)


def test_empty_dataset_is_not_written(tmp_path):
    for fmt in (CS, CONV):
        out = write_dataset(Dataset(), tmp_path / "e.csv", to=fmt)
        assert out.paths == [] and out.findings[0].code == f"{fmt}.write.no-cases"
    assert list(tmp_path.iterdir()) == []


def test_question_starting_with_hash_is_warned_about(tmp_path):
    out = write_dataset(Dataset(cases=[single("#1 priority?")]), tmp_path / "h.csv", to=CS)
    assert "copilot-studio.write.comment-question" in by_code(out.findings)


# --- loss and the M365 evaluator mapping


def test_loss_is_reported_per_field_with_counts(tmp_path):
    cases = [
        single("q1", "e1", context="ctx", response="agent said"),
        single("q2", context="ctx2", allowed_tools=["search"]),
        Case(
            turns=[Turn(prompt="q3")],
            messages=[{"role": "user", "content": "q3"}],
            extensions={"other": {"x": 1}},
        ),
    ]
    out = write_dataset(Dataset(cases=cases), tmp_path / "l.csv", to=CS)
    assert "--to foundry" in by_code(out.findings)["copilot-studio.loss.context"][0].hint
    assert lost_fields(out.findings) == {
        "context": 2,
        "agent response": 1,
        "allowed tools": 1,
        "messages (system prompts, tool calls)": 1,
    }
    assert out.paths  # loss is a warning: the file is still written


def test_extensions_and_turn_extras_ride_in_the_sidecar(tmp_path):
    carry = {"v": 1, "extra": {"m365": {"testId": "T9"}}}
    cases = [
        Case(
            turns=[Turn(prompt="q1", extensions={"owner": "ana"}, extra={"Source": "wiki"})],
            extensions={"datasetkit": carry},
        ),
        Case(
            kind="conversation",
            extra={"Suite": "smoke"},
            turns=[Turn(prompt="a", extra={"Order": "1"}), Turn(prompt="b", extra={"Order": "2"})],
        ),
    ]
    out = write_dataset(
        Dataset(cases=cases[:1]), tmp_path / "s.csv", to=CS, options=WriteOptions(strict=True)
    )
    assert out.findings == []
    back = read_dataset(str(tmp_path / "s.csv")).dataset.cases[0]
    assert back.extensions == {"datasetkit": carry}
    assert (back.turns[0].extensions, back.turns[0].extra) == ({"owner": "ana"}, {"Source": "wiki"})
    out = write_dataset(
        Dataset(cases=cases[1:]), tmp_path / "c.csv", to=CONV, options=WriteOptions(strict=True)
    )
    assert out.findings == []
    back = read_dataset(str(tmp_path / "c.csv")).dataset.cases[0]
    assert back.extra == {"Suite": "smoke"}
    assert [t.extra for t in back.turns] == [{"Order": "1"}, {"Order": "2"}]


def test_document_fields_ride_in_the_sidecar_or_are_reported(tmp_path):
    ds = Dataset(schema_version="1.6.0", metadata={"name": "HR evals"}, cases=[single("q")])
    assert write_dataset(ds, tmp_path / "d.csv", to=CS, options=WriteOptions(strict=True)).paths
    back = read_dataset(str(tmp_path / "d.csv")).dataset
    assert (back.schema_version, back.metadata) == ("1.6.0", {"name": "HR evals"})
    out = write_dataset(ds, tmp_path / "e.csv", to=CS, options=opts(sidecar=False))
    assert set(lost_fields(out.findings)) == {"document schema version", "document metadata"}


def test_template_option_carries_modifiers_for_the_command_line(corpus, tmp_path):
    src = corpus / "copilot-studio/mcs-labs__EvaluationAlwaysFail.csv"
    ds = read_dataset(str(src)).dataset
    # The CLI passes bom=False and truncate=False whatever was typed; the spec wins.
    out = write_dataset(
        ds,
        tmp_path / "t.csv",
        to=CS,
        options=opts(template="current,comments", bom=False, truncate=False),
    )
    assert out.paths[0].read_bytes() == src.read_bytes()
    out = write_dataset(
        ds, tmp_path / "u.csv", to=CS, options=opts(template="docs,crlf,bom,no-sidecar")
    )
    assert [p.name for p in out.paths] == ["u.csv"]
    assert out.paths[0].read_bytes().startswith(b'\xef\xbb\xbf"Question","Expected response"\r\n')
    out = write_dataset(
        Dataset(cases=[conv(7)]),
        tmp_path / "v.csv",
        to=CONV,
        options=opts(template="limits=template-2026-05,comments"),
    )
    assert out.paths and out.paths[0].read_text(encoding="utf-8").startswith(
        '"# Import conversations'
    )
    with pytest.raises(DatasetkitError, match="unknown Copilot Studio template or option 'shiny'"):
        write_dataset(ds, tmp_path / "w.csv", to=CS, options=opts(template="current,shiny"))


def test_strict_mode_turns_loss_into_failure(tmp_path):
    out = write_dataset(
        Dataset(cases=[single("q", context="c")]),
        tmp_path / "s.csv",
        to=CS,
        options=WriteOptions(strict=True),
    )
    assert out.paths == [] and all(f.severity == Severity.ERROR for f in out.findings)


def test_m365_evaluators_become_test_methods_in_the_sidecar(tmp_path):
    ds = Dataset(
        default_evaluators={"Relevance": {}, "Coherence": {}},
        cases=[
            single(
                "q1", "e1", evaluators={"Similarity": {"threshold": 3.8}}, evaluators_mode="replace"
            ),
            single("q2", "e2", evaluators={"Citations": {"citation_format": "mixed"}}),
            single(
                "q3",
                "e3",
                evaluators={"ExactMatch": {"case_sensitive": False}},
                evaluators_mode="replace",
            ),
            single("q4"),
        ],
    )
    out = write_dataset(ds, tmp_path / "m.csv", to=CS)
    found = by_code(out.findings)
    unmapped = found["copilot-studio.write.evaluator-unmapped"]
    assert [(f.data["evaluator"], f.data["count"]) for f in unmapped] == [("Citations", 1)]
    assert found["copilot-studio.write.evaluator-changed"][0].data["evaluator"] == "ExactMatch"
    data, _ = read_sidecar(tmp_path / "m.setup.md")
    methods = [c.get("methods") for c in data["cases"]]
    assert methods == [
        [{"type": "CompareMeaning", "passing_score": 70}],
        [{"type": "GeneralQuality"}],  # extend: the defaults plus Citations (not carried)
        [{"type": "ExactMatch"}],
        [{"type": "GeneralQuality"}],
    ]
    guide = (tmp_path / "m.setup.md").read_text(encoding="utf-8")
    assert "| Compare meaning | 70 | 1 |" in guide
    assert "| General quality | — | 2, 4 |" in guide


def test_sidecar_restores_methods_ids_and_extra_columns(corpus, tmp_path):
    src = corpus / "copilot-studio/copilotstudiosamples__SpecificKnowledge-HR.templated.csv"
    ds = read_dataset(str(src)).dataset
    ds.cases[0].id = "HR-001"
    ds.cases[0].category = "Promotions"
    ds.cases[0].extensions["copilot_studio"]["keywords"] = ["promotion", "cycle"]
    out = write_dataset(ds, tmp_path / "hr.csv", to=CS)
    assert out.findings == []
    assert (tmp_path / "hr.csv").read_text(encoding="utf-8").splitlines()[
        0
    ] == '"Question","Expected response"'
    back = read_dataset(str(tmp_path / "hr.csv"))
    assert "copilot-studio.sidecar.read" in [f.code for f in back.findings]
    first = back.dataset.cases[0]
    assert (first.id, first.category) == ("HR-001", "Promotions")
    assert first.extensions["copilot_studio"] == {
        "methods": [{"type": "CompareMeaning", "passing_score": 70}],
        "keywords": ["promotion", "cycle"],
    }
    assert first.turns[0].evaluators == {"Similarity": {"threshold": 3.8}}
    assert (
        first.turns[0].extra["Sub-area  (delete before testing)"]
        == "Determining impact and eligibility"
    )
    guide = (tmp_path / "hr.setup.md").read_text(encoding="utf-8")
    assert "| Keywords |" in guide and "promotion, cycle" in guide and "HR-001" in guide


def test_stale_sidecar_is_reported_not_misapplied(tmp_path):
    write_dataset(
        Dataset(cases=[single("old question", extensions=None)]), tmp_path / "s.csv", to=CS
    )
    ds = Dataset(
        cases=[
            Case(
                turns=[Turn(prompt="old question")],
                extensions={"copilot_studio": {"methods": [{"type": "ExactMatch"}]}},
            )
        ]
    )
    write_dataset(ds, tmp_path / "s.csv", to=CS)
    (tmp_path / "s.csv").write_text(
        '"Question","Expected response"\n"new question",\n', encoding="utf-8"
    )
    r = read_dataset(str(tmp_path / "s.csv"), CS)
    assert r.dataset.cases[0].extensions is None
    assert "copilot-studio.sidecar.mismatch" in [f.code for f in r.findings]


def test_without_sidecar_methods_are_reported_lost(corpus, tmp_path):
    ds = read_dataset(str(corpus / "copilot-studio/ess-dev-kit__Workday.csv")).dataset
    out = write_dataset(ds, tmp_path / "w.csv", to=CS, options=opts(sidecar=False))
    assert [p.name for p in out.paths] == ["w.csv"]
    assert lost_fields(out.findings) == {"test methods and passing scores": 21}


# --- conversation writer


def conv(n_turns: int, tag: str = "c") -> Case:
    return Case(
        kind="conversation",
        turns=[
            Turn(prompt=f"{tag} q{i}", expected_response=f"{tag} r{i}" if i % 2 else None)
            for i in range(n_turns)
        ],
    )


def test_conversation_writer_numbers_from_one_and_writes_reference_replies(tmp_path):
    out = write_dataset(Dataset(cases=[conv(2, "a"), single("b q0")]), tmp_path / "c.csv", to=CONV)
    assert out.paths[0].read_text(encoding="utf-8") == (
        '"conversationNumber","question","response"\n"1","a q0",\n"1","a q1","a r1"\n"2","b q0",\n'
    )


def test_conversations_split_at_20_by_default_and_50_with_the_template_limits(tmp_path):
    ds = Dataset(cases=[conv(1, f"c{i}") for i in range(45)])
    out = write_dataset(ds, tmp_path / "c.csv", to=CONV)
    assert [p.name for p in out.paths if p.suffix == ".csv"] == ["c-1.csv", "c-2.csv", "c-3.csv"]
    out = write_dataset(ds, tmp_path / "d.csv", to=CONV, options=opts(limits="template-2026-05"))
    assert [p.name for p in out.paths if p.suffix == ".csv"] == ["d.csv"]


def test_conversations_over_the_pair_limit_are_left_out_not_fatal(tmp_path):
    ds = Dataset(cases=[conv(2, "a"), conv(7, "b"), conv(9, "c"), conv(6, "d")])
    out = write_dataset(ds, tmp_path / "p.csv", to=CONV)
    back = read_dataset(str(out.paths[0])).dataset.cases
    assert [len(c.turns) for c in back] == [2, 6]
    (f,) = by_code(out.findings)["copilot-studio-conversation.loss.turns"]
    assert (f.severity, f.data["count"]) == (Severity.WARNING, 2)
    assert "more than 6 question-answer pairs" in f.message
    assert "limits=template-2026-05" in f.hint and "split longer ones" in f.hint
    # The May 2026 template's limits keep the 7-pair one; nothing keeps the 9-pair one.
    out = write_dataset(ds, tmp_path / "q.csv", to=CONV, options=opts(limits="template-2026-05"))
    assert [len(c.turns) for c in read_dataset(str(out.paths[0])).dataset.cases] == [2, 7, 6]
    (f,) = by_code(out.findings)["copilot-studio-conversation.loss.turns"]
    assert f.data["count"] == 1 and "split" in f.hint and "limits=" not in f.hint
    out = write_dataset(Dataset(cases=[conv(9)]), tmp_path / "r.csv", to=CONV)
    assert out.paths == [] and out.findings[0].severity == Severity.ERROR


def test_conversation_questions_over_500_are_left_out_unless_truncated(tmp_path):
    long_one = Case(kind="conversation", turns=[Turn(prompt="ok"), Turn(prompt="x" * 501)])
    ds = Dataset(cases=[long_one, conv(2)])
    out = write_dataset(ds, tmp_path / "l.csv", to=CONV)
    assert [c.first_prompt for c in read_dataset(str(out.paths[0])).dataset.cases] == ["c q0"]
    (f,) = by_code(out.findings)["copilot-studio-conversation.loss.question-length"]
    assert "1 conversation with a question over 500" in f.message and "--truncate" in f.hint
    out = write_dataset(ds, tmp_path / "m.csv", to=CONV, options=opts(truncate=True))
    turns = read_dataset(str(out.paths[0])).dataset.cases[0].turns
    assert [len(t.prompt) for t in turns] == [2, 500]


def test_single_cases_are_one_pair_conversations_and_seeds_are_left_out(tmp_path):
    ds = Dataset(cases=[single("alone", "reply"), Case(kind="seed"), Case(), conv(2)])
    out = write_dataset(ds, tmp_path / "s.csv", to=CONV)
    back = read_dataset(str(out.paths[0])).dataset.cases
    assert [[t.prompt for t in c.turns] for c in back] == [["alone"], ["c q0", "c q1"]]
    assert lost_fields(out.findings, CONV) == {"seed": 1, "no-question": 1}


def test_single_response_only_methods_are_flagged_for_conversations(tmp_path):
    case = conv(1)
    case.extensions = {
        "copilot_studio": {"methods": [{"type": "CompareMeaning", "passing_score": 70}]}
    }
    out = write_dataset(Dataset(cases=[case]), tmp_path / "m.csv", to=CONV)
    assert by_code(out.findings)["copilot-studio-conversation.write.method-unavailable"][
        0
    ].data == {"method": "CompareMeaning", "count": 1}


def test_failed_write_leaves_an_existing_file_untouched(tmp_path, corpus):
    target = tmp_path / "keep.csv"
    shutil.copy(corpus / "copilot-studio/copilot-studio-eval-framework__smoke.csv", target)
    before = target.read_bytes()
    out = write_dataset(Dataset(cases=[single("z" * 2000)]), target, to=CS)
    assert out.paths == [] and target.read_bytes() == before
    assert not list(Path(tmp_path).glob(".datasetkit-*"))


def test_convert_reports_every_split_file_and_a_note_with_the_sizes(tmp_path):
    from datasetkit.convert.entry import convert

    src = tmp_path / "in.jsonl"
    src.write_text("".join(f'{{"query": "q{i}?"}}\n' for i in range(130)), encoding="utf-8")
    res = convert(
        [str(src)],
        str(tmp_path / "out" / "x.csv"),
        target=CS,
        write_options=WriteOptions(strict=True),
        make_parents=True,
    )
    assert [p.name for p in res.paths] == ["x-1.csv", "x-1.setup.md", "x-2.csv", "x-2.setup.md"]
    assert all(p.is_file() for p in res.paths) and not (tmp_path / "out" / "x.csv").exists()
    (note,) = [f for f in res.loss if f.code == "copilot-studio.write.split"]
    assert note.severity == Severity.INFO and note.data["sizes"] == [100, 30]
    assert res.errors == []  # a split loses nothing, so --strict still writes


# --- extra columns in the sidecar


def test_extra_columns_are_listed_per_case_and_read_back_unchanged(tmp_path):
    cases = [
        Case(
            turns=[Turn(prompt="q1", expected_response="e1")],
            extra={"Owner": "ana", "Status": "ok"},
        ),
        Case(turns=[Turn(prompt="q2")], extra={"gt": ["a", "b"], "pii": False, "Owner": "bo"}),
        Case(turns=[Turn(prompt="q3")]),
    ]
    out = write_dataset(Dataset(cases=cases), tmp_path / "x.csv", to=CS)
    guide = (tmp_path / "x.setup.md").read_text(encoding="utf-8")
    assert "| # | Question | Test methods | Owner | Status | gt | pii |" in guide
    assert "| 1 | q1 | default | ana | ok |  |  |" in guide
    assert '| 2 | q2 | default | bo |  | ["a", "b"] | false |' in guide
    back = read_dataset(str(out.paths[0])).dataset.cases
    assert [c.extra for c in back] == [c.extra for c in cases]
    assert [c.turns[0].extra for c in back] == [{}, {}, {}]  # no new keys anywhere


def test_turn_extra_columns_of_conversations_are_listed_and_read_back(tmp_path):
    case = Case(
        kind="conversation",
        extra={"Suite": "smoke"},
        turns=[
            Turn(prompt="a", extra={"source": "wiki"}),
            Turn(prompt="b", extra={"source": "kb"}),
        ],
    )
    out = write_dataset(Dataset(cases=[case, conv(2)]), tmp_path / "c.csv", to=CONV)
    guide = (tmp_path / "c.setup.md").read_text(encoding="utf-8")
    assert "| # | Question | Test methods | Suite | source |" in guide
    assert "| 1 | a (2 turns) | default | smoke | 1: wiki; 2: kb |" in guide
    back = read_dataset(str(out.paths[0])).dataset.cases
    assert [c.extra for c in back] == [{"Suite": "smoke"}, {}]
    assert [[t.extra for t in c.turns] for c in back] == [
        [{"source": "wiki"}, {"source": "kb"}],
        [{}, {}],
    ]


def test_spreadsheet_columns_survive_the_command_line_trip(cli, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Question", "Expected answer", "Owner", "Status"])
    ws.append(["How do I reset it?", "Use the portal", "ana", "draft"])
    ws.append(["Where is HR?", "Building 2", "bo", "final"])
    wb.save(tmp_path / "s.xlsx")
    res = cli("convert", str(tmp_path / "s.xlsx"), "-o", str(tmp_path / "s.csv"), "--to", CS)
    assert res.exit_code == 0, res.stderr
    first = read_dataset(str(tmp_path / "s.xlsx")).dataset.cases
    back = read_dataset(str(tmp_path / "s.csv")).dataset.cases
    # Wherever the sheet reader puts its columns (case or turn), they come back there.
    assert [(c.extra, [t.extra for t in c.turns]) for c in back] == [
        (c.extra, [t.extra for t in c.turns]) for c in first
    ]
    assert "| ana | draft |" in (tmp_path / "s.setup.md").read_text(encoding="utf-8")
