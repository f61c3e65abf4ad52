"""Documentation pages in Markdown: a question names what the page is about, and a
release announcement's lists of changes are asked with the release.

- A chapter of a language's book or a tool's guide is titled by its topic; its code
  blocks say the language they are written in and its prose names it. A question whose
  noun has no referent outside the page ("the channel", a type of its code) names it; a
  caption's label ("Listing 9-1") is never taken for the subject.
- A release post's title announces "<Name> <version>" (in its front matter); each list
  right under a heading that names a kind of change is asked whole with the release, in
  the page's language.
- A sentence that leads into the code example after it ("The --with option is used to
  include a dependency, e.g., to request a version:") is asked for what it states.
- A sentence of a release post names the release only when it tells what the release
  brings or changes (it says a change, or a heading it is under does); a word on the
  project in general, its team or its sponsors names the project without the version.
- A code element's list line ("`Write`: Includes a single `String`") says what the
  element does: it is no value of a property, never asked "What is the write?".
- A list that names the parts of the example just shown ("This include contains 3
  parameters:") has no answer outside the page: it is not asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.knowledge_fixtures import generate_offline

_CHAPTER = """\
## Sending Data Between Threads

One approach to safe concurrency is message passing. Here we look at how Quill supports it.

A channel is a general programming concept by which data is sent from one thread to another.
Quill's standard library provides an implementation of channels.

We create a channel in Listing 9-1 and send a value through it.

```quill
let (tx, rx) = channel();
spawn(move || tx.send(1));
```

<span class="caption">Listing 9-1: Creating a channel</span>

We receive the value in Listing 9-2.

```quill,ignore
let got = rx.recv();
```

<span class="caption">Listing 9-2: Receiving the value</span>

A channel is said to be closed if either the transmitter or receiver half is dropped.
When the transmitter closes, recv will return an error to signal that no more values will be coming.
Listing 9-3 shows a loop over the receiver.

```quill
for got in rx { print(got); }
```

When the channel is closed, iteration will end.
We can make several producers in Listing 9-4 by cloning the transmitter; in Quill the
receiver stays single.

```console
$ quill run
```
"""

_RELEASE = """\
+++
title = "Announcing Frob 2.1.0"
+++

The Frob team is happy to announce Frob 2.1.0. Frob builds web pages from templates.

## What's in 2.1.0

### Bug fixes

- Pages with empty titles no longer crash the build.
- The watcher notices renamed folders.
- Relative links in nested pages resolve again.

### Stabilized APIs

The following functions are now stable:

- `Page::render_to`
- `Site::reload`
- `Theme::load_from`
"""

_RELEASES = {
    "de": (
        """\
---
title: Frob 2.1 ist da!
---

Das Frob-Team freut sich, Frob 2.1 anzukündigen. Frob erzeugt Webseiten aus Vorlagen und ist schneller als je zuvor.

## Fehlerbehebungen

- Seiten mit leerem Titel brechen den Build nicht mehr ab.
- Der Watcher erkennt umbenannte Ordner.
- Relative Links in verschachtelten Seiten funktionieren wieder.
""",
        "Welche Fehlerbehebungen bringt Frob 2.1?",
    ),
    "fr": (
        """\
---
title: Frob 2.1 est disponible !
---

L'équipe Frob est heureuse d'annoncer Frob 2.1. Frob construit des pages web à partir de modèles et il est plus rapide que jamais.

## Corrections de bugs

- Les pages sans titre n'interrompent plus la construction du site.
- L'observateur remarque les dossiers renommés.
- Les liens relatifs dans les pages imbriquées fonctionnent de nouveau.
""",
        "Qu'apporte Frob 2.1 en matière de corrections de bugs ?",
    ),
    "es": (
        """\
---
title: ¡Frob 2.1 ya está disponible!
---

El equipo de Frob se complace en anunciar Frob 2.1. Frob genera páginas web a partir de plantillas y es más rápido que nunca.

## Correcciones de errores

- Las páginas sin título ya no interrumpen la compilación del sitio.
- El observador detecta las carpetas renombradas.
- Los enlaces relativos en páginas anidadas vuelven a funcionar.
""",
        "¿Qué correcciones de errores trae Frob 2.1?",
    ),
}

_BLOCKS = """\
# Blocks and Procs

## Yield

Methods can accept a block of code that is executed with the yield keyword.

```ruby
def twice
  yield 1
  yield 2
end
```

To invoke a method and pass a block, you use do ... end or braces.

```ruby
twice do |i|
  puts i
end
```

The yield expression returns the value of the block. A method may use yield as often as it needs,
and each yield runs the block again. If yield receives more arguments than the block has
parameters, the extra arguments are dropped.

## Break

A break expression inside a block exits from the method that yields.

```ruby
def thrice
  yield 1
  yield 2
end
```
"""

_OPTIONS = """\
# Running commands

When working on a project, it is installed into the virtual environment at `.venv`.

## Requesting additional dependencies

Additional dependencies or different versions of dependencies can be requested per invocation.

