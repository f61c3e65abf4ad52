"""The words a document's title says what kind of document it is with.

A title is "<what it is about> <kind of document>" ("<Company> Employee Handbook",
"<Product> User Manual", "<Company> Travel Policy"): these words are stripped from its
end to leave what it is about, and the rules nouns say the document is a set of rules.
"""

from __future__ import annotations

import re

# Kinds of document, and the words that qualify them ("user manual", "annual report").
DOC_KINDS = frozenset(
    [
        "manual",
        "manuals",
        "guide",
        "handbook",
        "report",
        "reports",
        "faq",
        "faqs",
        "questions",
        "overview",
        "summary",
        "document",
        "brochure",
        "instructions",
        "datasheet",
        "sheet",
        "list",
        "catalog",
        "catalogue",
        "results",
        "statement",
        "statements",
        "release",
        "notes",
        "specifications",
        "specification",
        "documentation",
        "paper",
        "whitepaper",
    ]
)
# Kinds of a program's documentation page ("<Library> support matrix", "<Tool> tutorial"):
# the name before them is the program's, never an organisation's.
SOFTWARE_PAGES = frozenset(["matrix", "tutorial", "cheatsheet"])
DOC_KINDS = DOC_KINDS | SOFTWARE_PAGES
DOC_QUALIFIERS = frozenset(
    [
        # "<Project> Design Document", "<System> Architecture Document", "White Paper"
        "design",
        "architecture",
        "requirements",
        "white",
        "user",
        "users",
        "owner's",
        "owners",
        "owner",
        "product",
        "quick",
        "start",
        "installation",
        "support",
        "compatibility",
        "feature",
        "features",
        "annual",
        "quarterly",
        "monthly",
        "employee",
        "employees",
        "staff",
        "student",
        "students",
        "incoming",
        "reference",
        "fact",
        "data",
        "technical",
        "price",
        "asked",
        "frequently",
        "press",
        "financial",
        "service",
        "setup",
        "operating",
        "developer",
        "developers",
        "administrator",
        "administrators",
        "admin",
        "getting",
        "started",
        "the",
        "a",
        "an",
        "and",
        "&",
        "of",
        "for",
    ]
)
# Nouns that end the name of a set of rules.
RULE_NOUNS = frozenset(
    [
        "policy",
        "policies",
        "plan",
        "program",
        "programme",
        "agreement",
        "terms",
        "warranty",
        "conditions",
    ]
)


# The roles a person holds in a study, a case or an office: a field under one names who
# holds it ("Who is the <role>?"), never what it is; nor is a record for that person.
PERSON_ROLE = re.compile(
    r"(?i)\b(?:investigator|coordinator|director|manager|officer|supervisor|physician|doctor|"
    r"nurse|representative|administrator|chair(?:person)?|president|secretary|treasurer|"
    r"advis[eo]r|mentor|instructor|counsel|attorney|trustee|auditor|reviewer|approver|"
    r"witness|signatory|lead|head)s?$"
)


# Words that mark a document as a stand-in for a real one (a sample, an example, a test
# file, a draft or template), in the languages the forms write. A title that opens with
# one describes what the file is, and the word is nobody's name: a question "at Sample"
# or "Example's share" names no subject.
_PLACEHOLDER = re.compile(
    r"(?i)^(?:sample|samples|example|examples|test|testing|demo|dummy|draft|template|untitled|"
    r"mock|placeholder|beispiel|muster|vorlage|entwurf|exemple|mod[eè]le|brouillon|ejemplo|"
    r"muestra|plantilla|borrador)$"
)


def placeholder_title(title: str) -> bool:
    """True for a title whose first word marks the file as a stand-in (a sample or
    example document, a test file, a template)."""
    first = title.split()[0].strip(",.:;–-") if title.split() else ""
    return bool(_PLACEHOLDER.match(first))


def said_as_thing(name: str, text: str) -> bool:
    """Whether the body says a name as a thing the document is or sets, never as who
    wrote it: "this <Name>", "our <Name>" (a code, a statement, a charter the text refers
    to); an organisation's own text says "we" and "our company", not "our <Name>"."""
    said = rf"\b(?i:this|these|our) {re.escape(name)}\b"
    return re.search(said, text) is not None
