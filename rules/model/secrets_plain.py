"""A file whose secrets are sealed holds none readable (issue 23): once a Team holds a
passphrase, a secret of a Team that holds none, or the GM's own (a Battle Hex's secret dice key,
words naming a hidden unit of no Team), is sealed for the GM alone, so the GM must hold a
passphrase too. Without it that secret would lie readable in the very file every player has,
and the player whose passphrase opens the rest would read it; saving is refused instead, naming
whose secrets they are (:func:`rules.model.secrets.seal_data`). A campaign where nobody holds a
passphrase keeps every secret readable, as before (docs/SECRETS.md).
"""
from __future__ import annotations

from collections.abc import Iterable

from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.seals import GM, LOG_RULE

__all__ = ["RULE", "refuse_plain"]

RULE = f"{LOG_RULE} (the GM's passphrase)"
"""Cited by its refusal: the section a person reads, not the file path docs/SECRETS.md."""


def refuse_plain(owners: Iterable[str], c: Campaign) -> None:
    """Refuse writing ``c`` when ``owners`` (the holders of each secret no key would seal, one entry
    per secret) is not empty.

    Raises:
        RuleError: naming whose secrets, how many, and what to do (set the GM's passphrase).
    """
    count: dict[str, int] = {}
    for n in owners:
        count[n] = count.get(n, 0) + 1
    if not count:
        return
    names = {t.id: t.name for t in c.teams}
    parts = [f"{'the GM' if n == GM else names.get(n, n)} ({k})"
             for n, k in sorted(count.items(), key=lambda e: (e[0] == GM, e[0]))]
    whose = " and ".join(filter(None, (", ".join(parts[:-1]), parts[-1])))
    raise RuleError(RULE, f"the GM holds no passphrase, so the secrets of {whose} would be written "
                          "readable beside the sealed ones (a player holding the file would read them): set the GM's "
                          "passphrase (File > Passphrases) to seal them for the GM; nothing was written")
