"""Question templates of the offline generator, per language.

English questions are mostly built from the sentence or table they ask about (by the
forms of ``forms/``); these templates are the shapes every language has.
"""

from __future__ import annotations

import re

from datasetkit.core.findings import DatasetkitError

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "lookup": "What is the {column} of {key}?",
        "lookup_plural": "What are the {column} of {key}?",
        "definition": "What is {term}?",
        "meaning": "What does {term} mean?",
        "about": "What does {title} say about {topic}?",
        "about_untitled": "What should I know about {topic}?",
        "scope": "What does {title} cover?",
        "list": "What are the {topic}?",
        "howto": "How do I {task}?",
        "steps": "What are the steps for {topic}?",
        "row": "What are the details of {key}?",
        "filter": "Which {entities} have {column} {value}?",
        "count": "How many {entities} have {column} {value}?",
        "max": "Which {entity} has the highest {column}?",
        "min": "Which {entity} has the lowest {column}?",
        "contact": "What is the {kind} for {topic}?",
    },
    "de": {
        "lookup": "Wie lautet {column} für {key}?",
        "lookup_plural": "Wie lautet {column} für {key}?",
        "definition": "Was ist {term}?",
        "meaning": "Was bedeutet {term}?",
        "about": "Was steht in {title} zu {topic}?",
        "about_untitled": "Was steht in der Dokumentation zu {topic}?",
        "scope": "Was regelt {title}?",
        "list": "Welche Punkte nennt der Abschnitt „{topic}“?",
        "howto": "Wie gehe ich vor: {task}?",
        "steps": "Welche Schritte gehören zu „{topic}“?",
        "row": "Welche Angaben gibt es zu {key}?",
        "filter": "Bei welchen Einträgen ist {column} „{value}“?",
        "count": "Bei wie vielen Einträgen ist {column} „{value}“?",
        "max": "Welcher Eintrag hat den höchsten Wert bei {column}?",
        "min": "Welcher Eintrag hat den niedrigsten Wert bei {column}?",
        "contact": "Wie lautet die Kontaktangabe ({kind}) zu {topic}?",
    },
    "fr": {
        "lookup": "Quelle est la valeur de « {column} » pour {key} ?",
        "lookup_plural": "Quelle est la valeur de « {column} » pour {key} ?",
        "definition": "Qu'est-ce que {term} ?",
        "meaning": "Que signifie {term} ?",
        "about": "Que dit {title} au sujet de « {topic} » ?",
        "about_untitled": "Que dit la documentation au sujet de « {topic} » ?",
        "scope": "Que couvre {title} ?",
        "list": "Quels points la section « {topic} » énumère-t-elle ?",
        "howto": "Comment faire : {task} ?",
        "steps": "Quelles sont les étapes de « {topic} » ?",
        "row": "Quelles sont les informations sur {key} ?",
        "filter": "Quelles lignes ont « {value} » comme {column} ?",
        "count": "Combien de lignes ont « {value} » comme {column} ?",
        "max": "Quelle ligne a la valeur la plus élevée de « {column} » ?",
        "min": "Quelle ligne a la valeur la plus basse de « {column} » ?",
        "contact": "Quel est le contact ({kind}) pour {topic} ?",
    },
    "es": {
        "lookup": "¿Cuál es el valor de «{column}» para {key}?",
        "lookup_plural": "¿Cuál es el valor de «{column}» para {key}?",
        "definition": "¿Qué es {term}?",
        "meaning": "¿Qué significa {term}?",
        "about": "¿Qué dice {title} sobre «{topic}»?",
        "about_untitled": "¿Qué dice la documentación sobre «{topic}»?",
        "scope": "¿Qué cubre {title}?",
        "list": "¿Qué puntos enumera la sección «{topic}»?",
        "howto": "¿Cómo puedo {task}?",
        "steps": "¿Cuáles son los pasos de «{topic}»?",
        "row": "¿Qué datos hay sobre {key}?",
        "filter": "¿Qué filas tienen «{value}» como {column}?",
        "count": "¿Cuántas filas tienen «{value}» como {column}?",
        "max": "¿Qué fila tiene el valor más alto de «{column}»?",
        "min": "¿Qué fila tiene el valor más bajo de «{column}»?",
        "contact": "¿Cuál es el contacto ({kind}) de {topic}?",
    },
    "pt": {
        "lookup": "Qual é o valor de «{column}» para {key}?",
        "lookup_plural": "Qual é o valor de «{column}» para {key}?",
        "definition": "O que é {term}?",
        "meaning": "O que significa {term}?",
        "about": "O que diz {title} sobre «{topic}»?",
        "about_untitled": "O que diz a documentação sobre «{topic}»?",
        "scope": "O que abrange {title}?",
        "list": "Que pontos enumera a secção «{topic}»?",
        "howto": "Como posso {task}?",
        "steps": "Quais são os passos de «{topic}»?",
        "row": "Que dados há sobre {key}?",
        "filter": "Que linhas têm «{value}» como {column}?",
        "count": "Quantas linhas têm «{value}» como {column}?",
        "max": "Que linha tem o valor mais alto de «{column}»?",
        "min": "Que linha tem o valor mais baixo de «{column}»?",
        "contact": "Qual é o contacto ({kind}) de {topic}?",
    },
    "it": {
        "lookup": "Qual è il valore di «{column}» per {key}?",
        "lookup_plural": "Qual è il valore di «{column}» per {key}?",
        "definition": "Che cos'è {term}?",
        "meaning": "Che cosa significa {term}?",
        "about": "Che cosa dice {title} su «{topic}»?",
        "about_untitled": "Che cosa dice la documentazione su «{topic}»?",
        "scope": "Che cosa copre {title}?",
        "list": "Quali punti elenca la sezione «{topic}»?",
        "howto": "Come posso {task}?",
        "steps": "Quali sono i passaggi di «{topic}»?",
        "row": "Quali dati ci sono su {key}?",
        "filter": "Quali righe hanno «{value}» come {column}?",
        "count": "Quante righe hanno «{value}» come {column}?",
        "max": "Quale riga ha il valore più alto di «{column}»?",
        "min": "Quale riga ha il valore più basso di «{column}»?",
        "contact": "Qual è il contatto ({kind}) di {topic}?",
    },
}
SUPPORTED_LANGUAGES: tuple[str, ...] = tuple(TEMPLATES)

