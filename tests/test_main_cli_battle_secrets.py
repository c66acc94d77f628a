"""Issue 20: ``main.py battle --viewer TEAM`` prints nothing of another Team's hidden units the
battle has not shown it, in every battle system (rules/battlehex/sight.py).

The default campaign's Battle Hex 0509 (formed by the command's own movement): the Coalition
attacks the Alliance with the cloaked Shadow Squadron (RIS Talon, RIS Vaed, RIS Sith) among its
Klingons; the Alliance holds incidental units (Tau Ceti IV Ground Bases, the Tau Defense
Satellite). Before the fix, the Orions (not in that battle) read both sides' hidden ships in
every system's log, and in the table system the Alliance read the Coalition's cloaked ships in
the "units present" line before the GM had entered any result.

The command runs in this process through its entry function (``main.main`` hands ``battle`` to
it)."""
from __future__ import annotations

import io
import json

import pytest

from rules.battlehex.headless import run
from tests.conftest import DEFAULT


def hidden_of(team: str) -> list[str]:
    """The names and ids of ``team``'s hidden units (cloaked, incidental) and of its fleets made
    only of them, read from the scenario file itself."""
    data = json.loads(DEFAULT.read_text())
    powers = next(t["powers"] for t in data["teams"] if t["id"] == team)
    out = []
    for f in data["fleets"]:
        if f["power"] not in powers:
            continue
        hidden = [u for u in f["units"] if u.get("is_cloaked") or u.get("is_incidental")]
        if hidden and len(hidden) == len(f["units"]):
            out += [f["name"], f["id"]]
        out += [s for u in hidden for s in (u["name"], u["id"])]
    for s in data["map"]["sectors"]:
        if s.get("owner") in powers:
            out += [x for u in s.get("garrison", []) if u.get("is_cloaked") or u.get("is_incidental")
                    for x in (u["name"], u["id"])]
    return out


def battle(tmp_path, system: str, viewer: str, answers: list[object] | None = None) -> str:
    argv = ["battle", str(DEFAULT), "--hex", "0509", "--system", system, "--viewer", viewer]
    if answers is not None:
        (tmp_path / "a.json").write_text(json.dumps(answers))
        argv += ["--answers", str(tmp_path / "a.json")]
    out, err = io.StringIO(), io.StringIO()
    code = run(argv[1:], out, err)
    assert code == 0, err.getvalue()
    return out.getvalue()


def test_the_secrets_searched_for():
    assert {"RIS Talon", "rom-kr-talon", "Shadow Squadron (cloaked)"} <= set(hidden_of("coalition"))
    assert {"Tau Defense Satellite", "fed-defsat-tau"} <= set(hidden_of("alliance"))


@pytest.mark.parametrize("system", ["v13", "table", "sidcors", "afef"])
def test_a_team_not_in_the_battle_reads_no_hidden_unit_of_it(tmp_path, system):
    out = battle(tmp_path, system, "orions")
    assert "0509" in out
    searched = hidden_of("coalition") + hidden_of("alliance")
    found = [s for s in searched if s in out]
    assert not found, f"the Orions' --viewer output of the {system} battle at 0509 names {found} (searched {searched})"


def test_the_table_shows_the_other_side_its_hidden_units_only_once_the_gm_has_entered_the_results(tmp_path):
    before = battle(tmp_path, "table", "alliance")
    found = [s for s in hidden_of("coalition") if s in before]
    assert not found, f"the Alliance reads {found} before the battle is fought"
    assert "IKV Kumara" in before  # the units the rules do not hide are listed
    assert "RIS Talon" in battle(tmp_path, "table", "gm")  # the GM reads everything
    after = battle(tmp_path, "table", "alliance", [[], [], []])
    assert '"resolved": true' in after and "RIS Talon" in after  # fought: the sides have seen each other


def test_the_quick_systems_show_the_sides_each_other_once_the_first_round_begins(tmp_path):
    for system in ("sidcors", "afef"):
        out = battle(tmp_path, system, "alliance")
        assert '"text": "round 1"' in out and "RIS Talon" in out
        assert "Shadow Squadron (cloaked)" not in out  # the ships are seen, not the fleet they sail in


def test_in_the_table_system_each_team_reads_its_own_units_and_the_others_it_may_know(tmp_path):
    """The "units present" line was one line naming every Team's units, so the sight dropped it whole
    for a Team that may not know one of them: the Coalition no longer read its own ships there."""
    coalition = battle(tmp_path, "table", "coalition")
    assert "units present (Coalition" in coalition and "RIS Talon" in coalition  # its own cloaked ships too
    assert "units present (Alliance)" in coalition  # the Alliance's units it may know
    assert not any(s in coalition for s in hidden_of("alliance"))
    alliance = battle(tmp_path, "table", "alliance")
    assert "units present (Coalition)" in alliance and "units present (Alliance" in alliance
    assert not any(s in alliance for s in hidden_of("coalition"))
