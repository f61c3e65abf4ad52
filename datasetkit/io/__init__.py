"""Bytes in and out: atomic writes and backups, decoding, tolerant CSV, the Office zip guard,
staging and in-place edits, the paths a user typed, exclusions, shipped resources, and the
error boundary that explains what escapes a reader or writer. Imports only :mod:`datasetkit.core`.
"""
