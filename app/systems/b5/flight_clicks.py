"""The b5 panel's fighter flights: their counters as the engine has them (on the board, fighters
left, missions once revealed, dogfights), and the board's clicks that write a side's flight moves
into the bar (a click on its flight picks it, a click on a hex moves it there; a click on a carrier
holding a flight launches it). The engine checks every move when the bar is given."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hexmap import Label
from rules.battlehex.sight import sight
from rules.systems.b5 import dogfight, fighters, flights

if TYPE_CHECKING:
    from app.systems.b5.panel import B5Panel
    from rules.systems.b5.battle import B5Battle


def counters(run: B5Battle, viewer: str) -> tuple[list[tuple[str, Label, int, str]], list[Label]]:
    """The flights on the board (name and fighters left, hex, team index, tooltip) and the
    dogfights' hexes; a flight the viewer's sight does not know is left out."""
    e = run.engine
    seen = sight(run, viewer)
    teams = [e.defender, e.attacker]
    out = []
    for uid, at in e.air.at.items():
        u = e.units[uid]
        if not seen.knows(uid, u.unit.name):
            continue
        n = fighters.left(e, uid)
        tip = f"{u.unit.name} at {at}: {n} fighters, {flights.words_of(e, uid)}"
        out.append((f"{u.unit.name} {n}", at, teams.index(u.team) if u.team in teams else 2, tip))
    return out, dogfight.fights(e)


def where(run: B5Battle, uid: str) -> str:
    """Where flight ``uid`` is and its mission once revealed, for the Forces sheet."""
    e = run.engine
    carrier = flights.carrier_of(e, uid)
    at = f" at {e.air.at[uid]}" if uid in e.air.at else f" aboard {e.units[carrier].unit.name}" if carrier else ""
    return f"{at}, {flights.words_of(e, uid)}"


def click(panel: B5Panel, run: B5Battle, team: str, at: Label) -> None:
    """A board click while ``team`` moves its flights: its flight there is picked (or, on its
    carrier's hex, a flight aboard is launched); with a flight picked, it is moved to ``at`` (to
    its carrier's hex: it lands; to another friendly carrier's: it lands there). The move is added to the bar."""
    e = run.engine
    mine = flights.flights_of(e, team)
    part = ""
    if panel.picked:
        carrier = flights.carrier_of(e, panel.picked)
        name = e.units[panel.picked].unit.name
        other = [x for x in e.at if e.at[x] == at and e.units[x].team == team and x != carrier
                 and e.data(x).fighter_flights and flights.space(e, x) > 0]  # another carrier with a place free
        part = f"{name} land" if carrier and e.at.get(carrier) == at else \
            f"{name} land {e.units[other[0]].unit.name}" if other else f"{name} {at}"
        panel.picked = ""
    else:
        here = [f for f in mine if e.air.at.get(f) == at]
        aboard = [f for f in mine if flights.aboard(e, f) and e.at.get(flights.carrier_of(e, f)) == at]
        if here:
            panel.picked = here[0]
            panel.prompt.setText(f"{e.units[here[0]].unit.name} picked: click the hex it flies to")
            return
        if aboard:
            part = f"launch {e.units[aboard[0]].unit.name}"
    if part:
        typed = panel.hex_edit.text().strip()
        typed = "" if typed.lower() == "none" else typed
        panel.hex_edit.setText(f"{typed}; {part}" if typed else part)
        panel.prompt.setText("Flights:")
