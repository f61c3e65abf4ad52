"""The question types a generation run can be asked for (``--question-types``): the one
list the offline forms, the LLM prompts and the command's help take them from.

Each description is what the type asks; the LLM prompts quote it to the model.
"""

from __future__ import annotations

QUESTION_TYPES: dict[str, str] = {
    "lookup": "a question about one fact stated in one passage",
    "multi-section": "a question whose answer needs facts from two different passages combined",
    "comparison": "a question that compares two items, options or values the passages describe",
    "table-lookup": "a question answered by a value in one row of a table",
    "aggregation": "a question asking for a total, count, maximum or minimum over the rows of "
    "the whole table; the answer gives the result, and the evidence quotes every row used",
    "procedural": 'a "how do I ..." question answered by the steps the passages give, in order',
    "definition": "a question asking what a term means, answered by the definition the "
    "passages give",
    "list": "a question whose answer is the list of items the passages enumerate (all of them)",
    "unanswerable": "a question on the passages' topic whose answer the passages do NOT contain; "
    "the expected response says the information is not available, or asks a clarifying question",
    "false-premise": "a question that assumes something the passages contradict; the expected "
    "response corrects the premise, and the evidence quotes the passage that contradicts it",
    "out-of-scope": "a request unrelated to what the passages cover; the expected response "
    "declines politely and says what the assistant can help with",
}
NEGATIVE_TYPES = frozenset({"unanswerable", "false-premise", "out-of-scope"})
MULTI_CHUNK_TYPES = frozenset({"multi-section", "comparison"})
TABLE_TYPES = frozenset({"table-lookup", "aggregation"})
# Types asked over a whole table (never over part of one).
WHOLE_TABLE_TYPES = frozenset({"aggregation", "comparison"})
