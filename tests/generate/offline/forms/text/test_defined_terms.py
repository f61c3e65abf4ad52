"""A defined term of a policy or contract is asked with its whole definition: its
sub-items, the rest a break set apart, and the sentences after it that limit it; never a
question built from a fragment, a list label or a word that points at the document."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

POLICY = """# Harbor Cyber Policy

## Section II. Definitions

- A. Claim means any of the following:
  - (1) a written demand for money or other relief received by the Insured;
  - (2) a civil proceeding against the Insured in a court of law; or
  - (3) a regulatory investigation of a Privacy Incident.
- B. Extra Expense means the actual costs incurred by the Insured to reduce or avoid Income Loss.

Extra Expense does not include Data Restoration, Bricking Costs or the costs of better systems than the Insured had before the incident.

- C. Reward Costs means any amount offered by the Insured for information that leads to the arrest of a person committing a crime against the Insured. Reward Costs does not include any amount paid for information provided by the Insured's auditors.
- D. Waiting Period means the number of consecutive hours that immediately follows the

interruption of service to the Insured's systems.

- EE. Vendor means any person with whom the Insured has a written contract, provided that the Insured does not own or control that person.
- FF. Indemnity Period means the period that begins when the Waiting Period ends and lasts for ninety days
- GG. Recovery Period is the time it takes to restore the Computer System after an incident.
- HH. Network Incident means the failure of the Insured to prevent:

## Section III. General Conditions

Assignment of interest under this Policy will not bind the Insurer unless its consent is endorsed hereon.

Notice is required: the Insured must tell the Insurer of any Claim within sixty days of receiving it.
"""


def _policy_pairs(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "policy.md"
    doc.write_text(POLICY, encoding="utf-8")
    cases, _, _ = _cases([doc], 30)
    return _pairs(cases)


def _meaning(pairs: dict[str, str], term: str) -> str:
    found = [a for q, a in pairs.items() if q.startswith(f"What does {term} mean")]
    assert found, "\n".join(pairs)
    return found[0]


def test_a_definition_is_answered_with_its_sub_items_and_limits(tmp_path: Path) -> None:
    pairs = _policy_pairs(tmp_path)
    claim = _meaning(pairs, "Claim")
    for item in ("written demand", "civil proceeding", "regulatory investigation"):
        assert item in claim, claim
    assert "does not include Data Restoration" in _meaning(pairs, "Extra Expense")
    assert "auditors" in _meaning(pairs, "Reward Costs")
    # The rest of a sentence a break set apart is part of it; the next entry is not.
    waiting = _meaning(pairs, "Waiting Period")
    assert waiting.endswith("interruption of service to the Insured's systems."), waiting
    assert "provided that the Insured does not own" in _meaning(pairs, "Vendor")
    # The next entry ends one, however it defines its term.
    assert not any("Recovery Period is" in a and "Indemnity" in a for a in pairs.values())


# Entries as a PDF reader leaves them: a list under "<Term> means the following:", an
# entry cut off after its first item label, a term set as a heading with "means ..."
# under it, and a clause that names the document as "hereon".
LAYOUT = """# Harbor Cyber Policy

## Section I. Insuring Agreements

### B. First Party Loss Coverage

First Party Loss means the following:

- Business Interruption Loss;
- Cyber Crime Loss; and
- Reward Costs.

## Section II. Definitions

HH. Network Incident means the failure of the Insured to prevent: (1)

### GG. Reputational Harm Expense

means Income Loss the Insured sustains during the Period of Indemnity as a direct result of a Negative Publicity Event.

Reputational Harm Expense does not include any:

- contractual penalty;
- expense incurred to remediate software errors; or
- cost of a public relations firm.

## Section IV. General Conditions

### N. Assignment

Assignment of interest under this Policy will not bind the Insurer unless its consent is endorsed hereon.
"""


def test_no_definition_is_asked_from_a_fragment_or_a_label(tmp_path: Path) -> None:
    doc = tmp_path / "layout.md"
    doc.write_text(LAYOUT, encoding="utf-8")
    cases, _, _ = _cases([doc], 30)
    pairs = _pairs(cases)
    questions = "\n".join(pairs)
    assert "means?" not in questions and "means for" not in questions, questions
    for label in ("GG.", "HH.", "hereon", "notice is required"):
        assert label.lower() not in questions.lower(), questions
    for q, a in pairs.items():
        assert not a.rstrip().endswith((":", "(1)", " the", " to")), (q, a)
    # The list and the split entry are asked as the definitions they are, whole.
    loss = _meaning(pairs, "First Party Loss")
    assert "Reward Costs." in loss and "Business Interruption Loss" in loss, loss
    harm = _meaning(pairs, "Reputational Harm Expense")
    assert "Negative Publicity Event" in harm and "public relations firm" in harm, harm
