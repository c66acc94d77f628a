"""What a campaign file keeps secret, and how it is sealed into and opened out of the file.

Secret (each for its Team and the GM):

- incidental units (V13.03) and cloaked units (V13.29) (:func:`rules.model.units.secret_rule`),
  in fleets (a fleet made only of them is sealed whole: its presence is the secret) and in
  sectors' garrisons (the owner's);
- a fleet's written denial of Withdrawal Before Combat (V13.29, hidden from the enemy);
- a Battle Hex's answers to secret questions (V13.723: the Pursuit Force, the Rear Guard),
  listed in the record's ``secret_answers``.

Saving takes each secret out of the campaign's JSON at its place and puts it, with its place,
into one sealed blob per set of recipients (:mod:`rules.model.seals`); a secret whose Team and
GM hold no key stays in plain text. Opening puts every secret back at its place, in order.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from rules.model.campaign import Campaign
from rules.model.checks import Problem
from rules.model.seals import GM, Keyring, SealedBlob, SealKey, WrongPassphrase, open_blob, seal
from rules.model.units import unit_secret

Path = tuple[str | int, ...]
_PAD = 256  # blobs are padded to a multiple of this, so their size tells little


class Locked(Exception):
    """Secrets of the file that the keys given do not open: ``locked`` lists each blob's
    recipients; ``keys`` are the file's seal keys (to check a passphrase against)."""

    def __init__(self, locked: list[tuple[str, ...]], keys: dict[str, SealKey]) -> None:
        super().__init__(locked)
        self.locked, self.keys = locked, keys


def secret_places(c: Campaign) -> Iterator[tuple[Path, str | None]]:
    """Each secret's place in the campaign's JSON and the Team it belongs to (``None``: no
    Team, the GM's alone)."""
    for i, f in enumerate(c.fleets):
        team = c.team_of_power(f.power)
        tid = team.id if team else None
        hidden = [j for j, u in enumerate(f.units) if unit_secret(u)]
        if len(hidden) == len(f.units):
            yield ("fleets", i), tid
            continue
        for j in hidden:
            yield ("fleets", i, "units", j), tid
        if f.deny_withdrawal:
            yield ("fleets", i, "deny_withdrawal"), tid
    for i, s in enumerate(c.map.sectors):
        team = c.team_of_power(s.owner)
        for j, u in enumerate(s.garrison):
            if unit_secret(u):
                yield ("map", "sectors", i, "garrison", j), team.id if team else None
    for i, b in enumerate(c.battle_hexes):
        for index, tid in b.secret_answers.items():
            yield ("battle_hexes", i, "answers", int(index)), tid


def seal_data(data: dict[str, Any], c: Campaign) -> dict[str, Any]:
    """``data`` (``c``'s JSON, changed in place) with its secrets sealed for the keys of ``c``."""
    if not c.keys:
        return data
    groups: dict[tuple[str, ...], list[Path]] = {}
    for path, team in secret_places(c):
        to = tuple(n for n in (team, GM) if n is not None and n in c.keys)
        if to:
            groups.setdefault(to, []).append(path)
    blobs, taken = [], []
    for to, paths in sorted(groups.items()):
        entries = [[list(p), _get(data, p)] for p in paths]
        plain = json.dumps(entries, separators=(",", ":"), ensure_ascii=False).encode()
        plain += b" " * (-len(plain) % _PAD)
        blobs.append(seal(plain, {n: c.keys[n] for n in to}).model_dump())
        taken += paths
    for p in sorted(taken, reverse=True):  # the last first: earlier places keep their index
        parent = _get(data, p[:-1])
        del parent[p[-1]]
    if blobs:
        data["sealed"] = blobs
    return data


def unseal_data(data: dict[str, Any], keyring: Keyring | None) -> list[Problem]:
    """Put the secrets of ``data["sealed"]`` back in place (``data`` is changed in place).

    Returns the problems of a malformed ``sealed`` list (then nothing is changed).

    Raises:
        Locked: a blob that no key of ``keyring`` opens.
        WrongPassphrase: a blob that does not open with its recipient's key (changed by hand).
    """
    raw = data.pop("sealed", None)
    if raw is None:
        return []
    if not isinstance(raw, list):
        return [Problem("sealed", "must be a list of sealed secrets")]
    try:
        blobs = [SealedBlob.model_validate(b) for b in raw]
    except ValidationError as e:
        return [Problem("sealed", f"not sealed secrets as BattleHex writes them ({e.error_count()} faults)")]
    ring = keyring or Keyring()
    locked = [tuple(b.to) for b in blobs if not ring.opens(b)]
    if locked:
        raise Locked(locked, _keys(data))
    entries: list[tuple[Path, Any]] = []
    for i, b in enumerate(blobs):
        plain = open_blob(b, ring)
        assert plain is not None  # ring.opens(b)
        try:
            entries += [(tuple(p), v) for p, v in json.loads(plain)]
        except (ValueError, TypeError, RecursionError):
            return [Problem(f"sealed[{i}]", "the sealed secrets are not as BattleHex writes them")]
    for path, value in sorted(entries, key=_order):
        try:
            parent = _get(data, path[:-1])
            if isinstance(parent, list) and isinstance(path[-1], int) and 0 <= path[-1] <= len(parent):
                parent.insert(path[-1], value)
            elif isinstance(parent, dict) and isinstance(path[-1], str):
                parent[path[-1]] = value
            else:
                raise LookupError(path)
        except (LookupError, TypeError):
            return [Problem("sealed", f"a sealed secret does not fit the file at {_shown(path)} (was the file "
                                      "changed by hand?)")]
    return []


def _keys(data: dict[str, Any]) -> dict[str, SealKey]:
    out = {}
    for name, k in (data.get("keys") or {}).items() if isinstance(data.get("keys"), dict) else ():
        try:
            out[str(name)] = SealKey.model_validate(k)
        except ValidationError:
            continue
    return out


def _order(entry: tuple[Path, Any]) -> tuple[tuple[int, int | str], ...]:
    """A place's sort key (indices in order; never comparing a number with a name)."""
    return tuple((0, p) if isinstance(p, int) else (1, str(p)) for p in entry[0])


def _get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _shown(path: Path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")




def with_key(c: Campaign, holder: str, key: SealKey | None) -> Campaign:
    """``c`` with ``holder``'s seal key set (``None``: removed); what was sealed for a holder
    whose key is removed is stored for the other holders only, or in plain text."""
    keys = {n: k for n, k in c.keys.items() if n != holder}
    if key is not None:
        keys[holder] = key
    return c.model_copy(update={"keys": dict(sorted(keys.items()))})


def secrets_by_holder(c: Campaign) -> dict[str, int]:
    """How many secrets each Team has in ``c`` (``"gm"``: those of no Team)."""
    out: dict[str, int] = {}
    for _path, team in secret_places(c):
        out[team or GM] = out.get(team or GM, 0) + 1
    return out


__all__ = ["Keyring", "Locked", "WrongPassphrase", "seal_data", "secret_places", "secrets_by_holder", "unseal_data",
           "with_key"]
