"""File > Passphrases asks for the GM's passphrase before a Team's first one (issue 23, H5).
Setting only the Alliance's passphrase used to leave the GM keyless: the saved file sealed the
Alliance's secrets and wrote the Coalition's cloaked Romulans and the GM's own secrets in plain
JSON beside them, for the Alliance player to read. Now Set on the Alliance's row first opens the
GM's new-passphrase dialog saying why; cancelling it sets nothing, and the saved file names no
hidden unit of another Team."""
from __future__ import annotations

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QLineEdit

from tests.app.gui import Answerer, ok, open_main_window, press, save_file, show_active
from tests.app.shell.test_passphrases import Nested, file_menu_action, manage

COALITION_HIDDEN = ("rom-kr-talon", "rom-spa-vaed", "rom-we-sith", "lyr-pdu-mane")


def new_passphrases(*texts: str, cancel_at: int | None = None):
    """Answer each new-passphrase dialog (typed twice, OK); record its title and why-words;
    the dialog number ``cancel_at`` is cancelled instead."""
    todo = list(texts)

    def handle(d) -> bool:
        if d.objectName() != "new_passphrase":
            return False
        why = d.findChild(QLabel, "why")
        handle.seen.append((d.windowTitle(), why.text() if why is not None else ""))
        if cancel_at is not None and len(handle.seen) == cancel_at:
            d.reject()
            return True
        text = todo.pop(0)
        for name in ("passphrase", "repeat"):
            QTest.keyClicks(d.findChild(QLineEdit, name), text)
        return ok(d)
    handle.seen = []
    return handle


def test_setting_a_team_s_passphrase_asks_for_the_gm_s_first_and_the_file_seals_the_others(qtbot, tmp_path):
    w = open_main_window(qtbot, tmp_path)
    handler, typed = manage(("Alliance", "Set")), new_passphrases("the game master", "alliance only")
    answerer = Nested(handler, typed)
    file_menu_action(w, "Passphrases").trigger()
    answerer.stop()
    assert [t for t, _why in typed.seen] == ["Passphrase of the GM", "Passphrase of Alliance"]
    why = typed.seen[0][1]
    assert why.startswith("Alliance is to hold a passphrase, and the GM holds none yet. The GM's passphrase comes "
                          "first: it seals the secrets of the Teams that hold none, and the GM's own, for the GM.")
    assert "readable in the file every player has" in why and why.endswith("Then Alliance's passphrase.")
    assert set(w.campaign.keys) == {"gm", "alliance"}
    assert [r[:2] for r in handler.rows[:2]] == [["The GM", "set"], ["Alliance", "set"]]
    path = tmp_path / "sealed.json"
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(path)))
    press(w, "Ctrl+Shift+S")
    answerer.stop()
    text = path.read_text(encoding="utf-8")
    assert not [u for u in COALITION_HIDDEN if u in text]


def test_cancelling_the_gm_s_passphrase_sets_none(qtbot, tmp_path):
    w = open_main_window(qtbot, tmp_path)
    handler, typed = manage(("Alliance", "Set")), new_passphrases(cancel_at=1)
    answerer = Nested(handler, typed)
    file_menu_action(w, "Passphrases").trigger()
    answerer.stop()
    assert [t for t, _why in typed.seen] == ["Passphrase of the GM"]
    assert not w.campaign.keys
    assert [r[:2] for r in handler.rows[:2]] == [["The GM", "none"], ["Alliance", "none"]]
    assert "Alliance holds no passphrase: the GM's comes first" in handler.status


def test_saving_a_file_whose_team_holds_a_key_and_the_gm_none_is_refused_by_name(qtbot, tmp_path, monkeypatch):
    """A file keyed before this rule (the Alliance's key alone): File > Save As says why and writes nothing."""
    from rules.model.seals import new_key
    from rules.model.secrets import with_key

    w = open_main_window(qtbot, tmp_path)
    w.session.apply("An old file's keys", lambda c: with_key(c, "alliance", new_key("alliance only", 10,
                                                                                    holder="alliance")[0]))
    errors = []
    monkeypatch.setattr(w, "show_error", lambda title, text: errors.append((title, text)))
    path = tmp_path / "plain.json"
    show_active(w, qtbot)
    answerer = Answerer(save_file(str(path)))
    press(w, "Ctrl+Shift+S")
    answerer.stop()
    assert [t for t, _text in errors] == ["Cannot save campaign"] and not path.exists()
    assert errors[0][1].startswith(f"{path}: Secrets (the GM's passphrase): the GM holds no passphrase, so "
                                   "the secrets of Coalition (")
    assert errors[0][1].endswith("set the GM's passphrase (File > Passphrases) to seal them for the GM; nothing was "
                                 "written")
    from app.shell import errors as told

    w.session.flush()  # the autosave refused the same, and told it (once)
    assert [f.what for f in told.take()] == ["Autosave"]
