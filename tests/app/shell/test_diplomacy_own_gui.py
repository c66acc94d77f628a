"""A power's own diplomacy behind its hand-over (issue 23, settings.turn_orders powers): Turn > Answer
(Ctrl+Shift+A) hands the screen to each Team's commander; the Federation proposes an Armistice to the
Orions on its orders dialog's Diplomacy page, the Lyrans see their odds to break the Mutual Defense
Treaty with the Romulans and try it, the Orions accept the Armistice. The Lyrans' attempt (odds, d100)
is kept from the other Teams' log and from the undo list; Turn > Diplomacy offers the GM only the
powers it runs."""
from __future__ import annotations

from rules.model import visibility
from rules.strategic.diplomacy import Diplomacy
from rules.turn.run import play
from tests.app.gui import answering, menu_action, ok, open_campaign, press
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS


def _pick(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


def test_each_power_enters_its_diplomacy_behind_its_hand_over(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, play(by_powers(), TO_ORDERS).campaign, (1400, 900))
    from app.shell.diplomacy_dialog import DiplomacyDialog
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.turn_dialogs import HandOverDialog

    handed: list[str] = []
    seen: dict[str, list[str]] = {}

    def hand_over(d) -> bool:
        if not isinstance(d, HandOverDialog):
            return False
        handed.append(d.windowTitle())
        d.take_over_button.click()
        return True

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        me = d.p.id
        form = d.diplomacy
        seen.setdefault(me, [])
        assert form.power_box.count() == 1 and form.power_box.currentData() == me  # its own diplomacy only
        if me in ("fed", "lyran", "orion") and len(seen[me]) == 0:
            d.choose("diplomacy")
            if me == "fed":
                _pick(form.action_box, "propose")
                _pick(form.other_box, "orion")
                _pick(form.treaty_box, "armistice")
            elif me == "lyran":
                _pick(form.action_box, "break")
                _pick(form.other_box, "romulan")
                _pick(form.treaty_box, "mutual_defense")
            else:
                _pick(form.action_box, "accept")
                _pick(form.other_box, "fed")
                _pick(form.treaty_box, "armistice")
            seen[me].append(form.odds.text())
        else:
            seen[me].append("done")
            d.choose("done")
        return ok(d)

    answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), hand_over, enter,
              until=lambda: "orders/orion" in main.campaign.turn_asked, timeout=20000)
    assert seen["lyran"][0] == "Break the Mutual Defense Treaty: base 40 - Power has a Peace Treaty with you 20 = 20%"
    assert seen["fed"][0] == "Signing is free: no roll."
    assert seen["orion"][0] == "Proposed and not answered yet: the Armistice Treaty from United Federation of Planets."
    assert any("Coalition" in h for h in handed) and any("Orion" in h for h in handed)
    c = main.campaign
    assert Diplomacy(c).state("fed", "orion").value == "normal"  # proposed by one power, accepted by the other
    attempt = next(e for e in c.log if "d100" in e.text and "Lyran" in e.text)
    assert attempt.secret_of == ["coalition"]
    assert visibility.entry_seen_by(attempt, "coalition") and not visibility.entry_seen_by(attempt, "alliance")
    steps = [main.session.undo_stack.text(i) for i in range(main.session.undo_stack.count())]
    assert not any("Mutual Defense" in s or "Romulan" in s for s in steps), steps

    def gm(d) -> bool:  # the GM's Turn > Diplomacy: only the powers no player's Team runs
        if not isinstance(d, DiplomacyDialog):
            return False
        seen["gm"] = [d.power_box.itemData(i) for i in range(d.power_box.count())]
        d.reject()
        return True

    answering(qtbot, menu_action(main, "Diplomacy (Turn Orders)...").trigger, gm, until=lambda: "gm" in seen,
              timeout=20000)
    assert seen["gm"] == ["monsters"]
