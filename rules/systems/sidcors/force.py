"""A SIDCORS Battle Force: its units' factors and state, the Combat Potential, the die roll
shifts and the costs of Directed Damage and of Damage Allocation (seed 004, SIDCORS EXTRACT).

Readings where the extract leaves details open (documented, logged where they apply):

* Fighter factors (``fe.fighters``; ``fe.c_fighters`` when crippled) add to the potential and,
  in allocation, each fighter factor is a unit of Defense Factor 1. A carrier crippled or
  destroyed holds only its new side's fighter factors: the rest "transfer or die". A fighter or
  PF unit carried by a carrier in the battle (``carrier_id``) holds ``fe.fighters`` while its
  carrier is undamaged, ``fe.c_fighters`` when it is crippled, none when it is destroyed; a
  fighter or PF unit that loses its last factor is destroyed (partial losses are not written
  back: the campaign keeps no fighter count).
* The mauler half value falls on the maulers with the lowest attack factor when fewer than
  two non-mauler ships accompany each mauler (the owner's best case).
* Scouts: a force's EW is the highest of its uncrippled units' (``ew``; a scout, starbase,
  battle station or mobile base with ``ew`` 0 gives 1). A force with no EW facing one that has
  some subtracts the other's EW from its die.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from rules.battlehex.roster import BUnit, Status
from rules.model.units import Unit, UnitKind

_NO_CRIPPLED_SIDE = {UnitKind.CONVOY_SHIP, UnitKind.FRD, UnitKind.FIGHTER, UnitKind.PF, UnitKind.SHUTTLE,
                     UnitKind.DEFSAT}
_CANNOT_RETREAT = {UnitKind.FRD, UnitKind.CONVOY_SHIP}
_SCOUT_BASES = {UnitKind.STARBASE, UnitKind.BATTLE_STATION, UnitKind.MOBILE_BASE}
_NOT_SHIPS = {UnitKind.FIGHTER, UnitKind.PF, UnitKind.SHUTTLE, UnitKind.DEFSAT}


@dataclass(eq=False)
class SUnit:
    """One unit of a Battle Force; ``b`` is the roster's unit, written back to the campaign."""

    b: BUnit
    ff: int = 0
    """Fighter factors it carries now."""
    carrier: SUnit | None = field(default=None, repr=False)
    carried: tuple[SUnit, ...] = field(default=(), repr=False)

    @classmethod
    def force(cls, members: Iterable[BUnit]) -> list[SUnit]:
        """A Battle Force's units, carried fighters and PFs linked to their carriers."""
        out = [cls(b) for b in members]
        by_id = {u.id: u for u in out}
        for u in out:
            c = by_id.get(u.unit.carrier_id or "")
            if c is not None and c is not u:
                u.carrier = c
                c.carried = (*c.carried, u)
        for u in out:
            u.ff = u.capacity
        return out

    @property
    def id(self) -> str:
        return self.b.id

    @property
    def name(self) -> str:
        return self.b.name

    @property
    def unit(self) -> Unit:
        return self.b.unit

    @property
    def crippled(self) -> bool:
        return self.b.is_crippled

    @property
    def destroyed(self) -> bool:
        return self.b.status is Status.DESTROYED

    @property
    def alive(self) -> bool:
        return self.b.status is Status.PRESENT

    @property
    def has_crippled_side(self) -> bool:
        return self.unit.fe.has_crippled_side and self.unit.kind not in _NO_CRIPPLED_SIDE

    @property
    def can_retreat(self) -> bool:
        k = self.unit.kind
        return not k.is_base and k not in _CANNOT_RETREAT and self.unit.strategic_movement_capable

    @property
    def df(self) -> int:
        """The Defense Factor of its present side."""
        fe = self.unit.fe
        if self.crippled:
            return fe.c_defense
        return fe.defense if fe.defense is not None else fe.attack

    @property
    def attack(self) -> int:
        fe = self.unit.fe
        return fe.c_attack if self.crippled else fe.attack

    @property
    def capacity(self) -> int:
        """Fighter factors its present side (or its carrier's) holds."""
        holder = self.carrier or self
        if not self.alive or not holder.alive:
            return 0
        return self.unit.fe.c_fighters if holder.crippled else self.unit.fe.fighters

    @property
    def small_craft(self) -> bool:
        return self.unit.kind in (UnitKind.FIGHTER, UnitKind.PF)

    def lose_fighters(self, n: int) -> None:
        """``n`` of its fighter factors are destroyed; a fighter or PF unit with none left is destroyed."""
        self.ff -= n
        if self.ff <= 0 and self.small_craft and self.df <= 0:
            self.b.status = Status.DESTROYED

    @property
    def next_step(self) -> str:
        """What damaging it does now: ``cripple`` or ``destroy``."""
        return "cripple" if self.has_crippled_side and not self.crippled else "destroy"

    @property
    def is_ship(self) -> bool:
        return self.unit.kind not in _NOT_SHIPS

    @property
    def ew(self) -> int:
        u = self.unit
        if self.crippled or not self.alive:
            return 0
        return u.ew or (1 if u.is_scout or u.kind in _SCOUT_BASES else 0)

    def damage(self) -> tuple[str, int]:
        """Cripple it (an undamaged unit with a crippled side) or destroy it; returns what was
        done and the fighter factors left without room ("transfer or die")."""
        if self.next_step == "cripple":
            self.b.crippled = True
            done = "crippled"
        else:
            self.b.status = Status.DESTROYED
            done = "destroyed"
        loose = 0
        for u in (self, *self.carried):
            extra = max(0, u.ff - u.capacity)
            if extra:
                u.lose_fighters(extra)
                loose += extra
        return done, loose


