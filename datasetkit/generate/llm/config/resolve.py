"""Settings for the LLM engine: flags, then a config file, then the environment, then ``.env``.

Config files: ``datasetkit.toml`` (table ``[generate]``) or ``pyproject.toml`` (table
``[tool.datasetkit.generate]``), looked up from the working folder upwards. Every value
remembers where it came from, so ``--check-config`` can say what will be used and why.

The settings themselves, and the secrets they hold, are in :mod:`.settings`
(re-exported here).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.llm.config.settings import PROVIDERS as PROVIDERS
from datasetkit.generate.llm.config.settings import STRUCTURED_MODES as STRUCTURED_MODES
from datasetkit.generate.llm.config.settings import LLMSettings as LLMSettings
from datasetkit.generate.llm.config.settings import Secret as Secret
from datasetkit.generate.llm.config.settings import redact as redact
from datasetkit.generate.llm.config.settings import redact_obj as redact_obj
from datasetkit.generate.llm.config.settings import register_secret as register_secret

# ---------------------------------------------------------------------------- sources

_DOTENV_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines of a ``.env`` file (quotes, ``export`` and comments handled)."""
    out: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return out
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _DOTENV_LINE.match(line)
        if not m:
            continue
        key, raw = m.group(1), m.group(2).strip()
        if raw[:1] in ("'", '"'):
            quote = raw[0]
            end = raw.find(quote, 1)
            value = raw[1:end] if end > 0 else raw[1:]
        else:
            value = raw.split(" #", 1)[0].strip()
        out[key] = value
    return out


