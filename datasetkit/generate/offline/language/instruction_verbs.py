"""The verbs of an instruction that sets a deadline ("Submit receipts within 90 days"):
what a reader is told to do by a date or within a time. Language data only; the
statement forms read it."""

from __future__ import annotations

INSTRUCTION_VERBS = frozenset(
    [
        "submit",
        "file",
        "send",
        "pay",
        "register",
        "apply",
        "renew",
        "cancel",
        "claim",
        "request",
        "notify",
        "inform",
        "complete",
        "return",
        "update",
        "enroll",
        "reply",
        "drop",
        "bring",
        "mail",
        "post",
        "ship",
        "upload",
        "deliver",
        "book",
        "schedule",
        "report",
        "activate",
        "confirm",
    ]
)
