"""b5 a squadron's fire declared as a whole before any of it is resolved (seed 003 Combat
Procedures; rules/systems/b5/declared.py, settings.b5 ``declared_fire``): the shots named are
declared, only the squadron's ships may declare more, then every to-hit die is rolled before any
damage; off, each shot is resolved as it is named."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import declared
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER, SET_UP
from tests.rules.systems.v13.helpers import AT, duel


def campaign(on: bool = True):
    """Blue: B-FLAG (a laser), B-F2; Red's squadron rflag: R-FLAG (laser, matter cannon) and R-F2
    (a laser), 37 hexes from Blue after the first pulse's moves (extreme range)."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER]), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag", weapons=[LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = {"declared_fire": on}
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def fight(on: bool, faces):
    run = B5Battle(campaign(on), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in SET_UP:
        run.answer(a)
    return run


def rolls(run) -> list[str]:
    return [e.data.get("purpose", e.text) for e in run.log.events if e.kind == "roll"]


def test_a_squadrons_shots_are_declared_then_all_rolled_before_any_damage():
    """R-FLAG's laser and R-F2's laser declared at B-FLAG: no die rolled while declaring; Blue's
    B-FLAG not offered while Red's declared fire waits, nor 'done'; then 'resolve': the four to-hit
    dice (10, 1; 1, 1) all before the first damage die ("all weapons fire is rolled and the results
    are recorded before moving on to resolving the damage")."""
    run = fight(True, [10, 1, 1, 1, 9, 4] + [1] * 20)
    for a in ("fire", "r-flag", "Laser", "b-flag"):
        run.answer(a)
    texts = [e.text for e in run.log.events]
    assert "declared: R-FLAG's Laser (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs 15 (rolled when the " \
           "squadron's fire is resolved)" in texts and not rolls(run)
    q = run.pending
    assert q.options == (declared.RESOLVE, "fire") and "the declared fire of squadron rflag waits" in q.text
    run.answer("fire")
    assert run.pending.options == ("r-flag", "r-f2")  # the squadron's ships only: not B-FLAG
    with pytest.raises(IllegalAnswer):
        run.answer("b-flag")
    for a in ("r-f2", "Laser", "b-flag"):
        run.answer(a)
    assert not rolls(run)
    run.answer(declared.RESOLVE)
    purposes = rolls(run)
    assert purposes[:4] == ["Laser to hit"] * 4 and all("to hit" not in p for p in purposes[4:]), purposes
    texts = [e.text for e in run.log.events]
    first_damage = next(i for i, e in enumerate(run.log.events) if e.kind == "roll" and "to hit" not in
                        e.data.get("purpose", "to hit"))
    rolled = [i for i, t in enumerate(texts) if t.startswith("rolled: ")]
    assert len(rolled) == 2 and max(rolled) < first_damage
    assert "rolled: R-FLAG's Laser (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs 15: 1 hit on armor " \
           "4" in texts
    assert "R-FLAG's Laser (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs 15: 1 hit on armor 4: severe " \
           "(Laser); 2 structure, 10 left" in texts
    assert run.pending.options == ("done", "fire")  # resolved: the pulse's fire goes on (R-FLAG's cannon)


def test_when_every_ship_of_the_squadron_has_declared_its_fire_is_resolved():
    """R-FLAG's laser and cannon and R-F2's laser declared: nothing is left to declare, so the five
    to-hit dice are rolled at once, before any damage."""
    run = fight(True, [10, 1, 10, 1, 1, 9, 4, 3] + [1] * 20)
    for a in ("fire", "r-flag", "Laser", "b-flag", "fire", "r-flag", "Matter cannon", "b-flag", "fire", "r-f2",
              "Laser", "b-flag"):
        run.answer(a)
    purposes = rolls(run)
    assert purposes[:5] == ["Laser to hit", "Laser to hit", "Matter cannon to hit", "Laser to hit", "Laser to hit"]
    assert all("to hit" not in p for p in purposes[5:]), purposes


def test_off_each_shot_is_resolved_as_it_is_named():
    """The setting off (the battles saved before): the laser's damage is rolled before the cannon
    is named."""
    run = fight(False, [10, 1, 9, 4] + [1] * 20)
    for a in ("fire", "r-flag", "Laser", "b-flag"):
        run.answer(a)
    assert rolls(run)[:3] == ["Laser to hit", "Laser to hit", "Laser damage"]
    assert run.pending.options == ("done", "fire")


def test_undo_after_every_answer_of_declared_fire_gives_a_full_replays_bytes(monkeypatch):
    """Seeded dice, two plotted turns with shots declared and resolved (and the defender's choices):
    undo after every answer resumes from a checkpoint with a full replay's bytes; the same seed and
    answers give the same bytes."""
    from rules.systems import start
    from tests.rules.systems.b5.test_marking import undo_everywhere

    c = campaign(True)
    run = start(c, AT)
    for a in SET_UP:
        run.answer(a)
    declared_n = 0
    while run.pending is not None and run.engine.round <= 2 and len(run.answers) < 120:
        q = run.pending
        if q.key.endswith("/turn"):
            a = "plot and move"
        elif "plot" in q.data:
            a = q.default or " ".join("-" for _ in range(3))
        elif "/fire/" in q.key:
            a = "fire" if "fire" in q.options and declared_n < 6 else q.options[0]
            declared_n += a == "fire"
        else:
            a = q.default if q.default is not None else [] if q.kind.value == "choose_units" else q.options[0]
        run.answer(a)
    texts = [e.text for e in run.log.events]
    assert sum(t.startswith("declared: ") for t in texts) >= 3 and sum(t.startswith("rolled: ") for t in texts) >= 3
    again = start(c, AT)
    for a in run.answers:
        again.answer(a)
    assert again.events_json() == run.events_json()
    undo_everywhere(c, list(run.answers), monkeypatch)


def _played(c):
    """A seeded battle of two plotted turns, ships firing (declared) in every pulse they may."""
    from rules.systems import start

    run = start(c, AT)
    for a in SET_UP:
        run.answer(a)
    declared_n = 0
    while run.pending is not None and run.engine.round <= 2 and len(run.answers) < 120:
        q = run.pending
        if q.key.endswith("/turn"):
            a = "plot and move"
        elif "plot" in q.data:
            a = q.default or " ".join("-" for _ in range(3))
        elif "/fire/" in q.key:
            a = "fire" if "fire" in q.options and declared_n < 6 else q.options[0]
            declared_n += a == "fire"
        else:
            a = q.default if q.default is not None else [] if q.kind.value == "choose_units" else q.options[0]
        run.answer(a)
    return run


def test_a_cold_reopen_with_declared_fire_waiting_replays_a_few_answers(tmp_path, monkeypatch):
    """The file saved while a squadron's declared fire waits to be resolved, late in a seeded battle:
    a cold reopen (a new process) replays a few answers, with the same bytes, and goes on alike."""
    from rules.model.io import load_campaign, save_campaign
    from rules.systems import start
    from tests.rules.battlehex.test_replay_points import counting
    from tests.rules.battlehex.test_resume import WRITE_EVERY, new_process
    from tests.rules.systems.b5.test_b5_checkpoints import reference

    path = tmp_path / "declared.json"
    save_campaign(start(campaign(True), AT).saved(), path)  # as the window saves it (the record as it is kept)
    c = load_campaign(path)
    answers = list(_played(c).answers)
    waiting = [i for i, e in enumerate(answers) if e == declared.RESOLVE]
    cut = waiting[-1]  # the last 'resolve': saved with the declared fire waiting
    new_process()
    run = start(c, AT)
    for a in answers[:cut]:
        run.answer(a)
        run.adopt(run.saved())  # as the battle window stores every answer
    assert run.engine.declared and run.pending.options[0] == declared.RESOLVE
    save_campaign(run.saved(), path)
    new_process()
    given = counting(monkeypatch)
    reopened = start(load_campaign(path), AT)
    assert len(given) <= WRITE_EVERY + 2, f"a cold reopen gave {len(given)} of {cut} answers again"
    assert reopened.events_json() == run.events_json() and len(reopened.engine.declared) == len(run.engine.declared)
    for a in answers[cut:cut + 6]:
        reopened.answer(a)
    assert reopened.events_json() == reference(c, None, answers[:cut + 6]).events_json()


def test_while_declared_shots_wait_return_declares_the_next_shot_then_resolves():
    """Issue 24: the fire question opened at 'resolve' while the squadron's other shots waited to be
    declared, so Return rolled R-FLAG's laser alone and skipped R-FLAG's cannon and R-F2's laser. It
    opens at 'fire' (the seed: "once you've declared all of your targets for the squadron"), and
    Return on every question then declares both and resolves the three shots together."""
    run = fight(True, [10, 1, 10, 1, 1, 9, 4, 3] + [1] * 20)
    for a in ("fire", "r-flag", "Laser", "b-flag"):
        run.answer(a)
    q = run.pending
    assert q.options == (declared.RESOLVE, "fire") and q.default == "fire", q.default
    while not rolls(run):  # Return on each question: the answer its dialog opens at
        q = run.pending
        run.answer(q.default if q.default is not None else q.options[0])
    texts = [e.text for e in run.log.events]
    assert [t.split(" at ")[0] for t in texts if t.startswith("declared: ")] == [  # the best odds first (x2 before x1)
        "declared: R-FLAG's Laser (x2)", "declared: R-F2's Laser (x2)", "declared: R-FLAG's Matter cannon (x1)"]
    assert rolls(run)[:5] == ["Laser to hit", "Laser to hit", "Laser to hit", "Laser to hit", "Matter cannon to hit"]
    q = run.pending  # nothing of Red's waits; Blue's ships still have shots: Return fires one, not done
    assert q.options == ("done", "fire") and q.default == "fire" and not run.engine.declared



def escorted(faces):
    """:func:`campaign`'s battle, B-FLAG of Def 6 (11 needed at extreme range), Red's flagship escorted by R-E1 with
    a heavy pulse cannon of at most 2 pulses; set up and plotted, at the first pulse's fire question."""
    from tests.rules.systems.b5.helpers import PULSE

    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER], defence=6),
            b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag", weapons=[LASER]), b5("r-e1", escort=True, weapons=[{**PULSE, "max_pulses": 2}])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = {"declared_fire": True}
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in SET_UP[:8] + ["6029"] + SET_UP[8:]:
        run.answer(a)
    return run


