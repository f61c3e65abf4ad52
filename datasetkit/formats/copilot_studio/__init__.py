"""Copilot Studio test sets: single-response and conversation CSV/TXT import files.

The format is a family, not one schema: the downloadable template changed three times
in 2025-2026 and Microsoft's own samples use other headers again. The reader accepts
every layout (``ReadResult.info["layout"]`` says which one a file is):

``docs``           ``Question,Expected response`` (the layout the documentation gives)
``current``        ``"question","expectedResponse"`` with quoted ``#`` comment rows (2026)
``g2``             ``question,expectedResponse,testMethodType,passingScore`` (Feb 2026)
``ess``            ``Prompt,Expected response,Test Method Type[,Passing Score]`` (samples)
``g1``             ``Question,Expected response,Testing method`` (2025 preview docs)
``custom``         a question column plus others (auxiliary columns are kept)
``conversation``   ``conversationNumber,question,response``
``questions-txt``  a ``.txt`` file with one question per line and no header

with a BOM or not, LF, CRLF or the broken ``\r\r\n``, trailing spaces and typographic
quotes in headers. Test methods and passing scores found in a file go into
``Case.extensions["copilot_studio"]["methods"]`` (original names kept) and, mapped,
into ``Turn.evaluators`` (see :func:`evaluators_for_methods`).

Only the question and the expected response are imported by Copilot Studio. Test
methods, passing scores, keywords and expected tools are set in the product after the
import, so the writer puts them, with each case's id, category, notes, tags, extra
columns and extensions, in a readable setup sidecar (``<name>.setup.md``) next to each
CSV; the reader reads it back when it sits beside the file (``ReadOptions.extra
["sidecar"] = False`` turns that off). A single-response set holds at most 100 cases
and a conversation set 20 (or 50), so bigger datasets are split into numbered files
(``name-1.csv``, ``name-2.csv``...), each with its sidecar. The writers live in
:mod:`.writer` (settings in :mod:`.options`, the sidecar's text in
:mod:`.sidecar_write`); :mod:`.reader`, :mod:`.checks` and :mod:`.format` read, validate
and register.

Options the writer accepts in ``WriteOptions.extra``:

``template``   ``docs`` (default), ``current``, ``g2`` or ``ess`` (see above); the
               conversation format takes ``conversation`` only. Settings may follow
               the layout, comma-separated, so one command-line option reaches them
               all: ``current,comments``, ``ess,crlf,bom``,
               ``conversation,limits=template-2026-05`` (modifiers: ``comments``,
               ``bom``, ``crlf``, ``lf``, ``minimal``, ``quote-all``, ``no-sidecar``,
               ``truncate``, ``truncate=N``, ``limits=NAME``).
``comments``   true: write the template's ``#`` comment block (``current``, ``g2``,
               conversation).
``truncate``   true: cut questions to the hard limit (1,000 characters, 500 in a
               conversation) instead of failing; a number N: cut to N characters.
               A finding is reported for every cut.
``bom``        true: start the file with a UTF-8 BOM (for Excel). Default: no BOM.
``newline``    ``lf`` (default) or ``crlf``.
``quoting``    ``all`` (quote every non-empty cell, as the templates do; default for
               ``docs``, ``current`` and conversation) or ``minimal`` (default for
               ``g2`` and ``ess``, as those files were written).
``sidecar``    false: no setup sidecar (what it would hold is then reported as lost).
``limits``     conversation only: ``strict`` (default: 20 conversations of at most
               6 question-answer pairs per file) or ``template-2026-05`` (50 and 8).

Where things are: ``spec`` (limits, templates, methods), ``methods`` (test methods <->
M365 evaluators), ``parse`` and ``reader`` (file -> parsed rows), ``cases`` (rows -> Cases),
``sidecar_read`` (reading the setup sidecar), ``checks`` (what the importer accepts),
``options``, ``writer`` and ``sidecar_write`` (writing), ``losses`` (what a write cannot
carry), ``format`` (the registered formats).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from datasetkit.core.lazy import lazy_exports
from datasetkit.formats.copilot_studio.format import (
    CopilotStudioConversationFormat,
    CopilotStudioFormat,
    looks_like_question_list,
)
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_FORMAT,
    CONVERSATION_LIMITS,
    FORMAT,
    METHOD_LABELS,
)

if TYPE_CHECKING:
    from datasetkit.formats.copilot_studio.methods import (
        evaluators_for_methods,
        method_id,
        methods_for_evaluators,
        passing_score,
        similarity_threshold,
    )
    from datasetkit.formats.copilot_studio.parse import sidecar_path
    from datasetkit.formats.copilot_studio.sidecar_read import read_sidecar
    from datasetkit.formats.copilot_studio.writer import write_conversation, write_single

# Loaded on first use: these modules import the canonical model (and pydantic).
__getattr__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(
            (
                "evaluators_for_methods",
                "method_id",
                "methods_for_evaluators",
                "passing_score",
                "similarity_threshold",
            ),
            ".methods",
        ),
        "sidecar_path": ".parse",
        "read_sidecar": "datasetkit.formats.copilot_studio.sidecar_read",
        "write_conversation": ".writer",
        "write_single": ".writer",
    },
)

__all__ = [
    "CONVERSATION_FORMAT",
    "CONVERSATION_LIMITS",
    "FORMAT",
    "METHOD_LABELS",
    "CopilotStudioConversationFormat",
    "CopilotStudioFormat",
    "evaluators_for_methods",
    "looks_like_question_list",
    "method_id",
    "methods_for_evaluators",
    "passing_score",
    "read_sidecar",
    "sidecar_path",
    "similarity_threshold",
    "write_conversation",
    "write_single",
]
