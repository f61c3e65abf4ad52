"""What generation remembers of one document is never lent to the next: in a long run
over many files (one process, each document freed after its cases are made) a freed
document's id is handed to a new one, and the new one must be read for itself."""

from __future__ import annotations

import pytest

from datasetkit.generate.offline import per_document
from datasetkit.generate.offline.text import figures


class _Section:
    def __init__(self, text: str) -> None:
        self.text, self.kind = text, "paragraph"


class _Doc:
    def __init__(self, text: str) -> None:
        self.sections = [_Section(text)]


def test_a_document_given_a_freed_documents_id_is_read_for_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Both documents get the same id, as a freed object's id is given to the next one.
    monkeypatch.setattr(per_document, "id", lambda _obj: 4242, raising=False)
    assert figures._body(_Doc("The Alpha Fund grew.")) == "The Alpha Fund grew."
    assert figures._body(_Doc("The Beta Fund shrank.")) == "The Beta Fund shrank."
