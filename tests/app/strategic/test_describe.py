"""Tooltips and the inspector in words: names instead of ids, no underscores, no (col,row)."""
from __future__ import annotations

import re

import pytest

from app.strategic import describe as d
from hexmap import Label
from rules.model import load_campaign
from rules.strategic import build_graph
from rules.strategic.movement import check_orders
from rules.strategic.state import StrategicState
from tests.conftest import DEFAULT
from tests.rules.strategic.builder import campaign, fleet, state


@pytest.mark.parametrize("gm", [False, True])
def test_every_text_of_the_default_campaign_names_things(gm):
    c = load_campaign(DEFAULT)
    s = StrategicState.compute(c, build_graph(c))
    texts = [d.sector_tooltip(c, sec, gm) + d.sector_html(c, sec, gm) + d.sector_status_html(s, sec)
             for sec in c.map.sectors]
    texts += [d.fleet_html(s, f, gm) for f in c.fleets]
    plain = re.sub(r"<[^>]+>", " ", "\n".join(texts))
    ids = {p.id for p in c.powers} | {t.id for t in c.teams} | {f.id for f in c.fleets}
    ids |= {u.id for f in c.fleets for u in f.units} | {u.id for sec in c.map.sectors for u in sec.garrison}
    ids -= {"monsters"}  # also a word
    found = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", plain)]
    assert found == []
    assert not re.search(r"\b[a-zA-Z]+_[a-zA-Z_]+\b", plain)  # no enum values such as ground_base
    assert not re.search(r"\(-?\d+,\s*-?\d+\)", plain)


def test_a_refused_order_names_the_power_not_its_id():
    c = campaign(cols=1, rows=6, fleets=[fleet("f", "fed", "0101", orders=("0102", "0103"))])
    s = state(c)
    f = next(x for x in s.campaign.fleets if x.id == "f")
    chk = check_orders(s, f, [Label.parse("0102"), Label.parse("0103")])
    assert "controlled by Fed or its allies" in chk.reason and "controlled by fed" not in chk.reason
    shown = d.fleet_html(s, f, gm=True)
    assert "controlled by Fed or its allies" in shown  # the table sees no Team's orders
    assert str(chk).startswith("004 ") and "004 " not in shown  # the rule in words, not the seed's number (issue 22)


def test_places_beyond_the_map_are_off_the_map():
    c = campaign(cols=8, rows=6)
    assert d.sector_label(c, Label(-12, 1)) == "off the map"
    assert d.sector_label(c, "0907") == "off the map" and d.sector_label(c, None) == "off the map"
    assert d.sector_label(c, Label.parse("0304")) == "0304"
    assert d.words("awaiting_rendezvous") == "awaiting rendezvous"


def test_the_table_view_leaves_out_what_the_rules_keep_from_it():
    c = load_campaign(DEFAULT)
    s = StrategicState.compute(c, build_graph(c))
    tau = c.sector_at("0509")
    secret = [u.name for u in tau.garrison if u.is_incidental]
    assert secret
    for text in (d.sector_tooltip(c, tau), d.sector_html(c, tau)):
        assert not any(n in text for n in secret) and "Battle Station Tau" in text
    for text in (d.sector_tooltip(c, tau, gm=True), d.sector_html(c, tau, gm=True)):
        assert all(n in text for n in secret)
    shadow = next(f for f in c.fleets if all(u.is_cloaked for u in f.units))
    assert shadow not in d.shown_fleets(c, shadow.sector) and shadow in d.shown_fleets(c, shadow.sector, gm=True)
    assert shadow.units[0].name not in d.fleet_html(s, shadow) and shadow.units[0].name in d.fleet_html(s, shadow, True)
