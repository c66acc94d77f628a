"""A random legal player of whole campaign turns (issue 19), through the engine API the
``main.py turn`` command uses (:class:`rules.turn.run.TurnRun`).

At each pending question it chooses at random (seeded) among the question's legal answers:
the options offered, random orders the movement check allows or End Movement, random cargo
actions or End Phase, random unit lists the question's check accepts, and for a Battle Hex
either a GM ruling or the battle fought by its system's random answers
(:mod:`tests.play.battle_player`). A battle system that raises, finds no answer or does not
end within the bound is worked around with a GM ruling and counted in :attr:`TurnPlayer.notes`
(those systems are fixed elsewhere); anything wrong with the turn engine itself raises
:class:`Wall`.

What is a wall: the pending question cannot be computed (its exception escapes), there is
none, no candidate answer is accepted, an answer the engine itself offered (an option, an
answer its own check passed, End Phase when End Phase is what it asks) is refused, or a turn
takes more than ``max_answers`` answers.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.io import dumps, parse_campaign
from rules.model.records import Phase
from rules.strategic.movement import check_orders
from rules.strategic import meetings
from rules.strategic.state import StrategicState
from rules.turn import logistics
from rules.turn.run import TurnRun
from tests.play.battle_player import fight

Candidate = tuple[Any, bool]
"""An answer to try, and whether the engine must accept it (it offered it)."""


class Wall(AssertionError):
    """The turn engine left the player without a way on."""


LONGER = {"b5": 3}
"""Systems whose battles take more answers than the bound by their nature: a B5 squadron declares
its fire as a whole each turn (settings.b5 declared_fire, the default since issue 24), so a random
battle of seed 0 ends between 400 and 600 answers; an endless battle still fails at 3x the bound."""


class TurnPlayer:
    """Plays ``campaign`` with random legal answers.

    Attributes:
        run: the turn run (its ``answers`` replay the game).
        notes: what was worked around, counted (``battle ruled``, ``battle fought``,
            ``sidcors did not end``, ``afef error: ...``).
        checked: saves checked (``dumps`` -> ``parse_campaign`` -> equal).
        battle_texts: the log entries' words of the battles fought (not ruled), in order.
    """

    def __init__(self, campaign: Campaign, seed: int, ruling: float = 0.3, move: float = 0.6,
                 bound: int = 300, max_answers: int = 600, check_saves: bool = True,
                 dice_key: str | None = None) -> None:
        self.run = TurnRun(campaign, dice_key=dice_key)  # (its battles' secret dice keyed as main.py turn's)
        self.rng = random.Random(seed)
        self.ruling, self.move, self.bound = ruling, move, bound
        self.max_answers, self.check_saves = max_answers, check_saves
        self.notes: Counter[str] = Counter()
        self.checked = 0
        self.battle_texts: list[str] = []

    # -- playing -----------------------------------------------------------------------------------
    def play_turns(self, n: int) -> int:
        """Play ``n`` whole turns (to the next turns' orders); the turns played."""
        start = self.run.campaign.turn
        while self.run.campaign.turn < start + n:
            turn, used = self.run.campaign.turn, len(self.run.answers)
            while self.run.campaign.turn == turn:
                if len(self.run.answers) - used > self.max_answers:
                    raise Wall(f"turn {turn} still in {self.run.campaign.phase.value} after {self.max_answers} answers")
                self.step()
        return self.run.campaign.turn - start

    def step(self) -> Any:
        """Answer the pending question with a random legal answer; that answer."""
        q = self.run.pending
        if q is None:
            raise Wall(f"no pending question in {self.run.campaign.phase.value} (turn {self.run.campaign.turn})")
        refused: list[str] = []
        for a, sure in self._candidates(q):
            try:
                self.run.answer(a)
            except (IllegalAnswer, RuleError) as e:
                if sure:
                    raise Wall(f"{q.key}: the engine refused an answer it offered, {a!r}: {e}") from e
                refused.append(f"{a!r}: {e}")
                continue
            self._saved()
            return a
        raise Wall(f"{q.key}: no answer accepted ({q.text}); tried: {'; '.join(refused[-5:])}")

    def _saved(self) -> None:
        if not self.check_saves:
            return
        c = self.run.campaign
        text = dumps(c)
        back = parse_campaign(text, "saved after an answer")  # the checks of --check and the loader
        if back != c or dumps(back) != text:
            raise Wall(f"the campaign saved after answer {len(self.run.answers)} reopens to another state")
        self.checked += 1

    # -- candidates --------------------------------------------------------------------------------
    def _candidates(self, q: Question) -> Iterator[Candidate]:
        parts = q.key.split("/")
        if parts[0] == "turn":
            kind = parts[2]
            if kind == "orders":
                yield from self._orders()
            elif kind == "ignore":
                first = self.rng.random() < 0.5
                yield first, True
                yield not first, True
            elif kind == "battle":
                yield self._battle(q), True
            else:
                yield from self._end_phase()
            return
        if parts[0] == "random" and len(parts) == 2 and self.rng.random() < 0.45:  # the Random Events loop ends
            yield "none", True
        yield from self._offered(q)

    def _offered(self, q: Question) -> Iterator[Candidate]:
        """A Combat Phase question: an option, yes or no, or a unit list its check passes."""
        if q.kind is QKind.YES_NO:
            first = self.rng.random() < 0.5
            yield first, True
            yield not first, True
        elif q.kind is QKind.CHOOSE:
            for o in self.rng.sample(list(q.options), len(q.options)):
                yield o, True
        elif q.kind is QKind.CHOOSE_UNITS:
            opts = list(q.options)
            tries = [[o for o in opts if self.rng.random() < 0.5] for _ in range(4)] + [[]]
            for pick in tries:
                try:
                    q.check(pick)
                except IllegalAnswer:
                    continue
                yield pick, True
        elif q.kind is QKind.NUMBER and q.low is not None and q.high is not None:  # a research investment
            yield self.rng.randint(q.low, q.high), True
        elif q.kind is QKind.TEXT:  # a random event's words (empty is "a random event")
            yield self.rng.choice(["", "a plague", "a  festival  of lights"]), True
        else:
            raise Wall(f"{q.key}: a {q.kind.value} question the player does not know")

    def _orders(self) -> Iterator[Candidate]:
        c = self.run.campaign
        if c.settings.empire_turn == "seed004":  # before movement, which the engine always takes
            yield from self._legal(c, "replace", "replacement flights offered")
            yield from self._legal(c, "repair", "repairs offered")  # ships', and bases' by their levels
            yield from self._legal(c, "settle", "colony planets chosen")  # where a loaded Colony Fleet has several
        if self.rng.random() < self.move:
            state = StrategicState.compute(c, self.run.graph)
            fleets = [f for f in c.fleets if not f.orders or self.rng.random() < 0.3]
            for f in self.rng.sample(fleets, min(len(fleets), 4)):
                path = self._path(state, f)
                if path is not None:
                    yield {"orders": {f.id: path}}, True  # check_orders passed: set_orders must take it
        if c.settings.empire_turn == "seed004" and self.rng.random() < 0.6:  # seed 004 purchases (issue 23)
            yield from self._bases(c)  # a base at a planet where Transport Fleets stand, maybe built elsewhere
            planets = [(p, s, pl) for p in c.powers if p.unit_list for s in c.map.sectors
                       for pl in (s.star_system.planets if s.star_system else []) if pl.owner == p.id]
            for p, s, pl in self.rng.sample(planets, min(len(planets), 3)):
                here = [(f, u) for f in c.fleets if f.power == p.id and f.sector == s.at for u in f.units]
                if here and self.rng.random() < 0.5:  # scrapping, Reserve, mothballs, reactivation, colonization
                    f, u = self.rng.choice(here)
                    kind = self.rng.choice(("scrap", "reserve", "mothball", "reactivate", "colonize"))
                    body = {"fleet": f.id} if kind == "colonize" else {"unit": u.id}
                    yield {kind: {"power": p.id, **body, **({} if kind == "reserve" else {"planet": pl.name})}}, False
                mine = [u.id for f in c.fleets if f.power == p.id for u in f.units]
                if mine and self.rng.random() < 0.2:  # Reserve and its reactivation need no planet
                    kind = self.rng.choice(("reserve", "reactivate"))
                    yield {kind: {"power": p.id, "unit": self.rng.choice(mine)}}, False
                if p.ground_list and self.rng.random() < 0.3:
                    ground = self.rng.choice(p.ground_list).unit.name
                    yield {"ground": {"power": p.id, "class": ground, "at": str(s.at), "planet": pl.name}}, False
                unit = self.rng.choice(p.unit_list).unit.class_designation
                yield {"purchase": {"power": p.id, "class": unit, "at": str(s.at), "planet": pl.name,
                                    **self._elsewhere(c, p, s, unit)}}, False
                if self.rng.random() < 0.3:
                    yield {"productivity": {"power": p.id, "at": str(s.at), "planet": pl.name}}, False
                if self.rng.random() < 0.3:
                    yield {"intel": {"power": p.id, "points": self.rng.randint(1, 5)}}, False
                yield from self._escorts_and_diplomacy(c, p.id)
                theirs = [str(t.at) for t in c.map.sectors if t.star_system is not None and any(
                    x.owner not in (None, p.id) for x in t.star_system.planets)]
                if theirs and self.rng.random() < 0.3:  # an Intel mission, which the GM then rules (issue 23)
                    kind = self.rng.choice(("espionage", "sabotage", "insurgency"))
                    yield {"mission": {"power": p.id, "mission": kind, "staging": str(s.at),
                                       "target": self.rng.choice(theirs), "intel": self.rng.randint(1, 3)}}, False
        yield "end_movement", True

    def _escorts_and_diplomacy(self, c: Campaign, power: str) -> Iterator[Candidate]:
        """Issue 23 audit's orders: an escort assigned or removed, a Trade Fleet's route, a break or a
        declaration (whose Exhibit B chance reads the facts encounters and declarations keep); any
        may be refused."""
        mine = [f for f in c.fleets if f.power == power]
        civilian = [f for f in mine if f.kind.civilian]
        military = [f for f in mine if not f.kind.civilian]
        if civilian and military and self.rng.random() < 0.3:
            of = self.rng.choice(civilian).id if self.rng.random() < 0.7 else None
            yield {"escort": {"power": power, "fleet": self.rng.choice(military).id, "of": of}}, False
        trade = [f for f in civilian if f.trade_route]
        if trade and self.rng.random() < 0.2:
            t = self.rng.choice(trade)
            nb = sorted(self.run.graph.neighbours(t.sector))
            yield {"route": {"power": power, "fleet": t.id,
                             "route": [str(t.sector)] + ([str(self.rng.choice(nb))] if nb else [])}}, False
        yield from self._replacements(c, power)
        others = [o.id for o in c.powers if o.id != power]
        if others and self.rng.random() < 0.2:
            other = self.rng.choice(others)
            if self.rng.random() < 0.5:
                yield {"declare": {"power": power, "against": other,
                                   "declaration": self.rng.choice(("hostilities", "war"))}}, False
            else:
                yield {"break": {"power": power, "with": other, "treaty": self.rng.choice(
                    ("non_aggression", "peace", "trade", "mutual_defense", "alliance"))}}, False

    def _legal(self, c: Campaign, kind: str, note: str) -> Iterator[Candidate]:
        """Every order of ``kind`` the engine accepts now (order_choices.offers, the orders dialog's list: each
        new flight to each place that lost one; each crippled unit at a planet of its sector, a damaged base
        for all its damage levels and each fewer), in a random order: the engine must take each it offered."""
        from rules.turn.order_choices import offers

        legal = [(p.id, o) for p in c.powers for o in offers(c, p.id, kind) if not o.refused]
        if not legal or self.rng.random() < 0.5:  # (no draw without one: the other games play as before)
            return
        for power, o in self.rng.sample(legal, len(legal)):
            self.notes[note] += 1
            yield {kind: {"power": power, **dict(o.body)}}, True

    def _replacements(self, c: Campaign, power: str) -> Iterator[Candidate]:
        """A newly built flight sent to any fleet or garrison of its power (the engine judges: mostly
        refused, as no flight was lost there; :meth:`_legal` gives the legal ones)."""
        from rules.turn.replacement import new_flights

        built = new_flights(c, power)
        places = [f.id for f in c.fleets if f.power == power] + [str(s.at) for s in c.map.sectors if s.owner == power]
        if built and self.rng.random() < 0.3:
            yield {"replace": {"power": power, "flight": self.rng.choice(built)[1].id,
                               "to": self.rng.choice(places)}}, False

    def _bases(self, c: Campaign) -> Iterator[Candidate]:
        """A base of a power's list bought at a planet where its Transport Fleets stand, now and then
        built outside the planet's orbit (:meth:`_elsewhere`)."""
        from rules.economy.construction import Kind
        from rules.turn.purchases import kind_of

        for p in c.powers:
            bases = [b.unit.class_designation for b in p.unit_list if kind_of(b.unit.kind) is Kind.BASE]
            spots = [(s, pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                     if pl.owner == p.id and any(f.power == p.id and f.kind.value == "transport" and f.sector == s.at
                                                 for f in c.fleets)]
            if bases and spots and self.rng.random() < 0.5:
                s, pl = self.rng.choice(spots)
                cls = self.rng.choice(bases)
                yield {"purchase": {"power": p.id, "class": cls, "at": str(s.at), "planet": pl.name,
                                    **self._elsewhere(c, p, s, cls)}}, False

    def _elsewhere(self, c: Campaign, p: Any, s: Any, cls: str) -> dict[str, Any]:
        """Now and then a purchase built outside the planet's orbit (seed 004 bases, issue 23): in one of
        the power's systems, carried by one to three of its Transport Fleets standing at the planet
        (the engine refuses the wrong number, a ship, a fleet elsewhere)."""
        from rules.economy.construction import transport_fleets_for_base

        tfs = [f.id for f in c.fleets if f.power == p.id and f.kind.value == "transport" and f.sector == s.at]
        mine = [str(t.at) for t in c.map.sectors if t.owner == p.id and t.star_system is not None]
        if not tfs or not mine or self.rng.random() < 0.5:
            return {}
        self.notes["bases elsewhere offered"] += 1
        entry = next((b for b in p.unit_list if b.unit.class_designation == cls), None)
        need = transport_fleets_for_base(entry.cost, in_orbit=False) if entry is not None else 1
        n = need if self.rng.random() < 0.7 else self.rng.randint(1, 3)  # mostly the rule's number
        return {"elsewhere": {"at": self.rng.choice(mine), "transports": self.rng.sample(tfs, min(len(tfs), n))}}

    def _path(self, state: StrategicState, f: Any) -> list[str] | None:
        g = self.run.graph
        for _ in range(4):
            here = f.in_transit_to if f.in_transit_to is not None else f.sector
            path = [here] if f.in_transit_to is not None else []
            for _ in range(self.rng.randint(1, 2)):
                nb = sorted(g.neighbours(here))
                if not nb:
                    break
                here = self.rng.choice(nb)
                path.append(here)
            if path and check_orders(state, f, path).ok:
                return [str(x) for x in path]
        return None

    def _end_phase(self) -> Iterator[Candidate]:
        c = self.run.campaign
        cargo_phase = Phase.TROOPS if c.settings.combat_phase == "seed004" else Phase.BATTLES
        if c.phase is cargo_phase and self.rng.random() < 0.4:
            moves = [(f.id, a) for f in c.fleets for a in logistics.actions(c, f.id)]
            for fid, a in self.rng.sample(moves, min(len(moves), 3)):
                order = {"fleet": fid, "verb": a.verb, "cargo": a.cargo}
                if a.planet:
                    order["planet"] = a.planet
                yield {"cargo": order}, False  # listed as something to try: the engine judges it
        yield ("end_phase" if self.rng.random() < 0.7 else {"end_phase": "random play"}), True

    def _battle(self, q: Question) -> Any:
        from hexmap import Label
        from rules.systems import system_for

        at = self.rng.choice(list(q.options))
        sector = Label.parse(at.split()[0])  # an option names the sector, and the sides when it holds several
        c = self.run.campaign
        system = system_for(c, sector).key
        if self.rng.random() < self.ruling:
            self.notes["battle ruled"] += 1
            return {"battle": at, "ruling": "random play: the GM rules"}
        # the record the option names, brought first among its sector's open records, as the
        # engine fights it (TurnRun._battle, app/shell/session.py): never another meeting there
        index = meetings.named(c, self.run.fightable(), at)
        if index is None:
            raise Wall(f"{q.key}: the option {at!r} names no Battle Hex the engine would fight")
        bound = self.bound * LONGER.get(system, 1)
        done = fight(meetings.bring_first(c, index), sector, self.run.graph, self.rng, bound, self.run.dice_key)
        self.battle_texts.extend(done.texts)
        if done.error:
            self.notes[f"{system} error: {done.error[:120]}"] += 1
        elif done.stuck:
            self.notes[f"{system} no answer: {done.stuck[:120]}"] += 1
        elif not done.ended:
            self.notes[f"{system} did not end within {bound} answers"] += 1
        elif done.dangling:
            self.notes[f"{system} write-back left flights without their carrier"] += 1
        if done.error or done.stuck or done.dangling or not done.answers \
                or (not done.ended and self.rng.random() < 0.5):
            return {"battle": at, "ruling": "random play: the battle could not go on"}
        self.notes[f"{system} battle fought" + ("" if done.ended else " (left open)")] += 1
        answers = done.answers
        if done.ended and len(answers) > 1 and self.rng.random() < 0.15:  # saved half-way, resumed later
            answers = answers[:self.rng.randint(1, len(answers) - 1)]
        return {"battle": at, "answers": answers}


def run_bytes(run: TurnRun) -> str:
    """What a run gives, as bytes to compare: its log and the campaign it reached."""
    import json

    return json.dumps([e.to_dict() for e in run.log], sort_keys=True) + "\n" + dumps(run.campaign)


def replay(campaign: Campaign, answers: list[Any], dice_key: str | None = None) -> str:
    """:func:`run_bytes` of a fresh run given ``answers`` (its battles keyed by ``dice_key``)."""
    run = TurnRun(campaign, dice_key=dice_key)
    for a in answers:
        run.answer(a)
    return run_bytes(run)


def default_answer(q: Question) -> Any:
    """The answer a GM pressing Return would give: the first option, no, no units, End Phase,
    End Movement, and a GM ruling for a Battle Hex."""
    parts = q.key.split("/")
    if parts[0] == "turn":
        kind = parts[2]
        if kind == "orders":
            return "end_movement"
        if kind == "battle":
            return {"battle": q.options[0], "ruling": "fought at the table"}
        if kind != "ignore":
            return "end_phase"
    if q.kind is QKind.YES_NO or (parts[0] == "turn" and parts[2] == "ignore"):
        return False
    if q.kind is QKind.CHOOSE:
        return "none" if "none" in q.options else q.options[0]
    if q.kind in (QKind.NUMBER, QKind.TEXT):
        return q.default
    return []


def answers_to_next_turn(campaign: Campaign, first: list[Any]) -> list[Any]:
    """``first``, then :func:`default_answer` to every question up to the next turn's orders."""
    run = TurnRun(campaign)
    for a in first:
        run.answer(a)
    turn = run.campaign.turn
    while run.campaign.turn == turn:
        q = run.pending
        assert q is not None
        run.answer(default_answer(q))
    return list(run.answers)
