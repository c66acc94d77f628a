"""Battle Hex formation at the end of a Movement Phase (V13.11-V13.18).

A sector holding units of two or more Teams that may fight is a Battle Hex (V13.11). A Team
may ignore an independent (non-leased) Orion (V13.16) or a sub-light unit (V13.18) when
that is all the other Team has there, and may pay attention to it on a later phase. An Orion
that wants the fight cannot be ignored and then attacks; a sub-light unit cannot force a
battle. The Attacking Team is the one whose movement formed the hex; if neither or both
moved in, the Team with the Strategic Initiative (V13.14); a Team that pays attention on a
later phase when nobody moved in attacks (A-50). Terrain (V13.17, A-51) is the sector's own,
else one roll on the scenario's random terrain table, stored with the hex.

Monsters and alien ships (GM-controlled teams) are handled by V13.47x and the GM, so they are
never offered to be ignored.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from hexmap import Label
from rules.dice import DiceRoller
from rules.model.campaign import Campaign, Team
from rules.model.records import BattleHexRecord, IgnoreRecord
from rules.model.types import DiplomaticState, Terrain
from rules.model.units import OrionStatus, Unit, UnitFate, unit_secret
from rules.strategic.state import StrategicState

Decisions = Mapping[tuple[Label, str, str], bool]
"""``(sector, deciding team, other team) -> True`` to ignore, ``False`` to pay attention."""


def is_sublight(u: Unit) -> bool:
    return u.native_sublight or u.warp_engines_dropped


def is_independent_orion(u: Unit) -> bool:
    return u.orion_status is OrionStatus.INDEPENDENT


@dataclass(frozen=True, slots=True)
class IgnoreQuestion:
    """A Team may ignore another Team's units in a sector (V13.16 / V13.18)."""

    at: Label
    team: str
    other: str
    units: tuple[str, ...]
    rule: str
    ignored_before: bool
    unit_names: tuple[str, ...] = ()
    """The names the asked Team may know (what the question shows): not those of units the
    rules keep from it (V13.03 incidental, V13.29 cloaked: :func:`table_secret`)."""

    def text(self, names: Mapping[str, str]) -> str:
        """The question in words; ``names`` maps Team ids to names."""
        what = "independent Orion units" if self.rule == "V13.16" else "sub-light units"
        units = f" ({', '.join(self.unit_names)})" if self.unit_names else ""
        return (f"{self.rule}: may {names.get(self.team, self.team)} ignore the {what} of "
                f"{names.get(self.other, self.other)} in {self.at}{units}?")


@dataclass(frozen=True, slots=True)
class Formation:
    """A Battle Hex as it forms: who attacks and defends, and why."""

    at: Label
    attacker: str
    defender: str
    others: tuple[str, ...]
    moved_in: tuple[str, ...]
    attacker_reason: str


@dataclass
class Detection:
    """Battle Hexes formed, questions still open, and the sectors where nobody fights."""

    formations: list[Formation] = field(default_factory=list)
    questions: list[IgnoreQuestion] = field(default_factory=list)
    quiet: list[tuple[Label, str, str]] = field(default_factory=list)
    """``(sector, rule, text)`` where every possible fight was ignored."""
    ignores: list[IgnoreRecord] = field(default_factory=list)


def units_by_team(state: StrategicState, at: Label) -> dict[str, list[Unit]]:
    """Active units in a sector by team: its fleets (not those between sectors) and garrison."""
    return {k: [u for u, _ in v] for k, v in _present(state, at).items()}


def powers_by_team(state: StrategicState, at: Label) -> dict[str, set[str]]:
    """The powers present in a sector (fleets not between sectors, garrison) by team: those with an
    active unit there (as :func:`units_by_team` counts them; each fleet read to its first one)."""
    out: dict[str, set[str]] = {}
    sec = state.sectors.get(at)
    if sec is not None and sec.garrison and sec.owner and (t := state.team_of(sec.owner)) is not None \
            and any(not u.destroyed for u in sec.garrison):
        out.setdefault(t.id, set()).add(sec.owner)
    lost = UnitFate.LOST
    for f in state.fleets_at(at):
        if (t := state.team_of(f.power)) is not None and any(not u.destroyed and u.fate is not lost for u in f.units):
            out.setdefault(t.id, set()).add(f.power)
    return out


