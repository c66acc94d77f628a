"""What a campaign file keeps secret, and how it is sealed into and opened out of the file.

Secret (each for its Team and the GM):

- incidental units (V13.03) and cloaked units (V13.29) (:func:`rules.model.units.secret_rule`),
  in fleets (a fleet made only of them is sealed whole: its presence is the secret) and in
  sectors' garrisons (the owner's);
- a fleet's written denial of Withdrawal Before Combat (V13.29, hidden from the enemy);
- the same in a resolved Battle Hex's ``began`` (its fleets and fixed units as the battle began,
  kept for its replay), at their own places;
- a Battle Hex's answers to secret questions (V13.723: the Pursuit Force, the Rear Guard),
  listed in the record's ``secret_answers``; its ``dice_key``, the key of its secret dice (the GM's alone);
- the campaign log's secret lines (``secret_of``, :mod:`rules.model.visibility`); the economies.

Saving takes each secret out of the JSON at its place into one sealed blob per set of recipients
(:mod:`rules.model.seals`); with no key at all they stay plain (one no key seals beside sealed ones is
refused: :mod:`rules.model.secrets_plain`). Opening puts every secret back at its place, in order.
"""
from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from rules.model.campaign import Campaign, Fleet
from rules.model.checks import Problem
from rules.model.economy_secrets import READABLE_BEFORE, economy_places
from rules.model.json_value import MAX_DEPTH, DuplicateKey, json_problem, nesting_problem, unique_keys
from rules.model.key_book import book_problems, campaign_id_of
from rules.model.key_records import with_key
from rules.model.seals import GM, Keyring, SealedBlob, SealKey, WrongPassphrase, open_blob, seal
from rules.model.secrets_plain import refuse_plain
from rules.model.units import Unit, unit_secret
from rules.model.visibility import Owner, Secrets, answer_owner, joined, record_words

Path = tuple[str | int, ...]
_PAD = 256  # blobs are padded to a multiple of this, so their size tells little


class Locked(Exception):
    """Secrets of the file that the keys given do not open: ``locked`` lists each blob's
    recipients; ``keys`` are the file's seal keys (to check a passphrase against)."""

    def __init__(self, locked: list[tuple[str, ...]], keys: dict[str, SealKey]) -> None:
        super().__init__(locked)
        self.locked, self.keys = locked, keys


def secret_places(c: Campaign) -> Iterator[tuple[Path, Owner]]:
    """Each secret's place in the campaign's JSON and the Teams it belongs to (``("gm",)``: no
    Team, the GM's alone; several: words naming hidden units of each, :mod:`rules.model.visibility`)."""
    yield from _unit_places(c, (), c.fleets, [(s.owner, s.garrison, ("map", "sectors", i, "garrison"))
                                              for i, s in enumerate(c.map.sectors)])
    told = Secrets(c)
    teams = {t.id for t in c.teams}

    def owner_of(owner: Owner) -> Owner:
        return owner if all(t in teams for t in owner) else (GM,)

    for i, b in enumerate(c.battle_hexes):  # words naming hidden units (rules/model/visibility.py)
        if b.began is not None:  # the fleets and fixed units it began with: sealed as the live ones
            yield from _unit_places(c, ("battle_hexes", i, "began"), b.began.fleets,
                                    ((b.began.owner, b.began.garrison, ("battle_hexes", i, "began", "garrison")),))
        whole = joined(b.secret_of, told.owner(" ".join(record_words(b).values())))
        for name in record_words(b) if whole else ():
            yield ("battle_hexes", i, name), owner_of(whole)
        for k in range(len(b.answers)):
            if (who := answer_owner(told, b, k)):
                yield ("battle_hexes", i, "answers", k), owner_of(who)
        if b.dice_key:  # the key of its secret dice streams: the GM's alone (issue 25)
            yield ("battle_hexes", i, "dice_key"), (GM,)
    for i, e in enumerate(c.log):
        if e.secret_of:
            yield ("log", i), owner_of(tuple(e.secret_of))
    yield from economy_places(c)  # a power's economy, a Team's Economic Points (issue 23)


