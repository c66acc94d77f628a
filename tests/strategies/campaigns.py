"""Random valid seed-004 campaigns for property tests (issue 19).

``campaigns()`` is a hypothesis strategy and ``campaign_from_seed(seed)`` the same generator
driven by ``random.Random(seed)``: both build a campaign file's data through one builder that
asks every choice of a :class:`~tests.strategies.world.Draw`, so hypothesis shrinks a failing
campaign towards fewer powers, fleets and features, and a seed reproduces one exactly
(``campaign_data_from_seed`` gives the file's data, to save and replay with ``main.py``).

What a generated campaign holds (docs/campaign_format.md; scenarios/default_campaign.json):

* 3-6 powers: 2-6 empires in 2-4 Teams (allied inside a Team, at War or Hostilities across),
  maybe an Orion power (its own Team, ``is_orion_pirates``, independent Orions: V13.16) and a
  monster power (a GM-controlled Team, at war with everyone); always at least three Teams, so a
  three-way meeting is possible;
* a small map (6-9 x 5-8 sectors) owned around each empire's home system (a planet, a supply
  point and a base), more star systems, terrain, major and closed lanes (tests/strategies/world.py);
* fleets placed so that meetings happen after End Movement: one to three sectors where two or
  three Teams meet (fleets there or ordered in), sometimes a meeting on a lane (fleets ordered
  past each other), a Trade Fleet on its route with an escort and a raider ordered into the
  route, Transport Fleets with cargo (ground units, marines, census, supply: the seed's sizes)
  and escorts, a Colony Fleet, assault ships carrying troops towards an enemy planet, a fleet
  deep in enemy space Out of Supply, monsters, Orions, a sub-light monitor (V13.18), carriers
  with fighters, supply ships and crippled ships (field repairs);
* ``settings.combat_phase`` "seed004", ``settings.battle_system`` any of v13, sidcors, afef and
  table (one Battle Hex picks another with ``rules.systems.choose_for_hex`` once End Movement
  has formed it: every unit has the values each system reads), any fleet composition, and an
  optional year.

Every campaign passes ``main.py --check``'s validation (:func:`rules.model.parse_campaign`) and
round-trips through :func:`rules.model.dumps` (tests/strategies/test_campaigns.py).
"""
from __future__ import annotations

import json
from collections import deque
from typing import Any

from hypothesis import strategies as st

from rules.model import Campaign, parse_campaign
from tests.strategies import units as U
from tests.strategies.world import CAPTAINS, Draw, HypothesisDraw, RandomDraw, World

SYSTEMS = ("v13", "sidcors", "afef", "table")
"""rules/systems SYSTEMS, the values of settings.battle_system."""
COMPOSITIONS = ("bpv", "big_ships", "flexible", "none")
ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth")
Data = dict[str, Any]


