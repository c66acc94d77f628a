"""Issue 20 acceptance: for random games, nothing a Team may not know appears in anything that
Team can read. Property test (hypothesis, seeded).

Each example takes the default campaign keyed for the GM and every Team (File > Passphrases),
fighting its Battle Hexes with one battle system (every system in turn: the V13 tactical
interface, the table, SIDCORS, AF/EF), and plays one whole turn - Movement, the Combat Phase
and its battles - with random legal answers (:class:`tests.play.turn_player.TurnPlayer`: the
Shadow Squadron is cloaked, the Alliance holds incidental units, SIDCORS asks its Battle
Intensity and V13 its Pursuit Force in secret). Then for each Team it runs
``main.py turn FILE --passphrase gm=... --answers ... --viewer TEAM --out OUT`` (the entry
function, in process) and searches what that Team can read:

- its ``--viewer`` output (stdout);
- the saved file as anyone holds it, without a passphrase (also what an autosave holds: the same
  :func:`rules.model.dumps`);
- the part of the saved file its own passphrase opens (its blob).

The secret strings are every other Team's hidden units and fleets made only of them - names and
ids, from the campaigns before and after the turn - judged here from the units' own flags
(``is_cloaked``, ``is_incidental``), not by rules/model/visibility.py; less those a battle the
Team fought against their owner revealed to it (the record of that battle names them). In the
file as anyone holds it, no Team's hidden name may appear. A failure names the strings searched
for, the string found and where.

``BATTLEHEX_LONG=1`` runs the long profile."""
from __future__ import annotations

import io
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.model import load_campaign, save_campaign
from rules.model.campaign import Campaign
from rules.model.key_book import campaign_id_of
from rules.model.seals import Keyring, SealedBlob, new_key, open_blob, pin_of
from rules.model.secrets import with_key
from rules.systems import choose_for_campaign, keys
from rules.turn.headless import run as turn_run
from tests.conftest import DEFAULT
from tests.play.turn_player import TurnPlayer

LONG = os.environ.get("BATTLEHEX_LONG") == "1"
TEAMS = ("alliance", "coalition", "orions")
PASSES = {"gm": "the game master", **{t: f"{t} passphrase" for t in TEAMS}}


def secrets_by_team(*campaigns: Campaign) -> dict[str, set[str]]:
    """Team id -> the names and ids of its hidden units (cloaked, incidental) and of its fleets
    made only of them, in any of ``campaigns``."""
    out: dict[str, set[str]] = {}
    for c in campaigns:
        def team(power: str | None) -> str:
            t = c.team_of_power(power)
            return t.id if t else "gm"

        for f in c.fleets:
            hidden = [u for u in f.units if u.is_cloaked or u.is_incidental]
            got = out.setdefault(team(f.power), set())
            if f.units and len(hidden) == len(f.units):
                got |= {f.name, f.id}
            got |= {s for u in hidden for s in (u.name, u.id)}
        for s in c.map.sectors:
            out.setdefault(team(s.owner), set()).update(
                x for u in s.garrison if u.is_cloaked or u.is_incidental for x in (u.name, u.id))
    return out


class Keyed(tuple):
    """(campaign, keyring), shown short in a failure's report."""

    def __repr__(self) -> str:
        return "<the default campaign keyed for the GM and every Team>"


@pytest.fixture(scope="module")
def keyed() -> Keyed:
    c, ring = load_campaign(DEFAULT), Keyring()
    gm, private = new_key(PASSES["gm"], holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for t in TEAMS:
        record, own = new_key(PASSES[t], holder=t, pin=pin_of(c.keys))
        ring.add(t, own)
        c = with_key(c, t, record, ring)
    return Keyed((c, ring))


def revealed(c: Campaign, viewer: str, secrets: dict[str, set[str]]) -> set[str]:
    """The other Teams' hidden names a Battle Hex fought by ``viewer`` against them revealed to it:
    those its record (the answers, the result) names, each unit by its id and its name (the units of
    ``c`` and those its battles began with); the sides have seen each other fight."""
    out: set[str] = set()
    for b in c.battle_hexes:
        sides = {b.attacker, b.defender, *b.others}
        if viewer not in sides or not b.answers:
            continue
        text = json.dumps([b.answers, b.resolution, b.participants, b.pursuit, b.kept_ws], default=str)
        out |= {n for t in sides - {viewer} for n in secrets.get(t, ()) if n in text}
    units = [*(u for f in c.fleets for u in f.units), *(u for s in c.map.sectors for u in s.garrison),
             *(u for b in c.battle_hexes if b.began for f in b.began.fleets for u in f.units),
             *(u for b in c.battle_hexes if b.began for u in b.began.garrison)]
    return out | {x for u in units if u.id in out or u.name in out for x in (u.id, u.name)}


def _found(secrets: set[str], text: str, where: str) -> list[str]:
    return [f"{where} names {s!r}" for s in sorted(secrets) if s in text]


def _check_game(keyed, tmp_path, system: str, seed: int) -> None:
    campaign, ring = keyed
    start = choose_for_campaign(campaign, system)
    key = f"{seed % 256:02x}" * 32  # the battles' secret dice key, as main.py turn keys a battle it begins (issue 25)
    player = TurnPlayer(start, seed, check_saves=False, dice_key=key)
    player.play_turns(1)
    secrets = secrets_by_team(start, player.run.campaign)
    assert secrets["coalition"] >= {"Shadow Squadron (cloaked)", "RIS Talon"} and secrets["alliance"]
    save_campaign(start, tmp_path / "K.json")
    (tmp_path / "answers.json").write_text(json.dumps({"answers": player.run.answers, "dice_key": key}))
    for name, text in PASSES.items():
        (tmp_path / f"{name}.txt").write_text(text + "\n")
    leaks: list[str] = []
    for viewer in TEAMS:
        kept = set().union(*(s for t, s in secrets.items() if t != viewer)) \
            - revealed(player.run.campaign, viewer, secrets)
        out, err = io.StringIO(), io.StringIO()
        code = turn_run([str(tmp_path / "K.json"), "--passphrase", f"gm={tmp_path / 'gm.txt'}", "--answers",
                         str(tmp_path / "answers.json"), "--viewer", viewer, "--out", str(tmp_path / f"{viewer}.json")],
                        out, err)
        assert code == 0, err.getvalue()
        leaks += _found(kept, out.getvalue(), f"{viewer}'s --viewer output")
        saved = (tmp_path / f"{viewer}.json").read_text()
        leaks += _found(set().union(*secrets.values()), saved, "the saved file without a passphrase")
        data = json.loads(saved)
        own = Keyring()
        own.add(viewer, ring.get(viewer))
        for raw in data["sealed"]["blobs"]:
            plain = open_blob(SealedBlob.model_validate(raw), own, campaign_id_of(start.key_book))
            if plain is not None:
                leaks += _found(kept, plain.decode(), f"the part of the file {viewer}'s passphrase opens")
    assert not leaks, (f"{system}, seed {seed}, answers {player.run.answers!r}: searched for "
                       f"{ {t: sorted(s) for t, s in secrets.items()} }; found:\n" + "\n".join(leaks))


_SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@pytest.mark.parametrize("system", sorted(keys()))
@settings(max_examples=60 if LONG else 2, deadline=None, suppress_health_check=_SLOW, derandomize=not LONG)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_team_reads_what_it_may_not_know(keyed, tmp_path_factory, system, seed):
    _check_game(keyed, tmp_path_factory.mktemp("game"), system, seed)