def _present(state: StrategicState, at: Label) -> dict[str, list[tuple[Unit, str]]]:
    """Active units in a sector by team, each with its power (a Lost unit is nowhere until
    found: V13.753, V13.91x)."""
    out: dict[str, list[tuple[Unit, str]]] = {}
    sec = state.sectors.get(at)
    if sec is not None and sec.garrison and sec.owner and (t := state.team_of(sec.owner)) is not None:
        out.setdefault(t.id, []).extend((u, sec.owner) for u in sec.garrison if not u.destroyed)
    for f in state.fleets_at(at):
        if (t := state.team_of(f.power)) is not None:
            out.setdefault(t.id, []).extend((u, f.power) for u in f.units
                                            if not u.destroyed and u.fate is not UnitFate.LOST)
    return {k: v for k, v in out.items() if v}


def claims_system(state: StrategicState, at: Label, powers: Iterable[str]) -> bool:
    """Seed 004 Normal Relations: one of ``powers`` "previously or currently control[s]" the system
    at ``at``: it owns the sector or one of its planets, or it is the sector's original owner."""
    sec = state.campaign.sector_at(str(at))
    if sec is None:
        return False
    mine = set(powers)
    planets = sec.star_system.planets if sec.star_system is not None else []
    return sec.owner in mine or sec.original_owner in mine or any(p.owner in mine for p in planets)


ATTACK_TURNS = 1
"""How long an attack opens Normal Relations' exception: the turn of the attack and this many after."""


def attacked_by(state: StrategicState, victims: Iterable[str], attackers: Iterable[str]) -> bool:
    """Seed 004 Normal Relations' other exception, "when a power at normal relations attacks any of
    your forces": one of ``attackers`` generated an encounter scenario against the ships of one of
    ``victims`` (Exhibit B's fact, kept by rules/turn/encounter_facts.py) this turn or the last
    (:data:`ATTACK_TURNS`), and no successful diplomatic action between the two has cleared it since."""
    return attacked_in(state.campaign, victims, attackers)


def attacked_in(c: Campaign, victims: Iterable[str], attackers: Iterable[str]) -> bool:
    """:func:`attacked_by` read from the campaign alone (the landing of ground troops has no state)."""
    v, a = set(victims), set(attackers)
    since = c.turn - ATTACK_TURNS
    return any(f.fact == "encounter" and f.by in a and f.turn >= since and (set(tp.powers) - {f.by}) & v
               for tp in c.treaties for f in tp.facts)


def normal_exception(state: StrategicState, at: Label, pa: Iterable[str], pb: Iterable[str]) -> list[bool]:
    """Seed 004 Normal Relations: "military actions such as generating encounter scenarios ... are
    restricted. There are exceptions to this rule when a power at normal relations attacks any of
    your forces or if you previously or currently control a system." For two sides' powers present
    at ``at`` (in a campaign that plays seed 004's Combat Phase), all at Normal Relations with each
    other: whether each side may generate an encounter there (``[False, False]`` when the exception
    does not apply) - a side that controls or controlled the system (:func:`claims_system`), or
    one the other side attacked (:func:`attacked_by`), anywhere."""
    pa, pb = sorted(set(pa)), sorted(set(pb))
    if state.campaign.settings.combat_phase != "seed004" or not pa or not pb:
        return [False, False]
    if any(state.dip.state(p, q) is not DiplomaticState.NORMAL for p in pa for q in pb):
        return [False, False]
    return [claims_system(state, at, pa) or attacked_by(state, pa, pb),
            claims_system(state, at, pb) or attacked_by(state, pb, pa)]


def teams_fighting_in(state: StrategicState, at: Label) -> list[tuple[str, str]]:
    """Pairs of teams present in ``at`` whose present powers may fight (V13.11, V13.12), or whose
    powers are at Normal Relations where one of them controls or controlled the system or was attacked
    by the other (seed 004, :func:`normal_exception`)."""
    present = powers = powers_by_team(state, at)  # the first active unit of each fleet tells (issue 21: a reopen)
    teams = {t.id: t for t in state.campaign.teams}
    order = {t.id: i for i, t in enumerate(state.campaign.teams)}
    return [(a, b) for a, b in combinations(sorted(present, key=order.__getitem__), 2)
            if state.dip.teams_may_fight(teams[a], teams[b], powers[a], powers[b])
            or any(normal_exception(state, at, powers[a], powers[b]))]


