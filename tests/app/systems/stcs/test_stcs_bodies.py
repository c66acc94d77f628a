"""Issue 25 in the GUI: the planets, moons and asteroids of the map (the sector's ``stcs_bodies``). The battle window
draws each at its hex with its name and a legend line in words; resting the pointer on one says what the rules make
of it; the mine question never offers the asteroid's hex; the Klothos warping out through the planet on its path is
rolled on the Striking Table by the engine (no GM question), and Blue reads the outcome."""
from __future__ import annotations

from PySide6.QtWidgets import QGraphicsSimpleTextItem

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from hexmap.hexes import Hex
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_hex_names import _rest_on
from tests.app.systems.stcs.steps import acts, at_act, pick
from tests.app.systems.stcs.test_stcs_window import act, hand_over
from tests.rules.systems.stcs.test_bodies import with_bodies

PICK = {"stcs/mode": "sublight", "/shields/d7": "lower:1", "/warpout/speed": "2",
        "/cloakout/red": "none"}


def test_bodies_drawn_named_and_read_by_the_rules(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path, with_bodies(("planet", "6,-6"), ("asteroid", "2,-2")))
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    asked: list[tuple[str, ...]] = []

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        key = d.q.key
        if key == "stcs/arrivals":
            return ok(d)  # none arrive by warp
        if key.endswith("/mine/d7"):  # a hex off the warp-out path (a mine on it would go off first)
            asked.append(tuple(d.q.options))
            want = next(o for o in d.q.options if o not in ("1,-1", "2,-2", "3,-3", "4,-4"))
            d.group.button(d.q.options.index(want)).setChecked(True)
            return ok(d)
        pick(d, PICK)
        return ok(d)

    answerer = Answerer(dialogs)
    try:
        hand_over(qtbot, bw, at_act(bw, 1))
        view = panel.map
        assert view.bodies == [("2,-2", "asteroid"), ("6,-6", "planet")]
        said = _rest_on(view, Hex(6, -6))
        assert said == ("hex 6,-6: A planet\na ship warping out with it on the path ahead strikes it on D100 1-90 "
                        "(90%)\nno mine may be deployed into its hex\na ship in or next to its hex is in its sensor "
                        "shadow\na ship moving into its hex: the Game Master rules whether it passes or strikes it "
                        "(seed 002 is silent)"), said
        assert "sensor shadow" in _rest_on(view, Hex(2, -2)) and _rest_on(view, Hex(9, -3)) == "hex 9,-3"
        texts = [i.text() for i in view.scene_.items() if isinstance(i, QGraphicsSimpleTextItem)]
        assert ("Warp-out strike: planet 90%, asteroid 25%\nNo mine in their hex; a ship beside one may hide in its "
                "sensor shadow (rest the pointer on one)") in texts, texts
        acts(qtbot, bw, panel, ("shields:d7", 1), ("mine:d7", 1))
        assert asked and "2,-2" not in asked[0] and "3,-3" in asked[0]  # the asteroid's hex is never offered
        acts(qtbot, bw, panel, ("next", 2), ("next", 3), ("next", 4))
        assert "warppath:d7" not in bw.b.pending.options  # turn 2's opening: the engine reads the path
        acts(qtbot, bw, panel, ("warpout:d7", 4))
        assert "warppath:d7" not in bw.b.pending.options
        act(qtbot, bw, panel, "next")
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key.startswith("stcs/5/"))
    finally:
        answerer.stop()
    blue = bw.b.events_json("blue")
    assert "Klothos warps out at Warp 2 and " in blue and " a planet at 6,-6 on its path" in blue
    assert ("Klothos warps out at Warp 2 and strikes a planet at 6,-6" in blue) is (
        "struck a planet" in bw.b.state.units["d7"].outcome)


def test_a_ship_moving_into_a_bodys_hex_is_ruled_in_the_gms_dialog(qtbot, tmp_path):
    """The Klothos moves 3 hexes ahead through the asteroid at 2,-2: the path's option names it, the GM's ruling
    dialog asks pass or strike, "strike" is checked and taken; the Klothos stops on the asteroid's hex, drawn there,
    and the ruling is in Blue's log."""
    main, bw, path = fight_stcs(qtbot, tmp_path, with_bodies(("asteroid", "2,-2")))
    panel = bw.panel
    seen: dict[str, object] = {}

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        if d.q.key == "stcs/arrivals":
            return ok(d)
        if d.q.key.endswith("/move/d7/path"):
            seen["path"] = d.q.data["option_words"]["B:3"]
        if d.q.key.endswith("/move/d7/body/2"):
            seen["ruling"] = (d.q.text, tuple(d.q.options))
        pick(d, {"stcs/mode": "sublight", "/move/d7/points": "3", "/move/d7/path": "B:3", "/move/d7/body/2": "strike",
                 "/cloakout/red": "none"})
        return ok(d)

    answerer = Answerer(dialogs)
    try:
        hand_over(qtbot, bw, at_act(bw, 1))
        acts(qtbot, bw, panel, ("move:d7", 1))
    finally:
        answerer.stop()
    assert seen["path"] == "keep heading B, 3 hexes ahead: to 3,-3 (into an asteroid's hex: the GM rules)"
    assert seen["ruling"][1] == ("pass", "strike") and "moves into an asteroid's hex at 2,-2" in seen["ruling"][0]
    assert bw.b.engine.at["d7"] == Hex(2, -2)
    assert ("the Game Master rules that Klothos strikes an asteroid at 2,-2 and stops in its hex"
            in bw.b.events_json("blue"))
    view, spot = panel.map, panel.map.at(Hex(2, -2))
    names = [i for i in view.scene_.items() if isinstance(i, QGraphicsSimpleTextItem) and i.text() == "Klothos"]
    assert "d7" in view.shown and len(names) == 1
    assert (names[0].pos() - spot).manhattanLength() < 3 * view.layout_.size  # its name under the asteroid's hex
