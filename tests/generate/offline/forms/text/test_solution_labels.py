"""A problem heading (an error or warning message, errors named by their cause) with its
remedy and cause under labelled sub-headings ("Solution", "How to fix", "Cause") is asked
how to fix it and what causes it, answered by the whole labelled part; a remedy that goes
on under option headings of its own is answered with every option. A heading that prints
an error as a program does, or restates the error a code block under it shows, is asked
as that error."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

KNOWN_ISSUES_MD = """# Known issues

Issues met when installing the Harbor sync client.

## Error: Connection refused by the sync server

### Cause

The sync server accepts connections from the office network only.

### Solution

Connect to the office VPN, then run `harbor sync` again.

## Warning: Found an old cache folder

### How to fix

Delete the cache folder in your home directory and restart the Harbor client.

## Errors due to throttling by the mail service

### Workaround

Lower the batch size in the Harbor settings to 50 messages per minute.

## There are warnings in the Harbor log viewer

### Solution

Switch to the classic log viewer in the Harbor settings; the new viewer shows the warnings.

## Error: Error due to a full outbox

### Workaround

Empty the outbox folder and send the messages again.

## Error: Disk quota exceeded on the server

### Solution

#### Option 1

Ask your administrator to raise the quota of your account.

#### Option 2

Remove old versions of your files from the Harbor web site.
"""


def _pairs(tmp_path: Path, text: str) -> dict[str, str]:
    doc = tmp_path / "known-issues.md"
    doc.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, doc)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_labelled_remedy_and_cause_are_asked_of_the_problem(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, KNOWN_ISSUES_MD)
    error = '"Connection refused by the sync server"'
    assert pairs[f"How do I fix the error {error}?"] == (
        "Connect to the office VPN, then run harbor sync again."
    )
    assert pairs[f"What causes the error {error}?"] == (
        "The sync server accepts connections from the office network only."
    )
    assert pairs['How do I fix the warning "Found an old cache folder"?'] == (
        "Delete the cache folder in your home directory and restart the Harbor client."
    )
    assert pairs["How do I fix errors due to throttling by the mail service?"] == (
        "Lower the batch size in the Harbor settings to 50 messages per minute."
    )
    assert pairs["How do I fix an error due to a full outbox?"] == (
        "Empty the outbox folder and send the messages again."
    )
    assert pairs["What should I do if there are warnings in the Harbor log viewer?"].startswith(
        "Switch to the classic log viewer"
    )


def test_remedy_in_options_under_headings_gives_every_option(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, KNOWN_ISSUES_MD)
    assert pairs['How do I fix the error "Disk quota exceeded on the server"?'] == (
        "Option 1\nAsk your administrator to raise the quota of your account.\n"
        "Option 2\nRemove old versions of your files from the Harbor web site."
    )
    assert not [q for q in pairs if "quota" in q and "Disk quota" not in q]


TROUBLESHOOTING_MD = """# Deploying the Harbor server

Run the deployment script and wait until it completes.

## Troubleshooting

### Failed: Cache Store

If you get an error like this:

```
(x) Failed: Cache Store: cs-1234
```

during the deployment, a store of the same name was deleted but not purged. You will need
to purge the store:

```
harbor store purge -n cs-1234
```

Once the purge completes, run the deployment again. You can also search for

### StoreNameTaken: The name of the store is already in use.

Choose another name in the settings file and run the deployment again.

## The sync client cannot reach the relay until you accept the network terms of the relay

```text
Error: The sync client cannot reach the relay until you accept the network terms of the relay.
```

### Solution

Open the relay page in the Harbor portal and accept the network terms.
"""


def test_error_printed_in_a_troubleshooting_heading_is_asked(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, TROUBLESHOOTING_MD)
    assert pairs['How do I fix the error "Failed: Cache Store"?'] == (
        "If you get an error like this:\n(x) Failed: Cache Store: cs-1234\n"
        "during the deployment, a store of the same name was deleted but not purged. You "
        "will need to purge the store:\nharbor store purge -n cs-1234\n"
        "Once the purge completes, run the deployment again."
    )
    question = 'How do I fix the error "StoreNameTaken: The name of the store is already in use"?'
    assert (
        pairs[question] == "Choose another name in the settings file and run the deployment again."
    )
    restated = (
        'How do I fix the error "The sync client cannot reach the relay until you accept the '
        'network terms of the relay"?'
    )
    assert (
        pairs[restated] == "Open the relay page in the Harbor portal and accept the network terms."
    )
