"""Issue 25 in the GUI: an STCS battle opened from a campaign file and fought with Ctrl+F - the
GM picks sub-light combat and an arrival by warp in their dialogs; in the panel's act list the Klothos
announces its warp out in the turn's opening (the Tactical Advantage Phase), the Romulan Bird of Prey
raises its cloak, a Federation ship scans for it (Red enters its secret D10 in its own dialog, the
hidden table kept from Blue's screen), the Lexington warps in at the hex Blue types in its own secret
dialog (its dispersion drawn on the map), the segment ends, the Klothos's activation roll (its odds
logged first) takes it out of the battle, and the GM resolves the battle."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.roster import Status
from rules.model import Campaign
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.rules.systems.stcs.helpers import stcs_campaign

SEEN_BY: dict[str, list[str]] = {}
TARGET = "10,-2"
"""The hex Blue types for the Lexington (not the question's suggestion, 8,0)."""


def dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    if key == "stcs/mode":
        d.group.button(0).setChecked(True)  # sub-light
    elif key in ("stcs/arrivals", "stcs/destroyed"):
        for i in range(d.list.count()):
            item = d.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == "lexington" and key == "stcs/arrivals":
                item.setCheckState(Qt.CheckState.Checked)
    elif "/hidden/" in key:
        d.spin.setValue(4)  # table (1-5)
    elif key.endswith("/speed"):
        d.group.button(0).setChecked(True)  # Warp 2
    elif "/cloakout/" in key:
        d.group.button(0).setChecked(True)  # Red, in secret: no cloaked ship warps out
    elif key.endswith("/warpin/target"):
        SEEN_BY["target"] = [d.q.to, d.text_edit.text()]
        d.text_edit.setText(TARGET)  # Blue, in secret, types the hex
    return ok(d)


def act(qtbot, bw, panel: STCSPanel, option: str) -> None:
    """Pass the screen to whoever is asked, then pick ``option`` in the act list and press Do it."""
    hand_over(qtbot, bw)
    qtbot.waitUntil(lambda: any(panel.acts.item(i).data(Qt.ItemDataRole.UserRole) == option
                                for i in range(panel.acts.count())), timeout=5000)
    row = next(i for i in range(panel.acts.count())
               if panel.acts.item(i).data(Qt.ItemDataRole.UserRole) == option)
    panel.acts.setCurrentRow(row)
    qtbot.mouseClick(panel.do_button, Qt.MouseButton.LeftButton)


def hand_over(qtbot, bw, until=lambda: True) -> None:
    for _ in range(50):
        if bw.stack.currentIndex() == 1:
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        if until() and bw.stack.currentIndex() != 1:
            return
        qtbot.wait(50)


def uncloaked() -> Campaign:
    """The test campaign with the Bird of Prey not yet cloaked: it raises its cloak in the battle."""
    c = stcs_campaign()
    for f in c.fleets:
        for u in f.units:
            if u.id == "bop":
                u.is_cloaked = False
    return c


def test_an_stcs_battle_cloak_scan_warp_in_and_out(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path, uncloaked())
    panel = bw.panel
    assert isinstance(panel, STCSPanel) and "Not built yet" in panel.built.text()
    # the banner keeps to a few lines over the map (at QT_SCALE_FACTOR=2 on a 1600x1000 screen the
    # whole built list took 280 of 930 pixels, the map a strip below it); what is built is a hover away
    lines = panel.built.heightForWidth(panel.built.width()) / panel.built.fontMetrics().lineSpacing()
    assert lines <= 3.5, (lines, panel.built.width())
    assert "explosions (blast rings drawn here)" in panel.built.toolTip()
    answerer = Answerer(dialogs)
    at_act = lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"  # noqa: E731
    hand_over(qtbot, bw, at_act)
    assert [k for k, _t in answerer.seen] == ["QuestionDialog", "QuestionDialog"]  # mode, arrivals
    eng = bw.b.engine
    assert not eng.cloaked["bop"]
    act(qtbot, bw, panel, "warpout:d7")  # the Tactical Advantage Phase: announced, not yet rolled
    hand_over(qtbot, bw, lambda: at_act() and eng.warping == {"d7": 2})
    act(qtbot, bw, panel, "cloak:bop")  # the Romulan raises its cloak
    hand_over(qtbot, bw, lambda: at_act() and eng.cloaked["bop"])
    panel.map.draw(bw.b, "blue")
    assert "bop" not in panel.map.shown and "d7" in panel.map.shown  # Blue, holding no lock, no longer sees it
    panel.map.draw(bw.b, "red")
    assert "bop" in panel.map.shown
    panel.draw(None)
    listed = " ".join(panel.acts.item(i).toolTip() for i in range(panel.acts.count()))
    assert "21-30 hexes 30%/10%" in listed and "warpout:" not in " ".join(
        panel.acts.item(i).data(Qt.ItemDataRole.UserRole) for i in range(panel.acts.count()))
    act(qtbot, bw, panel, "scan:enterprise")  # a Federation ship scans
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key.endswith("/act"))
    assert bw.b.secret_answers() == {"6": "red"}  # the hidden D10 (moving or not is read from its moves)
    blue = bw.b.events_json("blue")
    assert "Cloak Detection Table (" not in blue and "Cloak Detection Table (1-5)" in bw.b.events_json("red")
    act(qtbot, bw, panel, "warpin:lexington")
    hand_over(qtbot, bw, lambda: bool(eng.dispersions))
    assert SEEN_BY["target"] == ["blue", "8,0"]  # Blue's own dialog, opening at the suggestion
    assert eng.dispersions[0]["target"] == [10, -2]
    qtbot.waitUntil(lambda: "lexington" in panel.map.shown, timeout=5000)
    texts = [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    assert any("bearing" in t and "hexes" in t for t in texts)  # the dispersion and its dice, drawn
    act(qtbot, bw, panel, "next")  # the segment ends: the Klothos's activation roll; Red's secret question
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/2/act")
    st = bw.b.state
    assert st.units["d7"].status is Status.LEFT and "d7" not in eng.at  # it warped out
    said = [e.text for e in bw.b.log.for_viewer("blue")]
    odds = said.index("Klothos' warp engine activation roll, turn 1 segment 1, for Warp 2: D100 1-90 (90%)")
    assert said[odds + 2] == "Klothos warps out at Warp 2 (nothing on its path: the Striking Table is not rolled)"
    act(qtbot, bw, panel, "resolve")
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    keys = [d.q.key for d in answerer.dialogs if isinstance(d, QuestionDialog)]
    assert keys == ["stcs/mode", "stcs/arrivals", "stcs/1/warpout/speed", "stcs/1/hidden/1",
                    "stcs/1/warpin/target", "stcs/1/warpin/speed", "stcs/1/cloakout/red", "stcs/destroyed"]
    assert st.units["lexington"].status is Status.PRESENT and st.units["bop"].status is Status.PRESENT
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0304")
    assert rec.resolved and "warped out: Klothos" in rec.resolution


def blast_dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    if key == "stcs/mode":
        d.group.button(0).setChecked(True)  # sub-light
    elif key.endswith("/explode"):
        for i in range(d.list.count()):
            d.list.item(i).setCheckState(Qt.CheckState.Checked)
    elif key.startswith("stcs/1/hit/") and not key.endswith("/points"):
        d.group.button(0).setChecked(True)  # superstructure points
    elif key.endswith("/points"):
        d.spin.setValue(45)
    return ok(d)


def test_ships_whose_superstructure_is_gone_explode_and_their_blast_rings_are_drawn(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    answerer = Answerer(blast_dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    assert "explode" not in bw.b.pending.options
    for x in ("d7", "enterprise", "lexington"):
        act(qtbot, bw, panel, f"hit:{x}")
        hand_over(qtbot, bw, lambda x=x: bw.b.engine.ss_lost.get(x) == 45)
    act(qtbot, bw, panel, "explode")
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    answerer.stop()
    eng = bw.b.engine
    assert eng.blasts and len(eng.blasts) + len(eng.dead) == 3  # each exploded or is dead in space
    qtbot.waitUntil(lambda: len(panel.map.rings) == sum(len(b["rings"]) for b in eng.blasts), timeout=5000)
    assert panel.map.rings[:len(eng.blasts[0]["rings"])] == [
        (eng.blasts[0]["ship"], n, p) for n, p in enumerate(eng.blasts[0]["rings"])]
    assert panel.map.wrecks == [(b["ship"], f"{eng.units[b['ship']].name} (destroyed)") for b in eng.blasts]  # each at its hex
    assert "Not built yet" in panel.built.text() and "explosions (blast rings drawn here)" in panel.built.toolTip()


def move_dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    if key == "stcs/mode":
        d.group.button(1).setChecked(True)  # warp-speed combat
    elif key.endswith("/move/d7/points"):
        d.group.button(8).setChecked(True)  # 8 points: the D-7's Emergency Warp
    elif key.endswith("/move/d7/path"):
        d.group.button(8).setChecked(True)  # keep its heading, 8 hexes ahead
    elif key.endswith("/weapon"):
        d.group.button(0).setChecked(True)  # the phasers, reach 18
    elif key.endswith("/chart"):
        SEEN_BY["chart"] = [d.q.text]
        d.spin.setValue(5)
    elif key.endswith("/fire/enterprise/damage"):
        d.spin.setValue(5)  # the Klothos' shield facing the Enterprise (20 points) holds it
    return ok(d)


def test_a_ship_moves_on_the_map_and_is_fired_at_its_speed(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    answerer = Answerer(move_dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    assert "fire:enterprise:d7" not in bw.b.pending.options  # 24 hexes: beyond the phasers' 18
    act(qtbot, bw, panel, "move:d7")
    hand_over(qtbot, bw, lambda: "d7" in bw.b.engine.moves)
    qtbot.waitUntil(lambda: panel.map.trails == [("d7", 8)], timeout=5000)  # the move drawn with its speed
    texts = [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    assert "speed 8" in texts and bw.b.engine.range("d7", "enterprise") == 16
    assert "speed 8" in panel.report("gm")
    act(qtbot, bw, panel, "fire:enterprise:d7")
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    answerer.stop()
    assert "speed 8 -1, no lock -6" in SEEN_BY["chart"][0]  # read from the move, not asked
    assert any(f" {verb} Klothos at speed 8" in bw.b.events_json() for verb in ("hit", "miss", "hits", "misses"))
    keys = [d.q.key for d in answerer.dialogs if isinstance(d, QuestionDialog)]
    assert keys[:5] == ["stcs/mode", "stcs/1/move/d7/points", "stcs/1/move/d7/path", "stcs/1/fire/enterprise/weapon",
                        "stcs/1/fire/enterprise/chart"]
