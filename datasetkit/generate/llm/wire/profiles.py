"""What each kind of server accepts, declared once: one :class:`ServerProfile` per provider.

A profile declares a server's capabilities the way a model plugin declares a model's when
it registers it: whether the model reads a system message, the structured-output modes
the server takes and the order to try them in, the statuses it rejects them with, the
parameter that caps a reply and the ones it may refuse, whether requests name a
deployment, the path of its Batch API and how fast it writes before it is measured.
The request builder (:mod:`.requests`), the structured-output negotiation, the client,
the Batch API runner and the probe read the run's profile (:func:`profile_for`) instead
of asking which provider they talk to.

A server quirk is a field value here: change the provider's entry in :data:`PROFILES`,
and add a test that checks the request built from it (as
``tests/generate/llm/wire/test_profiles.py`` does).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from datasetkit.generate.llm.config.settings import LLMSettings
from datasetkit.generate.llm.wire.structured import FALLBACK, REJECTION_STATUSES

# The two names of the parameter that caps a reply's tokens: a server that refuses one
# is sent the other.
TOKEN_PARAMS = ("max_completion_tokens", "max_tokens")


@dataclass(frozen=True)
class ServerProfile:
    """What one kind of server accepts (see the module doc for who reads each field)."""

    name: str
    # Whether the model reads system messages; False puts them at the head of the first
    # user message (models whose chat template drops them, such as Gemma's).
    system_role: bool = True
    # The structured-output modes tried, in order, until the server takes one ("none":
    # the schema in the prompt only).
    structured_modes: tuple[str, ...] = FALLBACK
    # HTTP statuses a rejection of the structured-output part of a request may come as
    # (a 500 from llama-cpp-python, a 422 from FastAPI request validation).
    rejection_statuses: tuple[int, ...] = REJECTION_STATUSES
    # The parameter that caps a reply's tokens (one of TOKEN_PARAMS).
    token_param: str = "max_completion_tokens"
    # Parameters left out, for the server's default, when the server refuses them (older
    # Azure API versions, reasoning models, small local servers).
    droppable_params: tuple[str, ...] = ("seed", "temperature")
    # Requests name an Azure OpenAI deployment, not a model: the Azure client, and a
    # client of its own for a judge on another deployment.
    deployments: bool = False
    # The URL that each line of a Batch API input file names.
    batch_url: str = "/v1/chat/completions"
    # Output tokens per second assumed until a reply is measured (it sets the timeout).
    assumed_speed: float = 30.0

    @property
    def adjustable_params(self) -> tuple[str, ...]:
        """The parameters a refusal may name that change how requests are built, instead
        of stopping the run: the reply shape, the token cap and the droppable ones."""
        return ("response_format", *TOKEN_PARAMS, *self.droppable_params)

    def messages(self, messages: list[dict[str, str]]) -> list[dict[str, str]]:
        """``messages`` laid out as this server's model reads them."""
        return messages if self.system_role else merge_system(messages)


# Provider -> its server's profile. Hosted APIs write fast; a local server on a laptop
# CPU may write a few tokens a second.
PROFILES: dict[str, ServerProfile] = {
    "openai": ServerProfile("openai"),
    "azure": ServerProfile("azure", deployments=True, batch_url="/chat/completions"),
    "compatible": ServerProfile("compatible", token_param="max_tokens", assumed_speed=5.0),
}


def profile_for(settings: LLMSettings) -> ServerProfile:
    """The profile a run uses: its provider's, with what the settings fix
    (``--no-system-role``, a ``--structured`` mode other than ``auto``)."""
    # An unknown provider is refused before anything is sent (LLMSettings.problems);
    # until then its requests are built as OpenAI's.
    profile = PROFILES.get(settings.provider) or ServerProfile(settings.provider)
    if not settings.system_role:
        profile = replace(profile, system_role=False)
    if settings.structured != "auto":
        profile = replace(profile, structured_modes=(settings.structured,))
    return profile


def merge_system(messages: list[dict[str, str]]) -> list[dict[str, str]]:
    """``messages`` with the system messages put at the head of the first user message.

    For models whose chat template drops system messages (Gemma's, for one): the
    instructions must reach the model in a turn it reads.
    """
    system = "\n\n".join(m["content"] for m in messages if m.get("role") == "system")
    rest = [m for m in messages if m.get("role") != "system"]
    if not system:
        return rest
    for i, m in enumerate(rest):
        if m.get("role") == "user":
            merged = {**m, "content": f"{system}\n\n{m['content']}"}
            return [*rest[:i], merged, *rest[i + 1 :]]
    return [{"role": "user", "content": system}, *rest]
