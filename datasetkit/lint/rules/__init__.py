"""The lint rules, one module per family, and what the families share.

A rule is a check function registered with :func:`datasetkit.lint.registry.rule`; its
fix, when it has one, is registered right after it with
:func:`datasetkit.lint.registry.fixes` and edits a view of the file
(:mod:`datasetkit.lint.fix.edits`). A new rule goes into the module of its family (or a
new module listed below); the registry imports the modules in this order, which is the
order rules run and are listed, and the order their fixes run.

Shared by the families: ``casetext`` (example documents, a case's texts and places),
``foundry_raw`` (the raw records of a Foundry file), ``foundry_examples`` (the Foundry
rules' example rows).
"""

from __future__ import annotations

# The rule families, in the order they register (and run).
RULE_MODULES = (
    "m365_evaluators",
    "m365_document",
    "content",
    "across_cases",
    "text_hygiene",
    "readable",
    "subject",
    "document_named",
    "coverage",
    "foundry_messages",
    "foundry_columns",
    "copilot_studio",
    "raw_file",
)
