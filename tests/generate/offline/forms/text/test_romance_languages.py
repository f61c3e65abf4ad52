"""Portuguese and Italian documents are asked in their own language by the forms that
speak it (list introductions, what a body is made up of, entitlements, periods to act,
who a rule binds, what a case needs, definitions); German, French and Spanish list
introductions, compositions, needs and (German) an instruction's deadline are asked too; a language no form writes still gets no case and a message
that names it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline, text_pairs

_PT = """# Estatutos da Associação Recreativa do Bairro

## Capítulo I - Denominação e objeto

A Associação tem a sua sede na freguesia do bairro e durará por tempo indeterminado.

A Assembleia Geral reúne ordinariamente uma vez por ano, no mês de março.

A Associação tem por objeto:

- a) Promover atividades culturais e recreativas;
- b) Apoiar os moradores do bairro;
- c) Cooperar com as entidades públicas da região.

## Capítulo II - Dos associados

São direitos dos associados:

- a) Participar nas atividades da Associação;
- b) Eleger os titulares dos órgãos sociais;
- c) Requerer a convocação da Assembleia Geral.

Todo associado tem direito a 2 dias de formação gratuita por ano.

A quota é uma contribuição anual paga por cada associado à Associação.

## Capítulo III - Dos órgãos sociais

Compete à Direção:

- a) Administrar os fundos da Associação;
- b) Admitir e demitir os associados.

O Conselho Fiscal é composto por um presidente e dois vogais, eleitos em Assembleia Geral.

O tesoureiro tem 10 dias úteis para apresentar as contas do exercício à Direção.
"""

_IT = """# Statuto dell'Associazione Culturale del Quartiere

## Titolo I - Soci

L'Associazione è composta dalle seguenti categorie di soci:

- soci fondatori, che hanno costituito l'Associazione;
- soci ordinari, che versano la quota annuale;
- soci sostenitori, che versano una quota superiore.

I soci hanno diritto a:

- partecipare a tutte le iniziative dell'Associazione;
- votare in Assemblea per l'approvazione del bilancio.

La qualifica di socio si perde per:

- dimissioni volontarie;
- mancato pagamento della quota annuale;
- espulsione deliberata dal Consiglio Direttivo.

## Titolo II - Organi

Il Consiglio Direttivo è composto da cinque membri eletti dall'Assemblea dei soci.

I dipendenti hanno diritto a 22 giorni di ferie ogni anno di lavoro.

Il presidente può convocare l'Assemblea straordinaria in qualsiasi momento dell'anno.

Per richiedere un permesso è necessario compilare il modulo online del portale dei soci.
"""

_DE = """# Satzung und Hinweise des Vereins

## Angebot des Vereins

Der Verein bietet folgende Leistungen:

- Beratung in allen Fragen der Freizeitgestaltung
- Kurse für Kinder und Jugendliche
- Fahrten und Begegnungen im Sommer

## Vorstand

Die Mitgliederversammlung tritt mindestens einmal jährlich zusammen und wählt den Vorstand.

Der Vorstand besteht aus drei Mitgliedern, die von der Mitgliederversammlung gewählt werden.

Jedes Mitglied hat 1 Stimme in der Mitgliederversammlung des Vereins.

## Zeiterfassung

Erfasse Deine Arbeitsstunden spätestens am Ende jedes Tages im Zeiterfassungssystem.

## Spesen

Für jede Ausgabe braucht es einen offiziellen Beleg, etwa eine Quittung oder eine Rechnung.
"""

_FR = """# Règlement de l'association des habitants

## Ressources

Les ressources de l'association comprennent :

- les cotisations annuelles des membres ;
- les subventions des collectivités publiques ;
- les dons des particuliers et des entreprises.

## Bureau

Le bureau est composé de trois membres élus par l'assemblée générale pour deux ans.
"""

_ES = """# Reglamento de régimen interno de la asociación

## Asamblea General

La Asamblea General Ordinaria tratará los siguientes puntos del orden del día:

- Examen de la memoria de actividades del año anterior.
- Aprobación de las cuentas del ejercicio anterior.
- Revisión de las cuotas anuales que pagan los socios.

