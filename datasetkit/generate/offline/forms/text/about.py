"""The last resort for a section that gives nothing else: what it says, asked by the
section's name ("What is the company's policy on workplace violence?", "What does the
Employee Handbook say about ...?"). The generator keeps it only when nothing else of the
chunk passes the gate.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import normalize, sentences, singular_of
from datasetkit.generate.offline.text.answers import opening_sentences
from datasetkit.generate.offline.text.lists import GENERIC_TOPICS, items_answer, list_runs
from datasetkit.generate.offline.text.view import TextChunk


@form(
    "about the section",
    content="section",
    order=90,
    asks="lookup",
    languages=ALL_LANGUAGES,
    kinds=("section",),
    last_resort=True,
)
def about_section(text: TextChunk) -> list[Candidate]:
    """What the section says, asked by its name (the first chunk of a section only)."""
    if not text.opens_section:
        return []
    chunk, body, topic, lang, ctx = text.chunk, text.body, str(text.topic), text.lang, text.ctx
    t = TEMPLATES[lang]
    lead = next((s for s in body if s.kind in ("paragraph", "page")), None)
    if lead is None or topic.lower() in GENERIC_TOPICS:
        return []
    if re.search(r"(?i)\b(?:19|20)\d\d\b|\bversion\b|\bv\d", str(chunk.meta.get("heading") or "")):
        return []  # "Effective Date: January 1, 2026 Version 4.2": a cover line, not a topic
    lead_text = _without_heading(lead.text, str(chunk.meta.get("heading") or ""))
    opening = opening_sentences(lead_text, key=_head_noun(topic))
    if len(opening) < 40:
        return []
    evidence = lead.text
    # "... subject to the following:" and its items: the answer keeps the items.
    run = next((r for r in list_runs(body) if r.intro is lead and len(r.items) >= 2), None)
    if run is not None and lead.text.rstrip().endswith(":"):
        items = items_answer(run.items)
        intro = sentences(lead.text.strip())[-1]
        if len(opening) + len(intro) + len(items) <= 1500 and (
            intro == opening or intro not in opening
        ):
            joined = f"{opening} {intro}"
            if intro == opening or normalize(joined) in normalize(lead.text):
                opening = f"{intro if intro == opening else joined}\n{items}"
                evidence = f"{lead.text}\n{items}"
    title = ctx.name if lang == "en" else (chunk.meta.get("document_title") or None)
    heading = chunk.meta.get("heading")
    if title and heading and heading == chunk.meta.get("document_title"):
        question = t["scope"].format(title=title if lang == "en" else _quoted(title, lang))
    elif lang == "en":
        asked = about_question(topic, title, ctx.owner())
        if asked is None:
            return []
        question = asked
    elif title:
        question = t["about"].format(title=_quoted(title, lang), topic=topic)
    else:
        question = t["about_untitled"].format(topic=topic)
    return [Candidate(question, opening, evidence, lead, "section", 4)]


_BOILERPLATE_TOPIC = re.compile(
    r"(?i)^(?:introduction|scope|purpose|overview|questions|contacts?|seeking|about|general|"
    r"training and education|red flags|policy administration|other information|"
    r"additional information|tips|advice)\b|\bthis plan\b"
)

_COMPANYS = re.compile(r"(?i)^the company's")

_POLICY_DOC = re.compile(r"(?i)\b(?:polic(?:y|ies)|handbook|code of|guidelines|standards|rules)\b")


def about_question(topic: str, title: str | None, owner: str = "the company's") -> str | None:
    """How a user asks for a section's gist: "What is the company's policy on workplace
    violence?", "How does the Employee Handbook define workplace violence?"; None for a
    section that only frames the document (introduction, scope, questions or concerns)."""
    if _BOILERPLATE_TOPIC.match(topic) or re.search(r"\d{5}|\bUSA\b|\bP\.?O\.? Box\b", topic):
        return None  # "Anytown, USA 00000": an address, not a topic
    defined = re.match(r"(?i)^definitions? of (?:the )?(?P<what>.+)$", topic)
    if defined:
        return f"How does {title or 'the document'} define {defined.group('what')}?"
    if re.match(r"(?i)^(?:the company's|our|the)\b", topic):
        # "the company's mission" -> "Contoso Electronics' mission"
        return f"What is {re.sub(_COMPANYS, owner, topic)}?"
    if title and _POLICY_DOC.search(title):
        return f"What is {owner} policy on {topic}?"
    return (
        f"What does {title} say about {topic}?" if title else f"What should I know about {topic}?"
    )


def _head_noun(topic: str) -> str | None:
    """ "the company's mission" -> "mission"; None for a phrase with no clear head."""
    words = re.findall(r"[A-Za-z][\w-]{3,}", topic)
    return singular_of(words[-1].lower()) if words else None


def _without_heading(text: str, heading: str) -> str:
    """The paragraph without the heading a PDF ran into it ("LABEL: Workers' Compensation
    Insurance At Contoso, we ..." -> "At Contoso, we ...")."""
    body = re.sub(r"^[A-Z][A-Z0-9 &,'’/-]{6,}:\s*", "", text.strip())
    title = re.sub(r"^[A-Z][A-Z0-9 &,'’/-]{6,}:\s*", "", heading.strip())
    same = body.replace("’", "'").casefold().startswith(title.replace("’", "'").casefold())
    if title and same and len(body) > len(title) + 20:
        rest = body[len(title) :].lstrip(" :.-–")
        if rest[:1].islower():
            return text  # "Gene Therapy are two treatments ...": the heading is the subject
        return rest
    return text


def _quoted(title: str, lang: str) -> str:
    return f"„{title}“" if lang == "de" else f"« {title} »" if lang == "fr" else f"«{title}»"
