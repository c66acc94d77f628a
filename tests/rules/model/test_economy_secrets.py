"""rules/model/economy_secrets.py: a power's economy record (but Reserve and mothballs) and a Team's
V13.28 Economic Points are secret places of their Team (issue 23), sealed in the campaign's own
file; an older file that kept them readable still opens."""
from __future__ import annotations

from fractions import Fraction

from rules.model import dumps, parse_campaign
from rules.model.economy_model import PowerEconomy
from rules.model.economy_secrets import economy_places
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from tests.rules.turn.test_orders import by_powers


def _campaign():
    c = by_powers()
    kl = c.power("klingon")
    assert kl is not None
    kl.economy = PowerEconomy(point_pool=Fraction(98765, 7), intel_points=54321, reserve=["kli-mon-korvat"])
    fed = c.power("fed")
    assert fed is not None
    fed.economy = None
    next(t for t in c.teams if t.id == "coalition").economic_points = 4321
    return c


def test_each_economy_field_and_economic_points_are_their_team_s_but_reserve_and_mothballs():
    c = _campaign()
    places = list(economy_places(c))
    kl = next(i for i, p in enumerate(c.powers) if p.id == "klingon")
    coalition = next(i for i, t in enumerate(c.teams) if t.id == "coalition")
    assert [(p, o) for p, o in places if p[:2] == ("powers", kl)] == [
        (("powers", kl, "economy", "point_pool"), ("coalition",)),
        (("powers", kl, "economy", "intel_points"), ("coalition",))]
    teams = [(p, o) for p, o in places if p[0] == "teams"]
    assert (("teams", coalition, "economic_points"), ("coalition",)) in teams
    assert teams == [(("teams", i, "economic_points"), (t.id,)) for i, t in enumerate(c.teams) if t.economic_points]
    assert not any(p[:2] == ("powers", 0) for p, _ in places)  # the Federation holds no record
    monsters = next(i for i, p in enumerate(c.powers) if p.id == "monsters")
    assert all(o == ("gm",) for p, o in places if p[:2] == ("powers", monsters))  # the GM's own Team


def _keyed(c):
    ring = Keyring()
    gm, private = new_key("game master pass", 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    pin = pin_of(c.keys)
    return with_key(c, "coalition", new_key("coalition pass", 10, holder="coalition", pin=pin)[0], ring), ring


def test_the_campaign_s_own_file_seals_them_and_opens_whole():
    c, ring = _keyed(_campaign())
    text = dumps(c)
    assert [f for f in ("98765/7", "54321", "4321") if f in text] == []
    assert "kli-mon-korvat" in text  # the table's view shows the monitor in Reserve
    back = parse_campaign(text, "K.json", ring)
    assert back.power("klingon").economy == c.power("klingon").economy
    assert next(t for t in back.teams if t.id == "coalition").economic_points == 4321


def test_a_file_saved_before_they_were_sealed_opens_with_them_readable(monkeypatch):
    import rules.model.secrets as secrets

    c, ring = _keyed(_campaign())
    with monkeypatch.context() as m:  # saved as before issue 23: the Teams' Economic Points were not sealed
        m.setattr(secrets, "economy_places", lambda c: (e for e in economy_places(c) if e[0][0] != "teams"))
        text = dumps(c)
    assert '"economic_points": 4321' in text
    back = parse_campaign(text, "old.json", ring)
    assert next(t for t in back.teams if t.id == "coalition").economic_points == 4321
    assert "4321" not in dumps(back)  # sealed at its next save
