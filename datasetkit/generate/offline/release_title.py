"""The release a release announcement is about, read from its title.

A release post or a release-notes page is titled by the release it announces: the
product's name and its version, inside words that announce it ("Announcing <Name>
1.61.0", "<Name> 3.0 is out!", "What's new in <Name> 2.4", "Ankündigung von <Name> 3",
"¡<Name> 4.3 ya está disponible!", "Nouveautés de <Name> 5.2"). Every fact of the post
is a fact of that release: a question from it ("Which APIs were stabilized?") names the
release, which the title says whole. The name must be one the post's text uses itself.
"""

from __future__ import annotations

import re

# A product's name (one to three words) and a version ("1.61.0", "v2.4", "3.0"), whole.
_RELEASE = re.compile(
    r"^(?P<name>[A-Za-z][\w.+#-]*(?:\s[A-Za-z][\w.+#-]*){0,2})\s+(?P<version>v?\d+(?:\.\d+)+)$"
)
# The words that announce a release, around "<Name> <version>", in the languages
# questions are written in.
_ANNOUNCED = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"^(?:announcing|introducing|releasing|welcome)\s+(?P<x>.+?)[!.]?$",
        r"^(?:what['’]s\s+new\s+in|release\s+notes\s+for)\s+(?P<x>.+?)\??$",
        r"^(?P<x>.+?)\s+(?:is\s+(?:out|here|now\s+available|released|available)|released|"
        r"has\s+been\s+released|release\s+notes)[!.]?$",
        r"^(?:ankündigung\s+(?:von\s+|der\s+|des\s+)?|neu\s+in\s+|was\s+ist\s+neu\s+in\s+)"
        r"(?P<x>.+?)[!?.]?$",
        r"^(?P<x>.+?)\s+ist\s+(?:jetzt\s+)?(?:da|erschienen|veröffentlicht|verfügbar)[!.]?$",
        r"^(?:annonce\s+de|présentation\s+de|sortie\s+de|nouveautés\s+de|quoi\s+de\s+neuf\s+"
        r"dans)\s+(?P<x>.+?)\s*[!?.]?$",
        r"^(?P<x>.+?)\s+est\s+(?:sortie?|disponible|arrivée?|là)\s*[!.]?$",
        r"^¡?(?:anunciando|presentamos|presentando|lanzamiento\s+de|novedades\s+(?:de|en))\s+"
        r"(?P<x>.+?)!?$",
        r"^¡?(?P<x>.+?)\s+(?:ya\s+)?(?:está\s+disponible|ha\s+sido\s+lanzad[oa])!?$",
    )
]
_MIN_MENTIONS = 2  # times the text names the product before its title is believed


def released(title: str, text: str) -> str | None:
    """``"<Name> <version>"`` when ``title`` announces that release and ``text`` names the
    product at least twice; None otherwise."""
    said = " ".join(title.split())
    for pattern in _ANNOUNCED:
        m = pattern.match(said)
        if m is None:
            continue
        release = _RELEASE.match(m.group("x").strip())
        if release is None:
            return None
        name = release.group("name")
        mentions = re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)
        return release.group(0) if len(mentions) >= _MIN_MENTIONS else None
    return None


# What a sentence says when it tells what a release brings, changes, fixes or
# deprecates, in the languages questions are written in: a sentence about the project,
# its team, its community or its sponsors says none of these, and is the project's.
_CHANGE = re.compile(
    r"(?i)\b(?:now|new(?:ly)?|no\s+longer|add(?:s|ed)?|introduc(?:e|es|ed)|deprecat\w*|"
    r"remov(?:e|es|ed)|stabili[sz](?:e|es|ed|ation)|fix(?:es|ed)?|improv(?:e|es|ed|ements?)|"
    r"chang(?:e|es|ed)|renamed|replac(?:e|es|ed)|enabled|disabled|breaking|retired|"
    r"updat(?:es|ed)|incompatib\w*|compatibility\s+issues?|"
    r"this\s+(?:release|version)|since|starting\s+with|"
    r"jetzt|nun|neu(?:e[nrsm]?)?|nicht\s+mehr|hinzugefügt|entfernt|behoben|verbessert|"
    r"geändert|veraltet|eingeführt|diese[rsm]?\s+(?:Version|Release)|"
    r"désormais|maintenant|nouve(?:au|aux|lle|lles)|ne\s+\w+\s+plus|n['’]\w+\s+plus|"
    r"ajouté\w*|supprimé\w*|corrigé\w*|amélioré\w*|modifié\w*|obsolète\w*|introduit\w*|"
    r"cette\s+version|ahora|nuev[oa]s?|ya\s+no|añadid[oa]s?|agregad[oa]s?|eliminad[oa]s?|"
    r"corregid[oa]s?|mejorad[oa]s?|cambiad[oa]s?|obsolet[oa]s?|introducid[oa]s?|"
    r"esta\s+versión)(?!\w)"
)


# A sentence about the people behind a project (its team, community, contributors and
# sponsors, thanks to them): the project's, whatever part of the post it closes.
_PEOPLE = re.compile(
    r"(?i)\b(?:thank\w*|sponsor\w*|donat\w*|communit\w*|team|contributors?|forum|"
    r"dank\w*|spende\w*|gemeinschaft|merci|remerci\w*|communauté|équipe|gracias|"
    r"agradec\w*|donaci\w*|comunidad|equipo)\b"
)


def product_of(release: str) -> str:
    """The product a release ``"<Name> <version>"`` is of: its name alone."""
    return release.rsplit(" ", 1)[0]


def states_change(text: str, release: str, heading: str = "") -> bool:
    """Whether ``text`` tells what the release brings or changes: it says a change or
    names the release's version, or the heading it is under does ("New methods", "Linker
    output no longer hidden") and it says nothing of the people behind the project."""
    if heading and _says_change(heading, release) and not _PEOPLE.search(text):
        return True
    return _says_change(text, release)


def _says_change(text: str, release: str) -> bool:
    version = release.rsplit(" ", 1)[-1].removeprefix("v")
    return (
        bool(_CHANGE.search(text))
        or re.search(rf"(?<![\d.])v?{re.escape(version)}(?![\d])", text) is not None
    )
