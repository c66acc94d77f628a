"""A battle's results written back leave no reference to what it removed (issue 19, found by
random play of the battle systems: 13 of 189 table battles and 6 of 220 AF/EF battles gave a
campaign ``--check`` refuses): a flight whose carrier was destroyed keeps no ``carrier_id``
naming it, and an escort whose civilian fleet was destroyed escorts nothing."""
from __future__ import annotations

from typing import Any

from rules.model.io import dumps, parse_campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from tests.rules.systems.v13.helpers import AT, duel, unit
from tests.rules.strategic.builder import fleet


def _fight_at_the_table(c: Any, destroyed: list[str]) -> Any:
    c = c.model_copy(update={"settings": c.settings.model_copy(update={"battle_system": "table",
                                                                        "fleet_composition": "none"})})
    run = start(end_movement(c, build_graph(c)).campaign, AT)
    for a in (destroyed, [], []):  # destroyed, captured, crippled
        run.answer(a)
    assert run.pending is None
    return run.saved()


def test_a_flight_whose_carrier_the_gm_destroyed_is_left_without_a_carrier():
    blue = [unit("cv", is_carrier=True), unit("fig", kind="fighter", size_class=6, carrier_id="cv")]
    saved = _fight_at_the_table(duel(blue), ["cv"])
    text = dumps(saved)
    parse_campaign(text)  # what --check reads: no "carrier_id: unit 'cv' does not exist"
    fig = next(u for f in saved.fleets for u in f.units if u.id == "fig")
    assert fig.carrier_id is None
    assert any(e.text == "FIG lost its carrier cv: it has none now (the GM rebases it)" for e in saved.log)


def test_an_escort_whose_civilian_fleet_was_destroyed_escorts_nothing():
    trade = fleet("tf", "fed", "0304", kind="trade", units=[unit(f"t{i}", kind="convoy_ship", hull_type="FT")
                                                             for i in range(1, 5)])
    c = duel([unit("b1")], extra=[trade])
    c = c.model_copy(update={"fleets": [f.model_copy(update={"escort_of": "tf"}) if f.id == "bf" else f
                                        for f in c.fleets]})
    saved = _fight_at_the_table(c, ["t1", "t2", "t3", "t4"])
    parse_campaign(dumps(saved))  # no "escort_of: fleet 'tf' does not exist"
    assert all(f.id != "tf" for f in saved.fleets)
    assert next(f for f in saved.fleets if f.id == "bf").escort_of is None
    assert any(e.text == "bf escorted tf, destroyed: it escorts nothing now" for e in saved.log)
