"""What a scientific paper finds and what it reports: asked with the paper's subject named
(read by the "sentence fact" form among the facts a report states, in English).

A paper states its results in a fixed shape: "We find that <claim>", "Our results show
that <claim>", and its aim as "In this work we report <what>". The claim names its own
subject ("mentorship fecundity is larger for ..."): the question asks what the authors
found about that subject, in the paper on the paper's title ("In the paper on <title>,
what did the authors find about <subject>?"), answered by the claim. Only a document
that reads as a paper (a reference list, or headings such as Abstract, Introduction,
Methods, References) is asked so: a report that says "we found" speaks for a company.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.clauses import parse
from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Document

_LEAD = (
    r"(?:(?:Here|Thus|Hence|Finally|First|Second|Third|Firstly|Secondly|Thirdly|Lastly|"
    r"Further|Furthermore|Moreover|Overall|"
    r"Importantly|In addition|In summary|In conclusion|In this (?:work|paper|letter|study|"
    r"article)),?\s+)?"
)
_WHO = (
    r"(?P<who>[Ww]e|(?:[Oo]ur|[Tt]hese|[Tt]he) (?:results|findings|data|analyses|analysis|"
    r"measurements|simulations|experiments|observations))"
)
_ADVERB = (
    r"(?:(?:also|further|first|clearly|therefore|thus|now|additionally)\s+)?(?:(?:have|has)\s+)?"
    r"(?:(?:also|further|first|clearly)\s+)?"
)
# "We find that <claim>": a result, with the verb it is reported by.
_FINDING = re.compile(
    rf"^{_LEAD}{_WHO}\s+{_ADVERB}(?P<verb>show|find|found|demonstrate|observe|report|"
    r"conclude|confirm|establish|reveal|suggest|indicate)(?:s|ed|d|n)?\s+that\s+(?P<claim>.+)$"
)
# "We use <means> to <goal>": a method, asked by its goal.
_METHOD = re.compile(
    rf"^{_LEAD}[Ww]e\s+(?:(?:also|then|first|further)\s+)?(?P<verb>use|used|employ|employed|"
    r"apply|applied|adopt|adopted)\s+(?P<means>(?:(?!\bto\b)[^,;:])+?)\s+to\s+"
    r"(?P<goal>[a-z]+\b[^;:]*?)(?:,\s+(?:which|where|as|because|so)\b.*)?\.$"
)
# "In this work we report <what>": the paper's aim.
_AIM = re.compile(
    r"^(?:In this (?:work|paper|letter|study|article),?|Here,?)\s+we\s+(?P<verb>report|"
    r"present|study|investigate|propose|introduce|describe|examine)\s+(?P<what>(?!that\b).+)$"
)
_PAST = {"find": "find", "found": "find", "show": "show", "demonstrate": "show"}
# A claim that opens with no subject of its own ("although ...", "it is ...").
_NO_SUBJECT = re.compile(
    r"(?i)^(?:although|though|if|when|while|because|since|as|in|for|at|on|by|with|there|it|"
    r"this|these|that|those|they|we|our|such|both|each|its|their|one|some|only|even)\b"
)
# A subject that names no thing in particular: any one of a kind ("a network"), some of
# them ("certain networks"), or ones like another said before ("similar architectures").
_UNNAMED = re.compile(
    r"(?i)^(?:a|an|any|certain|similar|several|many|various|different|other|most|few|"
    r"related|comparable|previous|prior|existing|such)\b"
)
# A passive whose agent is a deed: "<X> is <done> ... by <doing Y>" says how X is done.
_BY_MEANS = re.compile(r"^(?P<part>[a-z]+(?:ed|en))\b[^,;]*?\bby\s+(?:\w+ly\s+)?[a-z]+ing\b")
# A reference to a figure, table, section or source closing the claim: not part of it.
_REFERENCE = re.compile(
    r"\s*\((?:see\s+)?(?:Fig|Figs|Figure|Table|Methods|Section|Sec|ref|Eq)\b[^()]*\)\s*(?=[.;]?$)"
)
# A journal's or a meeting's name set above the title (a running head on page 1).
_VENUE = re.compile(
    r"(?i)^(?:the\s+)?(?:journal|proceedings|transactions|annals|bulletin|letters|review)\b|"
    r"\b(?:journal|conference|workshop|symposium)\b"
)


def _title(said: Sentence) -> str | None:
    """The paper's title as a question says it ("the role of mentorship in ...")."""
    doc = said.text_chunk.chunk.meta.get("document")
    titles = [*said.path[:2], doc.title if doc else None]
    title = next((t for t in titles if t and not _VENUE.search(t)), None)
    if not title or len(title.split()) > 16 or not re.search(r"[a-z]{3}", title.lower()):
        return None
    title = title.strip().rstrip(".:")
    if title.isupper():
        return title.lower()
    # A title in sentence case reads on in the question from a small letter; one in title
    # case ("Dense Passage Retrieval for ...") keeps its capitals, as a name does.
    words = title.split()
    capitals = sum(w[:1].isupper() for w in words[1:] if len(w) > 3)
    first = words[0]
    if first[:1].isupper() and first[1:].islower() and capitals == 0:
        title = first.lower() + title[len(first) :]
    return title