def _unit_places(c: Campaign, at: Path, fleets: Sequence[Fleet],
                 garrisons: Iterable[tuple[str | None, Sequence[Unit], Path]]) -> Iterator[tuple[Path, Owner]]:
    """The secret places of ``fleets`` (at ``at + ("fleets", i)``) and of fixed units (each
    garrison: its owning power, its units, its place): hidden units for their Team (a fleet made
    only of them whole), a written denial of Withdrawal Before Combat."""
    for i, f in enumerate(fleets):
        team = c.team_of_power(f.power)
        tid: Owner = (team.id,) if team else (GM,)
        hidden = [j for j, u in enumerate(f.units) if unit_secret(u)]
        if len(hidden) == len(f.units):
            yield (*at, "fleets", i), tid
            continue
        for j in hidden:
            yield (*at, "fleets", i, "units", j), tid
        if f.deny_withdrawal:
            yield (*at, "fleets", i, "deny_withdrawal"), tid
    for owner, units, place in garrisons:
        team = c.team_of_power(owner)
        for j, u in enumerate(units):
            if unit_secret(u):
                yield (*place, j), (team.id,) if team else (GM,)


def recipients(owner: Owner, keys: Mapping[str, object]) -> tuple[str, ...]:
    """Who a secret of ``owner`` (Team ids; ``("gm",)``: the GM's alone) is sealed for: those Teams
    and the GM, as far as they hold keys, sorted (as a blob's ``to``); ``()``: stored readable."""
    return tuple(sorted({n for n in (*owner, GM) if n in keys}))


def expected_groups(keys: Mapping[str, object]) -> list[tuple[str, ...]]:
    """The blobs a format-2 file of these key holders always holds, even empty (so a dropped one
    is seen without a key): each keyed Team's, with the GM; the GM's alone when no Team holds a
    key. The GM's alone otherwise is there when it holds secrets, and every blob names the others
    of its save (a Team opens its own without the GM's passphrase)."""
    teams = sorted({recipients((n,), keys) for n in keys if n != GM})
    return teams or [recipients((GM,), keys)]


_last_save = 0


