"""Secrecy at the end of an STCS battle (issue 25: "the scanning side must never learn" what it could not see): the
GM enters the Bird of Prey destroyed while cloaked, Blue holding no lock on it. Blue's log never names it, neither
in the GM's answer nor in the resolution ("Red (destroyed: Klothos; ...)"); Red and the GM read the whole. Once it
has uncloaked (seen by all), Blue reads it destroyed too. Before the fix Blue read "Game Master: Bird of Prey,
Klothos" and "Red (destroyed: Klothos and Bird of Prey; ...)"."""
from __future__ import annotations

import json

from rules.battlehex.log import GM
from tests.rules.systems.stcs.test_damage import scripted


def resolved(*first: str):
    run = scripted([])
    for a in first:
        run.answer(a)
    run.answer("resolve")
    run.answer(["bop", "d7"])
    assert run.pending is None
    return run


def texts(run, viewer: str) -> list[str]:
    return [e["text"] for e in json.loads(run.events_json(viewer)) if "text" in e]


def test_a_cloaked_ship_destroyed_unseen_is_not_named_to_the_side_that_never_saw_it() -> None:
    run = resolved()
    assert run.engine.cloaked["bop"] and not run.engine.locks
    blue = texts(run, "blue")
    assert not [t for t in blue if "Bird of Prey" in t]
    assert "Battle Hex 0304 resolved: STCS: Red (destroyed: Klothos; warped out: none); Blue (destroyed: none; "\
           "warped out: none)" in blue
    full = "Battle Hex 0304 resolved: STCS: Red (destroyed: Klothos and Bird of Prey; warped out: none); Blue "\
           "(destroyed: none; warped out: none)"
    for viewer in ("red", GM):
        seen = texts(run, viewer)
        assert full in seen and "Game Master: Bird of Prey, Klothos" in seen
    assert "Red (destroyed: Klothos;" not in " ".join(texts(run, "red"))  # Blue's line is Blue's (the GM reads all)
    assert run.state.resolution == full.removeprefix("Battle Hex 0304 resolved: ")  # the record: the campaign's rules


def test_once_uncloaked_it_is_named_to_everyone() -> None:
    run = resolved("uncloak:bop")
    full = "Battle Hex 0304 resolved: STCS: Red (destroyed: Klothos and Bird of Prey; warped out: none); Blue "\
           "(destroyed: none; warped out: none)"
    for viewer in ("blue", "red", GM):
        assert full in texts(run, viewer)
    assert "Game Master: Bird of Prey, Klothos" in texts(run, "blue")


def test_a_lock_on_it_is_seeing_it() -> None:
    run = scripted([])
    run.engine.locks["enterprise"] = "bop"  # (a scan's lock: test_battle.py plays one)
    run.answer("resolve")
    run.answer(["bop"])
    assert "Red (destroyed: Bird of Prey; warped out: none)" in " ".join(texts(run, "blue"))


def campaign_log(run, viewer: str) -> list[str]:
    from rules.battlehex.results import write_back
    from rules.model.visibility import readable_log

    return [e.text for e in readable_log(write_back(run.campaign, run.state, "STCS", run), viewer)]


def test_the_campaign_log_keeps_it_from_blue_too() -> None:
    """Written back, Blue's campaign log read "Bird of Prey destroyed" and the whole result line "as Blue and Red
    saw it" (the battle counted every ship of the other side as shown to Blue: rules.battlehex.sight.learned)."""
    run = resolved()
    blue, red = campaign_log(run, "blue"), campaign_log(run, "red")
    assert not [t for t in blue if "Bird of Prey" in t]
    assert "Bird of Prey destroyed" in red and any("Klothos and Bird of Prey" in t for t in red)
    seen = resolved("uncloak:bop")
    assert "Bird of Prey destroyed" in campaign_log(seen, "blue")


def test_with_units_left_to_the_table_the_line_after_their_questions_keeps_it_from_blue_too() -> None:
    """A Red unit with no STCS data is left to the table: its three questions come after the GM's answer, so the
    resolution is logged at the last of them, when that answer's hiding is over; the line keeps the ship out all
    the same (its own visibility)."""
    import json as js

    from rules.dice import ScriptedDice
    from rules.model import io
    from rules.systems.stcs.battle import STCSBattle
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    data = js.loads(io.dumps(stcs_campaign()))
    fleet = next(f for f in data["fleets"] if any(u["id"] == "d7" for u in f["units"]))
    fleet["units"].append({**{k: v for k, v in fleet["units"][0].items() if k != "stcs"}, "id": "raider",
                           "name": "Raider"})
    c = type(stcs_campaign()).model_validate(data)
    run = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice([]))
    for a in ("sublight", ["lexington"], "resolve", ["bop", "d7"]):
        run.answer(a)
    assert run.pending is not None and run.pending.key.startswith("stcs/table/")
    while run.pending is not None:
        run.answer([])
    blue = texts(run, "blue")
    assert any(t.startswith("Battle Hex 0304 resolved: STCS: Red (destroyed: Klothos;") for t in blue)
    assert not [t for t in blue if "Bird of Prey" in t]
