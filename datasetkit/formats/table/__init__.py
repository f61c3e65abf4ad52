"""Generic spreadsheets: any xlsx or csv table read as a dataset (the ``sheet`` format).

:mod:`.format` registers it; :mod:`.csv_reader` and :mod:`.workbook_reader` find the header
row and data rows, :mod:`.sheet` holds a table with its column roles, :mod:`.cases` makes
the cases.
"""

from datasetkit.formats.table.format import SheetFormat

__all__ = ["SheetFormat"]
