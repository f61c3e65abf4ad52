"""The word lists behind :mod:`datasetkit.core.language.detect`: function words, everyday and
business vocabulary, word endings, letters, and the particles of personal names.

Kept apart from the detector's logic because they are data, edited for other reasons.
"""

from __future__ import annotations

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
# check (datasetkit.generate.llm.checks.grounding) to ignore words that carry no content.
STOP_TEXT: dict[str, str] = {
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
VOCAB_TEXT: dict[str, str] = {
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
        impuesto socios rebajas lunes viernes valor valores servicio servicios tarifa tarifas
        origen destino zona zonas peso""",
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
        viagem recibos visitantes imposto sócios saldos segunda sexta valores serviço serviços
        tarifa tarifas origem destino zona zonas peso""",
}

# Words other languages borrowed from English (mostly in business text): shared, so that
# "Team" or "Status" in a German table does not count for English alone.
LOANWORDS = """team status manager software computer server online ticket link update test
    budget partner code service support marketing design email e-mail internet website job
    feedback meeting hotel workshop download upload app"""
for _lang in ("de", "nl"):
    VOCAB_TEXT[_lang] += " " + LOANWORDS
for _lang in ("fr", "es", "it", "pt"):
    VOCAB_TEXT[_lang] += " hotel software computer online email e-mail internet website app"

# Word endings (of lower-case words no lexicon knows), weaker clues than whole words.
ENDINGS: dict[str, tuple[str, ...]] = {
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
LETTERS: dict[str, tuple[str, ...]] = {
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
NAME_PARTICLES = frozenset(
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
NAME_OPENERS = NAME_PARTICLES | frozenset(["il", "los", "las", "san", "santa", "são", "st", "von"])

GERMAN_POLITE = frozenset(("Sie", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihnen"))
