"""Excel ``.xlsx``/``.xlsm`` knowledge files read as a person sees the workbook: the package
parts, number formats and dates, table blocks and their header rows.
"""
