"""A battle resolved in an earlier session replays from its file (issue 22,
rules/battlehex/replay_source.py): fought to its end, saved, parsed afresh and rebuilt from its
record's inputs (``began``), its replay's last frame is the live end of the battle."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.systems.v13.autoplay import play
from rules.errors import RuleError
from rules.model.io import dumps, parse_campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import BattleRun
from rules.battlehex.replay_source import as_began, replay_run, replayable
from rules.battlehex.replay_steps import Steps
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random
from tests.hand_kept import hand_kept

ROOT = Path(__file__).resolve().parents[3]
QUIET = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
         (Label.parse("0907"), "alliance", "coalition"): False}


def _reopened(live: BattleRun) -> Any:
    """The campaign ``live`` wrote back, saved and parsed afresh (a new session's file)."""
    return parse_campaign(dumps(live.saved()), "reopened.json")


def _end_matches(live: BattleRun, c: Any) -> None:
    [index] = replayable(c)
    g = build_graph(c)
    run = replay_run(c, index, g)
    steps = Steps(run, g)
    assert len(steps) == len(live.answers)
    end = steps.at(len(steps))
    assert end.events_json() == live.events_json()  # type: ignore[attr-defined]
    assert end.status() == live.status()
    assert end.state.marks() == live.state.marks()
    assert end.pending is None
    assert not steps.at(len(steps) - 1).status().resolved


@pytest.mark.parametrize("system", ["sidcors", "afef", "table"])
def test_a_reopened_battle_replays_to_its_end(system: str) -> None:
    c, g = battle(3, system)
    played = play_at_random(c, AT, system, 5, g, stubborn=0.3)
    assert played.run.pending is None
    c2 = _reopened(played.run)
    rec = c2.battle_hexes[replayable(c2)[0]]
    assert rec.began is not None and rec.began.system == system
    began = as_began(c2, replayable(c2)[0])
    assert not began.battle_hexes[0].resolved and began.battle_hexes[0].answers == played.run.answers
    _end_matches(played.run, c2)


def test_a_reopened_v13_battle_replays_to_its_end() -> None:
    c0 = hand_kept()
    g = build_graph(c0)
    c = end_movement(c0, g, QUIET).campaign
    live = BattleProcedure(c, Label.parse("0604"), seed=2, graph=g)
    play(live, 2, through_combat=True, combat_actions=200)
    assert live.state.resolved
    c2 = _reopened(live)
    assert [str(c2.battle_hexes[i].at) for i in replayable(c2)] == ["0604"]
    _end_matches(live, c2)


def test_an_old_record_without_inputs_is_not_replayable() -> None:
    c, g = battle(3, "sidcors")
    played = play_at_random(c, AT, "sidcors", 5, g)
    c2 = _reopened(played.run)
    old = c2.model_copy(update={"battle_hexes": [r.model_copy(update={"began": None}) for r in c2.battle_hexes]})
    assert replayable(old) == []
    with pytest.raises(RuleError, match="before its inputs were kept"):
        as_began(old, 0)
    assert '"began"' not in dumps(old)  # the default is left out of the file: old files stay as they were


def test_later_turns_change_nothing_of_the_replay() -> None:
    """Turns after the battle move its fleets away, bring another fleet into its sector, change
    the sector's owner and the turn: the replay still begins as the battle did."""
    c, g = battle(3, "afef")
    played = play_at_random(c, AT, "afef", 6, g, stubborn=0.3)
    c2 = _reopened(played.run)
    away = [f.model_copy(update={"sector": Label.parse("0101")}) for f in c2.fleets]
    newcomer = c2.fleets[0].model_copy(update={"id": "late", "name": "Late", "units": [
        c2.fleets[0].units[0].model_copy(update={"id": "late-1", "name": "Late 1"})]})
    sectors = [s.model_copy(update={"owner": "b"}) if s.at == AT else s for s in c2.map.sectors]
    later = c2.model_copy(update={"turn": c2.turn + 2, "fleets": [*away, newcomer],
                                  "map": c2.map.model_copy(update={"sectors": sectors})})
    later = parse_campaign(dumps(later), "later.json")
    began = as_began(later, replayable(later)[0])
    assert "late" not in {f.id for f in began.fleets} and began.turn == c2.turn
    assert next(s for s in began.map.sectors if s.at == AT).owner is None
    _end_matches(played.run, later)


@pytest.mark.parametrize("system", ["sidcors", "afef", "table"])
def test_inputs_that_do_not_lead_to_its_end_are_refused(system: str) -> None:
    """A record whose kept inputs were changed (a side's fleet dropped) does not replay as it was
    fought: refused with the rule, never shown as the battle."""
    c, g = battle(3, system)
    played = play_at_random(c, AT, system, 5, g, stubborn=0.3)
    c2 = _reopened(played.run)
    i = replayable(c2)[0]
    rec = c2.battle_hexes[i]
    assert rec.began is not None
    less = rec.began.model_copy(update={"fleets": rec.began.fleets[1:]})
    changed = c2.model_copy(update={"battle_hexes": [rec.model_copy(update={"began": less})]})
    with pytest.raises(RuleError):
        replay_run(changed, i, g)
