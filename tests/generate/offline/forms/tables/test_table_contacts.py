"""A contact block is asked for its person as the contact of the party its caption names;
a signature block printed side by side gives no question, no label in an answer."""

from __future__ import annotations

import re
from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """
# Supply Agreement

Supplier: FABRIKAM INC

This agreement is made between Fabrikam Inc, the supplier, and the buyer named below.

## Primary Contacts

The primary contacts for this agreement are as follows.

Supplier

| Name: | Ana Ruiz |
| --- | --- |
| Telephone: | 555-201-3344 |
| Email: | ana.ruiz@fabrikam.example |
| Address: | 1 Main Street, Springfield |

Buyer

| Name: | Tom Baker |
| --- | --- |
| Telephone: | 555-877-1200 |
| Email: | tom.baker@contoso.example |
| Address: | 9 Harbour Road, Riverton |

## Signatures

| Buyer: | Supplier: Fabrikam Inc. |
| --- | --- |
| Signature: | Signature: |
| Name: | Name: Kristina Mann |
| Title: | Title: Sales Director |
| Date: | Date: 3/22/2024 |
"""


def _asked(tmp_path: Path) -> dict[str, str]:
    doc = tmp_path / "agreement.md"
    doc.write_text(DOC, encoding="utf-8")
    return _pairs(_cases([doc], 30)[0])


def test_a_contact_is_asked_as_the_contact_of_its_party(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    by_answer = {a: q for q, a in pairs.items()}
    # The party by the name a line of the document gives its role, as the text spells it.
    assert re.match(r"Who is the contact for Fabrikam Inc\b", by_answer.get("Ana Ruiz", "")), pairs
    phone = by_answer.get("555-201-3344", "")
    assert re.match(r"What is the phone number of the contact for Fabrikam Inc\b", phone), pairs
    # A party no line names is asked by its role, as the block's caption says it.
    assert re.match(r"Who is the contact for the buyer\b", by_answer.get("Tom Baker", "")), pairs
    for q in pairs:
        assert not re.search(r"\bthe (?:name|telephone|email|address)(?: under|\?)", q), q


def test_a_signature_block_gives_no_label_and_no_title(tmp_path: Path) -> None:
    pairs = _asked(tmp_path)
    for q, a in pairs.items():
        assert not re.match(r"^(?:Name|Title|Date|Supplier|Signature):", a), (q, a)
        assert "Sales Director" not in a, (q, a)
