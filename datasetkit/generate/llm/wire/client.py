"""The model client: ``openai.OpenAI`` / ``AzureOpenAI`` with our own pacing and retries.

The ``openai`` client's own retries are switched off (``max_retries=0``) because this
module owns them: token buckets pace requests and tokens per minute, 429 and 5xx
replies are retried after their ``Retry-After`` (or an exponential backoff) and lower
the concurrency, timeouts are retried, and permanent errors (bad key, unknown model,
quota used up) stop the run with a clear message.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.llm.config.settings import LLMSettings, redact
from datasetkit.generate.llm.wire.pacing import (
    AdaptiveLimit,
    Pacer,
    SpeedMeter,
    Stopped,
    parse_retry_after,
)
from datasetkit.generate.llm.wire.profiles import ServerProfile, profile_for
from datasetkit.generate.llm.wire.sender import AsyncSender, Cancelled
from datasetkit.generate.llm.wire.structured import is_rejection, tool_arguments


@dataclass
class ChatRequest:
    """One chat-completions request, named by the hash of its body."""

    key: str
    body: dict[str, Any]
    unit: str
    schema: str
    est_input: int
    est_output: int


@dataclass
class ChatResult:
    """What came back: the reply text and usage, and where it came from."""

    content: str | None
    finish_reason: str | None = None
    refusal: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    source: str = "api"  # api, cache, journal, batch
    # False when the server sent no usage and the tokens are estimated from the text.
    usage_reported: bool = True

    def to_record(self) -> dict[str, Any]:
        """JSON-ready form for the cache and the journal."""
        return {
            "content": self.content,
            "finish_reason": self.finish_reason,
            "refusal": self.refusal,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "usage_reported": self.usage_reported,
        }

    @classmethod
    def from_record(cls, rec: dict[str, Any], source: str) -> ChatResult:
        """Rebuild a result stored by :meth:`to_record`."""
        return cls(
            content=rec.get("content"),
            finish_reason=rec.get("finish_reason"),
            refusal=rec.get("refusal"),
            input_tokens=int(rec.get("input_tokens") or 0),
            output_tokens=int(rec.get("output_tokens") or 0),
            source=source,
            usage_reported=bool(rec.get("usage_reported", True)),
        )


# A Retry-After longer than this (seconds) stops the run instead of sleeping through it.
LONG_WAIT = 600.0


class PermanentError(Exception):
    """An error that retrying cannot fix (authentication, unknown model, bad request)."""

    def __init__(self, message: str, *, status: int | None = None, code: str | None = None) -> None:
        super().__init__(redact(message))
        self.message = redact(message)
        self.status = status
        self.code = code


class QuotaExceeded(PermanentError):
    """The account's quota or spending limit is used up (a 429 that will not clear)."""


class ParamUnsupported(PermanentError):
    """The server rejected one request parameter (``param``); the engine can adjust it."""

    def __init__(self, message: str, *, param: str) -> None:
        super().__init__(message, status=400)
        self.param = param


class SchemaUnsupported(ParamUnsupported):
    """The server rejected the ``response_format`` (structured output not supported)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, param="response_format")


@dataclass
class ClientStats:
    """What happened on the wire (for the manifest and the summary)."""

    requests: int = 0
    ok: int = 0
    retries: int = 0
    failed: int = 0
    cancelled: int = 0
    throttled: int = 0
    server_errors: int = 0
    timeouts: int = 0
    lowest_concurrency: int = 0
    waited_seconds: float = 0.0
    by_status: dict[str, int] = field(default_factory=dict)


def build_openai_client(settings: LLMSettings, *, asynchronous: bool = False) -> Any:
    """An ``openai`` client for the settings, with the library's own retries off."""
    import openai

    settings.require_ready()
    common: dict[str, Any] = {"timeout": settings.timeout, "max_retries": 0}
    if profile_for(settings).deployments:
        kwargs: dict[str, Any] = {
            "azure_endpoint": settings.azure_endpoint,
            "azure_deployment": settings.azure_deployment,
            "api_version": settings.api_version,
            **common,
        }
        if settings.api_key is not None:
            kwargs["api_key"] = settings.api_key.reveal()
        elif settings.azure_ad_token is not None:
            kwargs["azure_ad_token"] = settings.azure_ad_token.reveal()
        else:
            kwargs["azure_ad_token_provider"] = _entra_token_provider()
        return (openai.AsyncAzureOpenAI if asynchronous else openai.AzureOpenAI)(**kwargs)
    key = settings.api_key.reveal() if settings.api_key is not None else "not-needed"
    cls = openai.AsyncOpenAI if asynchronous else openai.OpenAI
    return cls(api_key=key, base_url=settings.base_url or None, **common)


