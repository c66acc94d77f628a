"""The stcs system's procedure: questions in, checked answers out, rolled on the run's seeded dice.

A battle is fought in segments (three a turn). Set-up: the combat mode (sub-light or warp speed),
then, at sub-light, which ships arrive by warp. Each segment the GM picks the next act among the
legal ones the engine lists (a move, a sensor lock, a scan for a cloaked ship, cloaking, warping out,
warping in, fire, damage, repairs...), each shown with its exact odds, until the segment ends; the GM
resolves the battle with the ships destroyed at the table. Movement: :mod:`.movement`; warping:
:mod:`.warping`.
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import GM, EventLog, IllegalAnswer
from rules.battlehex.questions import QKind, Question, unit_list
from rules.battlehex.roster import BUnit, Status
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller
from rules.model.stcs import STCSData
from rules.model.stcs_map import STCSBody
from rules.systems.stcs import (acts as more_acts, actkeys, advantage, casualties, cloaked, cloaklock, contact, damage,
                                explosion, firing, heading, laying, mines, minehits, movement, odds, power, repairing,
                                sensors, shieldcontrol, shields, warp, warping)
from rules.systems.stcs.bridge import barred_now, bridge_hits
from rules.systems.stcs.geometry import GAP, toward
from rules.systems.stcs.repair import SEGMENTS
from rules.systems.stcs.warp import Mode, ShipCondition

RULE = "STCS"
MODE = "STCS Warp Movement Rules"
SEGMENT_LIMIT = 30
"""Segments after which only resolving is offered (every battle ends within a bound)."""
Procedure = Generator[Question, Any, None]
MORE: dict[str, Callable[[STCSEngine, str], Procedure]] = {
    "explode": explosion.explode, "mine": laying.lay, "minescan": mines.scan, "crew": casualties.hit,
    "repair": repairing.repair, "move": movement.move, "power": power.allocate, "warpout": warping.warp_out,
    "warpin": warping.warp_in, cloaklock.VERB: cloaklock.lock, **more_acts.VERBS, **contact.VERBS}
"""Acts taking the engine and a ship id, by verb."""


class STCSEngine:
    """The ships on the tactical map, the locks and cloaks, and the procedure."""

    def __init__(self, state: BattleState, log: EventLog, dice: DiceRoller) -> None:
        self.state, self.log, self.dice = state, log, dice
        self.attacker, self.defender = state.record.attacker, state.record.defender
        self.round = self.hidden = 0
        self.mode: Mode | None = None
        self.units: dict[str, BUnit] = {}
        self.at: dict[str, Hex] = {}
        self.facing: dict[str, Facing] = {}
        self.offmap: list[str] = []
        self.arrived: dict[str, int] = {}
        self.cloaked: dict[str, bool] = {}
        self.locks: dict[str, str] = {}
        self.dispersions: list[dict[str, Any]] = []
        self.act_to: tuple[str, ...] | None = None  # who reads the act question (asked again after a hidden act)
        self.bridge: dict[str, list[tuple[int, int]]] = {}
        """Per ship, the segments (turn, segment) its Bridge hits bar warping out and repairs."""
        self.warping: dict[str, int] = {}
        """The ships announced to warp out this turn, with their speed (rolled at each segment's end)."""
        self.ss_lost: dict[str, int] = {}
        """Per ship, the superstructure points lost (:mod:`.damage`)."""
        self.grid_down: set[str] = set()
        self.boxes: dict[tuple[str, str], tuple[int, int]] = {}
        """Per (ship, "sensors" or "shield:N"), the 5-point boxes marked and the carry."""
        self.engine_hits: dict[str, list[int]] = {}
        """Per ship, the damage points on each warp engine."""
        self.ripped: set[tuple[str, int]] = set()
        """The (ship, warp engine) ripped off."""
        self.impulse_hits: dict[str, int] = {}
        """Per ship, the damage points on its impulse engine (:mod:`.impulse`)."""
        self.impulse_ripped: set[str] = set()
        """The ships whose impulse engine is ripped off."""
        self.captains: dict[str, list[int]] = {}
        """Per ship, its replacement commanders' ratings, in order."""
        self.sequence: list[str] = []
        self.dead: set[str] = set()
        """Ships dead in space that can never explode (core ejected or damaged, :mod:`.explosion`)."""
        self.blasts: list[dict[str, Any]] = []
        self.casualties: dict[str, int] = {}  # per ship, its Percent Casualties Track
        self.attempts: dict[tuple[str, str], int] = {}  # repair attempts per (ship, system)
        self.assists: dict[tuple[str, int], int] = {}  # a tender's Repair Team assists per (tender, turn)
        self.assisted: list[tuple[int, str, str, str]] = []  # each tender assist: segment, tender, ship, team/shuttles
        self.mines: list[mines.Mine] = []
        self.laid: dict[str, tuple[int, int]] = {}  # per ship, its latest mine laid: segment, shield laid through
        self.moves: dict[str, tuple[int, int, Hex, int]] = {}  # per ship, its latest move: segment, points, start, turn's
        self.reversing: dict[str, int] = {}  # per ship, the segment of its latest move in reverse
        self.turned: dict[str, int] = {}  # per ship, the segment of its latest Emergency Heading Change
        self.secret_turns: dict[str, int] = {}  # the same, made in secret while cloaked (:mod:`.heading`)
        self.wake: list[Hex] = []  # the hexes ships moved from (a mine may lie within 4 of them)
        self.contact = contact.Contact()  # ramming, tractors, transporters, boarding (:mod:`.contact`)
        self.shield_used: dict[tuple[str, int], int] = {}  # points each (ship, shield 1-6) absorbed this turn
        self.lowered: dict[tuple[str, int], bool] = {}  # shields lowered (Shield Control): True once marked to rise
        self.shutdown: dict[str, int] = {}  # ships with engines shut down: their restart attempts made
        self.restarted: dict[str, int] = {}  # the turn each ship's engines came on-line again
        self.shadowed: dict[str, Hex] = {}  # ships removed from the board in a sensor shadow, where they left
        self.mine_locks: dict[str, tuple[Hex, int]] = {}  # a ship's lock on a mine: its hex, the mine's index
        self.warp_path: dict[str, str] = {}  # the object on an announced warp out's path (Striking Table)
        self.bodies: dict[Hex, STCSBody] = {}  # the map's planets, moons and asteroids (:mod:`.bodies`)
        self.mines_laid: dict[str, int] = {}  # per ship, the mines it deployed (its cargo counted down: :mod:`.laying`)
        self.fired: dict[tuple[str, int], int] = {}  # the segment each (ship, weapon) last fired (recharge)
        self.told_unopposed = False  # the log said the battle has nothing to fight (:func:`.acts.unopposed`)
        self.power = power.Power()  # the standing allocations, the phase, power shut down (:mod:`.power`)
        """The turn's order by tactical advantage (:mod:`.advantage`)."""
        self.enlist()
        more_acts.refuse_one_sided(self)

    # -- reading -------------------------------------------------------------------------------
    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def enlist(self) -> None:
        self.units = {u.id: u for u in self.state.units.values()
                      if u.status is not Status.OUT and u.unit.stcs is not None and u.team in (self.attacker,
                                                                                               self.defender)}
        self.cloaked = {x: bool(u.unit.stcs and u.unit.stcs.cloak and u.unit.is_cloaked) for x, u in self.units.items()}

    def data(self, x: str) -> STCSData:
        """``x``'s STCS data, its warp and impulse engines' power less their damage."""
        d = self.units[x].unit.stcs
        assert d is not None
        hits, lost = self.engine_hits.get(x), self.impulse_hits.get(x)
        update: dict[str, Any] = {"warp_current": [max(0, n - h) for n, h in zip(d.warp_now, hits)]} if hits else {}
        if lost:
            update["impulse_power"] = max(0, d.impulse_power - lost)
        return d.model_copy(update=update) if update else d

    def on_map(self, team: str | None = None) -> list[str]:
        return [x for x, u in self.units.items() if x in self.at and u.status is Status.PRESENT
                and (team is None or u.team == team)]

    def enemy(self, team: str) -> str:
        return self.defender if team == self.attacker else self.attacker

    def ship(self, x: str) -> str:
        return self.units[x].name

    def turn_segment(self) -> tuple[int, int]:
        return (self.round - 1) // SEGMENTS + 1, (self.round - 1) % SEGMENTS + 1

    def range(self, a: str, b: str) -> int:
        return self.at[a].distance(self.at[b])

    # -- the procedure ---------------------------------------------------------------------------
    def run(self) -> Procedure:
        more_acts.left_to_the_table(self)
        self.mode = Mode((yield self._mode_question()))
        self.log.add("ruling", MODE, f"combat at {'sub-light' if self.mode is Mode.SUBLIGHT else 'warp'} speeds")
        can = [x for x in self.units if not self.data(x).monitor]
        if self.mode is Mode.SUBLIGHT and can:
            self.offmap = list((yield self._arrivals_question(can)))
        self._place()
        yield from self._segments()

    def _segments(self, going_on: bool = False) -> Procedure:
        """The segments to the end (``going_on``: from the current segment's act question)."""
        while True:
            if not going_on:
                self.round += 1
                t, s = self.turn_segment()
                self.log.add("ruling", RULE, f"turn {t}, segment {s}")
                if s == 1:
                    power.phase(self)  # the shields' points restored, the allocations
                    advantage.phase(self)
            going_on = False
            while True:
                contact.settle(self)  # beams broken since the last act break before the next is offered
                more_acts.tell_unopposed(self)
                act = yield self._act_question()
                if act == "next":
                    yield from minehits.stationary(self)
                    power.restore(self)
                    damage.repower(self)
                    shieldcontrol.repower(self)
                    yield from warping.engine_activation(self)
                    yield from cloaked.segment_end(self)
                    break
                if act == "resolve":
                    yield from self._resolve()
                    return
                yield from self._act(act)

    def resume(self, key: str) -> Procedure | None:
        """The procedure from the pending question ``key`` asked again: a segment's act question
        (checkpoints, issue 21); None elsewhere."""
        parts = key.split("/")
        if len(parts) == 3 and parts[0] == "stcs" and parts[2] == "act" and parts[1] == str(self.round):
            return self._segments(going_on=True)
        return None

    def _place(self) -> None:
        for team, q in ((self.attacker, 0), (self.defender, GAP)):
            ships = [x for x, u in self.units.items() if u.team == team and x not in self.offmap]
            for i, x in enumerate(ships):
                self.at[x] = Hex(q, 2 * i - (q // 2))
        for x in self.at:
            foe = self.on_map(self.enemy(self.units[x].team))
            self.facing[x] = toward(self.at[x], self.at[foe[0]]) if foe else Facing.A
        for team in (self.attacker, self.defender):  # a cloaked ship's place is its side's (and the GM's)
            for hidden in (False, True):
                here = [x for x in self.at if self.units[x].team == team and self.cloaked[x] == hidden]
                if here:
                    self.log.add("ruling", RULE, f"{self.name(team)} {'cloaked ' if hidden else ''}ships take their "
                                 "places: " + "; ".join(f"{self.ship(x)} at {self.at[x].q},{self.at[x].r}"
                                                        for x in here),
                                 visible_to=(team, GM) if hidden else None)
        if self.offmap:
            self.log.add("ruling", warp.IN, f"arriving by warp: {', '.join(self.ship(x) for x in self.offmap)}")

    # -- questions ------------------------------------------------------------------------------
    def _mode_question(self) -> Question:
        words = {"sublight": "sub-light combat (warping in and out allowed)",
                 "warp": "warp-speed combat (no warping in or out; a ship moves at most its emergency warp)"}
        return self._choose("stcs/mode", MODE, "Game Master: is this battle fought at sub-light or warp speeds?",
                            words)

    def _arrivals_question(self, can: list[str]) -> Question:
        def check(a: Any) -> list[str]:
            return unit_list(a, can, warp.IN, self.ship, "choose the ships arriving by warp among")
        return Question("stcs/arrivals", QKind.CHOOSE_UNITS, GM, warp.IN,
                        "Game Master: which ships arrive by warp during the battle (off the map at the start)? "
                        "(none: no ship ticked)", tuple(can), check=check)

    def _choose(self, key: str, rule: str, text: str, words: dict[str, str], to: str = GM,
                data: dict[str, Any] | None = None) -> Question:
        options = list(words)

        def check(a: Any) -> str:
            if not isinstance(a, str) or a not in words:  # (a dict or list answer is refused, not hashed)
                raise IllegalAnswer(rule, "answer one of: " + "; ".join(words.values())[:400])
            return str(a)
        return Question(key, QKind.CHOOSE, to, rule, text, tuple(options),
                        data={"option_words": dict(words), **(data or {})}, check=check)

    def actions(self) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
        """The acts now (option -> words), the barred ones (words -> why), the refused (:func:`.cloaked.fixed_list`)."""
        acts: dict[str, str] = power.acts(self)  # the turn's first step
        barred: dict[str, str] = {}
        if self.round > SEGMENT_LIMIT:
            return {"resolve": f"resolve the battle (segment limit {SEGMENT_LIMIT} passed)"}, barred, {}
        for x in advantage.in_order(self, self.on_map()):
            team, d = self.units[x].team, self.data(x)
            alive = not damage.dead_in_space(self, x)  # dead in space: hits, casualties and repairs only
            sees = alive and not self.cloaked[x] and self.arrived.get(x) != self.round and d.sensors > 0 \
                and not damage.sensors_out(self, x)
            if sees:  # an area scan, offered whether or not a cloaked ship is near (issue 25)
                acts[f"scan:{x}"] = f"{self.ship(x)} scans the area for cloaked ships"
                acts[f"minescan:{x}"] = f"{self.ship(x)} scans a hex for mines"
            acts.update(movement.acts(self, x) | contact.acts(self, x))
            acts.update(more_acts.acts(self, x, sees))
            if alive and not self.cloaked[x]:
                acts[f"mine:{x}"] = f"{self.ship(x)} deploys a mine"
            for y in self.on_map(self.enemy(team)):
                r = self.range(x, y)
                if self.cloaked[y] or not sees:
                    continue
                elif self.locks.get(x) != y and r <= sensors.MAX_LOCK:
                    acts[f"lock:{x}:{y}"] = f"{self.ship(x)} locks on {self.ship(y)} ({r} hexes)"
            for y in self.on_map(self.enemy(team)):
                if firing.can_fire(self, x, y):
                    acts[f"fire:{x}:{y}"] = f"{self.ship(x)} fires at {self.ship(y)} ({self.range(x, y)} hexes)"
            acts[f"hit:{x}"] = f"{self.ship(x)} took damage through its shields (entered from the table)"
            if d.cloak and alive and not (damage.forced_out(self, x) and not self.cloaked[x]):
                word = "uncloak" if self.cloaked[x] else "cloak"
                acts[f"{word}:{x}"] = f"{self.ship(x)} {'drops' if self.cloaked[x] else 'raises'} its cloak"
            acts[f"bridge:{x}"] = f"{self.ship(x)} took Bridge hits (entered from the table)"
            acts[f"crew:{x}"] = f"{self.ship(x)} took crew casualties from a hit (entered from the table)"
            why = repairing.why_not(self, x) if repairing.damaged(self, x) else None
            if why is not None:
                (barred if why else acts)[f"{self.ship(x)} repair" if why else f"repair:{x}"] = why or \
                    f"{self.ship(x)} repairs (Repair / Repower Phase)"
            if not self.cloaked[x]:  # (a cloaked ship's side chooses in secret at the segment's end)
                warping.out_acts(self, x, acts, barred)
        if any(explosion.negative(self, x) and not self.cloaked[x] for x in self.on_map()):
            acts["explode"] = "ships failed their explosion roll (entered from the table)"
        acts.update(more_acts.off_board(self))
        warping.in_acts(self, acts, barred)
        return more_acts.resolve_first(self, *cloaked.fixed_list(self, {**acts, **more_acts.ENDING}, barred))

    def _act_question(self) -> Question:
        (acts, barred, refused), (t, s) = self.actions(), self.turn_segment()
        q = self._choose(f"stcs/{self.round}/act", RULE, f"Game Master: turn {t}, segment {s}: what happens next?",
                         acts, data={"barred": barred})  # what a power allocation or hidden state bars: the GM's
        return more_acts.usual(self, cloaked.refusing(q, refused, lambda a: heading.refuse(
            self, laying.refuse(self, power.refuse(self, a)))))

    # -- the acts -------------------------------------------------------------------------------
    def _act(self, act: str) -> Procedure:
        verb, x, y = actkeys.split(act, self.units)
        self.power.open = self.power.open and (verb in ("power", "warpout") or cloaked.hidden(self, act))  # the opening
        if verb == "lock":
            firing.lock(self, x, y)
        elif verb == "scan":
            yield from cloaked.scan(self, x)
        elif verb in ("cloak", "uncloak"):
            self.cloaked[x] = verb == "cloak"
            if verb == "cloak":  # a cloaked ship cannot fire: its locks go
                self.locks.pop(x, None)
                sensors.lose_mine_lock(self, x, "it cloaks", "STCS Romulan Cloaking Devices")
            self.log.add("ruling", "STCS Romulan Cloaking Devices", f"{self.ship(x)} {verb}s"
                         + (cloaklock.told(self, x) if verb == "uncloak" else ""))  # a lock kept is told then
        elif verb == "fire":
            yield from firing.shoot(self, x, y)
        elif verb == "hit":
            yield from damage.hit(self, x)
        elif verb == "bridge":
            yield from bridge_hits(self, x)
        elif verb in MORE:
            yield from MORE[verb](self, x)

    def speeds(self, x: str) -> dict[int, int]:
        """The warp speeds ``x``'s engines can give now, with their power."""
        return power.speeds(self, x)

    def condition(self, x: str) -> ShipCondition:
        """What of ``x``'s state bars a warp out ("no crew": none aboard; a party waiting is crew)."""
        crew_left = 0 if casualties.no_crew(self, x) else max(1, casualties.crew_left(self, x))
        return ShipCondition(barred_now(self, x), self.ss_lost.get(x, 0), crew_left, x in self.shutdown)

    def _resolve(self) -> Procedure:
        can = [x for x in self.units if self.units[x].status is Status.PRESENT]

        def check(a: Any) -> list[str]:
            return unit_list(a, can, RULE, self.ship, "choose the ships destroyed among")
        lost = yield Question("stcs/destroyed", QKind.CHOOSE_UNITS, GM, RULE,
                              "Game Master: which ships were destroyed in the battle? (none: no ship ticked)"
                              + more_acts.asked_next(self), tuple(can), check=check)
        for x in lost:
            self.units[x].status = Status.DESTROYED
        table = yield from more_acts.table_losses(self)  # the units left to the table: the GM enters theirs too
        self.state.resolution = more_acts.resolution(self, table)  # names, not counts: a viewer's version takes
        self.state.resolved = True  # the hidden ones out (issue 23)
        more_acts.tell_resolved(self, lost, table)

    def question_odds(self, q: Question) -> dict[str, Any]:
        """Each act's exact odds (:func:`.odds.question_odds`)."""
        return odds.question_odds(self, q)
