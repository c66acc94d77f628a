"""Seed 004 Exhibit B's "Power has generated an encounter scenario against your ships" (+75%* to
break a treaty, +40%* to declare), kept by the Encounters Phase when a demand generates a scenario
(:func:`record_facts`), and who may know it (V13.29, V13.03; docs/SECRETS.md).

Readings (docs/economy.md): who generated it is the side whose demand was agreed to or could not be
refused, the side that demanded a Pursuit after a refusal, both sides when both demanded between
sectors (``EncounterResult.generated_by``); a demand refused generates nothing. A side's powers are
its fleets' powers in the meeting, else (its garrison or planet defending) its powers owning the
sector or a planet there. Each generating power ``a`` keeps the fact on its pair with each power
``b`` of the other side it has contact with, only in a campaign running seed 004's empire turn.

Who may know a fact (the GM always): a power is *seen* in the meeting by the other Teams when
one of its units there is one the rules show them (:func:`rules.strategic.battle_hex.table_units`:
no cloaked unit, V13.29, nor incidental one, V13.03; a power there by owning the sector or a planet
is seen, the map shows it). Before its battle a Team knows of another Team's units no more than
the table does (:func:`rules.model.visibility.table_campaign`; ``what_team_sees`` is what a V13
battle will show once it places the units). So:

- ``b``'s Team always knows its own grievance (its chances count it);
- ``a``'s Team knows it when it sees ``b`` there;
- the table and every other Team know it when they see both ``a`` and ``b`` there.

A fact that not everyone may know is marked (``PairFact.secret_of``) and sealed for those Teams
like a hidden unit (:func:`rules.model.economy_secrets.fact_places`: in the campaign's own file,
out of other Teams' copies); its log line is theirs (``LogEntry.secret_of``). One log line per
set of readers, so the table's line names no power it does not see.
"""
from __future__ import annotations

from rules.economy.diplomacy import EXHIBIT_B
from rules.model.campaign import Campaign
from rules.model.records import LogEntry
from rules.model.seals import GM
from rules.model.treaty_model import PairFact
from rules.model.visibility import Owner, joined
from rules.strategic.battle_hex import table_units
from rules.turn.diplomacy_phase import pair_record, relations
from rules.turn.encounters import EncounterResult, Meeting

__all__ = ["readers", "record_facts", "seen_power", "side_powers"]


def _side_fleets(m: Meeting, team: str) -> set[str]:
    return set(m.attacker_fleets if team == m.attacker else m.defender_fleets if team == m.defender else ())


def side_powers(c: Campaign, m: Meeting, team: str) -> list[str]:
    """The powers of ``team`` in the meeting ``m``: its fleets' powers there, else its powers owning
    the sector or a planet in it."""
    fleets = _side_fleets(m, team)
    found = sorted({f.power for f in c.fleets if f.id in fleets})
    if found:
        return found
    s = c.sector_at(str(m.at))
    owners = set() if s is None else {s.owner} | {pl.owner for pl in (s.star_system.planets if s.star_system else [])}
    return sorted(p for p in owners if p is not None and (t := c.team_of_power(p)) is not None and t.id == team)


def seen_power(c: Campaign, m: Meeting, team: str, power: str) -> bool:
    """Whether the Teams other than ``power``'s own see ``power`` in the meeting ``m`` (``team``:
    its side): one of its fleets' units there that the rules show them, or (no fleet of its side
    there) its owning the sector or a planet, which the map shows."""
    fleets = [f for f in c.fleets if f.id in _side_fleets(m, team)]
    if not fleets:
        return True
    return bool(table_units(u for f in fleets if f.power == power for u in f.units))


def _team(c: Campaign, power: str) -> str:
    t = c.team_of_power(power)
    return t.id if t is not None else GM


def readers(c: Campaign, m: Meeting, a: str, a_team: str, b: str, b_team: str) -> Owner:
    """Who besides the GM may know that ``a`` (of side ``a_team``) generated a scenario against
    ``b``'s ships (of side ``b_team``) in ``m``: ``()`` everyone (both seen); else ``b``'s Team,
    and ``a``'s when it sees ``b`` (:func:`rules.model.visibility.joined`: the GM alone for a
    power of no Team)."""
    a_seen, b_seen = seen_power(c, m, a_team, a), seen_power(c, m, b_team, b)
    if a_seen and b_seen:
        return ()
    return joined((_team(c, b),), (_team(c, a),) if b_seen else ())


def record_facts(c: Campaign, m: Meeting, result: EncounterResult) -> None:
    """Seed 004 Exhibit B, "Power has generated an encounter scenario against your ships" (+75%* to
    break a treaty, +40%* to declare): keep the fact for every power whose Team generated
    ``result``'s scenario, against each power of the other side, and log it, each for whom may
    know it (:func:`readers`; in place on ``c``, a new campaign: its treaty records are copied
    first)."""
    if result.scenario is None or not result.generated_by or c.settings.empire_turn != "seed004":
        return
    rel = relations(c)
    pairs: list[tuple[str, str, Owner]] = []
    for team in result.generated_by:
        other = m.defender if team == m.attacker else m.attacker
        pairs += [(a, b, readers(c, m, a, team, b, other)) for a in side_powers(c, m, team)
                  for b in side_powers(c, m, other) if a != b and rel.between(a, b) is not None]
    if not pairs:
        return
    c.treaties = [tp.model_copy(deep=True) for tp in c.treaties]  # the campaign before keeps its own
    for a, b, owner in pairs:
        pair_record(c, a, b).facts.append(PairFact(fact="encounter", by=a, turn=c.turn, secret_of=list(owner)))

    def name(p: str) -> str:
        pw = c.power(p)
        return pw.name if pw is not None else p

    for owner in sorted(dict.fromkeys(o for _a, _b, o in pairs), key=bool):  # everyone's line first
        said = "; ".join(f"{name(a)} against {name(b)}" for a, b, o in pairs if o == owner)
        c.log.append(LogEntry(turn=c.turn, rule=EXHIBIT_B, secret_of=list(owner), text=(
            f"{m.where}: an encounter scenario generated against another power's ships ({said}): +75% to that "
            "power's chance to break a treaty with it, +40% to declare against it, 10 less each turn after the next")))