def _entra_token_provider() -> Callable[[], str]:
    try:
        from azure.identity import (
            DefaultAzureCredential,
            get_bearer_token_provider,
        )
    except ImportError:
        raise DatasetkitError(
            "Entra ID sign-in needs the azure-identity package",
            "pip install azure-identity, or set AZURE_OPENAI_AD_TOKEN, or use an API key",
        ) from None
    provider: Callable[[], str] = get_bearer_token_provider(
        DefaultAzureCredential(), "https://cognitiveservices.azure.com/.default"
    )
    return provider


class LLMClient:
    """Sends chat requests with pacing, adaptive concurrency and retries."""

    def __init__(
        self,
        settings: LLMSettings,
        *,
        openai_client: Any = None,
        stop: threading.Event | None = None,
        sleep_jitter: Callable[[], float] | None = None,
    ) -> None:
        self.settings = settings
        self.profile = profile_for(settings)
        self.stop = stop or threading.Event()
        self._client = openai_client
        self._client_lock = threading.Lock()
        self.pacer = Pacer(settings.rpm, settings.tpm, stop=self.stop)
        self.limit = AdaptiveLimit(settings.concurrency, stop=self.stop)
        self.stats = ClientStats(lowest_concurrency=settings.concurrency)
        self._stats_lock = threading.Lock()
        rng = random.Random()
        self._jitter = sleep_jitter or (lambda: rng.uniform(0.5, 1.0))
        self.sender = AsyncSender(lambda: build_openai_client(settings, asynchronous=True))
        self.speed = SpeedMeter(
            settings.timeout,
            fixed="timeout" in settings.origins,
            assumed=self.profile.assumed_speed,
        )
        # Requests answered with a 5xx since the last success (every thread's).
        self._failing_in_a_row = 0

    @property
    def openai(self) -> Any:
        """The underlying ``openai`` client (built on first use)."""
        with self._client_lock:
            if self._client is None:
                self._client = build_openai_client(self.settings)
            return self._client

    def _count_status(self, status: int | str) -> None:
        with self._stats_lock:
            self.stats.by_status[str(status)] = self.stats.by_status.get(str(status), 0) + 1

    def in_flight(self) -> int:
        """Requests sent and not answered yet."""
        return self.sender.in_flight()

    def cancel_all(self) -> int:
        """Cancel every request in flight (Ctrl-C); how many there were."""
        return self.sender.cancel_all()

    def close(self) -> None:
        """Release the HTTP connections."""
        self.sender.close()

    def _count(self, name: str, status: int | str | None = None) -> None:
        with self._stats_lock:
            setattr(self.stats, name, getattr(self.stats, name) + 1)
            if status is not None:
                self.stats.by_status[str(status)] = self.stats.by_status.get(str(status), 0) + 1

    def chat(self, request: ChatRequest) -> ChatResult:
        """Send one request, retrying what can be retried; raise on what cannot."""
        attempt = 0
        tokens = request.est_input + request.est_output
        while True:
            if self.stop.is_set():
                raise Stopped()
            self.pacer.acquire(tokens)
            self.limit.acquire()
            try:
                outcome = self._attempt(request, tokens)
            except Cancelled:
                self._count("cancelled")
                raise
            except PermanentError:
                self._count("failed")
                raise
            finally:
                self.limit.release()
                with self._stats_lock:
                    self.stats.lowest_concurrency = min(
                        self.stats.lowest_concurrency, self.limit.lowest
                    )
            if isinstance(outcome, ChatResult):
                return outcome
            attempt += 1
            self._give_up_if_hopeless(outcome, attempt)
            self._count("retries")
            if self.stop.wait(self._delay(outcome, attempt)):
                raise Stopped()

    def _give_up_if_hopeless(self, failure: _Retry, attempt: int) -> None:
        """Raise when a failed request is not to be sent again."""
        if failure.unreachable and attempt > UNREACHABLE_RETRIES:
            self._count("failed")
            raise PermanentError(
                f"could not connect to {self.settings.endpoint_label} ({failure.error}): "
                "start the server, or fix --base-url / --azure-endpoint",
                status=None,
                code="unreachable",
            )
        if failure.server_error and self._failing_in_a_row >= self.settings.error_budget:
            self._count("failed")
            statuses = ", ".join(
                f"{k} x{v}" for k, v in sorted(self.stats.by_status.items()) if k[:1] == "5"
            )
            raise PermanentError(
                f"the server answered {self._failing_in_a_row} requests in a row with a server "
                f"error ({statuses}); stopped: check the server's log, then rerun with --resume",
                status=500,
                code="server_failing",
            )
        if attempt > self.settings.max_retries:
            self._count("failed")
            raise TransientGiveUp(redact(failure.error), attempts=attempt)

    def _delay(self, failure: _Retry, attempt: int) -> float:
        if failure.unreachable:
            return UNREACHABLE_DELAY  # a short, bounded retry: a server starting up
        backoff = min(self.settings.backoff_max, self.settings.backoff_base * 2 ** (attempt - 1))
        retry_after = failure.retry_after
        delay = max(retry_after if retry_after is not None else 0.0, backoff * self._jitter())
        delay = min(delay, max(self.settings.backoff_max, retry_after or 0.0))
        with self._stats_lock:
            self.stats.waited_seconds += delay
        return delay

    def _send(self, request: ChatRequest) -> ChatResult:
        body = request.body
        max_tokens = int(body.get("max_tokens") or body.get("max_completion_tokens") or 0)
        started = time.monotonic()
        resp = self.sender.send(body, self.speed.timeout(max_tokens), self.stop)
        result = _result_of(resp, request)
        self.speed.record(result.output_tokens, time.monotonic() - started, result.usage_reported)
        return result

    def _attempt(self, request: ChatRequest, tokens: int) -> ChatResult | _Retry:
        """One HTTP request: its result, or what to retry; raises what is permanent."""
        import openai

        self._count("requests")
        try:
            result = self._send(request)
        except openai.RateLimitError as exc:
            self._count("throttled", 429)
            return self._throttled(exc)
        except openai.APITimeoutError:
            self._count("timeouts", "timeout")
            return _Retry(f"timed out after {self.speed.last_timeout:.0f}s")
        except openai.APIConnectionError as exc:
            reason = unreachable_reason(exc)
            self._count("server_errors", "unreachable" if reason else "connection")
            return _Retry(reason or f"connection error: {exc.message}", unreachable=bool(reason))
        except openai.APIStatusError as exc:
            self._count_status(exc.status_code)
            return self._status_error(exc, request)
        self._count("ok")
        with self._stats_lock:
            self._failing_in_a_row = 0
        self.pacer.settle(tokens, result.input_tokens + result.output_tokens)
        self.limit.succeeded()
        return result

    def _throttled(self, exc: Any) -> _Retry:
        code = _error_code(exc)
        if code in ("insufficient_quota", "billing_hard_limit_reached"):
            raise QuotaExceeded(
                f"the provider says the quota is used up ({code}); "
                "raise the quota, then rerun with --resume",
                status=429,
                code=code,
            )
        retry_after = parse_retry_after(exc.response.headers)
        if retry_after is not None and retry_after > LONG_WAIT:
            # Asked to come back in hours: a quota, not a burst. Stop, resumable.
            raise QuotaExceeded(
                f"the provider asks to wait {retry_after:.0f}s (a quota or daily limit); "
                "rerun with --resume later",
                status=429,
                code=code,
            )
        self.limit.throttled()
        if retry_after is not None:
            self.pacer.pause(retry_after)
        return _Retry(f"429 rate limited: {exc.message}", retry_after)

    def _status_error(self, exc: Any, request: ChatRequest) -> _Retry:
        status = exc.status_code
        if is_rejection(status, error_text(exc), request.body, self.profile.rejection_statuses):
            # Checked before the 5xx branch: llama-cpp-python answers an unknown
            # response_format with a 500, which retrying cannot fix.
            raise SchemaUnsupported(f"structured output rejected ({status}): {error_text(exc)}")
        if status >= 500 or status in (408, 409):
            with self._stats_lock:
                self.stats.server_errors += 1
                self._failing_in_a_row += 1
            if status in (502, 503, 504):
                self.limit.throttled()
            return _Retry(
                f"{status} server error: {error_text(exc)}",
                parse_retry_after(exc.response.headers),
                server_error=True,
            )
        raise _permanent(exc, request, self.profile)


