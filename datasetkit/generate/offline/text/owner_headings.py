"""Whether the heading above a list, which says whose its items are, can be said as
their owner in a French or Spanish question ("... de <the heading>").

Two kinds of heading say whose the items are, yet read as no owner:

- a part of the document ("Conclusiones", "Résumé", "Introducción"): the items belong to
  what the document is about, which the part's name does not say ("the success metrics
  of the conclusions" asks of nothing);
- a heading in title case, every longer word capitalised as English headings are
  written: French and Spanish write headings in sentence case, so its capitals mark no
  name, and lowering its first word alone leaves the rest capitalised mid-sentence ("de
  las métricas de Proyecto Actualizadas"). A name that the heading introduces with its
  article ("Política del Comité de ...") is a name, and is said as written.

Either way the heading above is what makes the list someone's, so a question that leaves
it out asks of no one: no question is better.
"""

from __future__ import annotations

import re

# A heading that names a part of a document, in the languages the heading lists read.
_DOCUMENT_PARTS = {
    "es": frozenset(
        [
            "conclusiones",
            "conclusión",
            "resumen",
            "introducción",
            "anexo",
            "anexos",
            "apéndice",
            "apéndices",
            "notas",
            "observaciones",
            "antecedentes",
            "preámbulo",
            "epílogo",
        ]
    ),
    "fr": frozenset(
        [
            "conclusions",
            "conclusion",
            "résumé",
            "synthèse",
            "introduction",
            "annexe",
            "annexes",
            "appendice",
            "notes",
            "remarques",
            "préambule",
            "avant-propos",
        ]
    ),
}
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")
# "of the" before a capitalised word: a name the heading says with its article.
_NAMED = re.compile(
    r"\b(?:del|de la|de los|de las|du|des|de l['’]|al|au|aux)\s*[A-ZÁÉÍÓÚÑÀÂÇÈÊÎÔÛ]"
)


def unsayable_owner(heading: str, lang: str) -> bool:
    """Whether ``heading`` (numbering and final colon gone) says whose a list is but
    cannot be joined as its owner in ``lang`` (see the module)."""
    words = _LONG_WORD.findall(heading)
    if not words:
        return False
    if len(words) == 1 and words[0].casefold() in _DOCUMENT_PARTS.get(lang, frozenset()):
        return True
    if _NAMED.search(heading):
        return False  # "Política del Comité de ...": the article says a name follows
    return len(words) >= 2 and all(w[:1].isupper() for w in words)
