"""Round trips: M365 -> Foundry -> M365 and Foundry -> M365 -> Foundry keep the information.

Properties (hypothesis) over generated datasets, and the same over every corpus file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from datasetkit.convert.entry import convert
from datasetkit.convert.readwrite import read_dataset, write_dataset
from datasetkit.core.findings import Severity
from datasetkit.core.model import Case, Dataset, Message, Seed, Turn
from datasetkit.core.roles import MISSING_TEXT
from tests.conftest import CORPUS, corpus_files


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests write hundreds of files; durability is tested with the io module, not here."""
    monkeypatch.setattr("datasetkit.io.files.os.fsync", lambda fd: None)


FOUNDRY = CORPUS / "foundry"
M365 = CORPUS / "m365"

# The texts pandas writes for a missing cell ("nan", "NaN", ...) read back as no value by
# design (told with a warning; tests/formats/test_records.py), so a round trip of them is
# not expected to keep them.
text = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    min_size=1,
    max_size=20,
).filter(lambda t: t.strip() not in MISSING_TEXT)
maybe = lambda s: st.none() | s  # noqa: E731
_threshold = st.fixed_dictionaries({}, optional={"threshold": st.integers(1, 5)})
evaluators = st.fixed_dictionaries(
    {},
    optional={
        "Relevance": _threshold,
        "Coherence": _threshold,
        "MyJudge": _threshold,
        "ExactMatch": st.fixed_dictionaries({}, optional={"case_sensitive": st.booleans()}),
    },
)
tags = st.lists(text, max_size=2)
extensions = st.dictionaries(
    st.sampled_from(["com.contoso.owner", "org.example.area"]), text, max_size=2
)


@st.composite
def m365_turn(draw: Any, single: bool) -> Turn:
    return Turn(
        prompt=draw(text),
        expected_response=draw(maybe(text)),
        context=draw(maybe(text)),
        response=draw(maybe(text)),
        evaluators=draw(maybe(evaluators)),
        evaluators_mode=draw(maybe(st.sampled_from(["extend", "replace"]))),
        tags=draw(maybe(tags)) if not single else None,
        extensions=draw(maybe(extensions)),
    )


@st.composite
def m365_case(draw: Any) -> Case:
    if draw(st.booleans()):
        turn = draw(m365_turn(single=True))
        t = draw(maybe(tags))
        turn.tags = t
        return Case(kind="single", turns=[turn], tags=t)
    return Case(
        kind="conversation",
        name=draw(maybe(text)),
        description=draw(maybe(text)),
        tags=draw(maybe(tags)),
        conversation_id=draw(maybe(text)),
        extensions=draw(maybe(extensions)),
        turns=draw(st.lists(m365_turn(single=False), min_size=1, max_size=4)),
    )


m365_dataset = st.builds(
    Dataset,
    schema_version=st.just("1.11.0"),
    metadata=maybe(st.fixed_dictionaries({"name": text})),
    default_evaluators=maybe(evaluators),
    cases=st.lists(m365_case(), min_size=1, max_size=4),
)


def _info(ds: Dataset) -> dict[str, Any]:
    """The information of a dataset (what a round trip must keep)."""
    from datasetkit.formats.foundry import messages_from_turns

    out = ds.model_dump(mode="json", exclude={"cases"})
    out["cases"] = [c.model_dump(mode="json") for c in ds.cases]
    for case, c in zip(ds.cases, out["cases"], strict=True):
        # Messages that merely spell out the turns hold no more information than the turns.
        if case.messages is not None:
            generated = [m.model_dump(mode="json") for m in messages_from_turns(case.turns)[0]]
            if c["messages"] == generated:
                c["messages"] = None
        for h in [c, *c["turns"]]:
            if h.get("extensions") is None:
                continue
            ext = dict(h["extensions"])
            # Layout facts of the file the case was last read from.
            empty = bool(ext.pop("datasetkit", {}).get("keep_empty")) or h["extensions"] == {}
            # M365 keeps id/category/notes in extensions: the same facts as the case's fields.
            for key, attr in (
                ("id", "id"),
                ("testId", "id"),
                ("category", "category"),
                ("notes", "notes"),
            ):
                if key in ext and ext[key] == c[attr]:
                    del ext[key]
                    empty = False
            h["extensions"] = ext if (ext or empty) else None
    return out


SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(m365_dataset, st.sampled_from(["auto", "messages", "query-response"]))
def test_canonical_to_foundry_to_canonical_keeps_m365_fields(ds: Dataset, style: str) -> None:
    from datasetkit.formats import WriteOptions

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "d.jsonl"
        written = write_dataset(ds, out, options=WriteOptions(extra={"jsonl_style": style}))
        assert written.paths, written.findings
        assert not written.findings
        back = read_dataset(str(out))
        assert not [f for f in back.findings if f.severity == Severity.ERROR]
        assert _info(back.dataset) == _info(ds)


@SETTINGS
@given(m365_dataset)
def test_m365_to_foundry_to_m365(ds: Dataset) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        first = Path(tmp) / "a.json"
        assert write_dataset(ds, first).paths
        original = read_dataset(str(first)).dataset
        mid = convert([str(first)], str(Path(tmp) / "b.jsonl"))
        assert mid.paths and not mid.loss
        final = convert([str(mid.paths[0])], str(Path(tmp) / "c.json"))
        assert final.paths, final.errors
        # Byte for byte: the M365 document comes back as it was.
        assert final.paths[0].read_bytes() == first.read_bytes()
        assert _info(read_dataset(str(final.paths[0])).dataset) == _info(original)


call_id = st.text("abc123", min_size=1, max_size=6)


@st.composite
def foundry_row_case(draw: Any) -> Case:
    """A Foundry case: messages with tool calls, tool definitions, ids and extra columns."""
    if draw(st.integers(0, 4)) == 0:
        return Case(
            kind="seed",
            id=draw(maybe(text)),
            category=draw(maybe(text)),
            seed=Seed(
                description=draw(text.filter(str.strip)),
                desired_num_turns=draw(maybe(st.integers(1, 9))),
            ),
            extra=draw(st.dictionaries(st.sampled_from(["owner", "lang"]), text, max_size=2)),
        )
    msgs: list[Message] = []
    if draw(st.booleans()):
        msgs.append(Message(role="system", content=draw(text)))
    for _ in range(draw(st.integers(1, 3))):
        msgs.append(
            Message(
                role="user",
                content=draw(st.one_of(text, text.map(lambda t: [{"type": "text", "text": t}]))),
            )
        )
        if draw(st.booleans()):
            cid = draw(call_id)
            msgs.append(
                Message(
                    role="assistant",
                    content=[
                        {
                            "type": "tool_call",
                            "tool_call_id": cid,
                            "name": "lookup",
                            "arguments": {"q": draw(text)},
                        }
                    ],
                )
            )
            msgs.append(
                Message.model_validate(
                    {
                        "role": "tool",
                        "tool_call_id": cid,
                        "content": [
                            {
                                "type": "tool_result",
                                "tool_result": draw(
                                    st.one_of(text, st.fixed_dictionaries({"v": text}))
                                ),
                            }
                        ],
                    }
                )
            )
        msgs.append(Message(role="assistant", content=[{"type": "text", "text": draw(text)}]))
    from datasetkit.formats.foundry import turns_from_messages

    turns = turns_from_messages(msgs)[0]
    if draw(st.booleans()):
        turns[-1].expected_response = draw(text)
    return Case(
        kind="conversation" if len(turns) > 1 else "single",
        id=draw(maybe(text)),
        category=draw(maybe(text)),
        turns=turns,
        messages=msgs,
        tool_definitions=[{"name": "lookup", "description": "d", "parameters": {"type": "object"}}],
        extra=draw(
            st.dictionaries(
                st.sampled_from(["owner", "scores", "lang"]),
                st.one_of(text, st.lists(st.integers(), max_size=2)),
                max_size=2,
            )
        ),
    )


