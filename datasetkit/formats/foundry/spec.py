"""Facts from the Foundry dataset spec: limits, roles, item types, column names."""

from __future__ import annotations

# --- facts from the spec ---------------------------------------------------------------

MAX_ROW_BYTES = 2 * 1024 * 1024
MAX_ROWS = 100_000
MAX_DESCRIPTION = 2500
ROLES = ("user", "assistant", "system", "tool", "developer")
USER_ITEM_TYPES = ("text", "input_text")
ASSISTANT_ITEM_TYPES = (
    "text",
    "output_text",
    "tool_call",
    "function_call",
    "mcp_approval_request",
    "openapi_call",
)
CALL_ITEM_TYPES = ("tool_call", "function_call", "openapi_call")
TOOL_ITEM_TYPES = (
    "tool_result",
    "function_call_output",
    "mcp_approval_response",
    "openapi_call_output",
)
# Column names people use for standard columns; the SDK only knows the standard ones.
NONSTANDARD_COLUMNS = {
    "question": ("query", "prompt"),
    "input": ("query", "prompt"),
    "truth": ("ground_truth", "expected_response"),
    "gt": ("ground_truth", "expected_response"),
    "expected": ("ground_truth", "expected_response"),
    "answer": ("ground_truth", "expected_response"),  # or response: see columns.py
    "chat_history": ("messages", "conversation"),
}
# --map field (canonical name) -> Foundry column.
MAP_FIELDS = {
    "prompt": "query",
    "expected_response": "ground_truth",
    "response": "response",
    "context": "context",
    "id": "id",
    "category": "category",
    "notes": "notes",
    "conversation": "messages",
}
STYLES = ("auto", "messages", "query-response")

# Findings of one code beyond this many are summarized (keeps memory flat on huge files).
MAX_PER_CODE = 100
# A record spread over several physical lines is looked for up to this size.
JOIN_LIMIT = 64 * 1024 * 1024