def next_save() -> int:
    """This save's counter: microseconds since 1970, above any this process gave (only grows)."""
    global _last_save
    _last_save = max(time.time_ns() // 1000, _last_save + 1)
    return _last_save


def seal_data(data: dict[str, Any], c: Campaign) -> dict[str, Any]:
    """``data`` (``c``'s JSON, changed in place) with its secrets sealed for the keys of ``c``:
    one blob per :func:`expected_groups`, each bound to the campaign's id and this save."""
    if not c.keys:
        return data
    groups: dict[tuple[str, ...], list[Path]] = {to: [] for to in expected_groups(c.keys)}
    places = list(secret_places(c))  # a secret no key seals, beside sealed ones, is refused (issue 23)
    refuse_plain([n for _p, team in places if not recipients(team, c.keys) for n in team], c)
    for path, team in places:
        to = recipients(team, c.keys)
        if to:
            groups.setdefault(to, []).append(path)
    campaign, save = campaign_id_of(c.key_book), next_save()
    blobs, taken = [], []
    manifest = [list(to) for to in sorted(groups)]
    for to, paths in sorted(groups.items()):
        entries = [[list(p), _get(data, p)] for p in paths]
        plain = json.dumps({"with": manifest, "secrets": entries}, separators=(",", ":"), ensure_ascii=False).encode()
        plain += b" " * (-len(plain) % _PAD)
        blobs.append(seal(plain, {n: c.keys[n] for n in to}, campaign, save).model_dump(exclude_none=True))
        taken += paths
    for p in sorted(taken, reverse=True):  # the last first: earlier places keep their index
        parent = _get(data, p[:-1])
        del parent[p[-1]]
    data["sealed"] = {"campaign": campaign, "save": save, "blobs": blobs}
    return data


class Unsealed:
    """What :func:`unseal_data` found: ``problems`` (then nothing was put back), and which
    places each blob held, for :meth:`check` once the campaign is validated."""

    def __init__(self, problems: list[Problem] | None = None, held: dict[tuple[str, ...], set[Path]] | None = None,
                 names: dict[str, str] | None = None) -> None:
        self.problems = problems or []
        self.held = held
        self.names = names or {}

    def check(self, c: Campaign) -> list[Problem]:
        """Problems of a format-2 file whose blobs hold what is not their recipients' secrets
        (moved or forged), or whose secrets lie readable though their holder has a key."""
        if self.held is None:
            return []
        out: list[Problem] = []
        placed = {p: to for to, paths in self.held.items() for p in paths}
        for path, team in secret_places(c):
            to, got = recipients(team, c.keys), placed.pop(path, None)  # an economy's: readable in a file
            if to and got != to and (got is not None or path[0] not in READABLE_BEFORE):  # saved before sealing
                out.append(Problem("sealed", f"the secret at {_shown(path)} is not sealed for {_who(to, self.names)} "
                                             "(it lies readable or in another holder's part: the file was changed)"))
        for path, to in sorted(placed.items(), key=lambda e: _order(e)):
            out.append(Problem("sealed", f"the part sealed for {_who(to, self.names)} puts at {_shown(path)} what is "
                                         "not a secret of theirs (moved or forged): refused"))
        return out[:5]


def _who(to: tuple[str, ...], names: Mapping[str, str]) -> str:
    return " or ".join("the GM" if n == GM else names.get(n, n) for n in to)


def unseal_data(data: dict[str, Any], keyring: Keyring | None) -> Unsealed:
    """Put the secrets of ``data["sealed"]`` back in place (``data`` is changed in place),
    after checking the key records against the GM's signature and the blobs against the keys.

    Returns the problems of a file changed by hand (then nothing is put back): a key record not
    as the GM signed it, a blob missing, moved, from an older save or another campaign, content
    beyond the file's limits.

    Raises:
        Locked: a blob that no key of ``keyring`` opens.
        WrongPassphrase: a blob that does not open with its recipient's key (changed by hand).
    """
    teams = data.get("teams")
    names = {str(t.get("id")): str(t.get("name")) for t in teams if isinstance(t, dict)} \
        if isinstance(teams, list) else {}
    raw_keys = data.get("keys")
    signed = book_problems(raw_keys, data.get("key_book"), lambda n: _who((n,), names))
    if signed:
        return Unsealed([Problem(p, m) for p, m in signed])
    keys = _keys(data)
    if isinstance(raw_keys, dict) and len(keys) != len(raw_keys):  # the file's validation names the fault
        data.pop("sealed", None)
        return Unsealed()
    keys = {n: k for n, k in keys.items() if n == GM or n in names}  # others: the checks name them
    book = data.get("key_book")
    current = isinstance(book, dict) or any(k.v == 2 for k in keys.values())
    raw = data.pop("sealed", None)
    if raw is None:
        if current and keys:
            return Unsealed([Problem("sealed", f"the secrets sealed for {_who(expected_groups(keys)[0], names)} are "
                                               "missing (the key records say the file holds sealed parts)")])
        return Unsealed()
    if isinstance(raw, list):
        if current:
            return Unsealed([Problem("sealed", "sealed in the format before issue 20, while the key records are "
                                               "of the current format: the file was changed")])
        return _open_all(data, raw, keyring, None, names)
    if not isinstance(raw, dict) or set(raw) != {"campaign", "save", "blobs"}:
        return Unsealed([Problem("sealed", "must be the sealed secrets as BattleHex writes them (campaign, save, "
                                           "blobs)")])
    campaign = book.get("campaign") if isinstance(book, dict) else ""
    if raw["campaign"] != campaign:
        return Unsealed([Problem("sealed.campaign", "the sealed secrets belong to another campaign than the key "
                                                    "records: the file was changed")])
    return _open_all(data, raw["blobs"], keyring, raw["save"], names, keys)


def _open_all(data: dict[str, Any], raw: Any, keyring: Keyring | None, save: Any, names: dict[str, str],
              keys: dict[str, SealKey] | None = None) -> Unsealed:
    """Open the blobs ``raw`` (format 1 when ``save`` is ``None``) and put their secrets back."""
    if not isinstance(raw, list):
        return Unsealed([Problem("sealed", "must be a list of sealed secrets")])
    try:
        blobs = [SealedBlob.model_validate(b) for b in raw]
    except ValidationError as e:
        return Unsealed([Problem("sealed", f"not sealed secrets as BattleHex writes them ({e.error_count()} faults)")])
    campaign = None
    if save is not None:
        assert keys is not None
        campaign = str(data.get("key_book", {}).get("campaign", "")) if isinstance(data.get("key_book"), dict) else ""
        problems = _layout_problems(blobs, save, keys, names)
        if problems:
            return Unsealed(problems)
    ring = keyring or Keyring()
    locked = [tuple(b.to) for b in blobs if not ring.opens(b)]
    if locked:
        raise Locked(locked, _keys(data))
    entries: list[tuple[Path, Any]] = []
    held: dict[tuple[str, ...], set[Path]] = {}
    for i, b in enumerate(blobs):
        plain = open_blob(b, ring, campaign)
        assert plain is not None  # ring.opens(b)
        who = _who(tuple(b.to), names)
        try:
            text = plain.decode()
        except UnicodeDecodeError:
            return Unsealed([Problem(f"sealed[{i}]", f"the secrets sealed for {who} are not text")])
        deep = nesting_problem(text, MAX_DEPTH)  # before json.loads; the whole file's check follows
        if deep is not None:
            return Unsealed([Problem(f"sealed[{i}]", f"the secrets sealed for {who} nest {deep} levels deep, more "
                                                     f"than a file may ({MAX_DEPTH}): refused (forged?)")])
        try:
            loaded = json.loads(text, object_pairs_hook=unique_keys)  # a key twice: refused as in the file (io)
            if save is not None:  # format 2: the other parts of the save, and the secrets
                if not isinstance(loaded, dict) or set(loaded) != {"with", "secrets"}:
                    raise TypeError(loaded)
                named, present = {tuple(t) for t in loaded["with"]}, {tuple(x.to) for x in blobs}
                if named != present:
                    return Unsealed([Problem("sealed", f"the secrets sealed for {_who(m, names)} are missing from "
                                                       "the file (removed): refused") for m in sorted(named - present)]
                                    + [Problem("sealed", f"a part sealed for {_who(m, names)} was not made by this "
                                                         "save (added to the file): refused")
                                       for m in sorted(present - named)])
                loaded = loaded["secrets"]
            got = [(tuple(p), v) for p, v in loaded]
        except DuplicateKey as e:
            return Unsealed([Problem(f"sealed[{i}]", f"in the secrets sealed for {who}, {e}: refused (forged?)")])
        except (ValueError, TypeError, RecursionError):
            return Unsealed([Problem(f"sealed[{i}]", "the sealed secrets are not as BattleHex writes them")])
        if not all(isinstance(part, (str, int)) and not isinstance(part, bool) for p, _v in got for part in p):
            return Unsealed([Problem(f"sealed[{i}]", "the sealed secrets are not as BattleHex writes them")])
        held[tuple(b.to)] = {p for p, _v in got}
        entries += got
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
            return Unsealed([Problem("sealed", f"a sealed secret does not fit the file at {_shown(path)} (was the "
                                               "file changed by hand?)")])
    why = json_problem(data, MAX_DEPTH)
    if why is not None:
        return Unsealed([Problem("sealed", f"the sealed secrets do not make a file BattleHex can write ({why}): "
                                           "refused (forged?)")])
    return Unsealed(held=held if save is not None else None, names=names)


def _layout_problems(blobs: list[SealedBlob], save: Any, keys: dict[str, SealKey],
                     names: dict[str, str]) -> list[Problem]:
    """A format-2 file's blobs against its keys: one per expected set of recipients, each of
    this save."""
    if not isinstance(save, int) or isinstance(save, bool):
        return [Problem("sealed.save", "must be a whole number")]
    out: list[Problem] = []
    seen: set[tuple[str, ...]] = set()
    for i, b in enumerate(blobs):
        to, who = tuple(b.to), _who(tuple(b.to), names)
        if to in seen or list(to) != sorted(set(to)):
            out.append(Problem(f"sealed.blobs[{i}]", f"a second part sealed for {who}: the file was changed"))
        seen.add(to)
        if b.save != save:
            older = isinstance(b.save, int) and b.save < save
            out.append(Problem(f"sealed.blobs[{i}]", f"the secrets sealed for {who} come from "
                                                     + ("an older save (rolled back)" if older else "another save")
                                                     + " than the rest of the file: refused"))
    expected = expected_groups(keys)
    for to in expected:
        if to not in seen:
            out.append(Problem("sealed", f"the secrets sealed for {_who(to, names)} are missing from the file "
                                         "(removed): refused"))
    for to in sorted(t for t in seen - set(expected) if any(n not in keys for n in t)):
        out.append(Problem("sealed", f"a part sealed for {_who(to, names)}, who hold no such key here: the file "
                                     "was changed"))
    return out


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


def secrets_by_holder(c: Campaign) -> dict[str, int]:
    """How many secrets each Team has in ``c`` (``"gm"``: those of no Team)."""
    out: dict[str, int] = {}
    for _path, owner in secret_places(c):
        for n in owner:
            out[n] = out.get(n, 0) + 1
    return out


__all__ = ["Keyring", "Locked", "WrongPassphrase", "seal_data", "secret_places", "secrets_by_holder", "unseal_data",
           "with_key"]