class _Builder(World):
    """A whole campaign: the world, then fleets placed for meetings."""

    # -- fleets ----------------------------------------------------------------------------------
    def fleet(self, power: str, at: str, *, orders: tuple[str, ...] = (), kind: str = "military",
              ships: int = 0, supply: bool = True, **extra: Any) -> Data:
        """A fleet of ``power`` at ``at`` (a military one of 1-4 ships unless ``kind`` says
        otherwise, ``ships`` when given), added to the campaign."""
        fid = self.new_id(f"{power}-fleet")
        name = f"{self.pick(ORDINALS)} {kind.title() if kind != 'military' else 'Squadron'} ({power})"
        units = U.freighters(fid, name, kind) if kind != "military" else self.warships(fid, power, ships, supply)
        f: Data = {"id": fid, "name": name, "power": power, "sector": at, "units": units, "orders": list(orders)}
        if kind != "military":
            f["kind"] = kind
        f.update(extra)
        self.fleets.append(f)
        return f

    def warships(self, fid: str, power: str, ships: int, supply: bool) -> list[Data]:
        orion = power == "orion"
        out: list[Data] = []
        for n in range(1, (ships or self.d.integer(1, 4)) + 1):
            uid, name = f"{fid}-{n}", f"{power.upper()} {self.pick(CAPTAINS)} {n}"
            roll = self.d.integer(0, 19)
            if roll == 0 and not orion:
                out.append(U.scout(uid, name))
            elif roll == 1 and not orion:
                out += U.carrier_group(uid, name, 2 * self.d.integer(2, 6))
            elif roll == 2 and supply and not orion:
                out.append(U.supply_ship(uid, name, self.d.integer(1, 20)))
            else:
                out.append(U.ship(uid, name, self.pick(tuple(U.SHIPS)), self.d.integer(0, 4),
                                  self.pick(U.CREW_QUALITY), crippled=self.chance(10), orion=orion))
        return out

    def enemy_team(self, *not_of: str, monsters: bool = True) -> str | None:
        """A Team other than the Teams of ``not_of`` (power ids), or ``None``."""
        mine = {self.team_of[p] for p in not_of}
        teams = [t["id"] for t in self.teams if t["id"] not in mine and (monsters or not t.get("gm_controlled"))]
        return self.pick(teams) if teams else None

    def mover_into(self, team: str, target: str) -> Data:
        """A fleet of ``team`` ordered into ``target`` from a neighbour (there already when none)."""
        power = self.team_power(team)
        if team == "gm":
            return self.monster_fleet(target)
        near = self.neighbours(target)
        if near and self.chance(60):
            return self.fleet(power, self.pick(near), orders=(target,))
        return self.fleet(power, target)

    def monster_fleet(self, at: str) -> Data:
        fid = self.new_id("monsters-fleet")
        name = self.pick(tuple(U.MONSTERS))
        f: Data = {"id": fid, "name": name, "power": "monsters", "sector": at, "units": [U.monster(f"{fid}-1", name)]}
        self.fleets.append(f)
        return f

    # -- the scenarios that make meetings ---------------------------------------------------------
    def sector_meetings(self) -> None:
        """Two or three Teams in one sector after movement, one to three times."""
        for _ in range(self.d.integer(1, 3)):
            at = self.pick(self.labels)
            teams = [t["id"] for t in self.teams]
            k = 3 if self.chance(60) else 2
            for _ in range(k):
                self.mover_into(teams.pop(self.d.integer(0, len(teams) - 1)), at)

    def lane_meeting(self) -> None:
        """Two Teams' fleets ordered past each other on one lane: stopped between sectors."""
        a = self.pick(self.labels)
        near = self.neighbours(a)
        one = self.pick([p for p, _, _ in self.empires])
        other = self.enemy_team(one, monsters=False)
        if not near or other is None:
            return
        b = self.pick(near)
        self.fleet(one, a, orders=(b,))
        self.fleet(self.team_power(other), b, orders=(a,))

    def trade(self) -> None:
        """A Trade Fleet on a route of one to three systems, an escort on the route and a raider
        ordered into it."""
        power = self.pick([p for p, _, _ in self.empires])
        route = [self.pick([s for s, sec in self.sectors.items() if sec.get("owner") == power])]
        for _ in range(self.d.integer(0, 2)):
            more = [s for s in self.neighbours(route[-1]) if s not in route]
            if more:
                route.append(self.pick(more))
        trader = self.fleet(power, self.pick(route), kind="trade", trade_route=route)
        if self.chance(70):
            self.fleet(power, self.pick(route), escort_of=trader["id"])
        enemy = self.enemy_team(power, monsters=False)
        if enemy is not None and self.chance(80):
            target = self.pick(route)
            near = self.neighbours(target)
            if near:
                self.fleet(self.team_power(enemy), self.pick(near), orders=(target,))

    def cargo(self, power: str, ground_only: bool = False) -> list[Data]:
        """A load of the seed's sizes for a capacity of 10 (ground capacity 10)."""
        pick = self.d.integer(0, 1 if ground_only else 4)
        turn = self.turn if self.chance(20) else None
        when = {"embarked_turn": turn} if turn is not None else {}
        if pick == 0:
            g = self.ground_unit(power, f"{self.pick(ORDINALS)} Assault Legion")
            return [{"id": self.new_id("cargo"), "kind": "ground_unit", "ground_unit": g, **when}]
        if pick == 1:
            return [{"id": self.new_id("cargo"), "kind": "marines",
                     "ground_unit": self.ground_unit(power, f"{self.pick(ORDINALS)} Marines", marines=True), **when}
                    for _ in range(self.d.integer(1, 2))]
        if pick == 2:
            return [{"id": self.new_id("cargo"), "kind": "census", "amount": 1, **when}]
        if pick == 3:
            return [{"id": self.new_id("cargo"), "kind": "supply", "amount": self.d.integer(1, 10), **when}]
        return [{"id": self.new_id("cargo"), "kind": "other", "size": self.d.integer(1, 10), **when}]

    def civilian(self, kind: str) -> None:
        """A Transport (with cargo) or Colony Fleet, maybe ordered on, with an escort beside it."""
        power = self.pick([p for p, _, _ in self.empires])
        at = self.pick(self.labels)
        near = self.neighbours(at)
        orders = (self.pick(near),) if near and self.chance(60) else ()
        extra = {"cargo": self.cargo(power)} if kind == "transport" else {}
        ward = self.fleet(power, at, kind=kind, orders=orders, **extra)
        if self.chance(70):
            self.fleet(power, at, escort_of=ward["id"], ships=self.d.integer(1, 2))

    def assault(self) -> None:
        """Warships with an assault ship carrying troops, ordered into an enemy star system."""
        power = self.pick([p for p, _, _ in self.empires])
        targets = [s for s, sec in self.sectors.items() if "star_system" in sec and sec.get("owner") not in
                   (None, *[p for p, t in self.team_of.items() if t == self.team_of[power]]) and self.neighbours(s)]
        target = self.pick(targets) if targets else self.pick(self.labels)
        near = self.neighbours(target)
        f = self.fleet(power, self.pick(near) if near else target, orders=(target,) if near else (),
                       ships=self.d.integer(1, 2), cargo=self.cargo(power, ground_only=True))
        f["units"].append(U.assault_ship(f"{f['id']}-lt", f"{power.upper()} Assault Transport"))

    def out_of_supply(self) -> None:
        """A fleet three or more lanes from every supply point of its power and allies."""
        power = self.pick([p for p, _, _ in self.empires])
        bloc = {p for p, t in self.team_of.items() if t == self.team_of[power]}
        sources = [s for s, sec in self.sectors.items() if sec.get("owner") in bloc and sec.get("supply_point")
                   or any(pl.get("owner") in bloc for pl in sec.get("star_system", {}).get("planets", []))]
        far = {s: 0 for s in sources}
        queue = deque(sources)
        while queue:
            at = queue.popleft()
            for nb in self.neighbours(at):
                if nb not in far:
                    far[nb] = far[at] + 1
                    queue.append(nb)
        deep = [s for s in self.labels if far.get(s, 99) >= 3]
        if deep:
            self.fleet(power, self.pick(deep), supply=False)

    def sublight(self) -> None:
        """A sub-light monitor and an enemy ordered into its sector (V13.18: it may ignore it)."""
        power = self.pick([p for p, _, _ in self.empires])
        at = self.pick(self.labels)
        fid = self.new_id(f"{power}-fleet")
        self.fleets.append({"id": fid, "name": f"Border Monitor ({power})", "power": power, "sector": at,
                            "units": [U.monitor(f"{fid}-1", f"{power.upper()} Monitor")]})
        enemy = self.enemy_team(power, monsters=False)
        if enemy is not None:
            self.mover_into(enemy, at)

    # -- the whole campaign -----------------------------------------------------------------------
    def build(self, combat_phases: tuple[str, ...], systems: tuple[str, ...]) -> Data:
        self.turn = 1 if self.chance(75) else self.d.integer(2, 5)
        self.powers_and_teams()
        the_map = self.strategic_map()
        self.sector_meetings()
        if self.chance(40):
            self.lane_meeting()
        for _ in range(self.d.integer(0, 2)):
            self.trade()
        for _ in range(self.d.integer(0, 2)):
            self.civilian("transport")
        if self.chance(35):
            self.civilian("colony")
        if self.chance(35):
            self.assault()
        if self.chance(60):
            self.out_of_supply()
        if self.chance(25):
            self.sublight()
        if "orion" in self.team_of and not any(f["power"] == "orion" for f in self.fleets):
            self.mover_into("orions", self.pick(self.labels))
        if "monsters" in self.team_of and not any(f["power"] == "monsters" for f in self.fleets):
            self.monster_fleet(self.pick(self.labels))
        for _ in range(self.d.integer(0, 3)):
            at = self.pick(self.labels)
            near = self.neighbours(at)
            self.fleet(self.pick([p for p, _, _ in self.empires]), at,
                       orders=(self.pick(near),) if near and self.chance(50) else ())
        settings: Data = {"combat_phase": self.pick(combat_phases), "battle_system": self.pick(systems),
                          "fleet_composition": self.pick(COMPOSITIONS)}
        if self.chance(60):
            settings["year"] = self.d.integer(90, 200)
        homes = [self.sectors[h]["name"] for h in self.homes.values()]
        return {"format": "battlehex-campaign", "version": 2, "name": f"The {homes[0]} Crisis",
                "description": f"A generated campaign: {len(self.powers)} powers in {len(self.teams)} Teams, "
                               f"{len(self.fleets)} fleets; home systems {', '.join(homes)}.",
                "turn": self.turn, "settings": settings, "powers": self.powers, "teams": self.teams,
                "diplomacy": self.diplomacy, "map": the_map, "fleets": self.fleets,
                "dice_seed": self.d.integer(0, 2**31 - 1)}


