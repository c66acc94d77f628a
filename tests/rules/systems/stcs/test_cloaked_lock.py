"""Issue 25: a cloaked ship's sensor lock, tried in secret (rules.systems.stcs.cloaklock), and the Cloak Detection
Tables' Lock columns it reaches. Seed 002: "Ships may not fire weapons while cloaked" (a lock is not barred); the
tables' columns under "Movement Of Cloaked Vessel" are Stationary / Moving, each No Lock / Lock; the roll itself is
the Chance Of A Lock by range (0-7 1-10, 8-14 1-9, 15-21 1-8, 22-28 1-7, 29-36 1-6, none beyond). Before, a cloaked
ship was offered no lock act, so no scan ever read a Lock column (docs/stcs.md, the audit's "Left")."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import GM, IllegalAnswer
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_leaks import BLUE, RED, blue_sees, scripted, screen

RULE = "STCS Sensor Locks (cloaked, in secret)"  # (rules.systems.stcs.cloaklock.RULE)

# (range, moving) -> how the Bird of Prey (facing B, 24 hexes from the Enterprise facing E) or the Enterprise gets
# there: the Bird moving in secret (moving), else the Enterprise moving while the Bird never moved (stationary)
PATHS = {10: ("14", "B:14", "E:14"), 11: ("13", "B:13", "E:13"), 20: ("4", "B:4", "E:4"), 21: ("3", "B:3", "E:3"),
         30: ("9", "E:6", "B:6"), 31: ("10", "E:7", "B:7")}
"""Points, the Bird's path, the Enterprise's path (30 and 31: three hex sides turned away, then 6 or 7 ahead)."""
LOCK_COLUMNS = {("1-5", False): {10: (1, 6), 11: (1, 5), 20: (1, 5), 21: (1, 4), 30: (1, 4)},
                ("1-5", True): {10: (1, 8), 11: (1, 7), 20: (1, 7), 21: (1, 6), 30: (1, 6)},
                ("6-0", False): {10: (5, 10), 11: (6, 10), 20: (6, 10), 21: (7, 10), 30: (7, 10)},
                ("6-0", True): {10: (3, 10), 11: (4, 10), 20: (4, 10), 21: (5, 10), 30: (5, 10)}}
"""The seed's two tables' Lock columns (the faces that detect) at each range band's edges: 1-10, 11-20, 21-30."""
HIDDEN = {"1-5": 3, "6-0": 8}


def secret_lock(run: STCSBattle, on: str) -> None:
    """The GM takes the Bird of Prey's secret lock act; Red answers ``on`` (a ship, or none) in secret."""
    run.answer("cloaklock:bop")
    q = run.pending
    assert q.to == RED and q.data["secret"] and q.rule == RULE
    assert screen(run, BLUE) == {"to": RED, "rule": RULE, "secret": True}
    run.answer(on)
    assert run.pending.key.endswith("/act")


def place(run: STCSBattle, rng: int, moving: bool) -> None:
    points, bird, enterprise = PATHS[rng]
    run.answer("move:bop" if moving else "move:enterprise")
    run.answer(points)
    run.answer(bird if moving else enterprise)
    assert run.engine.range("bop", "enterprise") == rng


def scanned(rng: int, moving: bool, table: str, die: int, lock: bool = True) -> bool:
    """Whether the Enterprise's scan, on ``table``, finds the Bird of Prey at ``rng`` hexes holding a lock on it
    (``lock``: else its side answered no lock), with the scan die ``die``."""
    run = scripted([1, die] if lock else [die])  # the lock die 1 (locks at 24 hexes: 1-7), then the scan die
    secret_lock(run, "enterprise" if lock else "none")
    assert (run.engine.locks.get("bop") == "enterprise") is lock
    place(run, rng, moving)
    assert (run.engine.locks.get("bop") == "enterprise") is lock  # moving within 36 hexes keeps it
    run.answer("scan:enterprise")
    run.answer(HIDDEN[table])
    assert run.pending.key == "stcs/1/act"
    red = run.events_json(RED)
    assert rng > 30 and "no cloaked ship of yours within 30 hexes" in red or f"{'moving' if moving else 'stationary'}{', holding a lock' if lock else ''}): scan die {die % 10}" in red
    found = run.engine.locks.get("enterprise") == "bop"
    assert ("scan locks on a cloaked ship: Bird of Prey" in run.events_json(BLUE)) is found
    return found


