"""Issue 25 part 4 and the STCS panel's newer acts, through the window as the GM uses it: on a small
screen (the window at 800x500, what QT_SCALE_FACTOR=2 leaves of 1600x1000) the right-hand sheet keeps
a sensible width and wraps at word boundaries ("Enterprise", never "Enterpr ise"); a ship whose
engines the GM shuts down in the act list is drawn "engines shut down", and Blue's report shows only
its presence; the banner names what is still at the table."""
from __future__ import annotations

from PySide6.QtGui import QFontMetrics

from app.systems.stcs.panel import SIDE_CHARS, STCSPanel
from rules.systems.stcs.sensors import roman
from tests.app.gui import Answerer
from tests.app.systems.stcs.test_stcs_window import act, dialogs, hand_over
from tests.app.systems.stcs.opening import fight_stcs


def open_battle(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    answerer = Answerer(dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    return bw, answerer


def broken_words(panel: STCSPanel) -> list[str]:
    """The sheet's line breaks that fall inside a word, as 'before|after'."""
    doc = panel.sheet.document()
    out = []
    block = doc.begin()
    while block.isValid():
        text, lay = block.text(), block.layout()
        for i in range(lay.lineCount() - 1):
            end = lay.lineAt(i).textStart() + lay.lineAt(i).textLength()
            if 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
                out.append(f"{text[max(0, end - 8):end]}|{text[end:end + 8]}")
        block = block.next()
    return out


def test_on_a_small_screen_the_sheet_keeps_its_width_and_wraps_at_words(qtbot, tmp_path):
    bw, answerer = open_battle(qtbot, tmp_path)
    panel = bw.panel
    bw.resize(800, 500)
    split = panel.map.parentWidget()
    split.setSizes([10_000, 1])  # the GM drags the splitter as far right as it goes
    qtbot.wait(100)
    least = QFontMetrics(panel.sheet.font()).averageCharWidth() * SIDE_CHARS
    assert panel.sheet.width() >= least - 4 and "Enterprise" in panel.sheet.toPlainText()
    qtbot.waitUntil(lambda: panel.sheet.document().size().height() > 0, timeout=3000)
    assert broken_words(panel) == []
    answerer.stop()


def test_a_ship_with_its_engines_shut_down_is_only_a_presence_to_the_enemy(qtbot, tmp_path):
    bw, answerer = open_battle(qtbot, tmp_path)
    panel = bw.panel
    act(qtbot, bw, panel, "shutdown:d7")
    hand_over(qtbot, bw, lambda: "d7" in bw.b.engine.shutdown)
    qtbot.waitUntil(lambda: "engines shut down" in panel.sheet.toPlainText(), timeout=5000)
    texts = [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    assert "Klothos (engines shut down)" in texts  # the GM's view
    blue = bw.b.engine.defender
    report = panel.report(blue)
    assert "a ship at hex 0,0 (only its presence is detected)" in report and "Klingon, Class VIII" not in report
    panel.map.draw(bw.b, blue)
    assert "a ship (engines shut down)" in [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    assert "Klothos" not in [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    assert "lowering shields" not in panel.built.text() and "shields absorbing damage" in panel.built.toolTip()
    assert "Repair Shuttles" not in panel.built.text() and "Repair Teams and Shuttles" in panel.built.toolTip()
    answerer.stop()


def test_beyond_36_hexes_blue_sees_only_class_heading_and_engines(qtbot, tmp_path):
    from app.widgets.question_dialogs import QuestionDialog
    from tests.app.gui import ok

    bw, answerer = open_battle(qtbot, tmp_path)
    answerer.stop()
    panel, e = bw.panel, bw.b.engine
    away = e.facing["d7"].opposite.name
    plan = {"stcs/1/move/d7/points": "15", "stcs/1/move/d7/path": f"{away}:12",
            "stcs/2/move/d7/points": "1", "stcs/2/move/d7/path": f"{away}:1", "stcs/1/cloakout/": "none"}

    def moves(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        want = next((v for k, v in plan.items() if d.q.key.startswith(k)), None)
        if want is not None and want in d.q.options:
            d.group.button(d.q.options.index(want)).setChecked(True)
        return ok(d)
    answerer = Answerer(moves)
    act(qtbot, bw, panel, "move:d7")
    hand_over(qtbot, bw, lambda: "d7" in e.moves)
    blue = e.defender
    assert e.range("d7", "enterprise") == 36 and "<b>Klothos</b> (Klingon, Class VIII)" in panel.report(blue)
    act(qtbot, bw, panel, "next")
    hand_over(qtbot, bw, lambda: e.round == 2 and bw.b.pending is not None and bw.b.pending.key == "stcs/2/act")
    act(qtbot, bw, panel, "move:d7")
    hand_over(qtbot, bw, lambda: e.moves["d7"][0] == 2)
    answerer.stop()
    assert e.range("d7", "enterprise") == 37
    report = panel.report(blue)
    assert f"a Class VIII ship at {e.at['d7'].q},{e.at['d7'].r}, heading {away}, Klingon engines (beyond 36 hexes" \
        in report and "<b>Klothos</b>" not in report
    panel.map.draw(bw.b, blue)
    texts = [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    assert "Class VIII, Klingon engines" in texts and "Klothos" not in texts


def test_a_ship_in_a_sensor_shadow_is_drawn_for_its_side_only(qtbot, tmp_path):
    bw, answerer = open_battle(qtbot, tmp_path)
    panel = bw.panel
    act(qtbot, bw, panel, "shadow:enterprise")
    hand_over(qtbot, bw, lambda: "enterprise" in bw.b.engine.shadowed)
    e = bw.b.engine

    def texts() -> list[str]:
        return [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
    qtbot.waitUntil(lambda: "Enterprise (in a sensor shadow)" in texts(), timeout=5000)  # the GM's view
    panel.map.draw(bw.b, e.attacker)
    assert not [t for t in texts() if "Enterprise" in t] and "Enterprise" not in panel._sheet(bw.b, e.attacker)
    panel.map.draw(bw.b, e.defender)
    assert "Enterprise (in a sensor shadow)" in texts()
    answerer.stop()


def test_the_sheet_names_the_nation_and_the_hex_in_words(qtbot, tmp_path):
    """H10's real-screen pass: "(federation, class 12)" and "at 24,-12" on the sheet; the nation's
    name as words, the position as the board's questions name a hex ("hex 24,-12"); the class as the map's ship tip
    says it ("Class VIII", not "class 8")."""
    bw, answerer = open_battle(qtbot, tmp_path)
    sheet = bw.panel.sheet.toPlainText()
    answerer.stop()
    e = bw.b.engine
    at = e.at["enterprise"]
    assert f"Enterprise (Federation, Class {roman(e.data('enterprise').class_size)}): at hex {at.q},{at.r};" in sheet
    assert "federation" not in sheet and "klingon" not in sheet