La Junta Directiva está compuesta por un presidente, un secretario y un tesorero.
"""


def _cases(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    return text_pairs(tmp_path, name, text)


def test_portuguese_statutes_are_asked_in_portuguese(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "estatutos.md", _PT)
    assert "Cooperar com as entidades" in cases.get("Qual é o objeto da Associação?", ""), cases
    rights = cases.get("Quais são os direitos dos associados?", "")
    assert rights.count("\n") == 2 and "Requerer" in rights, cases
    assert "Admitir" in cases.get("O que compete à Direção?", ""), cases
    assert "Como é composto o Conselho Fiscal?" in cases, cases
    assert "A quantos dias de formação tem direito todo associado?" in cases, cases
    asked = "Quantos dias úteis tem o tesoureiro para apresentar as contas do exercício à Direção?"
    assert asked in cases, cases
    assert "O que é a quota?" in cases, cases
    assert "Onde fica a sede da Associação?" in cases, cases
    assert "Com que frequência reúne a Assembleia Geral?" in cases, cases


def test_italian_statutes_are_asked_in_italian(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "statuto.md", _IT)
    kinds = cases.get("Da quali categorie di soci è composta l'Associazione?", "")
    assert kinds.count("\n") == 2, cases
    assert "votare" in cases.get("A che cosa hanno diritto i soci?", ""), cases
    assert "espulsione" in cases.get("Come si perde la qualifica di socio?", ""), cases
    assert "Com'è composto il Consiglio Direttivo?" in cases, cases
    assert "A quanti giorni di ferie hanno diritto i dipendenti?" in cases, cases
    asked = "Chi può convocare l'Assemblea straordinaria in qualsiasi momento dell'anno?"
    assert cases.get(asked) == "Il presidente.", cases
    assert "modulo" in cases.get("Che cosa serve per richiedere un permesso?", ""), cases


def test_german_list_introductions_compositions_and_deadlines(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "satzung.md", _DE)
    assert "Kurse" in cases.get("Welche Leistungen bietet der Verein?", ""), cases
    assert "Wie setzt sich der Vorstand zusammen?" in cases, cases
    assert "Wie oft tritt die Mitgliederversammlung zusammen?" in cases, cases
    assert "Bis wann muss ich meine Arbeitsstunden erfassen?" in cases, cases
    assert "Quittung" in cases.get("Was braucht es für jede Ausgabe?", ""), cases
    # One of a thing: "how many" would need a plural the sentence does not give.
    assert not any(q.startswith("Wie viele Stimme") for q in cases), cases


def test_french_and_spanish_list_introductions_and_compositions(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "reglement.md", _FR)
    assert "dons" in cases.get("Que comprennent les ressources de l'association ?", ""), cases
    assert "Comment est composé le bureau ?" in cases, cases
    cases = _cases(tmp_path, "reglamento.md", _ES)
    asked = "¿Qué puntos del orden del día tratará la Asamblea General Ordinaria?"
    assert "cuentas" in cases.get(asked, ""), cases
    assert "¿Cómo está compuesta la Junta Directiva?" in cases, cases


def test_a_language_no_form_writes_is_named_in_the_message(tmp_path: Path) -> None:
    path = tmp_path / "qawaid.md"
    path.write_text(
        "# لائحة العمل\n\n## ساعات العمل\n\nتبدأ ساعات العمل في الساعة التاسعة صباحا وتنتهي في "
        "الساعة الخامسة مساء من يوم الأحد إلى يوم الخميس.\n",
        encoding="utf-8",
    )
    outcome = generate_offline(tmp_path, path, 10)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    assert cases == []
    message = outcome.shortfall_message or ""
    assert "Arabic" in message and "Portuguese" in message and "Italian" in message, message


def test_a_table_in_a_language_no_table_form_writes_gives_no_case_and_says_why(
    tmp_path: Path,
) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["Código do produto", "Nome", "Preço"])
    names = ["Café torrado em grão", "Chá verde biológico", "Bolacha de aveia e mel"]
    for i, name in enumerate(names * 4):
        sheet.append([f"P{i:02d}", f"{name} {i}", 2 + i])
    path = tmp_path / "produtos.xlsx"
    book.save(path)
    outcome = generate_offline(tmp_path, path, 10)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    # Its lookups would quote the raw column label ("valor de «Nome» para P01").
    assert not [c for c in cases if "«" in c.turns[0].prompt], cases
    message = outcome.shortfall_message or ""
    assert "tables are in Portuguese" in message, message
