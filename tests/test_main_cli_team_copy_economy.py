"""A Team copy keeps the other Teams' economies out (issue 23), headless: the GM's ``main.py
team-copy`` for the Alliance holds none of the Coalition's Point Pool, TDP, research, Intel
Points, maintenance, charts or projects, as a seated Team's Empire Sheet shows none of them; its
own powers' records are whole, its orders export from it and the GM's ``main.py turn --orders``
runs them against the GM's file (a project's id made in the copy is the one the GM's file gives)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from main import main
from rules.model import save_campaign
from rules.model.builds import BuildClass
from rules.model.economy_model import Project, TurnFigures
from rules.model.treaty_model import PairFact, TreatyPair
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.opening import open_campaign_file
from rules.turn.run import play
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.test_main_cli_sealed_orders import OTHERS, PASSES, _turn

KLINGON_FIGURES = ("98765/7", "45678", "54321", "87654", "4242/11", "13579", "24680/3", "1212/5")
"""The Coalition's distinctive figures: Point Pool, research pool, Intel Points, TDP, a class's
maintenance, a chart's fleet strength, a project's cost, a reserve share."""


@pytest.fixture
def folder(tmp_path):
    c, ring = play(by_powers(), TO_ORDERS).campaign, Keyring()
    kl = next(p for p in c.powers if p.id == "klingon")
    d7 = next(u for f in c.fleets if f.power == "klingon" for u in f.units)
    kl.unit_list = [BuildClass(unit=d7, cost=10)]
    assert kl.economy is not None
    kl.economy = kl.economy.model_copy(update={
        "point_pool": Fraction(98765, 7), "tech_pool": 45678, "intel_points": 54321, "last_tdp": 87654,
        "maintenance": {d7.class_designation or d7.name: Fraction(4242, 11)},
        "history": [TurnFigures(turn=1, tdp=87654, pool=Fraction(98765, 7), strength=Fraction(13579))],
        "projects": [Project(id="klingon-t1-1", unit_class=d7.class_designation or d7.name, at="1208",
                             planet=_planet(c, "1208"), cost=Fraction(24680, 3), turn=1)],
        "reserve_share": Fraction(1212, 5), "reserve": ["kli-mon-korvat"]})
    rom = next(p for p in c.powers if p.id == "romulan")
    assert rom.economy is not None
    rom.economy = rom.economy.model_copy(update={"mothballed": ["rom-kr-talon"]})  # a cloaked ship's id
    c.treaties = [TreatyPair(powers=("klingon", "orion"), facts=[PairFact(fact="caught_espionage", by="klingon", turn=1)]),
                  TreatyPair(powers=("fed", "klingon"), facts=[PairFact(fact="caught_sabotage", by="klingon", turn=1)])]
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    save_campaign(c, tmp_path / "K.json")
    for name, text in PASSES.items():
        (tmp_path / f"{name}.txt").write_text(text + "\n")
    return tmp_path


def _planet(c, at):
    s = c.sector_at(at)
    return next(pl.name for pl in s.star_system.planets if pl.owner == "klingon")


def _copy(folder, team, out):
    return main(["team-copy", str(folder / "K.json"), "--team", team, "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(folder / out)])


def test_the_copy_holds_no_other_teams_economy_figures(folder):
    """grep the Alliance's copy like a curious player: none of the Coalition's figures; the
    Coalition's own copy and the GM's file hold them (sealed: opened with their passphrases)."""
    plain = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]}).model_dump_json()
    assert [f for f in KLINGON_FIGURES if f not in plain] == []
    assert _copy(folder, "alliance", "a.json") == 0
    raw = (folder / "a.json").read_text()
    assert [f for f in (*KLINGON_FIGURES, "rom-kr-talon") if f in raw] == []
    assert _copy(folder, "coalition", "c.json") == 0
    own = open_campaign_file(folder / "c.json", passphrases={"coalition": PASSES["coalition"]}).model_dump_json()
    assert [f for f in KLINGON_FIGURES if f not in own] == []


def test_the_copy_keeps_its_own_economy_and_what_the_table_sees(folder):
    assert _copy(folder, "alliance", "a.json") == 0
    full = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]})
    c = open_campaign_file(folder / "a.json", passphrases={"alliance": PASSES["alliance"]})
    for p in c.powers:
        whole = full.power(p.id)
        assert whole is not None
        team = c.team_of_power(p.id)
        if team is not None and team.id == "alliance":
            assert p.economy == whole.economy
        elif p.id == "klingon":  # its monitor in Reserve: the table's view shows why its fleet cannot move
            assert p.economy is not None and p.economy.model_dump(exclude_defaults=True) == {
                "reserve": ["kli-mon-korvat"]}
        else:  # no record (the Romulans' mothballed ship is cloaked: its id is not in the copy either)
            assert p.economy is None, p.id
        assert p.unit_list == whole.unit_list  # the seed: "this list of ships is public"


def test_orders_from_the_copy_naming_a_project_it_made_run_on_the_gms_file(folder, capsys):
    """The Federation buys a frigate and cancels it in its copy: the project's id the copy gives
    ("fed-t1-1", it knows of no Klingon project) is the GM's file's too, so the import runs."""
    assert _copy(folder, "alliance", "a.json") == 0
    given = [{"purchase": {"class": "FF", "at": "0207", "planet": "Vanguard II"}},
             {"cancel": {"project": "fed-t1-1"}}]
    (folder / "fed.in.json").write_text(json.dumps(given))
    assert main(["orders", str(folder / "a.json"), "--power", "fed", "--answers", str(folder / "fed.in.json"),
                 "--passphrase", f"alliance={folder / 'alliance.txt'}", "--out", str(folder / "fed.orders")]) == 0
    code, out, err = _turn(folder, capsys, "fed.orders", answers=["done"] * 5)
    assert code == 0, err
    texts = json.dumps(json.loads(out)["log"])
    assert "orders a FF at Vanguard II" in texts and "cancels the FF at Vanguard II" in texts
    after = open_campaign_file(folder / "after.json", passphrases={"gm": PASSES["gm"]})
    kl = after.power("klingon")
    assert kl is not None and kl.economy is not None and kl.economy.point_pool == Fraction(98765, 7)
    assert OTHERS  # the other powers close theirs at the GM's screen, the Klingons too


def test_the_copy_holds_no_spying_caught_between_two_other_teams(folder):
    """An Intel mission caught is told to the two Teams alone (its log line): the Alliance's copy
    keeps the Klingons caught on the Federation, not on the Orions."""
    assert _copy(folder, "alliance", "a.json") == 0
    c = open_campaign_file(folder / "a.json", passphrases={"alliance": PASSES["alliance"]})
    assert [(tp.powers, [f.fact for f in tp.facts]) for tp in c.treaties] == [
        (("klingon", "orion"), []), (("fed", "klingon"), ["caught_sabotage"])]
    assert "caught_espionage" not in (folder / "a.json").read_text()
