"""Narrative prose (a story, a news article, an incident report, a case narrative) is asked
who did what, where and why, of clauses a named person is the subject of; the answer is
the whole sentence. Clauses whose subject is no name (a pronoun, "the team", a company)
or whose question would point at text it does not show are not asked, nor who a person
is or what they said."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _story_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("The Night Ferry", level=1)
    for text in [
        "Jonas Keller, a night porter at the Hotel Bellevue, found the envelope under the "
        "reception desk on a Tuesday.",
        "Jonas Keller opened the envelope because no guest had asked for it by midnight.",
        "Inside was a ferry ticket to Lindau and a key with a blue tag.",
        "Clara Bauer, the hotel manager, arrived at six in the morning.",
        '"We never keep lost property at the desk," Clara Bauer said at the staff meeting.',
        "Jonas Keller travelled to Lindau after the meeting with the key in his pocket.",
        "He asked at the harbour office, but nobody knew the key.",
        "Anna Weiss grew up in Lindau and worked at the harbour office for twenty years.",
        "Anna Weiss recognised the blue tag at once.",
        "It belonged to the old boathouse, which the town had closed in the spring.",
        "Clara Bauer locked the envelope in the hotel safe.",
    ]:
        d.add_paragraph(text)
    d.save(path)
    return path


def test_who_what_was_said_where_and_why_are_asked_of_a_story(tmp_path: Path) -> None:
    cases = _cases([_story_docx(tmp_path / "ferry.docx")], 30)[0]
    pairs = _pairs(cases)
    questions = "\n".join(pairs)
    for question, said in [
        ("Who found the envelope?", "a night porter at the Hotel"),
        ("Why did Jonas Keller open the envelope?", "because no guest had asked for it"),
        ("Where did Jonas Keller travel after the meeting?", "travelled to Lindau"),
        ("Where did Anna Weiss grow up?", "grew up in Lindau"),
        ("Who locked the envelope?", "Clara Bauer locked"),
    ]:
        asked = [q for q in pairs if q.startswith(question[:-1])]
        assert asked, (question, questions)
        assert said in pairs[asked[0]], (question, pairs[asked[0]])
        assert cases[asked[0]].case.extensions["datasetkit"]["form"] == "narrative clause"
    for question in pairs:
        # A pronoun subject ("He asked ...", "It belonged to ...") names no one.
        assert not question.startswith(("Who asked", "What did he", "What did it")), question
        assert not question.startswith(("Who is", "What did Clara")), question


def test_a_company_or_a_pronoun_is_not_asked_about_as_a_person(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Quarterly update", level=1)
    for text in [
        "Contoso Logistics, a leader in freight software, opened two offices this year.",
        "Northwind Traders, the largest customer of the region, renewed its contract.",
        "They moved to the new building in March.",
    ]:
        d.add_paragraph(text)
    d.save(tmp_path / "update.docx")
    pairs = _pairs(_cases([tmp_path / "update.docx"], 20)[0])
    assert not [q for q in pairs if q.startswith(("Who opened", "Who renewed", "Where did"))], pairs