def build_data(d: Draw, combat_phases: tuple[str, ...] = ("seed004",), systems: tuple[str, ...] = SYSTEMS) -> Data:
    """A generated campaign file's data, every choice asked of ``d``."""
    return _Builder(d).build(combat_phases, systems)


def _campaign(data: Data) -> Campaign:
    return parse_campaign(json.dumps(data), "<generated campaign>")


def campaign_data_from_seed(seed: int, combat_phases: tuple[str, ...] = ("seed004",),
                            systems: tuple[str, ...] = SYSTEMS) -> Data:
    """The file data of the campaign ``seed`` generates (``json.dump`` it to replay it with ``main.py``)."""
    return build_data(RandomDraw(seed), combat_phases, systems)


def campaign_from_seed(seed: int, combat_phases: tuple[str, ...] = ("seed004",),
                       systems: tuple[str, ...] = SYSTEMS) -> Campaign:
    """The campaign ``seed`` generates, validated as ``main.py --check`` validates a file.

    Args:
        seed: any integer; the same seed always gives the same campaign.
        combat_phases: the ``settings.combat_phase`` values to choose among.
        systems: the ``settings.battle_system`` values to choose among.
    """
    return _campaign(campaign_data_from_seed(seed, combat_phases, systems))


def campaigns(combat_phases: tuple[str, ...] = ("seed004",), systems: tuple[str, ...] = SYSTEMS
              ) -> st.SearchStrategy[Campaign]:
    """A hypothesis strategy of valid campaigns (arguments as :func:`campaign_from_seed`)."""

    @st.composite
    def _draw(draw: st.DrawFn) -> Campaign:
        return _campaign(build_data(HypothesisDraw(draw), combat_phases, systems))

    return _draw()
