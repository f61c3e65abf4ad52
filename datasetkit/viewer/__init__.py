"""The review page: a local web page over datasets, to keep, edit or discard each case.

``datasetkit view`` (and :func:`datasetkit.view`) serve it. It sits above ``generate`` and
below ``api``: it reads datasets through the format readers, checks them with ``lint``
(and ``validate``), shows generated cases beside their source passage, runs the quality
gate of ``generate`` on an edited case, and saves through the format writers and the
in-place machinery of ``io.inplace``.

:mod:`.session` holds the open datasets and answers the page; :mod:`.opened` reads and
checks one file; :mod:`.placing` puts each finding on its case and field; :mod:`.detail`
is what the page shows of one case; :mod:`.passages` finds a generated case's source
passage; :mod:`.checking` checks an edit live; :mod:`.saving` writes the decisions;
:mod:`.server` is the HTTP server and its safety (token, Host check, page policy);
``page/`` holds the page itself (plain HTML, CSS and JavaScript, no build step).
"""
