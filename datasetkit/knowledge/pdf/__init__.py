"""PDF knowledge files read as a person reads them: geometry, columns, running furniture,
tables, headings and paragraphs.
"""
