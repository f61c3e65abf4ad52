"""Which cells of a table are worth a lookup question, whatever the table is about.

A lookup asks one cell by its row's name ("What is the weight of Basecamp 6?"). It is no
question a user asks when a guess from the question answers it or when the answer is
no words a user wants read out:

- the answer restates the row's name: an abbreviation and its expansion ("NC" -> "Not
  connected", "Ground" -> "GND"), or the same word;
- the answer is a stored name ("RS_RIESGO") or a file's name ("informe_2024.xlsx");
- the column gives an example of each row ("Example", "Beispiel", "Ejemplo") as a literal
  value ("4711" of a number type): the row's own illustration, no fact about it.

A note, comment or remark column is free text said of one row: no user asks which row
has a given note, so it is never asked in reverse (a filter by value).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.identifiers import stored_answer

# A file's name as a cell holds it: no space, a dot and a document's or data file's
# extension.
_FILE_NAME = re.compile(
    r"(?i)[\w()-]+(?:\.[\w()-]+)*\.(?:pdf|docx?|xlsx|xlsm|xls|csv|tsv|txt|pptx?|json|jsonl|"
    r"xml|ya?ml|sql|py|js|rdl|pbix|twbx?)"
)
# A column of examples, in English, German, French, Spanish, Portuguese and Italian,
# also "Example value", "Beispielwert".
_EXAMPLE = re.compile(
    r"(?i)^(?:examples?|samples?|e\.?\s?g\.?|beispiel(?:e|wert|werte)?|exemples?|ejemplos?|"
    r"exemplos?|esempi[oi]?)(?:\s+(?:values?|wert|valeurs?|valor(?:es)?))?\s*:?$"
)
# A column of remarks about a row, in the same languages.
_NOTE = re.compile(
    r"(?i)^(?:(?:additional\s+|other\s+)?(?:notes?|comments?|remarks?|observations?)|"
    r"bemerkung(?:en)?|anmerkung(?:en)?|hinweise?|kommentare?|notas?|observaci[oó]n(?:es)?|"
    r"comentarios?|remarques?|commentaires?|osservazion[ei])\s*:?$"
)
# "Note" is a grade in German and French: a column of grades is asked in reverse.
_GRADE = re.compile(r"(?i)note[ns]?")


# A word that names something: four letters or more, not a literal of a program.
_WORD = re.compile(r"(?<![\w'\"])(?!(?:true|false|null|none|nil)\b)[^\W\d_]{4,}", re.I)


def example_column(header: str) -> bool:
    """True for a column that gives an example of each row ("Example", "Beispiel")."""
    return bool(_EXAMPLE.match(header.strip()))


def example_literal(header: str, value: str) -> bool:
    """True for a cell of an example column that is a literal value ("4711", "'a'",
    "21 > 42"), the row's illustration; examples that name things ("Epoxy paints" of a
    toxicity class) are members of the row, worth asking."""
    return example_column(header) and _WORD.search(value) is None


def note_column(header: str, lang: str) -> bool:
    """True for a column of remarks about a row ("Notes", "Bemerkung", "Observaciones")."""
    if lang in ("de", "fr") and _GRADE.fullmatch(header.strip()):
        return False
    return bool(_NOTE.match(header.strip()))


def raw_answer(value: str, header: str = "") -> bool:
    """True for a cell that is a stored name or a file's name, no answer a user wants
    (a file's name is the answer in a column that holds files: "Related file", "Anhang")."""
    text = value.strip()
    if not text or stored_answer(text):
        return bool(text)
    return _FILE_NAME.fullmatch(text) is not None and not _FILES.search(header)


# A column whose header says it holds files or attachments, in en/de/fr/es.
_FILES = re.compile(
    r"(?i)\b(?:files?|attachments?|documents?|deliverables?|dateien|datei|anh[äa]nge?|"
    r"anlagen?|dokumente?|fichiers?|pi[èe]ces? jointes?|archivos?|adjuntos?|documentos?)\b"
)


def _letters(text: str) -> str:
    return re.sub(r"[\W\d_]+", "", text.casefold())


def _in_order(short: str, long: str) -> bool:
    """Whether every letter of ``short`` stands in ``long``, in the same order."""
    rest = iter(long)
    return all(ch in rest for ch in short)


def restates_key(label: str, value: str) -> bool:
    """True when the cell says the row's name again: one of the two is a single word whose
    letters stand, in order and from the first, in the other's, and the other's words
    start with letters of it ("GND" and "Ground", "NC" and "Not connected", "V" and
    "Voltage", "age_grp" and "Age group"); a question by either answers with the other."""
    short, long = sorted((label.strip(), value.strip()), key=len)
    if not short or len(short.split()) > 1 or len(long.split()) > 5:
        return False
    if re.sub(r"\D", "", short) != re.sub(r"\D", "", long):
        return False  # codes with other numbers ("R0.012", "R2.012") name other things
    s, word = _letters(short), _letters(long)
    if not s or not word or s[0] != word[0]:
        return False
    initials = "".join(_letters(w)[:1] for w in long.split())
    return _in_order(s, word) and _in_order(initials, s)


# One token of letters and digits ("R0.012", "B-204", "X12"): a code, no word.
_CODE = re.compile(r"(?=[^\s]*\d)(?=[^\s]*[^\W\d_])[\w.\-/]{2,16}")


def _shape(code: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[^\W\d_]+", "a", code))


def code_for_code(label: str, value: str) -> bool:
    """True when a row named by a code is asked for another code of the same shape (room
    "R0.012" -> room "R2.012"): a mapping between codes, which no user asks by name."""
    a, b = label.strip(), value.strip()
    return bool(_CODE.fullmatch(a) and _CODE.fullmatch(b)) and _shape(a) == _shape(b)
