"""Issue 25: a ship whose crew at their stations reach 0 only because a boarding party is away (waiting in the
transporter rooms) still has crew members aboard. Seed 002 bars by "no crew members on a ship" (Systems Repair),
"ships without crews" (Ramming: no Evasive Maneuvers), "de-crewed vessels" (Tractor Beams): the crew in the
transporter rooms are on the ship. A sender keeps 10% of its original crew aboard "in order to operate the ship"
(Shipboard Melee Combat); a hit that empties its stations leaves the party aboard, and a hit beyond them falls on
the party, so the ship is without crew exactly when its losses reach 100%, as a ship with no party: the five acts
(Shield Control, transporters, repairs, a tractor beam on an enemy, avoiding a ram) read the same to Red with the
party or without it. Crew beamed onto another ship are not aboard: with them away and the stations emptied the ship
is de-crewed."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_firing import ARRIVAL
from tests.rules.systems.stcs.test_parties import POWER
from tests.rules.systems.stcs.test_ramming import lands
from tests.rules.systems.stcs.test_shieldcontrol import lower
from tests.rules.systems.stcs.test_transport_tells import red
from tests.rules.systems.v13.helpers import AT

KEPT = 387
"""The Lexington's largest party: 430 less the 43 (10%) it keeps aboard to operate."""
TEN = ((5, 2),)
"""A 10% crew hit (5 points x 2%, the efficiency roll 99 fails): it takes the 43 kept at their stations."""
ALL = ((5, 4),) * 5
"""Five 20% crew hits: every one of the Lexington's crew lost."""
REST = ((5, 4),) * 4 + ((5, 2),)
"""After :data:`TEN`, 90% more: every one lost."""


