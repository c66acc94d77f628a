"""The b5 engine: a Battle Hex fought with seed 003 (Babylon 5 Fleet Action).

Built: the scenario (meeting engagement or jump-in), deployment as questions with the legal
zones computed here (secret prior fleet speeds; the squadrons placed alternately; patrols;
the attacker's secret vortex openers and flagship jump-in hex; the vortex scatter rolled and
logged with its dice; the squadrons jumping in), then the turns: plotted and fought pulse by
pulse (moves, then fire) or fought at the table, morale and reinforcements; and the GM's
results, written back like any battle. :meth:`B5Engine.resume` goes on from any question from
the scenario on (checkpoints). docs/b5.md lists what is left.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from hexmap import Facing, Hex, Label
from rules.battlehex.log import GM, EventLog
from rules.battlehex.questions import Question, choose
from rules.battlehex.roster import BUnit, Status
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller
from rules.model.b5 import B5Data, B5Settings, B5Weapon
from rules.model.units import unit_secret
from rules.systems.b5 import (abilities, antifighter, arriving, command, damage, declared, deploy, dogfight, elint, emines,
                              fireodds, firing, fleet, flights, flying, guardian, jump, jumping, jumpout, longrange, losses,
                              marking, morale, reinforce, reinforcing, tractor, turns)
from rules.systems.b5.asking import place, secret_number
from rules.systems.b5.deploy import Board, Place
from rules.systems.b5.force import Force, Squadron
from rules.systems.b5.movement import Plot

Procedure = Generator[Question, Any, None]
TURN_RULE = "B5 Turn Sequence"
RESULT_RULE = losses.RESULT_RULE
ROUND_LIMIT = jumping.LAST_TURN
"""After this many turns the GM may only enter the results (every battle ends within a bound)."""
MEETING, JUMP_IN = "meeting engagement", "jump-in"
AT_TABLE, RESULTS, PLOT = "at the table", "results", "plot and move"
TURN_STEPS = ("vortex", "arrive", "turn", fleet.FIRST, "plot", "elint", "orders", "mines", "fly", dogfight.STEP, "fire",
              "firer", "weapon", "target", "mark", guardian.STEP, *tractor.STEPS,
              "flight", "strafe", antifighter.PICK, *longrange.STEPS, fleet.STEP, "morale", *reinforcing.STEPS)
"""A turn's questions (``b5/{turn}/{step}...``): each one the procedure resumes from (a checkpoint)."""
PULSE_STEPS = (*firing.STEPS, flying.STEP, dogfight.STEP)
"""The steps of a turn resumed inside its pulses."""
RESULT_STEPS = losses.RESULT_STEPS


def readings(st: B5Settings) -> str:
    """The campaign's readings of the seed's disagreements and options (Campaign > Settings), in words."""
    chart = "as its words say (7 or more: 6)" if st.dogfight == "text" else "by its pattern (one more per two points)"
    target = "its largest face" if st.dogfight_rating == "face" else "that die rolled each pulse"
    return (f"this campaign reads the seed so: the dogfight chart past 6 kills {chart}; a dogfight's target number "
            f"the target's dogfight die, {target}; the top morale circle half the starting level rounded "
            f"{st.morale_rounding}; command radius {'by race (4, 5 or 6)' if st.command_by_race else '5'}"
            + ("; a squadron's fire declared as a whole, then rolled, then resolved" if st.declared_fire else ""))


