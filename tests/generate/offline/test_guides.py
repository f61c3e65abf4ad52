"""Technical guides (setup pages, tutorials, walkthroughs) are asked as a user asks them:
no clause read as a term, every way or step an instruction goes on to, no instruction that
points at a screenshot the text does not hold, the software named the way a user names it."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

SUBORDINATE = """# Site builder tutorial

## Build

Since Sitebuild is a static site generator, it has to build the site before you can view it.
Run `sitebuild serve` to build the site and serve it on a local web server.
"""


def test_a_subordinate_clause_is_no_term(tmp_path: Path) -> None:
    doc = tmp_path / "build.md"
    doc.write_text(SUBORDINATE, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    for q in _pairs(cases):
        assert not q.lower().startswith("what is since"), q


def _walkthrough(path: Path) -> Path:
    """A Word walkthrough of an add-in: instructions around screenshots (left out: a
    picture reads as an empty paragraph) and lists of ways."""
    import docx

    d = docx.Document()
    d.add_paragraph("Acme Toolkit Walkthrough", style="Title")
    d.add_heading("Creating a control", level=1)
    d.add_paragraph("To create a control, use one of the following buttons:")
    d.add_paragraph("")
    d.add_paragraph("(Alternatively, you can use the Developer ribbon of the editor.)")
    d.add_heading("Finishing Up", level=1)
    d.add_paragraph(
        "To check your template, save it in the usual way, and then inspect its XML. "
        "There are several ways to look at the XML:"
    )
    for way in ("save it as an XML file", "unzip the package", "open it in an XML editor"):
        d.add_paragraph(way, style="List Bullet")
    d.add_heading("Interactive mode", level=1)
    d.add_paragraph("When you first opened the pane, you saw:")
    d.add_paragraph("")
    d.add_paragraph("To enable interactive mode, answer yes to this question.")
    d.add_paragraph("Each control you bind will then ask you for a prompt text.")
    d.save(path)
    return path


def test_an_instruction_is_answered_by_the_ways_it_leads_to(tmp_path: Path) -> None:
    cases, _, _ = _cases([_walkthrough(tmp_path / "walkthrough.docx")], 10)
    pairs = _pairs(cases)
    asked = [q for q in pairs if "check my template" in q]
    assert asked, pairs
    for way in ("save it as an XML file", "unzip the package", "open it in an XML editor"):
        assert way in pairs[asked[0]], pairs[asked[0]]
    # The heading's task is not answered by a list its lead-in says is of something else.
    assert not any("finish up" in q for q in pairs), pairs


def test_no_instruction_points_at_a_screenshot(tmp_path: Path) -> None:
    cases, _, _ = _cases([_walkthrough(tmp_path / "walkthrough.docx")], 10)
    pairs = _pairs(cases)
    assert not any("interactive mode" in q for q in pairs), pairs
    # "one of the following buttons:" over an aside in brackets: the buttons are pictures.
    assert not any("create a control" in q for q in pairs), pairs


def _add_in_guide(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Zentro Word Add-In", style="Title")
    d.add_heading("Introduction", level=1)
    d.add_paragraph("The Zentro Word Add-In helps you fill templates from your own data.")
    d.add_heading("Repeats", level=1)
    d.add_paragraph('To make a content control repeat, press the "Make Repeat" button.')
    d.add_paragraph("The Zentro Word Add-In then clones the control for each item.")
    d.save(path)
    return path


def test_what_a_user_does_in_software_is_asked_in_it(tmp_path: Path) -> None:
    cases, _, _ = _cases([_add_in_guide(tmp_path / "addin.docx")], 10)
    asked = [q for q in _pairs(cases) if q.startswith("How do I make a content control repeat")]
    assert asked == ["How do I make a content control repeat with the Zentro Word Add-In?"], asked


AVAILABLE = """# Theme guide

## Styles

