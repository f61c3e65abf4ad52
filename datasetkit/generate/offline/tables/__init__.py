"""Tables as the table forms read them (columns, their roles and names, what names a row)
and the pass that asks every table form of the registry over a chunk."""