def _ignorable(team: Team, units: list[Unit]) -> str | None:
    """The rule under which all of ``units`` may be ignored, or ``None``."""
    if team.gm_controlled:
        return None
    if all(is_independent_orion(u) for u in units):
        return "V13.16"
    if all(is_sublight(u) for u in units):
        return "V13.18"
    return None


def detect(state: StrategicState, moved_into: Mapping[Label, set[str]], decisions: Decisions | None = None
           ) -> Detection:
    """Find the Battle Hexes of the map after movement (V13.11-V13.16, V13.18)."""
    decisions = decisions or {}
    c = state.campaign
    teams = {t.id: t for t in c.teams}
    order = {t.id: i for i, t in enumerate(c.teams)}
    before = {(r.at, r.team, r.unit) for r in c.ignores}
    occupied = {f.sector for f in c.fleets if f.in_transit_to is None} | {s.at for s in c.map.sectors if s.garrison}
    out = Detection()
    for at in sorted(occupied):
        by_team = units_by_team(state, at)
        if len(by_team) < 2:
            continue
        pairs = teams_fighting_in(state, at)
        fighting: set[frozenset[str]] = set()
        pending = False
        forced_by: str | None = None
        attention: list[str] = []
        notes: list[str] = []
        for a, b in pairs:
            fights = True
            for x, y in ((a, b), (b, a)):
                rule = _ignorable(teams[y], by_team[y])
                if rule is None:
                    continue
                if rule == "V13.16" and any(u.wants_fight for u in by_team[y]):
                    forced_by = y
                    continue
                ids = tuple(u.id for u in by_team[y])
                ans = decisions.get((at, x, y))
                if ans is None:
                    was = any((at, x, uid) in before for uid in ids)
                    out.questions.append(IgnoreQuestion(at, x, y, ids, rule, was,
                                                        tuple(u.name for u in by_team[y] if not table_secret(u))))
                    pending = True
                elif ans:
                    fights = False
                    notes.append(f"{rule}: {teams[x].name} ignores {teams[y].name}")
                    out.ignores.extend(IgnoreRecord(team=x, unit=uid, at=at, turn=c.turn, rule=rule) for uid in ids)
                elif any((at, x, uid) in before for uid in ids):
                    attention.append(x)
            if fights:
                fighting.add(frozenset((a, b)))
        if pending:
            continue
        parties = sorted({t for pair in fighting for t in pair}, key=order.__getitem__)
        if len(parties) < 2:
            if notes:
                tag = notes[0].split(":")[0]  # the entry's rule, said once (issue 22); another rule stays
                out.quiet.append((at, tag, "; ".join(n.removeprefix(f"{tag}: ") for n in notes) + ": no Battle Hex"))
            continue
        out.formations.append(roles(at, parties, teams, moved_into.get(at, set()), forced_by, attention, fighting))
    return out


def roles(at: Label, parties: list[str], teams: Mapping[str, Team], movers: set[str], forced_by: str | None,
           attention: list[str], fighting: set[frozenset[str]]) -> Formation:
    moved = tuple(p for p in parties if p in movers)
    holder = next((p for p in parties if teams[p].strategic_initiative), None)
    if forced_by is not None and forced_by in parties:
        attacker, why = forced_by, "V13.16: the independent Orion wants the fight, so the Orion Team attacks"
    elif len(moved) == 1:
        attacker, why = moved[0], "V13.14: its movement formed the Battle Hex"
    elif not moved and attention:
        attacker, why = attention[0], "V13.14 / A-50: it paid attention to a unit it had ignored"
    elif holder is not None:
        both = "both" if moved else "neither"
        attacker, why = holder, f"V13.14: {both} moved in; it holds the Strategic Initiative"
    else:
        attacker = (moved or tuple(parties))[0]
        why = "V13.14: no Team here holds the Strategic Initiative; first Team chosen, the GM may override"

    def rank(t: str) -> tuple[int, int]:
        tm = teams[t]
        return (0 if frozenset((attacker, t)) in fighting else 1, 2 if tm.is_orion_pirates else 1 if tm.gm_controlled
                else 0)
    rest = sorted((p for p in parties if p != attacker), key=lambda t: (rank(t), parties.index(t)))
    return Formation(at, attacker, rest[0], tuple(rest[1:]), moved, why)


