"""Knowledge files (text, Markdown, CSV, Word, Excel, PDF) read into Documents with provenance.

``load(paths, max_size)`` is the entry point; each loader keeps where every piece of
text came from (file, page, heading path, sheet, row, line) and reports what it could
not read as a Problem on the Document, never skipping it silently.
"""

from __future__ import annotations

from datasetkit.knowledge.guard import DEFAULT_MAX_SIZE, Limits, parse_size
from datasetkit.knowledge.loader import KNOWLEDGE_SUFFIXES, expand_paths, load, load_file
from datasetkit.knowledge.model import Document, Problem, Provenance, Section

__all__ = [
    "DEFAULT_MAX_SIZE",
    "KNOWLEDGE_SUFFIXES",
    "Document",
    "Limits",
    "Problem",
    "Provenance",
    "Section",
    "expand_paths",
    "load",
    "load_file",
    "parse_size",
]
