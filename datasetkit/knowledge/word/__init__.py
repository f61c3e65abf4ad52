"""Word ``.docx`` knowledge files read as a person reads them: styles, lists, tables, notes,
comments, headers and footers.
"""
