"""Facts about the Copilot Studio import files: limits, template headers and comments, test methods."""

from __future__ import annotations

from dataclasses import dataclass

FORMAT = "copilot-studio"
CONVERSATION_FORMAT = "copilot-studio-conversation"
EXT = "copilot_studio"
SIDECAR_SUFFIX = ".setup.md"

MAX_CASES = 100
QUESTION_WARN = 500
QUESTION_MAX = 1000
CONVERSATION_QUESTION_MAX = 500
# Conversations whose pairs exceed this fail in every known template.
CONVERSATION_HARD = (50, 8)


@dataclass(frozen=True)
class ConversationLimits:
    """How many conversations a file and pairs a conversation may hold."""

    conversations: int
    pairs: int


CONVERSATION_LIMITS = {
    # Learn and the skills repo: 20 cases, 6 pairs; the strictest known caps.
    "strict": ConversationLimits(20, 6),
    # The EvalConversationTemplate.csv downloaded in May 2026.
    "template-2026-05": ConversationLimits(50, 8),
}

# Template name -> header row.
TEMPLATES: dict[str, list[str]] = {
    "docs": ["Question", "Expected response"],
    "current": ["question", "expectedResponse"],
    "g2": ["question", "expectedResponse", "testMethodType", "passingScore"],
    "ess": ["Prompt", "Expected response", "Test Method Type", "Passing Score"],
}
# Other names a template is known by (older generations, informal ones) -> template name.
TEMPLATE_ALIASES = {"g3": "current", "documentation": "docs", "classic": "docs"}
CONVERSATION_HEADER = ["conversationNumber", "question", "response"]

# The comment block of the current template (mcs-labs, April 2026), cell by cell.
CURRENT_COMMENTS = [
    "# Import the test cases you want to use to test your agent",
    "#",
    "# Limitations",
    "# - maximum of 100 questions",
    "# - maximum 500 characters per question including spaces",
    "#",
    "# Imported columns",
    "# question - User question that the agent will answer.",
    "# expectedResponse - Expected responses to run match, similarity and compare meaning test cases.",
    "#",
    "# Test methods",
    "# - Test methods are not included in this template. You can configure test methods after importing the test cases.",
    "# - Initially, the default test method will be added to the imported test set.",
    "#",
    "# For more information, see the documentation.",
    "#",
]
# The comment block of the February 2026 template (padded to four columns).
G2_COMMENTS = [
    "# Import the test cases you want to use to test your agent",
    "#",
    "# Limitations",
    "# - maximum of 100 questions",
    "# - maximum 500 characters per question including spaces",
    "#",
    "# Imported columns",
    "# Question - User question that the agent will answer.",
    "# Expected response - Expected responses to run match, similarity and compare meaning test cases.",
    "# Test method type - There are a few kinds of test methods to evaluate your agent's responses: GeneralQuality, TextSimilarity, CompareMeaning, PartialMatch, ExactMatch.",
    "# Passing score - This threshold is the cut-off score that separates pass from fail. You can set the passing scores for similarity and compare meaning test cases.",
    "#",
    "# For more information, see the documentation.",
    "#",
]
# The comment block of EvalConversationTemplate.csv (May 2026).
CONVERSATION_COMMENTS = [
    "# Import conversations to test your agent.",
    "#",
    "# Limitations",
    "# - 8 question-and-answer pairs max per conversation.",
    "# - 50 conversations max.",
    "# - 500 characters max per question, including spaces.",
    "#",
    "# Imported columns",
    "# conversationNumber - Identifies each conversation. All questions and responses with the same conversation number will run as a single test case against the agent.",
    "# question - The user prompt that the agent will respond to.",
    "# response - The reference agent reply. This field is optional. The agent response isn't compared to this reference answer.",
    "#",
    "# Test methods",
    "# - Test methods are not included in this template. You can select them after importing the test cases.",
    "# - By default, the 'General quality' test method is added to the imported test set.",
    "#",
    "# For more details, refer to the documentation: https://go.microsoft.com/fwlink/?linkid=2335991",
    "#",
]

# Compact header -> role. "prompt" is Microsoft's ESS sample wording for the question.
ROLE_BY_HEADER = {
    "question": "question",
    "prompt": "question",
    "expectedresponse": "expected",
    "testmethodtype": "method",
    "testingmethod": "method",
    "testmethod": "method",
    "passingscore": "score",
    "conversationnumber": "conversation",
    "response": "response",
}
# Headers of a Power CAT Copilot Studio Kit test list (a different, Dataverse model).
KIT_HEADERS = {"testutterance", "testtype", "agenttestset"}

# Test method ids (the export/template enum) and their UI names.
METHOD_LABELS = {
    "GeneralQuality": "General quality",
    "CompareMeaning": "Compare meaning",
    "TextSimilarity": "Text similarity",
    "ExactMatch": "Exact match",
    "PartialMatch": "Keyword match (partial match)",
    "KeywordMatch": "Keyword match",
    "ToolUse": "Tool use",
    "CapabilityUse": "Tool use (capability use)",
    "ContentSafety": "Content safety",
    "Custom": "Custom",
}
# Compact spelling (ids, UI names old and new) -> id.
METHOD_ALIASES = {
    "generalquality": "GeneralQuality",
    "quality": "GeneralQuality",
    "aimetrics": "GeneralQuality",
    "comparemeaning": "CompareMeaning",
    "textsimilarity": "TextSimilarity",
    "similarity": "TextSimilarity",
    "exactmatch": "ExactMatch",
    "partialmatch": "PartialMatch",
    "keywordmatch": "KeywordMatch",
    "tooluse": "ToolUse",
    "capabilityuse": "CapabilityUse",
    "capabilitiesmatch": "CapabilityUse",
    "contentsafety": "ContentSafety",
    "custom": "Custom",
    "classification": "Custom",
}
# Methods graded on a 0-100 score with a passing score.
SCORED_METHODS = {"CompareMeaning", "TextSimilarity"}
# Methods that compare against the expected response (a case without one grades Invalid).
NEEDS_EXPECTED = {"CompareMeaning", "TextSimilarity", "ExactMatch", "PartialMatch"}
# Methods a conversation set cannot use (Learn: single response only).
SINGLE_ONLY = {"CompareMeaning", "TextSimilarity", "ExactMatch"}
# Lines of a .txt question list that are harness commands, not questions.
TXT_COMMANDS = {"exit", "quit", "bye", "q", "stop"}
# M365 evaluators that General quality stands for (it judges relevance, groundedness,
# completeness; M365 runs Relevance + Coherence when nothing else is set).
QUALITY_EVALUATORS = ("Relevance", "Coherence", "Groundedness")
