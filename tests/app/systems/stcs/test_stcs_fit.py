"""H22's real-screen pass of the STCS battle at 0509 of the default campaign (turn 1 Space Combat,
"Fight it with" STCS): the map cut the label "Battle Station Tau" at its right edge ("Battle Sta" at
QT_SCALE_FACTOR=2), and on the small screen the act list showed only a fragment of its first, long
item. The window at 800x500 is what QT_SCALE_FACTOR=2 leaves of the 1600x1000 screen."""
from __future__ import annotations

from PySide6.QtWidgets import QGraphicsSimpleTextItem

from app.strategic.menus import sector_menu
from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, choose_item, ok, open_main_window, press
from tests.app.systems.stcs.test_stcs_window import hand_over
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import battle_windows, end_movement


def defaults(d) -> bool:
    """Every question before the first act answered with its default."""
    return isinstance(d, QuestionDialog) and ok(d)


def open_0509(qtbot, tmp_path, size: tuple[int, int]):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    menu = sector_menu(main.strategic_view, "0509")
    with_menu = next(a.menu() for a in menu.actions() if a.menu() is not None)
    system_action(with_menu, "stcs").trigger()
    answerer = Answerer(choose_item("0509"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    bw.resize(*size)
    qtbot.waitExposed(bw)
    answerer = Answerer(defaults)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key.endswith("/act"))
    answerer.stop()
    assert isinstance(bw.panel, STCSPanel)
    return bw, bw.panel


def cut_labels(panel: STCSPanel) -> list[str]:
    """The map's labels whose bounding rect is not wholly inside the view."""
    view = panel.map
    seen = view.viewport().rect()
    out = []
    for item in view.scene_.items():
        if isinstance(item, QGraphicsSimpleTextItem):
            box = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
            if not seen.contains(box):
                out.append(item.text())
    return sorted(out)


def test_the_map_fits_with_room_for_its_labels(qtbot, tmp_path):
    for size in ((1400, 900), (800, 500)):
        bw, panel = open_0509(qtbot, tmp_path / str(size[0]), size)
        qtbot.wait(100)
        names = [i.text() for i in panel.map.scene_.items() if isinstance(i, QGraphicsSimpleTextItem)]
        assert "Battle Station Tau" in names
        assert cut_labels(panel) == []
        bw.close()


def test_on_a_small_screen_the_act_list_shows_its_first_item_whole(qtbot, tmp_path):
    """The first act (the area scan, with the odds of both hidden tables) wrapped to more lines
    than the list's height; now it keeps to a few lines, its whole text in its tooltip, and the
    list shows it and at least two more acts."""
    bw, panel = open_0509(qtbot, tmp_path, (800, 500))
    qtbot.wait(100)
    acts = panel.acts
    row = next(i for i in range(acts.count()) if acts.item(i).text().startswith("IKV Kumara scans the area"))
    first, second = acts.item(row), acts.item(row + 1)  # (the power allocations, short, are listed first)
    assert first.text().startswith("IKV Kumara scans the area for cloaked ships")
    assert first.toolTip().endswith("not where, on D10 1-5 (50%)]")  # the whole text a hover away
    rect, seen = acts.visualItemRect(first), acts.viewport().rect()
    assert rect.width() <= seen.width()
    assert rect.height() + 2 * acts.visualItemRect(second).height() <= seen.height()
    bw.close()
