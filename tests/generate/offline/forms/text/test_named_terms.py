"""A term a textbook names ("<Subject> heißt <Term>, wenn ...", "On appelle <terme> ...",
"<Subject> se dice <término> si ...", "<Subject> is called a <term> if ...") is asked in
the document's language and answered by the whole definition, its listed conditions
included; a sentence inside an example or a proof is never asked as a definition, nor
one whose subject is a bare symbol."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

DE_MD = """# Graphentheorie

## Grundbegriffe

Definition 1.1 Ein zusammenhängender Graph heißt Baum, wenn er keinen Kreis enthält.

Eine Kante, deren Endpunkte gleich sind, heißt Schlinge.

Definition 1.2 Ein Graph heißt bipartit, wenn gilt:

- seine Knoten zerfallen in zwei disjunkte Mengen,
- jede Kante verbindet Knoten aus verschiedenen Mengen.

Beispiel 1.3 Ein Weg mit drei Knoten heißt hier Pfad, wenn man ihn einmal durchläuft.

G heißt planar, wenn G ohne Kreuzungen gezeichnet werden kann.
"""

FR_MD = """# Graphes

## Vocabulaire

On appelle sommet isolé un sommet qui n'est relié à aucun autre sommet du graphe.

On dit qu'un graphe est complet si chaque paire de sommets est reliée par une arête.

Le nombre d'arêtes qui partent d'un sommet est appelé le degré du sommet.

Exemple 2 On dit qu'un graphe est petit s'il a moins de trois sommets.
"""

ES_MD = """# Geometrías

## Líneas

Una línea es un trayecto entre ubicaciones del mapa.

Una línea se dice cerrada si comienza y termina en el mismo punto.

Se llama anillo a una línea que es tanto cerrada como simple.
"""

EN_MD = """# Graph basics

## Terms

A graph with no cycles is called a forest.

A vertex is said to be isolated if no edge meets it.

Example 3. A path of two vertices is called a link if it has one edge.
"""


def test_german_named_terms_are_asked_whole(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "graphen.md", DE_MD)
    assert pairs["Wann heißt ein zusammenhängender Graph Baum?"].startswith(
        "Ein zusammenhängender Graph heißt Baum, wenn er keinen Kreis enthält."
    )
    assert pairs["Was bezeichnet man als Schlinge?"].startswith("Eine Kante, deren")
    bipartite = pairs["Wann heißt ein Graph bipartit?"]
    assert "zwei disjunkte Mengen" in bipartite and "verschiedenen Mengen" in bipartite
    asked = " ".join(pairs)
    assert "Pfad" not in asked  # an example's sentence
    assert "planar" not in asked  # a symbol, no noun phrase, is the subject


def test_french_named_terms(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "graphes.md", FR_MD)
    assert pairs["Qu'appelle-t-on sommet isolé ?"].startswith("On appelle sommet isolé")
    assert pairs["Quand dit-on qu'un graphe est complet ?"].startswith("On dit qu'un graphe")
    assert pairs["Qu'appelle-t-on degré du sommet ?"].startswith("Le nombre d'arêtes")
    assert not any("petit" in q for q in pairs)


def test_spanish_named_terms(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "geometrias.md", ES_MD)
    assert pairs["¿Cuándo se dice que una línea es cerrada?"].startswith("Una línea se dice")
    assert pairs["¿A qué se llama anillo?"].startswith("Se llama anillo")


def test_english_named_terms(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "graphs.md", EN_MD)
    assert pairs["What is a forest?"].startswith("A graph with no cycles is called a forest.")
    assert pairs["When is a vertex said to be isolated?"].startswith("A vertex is said")
    assert not any("link" in q for q in pairs)


LABELLED_DE = """# Algebra

## Gruppen

Definition 2.1 Eine Halbgruppe ist eine Menge mit einer assoziativen Verknüpfung.

Definition 2.2 Ein Monoid ist eine Halbgruppe mit folgenden Eigenschaften:

- es gibt ein neutrales Element,
- das neutrale Element ist eindeutig bestimmt.

Beispiel 2.3 Eine Uhr ist eine Halbgruppe mit der Addition der Stunden.
"""


def test_a_labelled_definition_is_read_without_its_label(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "algebra.md", LABELLED_DE)
    assert pairs["Was ist eine Halbgruppe?"] == (
        "Eine Halbgruppe ist eine Menge mit einer assoziativen Verknüpfung."
    )
    monoid = pairs["Was ist ein Monoid?"]
    assert monoid.startswith("Ein Monoid ist") and "eindeutig bestimmt" in monoid
    assert not any("Uhr" in q for q in pairs)


GLOSSARY_DE = """# Arbeitszeitregelung

