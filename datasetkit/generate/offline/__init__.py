"""The offline generator: grounded test cases from the knowledge itself, no API needed.

:mod:`.generator` fills a plan's slots from each chunk's candidates; :mod:`.forms` is
the registry of question forms that make them (one module per form, in ``forms/text/``
and ``forms/tables/``); :mod:`.text` and :mod:`.tables` read a chunk for the forms and
ask them in order; :mod:`.candidate` is what a form makes, :mod:`.context` what is known
of a document, :mod:`.naming` how a question names what it is about, :mod:`.repeats`
what keeps a set free of repeats, :mod:`.language` the templates and English wording,
and :mod:`.starter` the placeholder starter set.
"""
