"""A tiny campaign builder for the strategic rule tests: a small hex map, two or three
teams, relations and fleets given in a line each."""
from __future__ import annotations

from typing import Any

from hexmap import Label
from rules.model.campaign import Campaign
from rules.strategic import StrategicState, build_graph


def L(text: str) -> Label:
    return Label.parse(text)


def unit(uid: str, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "name": uid.upper(), **kw}


def fleet(fid: str, power: str, at: str, orders: tuple[str, ...] = (), units: list[dict] | None = None,
          **kw: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid, "power": power, "sector": at, "orders": list(orders),
            "units": units or [unit(f"{fid}-1")], **kw}


def campaign(cols: int = 8, rows: int = 6, *, sectors: dict[str, dict] | None = None,
             fleets: list[dict] | None = None, relations: dict[tuple[str, str], str] | None = None,
             teams: list[dict] | None = None, major: list[tuple[str, str]] = (),
             closed: list[tuple[str, str]] = (), **kw: Any) -> Campaign:
    """Powers fed + kzinti (team blue), klingon + lyran (team red), orion (team orions) and
    monsters (GM team). Fed/Kzinti and Klingon/Lyran are allied, blue and red are at war,
    Orions at hostilities with all; ``relations`` overrides."""
    rel = {("fed", "kzinti"): "alliance", ("klingon", "lyran"): "alliance",
           ("fed", "klingon"): "war", ("fed", "lyran"): "war", ("kzinti", "klingon"): "war",
           ("kzinti", "lyran"): "war"}
    for p in ("fed", "kzinti", "klingon", "lyran"):
        rel[(p, "orion")] = "hostilities"
    rel.update(relations or {})
    secs = []
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            lab = f"{c:02d}{r:02d}"
            secs.append({"at": lab, **(sectors or {}).get(lab, {})})
    data = {
        "format": "battlehex-campaign", "version": 2, "name": "test",
        "powers": [{"id": p, "name": p.title()} for p in ("fed", "kzinti", "klingon", "lyran", "orion", "monsters")],
        "teams": teams or [
            {"id": "blue", "name": "Blue", "powers": ["fed", "kzinti"]},
            {"id": "red", "name": "Red", "powers": ["klingon", "lyran"], "strategic_initiative": True},
            {"id": "orions", "name": "Orions", "powers": ["orion"], "is_orion_pirates": True},
            {"id": "gm", "name": "GM", "powers": ["monsters"], "gm_controlled": True},
        ],
        "diplomacy": [{"powers": list(k), "state": v} for k, v in rel.items()],
        "map": {"cols": cols, "rows": rows, "sectors": secs,
                "major_lanes": [{"ends": list(p)} for p in major],
                "closed_lanes": [{"ends": list(p)} for p in closed]},
        "fleets": fleets or [],
        **kw,
    }
    return Campaign.model_validate(data)


def state(c: Campaign) -> StrategicState:
    return StrategicState.compute(c, build_graph(c))