@dataclass
class _Retry:
    """A failed attempt that may be sent again."""

    error: str
    retry_after: float | None = None
    unreachable: bool = False
    server_error: bool = False


# A refused connection or an unknown host is retried this often, this far apart, then
# it stops the run: a server that is not running does not start by being asked again.
UNREACHABLE_RETRIES = 2
UNREACHABLE_DELAY = 0.5

_UNREACHABLE = (
    ("connection refused", "connection refused"),
    ("name or service not known", "the host name does not resolve"),
    ("nodename nor servname", "the host name does not resolve"),
    ("temporary failure in name resolution", "the host name does not resolve"),
    ("no address associated", "the host name does not resolve"),
    ("getaddrinfo failed", "the host name does not resolve"),
)


def unreachable_reason(exc: BaseException) -> str | None:
    """Why nothing listens at the URL (refused, unknown host), or None for other faults."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        text = str(cur).lower()
        for needle, reason in _UNREACHABLE:
            if needle in text:
                return reason
        if isinstance(cur, ConnectionRefusedError):
            return "connection refused"
        cur = cur.__cause__ or cur.__context__
    return None


class TransientGiveUp(Exception):
    """A request still failed (rate limit, 5xx, timeout) after every retry."""

    def __init__(self, message: str, *, attempts: int) -> None:
        super().__init__(message)
        self.message = message
        self.attempts = attempts


def _error_code(exc: Any) -> str | None:
    code = getattr(exc, "code", None)
    if code:
        return str(code)
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("code"):
            return str(inner["code"])
    return None


def error_text(exc: Any) -> str:
    """An API error's message with the server's error body (the client may leave it out)."""
    message = str(getattr(exc, "message", "") or exc)
    body = getattr(exc, "body", None)
    if body is None:
        return message
    detail = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)[:500]
    return message if detail in message else f"{message} - {detail}"


def _permanent(exc: Any, request: ChatRequest, profile: ServerProfile) -> PermanentError:
    status = exc.status_code
    message = error_text(exc)
    lowered = str(message).lower()
    if status == 400:
        # A parameter the server may not know: the engine adjusts it instead of stopping.
        named = getattr(exc, "param", None)
        candidates = [p for p in profile.adjustable_params if p in request.body]
        param = (
            named if named in candidates else next((p for p in candidates if p in lowered), None)
        )
        if param == "response_format":
            return SchemaUnsupported(f"structured output rejected: {message}")
        if param is not None:
            return ParamUnsupported(f"parameter {param} rejected: {message}", param=param)
    hints = {
        401: "the API key or token was refused: check it (see datasetkit generate --check-config)",
        403: "the key has no access to this model or resource",
        404: "the model, deployment or URL does not exist: check --model / --azure-deployment / --base-url",
    }
    hint = hints.get(status, "the request was rejected")
    return PermanentError(f"{status}: {hint} ({message})", status=status, code=_error_code(exc))


def _result_of(resp: Any, request: ChatRequest) -> ChatResult:
    choice = resp.choices[0] if getattr(resp, "choices", None) else None
    message = getattr(choice, "message", None)
    usage = getattr(resp, "usage", None)
    content = getattr(message, "content", None)
    if not content and message is not None:
        content = tool_arguments(message)  # tools mode: the reply is the call's arguments
    reported_in = int(getattr(usage, "prompt_tokens", 0) or 0)
    reported_out = int(getattr(usage, "completion_tokens", 0) or 0)
    return ChatResult(
        content=content,
        finish_reason=getattr(choice, "finish_reason", None),
        refusal=getattr(message, "refusal", None),
        input_tokens=reported_in or request.est_input,
        output_tokens=reported_out or (len(content or "") + 3) // 4,
        source="api",
        usage_reported=bool(reported_in or reported_out),
    )
