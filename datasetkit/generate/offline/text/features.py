"""A feature named by its section's heading and said to do something in the first
sentence under it, asked "What does <feature> do?".

The sentence must say what kind of thing the name is (a mode, a tool, a button, a
service): a heading on a topic is often followed by a noun phrase that only looks like
its name and a verb.

A configuration reference gives each option a heading that is its name as typed
(``array_width``) and opens its section with what it does: asked "What does the
`array_width` option do?", the kind said when the heading above names it.

Product guides and READMEs give each feature, mode or command a heading and open its
section with a sentence whose subject is that name ("<Name> mode lets you ...", "The
<Name> combines ..."). The question says the name as the sentence does (with its kind
noun and article), and the answer is the sentence with the rest of its paragraph when the
paragraph is short enough to check, else the sentence alone.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.code_names import code_subject
from datasetkit.generate.offline.language.words import english_word, sentences, unnumbered
from datasetkit.generate.offline.text.reference import element_of, page_subject
from datasetkit.generate.offline.text.view import Sentence, TextChunk
from datasetkit.knowledge.model import Document

# What a feature is called after its name ("Work Only mode", "the Export button").
_KIND = (
    r"mode|feature|option|tab|panel|button|command|assistant|page|view|setting|tool|"
    r"function|service|menu|dialog|screen|plugin|extension|integration|module|widget|"
    r"wizard|editor|report"
)
# Verbs that say what a thing does, in the third person, and "is"-like verbs that do not.
_NOT_DOING = re.compile(r"(?i)^(?:is|has|was|does|needs|requires|means)$")
# A heading that speaks to or for the reader ("Show me how ...", "Give me clues") is a
# label to quote, not a name a sentence is about.
_SPOKEN = re.compile(r"(?i)\b(?:me|my|you|your|i|we|us|it)\b")
_MAX_ANSWER = 600


def _doing(word: str) -> bool:
    """True for a verb in the third person singular ("provides", "combines", "lets")."""
    w = word.lower()
    if _NOT_DOING.match(w) or not re.fullmatch(r"[a-z]{3,}s", w) or w.endswith("ss"):
        return False
    stems = [w[:-1]] + ([w[:-2]] if w.endswith("es") else [])
    stems += [w[:-3] + "y"] if w.endswith("ies") else []  # "copies"
    return any(english_word(s) for s in stems)


def feature_does(said: Sentence) -> Candidate | None:
    """ "Work Only mode provides ..." first under the heading "Work Only" -> "What does
    Work Only mode do?", answered by its paragraph."""
    text = said.text_chunk
    if said.lang != "en" or said.before or not text.opens_section or text.heading is None:
        return None
    if not text.body or text.body[0] is not said.section or said.section.kind != "paragraph":
        return None
    name = unnumbered(str(text.heading)).strip()
    above = text.path[-2] if len(text.path) >= 2 else None
    code = _element(text) or code_subject(name, above)
    if code is not None:
        return _code_does(said, code)
    if not 1 <= len(name.split()) <= 5 or not name[:1].isupper() or _SPOKEN.search(name):
        return None
    if not re.fullmatch(r"[A-Za-z][\w+&.-]*(?: [\w+&.-]+)*", name):
        return None
    m = re.match(
        rf"^(?P<subject>(?:(?P<art>The|A|An) )?(?i:{re.escape(name)})(?: (?:{_KIND}))?) "
        rf"(?P<verb>[a-z]+)\b",
        said.sentence,
    )
    if m is None or not _doing(m.group("verb")):
        return None
    subject = m.group("subject")
    if not re.search(rf"(?i)\b(?:{_KIND})$", subject):
        # A heading on a topic ("Reduced Compensation") opens with a noun phrase of its
        # own ("Reduced compensation notices may ..."): only a thing said to be a feature,
        # mode, tool or the like is asked what it does.
        return None
    if m.group("art"):
        subject = subject[:1].lower() + subject[1:]
    said_all = [said.sentence, *said.after]
    answer = " ".join(s.strip() for s in said_all)
    parts = tuple(said_all)
    if len(answer) > _MAX_ANSWER or len(sentences(answer)) != len(said_all):
        answer, parts = said.sentence.strip(), (said.sentence,)
    return Candidate(
        f"What does {subject} do?", answer, answer, said.section, "definition", 2, parts
    )


def _element(text: TextChunk) -> str | None:
    """How a question names the element a reference page's heading names, with the page
    it is on; for the page's own lead, what the page documents when it says what that
    is (a rule, a command)."""
    doc = text.chunk.meta.get("document")
    doc = doc if isinstance(doc, Document) else None
    heading = str(text.heading)
    found = element_of(heading, text.path, text.chunk.sections, doc)
    if found is not None:
        return found.said
    if len(text.path) == 1 and heading == text.path[0]:
        subject = page_subject(doc, heading)
        if subject and subject.startswith("the "):
            return subject
    return None


def _code_does(said: Sentence, code: str) -> Candidate | None:
    """The paragraph that opens the section of a code element's heading (an option, a
    setting) says what it does: asked of the element, answered by the whole paragraph."""
    parts = [said.sentence, *said.after]
    answer = " ".join(p.strip() for p in parts)
    if len(answer) > _MAX_ANSWER or "\n" in said.section.text.strip():
        return None  # a long paragraph is not cut; a code block is no description
    if not answer.endswith(".") or len(answer.split()) < 4:
        return None
    does = "check for" if code.endswith(" rule") and " of " not in code else "do"
    question = f"What does {code} {does}?"
    return Candidate(question, answer, answer, said.section, "definition", 1, tuple(parts))
