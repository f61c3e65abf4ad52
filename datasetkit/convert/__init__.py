"""Conversion between formats through the canonical model: one entry that picks the path
(whole, streamed, streamed to M365, Foundry fast path) and the result it reports.
"""
