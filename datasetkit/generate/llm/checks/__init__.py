"""Whether a candidate becomes a case: evidence found in the source, the quality gate,
language, near-duplicates, the checks of each reply kind, suggested evaluators, and the
review of each selected case by a critic and a judge.
"""
