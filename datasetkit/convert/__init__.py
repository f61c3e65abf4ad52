"""Conversion between formats through the canonical model: :mod:`.entry` builds one
:class:`.job.ConvertJob` and picks the path that runs it (:mod:`.whole`, :mod:`.streamed`,
:mod:`.to_m365`, or the Foundry fast path through :mod:`.fast`), and :mod:`.result` is
what it reports.
"""
