"""The number of a clause's subject, read first from the verb the sentence gives it.

"<Name>s" reads as plural by its ending ("MkDocs", "Jenkins", "Analytics"), but the
sentence's own verb says otherwise: "<Name> requires ..." has a singular subject. The
verb decides when it shows its number (a present tense in "-s", "is", "has"), the
subject's head noun otherwise."""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.clauses import Clause, plural_subject

_SINGULAR_BE = frozenset(("is", "was", "has", "does"))
_PLURAL_BE = frozenset(("are", "were", "have", "do"))
# A present tense in "-s" ("requires", "uses", "carries"), not a base form in "-ss".
_THIRD_PERSON = re.compile(r"[a-z]{2,}[^s\W]s")


def plural(c: Clause) -> bool:
    """Whether the clause's subject is plural, as its verb shows or its head noun does."""
    verb = c.verb.split()[0].lower() if c.verb and c.kind in ("verb", "copula") else ""
    if verb in _SINGULAR_BE:
        return False
    if verb in _PLURAL_BE:
        return True
    if c.kind == "verb" and _THIRD_PERSON.fullmatch(verb):
        return False
    return plural_subject(c.subject)
