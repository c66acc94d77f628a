"""The state of one Battle Hex's procedure: roster, step, Weapon Status, range, directions,
placements and outcomes. It is rebuilt from (campaign, seed, answers) by replay."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from hexmap import Facing, Hex, Label, MapWindow
from rules.systems.v13.exits import IMPULSES_PER_TURN, ThroughEnemyCounter
from rules.battlehex.log import GM, EventLog
from rules.battlehex.roster import BUnit, Role, parties
from rules.dice import DiceRoller, Modifier
from rules.model.campaign import Campaign, Team
from rules.model.records import BattleHexRecord
from rules.model.types import Terrain
from rules.strategic.state import StrategicState


class Step(str, Enum):
    """Named states of the procedure (RULES_MATRIX §4)."""

    WITHDRAWAL = "V13.20 Withdrawal Before Combat"
    APPROACH = "V13.30 Approach Battle"
    WEAPON_STATUS = "V13.410 Weapon Status"
    RANGE = "V13.420 Initial Range"
    PLACE_DEFENDER = "V13.430 Placement of Defending Units"
    PLACE_ATTACKER = "V13.440 Placement of Attacking Units"
    PLACE_ORION = "V13.450 Placement of Independent Orion Units"
    PLACE_INCIDENTAL = "V13.460 Placement of Incidental Units"
    PLACE_MONSTER = "V13.470 Placement of Monsters and Alien Ships"
    CENTRE = "V13.811 Original Centre Hex"
    COMBAT = "V13.480 Tactical Combat"
    ENDINGS = "V13.483 End of Battle"
    RESOLVED = "V13.12 Resolved"


@dataclass
class BattleState:
    """Everything the procedure has decided so far."""

    record: BattleHexRecord
    units: dict[str, BUnit]
    teams: dict[str, Team]
    step: Step = Step.WITHDRAWAL
    kind: str = "main"
    terrain: Terrain = Terrain.NONE
    ws: dict[str, int] = field(default_factory=dict)
    ws_mods: dict[str, list[Modifier]] = field(default_factory=dict)
    ws_how: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Per team, the rule and words that set its Weapon Status (the roll with its modifiers)."""
    min_range: int = 50
    range_agreed: bool = False
    dor: Facing | None = None
    dod: Facing | None = None
    incidental_dor: Facing | None = None
    anchor: Hex | None = None
    anchor_name: str = ""
    anchor_is_planet: bool = False
    centre: Hex | None = None
    incidentals_revealed: bool = False
    pursuit_forbidden: bool = False
    left_behind_active: bool = False
    awards: dict[str, int] = field(default_factory=dict)
    resolved: bool = False
    resolution: str = ""
    placed_order: list[str] = field(default_factory=list)
    impulse: int = 0
    """The absolute impulse of the battle, counted across turns (INTERPRETATIONS 11); 0 before it."""
    float_offset: Hex = Hex(0, 0)
    ended: bool = False
    end_reason: str = ""
    follow_ups: list[dict[str, Any]] = field(default_factory=list)
    counting: list[str] = field(default_factory=list)
    """Units given a V13.632 counter, so the clock need not look at every unit."""

    def marks(self) -> dict[str, tuple[Any, ...]]:
        """Per unit, what its map counter shows: where, facing, status, crippled, speed, its
        V13.632 count. A view redraws the units whose marks an answer changed."""
        return {k: (u.pos, u.facing, u.status, u.crippled, u.speed,
                    u.counter.count if isinstance(u.counter, ThroughEnemyCounter) else None)
                for k, u in self.units.items()}

    def window_key(self) -> tuple[Hex | None, Hex]:
        """The original centre and the float: what places the physical map (V13.811-812)."""
        return self.centre, self.float_offset

    @property
    def clock(self) -> tuple[int, int]:
        """(turn, impulse within the turn) of the battle's absolute impulse."""
        t, i = divmod(max(self.impulse, 1) - 1, IMPULSES_PER_TURN)
        return t + 1, i + 1

    @property
    def turn(self) -> int:
        return self.clock[0] if self.impulse else 0

    @property
    def confirmed_centre(self) -> Hex:
        """The original centre hex (V13.811), for code that runs once it is confirmed."""
        assert self.centre is not None, "the original centre hex is not confirmed yet"
        return self.centre

    @property
    def battle_teams(self) -> tuple[str, ...]:
        """The Teams fighting this battle: the attacker, the defender and the others in the Battle
        Hex (independent Orions, monsters; V13.14, V13.450, V13.470), each once; a seed 004 meeting
        has its two sides only (:func:`rules.battlehex.roster.parties`)."""
        return tuple(dict.fromkeys([*parties(self.record), *(u.team for u in self.units.values())]))

    @property
    def attacker(self) -> str:
        return self.record.attacker

    @property
    def defender(self) -> str:
        return self.record.defender

    def role_units(self, role: Role, *, present: bool = True) -> list[BUnit]:
        return [u for u in self.units.values() if u.role is role and (u.present or not present)]

    def in_battle(self) -> list[BUnit]:
        """Units fighting this battle (an approach battle: the defender's approach units only)."""
        out = []
        for u in self.units.values():
            if not u.present:
                continue
            if self.kind == "approach" and u.role is Role.DEFENDER and not u.approach:
                continue
            out.append(u)
        return out

    def placed(self) -> list[BUnit]:
        return [self.units[i] for i in self.placed_order]

    def visible_units(self, viewer: str) -> list[BUnit]:
        """Units ``viewer`` may know of: incidental units are hidden from every team but their
        owner until the attacker's placement is complete (V13.03)."""
        out = []
        for u in self.units.values():
            if u.incidental and not self.incidentals_revealed and viewer not in (u.team, GM):
                continue
            out.append(u)
        return out


@dataclass
class Ctx:
    """What the procedure works with: the campaign, its strategic state, dice, log, state."""

    campaign: Campaign
    strategic: StrategicState
    dice: DiceRoller
    log: EventLog
    state: BattleState
    window: MapWindow

    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def info(self, rule: str, text: str, visible_to: tuple[str, ...] | None = None, **data: Any) -> None:
        self.log.add("info", rule, text, data, visible_to)

    def label(self, h: Hex) -> str:
        """``h``'s label on the first map window: the form answers use (docs/battle_answers.md)."""
        return str(self.window.label(h))

    def current_window(self) -> MapWindow:
        """The physical map now: centred on the original centre, then floated (V13.812)."""
        st, w = self.state, self.window
        return MapWindow(w.cols, w.rows, (st.centre if st.centre is not None else w.centre) + st.float_offset)

    def where(self, h: Hex) -> str:
        """``h`` as people read it: its ``CCRR`` on the map sheet as it lies now, or, off the
        sheet, how far and which way from the nearest hex on it (never a ``(col,row)`` label)."""
        w = self.current_window()
        lab = w.label(h)
        if w.contains(h):
            return str(lab)
        edge = Label(min(max(lab.col, 1), w.cols), min(max(lab.row, 1), w.rows))
        n = h.distance(w.hex_at(edge))
        vertical = "above" if lab.row < 1 else "below" if lab.row > w.rows else ""
        side = "left of" if lab.col < 1 else "right of" if lab.col > w.cols else ""
        way = " and ".join(x for x in (vertical, side) if x)
        return f"a hex off the map, {n} {'hex' if n == 1 else 'hexes'} {way} {edge}"
