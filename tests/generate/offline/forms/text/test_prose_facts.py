"""Plain statements of prose asked as a reader asks them: a story's people and events
and a party's bare duties in a contract are not asked on their own ("What must the Supplier
provide?" does not say which); a contract's fees are; and a comparison's "those seen in
..." is kept as the pronoun it is."""

from __future__ import annotations

from pathlib import Path

from datasetkit.lint.wording import answer_leans_back
from tests.generate.offline.forms.test_forms import _cases, _pairs

STORY = """# The Lighthouse Keepers

A storm closed the harbour of Port Ellery for nine days in the winter of 1911.

Martha Greaves, the head keeper of the Ellery Point light, kept the lamp burning through every night of the storm without relief.

Thomas Reid discovered the wreck of the schooner Alba on the northern rocks after the storm had passed.

"We could hear the bell from the harbour wall all night long," Martha Greaves said at the inquiry. "Without it the fishing fleet would have run onto the rocks before dawn."

The town later built a new pier, named the Greaves Pier in honour of Martha Greaves, on the site of the old harbour wall.

Harbour master Samuel Lowe said during the town meeting, "The lamp at Ellery Point saved forty lives during the storm, and every one of them was a fisherman from Port Ellery."
"""


def test_a_story_s_people_are_not_asked_on_their_own(tmp_path: Path) -> None:
    # "Who is <Name>?" answered by a role, "What did <Name> say?": reviewers kept none of
    # them on documents nobody tuned for ("Ian Won, Manager", an officer list).
    doc = tmp_path / "lighthouse.md"
    doc.write_text(STORY, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    questions = "\n".join(pairs)
    assert not [q for q in pairs if q.startswith(("Who is ", "What did "))], questions
    assert "story" not in questions.casefold(), questions


CONTRACT = """# Northwind Supply Agreement

## Obligations of the Supplier

The Supplier shall maintain a stock of spare parts sufficient for twelve months of service.

The Supplier must provide and maintain access to the current price catalog for the term of this Agreement.

The Supplier is responsible for the conduct of its employees and subcontractors on the Buyer's premises.

Each Buyer site shall be responsible for its own delivery charges and storage costs.

The Supplier shall notify the Buyer.

The Supplier shall meet with the Buyer's site manager before each delivery.

If a part is defective, the Supplier will replace the part at no additional cost.

## Payment

The Buyer shall pay each correct invoice within 30 days of receipt.
"""


def test_a_party_s_bare_duty_is_not_asked(tmp_path: Path) -> None:
    # "What must the Supplier maintain?" does not say which of the things a party owes it
    # means, and "What is <role> responsible for?" cuts the duties that follow: reviewers
    # kept almost none of either.
    doc = tmp_path / "supply.md"
    doc.write_text(CONTRACT, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    questions = "\n".join(pairs)
    assert not [q for q in pairs if q.startswith(("What must the Supplier", "What will"))], (
        questions
    )
    assert not [q for q in pairs if "responsible for?" in q], questions
    # The deadline is still asked as one, not as a bare duty.
    assert not any(q.startswith("What must the Buyer pay") for q in pairs), questions
    assert any("30 days" in a for a in pairs.values()), questions


def test_a_pronoun_that_compares_within_its_sentence_points_nowhere_else() -> None:
    compared = "Its efficiency is akin to, but far exceeds, those seen in organisms on Earth."
    assert answer_leans_back(compared, "What did the lab report?") is None
    # A noun phrase that points back is still caught, as is a sentence that opens with one.
    assert answer_leans_back("You must pay these additional costs.", "What must I pay?")
    assert answer_leans_back("Those seen in the clinic must pay.", "Who must pay?")


TERMS = """# Harbor Funds Prospectus

## Charges

The Manager charges a fee of 0.05% per annum for its services as registrar and transfer agent.

The Depositary's remuneration may not exceed 0.50% per annum of the net asset value of each fund.

## Termination

The Management Agreement may be terminated by either party upon 90 days written notice.

Any shareholder may terminate its savings plan upon 30 days written notice to the Manager.
"""


def test_fees_and_notice_periods_are_asked_with_their_figures(tmp_path: Path) -> None:
    doc = tmp_path / "prospectus.md"
    doc.write_text(TERMS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    questions = "\n".join(pairs)
    fee = [q for q in pairs if q.startswith("What fee does the Manager charge for its services")]
    assert fee and "0.05%" in pairs[fee[0]], questions
    cap = [q for q in pairs if q.startswith("How high can the Depositary's remuneration be")]
    assert cap and "0.50%" in pairs[cap[0]], questions
    ends = [
        q for q in pairs if q.startswith("How much notice is needed to terminate the Management")
    ]
    assert ends and "90 days" in pairs[ends[0]], questions
    plan = [q for q in pairs if q.startswith("How much notice must any shareholder give")]
    assert plan and "30 days" in pairs[plan[0]], questions
