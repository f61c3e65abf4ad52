"""The LLM engine's settings, and the secrets they hold.

:class:`LLMSettings` is what a run uses (each value remembers where it came from);
:mod:`.resolve` resolves it from flags, a config file, the environment and ``.env``.

Secrets (API keys, Entra tokens) are held in :class:`Secret`, whose ``str``/``repr`` never
show the value, and every secret seen is registered with :func:`redact`, which the
journal, cache, manifest and messages pass their text through.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from datasetkit.core.findings import DatasetkitError

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


def _header_safe(value: str) -> bool:
    """Whether ``value`` can be sent as an HTTP header value: printable ASCII only."""
    return all(" " <= ch <= "~" for ch in value)


def _secret_forms(secret: str) -> list[str]:
    """How a secret may appear in a message: itself and its escaped forms."""
    forms = {secret, secret.encode("unicode_escape").decode("ascii")}
    forms.add(secret.encode("ascii", "backslashreplace").decode("ascii"))
    return sorted(forms, key=len, reverse=True)


def redact(text: str) -> str:
    """``text`` with every registered secret replaced by ``***``."""
    with _SECRETS_LOCK:
        secrets = sorted(_SECRETS, key=len, reverse=True)
    for s in secrets:
        for form in _secret_forms(s):
            if form in text:
                text = text.replace(form, "***")
    # An encoder's error quotes the characters it could not encode, cut where it likes:
    # any such run of three or more that is part of a secret goes too.
    runs = [r for s in secrets for r in re.findall(r"[^ -~]{3,}", s)]
    if runs:
        text = re.sub(
            r"[^ -~\n\t]{3,}", lambda m: "***" if any(m[0] in r for r in runs) else m[0], text
        )
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
            out += self._azure_problems(need_credentials)
        else:
            out += self._model_problems(need_credentials)
        out += self._credential_problems()
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

    def _credential_problems(self) -> list[tuple[str, str]]:
        """A key or token an HTTP header cannot carry (never shown, not even in part)."""
        out: list[tuple[str, str]] = []
        for name, label in (("api_key", "API key"), ("azure_ad_token", "Entra ID token")):
            secret = getattr(self, name)
            if secret is not None and not _header_safe(secret.reveal()):
                out.append(
                    (
                        f"the {label} has characters HTTP headers cannot carry (only printable "
                        "ASCII can be sent); it is not shown here",
                        "copy it again from the provider's portal: keys are letters, digits "
                        "and - or _; look for full-width characters, smart quotes or a line break",
                    )
                )
        return out

    def _azure_problems(self, need_credentials: bool) -> list[tuple[str, str]]:
        """What an Azure OpenAI configuration lacks: endpoint, deployment, version, credential."""
        out: list[tuple[str, str]] = []
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
        return out

    def _model_problems(self, need_credentials: bool) -> list[tuple[str, str]]:
        """What an OpenAI or compatible configuration lacks: model, base URL, API key."""
        out: list[tuple[str, str]] = []
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