# How an answer to a yes/no question starts, per language.
YES_NO: dict[str, tuple[str, str]] = {
    "en": ("Yes.", "No."),
    "de": ("Ja.", "Nein."),
    "fr": ("Oui.", "Non."),
    "es": ("Sí.", "No."),
    "pt": ("Sim.", "Não."),
    "it": ("Sì.", "No."),
}


# French elides "que" and "de" before a vowel, and contracts "de le", "à le"
# ("Qu'est-ce qu'une requête ?", not "Qu'est-ce que une requête ?"): a template filled
# with a term that starts with a vowel says it as French does.
_FRENCH = (
    (re.compile(r"\b([Qq]u|[Dd])e (?=[aeiouyàâäéèêëîïôöûüœ])", re.I), r"\1'"),
    (re.compile(r"\bde le\b"), "du"),
    (re.compile(r"\bde les\b"), "des"),
    (re.compile(r"\bà le\b"), "au"),
    (re.compile(r"\bà les\b"), "aux"),
)


def said_as(question: str, lang: str) -> str:
    """A filled template as the language writes it (French elisions and contractions)."""
    if lang == "fr":
        for pattern, said in _FRENCH:
            question = pattern.sub(said, question)
    return question


def check_language(language: str) -> None:
    """Raise a clear error for a language the offline templates do not speak."""
    if language not in TEMPLATES:
        raise DatasetkitError(
            f"the offline generator has no question templates for language {language!r}",
            "use one of: "
            + ", ".join(SUPPORTED_LANGUAGES)
            + " (or an LLM provider for other languages)",
        )
