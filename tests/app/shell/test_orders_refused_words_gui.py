"""The orders dialog's newer orders, each refused with its rule when nothing of the kind is legal
(issue 23; issue 22's plain words): the GM opens Turn > Turn Orders for a Power... for a Federation in
debt (Point Pool -5). A ground unit, a reactivation and a repair each cost points now, so the engine
refuses every candidate: each page's list is empty, its OK off, and the note under it gives the first
refusal's rule and reason as the refusal line does, the rule in words ("Turn Orders Phase: ..."), not
the seed's number ("004 Turn Orders Phase: ..."). Scrapping, Reserve, mothballs and colonization
cost nothing now and stay offered. "My orders are done" then closes the dialog."""
from __future__ import annotations

from fractions import Fraction

from rules.model import dumps, parse_campaign
from tests.app.gui import answering, choose_item, menu_action, ok, open_campaign
from tests.app.shell.test_orders_newer_gui import campaign as newer


def campaign():
    """The orders scenario of test_orders_newer_gui (a crippled Starbase 11, an Army on the ground
    list, a Colony Fleet, USS Decatur in Reserve) entered by the GM, the Federation 5 EP in debt."""
    c = newer()
    c.settings.turn_orders = "gm"
    c.power("fed").economy.point_pool = Fraction(-5)
    return parse_campaign(dumps(c))


REFUSED = {"ground": "Turn Orders Phase: United Federation of Planets' Point Pool -5 (in debt: no purchases until "
                     "the pool is paid back) cannot pay the Army's cost 1/2.",
           "reactivate": "Construction Completion Phase (reserve and mothballs): United Federation of Planets' Point "
                         "Pool -5 cannot pay USS Decatur's full maintenance 2.",
           "repair": "Turn Orders Phase: United Federation of Planets' Point Pool -5 (in debt: no purchases until "
                     "the pool is paid back) cannot pay Starbase 11's repair: 25% of 41 = 10 1/4 per damage level, "
                     "1 of 1 = 10 1/4."}


def test_each_newer_order_nothing_legal_says_its_rule_in_words(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    main = open_campaign(qtbot, tmp_path, campaign(), size=(1400, 900))
    seen: dict[str, tuple[list[str], str, bool]] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        for kind in ("ground", "reactivate", "repair", "scrap", "reserve", "mothball", "colonize"):
            d.choose(kind)
            box = d.lists[kind]
            seen[kind] = ([box.itemText(i) for i in range(box.count())], d.notes[kind].text(), d.ok_button.isEnabled())
        d.choose("mission")  # no Intel Points, no target: no Risks row (tests/app/shell/test_orders_mission_risks_gui.py)
        seen["mission"] = ([], d.mission_note.text(), d.mission_risks.isVisible()
                              or d.mission_risks.parentWidget().layout().labelForField(d.mission_risks).isVisible())
        d.choose("done")
        return ok(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("United Federation"),
              enter, until=lambda: "colonize" in seen, timeout=20000)
    for kind, why in REFUSED.items():
        items, note, enabled = seen[kind]
        assert (items, enabled) == ([], False), kind
        assert note == f"Nothing can be ordered so now - for instance {why}", kind
        assert "004" not in note
    for kind in ("scrap", "reserve", "mothball", "colonize"):  # nothing to pay now: still offered
        items, note, enabled = seen[kind]
        assert items and enabled and note.startswith("Paid now, as the engine logs it: "), kind
    assert seen["mission"][1].startswith("Nothing can be ordered so now - for instance Intel Phase (Intel missions):")
    assert seen["mission"][2] is False
    eco = main.campaign.power("fed").economy
    assert eco.point_pool == -5 and not eco.projects  # nothing ordered
