"""Issue 22 at a B5 meeting placement: the facing opens at the rule's usual case, facing the enemy.

Seen on the real screen (0604 of the default campaign, a meeting engagement): every placement opened at facing A, so
two fleets left at their default headed the same way (up the board) and, at speed 10, flew off it without meeting.
Seed 003 (deployment): fleets begin 45 or more hexes apart and meet; the usual case is a fleet facing the enemy
across the board. A meeting placement now opens at ``deploy.TOWARD``, which the engine turns into a facing letter
once the hex is known (:func:`deploy.usual_facing`): toward the nearest enemy ship placed, else toward the
board's centre (the first side's first squadron, the enemy deploying across it).
"""
from __future__ import annotations

from hexmap import Facing, Label, grid_hex
from rules.battlehex.questions import QKind
from rules.systems import choose_for_campaign, start
from rules.systems.b5 import deploy
from tests.play.pressed import pressed
from tests.play.walk import formed

L = Label.parse


def test_toward_names_the_hex_row_and_the_nearest_side() -> None:
    centre = L("4530")
    for f in Facing:  # along each hex row: that facing
        h = grid_hex(centre).neighbor(f, 10)
        far = next(x for x in deploy.Board().labels if grid_hex(x) == h)
        assert deploy.toward(centre, far) is f, (f, far)
    assert deploy.toward(L("4530"), L("5525")) is Facing.B  # off the row: the nearer side
    assert deploy.toward(L("1530"), L("7530")) is Facing.C  # straight across (between B and C): clockwise
    assert deploy.toward(L("7530"), L("1530")) is Facing.F  # and back: the opposite facing
    assert deploy.toward(centre, centre) is Facing.A


def _closer(at: Label, facing: Facing, other: Label) -> bool:
    return grid_hex(at).neighbor(facing).distance(grid_hex(other)) < grid_hex(at).distance(grid_hex(other))


def test_the_first_ships_of_each_side_at_0604_open_facing_each_other() -> None:
    c, graph = formed(-1)
    c = choose_for_campaign(c, "b5")
    at = next(r.at for r in c.battle_hexes if str(r.at) == "0604")
    run = start(c, at, graph)
    for _ in range(50):  # the GM's set-up and the secret speeds at their defaults
        q = run.pending
        assert q is not None
        if q.kind is QKind.PLACE:
            break
        run.answer(pressed(q))  # Return: the engine's default, else where its dialog opens
    first: dict[str, tuple[Label, Facing]] = {}
    wanted = {0: L("1530"), 1: L("7530")}  # each side's first ship as far west / east as its zone allows
    for _ in range(40):
        q = run.pending
        assert q is not None and q.kind is QKind.PLACE, q
        assert q.data["facing"] == deploy.TOWARD  # where the panel's facing box opens
        team = q.to
        side = 0 if not first else 0 if team in first else 1
        spot = min(run.legal(), key=lambda x: (deploy.distance(x, wanted[side]), x.col, x.row))
        facing = deploy.usual_facing(run.engine.board, run.engine.placing[1], spot)  # the panel's letter
        first.setdefault(team, (spot, facing))
        run.answer({"at": str(spot), "facing": facing.name})
        if len(first) == 2:
            break
    (a, fa), (b, fb) = first.values()
    assert _closer(a, fa, b) and _closer(b, fb, a), (a, fa, b, fb)
    assert not _closer(a, Facing.A, b) and not _closer(b, Facing.A, a)  # the old default: neither heads for the other
