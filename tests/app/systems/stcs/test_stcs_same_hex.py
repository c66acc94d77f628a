"""Issue 25 on the real screen: once a Klingon rams (it must end its movement in its target's hex), the
two ships share a hex and the map drew one circle and one name over the other ("Klothos" under
"Enterprise"). Each ship in a shared hex is now drawn beside the first, its name on a line of its own."""
from __future__ import annotations

from app.systems.stcs.panel import MapView
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT


def test_two_ships_in_one_hex_are_both_seen_and_named(qtbot) -> None:
    run = STCSBattle(stcs_campaign(), AT)
    run.answer("warp")
    e = run.engine
    for _ in range(5):  # the Klothos closes on the Enterprise, up to 8 hexes a segment
        run.answer("move:d7")
        run.answer("8")
        run.answer(min(run.pending.options, key=lambda o: e.at["d7"].neighbor(
            *_path(o)).distance(e.at["enterprise"])))
        if e.at["d7"] == e.at["enterprise"]:
            break
        run.answer("next")
        run.answer("none")
    assert e.at["d7"] == e.at["enterprise"]
    view = MapView()
    qtbot.addWidget(view)
    view.draw(run, "gm")
    names = {i.text(): i.sceneBoundingRect() for i in view.scene_.items() if hasattr(i, "text")}
    assert not names["Klothos"].intersects(names["Enterprise"])


def _path(o: str):
    from hexmap.hexes import Facing
    face, ahead = o.split(":")
    return Facing[face], int(ahead)
