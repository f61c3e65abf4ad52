"""Talking to a server: what each kind of server accepts (:mod:`.profiles`), the units of
work and the requests built from them, structured output negotiated per server, the
paced and retrying client, the Batch API, the response cache, reading replies, and the
probe that asks a server what works.
"""