class B5Engine:
    """The forces, the board, where each ship stands and the procedure."""

    def __init__(self, state: BattleState, log: EventLog, dice: DiceRoller,
                 settings: B5Settings | None = None) -> None:
        self.state, self.log, self.dice = state, log, dice
        self.settings = settings or B5Settings()
        self.attacker, self.defender = state.record.attacker, state.record.defender
        self.round = 0
        self.board = Board()
        self.units: dict[str, BUnit] = {}
        self.forces: dict[str, Force] = {}
        self.scenario = ""
        self.at: dict[str, Label] = {}
        self.facing: dict[str, Facing] = {}
        self.speed: dict[str, int] = {}
        self.patrols: set[str] = set()
        self.vortices: dict[str, Label] = {}  # vortex opener id -> where its vortex formed
        self.vortex_from: dict[str, Label] = {}
        """Vortex opener id -> the hex it was aimed at (the scatter's start)."""
        self.patrol_speed = 0
        self.jump_facing = Facing.A
        self.gate: tuple[Label, Facing] | None = None
        """A jump gate in the system (a jump-in): its hex and the direction it opens in."""
        self.situation = "skirmish"  # the battle's situation (morale modifiers: command.SITUATION)
        self.marked: dict[str, int] = {}  # squadron name -> grey boxes marked off so far
        self.rolled: dict[str, int] = {}  # squadron name -> morale levels rolled for (one roll per level)
        self.withdrawing: set[str] = set()
        self.exits = jumpout.Exits()  # the vortices of squadrons jumping out this turn, the ships gone (jumpout.py)
        self.cut_off: set[str] = set()  # ships a new commander could not command: out of command from then on
        self.detached: set[str] = set()  # squadrons of an Improved Command Network's excess ships (75% firepower)
        self.out_of_command: set[str] = set()
        """Ships beyond their command ship's radius at the last plotted turn's end."""
        self.fired: dict[str, dict[str, list[tuple[int, int]]]] = {}
        """Ship -> weapon name -> (turn, pulse) it fired in (shots-per-turn spacing)."""
        self.structure_lost: dict[str, int] = {}
        self.lost_commands: dict[str, int] = {}
        """Squadron name -> the turn its command ship was lost (it fires at 50% the next)."""
        self.aiming: tuple[str, B5Weapon] | None = None  # the firer and weapon of the pending target question
        self.lost_flagship: dict[str, int] = {}
        """Team -> the turn its flagship was lost (the fleet fires at 75% the next)."""
        self.reinforcements: dict[str, int | None] = {}  # team -> the turn its reinforcements are scheduled for
        self.arrival_checks: dict[str, int] = {}  # team -> arrival checks made (-1: settled)
        self.groups: dict[str, reinforcing.Group] = {}  # team -> its reinforcing fleet, held off the board
        self.placing: tuple[str, Place] | None = None
        """The ship the pending placement question asks for, and its constraint."""
        self.set_up: dict[str, Any] = {}  # set-up answers its later questions need (a checkpoint resumes at each)
        self.jump_plan: jumping.Plan | None = None
        """A jump-in: the attacker's secret choices and the defender's speed (once all are given)."""
        self.vortex_chosen: dict[str, Label] = {}
        """A jump-in: opener -> the hex its vortex was chosen at (before the scatter)."""
        self.fleet_speeds: dict[str, int] = {}
        """A meeting engagement: each side's secret prior fleet speed (announced once all are placed)."""
        self.plotting = False  # this turn is plotted and moved by the engine
        self.plots: dict[str, Plot] = {}
        """Command ship -> its squadron's plot this turn, in the order given (secret until all are)."""
        self.shifts: dict[str, turns.Shift] = {}
        """Command ship -> the one ship its commander shifts this turn, and where (secret with the plot)."""
        self.routes: dict[str, tuple[tuple[Hex, Facing], ...]] = {}
        """Ship -> its place at each pulse's end this turn (the plots revealed)."""
        self.pulse = 0
        """The pulse being fought (0: before the moves)."""
        self.struck: dict[str, int] = {}
        """Squadron -> fired on in the last pulse: 0, damaged 1, a ship lost 2 (the movement priorities)."""
        self.aims: dict[str, str] = {}
        """This pulse: firing squadron -> the enemy squadron its ships target; ship -> its one target."""
        self.doomed: list[str] = []
        """Ships left with no structure by this pulse's fire (destroyed once it is done)."""
        self.in_flight: list[firing.Flight] = []  # ballistic weapons launched, to hit at a later pulse
        self.shot: marking.Shot | None = None
        """The shot whose hits are being marked (the defender choosing a weapon)."""
        self.elint: dict[str, tuple[elint.Order, ...]] = {}  # ELINT ship -> its orders this turn (live once revealed)
        self.elint_ooc: dict[str, tuple[str, ...]] = {}  # a network jam -> the ships it put out of command
        self.net = fleet.Net()  # fleet command after flagships are lost (rules/systems/b5/fleet.py)
        self.launches: dict[str, Label | None] = {}  # command ship -> its mines' hex this turn (secret)
        self.mines: list[emines.Salvo] = []  # energy mines in flight
        self.styles: dict[str, str] = {}  # squadron -> its commander's command style (the optional rule)
        self.fighters: dict[str, int] = {}  # flight -> fighters alive (once attacked)
        self.air = flights.Air()  # the flights on the board, their missions (rules/systems/b5/flights.py)
        self.afire = antifighter.AFState()  # anti-fighter fire's choices (rules/systems/b5/antifighter.py)
        self.tractor = tractor.Tractors()  # the tractor beams' holds (rules/systems/b5/tractor.py)
        self.guard = guardian.Guard()  # the Guardian Arrays' protection of the fire being resolved (guardian.py)
        self.declared: list[declared.Declared] = []  # a squadron's shots declared, not yet resolved (declared.py)
        self.used: dict[str, list[tuple[int, str]]] = {}  # command ship -> (turn, ability) its commander used
        self.firer = ""  # the ship the pending weapon question is for
        self.late = False
        """This pulse's fire is the out-of-command ships', after all other fire."""
        self.morale_hit: list[str] = []
        """The command ships whose grey boxes lost the GM is still to give this turn."""
        self.hits: dict[str, dict[str, int]] = {}  # ship -> system boxes fire marked (data() takes them off)
        self.grey_due: list[str] = []  # squadrons whose grey boxes fire marked this turn (morale at its end)
        self.enlist()

    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def data(self, uid: str) -> B5Data:
        return tractor.powered(self, uid, damage.effective(self.units[uid].unit.b5, self.hits.get(uid, {})))

    def enlist(self) -> None:
        """The units taking part with Babylon 5 data, and each side's force (fleet.forces)."""
        self.units = {u.id: u for u in self.state.units.values() if u.status is not Status.OUT and u.unit.b5}
        self.forces = fleet.forces(self)

    def side_units(self, team: str) -> list[str]:
        return [uid for uid, u in self.units.items() if u.team == team]

    def enemy(self, team: str) -> str:
        return self.attacker if team == self.defender else self.defender

    # -- the procedure -----------------------------------------------------------------------------
    def run(self) -> Procedure:
        self._intro()
        yield from fleet.set_up(self)  # a side's flagship or a squadron's command ship not in the battle
        yield from from_scenario(self)

    def resume(self, key: str) -> Procedure | None:
        """The procedure from the pending question ``key`` (asked again): any question of a
        turn (the turn, a plot, fire, morale), of the results, of the deployment and of the set-up from the
        scenario on (a reinforcing fleet's own squadrons and flagship, and the designations before the scenario,
        excepted: None, an undo there replays those few answers)."""
        parts = key.split("/")
        if key in ("b5/scenario", "b5/situation") or parts[1:2] == ["reinforcements"] and len(parts) <= 3 \
                or parts[1:2] == ["jump"] and len(parts) == 3 or parts[1:2] == ["speed"] and self.scenario:
            return from_scenario(self, key)
        if parts[:2] == ["b5", "place"] and len(parts) == 3 and self.scenario == MEETING:
            return self._from_placing(parts[2])
        if parts[1:2] in (["place"], ["vortex"], ["arrive"]) and len(parts) == 3 and self.jump_plan is not None:
            return self._then_turns(jumping.rest(self, key))
        if parts[:2] == ["b5", abilities.PLANNER_STEP]:
            return self._turns(abilities.PLANNER_STEP)  # before the first turn
        if parts[:2] == ["b5", "results"] and len(parts) == 3 and parts[2] in RESULT_STEPS:
            return self._results(RESULT_STEPS.index(parts[2]))
        if len(parts) < 3 or parts[0] != "b5" or not parts[1].isdigit() or int(parts[1]) != self.round:
            return None
        if parts[2] == "morale" and len(parts) == 4:
            return self._turns("grey")  # a squadron's grey boxes lost (the squadrons were named)
        return self._turns(parts[2]) if parts[2] in TURN_STEPS else None

    def question_odds(self, q: Question) -> dict[str, Any]:
        """A fire target question: each target's exact chance per die (rules/systems/b5/firing.py)."""
        return dict(fireodds.odds(self)) if q.key.endswith("/target") else {**antifighter.odds(self, q), **longrange.odds(self, q)}

    def _intro(self) -> None:
        r = self.state.record
        self.log.add("info", TURN_RULE, f"Battle Hex {r.at}: {self.name(r.attacker)} attacks {self.name(r.defender)}, "
                                        "fought with Babylon 5 Fleet Action (seed 003)")
        for team in (self.defender, self.attacker):
            for secret in (False, True):
                names = [self.units[x].unit.name for x in self.side_units(team)
                         if bool(unit_secret(self.units[x].unit)) is secret]
                if names:
                    self.log.add("info", "V13.13", f"units present ({self.name(team)}"
                                                   f"{', kept from the other side' if secret else ''}): "
                                 + ", ".join(names))
        st = self.settings
        self.log.add("info", TURN_RULE, readings(st))
        left = [u.unit.name for u in self.state.units.values() if u.status is not Status.OUT and not u.unit.b5]
        if left:
            self.log.add("info", TURN_RULE, "without Babylon 5 data, out of this battle: " + ", ".join(left))

    def _then_turns(self, part: Procedure) -> Procedure:
        yield from part
        yield from self._turns()

    def _from_placing(self, uid: str) -> Procedure:
        """A meeting engagement from the placement of ``uid`` (asked again) on."""
        yield from self._meeting(uid)
        yield from self._turns()

    def _meeting(self, at: str = "", speeds: str = "") -> Procedure:
        """Secret speeds, then the squadrons placed (``at``: from that ship's placement on; ``speeds``: from that
        side's speed on)."""
        rule = deploy.RULE
        speeds_of = self.fleet_speeds
        sides = (self.defender, self.attacker)
        for team in sides[sides.index(speeds) if speeds in sides else 0:] if not at else ():
            speeds_of[team] = yield secret_number(f"b5/speed/{team}", team, rule,
                                               f"{self.name(team)}: your fleet's speed last turn, noted in secret "
                                               f"(announced once every squadron is placed; 10 or less)",
                                               0, deploy.MEETING_SPEED, "fleets begin with a speed of 10 or less",
                                               default=deploy.MEETING_SPEED)
        yield from self._deploy_squadrons(meeting=True, at=at)
        for team, s in speeds_of.items():
            for uid in self.side_units(team):
                self.speed[uid] = s
            self.log.add("ruling", rule, f"{self.name(team)} announces its fleet speed: {s}")

    def _deploy_squadrons(self, meeting: bool, sides: tuple[str, ...] | None = None, at: str = "") -> Procedure:
        """The squadrons placed alternately (``at``: from that ship's placement on)."""
        teams = sides or (self.defender, self.attacker)
        lists = [[s.name for s in self.forces[t].squadrons if s.command not in reinforcing.held(self)] for t in teams]
        order = deploy.placement_order(lists[0], lists[1] if len(lists) > 1 else [])
        for side, sq in order:
            team = teams[side]
            if at and at not in self._placing_order(team, sq):
                continue
            yield from self._place_squadron(team, sq, meeting, at)
            at = ""

    def _placing_order(self, team: str, name: str) -> list[str]:
        """The ships of squadron ``name`` in the order they are placed (the flagship's escorts
        right after it)."""
        force = self.forces[team]
        out: list[str] = []
        for uid in next(s for s in force.squadrons if s.name == name).ships:
            out += [uid, *force.escorts] if uid == force.flagship else [uid]
        return out

    def _place_squadron(self, team: str, name: str, meeting: bool, at: str = "") -> Procedure:
        force = self.forces[team]
        squadron = next(s for s in force.squadrons if s.name == name)
        rule = deploy.RULE if meeting else deploy.JUMP_RULE
        enemies = tuple(self.at[x] for x in self.side_units(self.enemy(team)) if x in self.at) if meeting else ()
        steps = self._placing_order(team, name)
        for uid in steps[steps.index(at) if at else 0:]:
            flag = self.at.get(force.flagship)
            if uid in force.escorts:
                yield from self._place(team, uid, Place("escort", flag, enemies), rule, "escort of the flagship")
                continue
            if uid == force.flagship:
                p = Place("flagship", None, enemies)
            elif uid == squadron.command:
                p = Place("patrol" if name in self.patrols else "command", flag, enemies)
            else:
                p = Place("member", self.at[squadron.command], enemies)
            yield from self._place(team, uid, p, rule, f"squadron {name}")

    def _place(self, team: str, uid: str, p: Place, rule: str, what: str) -> Procedure:
        name = self.units[uid].unit.name
        self.placing = (uid, p)
        data = {"unit": uid, "role": p.role} | ({"facing": deploy.TOWARD} if rule == deploy.RULE else {})  # seed 003
        at, facing = yield place(f"b5/place/{uid}", team, rule, f"{self.name(team)}: place {name} ({what}, {p.role})",
                                 self.board, lambda at: deploy.why_not(self.board, p, at, name), data)
        self.placing = None
        self.at[uid], self.facing[uid] = at, facing
        self.log.add("ruling", rule, f"{name} is placed at {at}, facing {facing.name}", {"unit": uid, "at": str(at)})

    def _turns(self, at: str = "") -> Procedure:
        """The turns, each from its turn question (``at``: the step of this turn the procedure
        resumes at, asking its question again; one of :data:`TURN_STEPS`)."""
        if not self.round and at in ("", abilities.PLANNER_STEP):
            if not at:
                abilities.start(self)
            yield from abilities.tactical(self)  # Superior Tactical Planner, before the game begins
            at = ""
        while True:
            if not at:
                self.round, self.pulse = self.round + 1, 0  # a new turn: no pulse yet (the Step said turn 1's last)
            if at in ("", "vortex", "arrive", *reinforcing.STEPS[:2]):  # a secondary jump point, reinforcements
                yield from reinforcing.turn_start(self, at)
                at = ""
            if at in ("", "turn"):
                options = [AT_TABLE, RESULTS, PLOT] if self.round <= ROUND_LIMIT else [RESULTS]
                said = yield choose(f"b5/{self.round}/turn", GM, TURN_RULE,
                                    f"Game Master: turn {self.round}: plot and move the squadrons here, or fight "
                                    "the turn at the table (the panel's helpers give the numbers), or enter the "
                                    "results?", options, default=PLOT if PLOT in options else None)
                if said == RESULTS:
                    break
                self.plotting = said == PLOT
                self.plots, self.shifts, self.elint, self.launches, self.routes = {}, {}, {}, {}, {}
            if self.plotting and at in ("", "turn", fleet.FIRST, "plot", "elint", "orders", "mines"):
                yield from turns.plotted_turn(self)
            if self.plotting and at not in ("morale", "grey", "entry"):  # the pulses, new commanders, flagship, net
                yield from turns.turn_end(self, at, turns.pulses(self, at if at in PULSE_STEPS else ""))
            yield from reinforce.turn_end(self, at)  # morale, then the reinforcements' arrival checks
            at = ""
        yield from self._results()

    def live_squadrons(self, team: str) -> list[Squadron]:
        """The squadrons whose command ship is on the board."""
        return [s for s in self.forces[team].squadrons
                if self.units[s.command].status is Status.PRESENT and s.command in self.at]

    def _results(self, first: int = 0) -> Procedure:
        """The GM's results, from step ``first`` of :data:`RESULT_STEPS` (rules/systems/b5/losses.py)."""
        return losses.results(self, first)

    # -- queries -----------------------------------------------------------------------------------
    def ring(self, uid: str) -> int:
        """The command radius of command ship ``uid`` (5, or by its race with settings.b5.command_by_race)."""
        return command.radius(self.data(uid).race, self.settings.command_by_race)

    def legal(self) -> list[Label]:
        """The hexes the pending placement question accepts (empty when none is pending, or any hex)."""
        if self.placing is None:
            return []
        _uid, p = self.placing
        if p.role == "entry" and p.anchor is not None:
            return arriving.entries(self, _uid)  # its own vortex, or any of its squadron's
        if p.role == "any" or p.role.startswith("edge:"):  # anywhere; a board edge (reinforcements)
            return reinforcing.edge_hexes(self, p.role)
        if p.role in ("vortex", "jumped", "mines") and p.anchor is not None:
            mask = self.board.distances(p.anchor) <= {"vortex": jump.CHOSEN_RADIUS, "jumped": 2}.get(
                p.role, emines.reach(self, _uid))
        else:
            mask = deploy.zone(self.board, p)
        return [self.board.labels[i] for i in mask.nonzero()[0]]


def from_scenario(self: B5Engine, at: str = "") -> Procedure:
    """The engine's procedure from the scenario on (``at``: from that question of the set-up, asked again, the
    answers before it on the engine: ``self.set_up``)."""
    if at in ("", "b5/scenario"):
        self.scenario = yield jumping.scenario(self, TURN_RULE, MEETING, JUMP_IN)
    if at in ("", "b5/scenario", "b5/situation"):
        yield from morale.situation(self)
    if at in ("", "b5/scenario", "b5/situation") or at.startswith("b5/reinforcements"):
        yield from reinforce.schedule(self, at)
    if self.scenario == MEETING:
        yield from self._meeting(speeds=at.removeprefix("b5/speed/") if at.startswith("b5/speed/") else "")
    else:
        yield from jumping.jump_in(self, at if at.startswith(("b5/jump/", "b5/speed/")) else "")
    yield from self._turns()