def hurt(boarding: int, hits: tuple[tuple[int, int], ...], lex_lowers: bool = True,
         faces: list[int] | None = None) -> STCSBattle:
    """The Lexington allocates boarding parties of ``boarding`` of its crew (its side's secret), warps in 4 hexes
    from the Klothos, the shields along the line lowered (the Lexington's only if ``lex_lowers``); then the crew
    ``hits`` on it."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL + [99] * len(hits)
                                                                          + (faces or [])))
    for a in ("sublight", ["lexington"], "power:lexington", POWER.format(t=1, b=boarding), "warpin:lexington",
              "4,0", "2"):
        run.answer(a)
    if lex_lowers:
        lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    for points, rate in hits:
        for a in ("crew:lexington", "other", points, rate):
            run.answer(a)
    return run


def test_a_party_kept_to_the_ten_percent_then_its_stations_emptied_leaves_crew_aboard() -> None:
    nine = hurt(KEPT, ((3, 3),))  # 9%: 1% left at their stations
    assert nine.engine.casualties["lexington"] == 99
    run = hurt(KEPT, TEN)
    e = run.engine
    assert e.casualties["lexington"] == 100 and e.contact.parties.waiting == {"lexington": KEPT}
    assert "Lexington: 0% of its crew at their stations; 387 aboard off them" in run.events_json("blue")
    assert "no crew onboard" not in run.events_json("blue")
    dead = hurt(0, ALL)
    assert "Lexington: 0% of its crew at their stations; no crew onboard" in dead.events_json("blue")


def test_a_hit_beyond_the_stations_falls_on_the_party_all_lost_at_100_percent() -> None:
    run = hurt(KEPT, TEN + ((5, 4),))  # 30% lost in all: 70% of 430 = 301 of the party left
    e = run.engine
    assert e.contact.parties.waiting == {"lexington": 301}
    assert "86 of Lexington's crew aboard off their stations are lost" in run.events_json("blue")
    assert "aboard off their stations" not in run.events_json("red")
    run = hurt(KEPT, TEN + REST)  # 100% in all: none left
    assert run.engine.contact.parties.waiting == {"lexington": 0}
    assert "no crew onboard" in run.events_json("blue")


@pytest.mark.parametrize(("boarding", "hits", "towed"), [(KEPT, TEN, False), (0, TEN, False), (0, ALL, True),
                                                         (KEPT, TEN + REST, True)])
def test_a_tractor_beam_takes_the_enemy_only_de_crewed(boarding: int, hits: tuple[tuple[int, int], ...],
                                                        towed: bool) -> None:
    """Tractor Beams: "except to tow friendly or de-crewed vessels": the Klothos (its Bird of Prey cloaked, no other
    ship near) has a beam to fire only when the Lexington has no crew aboard."""
    run = hurt(boarding, hits)
    assert ("tractor:d7" in run.pending.options) is towed


@pytest.mark.parametrize(("boarding", "hits", "taken"), [(KEPT, TEN, False), (0, ALL, True)])
def test_shield_control_a_ship_with_its_party_aboard_keeps_its_shields_up(
        boarding: int, hits: tuple[tuple[int, int], ...], taken: bool) -> None:
    """A ship with no crew aboard has no one to raise its shields; one whose party waits in the transporter rooms
    keeps them up: the Klothos's boarding party is refused (to the GM) with the Lexington's shield up."""
    run = hurt(boarding, hits, lex_lowers=False)
    if taken:
        run.answer("beam:d7")
        run.answer("board:lexington")
        assert run.pending.key.endswith("/beam/d7/persons")
    else:
        with pytest.raises(IllegalAnswer, match="a shield is up on the line"):
            run.answer("beam:d7")


@pytest.mark.parametrize("hits", [(), TEN])
def test_transporters_beam_the_party_waiting_in_the_transporter_rooms(hits: tuple[tuple[int, int], ...]) -> None:
    """Kept to exactly the 10% at its stations (none to spare from them), or with its stations emptied: the party
    waiting beams over (the option was listed only with crew to spare at the stations)."""
    run = hurt(KEPT, hits)
    for a in ("beam:lexington", "board:d7", 6):
        run.answer(a)
    e = run.engine
    assert e.contact.melees["d7"].attackers == 6 and e.contact.parties.waiting == {"lexington": KEPT - 6}
    assert "beam:lexington" not in hurt(0, ALL).pending.options  # no crew: no one to work them


def test_repairs_with_the_party_aboard_not_with_the_crew_dead() -> None:
    """Systems Repair: "A repair roll may not be made if there are no crew members on a ship"."""
    views = []
    for boarding, hits in ((KEPT, TEN), (0, ALL)):
        run = hurt(boarding, hits)
        for a in ("hit:lexington", "sensors", 12):
            run.answer(a)
        views.append(run.pending)
    assert "repair:lexington" in views[0].options
    assert "repair:lexington" not in views[1].options
    assert views[1].data["barred"]["Lexington repair"] == "no crew onboard"


def rammed(boarding: int, hits: tuple[tuple[int, int], ...]) -> STCSBattle:
    """The Klothos, at 40% of its crew (three 20% hits), declares a ram on the Lexington and ends its move in its
    hex; the GM resolves it."""
    run = hurt(boarding, hits, faces=[99, 99, 99, 5, 5, 5, 5])
    for _ in range(3):
        for a in ("crew:d7", "other", 5, 4):
            run.answer(a)
    e = run.engine
    for a in ("declare:d7", "lexington", "move:d7", "8"):
        run.answer(a)
    run.answer(next(o for o in run.pending.options if lands(e.at["d7"], o) == e.at["lexington"]))
    run.answer("ram:d7")
    return run


def test_a_ship_with_its_party_aboard_may_avoid_a_ram_one_with_no_crew_may_not() -> None:
    """Ramming: "All vessels, except those which cannot move (ships without crews ...), may perform one Evasive
    Maneuver"."""
    run = rammed(KEPT, TEN)
    assert run.pending.key == "stcs/1/ram/d7/heading"  # the Lexington may try to avoid it
    dead = rammed(0, ALL)  # no question of avoiding: the rammer's single D10
    assert "Lexington does not avoid the ram: Klothos' D10 5: Solid Hit" in dead.events_json()
    assert dead.pending.key == "stcs/1/act"


