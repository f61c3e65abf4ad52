"""The tools Foundry knows by name: built into the SDK, hosted by the service, or rejected
by the tool evaluators (the evaluation-dataset spec, §8).

The reader's checks and lint's rules both ask these lists.
"""

from __future__ import annotations

# Tools the SDK knows without a definition.
FOUNDRY_BUILTIN_TOOLS = frozenset(
    {
        "code_interpreter",
        "bing_grounding",
        "bing_custom_search",
        "file_search",
        "azure_ai_search",
        "sharepoint_grounding",
        "fabric_dataagent",
    }
)

# Tools the service runs itself (hosted, "built-in"): the agent never sends their results
# back as tool messages, so AIAgentConverter output often has the call and no result
# (bing_grounding never has one; the others only when the run kept an output).
FOUNDRY_HOSTED_TOOLS = FOUNDRY_BUILTIN_TOOLS | frozenset(
    {
        "web_search",
        "web_search_preview",
        "browser_automation",
        "computer_use_preview",
        "image_generation",
        "deep_research",
        "azure_fabric",
        "microsoft_fabric",
        "sharepoint",
    }
)

# Tool names the tool evaluators reject outright.
FOUNDRY_UNSUPPORTED_TOOLS = frozenset(
    {
        "bing_custom_search",
        "bing_grounding",
        "browser_automation",
        "code_interpreter_call",
        "computer_call",
        "openapi_call",
        "web_search",
    }
)
