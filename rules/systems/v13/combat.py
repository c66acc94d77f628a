"""Tracking the tactical battle (V13.480-V13.484, V13.50-V13.632, V13.81x).

The battle itself is fought with the tactical rules (external, V13.482); BattleHex tracks
what the V13 rules need: positions and facings, the impulse clock (32 per turn, counted
across turns), the floating map, unit status, declared disengagements and retreats with
their opposition, and every exit from the legal region, classified as it happens.

Each action is an answer to the open ``combat`` question (docs/battle_answers.md):
``{"move": id, "to": "CCRR", "facing": "B"}``, ``{"clock": n}``, ``{"float": "D", "hexes": n}``,
``{"mark": id, "status": "crippled" | "destroyed" | "captured" | "active"}``,
``{"declare": id}`` (disengage or retreat), ``{"end": "reason"}`` (GM). ``"by"`` names who
acts (a team id or ``"gm"``, the default); monsters and alien ships move only for the GM
(V13.484).
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from hexmap import Facing, Hex, Label, MapWindow
from rules.systems.v13.evasion import evasion_odds_line
from rules.systems.v13.exits import Exit, ExitKind, ThroughEnemyCounter, classify_exit, sides_crossed, turn_of
from rules.systems.v13.floating import follow_vector
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.systems.v13.moves import blockers, check_form, check_owner, within_reach
from rules.battlehex.questions import QKind, Question, choose, unit_list, yes_no
from rules.battlehex.roster import BUnit, Role, Status
from rules.battlehex.state import BattleState, Ctx, Step
from rules.battlehex.words import possessive

Ask = Generator[Question, Any, None]
ANY = "any"
METHODS = ["acceleration", "separation", "sub-light evasion"]
MOST_IMPULSES = 32 * 40
"""The most impulses one clock answer advances."""
_KIND_TO_STATUS = {ExitKind.DISENGAGED: Status.DISENGAGED, ExitKind.RETREATED: Status.RETREATED,
                   ExitKind.DISORGANIZED: Status.DISORGANIZED, ExitKind.ORION: Status.LEFT,
                   ExitKind.MONSTER: Status.LEFT, ExitKind.ALIEN: Status.LEFT}


def current_window(ctx: Ctx) -> MapWindow:
    """The physical map now: centred on the original centre, then floated (V13.812)."""
    return ctx.current_window()


def role_name(u: BUnit) -> str:
    if u.role is Role.MONSTER:
        return "alien" if u.unit.kind.value == "alien_ship" else "monster"
    return str(u.role.value)


def sides(ctx: Ctx) -> tuple[list[BUnit], list[BUnit]]:
    """The two sides whose survival ends the battle (V13.483): the attackers, and the
    defenders (or the monsters when they are all the attacker faces)."""
    st = ctx.state
    fighting = [u for u in st.units.values() if u.pos is not None]
    att = [u for u in fighting if u.role is Role.ATTACKER]
    dfd = [u for u in fighting if u.role is Role.DEFENDER] or [u for u in fighting if u.role is Role.MONSTER]
    return att, dfd


def battle_over(ctx: Ctx) -> str | None:
    """V13.483 / A-59: the battle stops when one side has no active unit left."""
    att, dfd = sides(ctx)
    if att and not any(u.present for u in att):
        return "every Attacking unit is destroyed, captured or gone (V13.483)"
    if dfd and not any(u.present for u in dfd):
        return "every Defending unit is destroyed, captured or gone (V13.483)"
    return None


def combat(ctx: Ctx) -> Ask:
    """V13.480: tactical combat from Turn 1, impulse 1, until the battle is over."""
    st = ctx.state
    st.step, st.impulse = Step.COMBAT, 1
    yield from combat_from(ctx, 0)


def combat_from(ctx: Ctx, n: int) -> Ask:
    """The combat loop after ``n`` action questions; a replay resumes here from a checkpoint
    (its only state is ``n`` and the battle state)."""
    st = ctx.state

    def check(a: Any) -> dict[str, Any]:
        return _check(ctx, a)
    present_changed = True
    while True:
        why = battle_over(ctx) if present_changed else None  # V13.483 reads only who is present
        if why is None and st.record.kind == "rear_guard" and st.impulse > 320:
            why = "ten tactical turns of the rear-guard battle are complete (V13.733, A-35)"
        if why:
            st.ended, st.end_reason = True, why
            ctx.info("V13.483", f"the battle is over: {why}")
            return
        n += 1
        t, i = st.clock
        act = yield Question(f"combat/{n}", QKind.ACTION, ANY, "V13.480", ask_text(t, i),
                             data={"turn": t, "impulse": i}, check=check)
        if act.get("end"):
            st.ended, st.end_reason = True, f"ended by the GM: {act['end']} (A-59)"
            ctx.info("V13.483 / A-59", f"the battle is over: {st.end_reason}")
            return
        present_changed = yield from _apply(ctx, act)


def ask_text(t: int, i: int) -> str:
    """The ``combat`` question of turn ``t``, impulse ``i`` (V13.480)."""
    return (f"Turn {t}, impulse {i}: move a unit, advance the clock, float the map, mark a unit, declare a "
            "disengagement or retreat, or end the battle (GM)")


def _unit(ctx: Ctx, uid: Any, rule: str) -> BUnit:
    u = ctx.state.units.get(uid) if isinstance(uid, str) else None
    if u is None or u.pos is None:
        raise IllegalAnswer(rule, f"{u.name} is not on the map" if u is not None else "that unit is not in this battle")
    return u


def _check(ctx: Ctx, a: Any) -> dict[str, Any]:
    st = ctx.state
    if not isinstance(a, dict):
        raise IllegalAnswer("V13.480", "answer an action: a move, the clock, a float, a mark, a declaration or the "
                                       "end of the battle (docs/battle_answers.md)")
    by = check_form(ctx, a)
    if "move" in a:
        u = _unit(ctx, a["move"], "V13.482")
        if not u.present:
            raise IllegalAnswer("V13.503 / V13.603 / V13.813", f"{u.name} has left the battle and cannot come back")
        if u.role is Role.MONSTER and by != GM:
            raise IllegalAnswer("V13.484", f"{u.name}: the GameMaster controls monsters and alien ships")
        check_owner(u, by, "V13.480", f"{u.name} is moved")
        to, fa = a.get("to"), a.get("facing")
        if not isinstance(to, str) or (fa is not None and not isinstance(fa, str)):
            raise IllegalAnswer("V13.482", "a move names its hex as a label string (\"2115\" or \"(col,row)\") and "
                                           f"its facing as a letter A-F, not {shown(to)} / {shown(fa)}")
        try:
            h = ctx.window.hex_at(Label.parse(to))
            facing = Facing.parse(fa) if fa else u.faces
        except ValueError as e:
            raise IllegalAnswer("V13.482", str(e)) from None
        within_reach(ctx, u, h)
        out = classify_exit(role_name(u), facing,
                            sides_crossed(st.confirmed_centre, h, ctx.window.cols, ctx.window.rows),
                            dod=st.dod, dor=st.dor, sublight=u.sublight,
                            alien_initial=u.initial_facing if u.role is Role.MONSTER else None,
                            alternate_dor=st.incidental_dor if u.incidental else None)
        if out.kind is ExitKind.BLOCKED:
            raise IllegalAnswer(out.rule, f"{u.name}: {out.reason}")
        if out.left:
            _rear_guard_lock(ctx, u)
        if out.kind is ExitKind.RETREATED and u.role is Role.DEFENDER and u.under_fire:
            counter = u.counter if isinstance(u.counter, ThroughEnemyCounter) else None
            count = counter.count if counter is not None else 0
            if (counter is not None or blockers(ctx, u)) and count < 32:
                raise IllegalAnswer("V13.632", f"{u.name} must keep 10 hexes from every Attacking unit for 32 "
                                               f"consecutive impulses before its retreat completes ({count}/32)")
        return {"kind": "move", "unit": u.id, "hex": h, "facing": facing, "exit": out}
    if "clock" in a:
        n = a["clock"]
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MOST_IMPULSES:
            raise IllegalAnswer("V13.480", "the clock advances by a whole number of impulses (1 or more)")
        return {"kind": "clock", "n": n}
    if "float" in a:
        try:
            f = Facing.parse(a["float"]) if isinstance(a["float"], str) else Facing.parse("")
        except ValueError as e:
            raise IllegalAnswer("V13.812", str(e)) from None
        k = a.get("hexes", 1)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 2 * (ctx.window.cols + ctx.window.rows):
            raise IllegalAnswer("V13.812", f"a float moves the map a whole number of hexes, 1 to "
                                           f"{2 * (ctx.window.cols + ctx.window.rows)}, not {shown(k)}")
        new = current_window(ctx).floated(f, k if isinstance(k, int) else 0)
        if not isinstance(k, int) or k < 1 or not new.contains(st.confirmed_centre):
            raise IllegalAnswer("V13.812", f"floating {k} hexes {f.name} would take the original centre hex off the "
                                           "map")
        return {"kind": "float", "vector": f.vector * k}
    if "mark" in a:
        u = _unit(ctx, a["mark"], "V13.482")
        status = a.get("status")
        if status not in ("crippled", "destroyed", "captured", "active"):
            raise IllegalAnswer("V13.482", "status is crippled, destroyed, captured or active")
        if not u.present and u.status not in (Status.DESTROYED, Status.CAPTURED):
            raise IllegalAnswer("V13.503 / V13.603", f"{u.name} has left the battle ({u.status.value}) and may not "
                                                     "rejoin it: no mark changes it")
        return {"kind": "mark", "unit": u.id, "status": status}
    if "declare" in a:
        u = _unit(ctx, a["declare"], "V13.50")
        if u.role not in (Role.ATTACKER, Role.DEFENDER):
            raise IllegalAnswer("V13.501 / V13.601", f"{u.name}: only Attacking units disengage and Defending units "
                                                     "retreat")
        check_owner(u, by, "V13.480 / V13.501" if u.role is Role.ATTACKER else "V13.480 / V13.601",
                    f"{possessive(u.name)} {'disengagement' if u.role is Role.ATTACKER else 'retreat'} is declared")
        if not u.present or u.under_fire:
            raise IllegalAnswer("V13.50", f"{u.name} has already left or declared")
        _rear_guard_lock(ctx, u)
        return {"kind": "declare", "unit": u.id}
    if "end" in a:
        if by != GM or not isinstance(a["end"], str) or not a["end"].strip():
            raise IllegalAnswer("A-59", "only the GM ends a battle early, with a reason")
        return {"kind": "end", "end": str(a["end"]).strip()}
    raise IllegalAnswer("V13.480", "not an action this program knows: move, clock, float, mark, declare or end")


def _rear_guard_lock(ctx: Ctx, u: BUnit) -> None:
    """V13.733 (a)/(b): for ten turns neither side of a rear-guard battle may leave, unless the
    other side is all crippled or destroyed."""
    st = ctx.state
    if st.record.kind != "rear_guard" or st.impulse > 320:
        return
    others = [x for x in st.units.values() if x.team != u.team and x.pos is not None]
    if others and all(x.is_crippled or x.status in (Status.DESTROYED, Status.CAPTURED) for x in others):
        return
    which = "(a) no Pursuit Force unit may disengage" if u.role is Role.ATTACKER else \
        "(b) no Rear Guard unit may retreat"
    t = st.turn
    raise IllegalAnswer("V13.733", f"{u.name}: {which} before ten turns are complete (now turn {t}) unless every "
                                   "unit of the other side is crippled or destroyed")


def _apply(ctx: Ctx, act: dict[str, Any]) -> Generator[Question, Any, bool]:
    """Carry out one checked action; returns whether a unit may have left or come back."""
    st = ctx.state
    kind = act["kind"]
    if kind == "move":
        u = st.units[act["unit"]]
        same_turn = turn_of(u.moved[0]) == st.turn
        u.moved = (st.impulse, (u.moved[1] if same_turn else 0) + u.at.distance(act["hex"]))
        u.pos, u.facing = act["hex"], act["facing"]
        out = act["exit"]  # the answer's own log line says where it went
        if out.left:
            _leave(ctx, u, out)
        else:
            follow(ctx, u)
    elif kind == "clock":
        changed = _clock(ctx, act["n"])
        t, i = st.clock
        ctx.info("V13.480", f"now turn {t}, impulse {i}")
        return changed
    elif kind == "float":
        st.float_offset = st.float_offset + act["vector"]
        w = current_window(ctx)
        ctx.info("V13.812", f"the original centre hex now reads {w.label(st.confirmed_centre)}")
        return False
    elif kind == "mark":
        u = st.units[act["unit"]]
        s = act["status"]
        if s == "crippled":
            u.crippled = True
        elif s == "active":
            u.crippled, u.status = False, Status.PRESENT
        else:
            u.status = Status.DESTROYED if s == "destroyed" else Status.CAPTURED
    elif kind == "declare":
        yield from _declare(ctx, st.units[act["unit"]])
    return True


def follow(ctx: Ctx, u: BUnit) -> None:
    """The map follows the action (V13.812): when a unit moves off the physical map, float it
    towards the unit, one hex at a time in the rule's words, as long as the original centre
    stays on it (:func:`~rules.systems.v13.floating.follow_vector` computes the whole float)."""
    st = ctx.state
    w = current_window(ctx)
    if w.contains(u.at):
        return
    moved = follow_vector(w, st.confirmed_centre, u.at)
    if moved != Hex(0, 0):
        st.float_offset = st.float_offset + moved
        n = moved.length()
        ctx.info("V13.812", f"the map floats {n} {'hex' if n == 1 else 'hexes'} to follow {u.name}; the original "
                            f"centre hex now reads {w.shifted(moved).label(st.confirmed_centre)}")


def _leave(ctx: Ctx, u: BUnit, out: Exit) -> None:
    st = ctx.state
    u.status = _KIND_TO_STATUS[out.kind]
    u.exit_impulse, u.exit_sides = st.impulse, out.sides
    if out.kind in (ExitKind.DISENGAGED, ExitKind.RETREATED):
        u.forced_direction = u.facing
    t, i = st.clock
    ctx.info(out.rule, f"{u.name} left the map in turn {t}, impulse {i}: {out.kind.value}: {out.reason}"
             + ("; enemies cannot oppose it but may pursue it (V13.814)" if out.kind is ExitKind.DISORGANIZED else "")
             + (f"; its next Strategic Movement Point must take it out of the hex in direction {u.faces.name} "
                f"({'V13.514' if out.kind is ExitKind.DISENGAGED else 'V13.614'})" if u.forced_direction else ""),
             unit=u.id, exit=out.kind.name)


def _declare(ctx: Ctx, u: BUnit) -> Ask:
    st = ctx.state
    attacker = u.role is Role.ATTACKER
    word, other = ("disengage", st.defender) if attacker else ("retreat", st.attacker)
    oppose = yield yes_no(f"{'V13.515' if attacker else 'V13.615'}/{u.id}/{st.impulse}", other,
                          "V13.515" if attacker else "V13.615", f"{ctx.name(other)}: oppose the {word} of {u.name}?")
    direction = st.dod if attacker else (st.incidental_dor if u.incidental and st.incidental_dor else st.dor)
    if not oppose:
        u.status = Status.DISENGAGED if attacker else Status.RETREATED
        u.exit_impulse, u.forced_direction = st.impulse, direction
        rule = "V13.522" if attacker else "V13.622"
        ctx.info(rule, f"unopposed: {u.name} is removed at once; its next Strategic Movement Point must take it out of "
                       f"the hex in direction {direction.name if direction else '?'} "
                       f"({'V13.514' if attacker else 'V13.614'})", unit=u.id)
        yield from _offer_tow(ctx, u)
        return
    supplied = ctx.strategic.unit_supply().get(u.id, True)
    constrained = "" if supplied else (f" {u.name} is Out of Supply: the GM may deny it one or more methods "
                                       f"({'V13.512' if attacker else 'V13.612'}; V2.40 is not in the seeds, so "
                                       "BattleHex denies none by itself).")
    q = choose(f"V13.532/{u.id}/{st.impulse}", u.team, "V13.532" if attacker else "V13.612",
               f"{ctx.name(u.team)}: {u.name} {word}s under fire: by which method? (acceleration C7.1, "
               f"separation C7.2, sub-light evasion C7.3){constrained}", METHODS)
    method = yield replace(q, data={**q.data, "odds": evasion_odds_line(ctx, u)})
    u.method = method
    if method == "sub-light evasion":
        u.status, u.exit_impulse = Status.EVADED, st.impulse
        ctx.info("V13.513" if attacker else "V13.613", f"{u.name} evades at sub-light speed (no facing or border is "
                 "required); its fate is settled after the battle (V13.90)", unit=u.id)
        return
    u.under_fire = True
    ctx.info("V13.533" if attacker else "V13.613", f"{u.name} must leave across the border of direction "
             f"{direction.name if direction else '?'} facing it, by {method}", unit=u.id)
    if not attacker and direction is not None:
        if u.id not in st.counting:  # watched at every impulse: an attacker may get in the way later (V13.631)
            st.counting.append(u.id)
        _watch(ctx, u)


def _watch(ctx: Ctx, u: BUnit) -> None:
    """V13.631: once an Attacking unit stands between ``u`` and its Direction of Retreat, the
    V13.632 counter applies to ``u`` until it leaves."""
    if isinstance(u.counter, ThroughEnemyCounter):
        return
    found = blockers(ctx, u)
    if found:
        u.counter = ThroughEnemyCounter()
        ctx.info("V13.631 / A-34", f"{found[0].name} stands between {u.name} and its Direction of Retreat: {u.name} "
                 "may complete its retreat (crossing that border facing it) only after 32 consecutive impulses at 10 "
                 "or more hexes from every Attacking unit (V13.632)", unit=u.id)


def _offer_tow(ctx: Ctx, u: BUnit) -> Ask:
    """V13.523 / V13.623: a unit with an unopposed withdrawal may tow sub-light evaders out."""
    st = ctx.state
    if not (u.unit.is_tug or u.unit.tow_capacity):
        return
    evaders = [x.id for x in st.units.values() if x.team == u.team and x.status is Status.EVADED and x.id != u.id]
    if not evaders:
        return
    def check(ans: Any) -> list[str]:
        return unit_list(ans, evaders, "V13.523", lambda x: st.units[x].name, "choose among")
    towed = yield Question(f"V13.523/{u.id}", QKind.CHOOSE_UNITS, u.team, "V13.523",
                           f"{ctx.name(u.team)}: {u.name} may tow sub-light evaders out of the hex", tuple(evaders),
                           check=check)
    for t in towed:
        st.units[t].method = f"towed by {u.name}"
        st.units[t].forced_direction = u.forced_direction
    if towed:
        ctx.info("V13.523", f"{u.name} tows " + ", ".join(st.units[t].name for t in towed) + " (V13.924: they share "
                 "its fate)")


def _clock(ctx: Ctx, n: int) -> bool:
    """Advance the clock ``n`` impulses; V13.631/V13.632: at the end of each, a unit retreating
    under fire is checked for Attacking units in its way (then the counter applies) and its
    distance to the nearest Attacking unit counts. The counter never moves a unit: after 32
    impulses the unit may complete its retreat by crossing its border (a move). Returns False
    (no unit leaves by the clock)."""
    st = ctx.state
    counting = counting_units(st)
    if not counting:  # nothing counts: the impulses pass at once
        st.impulse += n
        return False
    foes = _attackers(ctx)
    for _ in range(n):
        st.impulse += 1
        for u in counting:
            _watch(ctx, u)
            if not isinstance(u.counter, ThroughEnemyCounter):
                continue
            d = min((u.at.distance(p) for p in foes), default=99)
            if u.counter.update(st.impulse, d) and u.counter.count == 32:
                ctx.info("V13.632", f"{u.name} has kept 10 hexes from every Attacking unit for 32 consecutive "
                                    "impulses: it may now complete its retreat across the border of its Direction "
                                    "of Retreat, facing it, while the distance holds", unit=u.id)
    return False


def counting_units(st: BattleState) -> list[BUnit]:
    """The present units whose V13.632 counter counts at the end of each impulse."""
    return [u for u in st.units.values() if u.id in st.counting and u.present] if st.counting else []


def _attackers(ctx: Ctx) -> list[Hex]:
    return [x.pos for x in ctx.state.units.values() if x.present and x.role is Role.ATTACKER and x.pos is not None]
