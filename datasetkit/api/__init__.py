"""The public Python API: the functions and result types ``import datasetkit`` exposes, and
what the command line needs of the library (it imports nothing below this layer).

:mod:`.reading` (load, loads, iter_cases), :mod:`.writing` (dump, dumps), :mod:`.checking`
(validate, lint), :mod:`.converting` (convert, migrate), :mod:`.knowledge` (ingest,
generate); :mod:`.results` holds the reports they return and :mod:`.sources` what they
read from and write to (paths, file objects, bytes, dicts, Datasets).

What the commands need besides, not in ``datasetkit.__all__``: :mod:`.generation` (the
options, providers and checks of ``datasetkit generate``), :mod:`.linting` (the rule
catalogue, fixes and stats), :mod:`.formats`, :mod:`.schemas`, :mod:`.starting` (init's
templates), :mod:`.review` (the review sheet) and :mod:`.runtime` (signal handlers, the
last error boundary, atomic writes, locks).
"""
