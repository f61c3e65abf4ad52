"""Copilot Studio writer settings: the ``template`` spec and its modifiers, parsed once.

See :mod:`datasetkit.formats.copilot_studio` for what each option means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import WriteOptions
from datasetkit.formats.copilot_studio.spec import (
    CONVERSATION_FORMAT,
    CONVERSATION_LIMITS,
    CONVERSATION_QUESTION_MAX,
    FORMAT,
    QUESTION_MAX,
    TEMPLATE_ALIASES,
    TEMPLATES,
    ConversationLimits,
)


@dataclass
class WriteSettings:
    """The writer's settings, every option checked (see :func:`write_settings`)."""

    template: str
    comments: bool
    quote_all: bool
    bom: bool
    newline: str
    truncate: int | None
    sidecar: bool
    limits: ConversationLimits


def _as_bool(value: Any, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("0", "false", "no", "off", ""):
        return False
    if isinstance(value, int):
        return bool(value)
    raise DatasetkitError(
        f"option {key}={value!r} is not true or false", f"write {key}=true or {key}=false"
    )


# Modifiers ``template`` may carry after the layout ("current,comments,crlf"), so every
# setting is reachable through one command-line option -> the option they set.
_MODIFIERS: dict[str, tuple[str, Any]] = {
    "comments": ("comments", True),
    "bom": ("bom", True),
    "crlf": ("newline", "crlf"),
    "lf": ("newline", "lf"),
    "minimal": ("quoting", "minimal"),
    "quote-all": ("quoting", "all"),
    "no-sidecar": ("sidecar", False),
    "truncate": ("truncate", True),
}


def _template_spec(raw: Any, default: str) -> tuple[str, dict[str, Any]]:
    """``"current,comments,limits=template-2026-05"`` -> ("current", {settings})."""
    layout: str | None = None
    settings: dict[str, Any] = {}
    for token in str(raw or "").split(","):
        name, eq, value = token.strip().lower().partition("=")
        if not name:
            continue
        name = TEMPLATE_ALIASES.get(name, name)
        if not eq and (name in TEMPLATES or name == "conversation"):
            layout = name
        elif not eq and name in _MODIFIERS:
            key, setting = _MODIFIERS[name]
            settings[key] = setting
        elif eq and name in ("limits", "truncate", "quoting", "newline"):
            settings[name] = value
        else:
            raise DatasetkitError(
                f"unknown Copilot Studio template or option {token.strip()!r}",
                "use a layout (" + ", ".join([*TEMPLATES, "conversation"]) + ") followed by "
                "options, e.g. current,comments,crlf (options: " + ", ".join(_MODIFIERS) + ", "
                "limits=NAME, truncate=N)",
            )
    return layout or default, settings


def write_settings(options: WriteOptions | None, conversation: bool) -> WriteSettings:
    """The write settings from the options and the template spec, every value checked."""
    limit = CONVERSATION_QUESTION_MAX if conversation else QUESTION_MAX
    given = (options or WriteOptions()).extra
    template, from_spec = _template_spec(
        given.get("template"), "conversation" if conversation else "docs"
    )
    # Settings named in the template spec win over the plain options (the CLI passes
    # its flags' defaults, e.g. bom=False, whether or not they were typed).
    extra = {**given, **from_spec}
    _check_template(template, conversation)
    comments = _as_bool(extra.get("comments", False), "comments")
    if comments and template not in ("current", "g2", "conversation"):
        raise DatasetkitError(
            f"the {template} layout has no comment block",
            "use template=current (the downloadable template with its # comments), or drop comments",
        )
    quoting, newline = _quoting_newline(extra, template)
    truncate = _truncate(extra.get("truncate", False), limit)
    limits_name = str(extra.get("limits") or "strict").lower()
    if limits_name not in CONVERSATION_LIMITS:
        raise DatasetkitError(
            f"unknown limits profile {limits_name!r}",
            "use one of: " + ", ".join(CONVERSATION_LIMITS),
        )
    return WriteSettings(
        template=template,
        comments=comments,
        quote_all=quoting == "all",
        bom=_as_bool(extra.get("bom", False), "bom"),
        newline="\r\n" if newline == "crlf" else "\n",
        truncate=truncate,
        sidecar=_as_bool(extra.get("sidecar", True), "sidecar"),
        limits=CONVERSATION_LIMITS[limits_name],
    )


def _check_template(template: str, conversation: bool) -> None:
    """A single-response template for a conversation set (or the reverse) is a mistake."""
    if conversation and template != "conversation":
        raise DatasetkitError(
            f"template {template!r} is a single-response layout",
            f"write it with --to {FORMAT}, or drop the template option",
        )
    if not conversation and template == "conversation":
        raise DatasetkitError(
            "the conversation template is its own format",
            f"write it with --to {CONVERSATION_FORMAT}",
        )


def _quoting_newline(extra: dict[str, Any], template: str) -> tuple[str, str]:
    """The quoting (all, minimal) and newline (lf, crlf) settings, checked."""
    quoting = str(
        extra.get("quoting") or ("minimal" if template in ("g2", "ess") else "all")
    ).lower()
    if quoting not in ("all", "minimal"):
        raise DatasetkitError(
            f"quoting={quoting!r} is not all or minimal", "write quoting=all or quoting=minimal"
        )
    newline = str(extra.get("newline") or "lf").lower()
    if newline not in ("lf", "crlf"):
        raise DatasetkitError(
            f"newline={newline!r} is not lf or crlf", "write newline=lf or newline=crlf"
        )
    return quoting, newline


def _truncate(raw_trunc: Any, limit: int) -> int | None:
    """The length questions are cut to: a number, true (the limit), or None (no cutting)."""
    if (isinstance(raw_trunc, int) and not isinstance(raw_trunc, bool)) or (
        isinstance(raw_trunc, str) and raw_trunc.strip().isdigit()
    ):
        truncate = int(raw_trunc)
        if not 1 <= truncate <= limit:
            raise DatasetkitError(
                f"truncate={truncate} is outside 1..{limit}",
                f"Copilot Studio takes at most {limit} characters per question",
            )
        return truncate
    if _as_bool(raw_trunc, "truncate"):
        return limit
    return None
