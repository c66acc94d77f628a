"""Building a Battle Hex for the procedure tests: a small campaign where Red (Klingon) and
Blue (Federation) share sector 0304; Red holds the Strategic Initiative and attacks."""
from __future__ import annotations

from typing import Any

from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.dice import ScriptedDice
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.rules.strategic.builder import campaign, fleet, unit

AT = Label.parse("0304")
__all__ = ["AT", "battle", "campaign", "fleet", "place", "unit"]


def battle(c, answers: tuple[Any, ...] = (), faces: list[int] | None = None, decisions=None) -> BattleProcedure:
    """End movement on ``c`` and start the procedure of the Battle Hex at 0304."""
    formed = end_movement(c, build_graph(c), decisions).campaign
    dice = (lambda _seed: ScriptedDice(list(faces))) if faces is not None else None
    kw = {"dice": dice} if dice else {}
    return BattleProcedure(formed, AT, seed=5, answers=answers, **kw)


def place(uid: str, at: str, facing: str | None = None, speed: int | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"unit": uid, "at": at}
    if facing is not None:
        out["facing"] = facing
    if speed is not None:
        out["speed"] = speed
    out.update(kw)
    return out


def ships(prefix: str, n: int, **kw: Any) -> list[dict]:
    return [unit(f"{prefix}{i}", **kw) for i in range(1, n + 1)]


def duel(blue_units=None, red_units=None, sectors=None, **kw):
    """Blue defends 0304 against Red (both already there; Red has the initiative)."""
    return campaign(sectors=sectors, fleets=[
        fleet("bf", "fed", "0304", units=blue_units or [unit("b1")]),
        fleet("rf", "klingon", "0304", units=red_units or [unit("r1")]), *kw.pop("extra", [])], **kw)
