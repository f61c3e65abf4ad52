"""Microsoft Foundry / azure-ai-evaluation datasets: JSONL (``foundry``) and CSV (``foundry-csv``).

Reading accepts every dialect found in the wild and normalizes it to the canonical
message shape: ``messages`` rows, ``query``/``response`` as strings or message arrays,
the local SDK's ``{"conversation": {"messages": [...]}}`` rows, OpenAI Chat Completions
tool calls (``content: null`` + ``tool_calls`` with string ``arguments``), the legacy
nested ``{"type": "tool_call", "tool_call": {...}}`` items, agent-converter rows and
thread dumps (``tools``), and simulation seeds in both shapes.

How a row maps to the canonical model:

* every ``user`` message starts a Turn (``prompt`` = its text, ``context`` = its
  ``context`` key); the last assistant text before the next user message is the turn's
  ``response``; a per-assistant ``ground_truth`` is that turn's ``expected_response``;
* row ``ground_truth`` and ``context`` belong to the last turn;
* the whole normalized list is kept in ``Case.messages`` and written back as is;
* ``test_case_description`` rows are seeds (``kind="seed"``);
* other columns stay in ``Case.extra``; the ``datasetkit`` column holds what Foundry
  has no column for (see :mod:`datasetkit.core.carry`).

Checks run per record with line numbers, because the SDK's loader fails a whole file
without saying where. Reading and writing are streamed: memory does not grow with the
number of rows.

Where things are: ``spec`` (limits and names from the spec), ``jsonl`` and ``csv_reader``
(records with lines and offsets), ``checks`` (per-row rules), ``dialects`` (tool-call and
message normalisation, messages <-> turns), ``mapping`` and ``columns`` (``--map`` and
column roles), ``cases`` (row -> Case), ``reader`` (the streamed scan), ``plan`` and
``writer`` (Case -> row), ``format`` (the registered formats), ``fast`` (clean rows
converted without the canonical model).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from datasetkit.core.lazy import lazy_exports
from datasetkit.formats.foundry.collect import Collector
from datasetkit.formats.foundry.format import FoundryCSV, FoundryJSONL
from datasetkit.formats.foundry.spec import (
    ASSISTANT_ITEM_TYPES,
    CALL_ITEM_TYPES,
    JOIN_LIMIT,
    MAP_FIELDS,
    MAX_DESCRIPTION,
    MAX_PER_CODE,
    MAX_ROW_BYTES,
    MAX_ROWS,
    NONSTANDARD_COLUMNS,
    ROLES,
    STYLES,
    TOOL_ITEM_TYPES,
    USER_ITEM_TYPES,
)

if TYPE_CHECKING:
    from datasetkit.formats.foundry.dialects import (
        message_text,
        messages_from_turns,
        normalize_message,
        normalize_tool_definitions,
        turns_from_messages,
    )
    from datasetkit.formats.foundry.writer import write_csv, write_jsonl

# Loaded on first use: these modules import the canonical model (and pydantic).
__getattr__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(
            (
                "message_text",
                "messages_from_turns",
                "normalize_message",
                "normalize_tool_definitions",
                "turns_from_messages",
            ),
            ".dialects",
        ),
        "write_csv": ".writer",
        "write_jsonl": ".writer",
    },
)

__all__ = [
    "ASSISTANT_ITEM_TYPES",
    "CALL_ITEM_TYPES",
    "JOIN_LIMIT",
    "MAP_FIELDS",
    "MAX_DESCRIPTION",
    "MAX_PER_CODE",
    "MAX_ROWS",
    "MAX_ROW_BYTES",
    "NONSTANDARD_COLUMNS",
    "ROLES",
    "STYLES",
    "TOOL_ITEM_TYPES",
    "USER_ITEM_TYPES",
    "Collector",
    "FoundryCSV",
    "FoundryJSONL",
    "message_text",
    "messages_from_turns",
    "normalize_message",
    "normalize_tool_definitions",
    "turns_from_messages",
    "write_csv",
    "write_jsonl",
]
