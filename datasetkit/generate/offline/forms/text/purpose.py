"""A sentence that opens with the task it tells how to do ("To clear the cache, click
Help > Clear cache.", "Um Zettlr zu entfernen, lösche ...", "Para cambiar el idioma,
abre ..."), asked "How do I <task>?" in the document's language and answered by the
sentence.

Manuals and help pages give a short instruction in one sentence: a purpose clause that
names the task, then the instruction. The task is said as the reader says it ("your"
becomes "my"); a task that points back ("To do so", "To fix this") names nothing and is
not asked, nor a sentence whose main clause is no instruction ("To be eligible, members
must ...": a rule, which the statement forms ask).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import form
from datasetkit.generate.offline.language.reader import reports_done, said_by_reader
from datasetkit.generate.offline.language.words import first_person, unnumbered
from datasetkit.generate.offline.text.lists import items_answer
from datasetkit.generate.offline.text.purpose_last import purpose_last
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Document

_OPENING = {
    "en": re.compile(r"^(?:In order )?To (?P<task>[a-z][^,;:]{5,80}), (?P<main>.{8,})$"),
    "de": re.compile(
        r"^Um (?P<obj>[^,;:]{3,80}?) (?:(?P<pre>ab|an|auf|aus|ein|fest|her|herunter|hin|hoch|"
        r"mit|nach|um|vor|weg|zu|zurück)zu(?P<joined>[a-zäöü]{3,})|zu (?P<verb>[a-zäöü]{3,})), "
        r"(?P<main>.{8,})$"
    ),
    "es": re.compile(r"^Para (?P<task>[a-záéíóúñ][^,;:]{5,80}), (?P<main>.{8,})$"),
    "fr": re.compile(
        r"^(?:Pour|Afin d['’]|Afin de) ?(?P<task>[a-zàâçéèêëîïôûù][^,;:]{5,80}), (?P<main>.{8,})$"
    ),
}
_ASK = {
    "en": "How do I {task}?",
    "de": "Wie kann ich {task}?",
    "es": "¿Cómo puedo {task}?",
    "fr": "Comment puis-je {task} ?",
}
# French says the instruction as "it suffices to", "one must", "you can", or an imperative.
_FR_INSTRUCTION = re.compile(
    r"^(?:il (?:suffit|faut)|vous (?:pouvez|devez)|tu (?:peux|dois)|on (?:peut|doit)|"
    r"[a-zéè]+ez\b)"
)
# The reader in French: "votre" is "mon" or "ma" by a gender the text does not show.
_FR_READER = re.compile(r"(?i)\b(?:vous|votre|vos|tu|ton|ta|tes|te|toi)\b")
# A task that points back at what the text said before names nothing of its own.
_POINTING = re.compile(
    r"(?i)\b(?:this|that|these|those|it|so|them|such|above|below|esto|eso|ello|lo|das|dies|"
    r"es|diese[nms]?|estos|estas|esos|esas|ces|cette|cet)\b"
)
# Words before the instruction's verb: "simply", "in the menu", "first".
_SOFT = re.compile(
    r"^(?:(?:simply|just|please|first|then|now|also|einfach|bitte|zuerst|dann|simplemente|"
    r"primero)\s+|in the [a-z]+(?: [a-z]+)?,?\s+)+",
    re.I,
)
# The instruction says what the reader does: an imperative, or "you can/must/should".
_EN_SUBJECT = re.compile(r"^you (?:can|must|should|need to|have to|will need to)\s+\S", re.I)
_EN_NOT_VERB = re.compile(
    r"(?i)^(?:the|a|an|this|that|these|those|it|its|we|they|he|she|one|there|each|every|all|"
    r"some|any|no|our|their|your|members|employees|users|customers|i)\b"
)
# A main clause that states what something does or what one does: a plural subject and
# its verb ("<things> contain ...", not an imperative: a verb that ends in one "s" is
# rare), or "you" with an adverb ("you often need ...").
_EN_STATED = re.compile(
    r"(?i)^(?:[a-z]+[^su\W]s\s+(?!(?:the|a|an|to|in|on|of|for|and|or)\b)[a-z]+\b"
    r"|you\s+(?:often|usually|generally|typically|sometimes|always|normally|\w+ly)\b)"
)
# A first word with a noun's ending ("solicitation", "payment", "attendance"): the main
# clause states a rule about a thing, it tells the reader to do nothing.
# "<Something> is prohibited ...": a ban on a thing, no step for the reader.
_EN_BANNED = re.compile(
    r"(?i)\b(?:is|are) (?:strictly |expressly )?(?:prohibited|forbidden|not (?:permitted|allowed))\b"
)
# Verbs with those endings ("implement", "reference", "document") stay instructions.
_EN_NOUN = re.compile(
    r"(?i)^(?!(?:implement|document|comment|supplement|complement|experiment|augment|"
    r"reference|commence|balance|advance|enhance|finance|influence|silence|evidence|"
    r"question|mention|position|function|section|partition|caution|sanction|station|"
    r"provision|version)$)\w{3,}(?:tion|sion|ment|ness|ity|ance|ence|ship|ism)s?$"
)
# Phrases "To ..." opens that name no task: a degree, a time, a summing up, a condition.
_EN_IDIOM = re.compile(
    r"(?i)^(?:date|be\b|sum up|summari[sz]e|conclude|illustrate|begin with|start with|"
    r"put it|my knowledge|some extent|what extent|the extent|the best of)"
)
# A German purpose clause that goes on past its first comma ("Um X zu zwingen, Y zu tun,
# ...").
_GOES_ON = re.compile(r"^[^,]*(?:\bzu [a-zäöü]+|[a-zäöü]+zu[a-zäöü]+en),")
# Not doing something is no task: "To not install ..." / "Um ... nicht zu ...".
_NEGATED = re.compile(r"(?i)\b(?:not|never|nicht|kein\w*|nie|no|nunca)\b")
# A task whose object is only a general word ("jumpstart the process") names no task
# without the text before it.
_VAGUE = re.compile(
    r"(?i)\b(?:the|den|die|das|el|la) (?:process|procedure|task|step|issue|problem|situation|"
    r"thing|matter|change|prozess|vorgang|schritt|problem|proceso|paso|problema)$"
    # "To get the best results": results of what, the text before says.
    r"|\b(?:best|better) results|mejores resultados|meilleurs résultats|"
    r"\b(?:best|better) experience|mejor experiencia|meilleure expérience|"
    r"(?:beste|bessere)n? Ergebnisse"
    # "To learn more": about what, the text before says.
    r"|^(?:learn|find out) more$|^en (?:savoir|apprendre) (?:plus|davantage)$|^saber más$"
    r"|^mehr erfahren$"
)
# French and Spanish say a purpose with an infinitive ("Para cambiar ...", "Pour installer
# ..."), after any object pronoun; "Para más detalles" / "Pour plus d'informations" name
# no task.
_INFINITIVE = {
    "es": re.compile(r"^[a-záéíóúñ]+(?:ar|er|ir|ír)(?:l[oa]s?|se|me|te|nos|les?)?\b"),
    "fr": re.compile(
        r"^(?:(?:le|la|les|se|me|te|nous|vous|y|en|lui|leur) |[lsmt]['’])?"
        r"[a-zàâçéèêëîïôûù]+(?:er|ir|re|oir)\b"
    ),
}


def _instruction(main: str, lang: str) -> bool:
    """True when the main clause tells the reader what to do."""
    said = _SOFT.sub("", main.strip())
    first = said.split()[0] if said.split() else ""
    if reports_done(said, lang):
        return False  # "..., wurde ein Kurs angeboten": what was done, by others
    if lang == "en":
        return bool(_EN_SUBJECT.match(said)) or (
            first[:1].islower()
            and not _EN_NOT_VERB.match(said)
            and not _EN_STATED.match(said)
            and not _EN_NOUN.search(first)
            and not _EN_BANNED.search(said)
        )
    if lang == "fr":
        return bool(_FR_INSTRUCTION.match(said))
    # German and Spanish: the verb comes first (an imperative, or "kannst du", "puedes").
    return first[:1].islower() and first.lower() not in ("es", "se", "el", "la", "los", "las")


# "Um X tun zu können", "Para poder X", "Pour pouvoir X", "To be able to X": the task is X;
# the question says "can" already ("Wie kann ich X?"), and twice is no grammar.
_ABLE = {
    "en": re.compile(r"^be able to "),
    "es": re.compile(r"^poder "),
    "fr": re.compile(r"^pouvoir "),
}
_DE_MODAL = frozenset({"können", "dürfen"})
# A German infinitive (or a separable one, "anmelden") that ends the object before "zu können".
_DE_INFINITIVE = re.compile(r"\b[a-zäöüß]{2,}(?:en|ern|eln)$")


def _task(m: re.Match[str], lang: str) -> str | None:
    if lang == "de":
        verb = (m.group("pre") or "") + (m.group("joined") or m.group("verb") or "")
        obj = m.group("obj")
        if verb in _DE_MODAL and _DE_INFINITIVE.search(obj):
            verb = ""  # "in Java entwickeln zu können" -> "in Java entwickeln"
        task = said_by_reader(f"{obj} {verb}".strip(), lang)
        formal = re.search(r"\b(?:Ihr\w*|Sie)\b", task)
        return None if formal else task
    task = m.group("task").strip()
    if lang in _ABLE:
        task = _ABLE[lang].sub("", task, count=1)
    if lang == "en" and (_EN_NOT_VERB.match(task) or _EN_IDIOM.match(task)):
        return None  # "To a lesser extent, ...", "To date, ...": no task
    if lang == "fr":
        return None if _FR_READER.search(task) else said_by_reader(task, lang)
    if lang == "es":
        return said_by_reader(task, lang)
    return first_person(task)


# Operating systems and runtimes a page is set out by (one section each): a closed set
# shared by every kind of software documentation, in every language.
_PLATFORM = re.compile(
    r"(?i)^(?:windows(?: \d+| server)?|mac(?:os| os x|os x)?|os x|linux|ubuntu|debian|fedora|"
    r"red ?hat|centos|arch linux|alpine|freebsd|android|ios|ipados|chrome ?os|docker|"
    r"kubernetes|podman|flatpak|snap|appimage|homebrew|wsl)$"
)


# How each language says which platform an instruction is for.
_ON = {"en": "on", "es": "en", "fr": "sous"}


def _name_heading(heading: str) -> str | None:
    """A heading that names a platform ("macOS (10.10 or later)" -> "macOS"), else None."""
    bare = re.sub(r"\s*\([^()]*\)", "", unnumbered(heading)).strip()
    return bare if _PLATFORM.match(bare) else None


def _variant(said: Sentence) -> str | None:
    """The platform a sentence's heading names, when a sibling heading names another: a
    page set out by platform ("Windows", "macOS", "Linux"), whose instructions hold only
    for their own."""
    doc = said.text_chunk.chunk.meta.get("document")
    if not isinstance(doc, Document) or not said.path:
        return None
    own = _name_heading(str(said.path[-1]))
    if own is None:
        return None
    heads = [s for s in doc.sections if s.kind == "heading"]
    at = next(
        (i for i, h in enumerate(heads) if h.text.strip() == str(said.path[-1]).strip()), None
    )
    if at is None:
        return None
    level = heads[at].level
    siblings = 0
    for step in (-1, 1):
        i = at + step
        while 0 <= i < len(heads) and (heads[i].level or 0) >= (level or 0):
            if heads[i].level == level and _name_heading(heads[i].text):
                siblings += 1
            i += step
    return own if siblings >= 1 else None


@form(
    "task said in a sentence",
    content="statement",
    order=48,
    asks="procedural",
    # A language whose purpose clause opens the sentence with a word of its own ("To",
    # "Um ... zu", "Para", "Pour") and whose reader is said as the asker with a word swap
    # (French only where the task does not name the reader).
    languages=frozenset(_OPENING),
    answer="sentence",
    kinds=("instruction",),
)
def task_in_sentence(said: Sentence) -> Candidate | None:
    """ "To clear the cache, click Help > Clear cache." -> "How do I clear the cache?",
    answered by the sentence; so is "Press SET to change the alarm time." (a purpose said
    last, as manuals say which control does a task, in a list item too)."""
    sentence = said.sentence.strip()
    m = _OPENING[said.lang].match(sentence)
    if m is not None:
        if said.section.kind == "list_item" or not sentence.endswith((".", "!", ")")):
            # A lead-in ("...:") or a sentence that runs on into a command: the
            # instruction is what follows it (the steps form's).
            return None
        return _asked(said, sentence, m, m.group("main"))
    for m in purpose_last(sentence, said.lang):
        main = m.group("main")
        if (found := _asked(said, sentence, m, main[:1].lower() + main[1:])) is not None:
            return found
    return None


def _asked(said: Sentence, sentence: str, m: re.Match[str], main: str) -> Candidate | None:
    """The task a purpose clause names, asked, when ``main`` tells the reader what to do."""
    if _GOES_ON.match(main) or not _instruction(main, said.lang):
        return None
    task = _task(m, said.lang)
    if task is None or _POINTING.search(task) or _NEGATED.search(task) or _VAGUE.search(task):
        return None
    if said.lang in _INFINITIVE and not _INFINITIVE[said.lang].match(task):
        return None
    variant = _variant(said)
    if variant and variant.casefold() not in task.casefold():
        head, _, verb = task.rpartition(" ")
        # German keeps the infinitive last: "Zettlr unter macOS entfernen".
        if said.lang == "de":
            task = f"{head} unter {variant} {verb}"
        else:
            task = f"{task} {_ON[said.lang]} {variant}"
    if _SHOWN.search(m.group("main")) and not _named_before(m.group("main"), task):
        return None  # "answer yes to this question": what it points at is a screenshot
    question = _ASK[said.lang].format(task=task)
    said_all = [sentence, *_next_steps(said.after)]
    listed = _list_after(said, len(said_all) - 1)
    if listed is None:
        return None  # the ways or steps it leads to are too many to be one answer
    lead, items = listed
    said_all += lead
    answer = "\n".join([" ".join(said_all), *items])
    said_all += items
    return Candidate(question, answer, answer, said.section, "instruction", 1, tuple(said_all))


# An instruction that points at a thing by "this" or "that" ("answer yes to this question",
# "click this button"): in a guide the thing is most often in a screenshot or a dialog the
# text only shows, and a user reading the answer does not see it.
_SHOWN = re.compile(
    r"(?i)\b(?:this|that|these|those|dieser|diese[nms]?|ce|cette|ces|este|esta|estos|estas)"
    r"\s+(?P<noun>[^\W\d_]{3,})"
)


def _named_before(main: str, task: str) -> bool:
    """Whether each thing the instruction points at is named in its task or earlier in it."""
    for m in _SHOWN.finditer(main):
        stem = m.group("noun")[:5].casefold()
        said = f"{task} {main[: m.start()]}".casefold()
        if stem not in said:
            return False
    return True


# The longest list of ways or steps an instruction's answer carries whole.
_MOST_LISTED = 1200


def _list_after(said: Sentence, used: int) -> tuple[list[str], list[str]] | None:
    """The sentences and the list an instruction goes on to: when the rest of its paragraph
    leads into a list ("There are several ways to ...:") or the list follows it directly,
    the list is how the instruction is carried out, and an answer without it is cut: the
    sentences that lead into it and its items. Empty when no list follows; None when the
    list is too long to be one answer."""
    rest = [s.strip() for s in said.after[used:]]
    if rest and not rest[-1].endswith(":"):
        return [], []  # the paragraph goes on to something else
    body = said.text_chunk.body
    at = next((i for i, s in enumerate(body) if s is said.section), None)
    nxt = body[at + 1] if at is not None and at + 1 < len(body) else None
    run = next((r for r in said.text_chunk.runs if nxt is not None and r.items[0] is nxt), None)
    if run is None or len(run.items) < 2:
        return [], []
    items = items_answer(run.items)
    if len(items) > _MOST_LISTED:
        return None
    said.text_chunk.hold([run])
    return rest, items.split("\n")


# A sentence that goes on with the same instruction: the next step of it.
_THEN = re.compile(
    r"(?i)^(?:then|next|after that|afterwards|finally|ensuite|puis|enfin|dann|danach|"
    r"anschließend|zum schluss|luego|después|finalmente)\b"
)


def _next_steps(after: Sequence[str]) -> list[str]:
    """The sentences right after an instruction that carry it on ("Then drag ...")."""
    steps: list[str] = []
    for nxt in after:
        if not _THEN.match(nxt.strip()):
            break
        steps.append(nxt.strip())
    return steps
