"""A unit id is any non-empty string (rules.model.units), a ':' in it included: STCS's acts name ships as
``verb:x`` and ``verb:x:y``, and cut at every ':' they read the ship "ncc" of "lock:ncc:1701:ikv:d7" and crashed
with a KeyError (issue 25). The ships are now found among the battle's ids (:mod:`rules.systems.stcs.actkeys`):
the same battle plays with ids of ':' as with plain ones."""
from __future__ import annotations

import json
import random

import pytest

from rules.battlehex.questions import QKind
from rules.dice import ScriptedDice
from rules.systems import start
from rules.systems.stcs.actkeys import split
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.v13.helpers import AT

IDS = {"enterprise": "ncc:1701", "lexington": "ncc:1709", "d7": "ikv:d7", "bop": "irw:bop"}


def colon_campaign():
    """The tests' STCS battle with every ship's id holding a ':' (only the ids differ)."""
    c = stcs_campaign()
    text = json.dumps(json.loads(c.model_dump_json()))
    for old, new in IDS.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return type(c).model_validate_json(text)


def scripted(faces: list[int]) -> STCSBattle:
    run = STCSBattle(colon_campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    run.answer("sublight")
    run.answer([IDS["lexington"]])
    return run


def test_the_campaign_holds_the_colon_ids() -> None:
    text = colon_campaign().model_dump_json()
    assert all(f'"id":"{x}"' in text for x in IDS.values()) and '"id":"d7"' not in text


def test_a_lock_between_two_colon_ids_and_its_odds() -> None:
    run = scripted([1])
    act = "lock:ncc:1701:ikv:d7"
    assert act in run.pending.options and run.question_odds()[act].startswith("D10 1-")
    run.answer(act)
    assert run.engine.locks["ncc:1701"] == "ikv:d7"
    assert "Enterprise locks on Klothos" in run.events_json("blue")


def test_damage_to_a_colon_id_and_to_a_cloaked_one_kept_from_the_other_side() -> None:
    run = scripted([])
    run.answer("hit:ikv:d7")
    run.answer("superstructure")
    run.answer(5)
    assert run.engine.ss_lost["ikv:d7"] == 5
    run.answer("hit:irw:bop")  # the cloaked Bird of Prey: its side's and the GM's
    run.answer("superstructure")
    run.answer(4)
    assert run.engine.ss_lost["irw:bop"] == 4
    assert "Bird of Prey" not in run.events_json("blue") and "Bird of Prey" in run.events_json("red")


@pytest.mark.parametrize("seed", range(8))
def test_random_answers_end_the_battle_with_colon_ids(seed: int) -> None:
    rng = random.Random(seed)
    run = start(colon_campaign(), AT)
    for _ in range(5000):
        q = run.pending
        if q is None:
            break
        if q.kind is QKind.CHOOSE:
            run.answer(rng.choice([o for o in q.options if o != "resolve" and legal(q, o)] or list(q.options)))
        elif q.kind is QKind.CHOOSE_UNITS:
            run.answer([o for o in q.options if rng.random() < 0.3])
        elif q.kind is QKind.TEXT:
            run.answer(q.default)
        elif q.kind is QKind.YES_NO:  # (the Casualty Modifier Track's Not Firing box)
            run.answer(rng.random() < 0.5)
        else:
            assert q.low is not None and q.high is not None
            run.answer(rng.randint(q.low, q.high))
    assert run.state.resolved


def test_split_finds_the_ships_among_the_ids() -> None:
    ids = ["ncc:1701", "d7", "a", "a:b", "c"]
    assert split("lock:ncc:1701:d7", ids) == ("lock", "ncc:1701", "d7")
    assert split("hit:ncc:1701", ids) == ("hit", "ncc:1701", "")
    assert split("warpout:ncc:1701:3", ids) == ("warpout", "ncc:1701", "3")
    assert split("lock:a:b:c", ids) == ("lock", "a:b", "c")  # the rest an id
    assert split("lock:a:b", ids) == ("lock", "a:b", "")  # the whole an id
    assert split("lock:a:c", ids) == ("lock", "a", "c")
    assert split("next", ids) == ("next", "", "")
    assert split("power:x:y", []) == ("power", "x", "y")  # no id named: at the first two ':'
    assert split("fire:x:y:z", []) == ("fire", "x", "y:z")
    assert split("hit:ab", ["a"]) == ("hit", "ab", "")  # an id is named whole, not as a prefix
    assert split("lock:x:y:w", ["x", "x:y", "y:w"]) == ("lock", "x", "y:w")  # the rest an id beats the longest
    # truly ambiguous ("a" then "b", or the one id "a:b"): the whole key as one id is read first
    assert split("hit:a:b", ["a", "a:b", "b"]) == ("hit", "a:b", "")
