"""A task said by the reader who asks it.

A purpose clause or a heading states a task for anyone ("um sich anzumelden", "para
darse de baja", "pour s'inscrire"); the question asks it in the first person ("Wie kann
ich ...?", "¿Cómo puedo ...?", "Comment puis-je ...?"), so the reflexive pronoun and the
reader's own words must agree with "ich", "yo" and "je": "mich anmelden", "darme de
baja", "m'inscrire". Left as written, every reflexive task is ungrammatical.
"""

from __future__ import annotations

import re

# German: the reader's words and the reflexive, accusative (the case nearly every
# reflexive verb of a task takes: "sich anmelden", "sich informieren").
READER_DE = {
    "dein": "mein",
    "deine": "meine",
    "deinen": "meinen",
    "deinem": "meinem",
    "deiner": "meiner",
    "deines": "meines",
    "dich": "mich",
    "dir": "mir",
    "sich": "mich",
}
_ES = {"su": "mi", "sus": "mis", "tu": "mi", "tus": "mis", "se": "me"}
# A Spanish infinitive with its reflexive attached ("registrarse", "darse", "inscribirse").
_ES_ENCLITIC = re.compile(r"^([a-záéíóúñ]+(?:ar|er|ir|ír))se\b", re.IGNORECASE)
# A French task that opens with the reflexive ("s'inscrire", "se désinscrire").
_FR_REFLEXIVE = re.compile(r"^(?:(s)'|(se) )", re.IGNORECASE)


def said_by_reader(task: str, lang: str) -> str:
    """``task`` in the words of the reader who asks it, in German, Spanish or French
    (other languages unchanged: English has its own ``first_person``)."""
    if lang == "de":
        return " ".join(READER_DE.get(w, w) for w in task.split())
    if lang == "es":
        task = _ES_ENCLITIC.sub(r"\1me", task, count=1)
        return " ".join(_ES.get(w.lower(), w) for w in task.split())
    if lang == "fr":
        return _FR_REFLEXIVE.sub(lambda m: "m'" if m.group(1) else "me ", task, count=1)
    return task


# A main clause that a passive or a past tense opens ("..., werden Räume angemietet",
# "..., wurde ein Kurs angeboten", "..., fueron creados ...") reports what is or was
# done by someone, not what the reader does: a report or a description, no instruction.
_REPORTED = {
    "de": re.compile(
        r"(?i)^(?:werden|wird|wurde|wurden|worden|ist|sind|war|waren|hat|haben|hatte|hatten|"
        r"gab|gibt)\b"
    ),
    "es": re.compile(
        r"(?i)^(?:fue|fueron|era|eran|ha|han|hemos|había|habían|son|está|están|estaba|"
        r"estaban)\b"
    ),
}
# German says an instruction with "sein" and a "zu" infinitive too ("..., ist der Antrag
# bis Mai einzureichen"): still the reader's task.
_DE_TO_DO = re.compile(r"(?i)(?:\bzu [a-zäöü]+en|[a-zäöü]+zu[a-zäöü]+en)\W*$")


def reports_done(main: str, lang: str) -> bool:
    """Whether the clause after a purpose clause says what is or was done rather than
    what the reader does (the question "How can I ...?" would not be answered by it)."""
    pattern = _REPORTED.get(lang)
    said = main.strip().rstrip(":").strip()
    if pattern is None or not pattern.match(said):
        return False
    return not (lang == "de" and _DE_TO_DO.search(said))
