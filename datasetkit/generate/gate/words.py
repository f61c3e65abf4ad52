"""Word lists of the quality gate, per language: data, edited apart from the checks.

Languages: en, de, fr, es, it, pt, nl. A check that gets ``language=None`` uses English;
one in another language uses no list (its checks that need words are skipped).
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "es", "it", "pt", "nl")


def words_of(text: str) -> list[str]:
    """The words of a whitespace-separated list."""
    return text.split()


def _table(text: dict[str, str]) -> dict[str, frozenset[str]]:
    return {lang: frozenset(words.split()) for lang, words in text.items()}


def words_for(table: dict[str, frozenset[str]], language: str | None) -> frozenset[str]:
    """The words of ``language`` (English when it is None; none for other languages)."""
    return table.get(language or "en", frozenset())


# Answers that open with these words answer a yes/no question.
YES: dict[str, frozenset[str]] = _table(
    {"en": "yes yeah yep", "de": "ja", "fr": "oui", "es": "sí", "it": "sì", "pt": "sim", "nl": "ja"}
)
NO: dict[str, frozenset[str]] = _table(
    {"en": "no nope", "de": "nein", "fr": "non", "es": "no", "it": "no", "pt": "não", "nl": "nee"}
)

# Words that negate the clause they are in.
NEGATORS: dict[str, frozenset[str]] = _table(
    {
        "en": """not never cannot can't won't don't doesn't didn't isn't aren't wasn't
            weren't shouldn't mustn't couldn't wouldn't hasn't haven't hadn't mayn't
            neither nor nobody nothing nowhere without""",
        "de": "nicht nie niemals nichts niemand ohne weder kein keine keinen keinem keiner keines",
        "fr": "ne n' pas jamais aucun aucune rien sans ni",
        "es": "no nunca jamás ningún ninguno ninguna nada nadie sin tampoco ni",
        "it": "non mai nessun nessuno nessuna niente nulla senza né",
        "pt": "não nunca jamais nenhum nenhuma nada ninguém sem nem",
        "nl": "niet nooit niets niemand zonder noch geen",
    }
)
# "no" before a noun ("at no cost", "no fee") negates a thing, not the clause: whether it
# answers yes or no depends on the question's wording, so the gate does not judge it.
WEAK_NEGATORS: dict[str, frozenset[str]] = _table(
    {"en": "no none", "de": "", "fr": "", "es": "", "it": "", "pt": "", "nl": ""}
)
# Words that say "not allowed / not included" without a negation.
NEGATIVE_PREDICATES: dict[str, frozenset[str]] = _table(
    {
        "en": """prohibited prohibits prohibit forbidden forbids forbid banned bans ban
            excluded excludes exclude disallowed disallows ineligible unavailable barred
            impermissible""",
        "de": """verboten untersagt ausgeschlossen unzulässig""",
        "fr": """interdit interdite interdits interdites exclu exclue exclus exclues prohibé
            prohibée défendu""",
        "es": """prohibido prohibida prohibidos prohibidas excluido excluida excluidos
            excluidas vedado""",
        "it": """vietato vietata vietati vietate escluso esclusa esclusi escluse proibito
            proibita""",
        "pt": """proibido proibida proibidos proibidas excluído excluída excluídos
            excluídas vedado""",
        "nl": "verboden uitgesloten",
    }
)
# Phrases with a negator that limit a quantity or add to a list instead of negating
# ("no later than 30 days", "not only"): removed before negations are counted.
NOT_NEGATIONS: dict[str, tuple[str, ...]] = {
    "en": (
        "no later than",
        "no more than",
        "no less than",
        "no fewer than",
        "no longer than",
        "no sooner than",
        "no earlier than",
        "not later than",
        "not more than",
        "not less than",
        "not exceed",
        "not to exceed",
        "not only",
        "not just",
        "no matter",
        "whether or not",
    ),
    "de": (
        "nicht mehr als",
        "nicht später als",
        "nicht weniger als",
        "nicht nur",
        "nicht überschreiten",
    ),
    "fr": ("pas plus de", "pas plus tard", "non seulement", "ne pas dépasser"),
    "es": ("no más de", "no más tarde", "no solo", "no sólo", "no exceder"),
    "it": ("non più di", "non oltre", "non solo", "non superare"),
    "pt": ("não mais de", "não mais que", "não só", "não apenas", "não exceder"),
    "nl": ("niet meer dan", "niet later dan", "niet alleen", "niet overschrijden"),
}
# Words that set a condition or a limit: when the question and the evidence differ in
# them ("after 30 days" / "within 30 days"), a yes/no cannot be read off the evidence.
CONDITIONS: dict[str, frozenset[str]] = _table(
    {
        "en": """after before during within more less fewer longer shorter earlier later
            beyond outside only unless except until than exceed exceeds maximum minimum
            least most also both either every all each""",
        "de": """nach vor während innerhalb mehr weniger länger kürzer später früher nur
            außer bis als alle jeder""",
        "fr": """après avant pendant dans plus moins seulement sauf jusqu tous chaque""",
        "es": """después antes durante dentro más menos solo sólo excepto salvo hasta todos
            cada""",
        "it": """dopo prima durante entro più meno solo tranne fino tutti ogni""",
        "pt": """depois antes durante dentro mais menos só apenas exceto até todos cada""",
        "nl": """na voor tijdens binnen meer minder alleen behalve tot alle elke""",
    }
)
# Conditions only when a number follows ("over $500", "under 18"; not "under the plan").
NUMERIC_CONDITIONS: dict[str, frozenset[str]] = _table(
    {
        "en": "over under above below",
        "de": "über unter",
        "fr": "au-delà sous",
        "es": "sobre bajo",
        "it": "oltre sotto",
        "pt": "acima abaixo",
        "nl": "boven onder",
    }
)

# Words that start a contrasting clause: a sentence's negation may sit in one clause only
# ("Dental is covered, but not orthodontics").
CONTRASTS: dict[str, tuple[str, ...]] = {
    "en": ("but", "except", "however", "whereas", "while", "although", "though", "unless"),
    "de": ("aber", "sondern", "jedoch", "außer", "während", "obwohl"),
    "fr": ("mais", "sauf", "cependant", "tandis", "bien que"),
    "es": ("pero", "sino", "excepto", "salvo", "aunque", "mientras"),
    "it": ("ma", "tranne", "però", "mentre", "sebbene"),
    "pt": ("mas", "exceto", "porém", "enquanto", "embora"),
    "nl": ("maar", "behalve", "echter", "terwijl", "hoewel"),
}

# ----- question and answer shape ----------------------------------------------------------

# A question or an answer that ends in one of these stops mid-sentence.
CONJUNCTIONS: dict[str, frozenset[str]] = _table(
    {
        "en": "and or but nor because although though whether whereas while than",
        "de": "und oder aber sondern denn dass weil wenn ob",
        "fr": "et ou mais donc car lorsque",
        "es": "y o pero sino porque aunque",
        "it": "e o ma perché sebbene",
        "pt": "e ou mas porque embora",
        "nl": "en of maar want omdat",
    }
)
ARTICLES: dict[str, frozenset[str]] = _table(
    {
        "en": "the a an its their our your my every each",
        "de": "der die das den dem des ein eine einen einem einer eines",
        "fr": "le la les l' un une des du au aux",
        "es": "el la los las un una unos unas del al",
        "it": "il lo la i gli le un uno una del della dei degli delle",
        "pt": "o a os as um uma uns umas do da dos das",
        "nl": "de het een",
    }
)
# Words that open a relative or a that-clause: an answer without a full stop that ends
# in one stops before the clause it introduces.
CLAUSE_OPENERS: dict[str, frozenset[str]] = _table(
    {
        "en": "that which whose whom",
        "fr": "qui que dont",
        "es": "que cuyo cuya",
        "it": "che cui",
    }
)

# Prepositions that do not end a sentence. English strands prepositions ("What is it
# used for?"), so an English question may end in one after a verb or an adjective;
# German and Dutch end sentences in separable particles ("an", "auf"), left out here.
PREPOSITIONS: dict[str, frozenset[str]] = _table(
    {
        "en": """of to for with from into onto between among during via per including
            about at by in on than""",
        "de": "",
        "fr": "à de d' pour avec sans dans sur sous par en chez entre vers",
        "es": "a de en con por para sin sobre entre hasta desde hacia",
        "it": "di a da in con su per tra fra",
        "pt": "de em com por para sem sobre entre até desde",
        "nl": "",
    }
)
# Words an answer may end in although they are prepositions (particles, table values).
ANSWER_END_OK: frozenset[str] = frozenset(
    words_of(
        """
        in on out up off over down by about at around through along
        """
    )
)
# English words before a stranded preposition that make the question well-formed:
# adjectives and participles that take a preposition ("eligible for", "used for").
STRANDING_WORDS: frozenset[str] = frozenset(
    words_of(
        """
        eligible responsible liable entitled subject available suitable qualified aware
        ready due required allowed permitted intended designed meant used made paid
        looking applying asking waiting accountable known famous good bad similar
        different opposed compared related limited committed able free reimbursed
        covered charged billed interested
        """
    )
)
PRONOUNS: frozenset[str] = frozenset(
    words_of(
        """
        i you we they he she it this that these those them me us him her one someone
        """
    )
)
# English verbs a question of the form "What is X <verb> <prep>?" can strand on.
COMMON_VERBS: frozenset[str] = frozenset(
    words_of(
        """
        apply ask belong care come count depend go hear look pay qualify refer rely
        report sign opt log send talk turn wait work speak write reach contact get put
        set use submit file register enroll enrol fill open close start end arrive leave
        live stay agree think worry deal cope listen respond reply vote account prepare
        plan
        """
    )
)
# Finite verbs: after "What is" + a noun phrase, one of them means a sentence was
# pasted into a "What is ...?" template ("What is Performance reviews are conducted").
FINITE_VERBS: frozenset[str] = frozenset(
    words_of(
        """
        is are was were will would can could shall should must may might has have had
        does do did
        """
    )
)
RELATIVES: frozenset[str] = frozenset(
    ["that", "which", "who", "whom", "whose", "where", "when", "if", "whether"]
)

# "What is X?" openings of each language, for the form-label and template checks.
WHAT_IS: dict[str, tuple[str, ...]] = {
    "en": ("what is", "what are", "what's"),
    "de": ("was ist", "was sind", "wie lautet", "wie lauten"),
    "fr": (
        "qu'est-ce que",
        "qu'est-ce qu'",
        "quel est",
        "quelle est",
        "quels sont",
        "quelles sont",
    ),
    "es": ("qué es", "cuál es", "cuáles son", "qué son"),
    "it": ("che cos'è", "cos'è", "qual è", "quali sono", "che cosa è"),
    "pt": ("o que é", "qual é", "quais são", "o que são"),
    "nl": ("wat is", "wat zijn"),
}

# Questions that ask for an explanation: a heading or a label line does not answer them.
PROSE_QUESTION: dict[str, tuple[str, ...]] = {
    "en": (
        r"\bsay about\b",
        r"\bsays about\b",
        r"^what does .+ cover\b",
        r"^what does .+ mean\b",
        r"^how (?:do|can|should|would) (?:i|we|you|employees)\b",
        r"^why\b",
        r"^explain\b",
        r"^describe\b",
        r"^summari[sz]e\b",
        r"^tell me about\b",
        r"^what is the (?:purpose|goal|aim) of\b",
    ),
    "de": (
        r"\bsteht in\b",
        r"^was bedeutet\b",
        r"^wie gehe ich vor\b",
        r"^warum\b",
        r"^was regelt\b",
    ),
    "fr": (r"\bque dit\b", r"^que signifie\b", r"^comment\b", r"^pourquoi\b", r"^que couvre\b"),
    "es": (r"\bqué dice\b", r"^qué significa\b", r"^cómo\b", r"^por qué\b", r"^qué cubre\b"),
    "it": (r"\bcosa dice\b", r"^cosa significa\b", r"^come\b", r"^perché\b"),
    "pt": (r"\bo que diz\b", r"^o que significa\b", r"^como\b", r"^por que\b"),
    "nl": (r"\bwat zegt\b", r"^wat betekent\b", r"^hoe\b", r"^waarom\b"),
}

# Capitalised words that name no particular thing: a heading the answer cites ("the
# Employee Handbook"), titles, and acronyms every organisation uses.
GENERIC_NAMES: frozenset[str] = frozenset(
    words_of(
        """
        handbook policy policies guide guidelines manual section sections chapter
        appendix annex page table figure document article clause plan plans program
        programme benefit benefits summary overview faq faqs procedure procedures
        process code conduct agreement contract terms conditions notice form forms
        portal intranet helpdesk help desk support team department office company
        employee employees staff handbooks guides manager hr it pto ceo cfo cto coo cio
        vp svp evp us usa uk eu un id pdf url api ai ml ok am pm gmt utc eta faq diy vat
        gst tax llc ltd inc corp co dr mr mrs ms prof jr sr st no nr q1 q2 q3 q4 h1 h2
        fy fyi asap etc ie eg
        """
    )
)
MONTHS: dict[str, int] = {}
for _lang_months in (
    "january february march april may june july august september october november december",
    "januar februar märz april mai juni juli august september oktober november dezember",
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "januari februari maart april mei juni juli augustus september oktober november december",
):
    for _i, _name in enumerate(_lang_months.split(), start=1):
        MONTHS.setdefault(_name, _i)
for _abbr, _i in {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
    "mrz": 3,
    "okt": 10,
    "dez": 12,
    "janv": 1,
    "févr": 2,
    "avr": 4,
    "juil": 7,
    "déc": 12,
    "ene": 1,
    "abr": 4,
    "ago": 8,
    "dic": 12,
    "set": 9,
    "out": 10,
    "dez.": 12,
}.items():
    MONTHS.setdefault(_abbr, _i)
WEEKDAYS: frozenset[str] = frozenset(
    words_of(
        """
        monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu
        thur thurs fri sat sun montag dienstag mittwoch donnerstag freitag samstag
        sonntag lundi mardi mercredi jeudi vendredi samedi dimanche lunes martes
        miércoles jueves viernes sábado domingo
        """
    )
)

# Number words (values only where a unit follows in an answer; "one of the plans").
NUMBER_WORDS: dict[str, int] = {}
for _words, _base in (
    (
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen",
        0,
    ),
):
    for _i, _w in enumerate(_words.split()):
        NUMBER_WORDS[_w] = _base + _i
NUMBER_WORDS.update(
    {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70}
)
NUMBER_WORDS.update({"eighty": 80, "ninety": 90, "dozen": 12})
for _text in (
    "zwei:2 drei:3 vier:4 fünf:5 sechs:6 sieben:7 acht:8 neun:9 zehn:10 elf:11 zwölf:12 "
    "fünfzehn:15 zwanzig:20 dreißig:30 vierzig:40 fünfzig:50 hundert:100",
    "deux:2 trois:3 quatre:4 cinq:5 sept:7 huit:8 neuf:9 dix:10 onze:11 douze:12 "
    "quinze:15 vingt:20 trente:30 quarante:40 cinquante:50 cent:100",
    "dos:2 tres:3 cuatro:4 cinco:5 seis:6 siete:7 ocho:8 nueve:9 diez:10 once:11 doce:12 "
    "quince:15 veinte:20 treinta:30 cuarenta:40 cincuenta:50 cien:100",
    "due:2 tre:3 quattro:4 cinque:5 sei:6 sette:7 otto:8 nove:9 dieci:10 undici:11 "
    "dodici:12 quindici:15 venti:20 trenta:30 quaranta:40 cinquanta:50 cento:100",
    "dois:2 duas:2 três:3 quatro:4 seis:6 sete:7 oito:8 nove:9 dez:10 onze:11 doze:12 "
    "quinze:15 vinte:20 trinta:30 quarenta:40 cinquenta:50",
    "twee:2 drie:3 vier:4 vijf:5 zes:6 zeven:7 acht:8 negen:9 tien:10 elf:11 twaalf:12 "
    "vijftien:15 twintig:20 dertig:30 veertig:40 vijftig:50 honderd:100",
):
    for _pair in _text.split():
        _w, _v = _pair.split(":")
        NUMBER_WORDS.setdefault(_w, int(_v))
MAGNITUDE_WORDS: dict[str, float] = {
    "hundred": 1e2,
    "thousand": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "trillion": 1e12,
    "mio": 1e6,
    "mrd": 1e9,
    "millionen": 1e6,
    "milliarden": 1e9,
    "milliard": 1e9,
    "milliards": 1e9,
    "millones": 1e6,
    "milioni": 1e6,
    "miliardi": 1e9,
    "milhões": 1e6,
    "miljoen": 1e6,
    "miljard": 1e9,
}