## Begriffe

- **Gleitzeit**: ein Arbeitszeitmodell, bei dem Beginn und Ende der Arbeitszeit frei gewählt werden.
- **Kernzeit** – die Zeitspanne, in der alle Beschäftigten anwesend sein müssen.
- **Überstunden**: die Arbeitszeit, die über die vereinbarte Arbeitszeit hinausgeht.
"""

GLOSSARY_EN = """# Leave handbook

## Terms

- **Accrual** — an amount of leave that an employee earns for each month of service.
- **Carry-over** — the unused leave that moves into the next leave year, up to five days.
- **Leave year** – the twelve months from 1 April to 31 March.

## Equipment

- Weight: 2 kg
- Colour: red
- Size: large
"""


def test_glossary_entries_are_asked_one_by_one(tmp_path: Path) -> None:
    de = text_pairs(tmp_path, "arbeitszeit.md", GLOSSARY_DE)
    assert de["Was bedeutet „Kernzeit“?"].startswith("Kernzeit – die Zeitspanne")
    assert de["Was bedeutet „Überstunden“?"].startswith("Überstunden: die Arbeitszeit")
    en = text_pairs(tmp_path, "leave.md", GLOSSARY_EN)
    assert en["What does carry-over mean?"].endswith("up to five days.")
    assert "What does leave year mean?" in en
    assert not any(q.startswith("What are the terms") for q in en)
    assert not any("weight" in q.casefold() and "mean" in q for q in en)


THEOREMS_DE = """# Topologie

## Kompaktheit

Satz 1.1 (Heine-Borel)

Eine Teilmenge des Raumes ist genau dann kompakt, wenn sie beschränkt und abgeschlossen ist.

Beweis: Sei die Teilmenge kompakt. Dann ist sie beschränkt.

Satz 1.2 (Strahlensatz) In ähnlichen Dreiecken sind Verhältnisse entsprechender Seiten gleich.

Satz 1.3 Jede stetige Funktion auf einem kompakten Raum nimmt ihr Maximum an.
"""

THEOREMS_EN = """# Analysis notes

## Compactness

Theorem 2.4 (Heine–Borel). A subset of the real line is compact if and only if it is
closed and bounded.

Lemma 2.5 (Zorn's lemma). Every partially ordered set in which every chain has an upper
bound contains at least one maximal element.
"""


def test_named_results_are_asked_by_their_names(tmp_path: Path) -> None:
    de = text_pairs(tmp_path, "topologie.md", THEOREMS_DE)
    assert de["Was besagt der Satz von Heine-Borel?"].startswith("Eine Teilmenge des Raumes")
    assert "Beweis" not in de["Was besagt der Satz von Heine-Borel?"]
    assert de["Was besagt der Strahlensatz?"].startswith("In ähnlichen Dreiecken")
    assert not any("Maximum" in a for a in de.values() if "Satz 1.3" in a)
    en = text_pairs(tmp_path, "notes.md", THEOREMS_EN)
    assert en["What does the Heine–Borel theorem state?"].endswith("closed and bounded.")
    assert en["What does Zorn's lemma state?"].startswith("Every partially ordered set")


LABELLED_PARAGRAPHS_DE = """# Knotentheorie

## Knoten

Beweis: ist technisch mühsam und wird hier nicht im Einzelnen geführt.

Abbildung 1.10: Die äußere Komponente wird häufig inneres Gebiet genannt.

Idee: Ersetze den Weg durch einen geschlossenen Polygonzug mit vielen Ecken.
"""


def test_labelled_paragraphs_are_no_glossary(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "knoten.md", LABELLED_PARAGRAPHS_DE)
    assert not any(q.startswith("Was bedeutet") for q in pairs)


CALLS = """# Office notes

## Duties

An employee is called for jury duty if the court sends a summons to the home address.

On appelle le médecin de garde la nuit et le week-end.

This process is called onboarding.
"""


def test_a_call_is_no_term(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "notes.md", CALLS)
    assert not any("jury" in q or "médecin" in q or "onboarding" in q for q in pairs)


HIGHLIGHTS = """# Second quarter results

## Highlights

- Revenue – Revenue was $32.0 billion, an increase of 11% year-over-year.
- Training – We provide our employees with safety training every year.
- Capital expenditures – Capital expenditures were $6.35 billion for the quarter.
"""


def test_statements_under_labels_are_no_glossary(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "results.md", HIGHLIGHTS)
    assert not any(q.endswith(" mean?") for q in pairs)
