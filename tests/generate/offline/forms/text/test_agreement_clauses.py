"""An agreement pasted as one long paragraph: its run-in lettered clauses are sentences of
their own, the time a party is given to do something is asked, and so is who a sentence
makes responsible for a duty, a risk or a cost (only when the party is named and the
thing said in full)."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.words import sentences
from tests.generate.offline.forms.test_forms import _cases, _pairs

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


def _agreement_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph(_AGREEMENT)
    d.save(str(path))
    return path


def test_a_run_in_lettered_clause_is_a_sentence_of_its_own() -> None:
    found = sentences(_AGREEMENT)
    assert "The Lessor pays for delivery of the equipment to the site." in found
    assert any(s.startswith("The Lessee will have 14 days") for s in found), found
    # A lower-case letter after a full stop inside a sentence opens no clause.
    assert sentences("See para. b of the form. It lists the fees.") == [
        "See para. b of the form.",
        "It lists the fees.",
    ]


def test_the_time_a_party_has_is_asked(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_agreement_docx(tmp_path / "lease.docx")], 12)[0])
    asked = pairs.get("How many days will the Lessee have to inspect the equipment?", "")
    assert asked.startswith("The Lessee will have 14 days"), pairs
    assert "How many days does the Lessee have to return the equipment?" in pairs, pairs
