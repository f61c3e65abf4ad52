"""The forms that ask tables: one cell, a whole row, and the rows with a value, the
highest and lowest values and a small table of figures, computed over the whole table."""