# -- terrain (V13.17, A-51) ---------------------------------------------------------------
def battle_terrain(campaign: Campaign, at: Label, dice: DiceRoller) -> tuple[Terrain, str]:
    """The Battle Hex's terrain and how it was found: the sector's permanent terrain (A-51),
    else one roll on the scenario's random terrain table, else empty space."""
    sec = campaign.sector_at(str(at))
    if sec is not None and sec.terrain is not Terrain.NONE:
        return sec.terrain, f"A-51: the sector's own terrain ({sec.terrain.title})"
    table = campaign.map.random_terrain
    if table is None:
        return Terrain.NONE, "V13.17: the scenario has no random terrain table; empty space"
    roll = dice.roll(table.dice, purpose=f"Battle Hex {at} terrain", rule="V13.17", who="GM")
    for e in table.entries:
        if e.low <= roll.total <= e.high:
            return e.terrain, f"{roll.describe()}: {e.terrain.title}"
    return Terrain.NONE, f"{roll.describe()} is on no row of the table; empty space"


def terrain_dice(campaign: Campaign, at: Label) -> DiceRoller:
    """The seeded roller for one Battle Hex's terrain: the same campaign, turn and sector give
    the same roll."""
    return DiceRoller(campaign.dice_seed * 1_000_003 + campaign.turn * 10_007 + at.col * 101 + at.row)


def record(campaign: Campaign, f: Formation) -> BattleHexRecord:
    """Roll the terrain once (V13.17) and make the persistent record of a formed Battle Hex."""
    terrain, how = battle_terrain(campaign, f.at, terrain_dice(campaign, f.at))
    return BattleHexRecord(at=f.at, turn=campaign.turn, attacker=f.attacker, defender=f.defender,
                           others=list(f.others), moved_in=list(f.moved_in), attacker_reason=f.attacker_reason,
                           terrain=terrain, terrain_source=how)


@dataclass(frozen=True, slots=True)
class Sighting:
    """What one Team knows of another Team's units in a Battle Hex at formation."""

    team: str
    seen: tuple[str, ...]
    hidden: int
    note: str = ""


def table_secret(u: Unit) -> str:
    """The rule that keeps ``u`` off the shared screen (every Team sits at it), "" when every Team
    may know it: :func:`rules.model.units.unit_secret` (V13.03 incidental units, V13.29 cloaked
    units), the same rule that seals it in saved files."""
    return unit_secret(u)


def table_units(units: Iterable[Unit]) -> list[Unit]:
    """The units of ``units`` that the table (every Team at once) may see."""
    return [u for u in units if not table_secret(u)]


def what_team_sees(state: StrategicState, b: BattleHexRecord, team_id: str,
                   table: bool = False) -> list[Sighting]:
    """The other Teams' units that ``team_id`` sees when the Battle Hex forms.

    Incidental units exist for the Defending Team from formation on and are revealed to the
    Attacking Team only when its placement is complete (V13.03, V13.461); every other Team is
    treated like the attacker. A Team's own units are always known to it. With ``table`` the
    answer is shown on the shared screen, so it also leaves out every unit :func:`table_secret`
    keeps from the table (nothing hidden is counted there: a count would reveal it).
    """
    out: list[Sighting] = []
    for tid, units in units_by_team(state, b.at).items():
        if tid == team_id:
            continue
        if table:
            out.append(Sighting(tid, tuple(u.name for u in table_units(units)), 0))
            continue
        hide = team_id != b.defender
        hidden = [u for u in units if u.is_incidental and hide and tid == b.defender]
        seen = tuple(u.name for u in units if u not in hidden)
        note = f"{len(hidden)} incidental unit{'' if len(hidden) == 1 else 's'} hidden until placement (V13.03, V13.461)" if hidden else ""
        out.append(Sighting(tid, seen, len(hidden), note))
    return out
