"""Peer tools' dataset files: promptfoo, Ragas, DeepEval, OpenAI Evals, prompt flow.

Each is detected from its content (the tool's marker fields), read into the canonical
model and, for promptfoo, Ragas and DeepEval, written back so a set can move into
those tools. Importing this package registers the formats.
"""

from __future__ import annotations

from datasetkit.formats import register
from datasetkit.formats.peers.deepeval import DeepEvalFormat
from datasetkit.formats.peers.openai_evals import OpenAIEvalsFormat
from datasetkit.formats.peers.promptflow import PromptflowFormat
from datasetkit.formats.peers.promptfoo import PromptfooFormat
from datasetkit.formats.peers.ragas import RagasFormat

register(PromptfooFormat())
register(RagasFormat())
register(DeepEvalFormat())
register(OpenAIEvalsFormat())
register(PromptflowFormat())

__all__ = [
    "DeepEvalFormat",
    "OpenAIEvalsFormat",
    "PromptflowFormat",
    "PromptfooFormat",
    "RagasFormat",
]
