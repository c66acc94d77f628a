"""Issue 23, a Team's own copy for play by e-mail: for random games, each Team's copy of the
campaign after a whole turn holds nothing that Team may not know, and opens with its passphrase
alone. Property test (hypothesis, seeded), as tests/test_visibility_property.py: the default
campaign keyed for the GM and every Team, one whole turn played with random legal answers
(its battles fought with one battle system, each in turn); then the GM's copy for each Team
(rules/model/team_copy.py) is searched, its bytes and the campaign its passphrase opens, for
every other Team's hidden names (judged from the units' own flags) less those a battle the
Team fought revealed to it. ``BATTLEHEX_LONG=1`` runs the long profile."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.model.team_copy import make_copy
from rules.opening import open_campaign_file
from rules.systems import choose_for_campaign, keys
from tests.play.turn_player import TurnPlayer
from tests.test_visibility_property import LONG, PASSES, TEAMS, keyed, revealed, secrets_by_team  # noqa: F401


@pytest.mark.parametrize("system", sorted(keys()))
@settings(max_examples=30 if LONG else 1, deadline=None, derandomize=not LONG,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_each_teams_copy_holds_only_what_it_may_know(keyed, tmp_path_factory, system, seed):
    campaign, ring = keyed
    start = choose_for_campaign(campaign, system)
    player = TurnPlayer(start, seed, check_saves=False)
    player.play_turns(1)
    after = player.run.campaign
    secrets = secrets_by_team(start, after)
    folder = tmp_path_factory.mktemp("copies")
    leaks: list[str] = []
    for team in TEAMS:
        kept = set().union(*(s for t, s in secrets.items() if t != team)) - revealed(after, team, secrets)
        path = folder / f"{team}.json"
        path.write_text(make_copy(after, team, ring.get("gm")), encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        copy = open_campaign_file(path, passphrases={team: PASSES[team]})
        opened = copy.model_dump_json()
        leaks += [f"{team}'s copy names {s!r}" for s in sorted(kept) if s in text]
        leaks += [f"{team}'s opened copy names {s!r}" for s in sorted(kept) if s in opened]
        assert copy.team_copy is not None and copy.team_copy.team == team and copy.turn == after.turn
    assert not leaks, f"{system}, seed {seed}, answers {player.run.answers!r}:\n" + "\n".join(leaks)
