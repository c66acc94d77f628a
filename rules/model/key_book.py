"""The key book: the GM's signature over a campaign's seal-key records (issue 20).

A campaign whose GM holds a format-2 key carries a :class:`KeyBook`: the campaign's id (bound
into every sealed blob), a digest of each key record by holder, and the GM's Ed25519 signature
over both. Anyone holding the file checks it with the GM's public signing key (in the GM's
record; each Team's own wrapped key pins it, :func:`rules.model.seals.unlock`), so a changed,
added or removed record is refused naming its holder, with no passphrase needed.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, StrictStr, ValidationError

from rules.errors import RuleError
from rules.model import seals
from rules.model.seals import GM, SealKey, _b64, signing_key
from rules.model.types import Strict

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

__all__ = ["KeyBook", "book_problems", "campaign_id_of", "digest", "new_campaign_id", "signed_book"]

_BOOK = b"battlehex key book v2\n"


class KeyBook(Strict):
    """The campaign's id and the GM's signature of its key records (``signature`` is absent
    while the GM holds no format-2 key: then nothing authenticates the records)."""

    campaign: StrictStr = Field(pattern=r"^[0-9a-f]{32}$", description="the campaign's id, made at first keying")
    holders: dict[StrictStr, Annotated[StrictStr, _b64(32)]] = Field(
        {}, description="SHA-256 of each key record, by holder, as the GM signed them")
    signature: Annotated[StrictStr, _b64(64)] | None = None
    copy_for: StrictStr | None = Field(None, description="the Team whose own copy these records were signed for (issue "
                                                     "23): such a file opens only as that Team's copy")


def new_campaign_id() -> str:
    """A fresh campaign id (128 random bits, hex)."""
    return os.urandom(16).hex()


def campaign_id_of(book: KeyBook | None) -> str:
    """The id blobs are bound to ("" for a campaign keyed before it had one)."""
    return "" if book is None else book.campaign


def digest(record: SealKey) -> str:
    """A record's SHA-256 as the book stores it (over every field, so a flipped bit, another
    ``log_n`` or salt changes it)."""
    text = json.dumps(record.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _message(campaign: str, holders: Mapping[str, str], copy: str | None = None) -> bytes:
    signed: dict[str, object] = {"campaign": campaign, "holders": dict(sorted(holders.items()))}
    if copy is not None:  # a Team copy's book (a book without it signs as before)
        signed["copy"] = copy
    return _BOOK + json.dumps(signed, sort_keys=True, separators=(",", ":")).encode()


def signed_book(keys: Mapping[str, SealKey], campaign: str, gm: X25519PrivateKey | None,
                copy: str | None = None) -> KeyBook:
    """The book of ``keys`` for ``campaign``, signed with the GM's key ``gm`` when the GM's
    record is format 2; ``copy``: the Team whose own copy it is for (signed too).

    Raises:
        RuleError: the GM holds a format-2 key but ``gm`` (its private key) is not given, or is
            not that key.
    """
    holders = {n: digest(k) for n, k in sorted(keys.items())}
    record = keys.get(GM)
    if record is None or record.sign is None:
        return KeyBook(campaign=campaign, holders=holders)
    from rules.model.seals import signing_public
    if gm is None or signing_public(gm) != record.sign:
        raise RuleError("keys", "the GM's key signs the key records: a change to them needs the GM's passphrase")
    signature = signing_key(gm).sign(_message(campaign, holders, copy))
    return KeyBook(campaign=campaign, holders=holders, signature=base64.b64encode(signature).decode(),
                   copy_for=copy)


def book_problems(raw_keys: object, raw_book: object, name: Callable[[str], str]) -> list[tuple[str, str]]:
    """Why the key records ``raw_keys`` (a file's ``keys``) are not those the GM signed in
    ``raw_book`` (its ``key_book``), each naming the holder (``name(id)``: "the GM", a Team's
    name), as (field, problem); empty when they are, or when the GM holds no format-2 key (nothing signs them then).
    Malformed parts are left to the file's validation."""
    if not isinstance(raw_keys, dict):
        return []
    keys: dict[str, SealKey] = {}
    for n, k in raw_keys.items():
        try:
            keys[str(n)] = SealKey.model_validate(k)
        except ValidationError:
            if n != GM:
                continue
            return []  # the GM's record itself is malformed: the validation says why
    gm = keys.get(GM)
    if gm is None or gm.sign is None:
        return []
    try:
        book = KeyBook.model_validate(raw_book)
    except ValidationError:
        return [("key_book", "the GM's signature of the key records is missing or malformed: the key "
                                    "records cannot be trusted (the file was changed)")]
    if book.signature is None or not _verifies(gm.sign, book):
        return [("key_book", "the GM's signature does not match the list of key records: the file was "
                                    "changed after the GM signed it")]
    out: list[tuple[str, str]] = []
    for n in sorted(set(book.holders) - set(raw_keys)):
        out.append((f"keys[{n!r}]", f"the key record of {name(n)} is missing: the GM signed one "
                                           "(it was removed from the file)"))
    for n in sorted(raw_keys):
        who = name(str(n))
        if n not in book.holders:
            out.append((f"keys[{n!r}]", f"a key record for {who} that the GM did not sign (it was added to the "
                                        "file)"))
        elif n not in keys or digest(keys[n]) != book.holders[n]:
            raw = raw_keys[n]
            cost = raw.get("log_n") if isinstance(raw, dict) else None
            low = f"; its scrypt cost 2**{cost} is below the floor 2**{seals.LOG_N}" \
                if isinstance(cost, int) and cost < seals.LOG_N else ""
            out.append((f"keys[{n!r}]", f"the key record of {who} is not the one the GM signed (it was changed in "
                                        f"the file{low}): refused"))
    return out


def _verifies(sign: str, book: KeyBook) -> bool:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    assert book.signature is not None
    try:
        Ed25519PublicKey.from_public_bytes(base64.b64decode(sign)).verify(
            base64.b64decode(book.signature), _message(book.campaign, book.holders, book.copy_for))
    except InvalidSignature:
        return False
    return True
