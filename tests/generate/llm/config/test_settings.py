"""Settings: flags, then the config file, then the environment, then .env; secrets never shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.llm.config.check_config import render_check_config
from datasetkit.generate.llm.config.resolve import Secret, redact, resolve_settings

KEY = "test-key-units-5f1c"


def test_settings_precedence_flag_then_config_then_env_then_dotenv(tmp_path: Path) -> None:
    (tmp_path / "datasetkit.toml").write_text(
        '[generate]\nmodel = "from-config"\nconcurrency = 3\napi_key_env = "MY_KEY"\n',
        encoding="utf-8",
    )
    (tmp_path / ".env").write_text(
        'MY_KEY="dotenv-key-123456"\nDATASETKIT_RPM=120\nexport DATASETKIT_TPM=9000 # comment\n',
        encoding="utf-8",
    )
    env = {"DATASETKIT_MODEL": "from-env", "DATASETKIT_RPM": "60"}
    s = resolve_settings({"concurrency": 8}, cwd=tmp_path, environ=env)
    assert s.concurrency == 8 and s.origins["concurrency"] == "flag"
    assert s.model == "from-config" and s.origins["model"] == "datasetkit.toml"
    assert s.rpm == 60 and s.origins["rpm"] == "env DATASETKIT_RPM"
    assert s.tpm == 9000 and s.origins["tpm"] == ".env DATASETKIT_TPM"
    assert s.api_key is not None and s.api_key.reveal() == "dotenv-key-123456"
    assert s.origins["api_key"] == ".env MY_KEY"


def test_pyproject_table_and_unknown_key_is_reported(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.datasetkit.generate]\nprovider = "azure"\nazure_endpoint = "https://x.openai.azure.com"\n'
        'azure_deployment = "gpt4o"\napi_version = "2024-10-21"\n',
        encoding="utf-8",
    )
    s = resolve_settings({}, cwd=tmp_path, environ={"AZURE_OPENAI_API_KEY": KEY})
    assert s.provider == "azure" and s.azure_deployment == "gpt4o"
    assert s.problems() == []
    (tmp_path / "pyproject.toml").write_text(
        '[tool.datasetkit.generate]\nmodle = "x"\n', encoding="utf-8"
    )
    with pytest.raises(DatasetkitError) as err:
        resolve_settings({}, cwd=tmp_path, environ={})
    assert "modle" in err.value.message and "pyproject.toml" in err.value.message


def test_azure_entra_token_from_environment_is_used_and_hidden(tmp_path: Path) -> None:
    env = {
        "AZURE_OPENAI_ENDPOINT": "https://res.openai.azure.com",
        "AZURE_OPENAI_DEPLOYMENT": "dep",
        "OPENAI_API_VERSION": "2024-10-21",
        "AZURE_OPENAI_AD_TOKEN": "entra-token-abcdef123",
    }
    s = resolve_settings({}, cwd=tmp_path, environ=env, use_config_file=False)
    assert s.provider == "azure" and s.azure_auth == "entra"
    text = render_check_config(s)
    assert "entra-token-abcdef123" not in text
    assert "azure_ad_token" in text and "set (hidden)" in text


def test_check_config_names_sources_and_never_shows_the_key(tmp_path: Path) -> None:
    s = resolve_settings(
        {"provider": "openai", "model": "gpt-4o-mini"},
        cwd=tmp_path,
        environ={"OPENAI_API_KEY": KEY},
    )
    text = render_check_config(s)
    assert KEY not in text
    assert "env OPENAI_API_KEY" in text and "ready: yes" in text
    assert "$0.15/0.6 per 1M" in text
    missing = resolve_settings({"provider": "openai"}, cwd=tmp_path, environ={})
    out = render_check_config(missing)
    assert "no model chosen" in out and "no OpenAI API key found" in out


def test_api_key_flag_warns_and_secret_never_prints() -> None:
    s = resolve_settings({"model": "m", "api_key": KEY}, environ={}, use_config_file=False)
    assert any("--api-key" in w for w in s.warnings)
    assert KEY not in repr(s) and KEY not in str(s.api_key)
    assert redact(f"Authorization: Bearer {KEY}") == "Authorization: Bearer ***"
    assert Secret("another-secret-value") != Secret("different-value-xx")


def test_bad_number_in_config_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "datasetkit.toml").write_text(
        '[generate]\nconcurrency = "lots"\n', encoding="utf-8"
    )
    with pytest.raises(DatasetkitError) as err:
        resolve_settings({}, cwd=tmp_path, environ={})
    assert "datasetkit.toml" in err.value.message and "concurrency" in err.value.message


def test_price_flag_parsing_errors_say_the_form() -> None:
    s = resolve_settings({"model": "m", "prices": ["m=0.5/1.5"]}, environ={}, use_config_file=False)
    assert s.prices["m"] == (0.5, 1.5)
    with pytest.raises(DatasetkitError) as err:
        resolve_settings({"prices": ["m=cheap"]}, environ={}, use_config_file=False)
    assert "MODEL=IN/OUT" in err.value.message


def test_urls_with_credentials_are_stripped_from_public_settings() -> None:
    s = resolve_settings(
        {
            "provider": "compatible",
            "base_url": "http://user:pw-secret-1234@localhost:8000/v1",
            "model": "m",
        },
        environ={},
        use_config_file=False,
    )
    assert "pw-secret-1234" not in json.dumps(s.to_public_dict())
    assert "pw-secret-1234" not in s.endpoint_label


def test_a_secret_is_redacted_in_its_escaped_forms_and_in_part() -> None:
    from datasetkit.generate.llm.config.settings import Secret, redact

    key = "ｓｋ－ＬＥＡＫ－ｖａｌｕｅ９"
    Secret(key)
    escaped = key.encode("unicode_escape").decode("ascii")
    for text in (f"got {key}", f"got {escaped}", f"cannot encode ({key[:8]!r}) in a header"):
        assert "ＬＥＡＫ" not in redact(text) and "\\uff2c" not in redact(text), redact(text)
