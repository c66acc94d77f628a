"""What the battle window asks while a battle is fought: a move's outcome before the drop,
the keyboard steps, who may declare, and the hex readout."""
from __future__ import annotations

from hexmap import Facing
from rules.systems.v13.queries import (
    Step,
    declarable,
    forced_facing,
    hex_info,
    keep_out,
    preview_move,
    step_target,
    weapon_status_lines,
)
from tests.rules.systems.v13.test_combat import fight


def test_preview_names_each_exit_class_before_the_move_and_changes_nothing():
    b = fight()
    h = b.ctx.window.hex_at
    before = b.events_json()
    stays = preview_move(b.ctx, "r1", h("2139"), Facing.B)
    assert stays.ok and stays.outcome == "stays in the battle" and stays.distance == 1
    # across the bottom border (V13.811 region row 44) facing D, the Direction of Disengagement
    dis = preview_move(b.ctx, "r1", h("2145"), Facing.D)
    assert dis.ok and dis.outcome == "disengages" and dis.rule.startswith("V13.51")
    # the same border facing C is not the DoD: a disorganized withdrawal (V13.821)
    dis_org = preview_move(b.ctx, "r1", h("2145"), Facing.C)
    assert dis_org.ok and dis_org.outcome == "leaves in disorder"
    # one hex short of the border: still on the map
    inside = preview_move(b.ctx, "r1", h("2144"), Facing.D)
    assert inside.outcome == "stays in the battle"
    assert b.events_json() == before and b.state.units["r1"].pos == h("2140")


def test_preview_of_a_refused_move_names_the_rule():
    b = fight()
    b.answer({"move": "r1", "to": "2145", "facing": "D"})  # r1 has left
    p = preview_move(b.ctx, "r1", b.ctx.window.hex_at("2140"))
    assert not p.ok and "V13.503" in p.rule and "left the battle" in p.text()


def test_preview_weighs_the_distance_against_speed_and_impulses():
    b = fight()
    b.state.units["r1"].speed = 16
    b.answer({"clock": 7})  # impulse 8 of turn 1
    b.answer({"move": "r1", "to": "2138", "facing": "A"})  # 2 hexes
    p = preview_move(b.ctx, "r1", b.ctx.window.hex_at("2136"), Facing.A)
    assert (p.distance, p.moved, p.impulse, p.allowed) == (2, 2, 8, 4)
    assert "4 this turn at speed 16 (4 by impulse 8 of 32)" in p.text()
    b.answer({"clock": 32})  # next turn: the tally starts again
    assert preview_move(b.ctx, "r1", b.ctx.window.hex_at("2137")).moved == 0


def test_keyboard_steps():
    b = fight()
    u = b.state.units["r1"]  # at 2140 facing A
    h = u.pos
    assert step_target(u, Step.FORWARD) == (h + Facing.A.vector, Facing.A)
    assert step_target(u, Step.LEFT) == (h, Facing.F)
    assert step_target(u, Step.RIGHT) == (h, Facing.B)
    assert step_target(u, Step.SLIP_LEFT) == (h + Facing.F.vector, Facing.A)
    assert step_target(u, Step.SLIP_RIGHT) == (h + Facing.B.vector, Facing.A)


def test_who_may_declare():
    b = fight()
    assert sorted(u.id for u in declarable(b.ctx, "gm")) == ["b1", "r1"]
    team = b.state.units["r1"].team
    assert [u.id for u in declarable(b.ctx, team)] == ["r1"]
    b.answer({"move": "r1", "to": "2145", "facing": "D"})
    assert [u.id for u in declarable(b.ctx, team)] == []


def test_hex_readout():
    b = fight()  # r1 placed at 2140, below the 42 x 30 sheet centred on 2115 (rows 01-30)
    h = b.ctx.window.hex_at
    units = list(b.state.units.values())
    r1 = b.state.units["r1"]
    info = hex_info(b.ctx, h("2130"), units, r1)  # the sheet's last row: just inside
    assert (info.label, info.on_sheet, info.range, info.bearing) == ("2130", True, 10, "A")
    assert "range 10 from Red" in info.text("Red") and "on the map sheet" in info.text()
    below = hex_info(b.ctx, h("2131"), units, r1)  # just outside the sheet, inside the legal region
    assert not below.on_sheet and below.in_region and "off the sheet" in below.text()
    here = hex_info(b.ctx, h("2140"), units, None)
    assert here.units == (r1.name,) and here.range is None and "here: " in here.text()
    assert hex_info(b.ctx, h("2140") + Facing.B.vector * 2 + Facing.C.vector, units, r1).bearing == "B-C"
    far = hex_info(b.ctx, h("2115") + Facing.C.vector * 45, units, None)
    assert not far.in_region and "outside the legal region" in far.text()


def test_weapon_status_breakdown_as_data():
    b = fight()  # both teams rolled 2 -> Weapon Status 0
    lines = weapon_status_lines(b.ctx)
    assert [x.status for x in lines] == ["0", "0"] and all(x.rule == "V13.413" for x in lines)
    assert all("2d6 rolled 1 + 1 = 2" in x.how for x in lines)
    assert {x.team for x in lines} == {b.ctx.name(b.state.attacker), b.ctx.name(b.state.defender)}


# -- set-up ------------------------------------------------------------------------------------------
def test_forced_facing_after_the_first_attacker_v13_446():
    from tests.rules.systems.v13.test_placement import attackers_ready

    b = attackers_ready()
    assert forced_facing(b.ctx, "r1") is None and forced_facing(b.ctx, "b1") is None  # first attacker chooses
    b.answer({"unit": "r1", "at": "2150", "facing": "B"})
    facing, why = forced_facing(b.ctx, "r2")
    assert facing is Facing.B and why.startswith("V13.446")


def test_keep_out_ring_is_the_minimum_range_of_v13_441_just_inside_and_outside():
    from tests.rules.systems.v13.test_placement import attackers_ready

    b = attackers_ready()  # b1 at 2103, minimum range 43
    q, r, rule = keep_out(b.ctx, b.placement, "r1")
    inside = {(int(a), int(c)) for a, c in zip(q, r)}
    h = b.ctx.window.hex_at
    assert (h("2145").q, h("2145").r) in inside  # 42 hexes: too close (refused by V13.441)
    assert (h("2146").q, h("2146").r) not in inside  # 43 hexes: legal
    assert rule.startswith("V13.441") and "43" in rule
    # the ring and the placement check agree on every hex next to the ring's edge
    zone = {(x.q, x.r) for x in b.placement.zone("r1")}
    assert not zone & inside


def test_keep_out_ring_follows_the_front_line_for_incidentals_a_22():
    from tests.rules.systems.v13.test_placement import incidental_ready

    b = incidental_ready()
    q, r, rule = keep_out(b.ctx, b.placement, "inc1")
    inside = {(int(a), int(c)) for a, c in zip(q, r)}
    h = b.ctx.window.hex_at("2119")  # 46 from the enemy: beyond the range (43), nearer than the front (50)
    assert (h.q, h.r) in inside and "A-22" in rule
