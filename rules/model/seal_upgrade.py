"""Files sealed before issue 20 (format 1) open as before and are sealed in format 2 at the
next save (docs/SECRETS.md, "Migration"): their blobs simply are (sealing needs only public
keys); the key records of the holders whose passphrases were typed are wrapped anew at the
floor cost and, with the GM's key, signed; a campaign id is made. The campaign log says so,
naming holders only.
"""
from __future__ import annotations

from rules.model import seals
from rules.model.campaign import Campaign
from rules.model.key_book import new_campaign_id, signed_book
from rules.model.records import LogEntry
from rules.model.seals import GM, LOG_RULE, Keyring, SealKey, pin_of, wrap

__all__ = ["upgraded"]


def _stale(record: SealKey) -> bool:
    return record.v is None or record.log_n < seals.LOG_N


def upgraded(c: Campaign, keyring: Keyring | None) -> Campaign:
    """``c`` ready to be saved in format 2 when it was read from a format-1 file (``c``
    itself otherwise): the key records ``keyring`` holds passphrases for wrapped anew, the
    records signed when the GM's key is open, a log entry."""
    if not c.keys or not any(_stale(k) for k in c.keys.values()):
        return c
    ring = keyring or Keyring()
    keys = dict(c.keys)
    done: list[str] = []

    def rewrap(name: str, pin: bytes) -> None:
        key, phrase = ring.get(name), ring.passphrases.get(name)
        if key is not None and phrase is not None and _stale(keys[name]):
            keys[name] = wrap(key, phrase, name, pin)
            done.append(name)

    if GM in keys:
        rewrap(GM, seals.NO_PIN)
    gm = keys.get(GM)
    can_sign = gm is None or gm.sign is None or GM in ring
    if can_sign:
        for name in sorted(keys):
            if name != GM:
                rewrap(name, pin_of(keys))
    if not done and c.key_book is not None:  # nothing more to do until a passphrase is typed
        return c
    campaign = c.key_book.campaign if c.key_book is not None else new_campaign_id()
    book = signed_book(keys, campaign, ring.get(GM)) if can_sign else c.key_book
    names = {t.id: t.name for t in c.teams}
    who = ", ".join("the GM" if n == GM else names.get(n, n) for n in done) or "no holder"
    left = [("the GM" if n == GM else names.get(n, n)) for n, k in sorted(keys.items()) if _stale(k)]
    text = (("Seals of a file from before issue 20: sealed anew at the next save (bound to this campaign and "
             "their save); k" if c.key_book is None else "K")
            + f"ey records wrapped anew at scrypt 2^{seals.LOG_N}: {who}"
            + ("; signed by the GM" if book is not None and book.signature is not None else "")
            + (f"; still in the old format until their passphrase is typed with the GM's: {', '.join(left)}"
               if left else "") + ".")
    return c.model_copy(update={"keys": dict(sorted(keys.items())), "key_book": book,
                                "log": [*c.log, LogEntry(turn=c.turn, rule=LOG_RULE, text=text)]})
