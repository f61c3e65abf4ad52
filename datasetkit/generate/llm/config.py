"""Settings for the LLM engine: flags, then a config file, then the environment, then ``.env``.

Config files: ``datasetkit.toml`` (table ``[generate]``) or ``pyproject.toml`` (table
``[tool.datasetkit.generate]``), looked up from the working folder upwards. Every value
remembers where it came from, so ``--check-config`` can say what will be used and why.

Secrets (API keys, Entra tokens) are held in :class:`Secret`, whose ``str``/``repr`` never
show the value, and every secret seen is registered with :func:`redact`, which the
journal, cache, manifest and messages pass their text through.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ...findings import DatasetkitError

PROVIDERS = ("openai", "azure", "compatible")
STRUCTURED_MODES = ("auto", "json_schema", "json_object", "tools", "none")

_SECRETS: set[str] = set()
_SECRETS_LOCK = threading.Lock()


class Secret:
    """A credential: usable through :meth:`reveal`, never printed."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value
        register_secret(value)

    def reveal(self) -> str:
        """The real value, for the HTTP client only."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(("secret", len(self._value)))


def register_secret(value: str | None) -> None:
    """Remember a secret so :func:`redact` removes it from anything written or shown."""
    # Very short values would redact ordinary words; real keys are long.
    if value and len(value) >= 6:
        with _SECRETS_LOCK:
            _SECRETS.add(value)


def redact(text: str) -> str:
    """``text`` with every registered secret replaced by ``***``."""
    with _SECRETS_LOCK:
        secrets = sorted(_SECRETS, key=len, reverse=True)
    for s in secrets:
        if s in text:
            text = text.replace(s, "***")
    return text


def redact_obj(value: Any) -> Any:
    """A copy of a JSON-like value with secrets redacted in every string."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, Mapping):
        return {k: redact_obj(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_obj(v) for v in value]
    return value


@dataclass
class LLMSettings:
    """Everything the engine needs to reach a model, pace itself and price the run."""

    provider: str = "openai"
    model: str | None = None
    base_url: str | None = None
    azure_endpoint: str | None = None
    azure_deployment: str | None = None
    api_version: str | None = None
    api_key: Secret | None = None
    api_key_env: str | None = None
    azure_ad_token: Secret | None = None
    # "key" (api key) or "entra" (Microsoft Entra ID through azure-identity, or a token).
    azure_auth: str = "key"
    timeout: float = 60.0
    max_retries: int = 6
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    concurrency: int = 4
    rpm: int | None = None
    tpm: int | None = None
    # Per call kind: generation samples with variety, the critic and the judge decide.
    temperature: float = 0.8
    critic_temperature: float = 0.0
    judge_temperature: float = 0.0
    # The model (Azure: deployment) of the judge calls; None = the generation model.
    judge_model: str | None = None
    max_output_tokens: int = 1200
    structured: str = "auto"
    # False for models whose chat template drops system messages: the instructions then
    # go at the head of the user message.
    system_role: bool = True
    # Requests in a row answered with a 5xx (no success between) before the run stops.
    error_budget: int = 12
    cache_dir: str = ".datasetkit/cache"
    no_cache: bool = False
    journal_dir: str = ".datasetkit/runs"
    batch_poll_interval: float = 30.0
    batch_timeout: float = 26 * 3600.0
    prices: dict[str, tuple[float, float]] = field(default_factory=dict)
    # Field name -> where its value came from ("flag", "datasetkit.toml", "env NAME", ...).
    origins: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    config_file: str | None = None

    @property
    def model_label(self) -> str:
        """The model name used for prices, caching and the manifest."""
        return self.model or self.azure_deployment or "unknown"

    @property
    def endpoint_label(self) -> str:
        """Where requests go, without credentials (for messages and cache keys)."""
        if self.provider == "azure":
            return (
                f"azure:{_strip_userinfo(self.azure_endpoint or '')}/{self.azure_deployment or ''}"
            )
        if self.base_url:
            return _strip_userinfo(self.base_url)
        return "https://api.openai.com/v1"

    def problems(self, *, need_credentials: bool = True) -> list[tuple[str, str]]:
        """What stops this configuration from running: (message, hint) pairs."""
        out: list[tuple[str, str]] = []
        if self.provider not in PROVIDERS:
            out.append(
                (
                    f"unknown provider {self.provider!r}",
                    "use --provider openai, azure or compatible",
                )
            )
            return out
        if self.provider == "azure":
            if not self.azure_endpoint:
                out.append(
                    (
                        "Azure OpenAI needs an endpoint",
                        "pass --azure-endpoint https://<resource>.openai.azure.com or set AZURE_OPENAI_ENDPOINT",
                    )
                )
            if not self.azure_deployment:
                out.append(
                    (
                        "Azure OpenAI needs a deployment name",
                        "pass --azure-deployment NAME or set AZURE_OPENAI_DEPLOYMENT",
                    )
                )
            if not self.api_version:
                out.append(
                    (
                        "Azure OpenAI needs an API version",
                        "pass --api-version (e.g. 2024-10-21) or set OPENAI_API_VERSION",
                    )
                )
            if (
                need_credentials
                and self.api_key is None
                and self.azure_ad_token is None
                and self.azure_auth != "entra"
            ):
                out.append(
                    (
                        "no Azure OpenAI credential found",
                        "set AZURE_OPENAI_API_KEY (or name another variable with --api-key-env), "
                        'or AZURE_OPENAI_AD_TOKEN for an Entra token, or azure_auth = "entra" '
                        "in the config file with azure-identity installed",
                    )
                )
        else:
            if not self.model:
                out.append(
                    (
                        "no model chosen",
                        "pass --model NAME or set model in datasetkit.toml [generate]",
                    )
                )
            if self.provider == "compatible" and not self.base_url:
                out.append(
                    (
                        "a compatible server needs a base URL",
                        "pass --base-url http://localhost:11434/v1 (Ollama) or set OPENAI_BASE_URL",
                    )
                )
            if need_credentials and self.provider == "openai" and self.api_key is None:
                name = self.api_key_env or "OPENAI_API_KEY"
                out.append(
                    (
                        f"no OpenAI API key found (looked for {name})",
                        f"set {name} in the environment or in .env, or name the variable with --api-key-env",
                    )
                )
        if self.concurrency < 1:
            out.append(("--concurrency must be at least 1", "pass --concurrency 4, for example"))
        if self.structured not in STRUCTURED_MODES:
            out.append(
                (
                    f"unknown structured output mode {self.structured!r}",
                    "use auto, json_schema, json_object, tools or none",
                )
            )
        return out

    def require_ready(self, *, need_credentials: bool = True) -> None:
        """Raise a DatasetkitError naming the first problem (and listing the others)."""
        problems = self.problems(need_credentials=need_credentials)
        if problems:
            msg, hint = problems[0]
            more = "; ".join(m for m, _ in problems[1:])
            raise DatasetkitError(
                f"LLM settings: {msg}" + (f" (also: {more})" if more else ""), hint
            )

    def describe(self) -> list[tuple[str, str, str]]:
        """(setting, value shown, origin) rows for ``--check-config``; secrets never shown."""
        rows: list[tuple[str, str, str]] = []
        names = [
            "provider",
            "model",
            "base_url",
            "azure_endpoint",
            "azure_deployment",
            "api_version",
            "api_key",
            "azure_ad_token",
            "azure_auth",
            "concurrency",
            "rpm",
            "tpm",
            "timeout",
            "max_retries",
            "temperature",
            "critic_temperature",
            "judge_temperature",
            "judge_model",
            "structured",
            "system_role",
            "cache_dir",
            "no_cache",
            "journal_dir",
        ]
        for name in names:
            value = getattr(self, name)
            if name in ("api_key", "azure_ad_token"):
                if name == "azure_ad_token" and value is None and self.provider != "azure":
                    continue
                shown = "set (hidden)" if value is not None else "not set"
            elif (name.startswith("azure") and self.provider != "azure") or (
                name == "base_url" and self.provider == "azure"
            ):
                continue
            else:
                shown = "-" if value is None else _strip_userinfo(str(value))
                if name == "timeout" and name not in self.origins:
                    # Unset, it is a floor: slow servers get the time max_tokens needs.
                    shown += "s at least; up to 2 x max_tokens at the measured speed"
            rows.append((name, redact(shown), self.origins.get(name, "default")))
        for model, (pin, pout) in sorted(self.prices.items()):
            rows.append(
                (
                    f"price {model}",
                    f"{pin}/{pout} per 1M tokens",
                    self.origins.get(f"price {model}", "flag"),
                )
            )
        return rows

    def to_public_dict(self) -> dict[str, Any]:
        """The settings without secrets (for the manifest)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("api_key", "azure_ad_token", "origins", "warnings", "prices"):
                continue
            out[f.name] = getattr(self, f.name)
        for name in ("base_url", "azure_endpoint"):
            if out.get(name):
                out[name] = _strip_userinfo(str(out[name]))
        out["api_key"] = "set" if self.api_key is not None else None
        return dict(redact_obj(out))


def _strip_userinfo(url: str) -> str:
    # A URL such as https://user:pass@host must not carry its password into output.
    return re.sub(r"//[^/@]*@", "//", url)


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
    dotenv = read_dotenv(base / ".env")
    settings = LLMSettings()

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

    def lookup_env(names: tuple[str, ...]) -> tuple[str, str] | None:
        for n in names:
            if env.get(n):
                return env[n], f"env {n}"
        for n in names:
            if dotenv.get(n):
                return dotenv[n], f".env {n}"
        return None

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

    # The provider follows from what was given when not named.
    if "provider" not in settings.origins:
        if settings.azure_endpoint and settings.azure_deployment:
            settings.provider = "azure"
            settings.origins["provider"] = "inferred from the Azure endpoint"
        elif settings.base_url:
            settings.provider = "compatible"
            settings.origins["provider"] = "inferred from the base URL"

    # Prices: config file first, flags override per model.
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

    _resolve_credentials(settings, flags, config, config_origin, lookup_env)
    return settings


def _resolve_credentials(
    settings: LLMSettings,
    flags: Mapping[str, Any],
    config: Mapping[str, Any],
    config_origin: str,
    lookup_env: Any,
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
