"""The offline question forms and their registry (``forms.registry``).

Each form is a mechanism many documents share, with the function that asks it: text
forms (``forms.text``: headings, lists, sections, sentences) and table forms
(``forms.tables``). A form module registers its forms with ``registry.form``, declaring
what the form reads, its place in the order, the question type it makes and the
languages it works in; every module here is found and imported on first use. Adding a
form is one module here and its test.
"""