def test_an_escort_declares_alone_and_its_pulse_weapon_hits_with_its_pulses_up_to_its_most():
    """A flagship's escort is in no squadron: it declares on its own, resolved at once. Seed 003 pulse weapons: one
    hit and one more a point over the number needed, at most the weapon's pulses: d10 10 + sensor 5 against 11, at
    most 2: 2 hits; the second die (1) misses. The declared and rolled lines are the combat's rulings about B-FLAG."""
    run = escorted([10, 1] + [1] * 40)
    for a in ("fire", "r-e1", "Heavy pulse cannon", "b-flag"):
        run.answer(a)
    lines = [e for e in run.log.events if e.text.startswith(("declared: ", "rolled: "))]
    assert [(e.kind, e.rule, e.data) for e in lines] == [("ruling", "B5 Combat", {"unit": "b-flag"})] * 2
    assert lines[1].text == ("rolled: R-E1's Heavy pulse cannon (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs "
                             "11: 2 hits on armor 4")
    assert run.pending.options == ("done", "fire")  # resolved: nothing waits


def test_a_declared_beam_hits_once_however_far_over_the_number_needed():
    """A laser is not a pulse weapon: d10 10 + sensor 5 against 11 is one hit (4 over), the second die (1) a miss."""
    run = escorted([10, 1] + [1] * 40)
    for a in ("fire", "r-flag", "Laser", "b-flag", declared.RESOLVE):
        run.answer(a)
    assert "rolled: R-FLAG's Laser (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs 11: 1 hit on armor 4" in [
        e.text for e in run.log.events]
