"""A battle's result is read once by each viewer: the fullest version it may read (issue 22, seen on
the real screen: a seated Team, and the GM, read 0509's result twice in the campaign log - everyone's
version with the hidden units taken out, then its own whole one). The engine writes the versions
(:func:`rules.battlehex.results.result_lines`) and ties each fuller one to everyone's
(``LogEntry.supersedes``, sealed with it); :func:`rules.model.visibility.readable_log` keeps, of
each result, the last version the viewer may read: the whole one is written last."""
from __future__ import annotations

import pytest

from rules.model.records import LogEntry
from rules.model.visibility import GM, TABLE, readable_log, shown
from tests.rules.battlehex.test_results_sight import AT, fought  # noqa: F401 (the fixture)

GENERAL = f"Battle Hex {AT} resolved: AF/EF, 1 round: Coalition broke off; destroyed: none; damaged: none"


def resolved(c, viewer: str) -> list[str]:
    return [e.text for e in readable_log(c, viewer) if e.text.startswith(f"Battle Hex {AT} resolved")]


@pytest.mark.parametrize("viewer", [GM, "alliance", "coalition"])
def test_the_gm_and_each_side_read_the_result_once_whole(fought, viewer):  # noqa: F811
    lines = resolved(fought[1], viewer)
    assert len(lines) == 1, lines
    assert "destroyed: Tau Defense Satellite; damaged: Tau Ceti IV Ground Base Alpha" in lines[0], lines


@pytest.mark.parametrize("viewer", [TABLE, "orions"])
def test_the_table_and_a_team_not_in_the_battle_read_everyone_s_version_once(fought, viewer):  # noqa: F811
    assert resolved(fought[1], viewer) == [GENERAL]


def test_the_fuller_version_names_the_line_it_replaces(fought):  # noqa: F811
    before, after = fought
    added = after.log[len(before.log):]
    assert added[0].text == GENERAL and added[0].supersedes == "" and added[0].secret_of == []
    assert added[1].supersedes == GENERAL and added[1].secret_of == ["alliance", "coalition"]


def test_of_several_versions_the_gm_reads_the_whole_one_each_team_its_own():
    """Three versions of one result: the Alliance's (one hidden unit put back), the Coalition's
    (the other), the whole one (the GM's alone), after everyone's: each viewer is shown one."""
    general = "Battle Hex 0101 resolved: destroyed: A"
    log = [LogEntry(turn=1, text="before"), LogEntry(turn=1, text=general),
           LogEntry(turn=1, text=general + ", X (as Alliance saw it)", secret_of=["alliance"], supersedes=general),
           LogEntry(turn=1, text=general + ", Y (as Coalition saw it)", secret_of=["coalition"], supersedes=general),
           LogEntry(turn=1, text=general + ", X, Y (as the GM saw it)", secret_of=[GM], supersedes=general),
           LogEntry(turn=1, text=general), LogEntry(turn=1, text="after")]  # the same words again: a line of its own
    assert shown(log, GM) == [True, False, False, False, True, True, True]
    assert shown(log, "alliance") == [True, False, True, False, False, True, True]
    assert shown(log, "coalition") == [True, False, False, True, False, True, True]
    assert shown(log, TABLE) == [True, True, False, False, False, True, True]


def test_the_whole_version_is_written_last_whoever_reads_it():
    """The Alliance reads the whole result (its own X, and the Coalition's Y the battle showed it);
    the Coalition only its own Y: the whole version, the Alliance's, comes last, so the GM is
    shown it, not the Coalition's (it came first among the versions, before the Coalition's)."""
    from rules.battlehex.results import result_lines
    from rules.model.visibility import Secrets, _pattern

    s = Secrets()
    s.names = {"X": "alliance", "Y": "coalition"}
    s._pat = _pattern(s.names)
    teams = [("alliance", "Alliance"), ("coalition", "Coalition"), ("orions", "Orion Pirates")]
    lines = result_lines(s, "Battle Hex 0101 resolved: destroyed: A, X and Y", teams, {"alliance": {"Y"}})
    log = [LogEntry(turn=1, text=text, secret_of=who, supersedes=lines[0][0] if k else "")
           for k, (text, who) in enumerate(lines)]
    assert [e.text for e in log] == [
        "Battle Hex 0101 resolved: destroyed: A",
        "Battle Hex 0101 resolved: destroyed: A and Y (as Coalition saw it: V13.03, V13.29)",
        "Battle Hex 0101 resolved: destroyed: A, X and Y (as Alliance saw it: V13.03, V13.29)"]
    whole = [e.text for e, k in zip(log, shown(log, GM), strict=True) if k]
    assert whole == [log[2].text]
    assert [e.text for e, k in zip(log, shown(log, "coalition"), strict=True) if k] == [log[1].text]
    assert [e.text for e, k in zip(log, shown(log, "orions"), strict=True) if k] == [log[0].text]
