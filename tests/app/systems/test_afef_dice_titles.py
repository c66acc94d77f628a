"""The number of dice beside an AF/EF attack line never covers a row's title or a counter's words
(issue 22, left by the real-screen walk: a line from the attacker's line down to the defender's front
line had its number at its middle, on the band where "defender's front line" is written; moved off
the title, a straight line's number then sat on its target's name, seen at ``QT_SCALE_FACTOR=2``)."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsTextItem, QMenu

from app.systems.afef import ROW_TITLES
from tests.app.gui import open_main_window
from tests.app.systems.test_afef import drag
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _words(t: QGraphicsTextItem) -> QRectF:
    """The box a text's words take in the scene (inside its document's margin)."""
    m = t.document().documentMargin()
    return t.mapRectToScene(QRectF(0, 0, t.document().idealWidth(), t.boundingRect().height())
                            .adjusted(m, m, -m, -m))


def _texts(scene, numbers: bool) -> list[QGraphicsTextItem]:
    """The lines' numbers, or the words they must keep off (the rows' titles, the counters' words)."""
    return [i for i in scene.items() if isinstance(i, QGraphicsTextItem) and i.toPlainText().isdigit() == numbers]


def test_a_lines_dice_number_never_covers_a_row_title_or_a_counters_words(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "declare")
    q = bw.b.pending
    shooters, targets = list(q.data["dice"]), list(q.data["targets"])
    assert len(shooters) > 1 and targets
    view, covered, drawn = bw.panel.view, [], 0
    for target in targets:  # every attacker on one target (the lines fan out over the titles), each target in turn
        bw.panel.clear_button.click()
        for shooter in shooters:
            drag(view, shooter, target)
        scene = view.scene()
        titles = [(_words(t), t.toPlainText()) for t in _texts(scene, numbers=False)]
        assert {t for _, t in titles} >= set(ROW_TITLES) and len(titles) > len(ROW_TITLES)
        for n in _texts(scene, numbers=True):
            drawn += 1
            covered += [(target, n.toPlainText(), title) for box, title in titles if _words(n).intersects(box)]
    assert drawn >= len(shooters) * len(targets)
    assert covered == [], covered


SEEN_AT_0509 = {"kli-d7-kumara": "fed-bats-tau", "kli-d6-vorn": "fed-bats-tau", "kli-f5-ghos": "fed-gb-tau2",
                "kli-f5-taq": "fed-defsat-tau", "rom-kr-talon": "fed-defsat-tau", "rom-spa-vaed": "fed-gb-tau1",
                "rom-we-sith": "fed-gb-tau2"}
"""The Coalition's plan at 0509 as seen on the real screen (1600x1000): each warship's dice on one
target, the lines from the top row crossing the 7th Legion's Transport Fleets' rows."""


def test_the_dice_numbers_keep_off_the_transport_fleets_words_at_0509(qtbot, tmp_path):
    """Seen on the real screen with the code before 300230f: the numbers 5, 3, 3 sat on the names of
    Transport Fleets 4, 6 and 7 (here, in the test screen's smaller window, a 4 on Fleet 7)."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    _to(bw, qtbot, "declare")
    assert set(bw.b.pending.data["dice"]) == set(SEEN_AT_0509)
    for shooter, target in SEEN_AT_0509.items():
        drag(bw.panel.view, shooter, target)
    scene = bw.panel.view.scene()
    words = [(_words(t), t.toPlainText().splitlines()[0]) for t in _texts(scene, numbers=False)]
    numbers = _texts(scene, numbers=True)
    assert sorted(n.toPlainText() for n in numbers) == ["3", "3", "3", "4", "4", "4", "5"]
    covered = [(n.toPlainText(), w) for n in numbers for box, w in words if _words(n).intersects(box)]
    assert covered == [], covered