@pytest.mark.parametrize(("table", "moving"), list(LOCK_COLUMNS))
@pytest.mark.parametrize("rng", [10, 11, 20, 21, 30])
def test_the_lock_columns_by_range_edge(table: str, moving: bool, rng: int) -> None:
    low, high = LOCK_COLUMNS[(table, moving)][rng]
    assert scanned(rng, moving, table, high) and scanned(rng, moving, table, low)
    past = high + 1 if table == "1-5" else low - 1  # the face just outside the column
    assert not scanned(rng, moving, table, past)


@pytest.mark.parametrize(("table", "moving"), list(LOCK_COLUMNS))
def test_no_lock_column_finds_a_ship_beyond_30_hexes(table: str, moving: bool) -> None:
    assert not any(scanned(31, moving, table, die) for die in (1, 5, 10))


def test_the_acceptance_example_moving_at_11_to_20_with_a_lock_1_to_7() -> None:
    """Issue 25's acceptance: Cloak Detection Table (1-5), a moving ship at 11-20 hexes with a lock -> 1-7; the same
    ship holding no lock is found on 1-4 only."""
    assert scanned(11, True, "1-5", 7) and scanned(20, True, "1-5", 7)
    assert not scanned(20, True, "1-5", 7, lock=False) and scanned(20, True, "1-5", 4, lock=False)
    assert not scanned(20, True, "1-5", 8)


@pytest.mark.parametrize(("die", "locks"), [(7, True), (8, False)])
def test_the_secret_lock_roll_by_range_seen_by_its_side_and_the_gm_only(die: int, locks: bool, tmp_path) -> None:
    run = scripted([die])
    assert run.question_odds()["cloaklock:bop"].startswith("by the range to the ship its side picks: 0-7 hexes D10 "
                                                           "1-10 (100%); 8-14 hexes D10 1-9 (90%)")
    run.answer("cloaklock:bop")
    q = run.pending
    assert q.options == ("none", "enterprise") and "odds" not in q.data  # (the dialog showed "enterprise D10 1-7")
    assert q.data["option_words"]["enterprise"] == "lock on Enterprise at 24 hexes: D10 1-7 (70%)"  # 22-28: 1-7
    run.answer("enterprise")
    assert (run.engine.locks.get("bop") == "enterprise") is locks
    line = f"Bird of Prey (cloaked) {'locks on' if locks else 'fails to lock on'} Enterprise at 24 hexes: D10 {die}"
    assert line in run.events_json(RED) and line in run.events_json(GM) and line not in run.events_json(BLUE)
    assert "fire:bop:enterprise" not in run.pending.options  # it still cannot fire while cloaked
    none = scripted([die])
    secret_lock(none, "none")
    assert blue_sees(run, tmp_path) == blue_sees(none, tmp_path)  # tried, held, failed or not: Blue reads the same
    assert "shadow:enterprise" in run.pending.options  # listed as if no lock were held, refused to the GM
    if locks:  # Sensor Shadows: "if no enemy ship is able to sense it"
        with pytest.raises(IllegalAnswer, match="Enterprise: an enemy ship holds a lock on it"):
            run.answer("shadow:enterprise")
    else:
        run.answer("shadow:enterprise")
        assert "enterprise" in run.engine.shadowed


def test_a_cloaked_ships_lock_is_lost_in_secret_and_kept_when_it_uncloaks() -> None:
    run = scripted([1])
    secret_lock(run, "enterprise")
    run.answer("move:bop")  # its side moves it one hex away in secret, then the Enterprise moves away in the open:
    run.answer("4")  # at 37 hexes the lock goes, its line Red's and the GM's
    run.answer("E:1")
    run.answer("move:enterprise")
    run.answer("15")
    run.answer("B:12")
    assert run.engine.range("bop", "enterprise") == 37 and "bop" not in run.engine.locks
    line = "Bird of Prey loses its lock on Enterprise (beyond 36 hexes)"
    assert line in run.events_json(RED) and line not in run.events_json(BLUE)
    again = scripted([1])
    secret_lock(again, "enterprise")
    again.answer("uncloak:bop")
    assert again.engine.locks["bop"] == "enterprise"
    assert "Bird of Prey uncloaks, holding its sensor lock on Enterprise" in again.events_json(BLUE)
    again.answer("move:bop")  # to 11 hexes, within its plasma's reach (12)
    again.answer("13")
    again.answer("B:13")
    again.answer("fire:bop:enterprise")
    while not again.pending.key.endswith("/chart"):
        again.answer(again.pending.options[0] if again.pending.options else False)
    assert "(then speed 0 +1, missile -1: chart 5 is" in again.pending.text  # its lock held: no -6


