"""Who a statute's inverted clause says holds a role, asked in French or Spanish: "Sont
<membres actifs> ceux qui ...", "Sont éligibles au <conseil> les membres ...", "Son
<socios fundadores> los que ...".

French and Spanish statutes define each kind of member, and who may stand for a body,
with the verb first and the role after it; the people it names come last ("those who
pay ...", "the members who ..."). The question asks who holds the role, named as the
clause names it (with the organisation the document names when the role is its
members'); the answer is the whole sentence, whose conditions are the answer.
"""

from __future__ import annotations

import re

# The kinds of member statutes define, after "membres" / "socios".
_FR_KIND = (
    r"actifs|bienfaiteurs|d['’]honneur|fondateurs|adhérents|associés|honoraires|de\sdroit|"
    r"usagers|titulaires|sympathisants|donateurs|ordinaires|permanents"
)
_ES_KIND = (
    r"fundadores|de\snúmero|numerarios|honorarios|de\shonor|activos|protectores|colaboradores"
)
_FR_WHO = r"\s?,?\s(?:ceux|celles|les\s(?:personnes|membres|adhérents))\b"
_ES_WHO = r"\s?,?\s(?:los|las|aquell[oa]s|todas?\slas?\spersonas)\b"


def who_holds(text: str, lang: str, of_kind: str | None) -> str | None:
    """The question an inverted role clause answers, or None. ``of_kind`` is "of the
    association" as the language says it, when the document names its organisation."""
    if lang == "fr":
        m = re.match(
            r"^Sont\s(?:(?P<elig>éligibles)\s(?P<to>(?:au|à\sla|à\sl['’]|aux)\s?[^,;:]{3,60}?)"
            rf"|(?P<role>membres\s(?:{_FR_KIND})))(?={_FR_WHO})",
            text,
        )
        if m is None:
            return None
        if m.group("elig"):
            return f"Qui est éligible {m.group('to')} ?"
        return None if of_kind is None else f"Qui sont les {m.group('role')} {of_kind} ?"
    if lang == "es":
        m = re.match(rf"^Son\s(?P<role>(?:socios|miembros)\s(?:{_ES_KIND}))(?={_ES_WHO})", text)
        if m is None or of_kind is None:
            return None
        return f"¿Quiénes son los {m.group('role')} {of_kind}?"
    return None
