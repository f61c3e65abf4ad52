"""The public Python API: the functions and result types ``import datasetkit`` exposes.

:mod:`.datasets` (load, dump, validate, lint, convert, migrate), :mod:`.knowledge` (ingest,
generate), :mod:`.results` (the reports they return). The command line calls these, and
:mod:`.generation` for what ``datasetkit generate`` needs besides (not in ``__all__``).
"""