def test_crew_beamed_onto_another_ship_are_not_aboard() -> None:
    """A party on the Klothos is not aboard the Lexington: the Lexington never allocated sends 387 (keeping the
    10%), a 10% hit takes the 43 kept at their stations, and it is de-crewed (the Klothos may take it in tow)."""
    from tests.rules.systems.stcs.test_transporters import boarded

    run = boarded(KEPT, [99])
    for a in ("crew:lexington", "other", 5, 2):
        run.answer(a)
    assert run.engine.casualties["lexington"] == 100 and "tractor:d7" in run.pending.options


def test_red_reads_the_five_acts_the_same_whatever_blues_secret_party() -> None:
    """The party waiting is Blue's secret: with it (its stations emptied) or without it (90% at their stations)
    Red's screen and log are the same at the act question, the Klothos's acts on the Lexington included (no tractor
    beam; a boarding party refused for the Lexington's shield up), and after the same losses reach 100%."""
    for hits in ((), TEN, TEN + ((5, 4),), TEN + ALL[1:], TEN + ALL[1:] + ((1, 5),), TEN + ALL[1:] + ((3, 3),),
                 TEN + REST):
        party, none = hurt(KEPT, hits, lex_lowers=False), hurt(0, hits, lex_lowers=False)
        assert red(party) == red(none)
        assert ("tractor:d7" in party.pending.options) == ("tractor:d7" in none.pending.options)
        assert ("beam:lexington" in party.pending.options) == ("beam:lexington" in none.pending.options)
        for run in (party, none):
            try:
                run.answer("beam:d7")
            except IllegalAnswer:
                pass
        assert red(party) == red(none)


@pytest.mark.parametrize(("boarding", "hits", "ejects"), [(KEPT, TEN, True), (0, TEN, True), (0, ALL, False)])
def test_the_crew_aboard_may_eject_the_warp_core(boarding: int, hits: tuple[tuple[int, int], ...],
                                                 ejects: bool) -> None:
    """Ship Explosions: "A ship which has no crew may not attempt to eject its warp core": the Lexington, its
    superstructure at -1, with its party aboard (its stations emptied) rolls the ejection (D100 57 at 57: ejected);
    with its crew dead it does not, and its core roll is made."""
    run = hurt(boarding, hits, faces=[57, 57, 1, 1, 1, 1])
    for a in ("hit:lexington", "superstructure", 41, "explode", ["lexington"]):
        run.answer(a)
    log = run.events_json("gm")
    assert ("Lexington does not explode: its crew ejects the warp core" in log) is ejects
    assert ("eject the warp core" in log) is ejects


def blue(run: STCSBattle) -> str:
    """Blue's screen (the pending question) and Blue's log."""
    import json

    from tests.rules.systems.stcs.test_leaks import BLUE, screen

    return json.dumps(screen(run, BLUE), sort_keys=True, default=str) + run.events_json(BLUE)


@pytest.mark.parametrize("hits", [(), TEN, TEN + ((5, 4),)])
def test_blue_reads_the_melee_the_same_whatever_reds_secret_party(hits: tuple[tuple[int, int], ...]) -> None:
    """The Klothos' party waiting (387 of 430, 43 left at their stations, Red's secret) defends it in melee as its
    crew at their stations would: Blue's boarders meet the same 86 defenders, the same strength, odds, losses and
    morale, with the party or without it, its stations emptied by a 10% hit or not (it read 0-43 with the party, 0-0
    with its stations emptied: the 86 refused)."""
    from tests.rules.systems.stcs.test_melee import defended

    party, none = (defended(n, hits, faces=[5, 7, 9]) for n in (KEPT, 0))
    assert party.pending.high == none.pending.high
    for run in (party, none):
        for a in (min(86, run.pending.high), "no", "stay", "stay", "no"):
            run.answer(a)
    assert blue(party) == blue(none)
    assert "strength 72 against" in blue(party)
