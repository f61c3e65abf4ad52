"""``lint --fix``: the fixes that cannot change what a test case means, applied in place.

Each fix is registered beside its rule (:func:`datasetkit.lint.registry.fixes`, in
:mod:`datasetkit.lint.rules`) and edits a view of the file (:mod:`.edits`), so the
formatting of everything it does not fix is kept; :mod:`.apply` runs the fixes of the
rules that fired on a file, checks the result and writes it with a backup.
"""
