"""The placement steps: every unit placed by a question to its Team, in the fixed order
Defender -> Attacker -> independent Orions -> Incidental units -> Monsters and Alien Ships
(V13.430-V13.475), with what each placement fixes (the anchor, the Directions of Retreat and
Disengagement), the defended planet (A-19), the Incidental Units' own retreat direction
(V13.464) and their reveal (V13.03). Which hexes, facings and speeds are legal is
:class:`rules.systems.v13.placement.Placement`'s to say; this module asks and records.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Hex, Label
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question, yes_no
from rules.battlehex.roster import BUnit, Role
from rules.systems.v13.placement import MAX_SPEED
from rules.battlehex.state import Ctx, Step
from rules.battlehex.words import possessive

if TYPE_CHECKING:
    from rules.systems.v13.placement import Placement
    from rules.systems.v13.zones import Constraint

Ask = Generator[Question, Any, None]
_PARTS = ("unit", "at", "facing", "speed", "docked")
"""The parts of a placement answer (docs/battle_answers.md)."""
R_FACING = "V13.443"
"""The first attacking unit's facing, corrected when it would turn the Direction of
Disengagement onto the Direction of Retreat (logged under this rule: the view asks
:func:`rules.systems.v13.queries.corrected_facing`)."""
ORDER = (Step.PLACE_DEFENDER, Step.PLACE_ATTACKER, Step.PLACE_ORION, Step.PLACE_INCIDENTAL, Step.PLACE_MONSTER)


def placement(ctx: Ctx, rules: Placement) -> Ask:
    st = ctx.state
    _set_planet_anchor(ctx, rules)
    for step in ORDER:
        st.step = step
        if step is Step.PLACE_INCIDENTAL:
            yield from _incidental_dor(ctx, rules)
        todo = rules.to_place(step)
        if not todo:
            continue
        ctx.info(step.value.split()[0], f"{step.value.split(maxsplit=1)[1]}: " + ", ".join(u.name for u in todo),
                 visible_to=(todo[0].team, GM) if step is Step.PLACE_INCIDENTAL and not st.incidentals_revealed
                 else None)
        while todo:
            yield from _place_one(ctx, rules, step, todo)
            todo = rules.to_place(step)
        if step is Step.PLACE_DEFENDER and st.dor is None and st.kind != "approach":
            ctx.info("V13.436", "no mobile defending unit was placed: there is no Direction of Retreat")
        if step is Step.PLACE_ATTACKER:
            _reveal(ctx)
    if not st.incidentals_revealed:
        _reveal(ctx)


def _place_one(ctx: Ctx, rules: Placement, step: Step, todo: list[BUnit]) -> Ask:
    st = ctx.state
    remaining = [u.id for u in todo]
    team = todo[0].team
    to = GM if todo[0].role is Role.MONSTER else team

    ruled: dict[str, tuple[Hex, tuple[Constraint, ...]]] = {}

    def check(ans: Any) -> dict[str, Any]:
        u, h, facing, speed, docked = read(rules, ans, remaining)
        by_engine = u.id in ruled and h == ruled[u.id][0] and not docked
        v = rules.check(u.id, h, facing, speed, ruled=by_engine)
        if not v.ok:
            raise IllegalAnswer(v.rule, v.reason + (f"; no hex is legal: Return places {u.name} at "
                                                    f"{ctx.where(ruled[u.id][0])} (the engine's ruling), a GM "
                                                    "ruling another hex" if u.id in ruled else ""))
        return {"unit": u.id, "hex": h, "facing": v.facing, "speed": speed, "docked": docked, "note": v.note,
                "ruled": by_engine}

    def parse(ans: Any) -> dict[str, Any]:
        u, h, facing, speed, docked = read(rules, ans, remaining)
        return {"unit": u.id, "hex": h, "facing": facing or Facing.A, "speed": speed, "docked": docked, "note": "",
                "ruled": False}
    data: dict[str, Any] = {"step": step.value}
    text = f"{ctx.name(team)}: place a unit ({len(remaining)} to go)"
    way, example = rules.legal_exists(remaining)
    default: dict[str, Any] | None = None
    if example is not None:  # one legal answer, so the question is never a dead end
        data["example"] = {"unit": example[0], "at": ctx.label(example[1])}
    if not way.ok:  # the rules leave no way on (a GM ruling placed a unit far off, or the units spread too wide)
        data.update(gm_question=True, rule=way.rule, why=way.reason)
        to = GM
        ruled.update((uid, rules.ruled_hex(uid)) for uid in remaining  # (not a unit placed after its anchor, A-19)
                     if not any(c.kind == "never" for c in rules.constraints(st.units[uid])))
        data["ruled"] = {uid: ctx.label(h) for uid, (h, _broken) in ruled.items()}
        first = next(iter(ruled), None)
        default = None if first is None else _ruled_answer(rules, first, ctx.label(ruled[first][0]))
        text = (f"GM: the rules leave no legal hex here. {way.rule}: {way.reason}. "
                + (f"OK (Return) places {st.units[first].name} at {ctx.where(ruled[first][0])}, the hex meeting the "
                   "most of its rules, as the engine's ruling (logged); or place " if first is not None else "Place ")
                + f"one of {possessive(ctx.name(team))} units by a GM ruling, or undo")
    got = yield Question(f"place/{step.name.lower()}/{len(st.placed_order) + 1}", QKind.PLACE, to,
                         step.value.split()[0], text, tuple(remaining), data=data, check=check, parse=parse,
                         default=default)
    if got["ruled"]:
        u = st.units[got["unit"]]
        broken = "; ".join(f"{c.rule}: {c.what}" for c in ruled[u.id][1]) or "none of its own"
        ctx.log.add("ruling", way.rule, f"{way.reason}: the engine rules {u.name} placed at {ctx.where(got['hex'])}, "
                                        f"the hex nearest the map sheet's centre of those meeting the most of its "
                                        f"rules (broken: {broken})", {"unit": u.id, "at": ctx.label(got["hex"])},
                    (u.team, GM) if u.incidental and not st.incidentals_revealed else None)
    _apply(ctx, rules, got)


def _ruled_answer(rules: Placement, uid: str, at: str) -> dict[str, Any]:
    """The placement answer Return gives for the engine's ruling: ``uid`` at ``at``, facing A where the unit chooses
    one (the first attacking unit's corrected by V13.443 as any facing is), the lowest speed its rule allows."""
    u = rules.st.units[uid]
    out: dict[str, Any] = {"unit": uid, "at": at}
    if not (u.role is Role.ATTACKER and any(p.role is Role.ATTACKER for p in rules.st.placed())):  # V13.446
        out["facing"] = "A"
    low, high, _rule = rules.speed_rule(u)
    if low != high:
        out["speed"] = low
    return out


def read(rules: Placement, ans: Any, remaining: list[str]) -> tuple[BUnit, Hex, Facing | None, int | None, bool]:
    """The form of a placement answer: ``{"unit", "at", "facing", "speed", "docked"}`` (whether
    its hex, facing and speed are legal is ``rules.check``'s to say)."""
    rule = rules.st.step.value.split()[0]
    if not isinstance(ans, dict) or "unit" not in ans:
        raise IllegalAnswer(rule, "answer a unit to place, its hex, facing and speed (docs/battle_answers.md)")
    extra = sorted(str(k) for k in ans if k not in _PARTS)
    if extra:
        raise IllegalAnswer(rule, f"a placement has no part {', '.join(map(repr, extra))} (its parts: "
                                  f"{', '.join(_PARTS)}; docs/battle_answers.md)")
    at_base = ans.get("docked") is True  # its hex is its base's (V13.431): "at" may be null
    for key, typ, what in (("at", str, "a hex label string such as \"2115\" or \"(col,row)\""),
                           ("facing", str, "a facing letter A-F"), ("docked", bool, "true or false"),
                           ("speed", int, "a whole number 0-31")):
        if key not in ans or (key == "at" and at_base and ans[key] is None):
            continue
        if not isinstance(ans[key], typ):
            raise IllegalAnswer(rule, f"'{key}' is {what}, not {shown(ans[key])}"
                                + (" (leave the part out instead)" if ans[key] is None else ""))
    uid = ans["unit"]
    if uid not in remaining:
        known = rules.st.units.get(uid) if isinstance(uid, str) else None
        left = ", ".join(rules.st.units[r].name for r in remaining)
        raise IllegalAnswer(rule, f"{known.name if known else 'that unit'} is not a unit to place now; "
                                  f"still to place: {left}")
    u = rules.st.units[uid]
    docked = bool(ans.get("docked", False))
    if docked:
        anchor = rules.anchor_unit()
        if anchor is None or anchor.pos is None or anchor is u or u.role is not Role.DEFENDER:
            raise IllegalAnswer("V13.431", f"{u.name} has no placed base, carrier or tender to dock at")
        h = anchor.pos
    else:
        try:
            h = rules.ctx.window.hex_at(Label.parse(str(ans.get("at"))))
        except ValueError as e:
            raise IllegalAnswer(rule, str(e)) from None
    facing = None
    if ans.get("facing") is not None:
        try:
            facing = Facing.parse(ans["facing"])
        except ValueError as e:
            raise IllegalAnswer(rule, str(e)) from None
    speed = ans.get("speed")
    if speed is not None and (isinstance(speed, bool) or not isinstance(speed, int) or not 0 <= speed <= MAX_SPEED):
        raise IllegalAnswer(rule, f"{u.name}: the speed is a whole number from 0 to {MAX_SPEED} (V13.435), not "
                                  f"{shown(speed)}")
    return u, h, facing, speed, docked


def _apply(ctx: Ctx, rules: Placement, got: dict[str, Any]) -> None:
    st = ctx.state
    u = st.units[got["unit"]]
    low, high, rule = rules.speed_rule(u)
    speed = got["speed"] if got["speed"] is not None and low != high else (high if low == high else 0)
    u.pos, u.facing, u.speed, u.docked = got["hex"], got["facing"], speed, got["docked"]
    u.initial_facing = u.facing
    st.placed_order.append(u.id)
    if got["note"]:
        ctx.info(R_FACING, got["note"], unit=u.id)
    if u.docked:
        anchor = rules.anchor_unit()
        assert anchor is not None, "a unit docks only at the anchor unit"
        where = "docked at " + anchor.name
    else:
        where = ctx.where(u.at)
    sep = ", " if "," in where else " "
    ctx.info(st.step.value.split()[0], f"{u.name} placed at {where}{sep}facing {u.facing.name}, speed {speed} ({rule})",
             unit=u.id, at=ctx.label(u.pos), facing=u.facing.name, speed=speed,
             visible_to=(u.team, GM) if u.incidental and not st.incidentals_revealed else None)
    anchor = rules.anchor_unit()
    if anchor is u and st.anchor is None:
        st.anchor, st.anchor_name = u.pos, u.name
    if u.role is Role.DEFENDER and st.dor is None and not u.is_base and st.step is Step.PLACE_DEFENDER:
        st.dor = u.facing.opposite
        ctx.info("V13.432", f"{u.name} faces {u.facing.name}: the Direction of Retreat is {st.dor.name}")
    if u.role is Role.ATTACKER and st.dod is None:
        st.dod = u.facing.opposite
        ctx.info("V13.442", f"{u.name} faces {u.facing.name}: the Direction of Disengagement is {st.dod.name}; "
                            f"every attacking unit starts facing {u.facing.name} (V13.446)")


def _set_planet_anchor(ctx: Ctx, rules: Placement) -> None:
    """A-19: a defended planet (a Star System the Defender claims, no base) stands at the
    first window's centre."""
    st = ctx.state
    if st.kind == "approach" or rules.anchor_unit() is not None:
        return
    sec = ctx.strategic.sectors.get(st.record.at)
    owner = ctx.strategic.team_of(sec.owner) if sec is not None else None
    if sec is not None and sec.star_system and owner is not None and owner.id == st.defender:
        st.anchor, st.anchor_name = ctx.window.centre, f"the planet of {sec.star_system.name}"
        st.anchor_is_planet = True
        ctx.info("A-19", f"the planet of {sec.star_system.name} stands at {ctx.where(st.anchor)}; defending units "
                         "are placed within 10 hexes of it (V13.431)")


def _reveal(ctx: Ctx) -> None:
    st = ctx.state
    if st.incidentals_revealed:
        return
    st.incidentals_revealed = True
    inc = [u for u in st.units.values() if u.incidental and u.present]
    if inc:
        ctx.info("V13.03 / A-61", "the Attacking Team's placement is complete: the Incidental Units are revealed: "
                 + ", ".join(u.name for u in inc))


def _incidental_dor(ctx: Ctx, rules: Placement) -> Ask:
    """V13.464: the owner may give Incidental Units the direction of the nearest friendly Base
    or Star System instead of the Defending Team's Direction of Retreat."""
    st = ctx.state
    todo = rules.to_place(Step.PLACE_INCIDENTAL)
    if not todo:
        return
    team = todo[0].team
    alt = nearest_friendly_direction(ctx, team)
    st.incidental_dor = st.dor
    if alt is None or alt == st.dor:
        return
    use = yield yes_no("V13.464/dor", team, "V13.464",
                       f"{ctx.name(team)}: Incidental Units retreat by the Direction of Retreat "
                       f"({st.dor.name if st.dor else 'none'}); use instead the direction of the nearest friendly "
                       f"Base or Star System ({alt.name})?")
    if use:
        st.incidental_dor = alt
        ctx.info("V13.464", f"Incidental Units will use direction {alt.name} to retreat (V13.467: then they cannot "
                            "join a Rear Guard)")


def nearest_friendly_direction(ctx: Ctx, team: str) -> Facing | None:
    """INTERPRETATIONS 10: the facing of the first lane towards the nearest other sector with a
    friendly Base or a friendly Star System."""
    s = ctx.strategic
    at = ctx.state.record.at
    powers = set(ctx.state.teams[team].powers)
    targets = {sec.at for sec in s.sectors.values() if sec.at != at and sec.owner in powers
               and (sec.star_system is not None or any(u.kind.is_base for u in sec.garrison))}
    if not targets:
        return None
    parent = s.graph.within([at], len(s.graph))
    best: list[Label] | None = None
    for t in targets:
        if t in parent:
            path = [t]
            step = parent[t]
            while step is not None:
                path.append(step)
                step = parent[step]
            if best is None or len(path) < len(best):
                best = path
    return s.graph.direction(at, best[-2]) if best and len(best) > 1 else None