You can change the citation style and the reference list style of your documents.
More citation styles are available at [Style Repository](https://styles.example.org/list).
"""


def test_a_thing_available_at_an_address_is_found_there(tmp_path: Path) -> None:
    doc = tmp_path / "themes.md"
    doc.write_text(AVAILABLE, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    assert "Where can I find more citation styles?" in pairs, pairs
    assert not any("contact for" in q for q in pairs), pairs


SENTENCES = """# Publishing guide

## Requirements

SiteDocs requires a recent version of Python and the package manager pip on your system.

## Deploying

You may want to verify any changes you make to the pages by using the preview command first.
You should never edit files in your pages branch by hand because you will lose your work the \
next time you run the deploy command.
If properly configured, your pages will update each time you push commits to the repository.
"""


def test_guide_sentences_are_asked_in_plain_grammar(tmp_path: Path) -> None:
    doc = tmp_path / "publishing.md"
    doc.write_text(SENTENCES, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    # The verb "requires" says the name is singular, whatever its last letter.
    assert not any(q.startswith("What do SiteDocs") for q in pairs), pairs
    assert not any("can I want" in q or " me run" in q for q in pairs), pairs
    # A rule's reason is its answer's; a condition with no subject says nothing asked alone.
    assert not any("because" in q or "if properly configured" in q for q in pairs), pairs


NEGATED = """# Binding guide

## The value of binding

The binding works both ways: users change the data file simply by working in the editor.
No additional work is required by the programmer to enable this.
"""


def test_a_negated_subject_is_not_turned_into_the_active_voice(tmp_path: Path) -> None:
    doc = tmp_path / "binding.md"
    doc.write_text(NEGATED, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    assert not any("requires no" in q for q in _pairs(cases)), _pairs(cases)


def test_a_table_in_a_software_guide_is_asked_in_it(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("Zentro Word Add-In", style="Title")
    d.add_heading("Processors", level=1)
    d.add_paragraph("The Zentro Word Add-In needs a processor to fill its templates.")
    rows = [
        ("Environment", "Status"),
        ("Java", "implemented in release 2.6"),
        ("Python", "planned for the next release"),
        (".NET", "not started"),
    ]
    t = d.add_table(rows=len(rows), cols=2)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            t.cell(r, c).text = cell
    d.save(tmp_path / "processors.docx")
    cases, _, _ = _cases([tmp_path / "processors.docx"], 10)
    pairs = _pairs(cases)
    asked = "What is the status of the Java environment in the Zentro Word Add-In?"
    assert pairs.get(asked) == "implemented in release 2.6", pairs


# A program's guide titled by its topic: the program acts in its sentences and its code
# runs it; a question that names nothing says which program it is about.
TOPIC_GUIDE = """# Uploading Archives

To upload an archive, first install the storage plugin.

```console
$ shelfkit plugin add storage
```

Shelfkit will check the archive before it stores it. Shelfkit can be used with any
bucket. When the upload is large, Shelfkit will split it into parts.

## Limits

If you send an archive larger than 2 GB, the upload is rejected with a size error.
"""


def test_a_guide_titled_by_its_topic_names_its_program(tmp_path: Path) -> None:
    doc = tmp_path / "uploading.md"
    doc.write_text(TOPIC_GUIDE, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    asked = _pairs(cases)
    assert "How do I upload an archive with Shelfkit?" in asked, list(asked)


def test_a_guide_with_no_clear_program_names_none(tmp_path: Path) -> None:
    doc = tmp_path / "uploading.md"
    doc.write_text(TOPIC_GUIDE.replace("Shelfkit", "It").replace("shelfkit", "tool"), "utf-8")
    cases, _, _ = _cases([doc], 10)
    asked = _pairs(cases)
    assert any(q == "How do I upload an archive?" for q in asked), asked


# A class the code declares, named by a word the page also uses as a common noun.
CLASS_AND_WORD = """# Request Widgets

You can declare widgets to be sent by the client using Widget.

Widget is a class that inherits directly from Form.

Each widget is sent as form data, and a widget may be empty.

Backlog is a queue that holds the requests the server has not read yet.
"""


def test_a_term_that_is_both_a_name_and_a_common_word_is_not_defined(tmp_path: Path) -> None:
    doc = tmp_path / "widgets.md"
    doc.write_text(CLASS_AND_WORD, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    asked = list(_pairs(cases))
    assert not any(q.casefold() == "what is widget?" for q in asked), asked
    assert "What is backlog?" in asked or "What is a backlog?" in asked, asked


KINDS_LISTED = """# Widgets

## Attributes

Shelfwidget has the following attributes:

* name: the widget's name.
* size: the widget's size in bytes.

## Why use it

Using Shelfwidget has several advantages over plain files:

* It is stored on disk past a size limit.
* It keeps its metadata.
"""


def test_a_list_of_things_a_subject_has_asks_for_the_kind(tmp_path: Path) -> None:
    doc = tmp_path / "widgets.md"
    doc.write_text(KINDS_LISTED, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    asked = list(_pairs(cases))
    assert "What attributes does Shelfwidget have?" in asked, asked
    assert "What advantages does using Shelfwidget have over plain files?" in asked, asked
