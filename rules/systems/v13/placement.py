"""The placement rules (V13.430-V13.475, V13.811): which step places a unit, the units placed
around (the anchor), and the constraints on one unit's hex, facing and speed.

:class:`Placement` answers, for the unit to be placed next, the set of legal hexes
(:meth:`Placement.zone`) and, for one hex, whether it is legal and why not
(:meth:`Placement.check`); both read the same :class:`~rules.systems.v13.zones.Constraint` list.
The questions that place the units in order, and the form of their answers, are
:mod:`rules.systems.v13.placement_steps`.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from hexmap import Facing, Hex
from rules.systems.v13 import lookahead
from rules.systems.v13.lookahead import Verdict
from rules.battlehex.roster import BASES_FOR_APPROACH, BUnit, Role
from rules.battlehex.state import Ctx, Step
from rules.systems.v13.ws_table import ws_name
from rules.systems.v13.zones import Constraint, Universe, hex_dist_min
from rules.model.units import UnitKind

__all__ = ["MAX_SPEED", "T3", "Placement", "Verdict", "corrected_facing", "legal_attacker_facings"]

T3 = {0: 4, 1: 9, 2: 20, 3: 31}
"""Table V13.435: the Defending Team's speed limit by Weapon Status."""
MAX_SPEED = 31
_PLACING = frozenset({Step.PLACE_DEFENDER, Step.PLACE_ATTACKER, Step.PLACE_ORION, Step.PLACE_INCIDENTAL,
                      Step.PLACE_MONSTER})


def legal_attacker_facings(dor: Facing) -> tuple[Facing, ...]:
    """V13.443 / A-17: the DoD = opposite(facing) may be neither the DoR nor adjacent to it,
    so the first attacking unit must face the DoR or one of its neighbours."""
    return (dor.rotate(-1), dor, dor.rotate(1))


def corrected_facing(facing: Facing, dor: Facing) -> Facing:
    """The legal facing nearest ``facing`` (ties: clockwise first)."""
    legal = legal_attacker_facings(dor)
    return min(legal, key=lambda f: (min((f.value - facing.value) % 6, (facing.value - f.value) % 6),
                                     (f.value - facing.value) % 6))