def find_config_file(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest ``datasetkit.toml`` [generate] or ``pyproject.toml`` [tool.datasetkit.generate]."""
    for folder in [start, *start.parents]:
        for name in ("datasetkit.toml", "pyproject.toml"):
            path = folder / name
            if not path.is_file():
                continue
            data = _load_toml(path)
            table = (
                data.get("generate")
                if name == "datasetkit.toml"
                else data.get("tool", {}).get("datasetkit", {}).get("generate")
            )
            if isinstance(table, dict):
                return path, table
            if name == "datasetkit.toml":
                return path, {}
    return None


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DatasetkitError(
            f"{path}: not valid TOML ({exc})", "fix the file, or remove it to use flags only"
        ) from exc


# Environment variables per setting, in the order they are tried.
_ENV_NAMES: dict[str, tuple[str, ...]] = {
    "provider": ("DATASETKIT_PROVIDER",),
    "model": ("DATASETKIT_MODEL",),
    "base_url": ("DATASETKIT_BASE_URL", "OPENAI_BASE_URL"),
    "azure_endpoint": ("AZURE_OPENAI_ENDPOINT",),
    "azure_deployment": ("AZURE_OPENAI_DEPLOYMENT",),
    "api_version": ("AZURE_OPENAI_API_VERSION", "OPENAI_API_VERSION"),
    "concurrency": ("DATASETKIT_CONCURRENCY",),
    "rpm": ("DATASETKIT_RPM",),
    "tpm": ("DATASETKIT_TPM",),
    "cache_dir": ("DATASETKIT_CACHE_DIR",),
}

_INT_FIELDS = {"concurrency", "rpm", "tpm", "max_retries", "max_output_tokens", "error_budget"}
_FLOAT_FIELDS = {
    "timeout",
    "backoff_base",
    "backoff_max",
    "temperature",
    "critic_temperature",
    "judge_temperature",
    "batch_poll_interval",
    "batch_timeout",
}
_BOOL_FIELDS = {"no_cache", "system_role"}
_CONFIG_KEYS = (
    {f.name for f in fields(LLMSettings)}
    - {"origins", "warnings", "config_file", "api_key", "azure_ad_token"}
) | {"api_key"}


def _coerce(name: str, value: Any, origin: str) -> Any:
    try:
        if name in _INT_FIELDS:
            return None if value is None else int(value)
        if name in _FLOAT_FIELDS:
            return float(value)
        if name in _BOOL_FIELDS:
            if isinstance(value, str):
                return value.strip().lower() in ("1", "true", "yes", "on")
            return bool(value)
    except (TypeError, ValueError) as exc:
        raise DatasetkitError(
            f"{origin}: {name} = {value!r} is not a valid {'number' if name not in _BOOL_FIELDS else 'boolean'}",
            f"give {name} a number, e.g. {name} = 4",
        ) from exc
    return str(value) if value is not None else None


def parse_price(text: str, origin: str = "--price") -> tuple[str, tuple[float, float]]:
    """``MODEL=IN/OUT`` (US dollars per 1M input/output tokens) as (model, (in, out))."""
    model, sep, rest = text.partition("=")
    pin, sep2, pout = rest.partition("/")
    try:
        if not sep or not sep2 or not model.strip():
            raise ValueError
        return model.strip(), (float(pin), float(pout))
    except ValueError:
        raise DatasetkitError(
            f"{origin} {text!r} is not MODEL=IN/OUT",
            "give the price per 1M tokens, e.g. --price gpt-4o-mini=0.15/0.60",
        ) from None


def resolve_settings(
    flags: Mapping[str, Any] | None = None,
    *,
    cwd: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
    config_path: str | os.PathLike[str] | None = None,
    use_config_file: bool = True,
) -> LLMSettings:
    """Settings from ``flags`` (None values ignored), then a config file, then env, then ``.env``.

    ``flags`` keys are :class:`LLMSettings` field names, plus ``api_key`` (a literal key:
    accepted with a warning) and ``prices`` (a list of ``MODEL=IN/OUT`` strings).
    """
    flags = {k: v for k, v in (flags or {}).items() if v is not None}
    base = Path(cwd) if cwd is not None else Path.cwd()
    env = dict(os.environ if environ is None else environ)
    lookup_env = _env_lookup(env, read_dotenv(base / ".env"))
    settings = LLMSettings()
    config, config_origin = _config_table(settings, base, config_path, use_config_file)
    _apply_fields(settings, flags, config, config_origin, lookup_env)
    # The provider follows from what was given when not named.
    if "provider" not in settings.origins:
        if settings.azure_endpoint and settings.azure_deployment:
            settings.provider = "azure"
            settings.origins["provider"] = "inferred from the Azure endpoint"
        elif settings.base_url:
            settings.provider = "compatible"
            settings.origins["provider"] = "inferred from the base URL"
    _apply_prices(settings, flags, config, config_origin)
    _resolve_credentials(settings, flags, config, config_origin, lookup_env)
    return settings


def cli_settings_flags(opts: dict[str, Any]) -> dict[str, Any]:
    """The :func:`resolve_settings` flags from CLI option values (None = not given)."""
    names = {
        "provider": "provider",
        "model": "model",
        "base_url": "base_url",
        "azure_endpoint": "azure_endpoint",
        "azure_deployment": "azure_deployment",
        "api_version": "api_version",
        "api_key": "api_key",
        "api_key_env": "api_key_env",
        "concurrency": "concurrency",
        "rpm": "rpm",
        "tpm": "tpm",
        "cache_dir": "cache_dir",
        "timeout": "timeout",
        "max_retries": "max_retries",
        "backoff_base": "backoff_base",
        "backoff_max": "backoff_max",
        "temperature": "temperature",
        "critic_temperature": "critic_temperature",
        "judge_temperature": "judge_temperature",
        "judge_model": "judge_model",
        "structured": "structured",
        "journal_dir": "journal_dir",
        "batch_poll_interval": "batch_poll_interval",
        "batch_timeout": "batch_timeout",
    }
    flags = {dst: opts.get(src) for src, dst in names.items() if opts.get(src) is not None}
    if opts.get("no_cache"):
        flags["no_cache"] = True
    if opts.get("no_system_role"):
        flags["system_role"] = False
    if opts.get("price"):
        flags["prices"] = list(opts["price"])
    return flags


EnvLookup = Callable[[tuple[str, ...]], "tuple[str, str] | None"]


def _env_lookup(env: Mapping[str, str], dotenv: Mapping[str, str]) -> EnvLookup:
    """The first of some variable names set in the environment, else in ``.env``, with
    where it was found (``env NAME`` or ``.env NAME``)."""

    def lookup_env(names: tuple[str, ...]) -> tuple[str, str] | None:
        for n in names:
            if env.get(n):
                return env[n], f"env {n}"
        for n in names:
            if dotenv.get(n):
                return dotenv[n], f".env {n}"
        return None

    return lookup_env


def _config_table(
    settings: LLMSettings,
    base: Path,
    config_path: str | os.PathLike[str] | None,
    use_config_file: bool,
) -> tuple[dict[str, Any], str]:
    """The generate table of the config file (given, or found from ``base``) and its name."""
    config: dict[str, Any] = {}
    config_origin = ""
    if config_path is not None:
        path = Path(config_path)
        if not path.is_file():
            raise DatasetkitError(
                f"{path}: no such config file", "check the path given to --config"
            )
        data = _load_toml(path)
        config = (
            data.get("generate") or data.get("tool", {}).get("datasetkit", {}).get("generate") or {}
        )
        config_origin = path.name
        settings.config_file = str(path)
    elif use_config_file:
        found = find_config_file(base)
        if found is not None:
            config_origin = found[0].name
            config = found[1]
            settings.config_file = str(found[0])
    unknown = sorted(set(config) - _CONFIG_KEYS)
    if unknown:
        raise DatasetkitError(
            f"{settings.config_file}: unknown setting(s) {', '.join(unknown)} in the generate table",
            "known settings: " + ", ".join(sorted(_CONFIG_KEYS - {"api_key"})),
        )
    return config, config_origin


def _apply_fields(
    settings: LLMSettings,
    flags: Mapping[str, Any],
    config: Mapping[str, Any],
    config_origin: str,
    lookup_env: EnvLookup,
) -> None:
    """Each plain setting from its flag, else the config file, else the environment."""
    for f in fields(LLMSettings):
        name = f.name
        if name in ("api_key", "azure_ad_token", "origins", "warnings", "config_file", "prices"):
            continue
        if name in flags:
            setattr(settings, name, _coerce(name, flags[name], "flag"))
            settings.origins[name] = "flag"
        elif name in config:
            setattr(settings, name, _coerce(name, config[name], config_origin))
            settings.origins[name] = config_origin
        elif name in _ENV_NAMES:
            found_env = lookup_env(_ENV_NAMES[name])
            if found_env is not None:
                setattr(settings, name, _coerce(name, found_env[0], found_env[1]))
                settings.origins[name] = found_env[1]


def _apply_prices(
    settings: LLMSettings, flags: Mapping[str, Any], config: Mapping[str, Any], config_origin: str
) -> None:
    """Prices: the config file's first, then the flags' (per model, a flag wins)."""
    for model, spec in (config.get("prices") or {}).items():
        if isinstance(spec, dict):
            settings.prices[model] = (float(spec.get("input", 0)), float(spec.get("output", 0)))
        else:
            settings.prices[model] = parse_price(f"{model}={spec}", config_origin)[1]
        settings.origins[f"price {model}"] = config_origin
    for raw in flags.get("prices") or []:
        model, price = parse_price(raw)
        settings.prices[model] = price
        settings.origins[f"price {model}"] = "flag"


def _resolve_credentials(
    settings: LLMSettings,
    flags: Mapping[str, Any],
    config: Mapping[str, Any],
    config_origin: str,
    lookup_env: EnvLookup,
) -> None:
    if flags.get("api_key"):
        settings.api_key = Secret(str(flags["api_key"]))
        settings.origins["api_key"] = "flag"
        settings.warnings.append(
            "--api-key puts the key in your shell history and process list; "
            "prefer --api-key-env NAME or a .env file"
        )
        return
    if config.get("api_key"):
        settings.api_key = Secret(str(config["api_key"]))
        settings.origins["api_key"] = config_origin
        settings.warnings.append(
            f"{config_origin} holds an API key in clear text; move it to an environment "
            "variable and set api_key_env instead"
        )
        return
    if settings.api_key_env:
        found = lookup_env((settings.api_key_env,))
        if found is not None:
            settings.api_key = Secret(found[0])
            settings.origins["api_key"] = found[1]
        else:
            settings.warnings.append(
                f"the variable {settings.api_key_env} named by --api-key-env is not set"
            )
        return
    if settings.provider == "azure":
        token = lookup_env(("AZURE_OPENAI_AD_TOKEN",))
        if token is not None:
            settings.azure_ad_token = Secret(token[0])
            settings.origins["azure_ad_token"] = token[1]
            settings.azure_auth = "entra"
            return
        found = lookup_env(("AZURE_OPENAI_API_KEY",))
    elif settings.provider == "compatible":
        found = lookup_env(("DATASETKIT_API_KEY", "OPENAI_API_KEY"))
    else:
        found = lookup_env(("OPENAI_API_KEY",))
    if found is not None:
        settings.api_key = Secret(found[0])
        settings.origins["api_key"] = found[1]
