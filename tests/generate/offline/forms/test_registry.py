"""The registry of offline question forms: a form added as one module under ``forms/`` is
asked in a generation run, in its place and only in its languages, with no other file
touched; and what the forms declare holds together."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import datasetkit.generate.offline.forms as forms_package
from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.forms import registry
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.language.templates import SUPPORTED_LANGUAGES
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load
from tests.helpers.knowledge_fixtures import make_policy_docx, make_price_xlsx

ROOT = Path(__file__).resolve().parents[4]

# A whole form module, as a contributor would add it to forms/text/: nothing else names it.
NAMESAKE_MODULE = '''
"""A thing named after someone, asked who: "The reading room is named after Ada
Lovelace." -> "Who is the reading room named after?"."""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.text.view import Sentence

_NAMED_AFTER = re.compile(r"^(?P<x>The [a-z ]+?) (?P<be>is|are) named after [A-Z][\\w .]+\\.$")


@form(
    "namesake",
    content="statement",
    order=58,
    asks="lookup",
    languages=ENGLISH,
    answer="sentence",
    kinds=("namesake",),
)
def namesake(said: Sentence) -> Fact | None:
    m = _NAMED_AFTER.match(said.text)
    if m is None:
        return None
    x = m.group("x")
    return Fact(f"Who {m.group('be')} {x[:1].lower()}{x[1:]} named after?", said.sentence, "namesake")
'''

LIBRARY_MD = """\
# Harbour Library Guide

## The reading room

The reading room is named after Ada Lovelace. It seats forty readers at long oak tables.
Visitors must leave coats and bags in the lockers by the entrance.
"""


@pytest.fixture()
def own_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as it is, on a copy a test may add to (restored afterwards)."""
    registry.all_forms()  # every form module imported into the real registry first
    monkeypatch.setattr(registry, "FORMS", dict(registry.FORMS))
    yield


def _run(files: list[Path], count: int, language: str | None = None) -> dict[str, str]:
    """Prompt -> question_type of the cases an offline run writes."""
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections], 1500)
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan, language=language)
    return {
        gc.case.turns[0].prompt: (gc.case.extensions or {})["datasetkit"]["question_type"]
        for gc in result.cases
    }


def test_a_form_module_dropped_into_forms_is_asked_in_a_run(
    own_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = tmp_path / "library.md"
    doc.write_text(LIBRARY_MD, encoding="utf-8")
    before = _run([doc], 5)
    assert "Who is the reading room named after?" not in before

    folder = tmp_path / "more_forms"
    folder.mkdir()
    (folder / "namesakes.py").write_text(NAMESAKE_MODULE, encoding="utf-8")
    monkeypatch.setattr(forms_package, "__path__", [*forms_package.__path__, str(folder)])
    monkeypatch.setattr(registry, "_loaded", False)  # found on the next first use
    # The module is imported by the registry now, and forgotten again after the test.
    name = f"{forms_package.__name__}.namesakes"
    monkeypatch.setitem(sys.modules, name, None)
    del sys.modules[name]

    after = _run([doc], 5)
    assert after["Who is the reading room named after?"] == "namesake"
    assert registry.FORMS["namesake"].make.__module__ == name
    # English only, as the form declares.
    assert "namesake" not in _run([doc], 5, language="fr").values()


BORROWING_MD = """\
# Harbour Library Guide

## Borrowing

Members can borrow up to 12 books at a time. Books must be returned within 21 days.
"""


def _keep_a_book(said: Sentence) -> Fact | None:
    if "returned within" not in said.sentence:
        return None
    return Fact("How long can I keep a library book?", said.sentence, "loan")


@pytest.mark.parametrize(("order", "wins"), [(49, True), (59, False)])
def test_of_two_forms_that_ask_one_sentence_the_earlier_one_asks(
    own_registry: None, tmp_path: Path, order: int, wins: bool
) -> None:
    doc = tmp_path / "borrowing.md"
    doc.write_text(BORROWING_MD, encoding="utf-8")
    registry.form(
        "loan period",
        content="statement",
        order=order,
        asks="lookup",
        languages=registry.ENGLISH,
        answer="sentence",
        kinds=("loan",),
    )(_keep_a_book)
    chunk = next(c for c in chunk_documents(load([doc]), 1500) if c.sections)
    asked = {c.question: c.question_type for c in OfflineGenerator().candidates(chunk)}
    # The sentence-fact form (order 54) asks the same sentence as a deadline.
    assert ("How long can I keep a library book?" in asked) is wins
    assert ("Within how many days must books be returned?" in asked) is not wins
    assert asked["How many books can members borrow at a time?"] == "limit"  # not its sentence


def test_a_form_needs_its_own_name_and_its_own_place() -> None:
    first = registry.all_forms()[0]
    with pytest.raises(ValueError, match="duplicate"):
        registry.register(first)
    with pytest.raises(ValueError, match="share order"):
        registry.register(
            registry.Form(
                "another",
                first.content,
                first.order,
                "lookup",
                registry.ENGLISH,
                "sentence",
                (),
                print,
            )
        )
    with pytest.raises(ValueError, match="no answer rule"):
        registry.register(
            registry.Form(
                "vague", "statement", 998, "lookup", registry.ENGLISH, "some of it", (), print
            )
        )


def test_what_the_forms_declare_holds_together() -> None:
    forms = registry.all_forms()
    assert {f.chunk for f in forms} == {"text", "table"}
    for f in forms:
        assert f.languages and f.languages <= set(SUPPORTED_LANGUAGES), f.name
        assert f.answer in registry.ANSWER_RULES, f.name
        assert f.kinds and f.figures <= set(f.kinds) and f.alone <= set(f.kinds), f.name
        assert f.make.__module__.startswith(forms_package.__name__ + "."), f.name
    # A kind two forms make is a figure, or stands alone, for both or for neither.
    traits = registry.kind_traits()
    for f in forms:
        assert set(f.kinds) & traits.figures == f.figures, f.name
        assert set(f.kinds) & traits.alone == f.alone, f.name


def test_every_kind_a_run_makes_is_declared_by_a_form(tmp_path: Path) -> None:
    files = [
        make_policy_docx(tmp_path / "policy.docx"),
        make_price_xlsx(tmp_path / "prices.xlsx"),
        *sorted((ROOT / "examples" / "knowledge").iterdir()),
    ]
    declared = {k for f in registry.all_forms() for k in f.kinds}
    made = set(_run(files, 60).values())
    assert made and made <= declared


def test_a_form_must_ask_a_known_question_type() -> None:
    import pytest

    from datasetkit.generate.offline.forms.registry import ENGLISH, form

    with pytest.raises(ValueError, match="no question type"):
        form(
            "riddle",
            content="statement",
            order=999,
            asks="riddle",
            languages=ENGLISH,
            answer="sentence",
            kinds=(),
        )(lambda said: None)
