"""b5 played at random through the seam: every question answered with a random legal answer
(placements among the engine's legal hexes, plots straight or turning, morale and reinforcements
at random), from both scenarios; each battle ends within its bound, replays to the same bytes
from its answers, and reopens from the saved campaign where it stood."""
from __future__ import annotations

import random

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from rules.systems import start
from rules.systems.b5.compat import HELD
from rules.systems.b5.jumping import held
from rules.systems.b5.movement import pulse_moves
from tests.rules.systems.b5.helpers import ARRAY, PULSE, b5_campaign
from tests.rules.systems.b5.test_flights import fast, flight_answer
from tests.rules.systems.v13.helpers import AT

BOUND = 400


def answer_for(run, q, rng: random.Random):
    """A random answer the engine should take (a plot it refuses is replaced by a straight one)."""
    if q.data.get(HELD):  # the reinforcing fleet's questions: their own dice, the battles' stream kept; none
        if q.key.endswith("/squadrons"):  # held unless play() holds some (the seam games play as before)
            return []
        rng = random.Random(f"{q.key} {len(run.answers)}")
    if q.kind is QKind.PLACE:
        if q.key == "b5/jump/gate" and rng.random() < 0.5:
            return "none"
        legal = run.legal() or list(run.engine.board.labels)
        through = "/arrive/" in q.key or "/landing/" in q.key and q.data.get("role") != "reinforcement"
        facing = run.engine.jump_facing.name if through else rng.choice("ABCDEF")
        return {"at": str(rng.choice(legal)), "facing": facing}
    if "elint" in q.data:  # an ELINT ship's orders: support, or jamming a random enemy
        team = run.engine.units[q.data["elint"]].team
        enemies = [run.engine.units[x].unit.name for x in run.engine.side_units(run.engine.enemy(team))
                   if x in run.engine.at and run.engine.units[x].status.value == "present"]
        if not enemies:  # every enemy ship withdrew off the board (rules/systems/b5/withdrawal.py)
            return rng.choice(["none", "offensive", "defensive"])
        return rng.choice(["none", "offensive", "defensive", f"jam fire control {rng.choice(enemies)}",
                           f"jam elint {rng.choice(enemies)}"])
    if "secondary" in q.data:  # half the time a squadron at a secondary jump point, forming in turns 1-3
        names = [s.name for s in run.engine.forces[q.to].squadrons[1:] if s.command not in held(run.engine)]
        if not names:  # every squadron but the flagship's held off as reinforcements
            return "none"
        return "none" if rng.random() < 0.5 else \
            f"{rng.choice(names)} at {rng.choice(run.engine.board.labels)} {rng.choice('ABCDEF')} turn {rng.randint(1, 3)}"
    if q.key.startswith("b5/net/") or "/network/" in q.key:  # the squadrons under a new flagship: its rating's number
        return rng.sample(list(q.options), len(q.default))
    flown = flight_answer(run, q, rng)  # fighter orders and flight moves
    if flown is not None:
        return flown
    if "plot" in q.data:
        moves = pulse_moves(q.data["speed"])
        return " ".join(("L" if rng.random() < 0.2 else "") + "F" * n or "-" for n in moves)
    if q.kind is QKind.CHOOSE:
        return rng.choice(q.options)
    if q.kind is QKind.YES_NO:
        return rng.random() < 0.5
    if q.kind in (QKind.NUMBER, QKind.OPTIONAL_NUMBER):
        return rng.randint(q.low, q.high)
    if q.kind is QKind.CHOOSE_UNITS:
        if "pick" in q.data:  # below x1, the flights the firing side's AF fire reaches: exactly so many
            return rng.sample(list(q.options), q.data["pick"])
        if q.key.startswith("b5/reinforcements/") and q.key.endswith("/flagship"):  # the reinforcing fleet
            return rng.sample(list(q.options), 1)  # own flagship: one
        if q.key == "b5/jump/openers":
            return list(q.options)
        if q.key == "b5/jump/patrols":
            n = int(q.text.split("which ")[1].split(" ")[0])
            return rng.sample(list(q.options), n)
        return [o for o in q.options if rng.random() < 0.3]
    raise AssertionError(f"no random answer for {q.key}")


def campaign(seed: int):
    """Seeds 3, 7, 11, 15: every ship with ELINT 1 and two primary weapons and energy mines, and a
    fighter flight a side. Seeds 0-7 fire shot by shot (settings.b5 declared_fire false), 8-15 as a
    new battle does by default (a squadron's fire declared as a whole)."""
    shots = seed < 8
    if seed % 4 == 3:
        mines = {"name": "Energy mine", "cls": "energy_mine", "shots": 1, "ranges": [40],
                 "fire_control": ["d10"] * 3, "damage": ["d12"], "x": 2}
        return fast(b5_campaign(4, armed=True, weapons=[ARRAY, PULSE, dict(PULSE, name="Second pulse"), mines],
                                elint=1, flights=1, shot_by_shot=shots))  # flights of Move 99: in reach in turn 1
    return b5_campaign(4, armed=seed % 2 == 1, shot_by_shot=shots)


def play(seed: int, c=None):
    """A random battle of :func:`campaign` ``(seed)`` (or of ``c``)."""
    rng = random.Random(seed)
    run = start(campaign(seed) if c is None else c, AT)
    while run.pending is not None:
        assert len(run.answers) < BOUND, f"seed {seed}: no end after {BOUND} answers"
        q = run.pending
        a = answer_for(run, q, rng)
        if q.data.get(HELD) and q.key.endswith("/squadrons"):  # half the time a squadron held off, own dice
            own = random.Random(f"{seed} {q.key}")
            a = [own.choice(q.options)] if own.random() < 0.5 and seed not in (3, 11) else []  # (3, 11: as below)
        try:
            run.answer(a)
        except IllegalAnswer:
            assert "plot" in q.data, f"seed {seed}: {q.key} refused {a!r}"
            straight = " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))
            try:
                run.answer(straight)
            except IllegalAnswer:  # heading off the board and too fast to stop: the GM rules it
                run.answer({"gm_ruling": "at the board's edge", "answer": straight})
    return run


def replays_and_reopens(run, c) -> None:
    """The battle played again on ``c`` from ``run``'s answers logs the same events; the campaign ``run``
    saves holds the battle hex resolved."""
    again = start(c, AT)
    for a in run.answers:
        again.answer(a)
    assert again.events_json() == run.events_json()
    saved = run.saved()
    assert next(r for r in saved.battle_hexes if r.at == AT).resolved


@pytest.mark.parametrize("seed", range(16))
def test_random_b5_battles_end_replay_and_reopen(seed):
    run = play(seed)
    assert run.state.resolved
    if seed in (3, 11):  # ELINT orders, energy mines and fighter flights in play
        texts = [e.text for e in run.log.events]
        assert any("'s ELINT: " in t for t in texts) and any(" launches " in t for t in texts)
        assert any(" flies from " in t for t in texts)  # (a flight's attack: seed 11's since the reinforcing
        assert seed == 3 or any(" fighters) attacks " in t for t in texts)  # fleet's question came before them)
    if seed == 11:
        assert any("arrive centred on" in t for t in texts)
    groups = run.engine.groups  # reinforcing fleets held off stay off until they arrive (random play: never yet)
    assert seed != 10 or set(groups) == {"blue", "red"}
    assert not [x for g in groups.values() if g.status != "arrived" for x in g.ships if x in run.engine.at]
    replays_and_reopens(run, campaign(seed))
