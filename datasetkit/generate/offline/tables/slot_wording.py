"""How a programme's questions and answers are said in each language it is asked in:
when something happens (on a day, at an event) and what is planned on a day.

The name of what happens is quoted as the programme writes it (it is a label of the
programme, often a noun phrase without its article), and the event is named in the
question, for a reader who asks it without the programme at hand."""

from __future__ import annotations

_OPEN = {"en": "“", "de": "„", "fr": "« ", "es": "«"}
_CLOSE = {"en": "”", "de": "“", "fr": " »", "es": "»"}


def _quoted(lang: str, text: str) -> str:
    return f"{_OPEN[lang]}{text}{_CLOSE[lang]}"


def when_question(lang: str, what: str, day: str | None, event: str) -> str | None:
    """ "When is “<what>” on <day> (<event>)?" in the programme's language; None for a
    language the form does not speak."""
    if lang not in _OPEN:
        return None
    q = _quoted(lang, what)
    if lang == "fr":
        on = f" le {day}" if day else ""
        return f"À quelle heure est prévu {q}{on} ({event}) ?"
    if lang == "de":
        on = f" am {day}" if day else ""
        return f"Wann ist {q}{on} ({event})?"
    if lang == "es":
        on = f" el {day}" if day else ""
        return f"¿A qué hora es {q}{on} ({event})?"
    on = f" on {day}" if day else ""
    return f"When is {q}{on} ({event})?"


def when_answer(lang: str, day: str | None, start: str, end: str | None) -> str:
    """The day and the time of a slot: "On <day>, from <start> to <end>."."""
    if lang == "fr":
        time = f"de {start} à {end}" if end else f"à {start}"
        return f"Le {day}, {time}." if day else f"{time[:1].upper()}{time[1:]}."
    if lang == "de":
        time = f"von {start} bis {end}" if end else f"um {start}"
        return f"Am {day}, {time}." if day else f"{time[:1].upper()}{time[1:]}."
    if lang == "es":
        time = f"de {start} a {end}" if end else f"a las {start}"
        return f"El {day}, {time}." if day else f"{time[:1].upper()}{time[1:]}."
    time = f"from {start} to {end}" if end else f"at {start}"
    return f"On {day}, {time}." if day else f"{time[:1].upper()}{time[1:]}."


def day_question(lang: str, day: str, event: str) -> str | None:
    """ "What is planned on <day> (<event>)?" in the programme's language."""
    if lang == "fr":
        return f"Qu'est-ce qui est prévu le {day} ({event}) ?"
    if lang == "de":
        return f"Was ist am {day} geplant ({event})?"
    if lang == "es":
        return f"¿Qué está previsto el {day} ({event})?"
    if lang == "en":
        return f"What is planned on {day} ({event})?"
    return None


def slot_line(start: str, end: str | None, what: str) -> str:
    """One slot of a day's answer: "<start>–<end>: <what>"."""
    return f"{start}–{end}: {what}" if end else f"{start}: {what}"