def test_damage_through_its_shields_takes_a_cloaked_ships_lock_in_secret() -> None:
    run = scripted([1])
    secret_lock(run, "enterprise")
    run.answer("hit:bop")
    while not run.pending.key.endswith("/act"):
        q = run.pending
        run.answer("superstructure" if "superstructure" in q.options else q.options[0] if q.options else 2)
    assert "bop" not in run.engine.locks
    line = "Bird of Prey loses its sensor lock (damage through its shields)"
    assert line in run.events_json(RED) and line not in run.events_json(BLUE)
    assert "Bird of Prey" not in json.dumps([e for e in json.loads(run.events_json(BLUE))
                                             if "loses" in e["text"]])


def test_refused_to_the_gm_with_its_sensors_out_and_still_listed() -> None:
    run = scripted([])
    run.answer("hit:bop")  # 25 points on its sensors: the fifth box (OUT) marked
    run.answer("sensors")
    run.answer(25)
    assert run.pending.key.endswith("/act") and "cloaklock:bop" in run.pending.options  # the list tells nothing
    with pytest.raises(IllegalAnswer, match="Bird of Prey: it may not lock now"):
        run.answer("cloaklock:bop")


def test_fire_through_its_shields_takes_a_cloaked_ships_lock_in_secret() -> None:
    """The Enterprise's scan locks on the Bird of Prey (holding its secret lock, 11 hexes, moving: table (1-5) 1-7)
    and fires at it in the open: the hit through its shields takes the Bird's lock, a line Blue never reads (it
    would tell Blue the Bird had held one)."""
    run = scripted([1, 1, 1])  # the Bird's lock die, the scan die, the to-hit die
    secret_lock(run, "enterprise")
    place(run, 11, True)
    run.answer("scan:enterprise")
    run.answer(HIDDEN["1-5"])
    assert run.engine.locks == {"bop": "enterprise", "enterprise": "bop"}
    run.answer("fire:enterprise:bop")
    while not run.pending.key.endswith("/act"):
        q = run.pending
        if q.key.endswith("/damage"):
            run.answer(40)  # through its 10-point shield: 30
        else:
            run.answer("superstructure" if "superstructure" in q.options else q.options[0] if q.options else
                       q.default if q.default is not None else 5)
    assert "bop" not in run.engine.locks and run.engine.ss_lost["bop"] > 0
    line = "Bird of Prey loses its sensor lock (damage through its shields)"
    assert line in run.events_json(RED) and line not in run.events_json(BLUE)


def sensored(points: int) -> STCSBattle:
    """The test battle with the Bird of Prey's sensors at ``points`` (0: none, the record's own bound)."""
    from rules.dice import ScriptedDice
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    c = stcs_campaign()
    for f in c.fleets:
        for u in f.units:
            if u.id == "bop" and u.stcs is not None:
                u.stcs = u.stcs.model_copy(update={"sensors": points})
    run = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice([1]))
    for a in ("sublight", ["lexington"]):
        run.answer(a)
    return run


@pytest.mark.parametrize(("points", "may"), [(0, False), (1, True)])
def test_a_cloaked_ship_without_sensors_is_refused_its_lock(points: int, may: bool) -> None:
    run = sensored(points)
    assert "cloaklock:bop" in run.pending.options
    if not may:
        with pytest.raises(IllegalAnswer, match="Bird of Prey: it may not lock now"):
            run.answer("cloaklock:bop")
    else:
        secret_lock(run, "enterprise")
        assert run.engine.locks == {"bop": "enterprise"}


