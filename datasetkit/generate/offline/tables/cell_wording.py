"""One table cell asked as a user says it in the table's language: the property its
column names, of the row its key names, in the construction the kind of header takes.

- A property noun is asked with its article, of the row: "¿Cuál es el puerto del servicio
  Frontend?", "Quel est le prix de Duo ?", "Wie lautet die Adresse von Filiale Nord?".
- The row is named by the noun its key column's header gives when that header is one
  singular noun ("el servicio Frontend", "la variable adult"): a bare key says nothing of
  what it is.
- A plural noun over whole numbers is a count: "¿Cuántos archivos tiene la categoría
  Backend?".
- A column of remarks, details or examples holds no property of its row: no question.
- A header's symbol is said by the question's own word ("%" is "porcentaje" in Spanish).

Every construction needs the gender its language's articles show; when a noun shows none,
the caller's plainer form stands. Language data only: nothing here names a document.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.gender import gender, is_plural_form, of_noun_phrase

# Column headers whose cells remark on or detail the row rather than state a property of
# it ("What is the comment of X?" asks nothing a user would), and a column of one example
# per row (a sample value that illustrates the row; a column of examples lists content).
_REMARKS = re.compile(
    r"(?i)^(?:notes?|comments?|remarks?|details?|example|observations?|"
    r"detalles?|comentarios?|observaci(?:ón|on|ones)|notas?|ejemplo|"
    r"remarques?|commentaires?|détails?|exemple|"
    r"bemerkung(?:en)?|anmerkung(?:en)?|kommentare?|hinweise?|notiz(?:en)?|beispiel)$"
)

# A header's symbol said as the language's word (the English reading of a leading "%"
# is the one the header's words were given).
_SYMBOL_WORDS = {
    "percentage": {"es": "porcentaje", "fr": "pourcentage", "de": "Prozentsatz"},
}

# German nouns carry their gender in their last part; these endings decide it for nearly
# every noun, and a compound's last word decides the compound ("Telefonnummer" is "die").
_DE_ENDINGS = (
    ("ung", "f"),
    ("heit", "f"),
    ("keit", "f"),
    ("schaft", "f"),
    ("ion", "f"),
    ("tät", "f"),
    ("ik", "f"),
    ("enz", "f"),
    ("anz", "f"),
    ("chen", "n"),
    ("lein", "n"),
    ("ment", "n"),
    ("ismus", "m"),
    ("ling", "m"),
    ("partner", "m"),
    ("partnerin", "f"),
    ("leiterin", "f"),
    ("leiter", "m"),
)
# Last words of the common property headers whose ending decides nothing.
_DE_WORDS = {
    "adresse": "f",
    "anschrift": "f",
    "nummer": "f",
    "art": "f",
    "dauer": "f",
    "zeit": "f",
    "größe": "f",
    "farbe": "f",
    "menge": "f",
    "anzahl": "f",
    "stadt": "f",
    "straße": "f",
    "e-mail": "f",
    "mail": "f",
    "gebühr": "f",
    "summe": "f",
    "rate": "f",
    "quote": "f",
    "sprache": "f",
    "kategorie": "f",
    "version": "f",
    "name": "m",
    "preis": "m",
    "betrag": "m",
    "wert": "m",
    "typ": "m",
    "ort": "m",
    "status": "m",
    "port": "m",
    "zweck": "m",
    "zeitraum": "m",
    "termin": "m",
    "umfang": "m",
    "ansprechpartner": "m",
    "kontakt": "m",
    "prozentsatz": "m",
    "anteil": "m",
    "datum": "n",
    "telefon": "n",
    "land": "n",
    "ergebnis": "n",
    "format": "n",
    "ziel": "n",
    "gewicht": "n",
    "alter": "n",
}
_DE_THE = {"m": "der", "f": "die", "n": "das"}
_DE_OF_THE = {"m": "vom", "f": "von der", "n": "vom"}

# A column of whole counts: "12", "25+", "1.200".
WHOLE_COUNT = re.compile(r"^\d{1,3}(?:[.,\s]\d{3})*\+?$")


def remark_column(said: str, lang: str = "") -> bool:
    """True for a column of remarks, details or one example per row (see _REMARKS). An
    English table's "Details" often holds the row's whole content (a benefit's terms), so
    English sheds only remarks, comments, notes and examples."""
    said = said.strip().rstrip(":").strip()
    if lang == "en" and said.casefold().startswith("detail"):
        return False
    return bool(_REMARKS.match(said))


def local_words(said: str, lang: str) -> str:
    """A column's words with a symbol's English reading said in ``lang``."""
    head, _, rest = said.partition(" ")
    local = _SYMBOL_WORDS.get(head.casefold(), {}).get(lang)
    return f"{local} {rest}".strip() if local else said


def de_gender(noun: str) -> str | None:
    """The gender ("m", "f", "n") a German noun shows by its last part, or None."""
    word = noun.split()[-1].casefold() if noun.split() else ""
    for known, found in sorted(_DE_WORDS.items(), key=lambda kv: -len(kv[0])):
        if word == known or (word.endswith(known) and len(word) - len(known) >= 3):
            return found
    for ending, found in _DE_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 2:
            return found
    return None


def _key_phrase(label: str, key_noun: str | None, lang: str) -> str | None:
    """ "del servicio Frontend", "de la catégorie X", "vom Dienst X": the row by its key's
    noun; None when there is no such noun or it shows no gender."""
    if key_noun is None or label.casefold().startswith(key_noun.casefold()):
        return None
    if lang == "de":
        g = de_gender(key_noun)
        return f"{_DE_OF_THE[g]} {key_noun} {label}" if g else None
    return of_noun_phrase(f"{key_noun} {label}", lang)


def row_subject(label: str, key_noun: str | None, lang: str) -> str:
    """The row as the subject of a verb ("la categoría Backend", "le service X", "die
    Abteilung X"), named by its key's noun; the bare key when there is no such noun or it
    shows no gender."""
    if key_noun is None or label.casefold().startswith(key_noun.casefold()):
        return label
    if lang == "de":
        noun = key_noun.capitalize()
        g = de_gender(noun)
        return f"{_DE_THE[g]} {noun} {label}" if g else label
    of = of_noun_phrase(f"{key_noun} {label}", lang)
    if of is None:
        return label
    # "del X" / "du X" -> "el X" / "le X"; "de la X" / "de l'X" -> "la X" / "l'X".
    for lead, said in (("del ", "el "), ("du ", "le "), ("des ", "les "), ("de ", "")):
        if of.startswith(lead):
            return said + of[len(lead) :]
    return label


def worded_cell(
    said: str, label: str, lang: str, key_noun: str | None = None, whole: bool = False
) -> str | None:
    """The question for one cell in ``lang`` (es, fr, de): ``said`` is the asked column
    as words, ``label`` the row's key, ``key_noun`` what a row is (from the key column's
    header), ``whole`` whether the column holds whole counts; None when no construction
    fits or the column holds remarks (see remark_column)."""
    said = local_words(said.strip().rstrip(":").strip(), lang)
    if not said or remark_column(said):
        return None
    of_row = _key_phrase(label, key_noun, lang)
    head = said.split()[0]
    if lang == "de":
        return _de(said, label, of_row)
    # French writes plurals in -s and -x after any vowel ("-us" included), as the other
    # French table forms read them; Spanish plurals by the language's one rule.
    plural = (
        len(head) > 4 and head.endswith(("s", "x"))
        if lang == "fr"
        else is_plural_form(head.casefold(), lang)
    )
    g = gender(head, lang)
    if g is None:
        return None
    if lang == "es":
        return _es(said, label, of_row, g, plural and whole)
    if lang == "fr":
        return _fr(said, label, of_row, g, plural, whole)
    return None


def _es(said: str, label: str, of_row: str | None, g: str, counted: bool) -> str | None:
    row = of_row or f"de {label}"
    if counted:
        # The row as the subject of "tiene": "la categoría Backend", "el servicio X".
        subject = "el " + row[4:] if row.startswith("del ") else row[3:]
        return f"¿{'Cuántas' if g == 'f' else 'Cuántos'} {said} tiene {subject}?"
    if is_plural_form(said.split()[0].casefold(), "es"):
        return f"¿Cuáles son {'las' if g == 'f' else 'los'} {said} {row}?"
    if g == "f" and re.match(r"(?i)^h?[aá]", said):
        return None  # a stressed "a" takes "el" ("el agua"): not guessed
    return f"¿Cuál es {'la' if g == 'f' else 'el'} {said} {row}?"


def _fr(said: str, label: str, of_row: str | None, g: str, plural: bool, whole: bool) -> str | None:
    row = of_row or f"de {label}"
    vowel = said[:1].casefold() in "aeiouéèêàâîôû"
    if plural and whole:
        return f"Quel est le nombre {'d’' if vowel else 'de '}{said} {row} ?".replace("’", "'")
    if plural:
        return f"{'Quelles' if g == 'f' else 'Quels'} sont les {said} {row} ?"
    if said[:1] in "hH":
        return None  # "h" muet or aspiré: not guessed
    art = "l'" if vowel else ("la " if g == "f" else "le ")
    return f"{'Quelle' if g == 'f' else 'Quel'} est {art}{said} {row} ?"


# A German header for a device or a channel that a form means as its number ("Telefon":
# the telephone number), said as the number a user asks for.
_DE_NUMBERED = re.compile(r"(?i)^(?:telefon|tel\.?|fax|mobil|handy)$")
# A German header that names a person by their role: asked "Wer ist ...?".
_DE_ROLE = re.compile(r"(?i)(?:partner|partnerin|leiter|leiterin|person|betreuer|betreuerin)$")


def _de(said: str, label: str, of_row: str | None) -> str | None:
    if _DE_NUMBERED.match(said):
        said = f"{said.rstrip('.').capitalize()}nummer".replace("Telnummer", "Telefonnummer")
    g = de_gender(said)
    if g is None:
        return None
    row = of_row or f"von {label}"
    if _DE_ROLE.search(said) and g != "n":
        return f"Wer ist {_DE_THE[g]} {said} {row}?"
    return f"Wie lautet {_DE_THE[g]} {said} {row}?"