@SETTINGS
@given(st.lists(foundry_row_case(), min_size=1, max_size=4))
def test_foundry_to_m365_to_foundry(cases: list[Case]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        first = Path(tmp) / "a.jsonl"
        assert write_dataset(Dataset(cases=cases), first).paths
        original = read_dataset(str(first)).dataset
        mid = convert([str(first)], str(Path(tmp) / "b.json"))
        seeds = sum(1 for c in cases if c.kind == "seed")
        if seeds == len(cases):
            assert not mid.paths  # M365 cannot hold seeds: reported, nothing to write
            return
        assert mid.paths, mid.errors
        final = convert([str(mid.paths[0])], str(Path(tmp) / "c.jsonl"))
        assert final.paths
        back = read_dataset(str(final.paths[0])).dataset
        kept = [c for c in original.cases if c.kind != "seed"]
        assert _info(Dataset(cases=back.cases)) == _info(Dataset(cases=kept))
        if seeds:
            assert any(f.code == "convert.loss.seed" for f in mid.loss)


# --- every corpus file -----------------------------------------------------------------------


FOUNDRY_FILES = [p.name for p in corpus_files("foundry") if p.suffix in (".jsonl", ".csv")]
# What M365 cannot hold: seeds, rows without a prompt, and rows whose prompt is empty.
NOT_FOR_M365 = {
    "azure-ai-docs__scenarios.jsonl",
    "azure-sdk-for-python__sample_data_simulation_scenarios.jsonl",
    "azure-sdk-for-python__test_csv_quotes.csv",
    "azureai-samples__NLP_Evaluators-data.jsonl",
}


@pytest.mark.corpus
@pytest.mark.parametrize("name", FOUNDRY_FILES)
def test_corpus_foundry_round_trips(name: str, tmp_path: Path) -> None:
    original = read_dataset(str(FOUNDRY / name)).dataset
    again = convert([str(FOUNDRY / name)], str(tmp_path / "a.jsonl"))
    assert again.paths and not again.loss
    assert _info(read_dataset(str(again.paths[0])).dataset) == _info(original)
    mid = convert([str(again.paths[0])], str(tmp_path / "b.json"))
    if name in NOT_FOR_M365:
        assert not mid.paths or mid.loss  # refused or reported, never silent
        return
    assert mid.paths and not mid.loss
    final = convert([str(mid.paths[0])], str(tmp_path / "c.jsonl"))
    back = read_dataset(str(final.paths[0])).dataset
    # The cases come back whole, and the M365 leg adds nothing: the schemaVersion it
    # declared is the one it would declare again, so no datasetkit column carries it.
    assert _info(Dataset(cases=back.cases)) == _info(Dataset(cases=original.cases))
    assert back.schema_version == original.schema_version


M365_FILES = sorted(
    p.name for p in M365.glob("*.json*") if not p.name.startswith("evalsclicodecamp__results")
)


@pytest.mark.corpus
@pytest.mark.parametrize("name", M365_FILES)
def test_corpus_m365_round_trips(name: str, tmp_path: Path) -> None:
    read = read_dataset(str(M365 / name), "m365")
    original = read.dataset
    assert original is not None
    mid = convert([str(M365 / name)], str(tmp_path / "a.jsonl"), source="m365")
    assert mid.paths and not mid.loss
    back = read_dataset(str(mid.paths[0])).dataset
    # A schemaVersion that writing M365 again declares anyway is not carried in Foundry.
    if back.schema_version is None:
        from datasetkit.formats.m365 import implied_schema_version

        assert implied_schema_version(original) == original.schema_version
        back.schema_version = original.schema_version
    assert _info(back) == _info(original)
    if any(f.severity == Severity.ERROR for f in read.findings):
        return  # the source itself fails M365 validation, so it cannot be written back
    final = convert([str(mid.paths[0])], str(tmp_path / "b.json"))
    assert final.paths, final.errors
    assert _info(read_dataset(str(final.paths[0])).dataset) == _info(original)