def alive(units: Iterable[SUnit]) -> list[SUnit]:
    return [u for u in units if u.alive]


def halved_maulers(units: Iterable[SUnit]) -> set[str]:
    """The maulers at half value: two non-mauler ships must accompany each mauler (MAULERS)."""
    live = alive(units)
    maulers = sorted((u for u in live if u.unit.is_mauler), key=lambda u: (-u.attack, u.id))
    escorts = sum(1 for u in live if u.is_ship and not u.unit.is_mauler)
    return {u.id for u in maulers[escorts // 2:]}


def potential(units: Iterable[SUnit]) -> Fraction:
    """The Combat Potential: attack factors (crippled side for crippled units) plus fighter
    factors, unaccompanied maulers at half value."""
    live = alive(units)
    half = halved_maulers(live)
    return sum((Fraction(u.attack, 2 if u.id in half else 1) + u.ff for u in live), Fraction(0))


def directing_mauler(units: Iterable[SUnit]) -> SUnit | None:
    """The mauler a force may use for Directed Damage: uncrippled and accompanied (one only)."""
    live = alive(units)
    half = halved_maulers(live)
    ok = sorted((u for u in live if u.unit.is_mauler and not u.crippled and u.id not in half),
                key=lambda u: (-u.unit.fe.attack, u.id))
    return ok[0] if ok else None


def force_ew(units: Iterable[SUnit]) -> int:
    return max((u.ew for u in alive(units)), default=0)


def scout_shift(own: Iterable[SUnit], other: Iterable[SUnit]) -> int:
    """SCOUTS: a force without scout capability facing one with it subtracts the other's EW."""
    mine, theirs = force_ew(own), force_ew(other)
    return -theirs if mine == 0 and theirs > 0 else 0


def all_cloaked(units: Iterable[SUnit]) -> bool:
    """A force consisting entirely of cloaking ships (CLOAKED SHIPS)."""
    live = alive(units)
    return bool(live) and all(u.unit.is_cloaked or u.unit.cloak_capable for u in live)


def directed_cost(df: int, mauler_points: int = 0) -> int:
    """Damage Points to direct ``df`` Defense Factors at one unit: double, except that up to
    ``mauler_points`` of them count at full value (the seed's example: 12 with a 10-point mauler
    costs 10 + 2 x 2 = 14)."""
    full = min(df, mauler_points)
    return full + 2 * (df - full)


def smallest_df(units: Iterable[SUnit]) -> int | None:
    """The smallest positive Defense Factor left to damage (a fighter factor counts 1), ``None``
    when nothing is left."""
    live = alive(units)
    dfs = [u.df for u in live if u.df > 0]
    if any(u.ff > 0 for u in live):
        dfs.append(1)
    return min(dfs, default=None)


def place_fighters(units: Iterable[SUnit], n: int) -> list[tuple[str, int]]:
    """Transfer ``n`` fighter factors to carriers with room, in roster order; returns where."""
    out = []
    for u in alive(units):
        room = u.capacity - u.ff
        if n <= 0:
            break
        if room > 0:
            k = min(room, n)
            u.ff += k
            n -= k
            out.append((u.id, k))
    return out


def room(units: Iterable[SUnit]) -> int:
    """Fighter factors the force's carriers can still take."""
    return sum(max(0, u.capacity - u.ff) for u in alive(units))
