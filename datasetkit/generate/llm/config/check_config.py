"""``generate --check-config``: the settings a run will use, where each comes from, and
(with ``--probe``) what the server takes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datasetkit.generate.llm.config.settings import LLMSettings


def check_config(options: dict[str, Any]) -> tuple[str, int]:
    """The ``--check-config`` report and the exit code (0 ready, 2 not)."""
    from datasetkit.generate.llm.config.resolve import cli_settings_flags, resolve_settings

    settings = resolve_settings(cli_settings_flags(options), cwd=options.get("cwd"))
    text = render_check_config(settings)
    code = 2 if settings.problems() else 0
    if not options.get("probe"):
        return text + "\nserver: not contacted (add --probe to send it one tiny request)", code
    if code:
        return text + "\nprobe: not run (fix the problems above first)", code
    from datasetkit.generate.llm.wire.probe import probe

    report = probe(settings)
    return text + "\n" + "\n".join(report.lines), (0 if report.ok else 2)


def render_check_config(settings: LLMSettings) -> str:
    """What ``--check-config`` prints: each setting, its value (secrets hidden) and origin."""
    from datasetkit.generate.llm.config.settings import redact
    from datasetkit.generate.llm.engine.cost import price_for

    rows = settings.describe()
    width = max(len(r[0]) for r in rows)
    lines = [f"{name.ljust(width)}  {value}   ({origin})" for name, value, origin in rows]
    if settings.config_file:
        lines.insert(0, f"config file: {settings.config_file}")
    else:
        lines.insert(
            0,
            "config file: none found (datasetkit.toml [generate] or pyproject [tool.datasetkit.generate])",
        )
    problems = settings.problems()
    for w in settings.warnings:
        lines.append(f"warning: {w}")
    if problems:
        lines += [f"problem: {m}\n  hint: {h}" for m, h in problems]
    else:
        lines.append("ready: yes (the settings are complete)")
    price = price_for(settings.model_label, settings.prices)
    lines.append(
        f"price {settings.model_label}: "
        + (
            f"${price[0]}/{price[1]} per 1M input/output tokens"
            if price
            else "unknown (pass --price MODEL=IN/OUT)"
        )
    )
    return redact("\n".join(lines))
