"""Which meeting an answer means when several Battle Hex records share a sector (issue 19).

A sector where three or more Teams meet holds one record per pair of Teams (V13.11), and the
battle systems fight "the open record at a sector" (:func:`rules.systems.open_record`: its first
open record). So each open record gets a name no other shares -- its sector alone when it is
the only one there, else the sector and its sides' Team ids (``"0308 coalition v alliance"``)
-- and the record named is brought first among its sector's open records before it is fought.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord


def sides(campaign: Campaign, record: BattleHexRecord) -> str:
    """The record's sides by their Teams' names: ``"Coalition v Alliance"``."""
    names = {t.id: t.name for t in campaign.teams}
    return f"{names.get(record.attacker, record.attacker)} v {names.get(record.defender, record.defender)}"


def full_name(record: BattleHexRecord) -> str:
    """The record's long name: sector, attacker and defender ids, and its kind unless main."""
    kind = "" if record.kind == "main" else f" {record.kind}"
    return f"{record.at} {record.attacker} v {record.defender}{kind}"


def answer_names(campaign: Campaign, indexes: Sequence[int]) -> list[str]:
    """A distinct name for each record of ``indexes`` (into ``campaign.battle_hexes``), in order.

    The sector alone (``"0301"``) when no other record of ``indexes`` is in that sector; else
    :func:`full_name`, followed by ``#2``, ``#3``... for a repeat of the same sides and kind.
    """
    records = [campaign.battle_hexes[i] for i in indexes]
    per_sector = Counter(r.at for r in records)
    names = [str(r.at) if per_sector[r.at] == 1 else full_name(r) for r in records]
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        seen[n] += 1
        out.append(n if seen[n] == 1 else f"{n} #{seen[n]}")
    return out


def named(campaign: Campaign, indexes: Sequence[int], name: str) -> int | None:
    """The index among ``indexes`` that ``name`` names (as :func:`answer_names` gives it, or
    any record's unique :func:`full_name`), or ``None``."""
    text = " ".join(name.split())
    given = answer_names(campaign, indexes)
    if text in given:
        return indexes[given.index(text)]
    hit = [i for i in indexes if full_name(campaign.battle_hexes[i]) == text]
    return hit[0] if len(hit) == 1 else None


def bring_first(campaign: Campaign, index: int) -> Campaign:
    """The campaign with record ``index`` the first open record of its sector (the one the
    battle systems fight); the same campaign when it already is."""
    target = campaign.battle_hexes[index]
    if target.resolved:
        raise ValueError(f"the Battle Hex record {index} at {target.at} is resolved")
    first = next(i for i, r in enumerate(campaign.battle_hexes) if r.at == target.at and not r.resolved)
    if first == index:
        return campaign
    rest = [r for i, r in enumerate(campaign.battle_hexes) if i != index]
    return campaign.model_copy(update={"battle_hexes": [*rest[:first], target, *rest[first:]]})


def labels(campaign: Campaign, indexes: Sequence[int]) -> list[str]:
    """A distinct label in words for each record of ``indexes``, for a list to choose from:
    ``"0301: Coalition attacks League"``, its kind unless main, ``#2``... for a repeat."""
    names = {t.id: t.name for t in campaign.teams}
    out: list[str] = []
    for i in indexes:
        r = campaign.battle_hexes[i]
        text = f"{r.at}: {names.get(r.attacker, r.attacker)} attacks {names.get(r.defender, r.defender)}" + (
            "" if r.kind == "main" else f" ({r.kind})")
        repeat = sum(1 for o in out if o == text or o.startswith(f"{text} #"))
        out.append(text if repeat == 0 else f"{text} #{repeat + 1}")
    return out


def not_fightable(c: Campaign, name: str) -> str:
    """Why ``name`` names no Battle Hex that may be fought now."""
    unresolved = [i for i, r in enumerate(c.battle_hexes) if not r.resolved]
    index = named(c, unresolved, name)
    if index is not None:
        at = c.battle_hexes[index].at
        begun = next((r for r in c.battle_hexes if r.at == at and not r.resolved and r.answers), None)
        if begun is not None:
            return (f"the battle at {at} ({sides(c, begun)}) is in progress: it is fought to its end, "
                    f"or ruled, before another meeting there begins")
    return f"there is no Battle Hex to fight named {name!r}"
