"""The world of a generated campaign (tests/strategies/campaigns.py): powers, Teams and their
diplomacy, and the strategic map with home systems, star systems, bases, terrain and lanes.

Every choice is asked of a :class:`Draw` (a hypothesis ``draw`` or a seeded ``random.Random``),
so hypothesis shrinks towards the simplest world and a seed reproduces one exactly.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

from hexmap import Label, grid_hex
from tests.strategies import units as U

T = TypeVar("T")
EMPIRES = (("fed", "United Federation of Planets", "#3f74d6"), ("klingon", "Klingon Empire", "#c23b2f"),
           ("romulan", "Romulan Star Empire", "#4f9a6a"), ("kzinti", "Kzinti Hegemony", "#e0892b"),
           ("gorn", "Gorn Confederation", "#5a8f29"), ("tholian", "Tholian Holdfast", "#b86bd1"),
           ("lyran", "Lyran Star Empire", "#d9b428"), ("hydran", "Hydran Kingdom", "#2a9df4"))
TEAM_NAMES = (("alliance", "Alliance"), ("coalition", "Coalition"), ("concord", "Concord"), ("league", "League"))
SYSTEM_NAMES = ("Vanguard", "Kessat", "Ardana", "Tagh", "Rigel", "Hunter's Reach", "Golden Mane", "Remus",
                "Cygnet", "Altair", "Ktharn", "Sherman's Planet", "Deneb", "Mizar", "Canopus", "Vega")
TERRAIN = ("nebula", "asteroid_field", "black_hole", "ringed_gas_giant", "variable_pulsar", "ion_storm")
CAPTAINS = ("Hale", "Kethas", "Mrrowr", "Nuala", "Vorn", "Tavek", "Ssarn", "Mira")


class Draw(Protocol):
    """The source of every choice: a hypothesis ``draw`` or a seeded ``random.Random``."""

    def integer(self, low: int, high: int) -> int:
        """An integer of ``low``-``high`` (both included); the smallest is the simplest."""
        ...


class RandomDraw:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


class HypothesisDraw:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))


def _label(col: int, row: int) -> str:
    return str(Label(col, row))


class World:
    """The powers, Teams, diplomacy and map of one campaign, built choice by choice."""

    def __init__(self, d: Draw) -> None:
        self.d = d
        self.fleets: list[dict[str, Any]] = []
        self.ids: dict[str, int] = {}

    # -- choices -------------------------------------------------------------------------------
    def pick(self, items: Sequence[T]) -> T:
        return items[self.d.integer(0, len(items) - 1)]

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in 100; shrinks to False."""
        return self.d.integer(0, 99) >= 100 - percent

    def new_id(self, base: str) -> str:
        self.ids[base] = self.ids.get(base, 0) + 1
        return f"{base}-{self.ids[base]}"

    # -- powers, teams, diplomacy --------------------------------------------------------------
    def powers_and_teams(self) -> None:
        total = self.d.integer(3, 6)
        monster, orion = self.chance(60), self.chance(50)
        if total - monster - orion < 2:
            orion = False
        if total - monster - orion < 2:
            monster = False
        n_empires = total - monster - orion
        pool = list(EMPIRES)
        self.empires = [pool.pop(self.d.integer(0, len(pool) - 1)) for _ in range(n_empires)]
        n_teams = self.d.integer(max(2, 3 - monster - orion), min(4, n_empires))
        members: list[list[str]] = [[] for _ in range(n_teams)]
        for i, (pid, _, _) in enumerate(self.empires):
            members[i if i < n_teams else self.d.integer(0, n_teams - 1)].append(pid)
        initiative = self.d.integer(-1, n_teams - 1)
        self.powers = [{"id": p, "name": n, "color": c, "race_flags": [p]} for p, n, c in self.empires]
        self.teams: list[dict[str, Any]] = []
        for i, ps in enumerate(members):
            tid, name = TEAM_NAMES[i]
            self.teams.append({"id": tid, "name": name, "powers": ps, "commander": f"Admiral {self.pick(CAPTAINS)}",
                               "strategic_initiative": i == initiative,
                               "economic_points": 10 * self.d.integer(0, 40)})
        if orion:
            self.powers.append({"id": "orion", "name": "Orion Pirates (Blackstar Cartel)", "color": "#2fb7a4",
                                "race_flags": ["orion"]})
            self.teams.append({"id": "orions", "name": "Orion Pirates", "powers": ["orion"], "is_orion_pirates": True})
        if monster:
            self.powers.append({"id": "monsters", "name": "Wild Space", "color": "#8e44ad"})
            self.teams.append({"id": "gm", "name": "Wild Space (GM)", "powers": ["monsters"], "gm_controlled": True})
        self.team_of = {p: t["id"] for t in self.teams for p in t["powers"]}
        self.diplomacy: list[dict[str, Any]] = []
        ids = [p["id"] for p in self.powers]
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if self.team_of[a] == self.team_of[b]:
                    state = self.pick(("alliance", "mutual_defense", "co_belligerent", ""))
                elif "monsters" in (a, b):
                    state = self.pick(("", "war"))  # a GM-controlled power is at war with all by default
                elif "orion" in (a, b):
                    state = self.pick(("hostilities", "war"))
                else:
                    state = self.pick(("war", "war", "hostilities"))
                if state:
                    self.diplomacy.append({"powers": [a, b], "state": state})

    def team_power(self, team: str) -> str:
        return self.pick([p for p, t in self.team_of.items() if t == team])

    # -- the map -------------------------------------------------------------------------------
    def strategic_map(self) -> dict[str, Any]:
        cols, rows = self.d.integer(6, 9), self.d.integer(5, 8)
        self.cols, self.rows = cols, rows
        self.labels = [_label(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]
        homes: dict[str, str] = {}
        for pid, _, _ in self.empires:
            free = [s for s in self.labels if all(self.dist(s, h) >= 3 for h in homes.values())] or \
                [s for s in self.labels if s not in homes.values()]
            homes[pid] = self.pick(free)
        self.homes = homes
        sectors: dict[str, dict[str, Any]] = {}
        for s in self.labels:
            near = sorted((self.dist(s, h), p) for p, h in homes.items())
            sec: dict[str, Any] = {"at": s}
            if len(near) > 1 and near[0][0] == near[1][0]:
                sec["neutral_zone"] = True
            else:
                sec["owner"] = near[0][1]
                sec["original_owner"] = near[0][1] if not self.chance(5) else near[1][1]
                if self.chance(10):
                    sec["province"] = f"{near[0][1].title()} March"
            if s not in homes.values() and self.chance(12):
                sec["terrain"] = self.pick(TERRAIN)
            sectors[s] = sec
        names = list(SYSTEM_NAMES)
        for pid, at in homes.items():
            self.star_system(sectors[at], names, pid, home=True)
        for _ in range(self.d.integer(1, 4)):
            at = self.pick([s for s in self.labels if "star_system" not in sectors[s]])
            self.star_system(sectors[at], names, sectors[at].get("owner"), home=False)
        self.sectors = sectors
        self.closed = [self.pick_adjacent() for _ in range(self.d.integer(0, 2))]
        self.closed = [p for i, p in enumerate(self.closed) if p not in self.closed[:i]]
        far = [(a, b) for a in self.labels for b in self.labels if a < b and 2 <= self.dist(a, b) <= 4]
        self.major = [self.pick(far) for _ in range(self.d.integer(0, 2))]
        self.major = [p for i, p in enumerate(self.major) if p not in self.major[:i]]
        out: dict[str, Any] = {"cols": cols, "rows": rows, "sectors": list(sectors.values()),
                               "major_lanes": [{"ends": list(p)} for p in self.major],
                               "closed_lanes": [{"ends": list(p)} for p in self.closed]}
        if self.chance(50):
            out["random_terrain"] = {"dice": "1d6", "entries": [{"low": 1, "high": 4, "terrain": "none"},
                                                                {"low": 5, "high": 5, "terrain": "asteroid_field"},
                                                                {"low": 6, "high": 6, "terrain": "nebula"}]}
        return out

    def dist(self, a: str, b: str) -> int:
        return grid_hex(Label.parse(a)).distance(grid_hex(Label.parse(b)))

    def pick_adjacent(self) -> tuple[str, str]:
        a = self.pick(self.labels)
        b = self.pick([s for s in self.labels if self.dist(a, s) == 1])
        return (min(a, b), max(a, b))

    def neighbours(self, at: str) -> list[str]:
        """Sectors one open lane from ``at``, as the campaign's lane graph joins them."""
        out = [s for s in self.labels if self.dist(at, s) == 1 and (min(at, s), max(at, s)) not in self.closed]
        out += [b if a == at else a for a, b in self.major if at in (a, b)]
        return sorted(set(out))

    def ground_unit(self, power: str, name: str, marines: bool = False) -> dict[str, Any]:
        g: dict[str, Any] = {"id": self.new_id(f"{power}-gu"), "name": name, "power": power,
                             "attrition": self.d.integer(1, 4)}
        if marines:
            g["marines"] = True
        return g

    def star_system(self, sec: dict[str, Any], names: list[str], owner: str | None, home: bool) -> None:
        name = names.pop(self.d.integer(0, len(names) - 1))
        planet: dict[str, Any] = {"name": f"{name} {'Prime' if home else 'IV'}", "census": self.d.integer(1, 10),
                                  "productivity": self.d.integer(0, 8), "raw": self.d.integer(0, 4),
                                  "morale": self.d.integer(1, 8)}
        if owner is not None:
            planet["owner"] = owner
            planet["ground_units"] = [self.ground_unit(owner, f"{name} Guard")]
            if self.chance(30):
                planet["ground_units"].append(self.ground_unit(owner, f"{name} Marines", marines=True))
        sec["name"] = name
        sec["star_system"] = {"name": name, "planets": [planet], "has_command_post": home}
        if owner is None:
            return
        sec["supply_point"] = home or self.chance(30)
        if home or self.chance(40):
            kind = self.pick(("starbase", "battle_station", "base_station")) if home else "base_station"
            sec["garrison"] = [U.base(self.new_id(f"{owner}-base"), f"{name} {kind.replace('_', ' ').title()}", kind,
                                      self.d.integer(0, 5))]
            if self.chance(40):
                sec["garrison"].append(U.planet_defense(self.new_id(f"{owner}-pdu"), f"{name} Planetary Defense"))
