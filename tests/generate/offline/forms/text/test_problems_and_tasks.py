"""A troubleshooting entry whose heading names a problem as a clause is asked "What
should I do if ...?" and answered by its whole section; a lead-in "If you want to ...,
follow these steps:" names the task of its steps; a German lead-in "Um ... zu ...:" names
the task of the command under it; a sentence that opens with its task is asked how, in
English, German and French; a German plural heading over short entries asks which."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

TROUBLE_MD = """# Troubleshooting

## The sync service fails to start after an upgrade

The service keeps its lock file from the previous version.

- Stop the service.
- Delete the file `sync.lock` in the data folder.
- Start the service again.

## Exports are slow on large projects

Large projects take longer to export because every file is read again. Enable the
export cache in the settings to keep the files that did not change.

## Backups fail during a Postgres upgrade

Stop the web service before you upgrade, then run the backup again.

## Broken icons

Icons come from the theme.

## A fresh start

If you want to reset the app to its first state, follow these steps:

1. Close the app.
2. Delete the configuration folder.
3. Start the app again.
"""

HANDBUCH_MD = """# Handbuch für neue Mitarbeitende

## Arbeitszeit

Eine Woche hat 42 Arbeitsstunden (ohne Pausen). Im Büro machen wir gegen zehn Uhr
gemeinsam eine Pause.

## Urlaub

Du hast 28 Tage Urlaub, bezogen auf eine volle Stelle. In der Summe sind es 12 Feiertage.

## Standorte

- Luzern, Bruchstrasse 5
- Zug, Bahnhofplatz 2
- Bern, Marktgasse 9

## Bürodienste

- Die Küche wird jeden Freitag geputzt.
- Das Altpapier wird am Montag entsorgt.
- Die Pflanzen werden am Mittwoch gegossen.

## Programme aktualisieren

Um das Archivprogramm zu aktualisieren, nutze diesen Befehl:

archiv --update

## Daten

Die App speichert ihre Daten lokal. Um die App ganz zu entfernen, lösche den Ordner
`Notizen` in deinem Benutzerordner. Um Pandoc zu zwingen, Umbrüche zu lesen, ende die
Zeile mit zwei Leerzeichen.
"""


def _pairs(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_problem_heading_is_asked_what_to_do_with_its_whole_remedy(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "trouble.md", TROUBLE_MD)
    asked = [q for q in pairs if q.startswith("What should I do if the sync service fails")]
    assert asked, list(pairs)
    answer = pairs[asked[0]]
    for step in ("Stop the service", "sync.lock", "Start the service again"):
        assert step in answer
    slow = [q for q in pairs if q.startswith("What should I do if exports are slow")]
    assert slow and "export cache" in pairs[slow[0]], list(pairs)
    # A sentence-case heading keeps the capital of a name.
    assert "What should I do if backups fail during a Postgres upgrade?" in pairs, list(pairs)
    # A noun phrase is no problem said as a clause.
    assert not any("broken icons" in q.lower() for q in pairs), list(pairs)


def test_if_you_want_to_names_the_task_of_its_steps(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "trouble.md", TROUBLE_MD)
    asked = [q for q in pairs if q.startswith("How do I reset the app to its first state")]
    assert asked, list(pairs)
    assert "Start the app again" in pairs[asked[0]]


def test_a_german_plural_heading_over_short_entries_asks_which(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "handbuch.md", HANDBUCH_MD)
    answer = pairs.get("Welche Standorte gibt es?", "")
    assert all(city in answer for city in ("Luzern", "Zug", "Bern")), list(pairs)
    # A list of sentences (rules, duties) is no list of instances of its heading.
    assert "Welche Bürodienste gibt es?" not in pairs, list(pairs)


def test_a_german_purpose_lead_in_names_its_task(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "handbuch.md", HANDBUCH_MD)
    asked = [q for q in pairs if q.startswith("Wie kann ich das Archivprogramm aktualisieren")]
    assert asked and "archiv --update" in pairs[asked[0]], list(pairs)
    assert any(q.startswith("Wie kann ich die App ganz entfernen") for q in pairs), list(pairs)
    # A purpose clause that goes on past its comma is not cut after its first verb.
    assert not any("zwingen" in q for q in pairs), list(pairs)


HOWTO_MD = """# Notebook Help

## Cache

The app keeps a cache of every folder. To clear the folder cache, open the Help menu and
click Clear cache. To fix this, restart the app.

## Windows

The installer for Windows is on the download page. To remove the app, open Settings and
uninstall it like any Windows program.

## macOS

The disk image for macOS is on the download page. To remove the app, drag it from the
Applications folder to the Trash. Then empty the Trash.

## Updates

To update the app on a server, run the update command:

!!! warning
    Back up the data folder before every update.

Updates are published every month.
"""


def test_a_sentence_that_opens_with_its_task_is_asked_how(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "howto.md", HOWTO_MD)
    asked = [q for q in pairs if q.startswith("How do I clear the folder cache")]
    assert asked and "Clear cache" in pairs[asked[0]], list(pairs)
    assert not any("fix this" in q for q in pairs), list(pairs)  # a task that points back
    # An instruction under one of several platform headings says its platform.
    assert "How do I remove the app on Windows?" in pairs, list(pairs)
    # The sentence that carries the instruction on is part of the answer.
    assert "empty the Trash" in pairs.get("How do I remove the app on macOS?", ""), list(pairs)
    # A lead-in followed by a warning box is not answered by the box.
    assert not any(q.startswith("How do I update the app") for q in pairs), list(pairs)


GUIDE_FR = """# Installation de Notabene

## Windows

Le programme pour Windows se trouve sur la page de téléchargement. Pour désinstaller
Notabene, il suffit d'exécuter le fichier Uninstall.exe dans le répertoire du programme.

## Linux

Il y a des paquets pour les systèmes Linux. Pour installer Notabene sur Ubuntu, il suffit
d'installer le paquet deb avec le gestionnaire de paquets. Pour désinstaller Notabene,
supprimez le paquet avec le gestionnaire de paquets. Pour configurer votre compte, ouvrez
les paramètres.
"""


def test_a_french_sentence_that_opens_with_its_task_is_asked_in_french(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, "guide.md", GUIDE_FR)
    assert any(q.startswith("Comment puis-je installer Notabene sur Ubuntu") for q in pairs), list(
        pairs
    )
    asked = pairs.get("Comment puis-je désinstaller Notabene sous Windows ?", "")
    assert "Uninstall.exe" in asked, list(pairs)
    # "votre" is "mon" or "ma": the reader's own things are not said for them.
    assert not any("compte" in q for q in pairs), list(pairs)
