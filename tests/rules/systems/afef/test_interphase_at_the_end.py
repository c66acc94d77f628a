"""AF/EF at the battle's end (seed 001, 4.2.c): H2 saw, on the real screen, IKV Kumara's 2 hits
become 0 and Battle Station Tau's 11 become 10 when the GM broke the battle off. That is 4.2.c's
interphase ("the hit markers of all units ... are removed ... damaged units can only remove
those hits that exceed half of their EF"), which the engine applies when the battle ends since
the campaign keeps no markers. The battle keeps the marker the fighting left (``fought``) and
its log names each change, so the screen can say why the figure changed."""
from __future__ import annotations

from tests.rules.systems.afef.test_afef import run_of, ship, to_return


def _broken_off():
    """H2's figures: Red's r1 (AF 6, EF 8) puts 11 hits on Blue's station (EF 20: damaged), which
    fires back its 3 AF for 2 hits on r1 (not damaged); the GM breaks the attacker off."""
    faces = [6, 6, 6, 6, 6, 5] + [6, 1, 1]
    run = run_of([ship("b1", 3, 20, 3)], [ship("r1", 6, 8, 3)], faces)
    to_return(run, {"r1": {"b1": 6}})
    run.answer({"attacks": {"b1": {"r1": 3}}})
    assert run.pending.key == "afef/1/continue"
    station, raider = run.units("blue")[0], run.units("red")[0]
    assert (station.hits, station.damaged, raider.hits, raider.damaged) == (11, True, 2, False)
    assert station.fought is None and raider.fought is None  # nothing taken off while the battle goes on
    run.answer({"break_off": "attacker", "reason": "Red pulls back"})
    assert run.state.resolved
    return run


def test_the_interphase_at_the_end_clears_an_undamaged_marker_and_a_damaged_one_down_to_half_its_ef():
    run = _broken_off()
    station, raider = run.units("blue")[0], run.units("red")[0]
    assert (raider.fought, raider.hits) == (2, 0)  # undamaged: every hit removed
    assert (station.fought, station.hits) == (11, 10)  # damaged, EF 20: only the hit above 10 removed
    c = run.saved()
    units = {u.id: u for f in c.fleets for u in f.units}
    assert units["b1"].crippled and not units["r1"].crippled  # damaged status is not removed for free


def test_the_log_names_each_marker_the_interphase_changed_with_its_rule():
    run = _broken_off()
    end = [e for e in run.log.events if e.rule == "AF/EF 4.2.c" and "interphase" in e.text]
    assert len(end) == 1
    assert end[0].text.endswith("hits B1 11 to 10, R1 2 to 0"), end[0].text
    assert end[0].data == {"cleared": {"b1": [11, 10], "r1": [2, 0]}}
