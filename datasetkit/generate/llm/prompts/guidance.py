"""What the generation prompt teaches: who asks (persona), how (query style, length),
how answers are written, and examples of good and bad cases.

Persona, style and length are drawn per slot from the run's seed, so a dataset has the
mix of short keyword queries, full questions, typos, casual and non-native phrasing
that real users send, and the same seed draws the same mix.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PERSONAS: tuple[str, ...] = (
    "a newcomer who does not know the terms the documents use",
    "an experienced user who knows the basics and wants one precise detail",
    "someone in a hurry, typing on a phone between two tasks",
    "a team lead checking a rule before deciding for their team",
    "a cautious user who wants to be sure before acting",
    "a user whose problem is not solved yet and who is a little frustrated",
    "someone comparing options before making a choice",
    "a user helping a colleague or relative and asking on their behalf",
)

# name -> (instruction, weight)
QUERY_STYLES: dict[str, tuple[str, int]] = {
    "question": ("a complete, well-formed question", 3),
    "keyword": (
        "a short keyword query as typed into a search box: 2 to 6 words, no question mark "
        "(e.g. 'express shipping cost')",
        2,
    ),
    "colloquial": (
        "casual, conversational wording as in a chat (e.g. 'hey, how long do I have to "
        "send stuff back?')",
        2,
    ),
    "typo": (
        "a question with one or two realistic typos (a swapped or missing letter); the "
        "expected answer is still written correctly",
        1,
    ),
    "non-native": (
        "slightly non-native phrasing: simple words, an article or preposition off, still "
        "clear (e.g. 'how much days I have for return the item?')",
        1,
    ),
}

# name -> (instruction, weight)
LENGTHS: dict[str, tuple[str, int]] = {
    "short": ("short: at most 8 words", 2),
    "medium": ("medium: 9 to 18 words", 3),
    "long": ("long: 19 to 35 words, one sentence of the user's situation, then the question", 1),
}

ANSWER_RULES: tuple[str, ...] = (
    "complete: answer every part of the question, with the conditions or exceptions the "
    "passages attach to it",
    "concise: one to three sentences (a list only when the answer is a list or steps); no "
    "preamble such as 'According to the document'",
    "exact: numbers, units, currencies, dates and names exactly as the passages give them "
    "(9.8 kg, not 'about 10 kg'; 12 euros, not '$12')",
    "no commentary, no advice or facts beyond the passages, never mention 'the passage', "
    "'the text' or 'the document'",
    "in the same language as the source",
)

GOOD_EXAMPLES: tuple[str, ...] = (
    'Q: "How many days do I have to send back something I ordered online?" | '
    'A: "30 days from delivery." | evidence: "Customers may return items within 30 days '
    'of delivery."',
    'Q: "basecamp 6 weight" | A: "The Basecamp 6 weighs 9.8 kg." | evidence: '
    '"Basecamp 6 | Weight: 9.8 kg | Season: 3-season"',
)

BAD_EXAMPLES: tuple[str, ...] = (
    'Q: "What does the passage say about returns?" - refers to the passage and is too vague '
    "to have one answer",
    'Q: "Is the Basecamp 6 a 4-season tent?" A: "Yes." - the source says 3-season: the answer '
    "must follow the source, never the question",
    'A: "The Basecamp 6 weighs about 6 kg." - a number the source does not give (it says 9.8 kg)',
    'A: "Secondary caregivers receive 20 weeks." - the source says 8 weeks; never change a number',
    'Q: "What are the steps to return a gift card?" - asks for steps the source does not give '
    "(it only lists what cannot be returned)",
)

TYPE_EXAMPLES: dict[str, str] = {
    "procedural": 'Q: "how do I reset my password?" | A: "Open Settings, choose Security, '
    "select Reset password and follow the link sent to your email.\" (the steps in the source's "
    "order)",
    "definition": 'Q: "what counts as a business day?" | A: "Monday to Friday, public holidays '
    'excluded." (the definition the source gives)',
    "list": 'Q: "which items can\'t be returned?" | A: "Gift cards, opened software and '
    'personalised items." (every item the source lists)',
    "aggregation": 'Q: "how many plans include phone support?" | A: "Two: Team and '
    'Enterprise." (computed over every row; the evidence quotes each row used)',
    "comparison": 'Q: "is express or standard shipping faster?" | A: "Express: it arrives the '
    'next day, standard takes 3 to 5 working days."',
    "multi-section": 'Q: "if I return a laptop, when do I get my money back?" | A: "Within 5 '
    'business days of the return, to the original payment method." (needs both passages)',
    "unanswerable": 'Q: "what is the return window for items bought in a store abroad?" | '
    'A: "The information available does not cover purchases abroad." (the passages do not '
    "say; missing_detail names what is missing)",
    "false-premise": 'Q: "why did express shipping become free?" | A: "Express shipping is '
    'not free: it costs 12 euros." (corrects the premise from the evidence)',
    "out-of-scope": 'Q: "can you recommend a good restaurant nearby?" | A: "I can\'t help with '
    'that; I can answer questions about orders, returns and shipping."',
}


@dataclass(frozen=True)
class Variety:
    """How one case is asked: who asks, in which style, at which length."""

    persona: str
    style: str
    length: str

    @property
    def style_text(self) -> str:
        """The style's instruction."""
        return QUERY_STYLES[self.style][0]

    @property
    def length_text(self) -> str:
        """The length's instruction."""
        return LENGTHS[self.length][0]

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form (stored with the case)."""
        return {"persona": self.persona, "query_style": self.style, "length": self.length}


def _weighted(rng: random.Random, table: dict[str, tuple[str, int]]) -> str:
    names = list(table)
    return rng.choices(names, weights=[table[n][1] for n in names], k=1)[0]


def variety(seed: int, key: str) -> Variety:
    """The persona, query style and length of one slot (``key``), drawn from ``seed``."""
    rng = random.Random(f"{seed}:{key}")
    persona = rng.choice(PERSONAS)
    style = _weighted(rng, QUERY_STYLES)
    length = "short" if style == "keyword" else _weighted(rng, LENGTHS)
    return Variety(persona, style, length)


def answer_rules() -> list[str]:
    """The answer-style rules as prompt lines."""
    return ["Expected answer:"] + [f"- {r}" for r in ANSWER_RULES]


def examples(question_type: str) -> list[str]:
    """Few-shot lines: good cases, one of the question type, and bad cases to avoid."""
    lines = ["Examples of good cases (from other documents; write yours from the passages):"]
    lines += [f"- {g}" for g in GOOD_EXAMPLES]
    if question_type in TYPE_EXAMPLES:
        lines.append(f"- {question_type}: {TYPE_EXAMPLES[question_type]}")
    lines.append("Examples of bad cases, never write these:")
    lines += [f"- {b}" for b in BAD_EXAMPLES]
    return lines
