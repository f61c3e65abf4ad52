"""promptfoo tests: the CSV (``format``), YAML/JSON/JSONL test files and configs
(``suites``), their ``file://`` and list vars (``files``), and the assertions and var
roles both share (``assertions``)."""

from datasetkit.formats.peers.promptfoo.assertions import parse_assertion
from datasetkit.formats.peers.promptfoo.format import FORMAT, PEER, PromptfooFormat

__all__ = ["FORMAT", "PEER", "PromptfooFormat", "parse_assertion"]
