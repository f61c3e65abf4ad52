"""An agreement pasted as one long paragraph: its run-in lettered clauses are sentences of
their own, the time a party is given to do something is asked, and so is who a sentence
makes responsible for a duty, a risk or a cost (only when the party is named and the
thing said in full)."""

from __future__ import annotations

from datasetkit.generate.offline.language.words import sentences

_AGREEMENT = (
    "LEASE OF EQUIPMENT This agreement is made between Harbor Rentals (the Lessor) and the "
    "Lessee named below. 1) Delivery. a) Costs. The Lessor pays for delivery of the "
    "equipment to the site. b) Inspection. The Lessee will have 14 days in which to inspect "
    "the equipment to ensure that every item listed is included. c) Insurance. The Lessee "
    "is responsible for insuring the equipment against theft and fire. 2) Returns. a) "
    "Condition. The Lessee shall have ten (10) days to return the equipment after the lease "
    "ends. b) Damage. The Lessee bears the cost of repairs to damaged equipment, as the "
    "Lessor assesses them."
)


def test_a_run_in_lettered_clause_is_a_sentence_of_its_own() -> None:
    found = sentences(_AGREEMENT)
    assert "The Lessor pays for delivery of the equipment to the site." in found
    assert any(s.startswith("The Lessee will have 14 days") for s in found), found
    # A lower-case letter after a full stop inside a sentence opens no clause.
    assert sentences("See para. b of the form. It lists the fees.") == [
        "See para. b of the form.",
        "It lists the fees.",
    ]