def test_the_words_keys_and_odds_of_the_lock_question_and_its_line() -> None:
    """Red's question and line in full: who is asked, the ship it holds a lock on kept or replaced, a new key for each
    attempt (each its own secret die), the ship it holds left out, one beyond 36 hexes left out, -2 on an arrival in
    its arrival segment, the die 10 read 0, and the line a ruling under the cloaked lock's rule."""
    run = scripted([10] + [1] * 12)  # the first lock die 10 (7 hexes: 1-10 locks), then the warp in's dice
    assert run.question_odds()["cloaklock:bop"] == (
        "by the range to the ship its side picks: 0-7 hexes D10 1-10 (100%); 8-14 hexes D10 1-9 (90%); 15-21 hexes "
        "D10 1-8 (80%); 22-28 hexes D10 1-7 (70%); 29-36 hexes D10 1-6 (60%); none beyond 36 (-2 on a ship arriving "
        "this segment); each ship's odds in its side's question")
    place(run, 10, True)
    run.answer("move:enterprise")  # 7 hexes
    run.answer("4")
    run.answer("F:3")
    assert run.engine.range("bop", "enterprise") == 7
    run.answer("cloaklock:bop")
    first = run.pending
    assert first.text == "Red (in secret): does cloaked Bird of Prey try a sensor lock, and on which enemy ship?"
    assert first.data["option_words"] == {"none": "no lock attempt (Bird of Prey keeps its sensors quiet)",
                                          "enterprise": "lock on Enterprise at 7 hexes: D10 1-10 (100%)"}
    run.answer("enterprise")
    red = json.loads(run.events_json(RED))
    line = next(e for e in red if "(cloaked) locks on" in e["text"])
    assert (line["kind"], line["rule"], line["text"]) == ("ruling", RULE, "Bird of Prey (cloaked) locks on Enterprise "
                                                          "at 7 hexes: D10 0, 1-10 locks")
    run.answer("warpin:lexington")
    while not run.pending.key.endswith("/act"):
        run.answer(run.pending.default if run.pending.default is not None else run.pending.options[0])
    assert run.engine.arrived.get("lexington") == run.engine.round
    run.answer("cloaklock:bop")
    second = run.pending
    assert second.key != first.key
    r = run.engine.range("bop", "lexington")
    top = {7: 10, 14: 9, 21: 8, 28: 7, 36: 6}[next(b for b in (7, 14, 21, 28, 36) if r <= b)] - 2
    assert second.data["option_words"] == {
        "none": "no lock attempt (Bird of Prey keeps its lock on Enterprise)",
        "lexington": f"lock on Lexington at {r} hexes: D10 1-{top} ({top * 10}%) (replacing its lock on Enterprise "
                     "if it locks)"}  # (not the Enterprise it holds)


def test_no_ship_beyond_36_hexes_is_offered_and_an_uncloak_without_a_lock_says_nothing_of_one() -> None:
    run = scripted([])
    run.answer("move:enterprise")
    run.answer("15")
    run.answer("B:12")
    run.answer("move:bop")
    run.answer("4")
    run.answer("E:1")
    assert run.engine.range("bop", "enterprise") == 37
    run.answer("cloaklock:bop")
    assert run.pending.options == ("none",)
    run.answer("none")
    run.answer("uncloak:bop")
    said = [e["text"] for e in json.loads(run.events_json(BLUE))]
    assert said[-2] == "Bird of Prey uncloaks" and "bop" not in run.engine.locks


def test_refused_in_its_arrival_segment() -> None:
    """Warping Into Battles: "Ships arriving may not perform sensor locks in the turn segment in which they arrive"."""
    from rules.dice import ScriptedDice
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([1] * 12))
    run.answer("sublight")
    run.answer(["bop"])
    run.answer("warpin:bop")
    while not run.pending.key.endswith("/act"):
        run.answer(run.pending.default if run.pending.default is not None else run.pending.options[0])
    assert "bop" in run.engine.at and run.engine.cloaked["bop"] and "cloaklock:bop" in run.pending.options
    with pytest.raises(IllegalAnswer, match="Bird of Prey: it may not lock now"):
        run.answer("cloaklock:bop")
    run.answer("next")
    while not run.pending.key.endswith("/act"):
        run.answer("none")
    secret_lock(run, "enterprise")  # the next segment