def finding(said: Sentence) -> Candidate | None:
    """ "We find that mentorship fecundity is larger for ..." -> "In the paper on <title>,
    what did the authors find about mentorship fecundity?", answered by the claim."""
    doc = said.text_chunk.chunk.meta.get("document")
    if not isinstance(doc, Document) or not reads_as_paper(doc):
        return None
    sentence = said.sentence.strip()
    title = _title(said)
    if title is None or not sentence.endswith("."):
        return None
    m = _FINDING.match(sentence)
    if m is not None:
        return _asked_finding(said, m, title)
    m = _METHOD.match(sentence)
    if m is not None:
        return _asked_method(said, m, title)
    m = _AIM.match(sentence)
    if m is None:
        return None
    question = f"What do the authors {m.group('verb')} in the paper on {title}?"
    return Candidate(question, sentence, sentence, said.section, "finding", 1, (sentence,))


def _asked_finding(said: Sentence, m: re.Match[str], title: str) -> Candidate | None:
    claim = _REFERENCE.sub("", m.group("claim")).strip()
    # "our signal ratio": the authors' own, said as theirs in the question.
    own = re.match(r"our\s+(?=[a-z])", claim)
    if own:
        claim = claim[own.end() :]
    if _NO_SUBJECT.match(claim) or len(claim.split()) < 5:
        return None
    clause = parse(claim[:1].upper() + claim[1:], said.ctx.words)
    # One bare noun ("photons") says too little of what the claim is about to be asked.
    named = (
        [w for w in clause.subject.split() if w.lower() not in ("the", "a", "an")] if clause else []
    )
    if clause is None or clause.lead or not 2 <= len(named) <= 8:
        return None
    subject = clause.subject[:1].lower() + clause.subject[1:]
    # The subject as the claim opens with it (parse may name a vague one by its topic).
    if _NO_SUBJECT.match(subject) or not claim.lower().startswith(subject.lower()):
        return None
    if _UNNAMED.match(subject):
        return None  # "about a <thing>", "about similar <things>": which ones, it does not say
    verb = _PAST.get(m.group("verb"), m.group("verb"))
    if m.group("who").lower() == "we":
        asker = f"what did the authors {verb}"
    else:
        asker = f"what do the {m.group('who').split()[-1]} {verb}"
    if own:
        subject = f"their {subject}"
        claim = f"{own.group(0)}{claim}"
    question = f"In the paper on {title}, {asker} about {subject}?"
    means = _BY_MEANS.match(clause.rest) if clause.kind == "copula" and not own else None
    if means is not None and clause.verb in ("is", "are"):
        # "<X> is minimized by <doing Y>": the claim says how, and is asked so.
        question = f"In the paper on {title}, how {clause.verb} {subject} {means.group('part')}?"
    answer = claim[:1].upper() + claim[1:].rstrip(".") + "."
    quote = claim.rstrip(".")
    return Candidate(question, answer, said.sentence, said.section, "finding", 1, (quote,))


def _asked_method(said: Sentence, m: re.Match[str], title: str) -> Candidate | None:
    """ "We use a text-matching algorithm to match names." -> "In the paper on <title>,
    what do the authors use to match names?", answered by the sentence."""
    goal = _REFERENCE.sub("", m.group("goal")).strip()
    means, words = m.group("means"), goal.split()
    if not 2 <= len(words) <= 20 or len(means.split()) > 14 or _NO_SUBJECT.match(means):
        return None
    tense = "did" if m.group("verb").endswith("ed") else "do"
    goal = re.sub(r"\bour\b", "their", goal)
    question = f"In the paper on {title}, what {tense} the authors use to {goal}?"
    sentence = said.sentence.strip()
    return Candidate(question, sentence, sentence, said.section, "finding", 1, (sentence,))
