"""A sentence that presents the list after it ("The following perks are available to all
employees:", "Here are the tools we use to track our work:"), asked as what it presents:
"What perks are available to all employees?", "What tools does Contoso use to track its
work?".

The list is what the sentence names; the question keeps the sentence's own predicate,
and says the organisation for "we" and "our" (a page that names none is not asked: the
question would not say whose). A presented noun that points elsewhere ("something",
"these") asks nothing the reader could check.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.words import is_plural

# "The following <things> are <available/offered/...> <to whom>"
_FOLLOWING = re.compile(
    r"^(?:The following|These) (?P<np>[a-z][\w -]{2,60}?) (?P<be>is|are) (?P<pred>(?:not )?"
    r"(?:available|offered|provided|included|covered|required|eligible|allowed|permitted|"
    r"supported|accepted|excluded|prohibited|reimbursed|reimbursable|paid)\b[^:]{0,80})$"
)
# "Here are (a few|some|the) <things>", "Below is a list of <things>"
_HERE = re.compile(
    r"(?i)^(?:[\w ,]{0,30},\s*)?(?:here|below) (?:are|is) (?:the |a few |some |several |our |"
    r"a number of |a list of |the main |a short list of )?(?P<np>[a-z][\w' -]{2,80})$"
)
# "<things> we <verb> <rest>": what the organisation does with them.
_WE_DO = re.compile(
    r"^(?P<noun>[a-z][\w -]{2,40}?) (?:that |which )?we (?P<verb>[a-z]+) (?P<rest>.+)$"
)
_POINTING = re.compile(
    r"(?i)\b(?:something|anything|this|that|these|those|it|they|them|above|below|here)\b"
)
_WE = re.compile(r"(?i)\b(?:we|our|us)\b")


def presented_intro(text: str, ctx: DocContext) -> str | None:
    """The question a presenting sentence asks of its list (see the module), or None."""
    m = _FOLLOWING.match(text)
    if m:
        if _WE.search(m.group("pred")) or _POINTING.search(m.group("pred")):
            return None
        said = f"{m.group('np')} {m.group('be')} {m.group('pred')}"
        return f"What {said}{_at(said, ctx)}?"
    m = _HERE.match(text)
    if m is None:
        return None
    np = m.group("np").strip()
    did = _WE_DO.match(np)
    if did:
        if not ctx.org or _POINTING.search(did.group("rest")):
            return None
        rest = re.sub(r"(?i)\bour\b", "its", did.group("rest"))
        if _WE.search(rest):
            return None
        return f"What {did.group('noun')} does {ctx.org} {did.group('verb')} {rest}?"
    head = re.split(r"\s(?:for|of|to|in|on|at|about|that|which|when|from|with)\s", np)[0]
    if _WE.search(np) or _POINTING.search(np) or not is_plural(head.split()[-1]):
        return None  # the presented noun is no plural ("Here is how ..."), or points elsewhere
    return f"What are the {np}{_at(np, ctx)}?"


def _at(said: str, ctx: DocContext) -> str:
    """ " at <Organisation>" when the question would not say whose list it is."""
    if not ctx.org or ctx.org.casefold() in said.casefold():
        return ""
    return f" at {ctx.org}"
