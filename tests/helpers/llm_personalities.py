"""How real OpenAI-compatible servers differ, for the local test server to play them.

Each :class:`Personality` changes what the test server accepts and how it answers:
the structured-output modes it takes, the status code and error body of a rejection,
whether the model reads system messages, and the usage fields of a reply. The facts
come from the servers' public request handling (see the README's provider table):

- openai: ``json_schema``, ``json_object`` and tools; errors
  ``{"error": {"message", "type", "param", "code"}}``; usage with token details.
- azure: as openai, but API versions before 2024-08-01-preview reject ``json_schema``
  with a 400 whose ``param`` is ``response_format``.
- ollama: its OpenAI layer maps ``json_schema`` to a format schema and ``json_object``
  to JSON mode (a ``schema`` there is ignored); errors are 400 with
  ``type: invalid_request_error``.
- vllm: ``json_schema``, ``json_object`` and named tool choice through guided decoding;
  errors ``{"object": "error", "message", "type": "BadRequestError", "code": 400}``.
- lmstudio: ``json_schema`` only; ``json_object`` is a 400 whose ``error`` is a plain
  string: ``'response_format.type' must be 'json_schema' or 'text'``.
- llamacpp (llama-cpp-python's server): ``response_format.type`` is ``text`` or
  ``json_object`` (with an optional ``schema`` made into a grammar); ``json_schema``
  fails request validation, which its route handler turns into a **500** with
  ``type: internal_server_error``. Gemma's chat template drops system messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

NAMES = ("openai", "azure", "ollama", "vllm", "lmstudio", "llamacpp")

_LLAMACPP_VALIDATION = (
    "1 validation error for CreateChatCompletionRequest\nresponse_format.type\n"
    "  Input should be 'text' or 'json_object' [type=literal_error, "
    "input_value='json_schema', input_type=str]"
)


@dataclass(frozen=True)
class Personality:
    """What one kind of server accepts and how it answers."""

    name: str
    modes: frozenset[str]
    drops_system: bool = False
    usage_details: bool = False

    def rejection(self, body: dict[str, Any], query: str) -> tuple[int, Any] | None:
        """The (status, error body) this server answers ``body`` with, or None to serve it."""
        rf = (body.get("response_format") or {}).get("type")
        if self.name == "azure" and rf == "json_schema" and _old_azure(query):
            return 400, {
                "error": {
                    "code": "BadRequest",
                    "message": "response_format value as json_schema is enabled only for "
                    "api versions 2024-08-01-preview and later",
                    "param": "response_format",
                    "type": "invalid_request_error",
                }
            }
        if rf in ("json_schema", "json_object") and rf not in self.modes:
            return self._reject_format(rf)
        if body.get("tools") and "tools" not in self.modes:
            return self.error(400, "tools are not supported by this server", "tools")
        return None

    def _reject_format(self, rf: str) -> tuple[int, Any]:
        if self.name == "llamacpp":
            return 500, {
                "error": {
                    "message": _LLAMACPP_VALIDATION,
                    "type": "internal_server_error",
                    "param": None,
                    "code": None,
                }
            }
        if self.name == "lmstudio":
            return 400, {"error": "'response_format.type' must be 'json_schema' or 'text'"}
        return self.error(400, f"response_format type {rf} is not supported", "response_format")

    def error(self, status: int, message: str, param: str | None = None) -> tuple[int, Any]:
        """An error reply in this server's style."""
        if self.name == "vllm":
            return status, {
                "object": "error",
                "message": message,
                "type": "BadRequestError",
                "param": param,
                "code": status,
            }
        return status, {
            "error": {
                "message": message,
                "type": "invalid_request_error",
                "param": param,
                "code": None,
            }
        }

    def visible(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The messages the model reads (a template that drops system messages)."""
        if self.drops_system:
            return [m for m in messages if m.get("role") != "system"]
        return messages

    def usage(self, prompt: int, completion: int) -> dict[str, Any]:
        """The usage block of a reply."""
        out: dict[str, Any] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
        if self.usage_details:
            out["prompt_tokens_details"] = {"cached_tokens": 0}
            out["completion_tokens_details"] = {"reasoning_tokens": 0}
        return out


def _old_azure(query: str) -> bool:
    for part in query.split("&"):
        if part.startswith("api-version="):
            return part.split("=", 1)[1] < "2024-08-01"
    return False


_ALL = frozenset({"json_schema", "json_object", "tools"})

PERSONALITIES: dict[str, Personality] = {
    "openai": Personality("openai", _ALL, usage_details=True),
    "azure": Personality("azure", _ALL, usage_details=True),
    "ollama": Personality("ollama", _ALL),
    "vllm": Personality("vllm", _ALL),
    "lmstudio": Personality("lmstudio", frozenset({"json_schema", "tools"})),
    "llamacpp": Personality("llamacpp", frozenset({"json_object", "tools"}), drops_system=True),
}
