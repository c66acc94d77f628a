"""A campaign's key records changed: one holder's seal key set or removed, and the book of keys
signed anew with the GM's key (File > Passphrases; moved out of :mod:`rules.model.secrets`, which
re-exports :func:`with_key`)."""
from __future__ import annotations

from typing import Any

from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.key_book import new_campaign_id, signed_book
from rules.model.records import LogEntry
from rules.model.seals import GM, LOG_RULE, Keyring, SealKey


def with_key(c: Campaign, holder: str, key: SealKey | None, keyring: Keyring | None = None,
             log: str = "") -> Campaign:
    """``c`` with ``holder``'s seal key set (``None``: removed) and the key records signed anew
    with the GM's key of ``keyring`` (:func:`rules.model.key_book.signed_book`); ``log``, when
    given, is added to the campaign log (it must name no secret). What was sealed for a holder
    whose key is removed is stored for the other holders only, or in plain text.

    Raises:
        RuleError: the GM holds a signing key that ``keyring`` does not hold; or the GM's key
            would be removed while Teams' keys are bound to it.
    """
    keys = {n: k for n, k in c.keys.items() if n != holder}
    if key is not None:
        keys[holder] = key
    if holder == GM and key is None and any(k.v == 2 for n, k in keys.items()):
        raise RuleError("keys", "the Teams' keys are bound to the GM's: remove or reset their passphrases first")
    book = None
    if keys:
        campaign = c.key_book.campaign if c.key_book is not None else new_campaign_id()
        book = signed_book(keys, campaign, keyring.get(GM) if keyring is not None else None)
    update: dict[str, Any] = {"keys": dict(sorted(keys.items())), "key_book": book}
    if log:
        update["log"] = [*c.log, LogEntry(turn=c.turn, rule=LOG_RULE, text=log)]
    return c.model_copy(update=update)

__all__ = ["with_key"]