The `--with` option is used to include a dependency for the invocation, e.g., to request a different version of `httpx`:

```console
$ zap run --with httpx==0.26.0 python -c "import httpx"
```

The `--isolated` option is used to run the command outside the project environment.

## Signal handling

zap does not cede control of the process to the spawned command in order to provide better error messages on failure.
On Unix systems, zap will forward most signals to the child process.
"""

_RELEASE_AND_PROJECT = """\
+++
title = "Announcing Frob 2.1.0"
+++

The Frob team is happy to announce Frob 2.1.0. Frob builds web pages from templates.

## What's in 2.1.0

### Quieter builds

The build now warns about pages without a title. To silence the new warning, you can set the warning level to allow.

### Bug fixes

- Pages with empty titles no longer crash the build.
- The watcher notices renamed folders.

## Thanks

To maintain and increase the development pace, donate to the project or sponsor it.
"""

_VARIANTS = """\
# Defining an Enum

Enums give you a way of saying a value is one of a possible set of values. Quill lets you
define enums with the enum keyword, and Quill checks every match over them.

```quill
enum Message {
    Quit,
    Move { x: i32, y: i32 },
    Write(String),
    ChangeColor(i32, i32, i32),
}
```

This enum has four variants with different types:

- `Quit`: Has no data associated with it at all
- `Move`: Has named fields, like a struct does
- `Write`: Includes a single `String`
- `ChangeColor`: Includes three `i32` values

A variant is a possible value of an enum. In Quill, each variant can hold data of its own.

```quill
let m = Message::Write(String::from("hello"));
```
"""

_EXAMPLE = """\
# Includes

Includes let you reuse a piece of a page on many pages of a site. An include can take
parameters that change what it shows each time it is used.

```liquid
<figure>
  <img src="{{ include.file }}" alt="{{ include.alt }}">
  <figcaption>{{ include.caption }}</figcaption>
</figure>
```

This include contains 3 parameters:

* `file`
* `alt`
* `caption`

Every include you write is kept in the includes folder of your site.
"""


def _cases(tmp_path: Path, text: str) -> dict[str, str]:
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, path, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_chapter_names_the_language_its_code_is_written_in(tmp_path: Path) -> None:
    got = _cases(tmp_path, _CHAPTER)
    assert "What is a channel in Quill?" in got, got
    assert "When is a channel said to be closed in Quill?" in got, got
    assert not any("Listing" in q for q in got), got
    assert all("Quill" in q for q in got), got


def test_a_release_post_asks_its_lists_of_changes_with_the_release(tmp_path: Path) -> None:
    got = _cases(tmp_path, _RELEASE)
    assert got.get("What bug fixes does Frob 2.1.0 bring?", "").splitlines() == [
        "Pages with empty titles no longer crash the build.",
        "The watcher notices renamed folders.",
        "Relative links in nested pages resolve again.",
    ], got
    assert got.get("What stabilized APIs does Frob 2.1.0 bring?", "").splitlines() == [
        "Page::render_to",
        "Site::reload",
        "Theme::load_from",
    ], got


@pytest.mark.parametrize("lang", sorted(_RELEASES))
def test_a_release_post_in_other_languages(tmp_path: Path, lang: str) -> None:
    text, question = _RELEASES[lang]
    got = _cases(tmp_path, text)
    assert len(got.get(question, "").splitlines()) == 3, got


def test_a_release_post_names_the_release_only_in_what_it_changes(tmp_path: Path) -> None:
    got = _cases(tmp_path, _RELEASE_AND_PROJECT)
    assert "How do I silence the new warning in Frob 2.1.0?" in got, got
    # The sponsors keep the project going, not one release of it.
    assert "How do I maintain and increase the development pace in Frob?" in got, got
    assert not any("pace" in q and "2.1.0" in q for q in got), got


def test_a_code_elements_line_is_no_term_to_define(tmp_path: Path) -> None:
    got = _cases(tmp_path, _VARIANTS)
    assert "What is a variant in Quill?" in got, got
    assert not any(a.startswith("Includes") for a in got.values()), got
    assert not any(q.startswith("What is the ") for q in got), got


def test_a_list_naming_the_parts_of_the_example_is_not_asked(tmp_path: Path) -> None:
    got = _cases(tmp_path, _EXAMPLE)
    assert not any("caption" in a for a in got.values()), got


def test_a_keyword_inside_the_code_is_no_program(tmp_path: Path) -> None:
    # "yield" opens indented lines of the examples' bodies: a statement, not a command.
    got = _cases(tmp_path, _BLOCKS)
    assert "How do I invoke a method and pass a block?" in got, got
    assert not any(q.endswith(" in yield?") for q in got), got


def test_a_sentence_leading_into_a_code_example_is_asked_for_what_it_states(
    tmp_path: Path,
) -> None:
    got = _cases(tmp_path, _OPTIONS)
    assert got.get("What is the --with option used for?") == (
        "The --with option is used to include a dependency for the invocation."
    ), got