class Placement:
    """The placement rules over the current battle state."""

    def __init__(self, ctx: Ctx, universe: Universe | None = None) -> None:
        self.ctx = ctx
        self.st = ctx.state
        self.universe = universe or Universe(ctx.window)
        self.witness: dict[str, Hex] = {}
        self._cache: dict[tuple[object, ...], Any] = {}
        """Per unit still to place, a hex that met its rules when last looked at (a shortcut)."""

    # -- who is placed when ------------------------------------------------------------------
    def step_of(self, u: BUnit) -> Step | None:
        st = self.st
        if not u.present:
            return None
        if u.role is Role.DEFENDER:
            if st.kind == "approach":
                return Step.PLACE_DEFENDER if u.approach else None
            if u.aboard:
                return None
            return Step.PLACE_INCIDENTAL if u.incidental else Step.PLACE_DEFENDER
        if u.aboard:
            return None
        return {Role.ATTACKER: Step.PLACE_ATTACKER, Role.ORION: Step.PLACE_ORION,
                Role.MONSTER: Step.PLACE_MONSTER}[u.role]

    def to_place(self, step: Step) -> list[BUnit]:
        return [u for u in self.st.units.values() if self.step_of(u) is step and u.pos is None]

    def _cached(self, name: str, make: Any) -> Any:
        """``make()``, kept while a placement step lasts (no unit comes or goes then)."""
        st = self.st
        if st.step not in _PLACING:
            return make()
        key = (name, st.step, st.anchor_is_planet)
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def anchor_unit(self) -> BUnit | None:
        """The defence everything is placed around (V13.431, A-19): a base, else a carrier or
        tender; ``None`` in open space, in an Approach Battle, or around a planet."""
        found: BUnit | None = self._cached("anchor", self._anchor_unit)
        return found

    def _anchor_unit(self) -> BUnit | None:
        if self.st.kind == "approach":
            return None
        defenders = [u for u in self.st.role_units(Role.DEFENDER) if self.step_of(u) is Step.PLACE_DEFENDER]
        base = next((u for u in defenders if u.unit.kind in BASES_FOR_APPROACH), None)
        if base is not None:
            return base
        if self.st.anchor_is_planet:
            return None
        return next((u for u in defenders if u.unit.is_carrier or u.unit.is_pf_tender), None)

    # -- the rules for one unit ----------------------------------------------------------------
    def constraints(self, u: BUnit) -> list[Constraint]:
        placed = self.st.placed()
        rules = self._constraints(u, placed)
        if placed:
            rules.append(Constraint("spread", "V13.811", "the floating map",  # INTERPRETATIONS 4
                                    tuple(p.at for p in placed)))
        return rules

    def _constraints(self, u: BUnit, placed: list[BUnit]) -> list[Constraint]:
        st = self.st
        step = self.step_of(u)
        if step is Step.PLACE_DEFENDER:
            return self._defender(u, [p for p in placed if p.role is Role.DEFENDER])
        if step is Step.PLACE_ATTACKER:
            out = [Constraint("at_least", "V13.441", "distance to the nearest defending unit",
                              tuple(p.at for p in placed if p.role is Role.DEFENDER), st.min_range)]
            first = next((p for p in placed if p.role is Role.ATTACKER), None)
            if first is not None:
                out.append(Constraint("within", "V13.445", f"distance to the initial attacking unit ({first.name})",
                                      (first.at,), 8))
            return out
        if step is Step.PLACE_ORION:
            first = next((p for p in placed if p.role is Role.ORION), None)
            if first is None:
                return [Constraint("at_least", "V13.452", "distance to the nearest other unit",
                                   tuple(p.at for p in placed), 60)]
            return [Constraint("within", "V13.454", f"distance to the first independent Orion ({first.name})",
                               (first.at,), 5)]
        if step is Step.PLACE_INCIDENTAL:
            return self._incidental(u, placed)
        if step is Step.PLACE_MONSTER:
            return [Constraint("exactly", "V13.472 / A-21", "distance to the nearest other unit",
                               tuple(p.at for p in placed), 40)]
        return []

    def _defender(self, u: BUnit, placed: list[BUnit]) -> list[Constraint]:
        st = self.st
        anchor = self.anchor_unit()
        if anchor is not None and anchor.pos is None:
            if u is not anchor:
                return [Constraint("never", "A-19", f"place {anchor.name} first: the defence is placed around it")]
            if anchor.is_base:
                return [Constraint("edge", "A-19", "the base stands on the first map", n=10**6)]
            return [Constraint("edge", "V13.432 / A-19", "a carrier or tender is placed near one map edge",
                               n=self.ctx.campaign.settings.defender_edge_distance)]
        if st.anchor is not None:
            what = anchor.name if anchor is not None else st.anchor_name
            return [Constraint("within", "V13.431", f"distance to {what}", (st.anchor,), 10)]
        if not placed:
            # INTERPRETATIONS 7 (our design notes' numbering, no rule a player can look up: not shown, issue 22)
            return [Constraint("edge", "V13.432", "the first defending unit goes near one map "
                               "edge", n=self.ctx.campaign.settings.defender_edge_distance)]
        return [Constraint("any", "V13.433", "", parts=(
            Constraint("within", "V13.433", f"distance to the previous unit ({placed[-1].name})",
                       (placed[-1].at,), 2),
            Constraint("within", "V13.433", f"distance to the first unit ({placed[0].name})", (placed[0].at,), 5)))]

    def convoy_of(self, u: BUnit) -> list[BUnit]:
        """The placed units of the Supply Convoy ``u`` (an Incidental Unit of a convoy fleet,
        V13.439 / V16.70) belongs to: the other, non-incidental units of its fleet, when that
        fleet has a convoy ship; ``[]`` otherwise."""
        if u.fleet is None:
            return []
        mates = [x for x in self.st.units.values() if x.fleet == u.fleet and x is not u and not x.incidental]
        if not any(x.unit.kind is UnitKind.CONVOY_SHIP for x in mates):
            return []
        return [x for x in mates if x.pos is not None and x.present]

    def _incidental(self, u: BUnit, placed: list[BUnit]) -> list[Constraint]:
        st = self.st
        out = []
        convoy = self.convoy_of(u)
        if convoy:
            out.append(Constraint("within", "V13.462", "distance to the convoy", tuple(c.at for c in convoy), 10))
        elif st.anchor is not None:
            out.append(Constraint("within", "V13.462", f"distance to {st.anchor_name}",
                                  (st.anchor,), 10))
        enemies = tuple(p.at for p in placed if p.team != u.team)
        if enemies:
            out.append(Constraint("at_least", "V13.463", "distance to the nearest non-friendly unit", enemies,
                                  st.min_range))
            players = [p for p in placed if p.team == u.team and p.player_unit]
            if players:
                front = min(hex_dist_min(list(enemies), p.at) for p in players)
                out.append(Constraint("at_least", "V13.462 / A-22", "distance to the nearest non-friendly unit (no "
                                      "closer than the front-most friendly player unit)", enemies, front))
        return out

    def speed_rule(self, u: BUnit) -> tuple[int, int, str]:
        """(lowest, highest, rule) for the unit's speed in the turn before Turn 1; a fixed speed
        has lowest == highest."""
        st = self.st
        if st.record.kind == "rear_guard":
            return 0, MAX_SPEED, "V13.732"
        if u.leased_orion or u.role is Role.ORION:
            return 0, MAX_SPEED, "V13.455"
        if u.role is Role.ATTACKER:
            return MAX_SPEED, MAX_SPEED, "V13.448"
        if u.role is Role.MONSTER:
            return MAX_SPEED, MAX_SPEED, "V13.473"
        if u.incidental and st.kind != "approach":
            convoy = self.convoy_of(u)
            if convoy:  # V13.465: the same speed as the other convoy units (the slowest, if they differ)
                s = min(c.speed or 0 for c in convoy)
                return s, s, "V13.465"
            base = self.anchor_unit()
            by_base = base is not None and (base.is_base or base.unit.kind in BASES_FOR_APPROACH)
            return (0, 4, "V13.465") if by_base else (0, 12, "V13.465")
        return 0, T3[st.ws.get(u.team, 3)], "V13.435"

    # -- looking ahead (issue 11): no placement may leave a later unit without a hex -----------
    def later(self, u: BUnit) -> list[BUnit]:
        """The units still to place after ``u`` (in this step and the steps after it)."""
        return lookahead.later(self, u)

    def ahead(self, u: BUnit, h: Hex) -> Verdict | None:
        """A refusal if placing ``u`` on ``h`` would leave a later unit no legal hex."""
        return lookahead.ahead(self, u, h)

    def legal_exists(self, uids: list[str]) -> tuple[Verdict, tuple[str, Hex] | None]:
        """Whether some unit of ``uids`` has a legal hex that leaves every later unit one, and which."""
        return lookahead.legal_exists(self, uids)

    def empties(self, cons: list[Constraint], uid: str = "") -> Constraint | None:
        """The constraint that leaves no hex, or ``None`` (keeping a witness hex for ``uid``)."""
        return lookahead.empties(self, cons, uid)

    # -- answers -------------------------------------------------------------------------------
    def zone_arrays(self, uid: str) -> tuple[np.ndarray, np.ndarray]:
        """The legal hexes for unit ``uid`` now (facing and speed aside) as axial q, r arrays.

        Cheap constraints run first on the whole universe; distance constraints only on what
        is left.
        """
        uni = self.universe
        cons = sorted(self.constraints(self.st.units[uid]), key=lambda c: c.kind not in ("spread", "edge", "never"))
        q, r = uni.q, uni.r
        for c in cons:
            keep = c.mask(q, r, uni)
            q, r = q[keep], r[keep]
        return q, r

    def zone(self, uid: str) -> list[Hex]:
        """Every legal hex for unit ``uid`` now (facing and speed aside)."""
        q, r = self.zone_arrays(uid)
        return [Hex(int(a), int(b)) for a, b in zip(q, r)]

    def ruled_hex(self, uid: str) -> tuple[Hex, tuple[Constraint, ...]]:
        """Where the engine rules ``uid`` placed when the rules leave no way on (issue 22: a GM pressing Return had
        no answer): its rules taken in turn, each kept unless it would leave no hex (the floating map's spread
        last), the hex nearest the map sheet's centre of those left; with the rules that hex breaks."""
        uni = self.universe
        q, r = uni.q, uni.r
        broken = []
        for c in sorted(self.constraints(self.st.units[uid]), key=lambda c: c.kind == "spread"):
            keep = c.mask(q, r, uni)
            if keep.any():
                q, r = q[keep], r[keep]
            else:
                broken.append(c)
        centre = uni.window.centre
        d = np.maximum(np.maximum(np.abs(q - centre.q), np.abs(r - centre.r)), np.abs(q + r - centre.q - centre.r))
        i = int(np.lexsort((r, q, d))[0])
        return Hex(int(q[i]), int(r[i])), tuple(broken)

    def check(self, uid: str, h: Hex, facing: Facing | None = None, speed: int | None = None,
              ruled: bool = False) -> Verdict:
        """Whether ``uid`` may be placed on ``h`` with ``facing`` and ``speed``, and why not; ``ruled``: on the
        engine's ruled hex (:meth:`ruled_hex`), whose hex rules and look-ahead are not checked again."""
        st = self.st
        u = st.units.get(uid)
        if u is None:
            return Verdict(False, "V13.13", "that unit is not in this battle")
        step = self.step_of(u)
        if step is not st.step:
            return Verdict(False, "V13.15", f"{u.name} is placed in step {step.value if step else 'none'}, "
                                            f"not now ({st.step.value})")
        if u.pos is not None:
            return Verdict(False, st.step.value.split()[0], f"{u.name} is already placed")
        if h not in self.universe:
            return Verdict(False, "V13.812", f"{self.ctx.where(h)} is further than one map "  # INTERPRETATIONS 4
                                                "size from the first map")
        for c in () if ruled else self.constraints(u):
            if not c.ok(h, self.universe):
                return Verdict(False, c.rule, f"{u.name}: {c.why(h, self.universe)}")
        face, note = self._facing(u, facing)
        if isinstance(face, Verdict):
            return face
        ahead = None if ruled else self.ahead(u, h)
        if ahead is not None:
            return ahead
        low, high, rule = self.speed_rule(u)
        if speed is not None and low == high and speed != low:
            return Verdict(False, rule, f"{u.name}: its speed is {low} ({rule}); leave the speed out or give {low}, "
                                        f"not {speed}")
        if speed is not None and low != high and not low <= speed <= high:
            return Verdict(False, rule, f"{u.name}: speed {speed} is not allowed; {low}-{high} "
                                        f"(Weapon Status {ws_name(st.ws.get(u.team, 3))})" if rule == "V13.435"
                           else f"{u.name}: speed {speed} is not allowed; {low}-{high}")
        return Verdict(True, facing=face, note=note)

    def _facing(self, u: BUnit, facing: Facing | None) -> tuple[Facing | Verdict, str]:
        st = self.st
        if u.role is Role.ATTACKER:
            first = next((p for p in st.placed() if p.role is Role.ATTACKER), None)
            if first is not None:
                if facing is not None and facing is not first.facing:
                    return Verdict(False, "V13.446", f"{u.name}: every attacking unit starts facing "
                                                     f"{first.faces.name}, as {first.name} does"), ""
                return first.faces, ""
            if facing is None:
                return Verdict(False, "V13.442", f"{u.name}: the first attacking unit needs a facing (it fixes the "
                                                 "Direction of Disengagement)"), ""
            if st.dor is not None and facing not in legal_attacker_facings(st.dor):
                good = corrected_facing(facing, st.dor)
                return good, (f"facing {facing.name} would make the Direction of Disengagement "
                              f"{facing.opposite.name}, which is the Direction of Retreat or next to it "
                              f"({st.dor.name}); corrected to facing {good.name} (Direction of Disengagement "
                              f"{good.opposite.name})")
            return facing, ""
        first_ship = u.role is Role.DEFENDER and st.dor is None and not u.is_base
        if first_ship and facing is None and self.step_of(u) is Step.PLACE_DEFENDER:
            return Verdict(False, "V13.432", f"{u.name}: the first defending ship needs a facing (it fixes the "
                                                 "Direction of Retreat)"), ""
        return facing or Facing.A, ""
