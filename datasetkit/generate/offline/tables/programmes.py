"""A programme's table read as time slots: each row a time or a time span with what
happens then, under the day its date column (or a row of its own) last named.

Trip programmes, event agendas, tournament plans and daily timetables set out one slot
a row: a time column ("09h00 - 17h00", "10:30–11:30", "8:15 am"), a column that says
what happens, often a day column filled only on a day's first row (or a row that holds
the day alone). A reader asks when something happens ("What time is dinner on the
second day?") and what happens on a day: each slot is asked when, by what happens and
its day, answered by the day and the time; each day is asked what is planned, answered
by every slot of it in order. A slot is asked only when its name is said once on its
day (two slots of one name on a day would have two answers), its cells are clean text
(a damaged character of the text layer is no name to quote), and the table's own
document names the event it plans (its title without the word for a programme).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.view import TableChunk, TableView
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

_CLOCK = r"(?:[01]?\d|2[0-3])(?:\s?[:h.]\s?[0-5]\d|h)(?:\s?(?:[ap]\.?m\.?))?|\d{1,2}\s?[ap]\.?m\.?"
_ZONE = r"(?:\s*(?:uhr|h|[A-Z]{2,4}T?|CET|CEST|BST|UTC|GMT))?"
# A cell that is a time or a span of two ("09h00 - 17h00", "10:30–11:30 Uhr", "8 am").
SLOT_TIME = re.compile(
    rf"(?i)^(?:(?:from|ab|von|de|dès|desde|a las)\s+)?(?P<start>{_CLOCK})"
    rf"(?:\s*(?:-|–|—|to|bis|à|a|au|hasta)\s*(?P<end>{_CLOCK}))?{_ZONE}$"
)
_MONTHS = (
    r"jan(?:uary|vier|uar|\.)?|feb(?:ruary|ruar|\.)?|févr(?:ier|\.)?|fevrier|mar(?:ch|s|\.)?|märz|"
    r"apr(?:il|\.)?|avr(?:il|\.)?|may|mai|jun(?:e|i)?|juin|jul(?:y|i)?|juil(?:let|\.)?|"
    r"aug(?:ust|\.)?|août|aout|sep(?:t(?:ember|embre)?|\.)?|oct(?:ober|obre|\.)?|okt(?:ober)?|"
    r"nov(?:ember|embre|\.)?|dec(?:ember|\.)?|déc(?:embre|\.)?|dez(?:ember)?|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre"
)
_WEEKDAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun|"
    r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|"
    r"montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|"
    r"lunes|martes|miércoles|jueves|viernes|sábado|domingo"
)
# A cell that names a day: a date, a weekday (with its date), "Day 2" / "Jour 2" / "Tag 2".
DAY = re.compile(
    rf"(?i)^(?:(?:{_WEEKDAYS})\.?,?\s*)?(?:"
    rf"\d{{1,2}}\.?\s*(?:{_MONTHS})\.?(?:\s+\d{{4}})?|"
    rf"(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|"
    r"\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?|\d{4}-\d\d-\d\d"
    rf")$|^(?:{_WEEKDAYS})$|^(?:day|jour|tag|día|dia)\s+\d{{1,2}}$"
)
# Words a title uses for the programme itself, not for what it plans.
_PROGRAMME_WORD = re.compile(
    r"(?i)\b(?:chronogramme|programme|program|programm|agenda|schedule|timetable|"
    r"itinerary|itinéraire|planning|zeitplan|ablauf(?:plan)?|tagesplan|"
    r"cronograma|programa|horario|emploi du temps|déroulé|deroulement|déroulement)\b"
    r"(?:\s+(?:of|for|du|de la|de l['’]|des|de|der|des|für|del|de los|de las)\b)?"
)
_DAMAGED = re.compile("[\ufffd\u25a1]")
_MAX_NAME_WORDS = 9
_MIN_SLOTS = 3


@dataclass(frozen=True)
class Slot:
    """One row of a programme: its day (None when the table names none), its time as
    the cell gives it, what happens then."""

    row: Section
    day: str | None
    start: str
    end: str | None
    what: str


@dataclass(frozen=True)
class Programme:
    """A table read as a programme: its slots in order and the columns they come from."""

    slots: tuple[Slot, ...]
    time: str
    what: str
    day: str | None


def programme_of(view: TableView) -> Programme | None:
    """The table's slots, when one column holds times on most rows and another says what
    happens; None for any other table."""
    names = list(view.columns)
    # The rows with a day's band rows (a row that holds the day alone, which the view
    # reads as a group label).
    rows = [r for r in (view.sections or view.rows) if r.record]
    time = next((n for n in names if _mostly(view.columns[n].values, SLOT_TIME)), None)
    if time is None:
        return None
    days = {n: [(r.record or {}).get(n, "") for r in rows] for n in names if n != time}
    day = next((n for n, said in days.items() if _mostly(said, DAY, 2)), None)
    what = next(
        (
            n
            for n in names[names.index(time) + 1 :]
            if n != day and view.columns[n].role == "text" and _said(view.columns[n].values)
        ),
        None,
    )
    if what is None:
        return None
    slots: list[Slot] = []
    current: str | None = None
    for row in rows:
        record = row.record or {}
        said_day = (record.get(day, "") if day else "").strip()
        if said_day:
            current = said_day
        m = SLOT_TIME.match(record.get(time, "").strip())
        said = " ".join(record.get(what, "").split())
        if m is None or not said:
            continue
        slots.append(Slot(row, current, m.group("start"), m.group("end"), said))
    if len(slots) < _MIN_SLOTS:
        return None
    return Programme(tuple(slots), time, what, day)


def _mostly(values: list[str], shape: re.Pattern[str], least: int = _MIN_SLOTS) -> bool:
    """Whether at least ``least`` of the filled values, and four in five of them, match."""
    filled = [v.strip() for v in values if v.strip()]
    hits = sum(1 for v in filled if shape.match(v))
    return hits >= least and hits * 5 >= len(filled) * 4


def _said(values: list[str]) -> bool:
    """A column of words: most of its filled values hold a letter and are no time or day
    (a shift's end time, "6.30 PM", says no event)."""
    filled = [v.strip() for v in values if v.strip()]
    words = sum(
        1
        for v in filled
        if re.search(r"[^\W\d_]{2}", v) and not SLOT_TIME.match(v) and not DAY.match(v)
    )
    return len(filled) >= _MIN_SLOTS and words * 5 >= len(filled) * 4


def event_name(title: str | None) -> str | None:
    """What a programme's title says it plans, without the word for a programme
    ("<Programme word> <trip to X>" -> "<trip to X>"); None when nothing is left."""
    if not title:
        return None
    rest = _PROGRAMME_WORD.sub(" ", title)
    rest = " ".join(rest.replace("_", " ").split()).strip(" :–—-,")
    if len(rest) < 3 or not re.search(r"[^\W\d_]{3}", rest) or len(rest.split()) > 8:
        return None
    return rest


def planned_event(part: TableChunk) -> str | None:
    """The event a programme table plans, from the nearest heading above it (or the
    document's title) that calls itself a programme; None when none does."""
    path = part.rows[0].provenance.heading_path if part.rows else ()
    for heading in reversed(path):
        if _PROGRAMME_WORD.search(heading):
            return event_name(heading)
    return None


def clean(text: str) -> bool:
    """A name a question may quote: no damaged character, a few words."""
    return not _DAMAGED.search(text) and 0 < len(text.split()) <= _MAX_NAME_WORDS


def repeated(slots: tuple[Slot, ...]) -> set[tuple[str | None, str]]:
    """The (day, name) pairs said by more than one slot."""
    seen: dict[tuple[str | None, str], int] = {}
    for s in slots:
        key = (s.day, s.what.casefold())
        seen[key] = seen.get(key, 0) + 1
    return {k for k, n in seen.items() if n > 1}


def slot_candidates(part: TableChunk, programme: Programme) -> list[Candidate]:
    """ "When is <what> on <day>?" for each slot of the chunk's rows, answered by the
    day and the time."""
    from datasetkit.generate.offline.tables.slot_wording import when_answer, when_question

    event = planned_event(part)
    if event is None:
        return []
    days = {s.day for s in programme.slots}
    twice = repeated(programme.slots)
    mine = {id(r) for r in part.rows}
    out: list[Candidate] = []
    for s in programme.slots:
        if id(s.row) not in mine or not clean(s.what) or (s.day, s.what.casefold()) in twice:
            continue
        if s.day is None and len(days) > 1:
            continue
        question = when_question(part.lang, s.what, s.day, event)
        if question is None:
            continue
        answer = when_answer(part.lang, s.day, s.start, s.end)
        quotes = tuple(q for q in (s.day, s.start, s.end) if q)
        covers = frozenset({(id(s.row), programme.time)})
        out.append(
            Candidate(question, answer, _evidence(s), s.row, "lookup", 0, quotes, covers=covers)
        )
    return out


def _evidence(s: Slot) -> str:
    """The slot's row, with its day when a row of its own gives the day."""
    text = record_text(s.row.record or {})
    return text if s.day is None or s.day in text else f"{s.day}\n{text}"


def day_candidates(part: TableChunk, programme: Programme) -> list[Candidate]:
    """ "What is planned on <day>?" for each day of a programme of several days, answered
    by every slot of the day in order; a day with a damaged name is not asked."""
    from datasetkit.generate.offline.tables.slot_wording import day_question, slot_line

    event = planned_event(part)
    days: dict[str, list[Slot]] = {}
    for s in programme.slots:
        if s.day is not None:
            days.setdefault(s.day, []).append(s)
    if event is None or len(days) < 2:
        return []
    out: list[Candidate] = []
    for day, slots in days.items():
        question = day_question(part.lang, day, event)
        if question is None or not all(clean(s.what) for s in slots) or len(slots) < 2:
            continue
        answer = "\n".join(slot_line(s.start, s.end, s.what) for s in slots)
        evidence = "\n".join(_evidence(s) for s in slots)
        covers = frozenset((id(s.row), "~" + programme.what) for s in slots)
        quotes = tuple(s.what for s in slots)
        out.append(
            Candidate(question, answer, evidence, slots[0].row, "filter", 0, quotes, covers=covers)
        )
    return out
