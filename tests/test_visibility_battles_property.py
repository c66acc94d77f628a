"""Issue 20 acceptance, the battles: for random battles of every battle system, stopped at a random
answer, no Team reads in ``main.py battle --viewer TEAM`` (nor, for V13, in the battle report
as that Team may export it) another Team's hidden unit the battle has not shown it. Property
test (hypothesis, seeded; ``BATTLEHEX_LONG=1`` runs the long profile).

Each example takes the default campaign after movement (the ``battle`` command executes it, its
Battle Hexes formed), picks one of its Battle Hexes, fights it with the system's random legal
answers (:func:`tests.play.battle_player.fight`) and stops after a random number of them. The
command is then run in this process for every Team and the GM with those answers.

The secret strings are every Team's hidden units (cloaked, incidental) and fleets made only of
them, judged here from the units' own flags (tests/test_visibility_property.py), not by
rules/model/visibility.py. A Team may read another Team's hidden unit names only when it is a side
of that battle (the record's attacker or defender; in V13 any Team with units in it) and the
battle has shown the sides to each other: in V13 always (its own events hide the incidental
units until the attacker has placed), in the quick systems once the GM's output shows round 1
begun or the battle resolved. A fleet's name is never shown by a battle. A failure names the
strings searched for, the string found and where."""
from __future__ import annotations

import io
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.battlehex.headless import run as battle_run
from rules.model import save_campaign
from rules.model.campaign import Campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import choose_for_campaign, keys, start
from tests.play.battle_player import fight
from tests.test_visibility_property import secrets_by_team
from tests.hand_kept import hand_kept

LONG = os.environ.get("BATTLEHEX_LONG") == "1"
VIEWERS = ("alliance", "coalition", "orions")


@pytest.fixture(scope="module")
def moved() -> Campaign:
    """The default campaign (its empire turn kept by hand: tests/hand_kept.py) after movement, as
    ``main.py battle`` executes it (every question answered 'pay attention')."""
    c = hand_kept()
    graph = build_graph(c)
    report = end_movement(c, graph)
    if report.campaign is None:
        report = end_movement(c, graph, {(q.at, q.team, q.other): False for q in report.questions})
    assert report.campaign is not None
    return report.campaign


def fleet_names(c: Campaign) -> set[str]:
    """The names and ids of the fleets made only of hidden units."""
    return {x for f in c.fleets if f.units and all(u.is_cloaked or u.is_incidental for u in f.units)
            for x in (f.name, f.id)}


def _command(path, at: str, answers_path, viewer: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = battle_run([str(path), "--hex", at, "--answers", str(answers_path), "--viewer", viewer], out, err)
    assert code == 0, err.getvalue()
    return out.getvalue()


def _check(moved: Campaign, tmp_path, system: str, seed: int) -> None:
    rng = random.Random(seed)
    c = choose_for_campaign(moved, system)
    graph = build_graph(c)
    open_at = sorted({str(r.at) for r in c.battle_hexes if not r.resolved})
    at = rng.choice(open_at)
    rec = next(r for r in c.battle_hexes if str(r.at) == at and not r.resolved)
    fought = fight(c, rec.at, graph, rng, bound=80)
    given_ = fought.answers[:rng.randint(0, len(fought.answers))]
    save_campaign(c, tmp_path / "C.json")
    (tmp_path / "A.json").write_text(json.dumps(given_))
    gm = json.loads(_command(tmp_path / "C.json", at, tmp_path / "A.json", "gm"))
    shown = system == "v13" or gm["state"]["resolved"] or any(
        e["kind"] == "step" and e["text"] == "round 1" for e in gm["log"])
    secrets = secrets_by_team(c)
    fleets = fleet_names(c)
    sides = {rec.attacker, rec.defender}
    if system == "v13":
        sides |= {*rec.others}
    report = None
    if system == "v13":
        from rules.systems.v13.report import report_html
        b = start(c, rec.at, graph)
        for a in given_:
            b.answer(a)
    leaks: list[str] = []
    for viewer in VIEWERS:
        others = {t for t in secrets if t != viewer}
        kept = set().union(*(secrets[t] for t in others)) if others else set()
        if viewer in sides and shown:
            kept = {n for n in kept if n in fleets or not any(n in secrets[t] for t in sides - {viewer})}
        text = _command(tmp_path / "C.json", at, tmp_path / "A.json", viewer)
        leaks += [f"{viewer}'s battle --viewer output names {s!r}" for s in sorted(kept) if s in text]
        if system == "v13":
            report = report_html(b, None, viewer)
            leaks += [f"{viewer}'s V13 report names {s!r}" for s in sorted(kept) if s in report]
    assert not leaks, (f"{system} at {at}, seed {seed}, {len(given_)} answers {given_!r}: searched for "
                       f"{ {t: sorted(s) for t, s in secrets.items()} }; found:\n" + "\n".join(leaks))


_SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@pytest.mark.parametrize("system", sorted(set(keys()) & {"v13", "table", "sidcors", "afef"}))
@settings(max_examples=40 if LONG else 8, deadline=None, suppress_health_check=_SLOW, derandomize=not LONG)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_team_reads_a_hidden_unit_a_battle_has_not_shown_it(moved, tmp_path_factory, system, seed):
    _check(moved, tmp_path_factory.mktemp("battle"), system, seed)
