"""The shared machinery of a dice battle run (:class:`rules.systems.BattleRun`): seeded dice,
the event log, replay of the record's answers, undo, secret answers, GM rulings and write-back.

A system subclasses :class:`ReplayRun` with its engine and gives only what is its own: the
engine, the words of an answer, the marks of what an answer changed, its status and queries.
The run gives every system what V13 has (issue 21): undo and reopen resume from checkpoints
(:mod:`rules.battlehex.replay_points`) where the engine can go on from a pending question
(:meth:`RunEngine.resume`), and the odds a question is shown with are computed when it is shown
(:meth:`ReplayRun.question_odds`, cached), never stored in the question or the file.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Generator
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from hexmap import Label, LaneGraph
from rules.battlehex.change import BattleChange, RunStatus
from rules.battlehex.compose import answer_words, compose
from rules.battlehex.log import GM, EventLog, IllegalAnswer, roll_line, ruled
from rules.battlehex.questions import Question
from rules.battlehex.results import write_back
from rules.battlehex.roster import build_roster
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller, Roll, new_dice_key
from rules.model.campaign import Campaign
from rules.strategic.state import StrategicState
from rules.systems import open_record
from rules.battlehex.replay_points import Point, Points, remember
from rules.battlehex.run_points import Checkpointed, collector_paused


class RunEngine(Protocol):
    """What :class:`ReplayRun` needs of a system's engine."""

    @property
    def log(self) -> EventLog: ...

    @property
    def state(self) -> BattleState: ...

    @property
    def dice(self) -> DiceRoller: ...

    @property
    def round(self) -> int: ...

    @property
    def attacker(self) -> str: ...

    @property
    def defender(self) -> str: ...

    def name(self, team: str) -> str:
        """``team``'s name."""
        ...

    def enlist(self) -> None:
        """(Re)build the forces from the roster after fleet composition kept some units out."""
        ...

    def run(self) -> Generator[Question, Any, None]:
        """The procedure: yields questions, takes checked answers."""
        ...

    def resume(self, key: str) -> Generator[Question, Any, None] | None:
        """The procedure from the pending question ``key`` on (asking it again first), or None
        when the engine cannot go on from there (a checkpoint is kept only where it can)."""
        ...

    def question_odds(self, q: Question) -> dict[str, Any]:
        """The exact odds the pending question ``q`` is shown with ({} for none)."""
        ...


E = TypeVar("E", bound=RunEngine)


class ReplayRun(Checkpointed, Generic[E]):
    """A battle run that replays its record's answers on seeded dice.

    Subclasses set ``ROUNDS_RULE`` (``RESULT_RULE`` when their results are written back under
    another rule, and ``RULINGS`` to take GM rulings and secret answers),
    implement :meth:`_engine`, :meth:`_words` and :meth:`_marks`, and call :meth:`restart`
    with the record's answers at the end of their ``__init__``.

    Args:
        campaign: the campaign holding the open Battle Hex record.
        at: the Battle Hex's sector.
        graph: the campaign's lane graph, if already built.
        dice: makes the roller from the seed (tests pass scripted dice).
    """

    ROUNDS_RULE: ClassVar[str]
    RESULT_RULE: ClassVar[str | None] = None
    """The rule the campaign log's result lines cite: the system's own end of battle (None:
    ``ROUNDS_RULE``, the rule its rounds end under)."""
    RULINGS: ClassVar[bool] = False
    SEEDED: ClassVar[bool] = True
    """Whether the record stores the dice seed (a system that rolls no dice leaves it out)."""
    SECRET_DICE: ClassVar[bool] = False
    """Whether the system rolls secret dice: its battles are begun with a key of them (:meth:`key_secret_dice`)."""
    engine: E

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None,
                 dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        self.campaign = campaign
        self.record = open_record(campaign, at)
        self._set_up = (campaign, graph)
        self._strategic: StrategicState | None = None
        r = self.record
        self.seed = r.seed if r.seed is not None else (
            campaign.dice_seed * 7919 + campaign.turn * 104_729 + at.col * 131 + at.row)
        self.dice_key = r.dice_key
        self._dice = dice
        self.answers: list[Any] = []
        self.pending: Question | None = None
        self._secret: dict[int, str] = {}
        self._points: Points | None = None
        self._spare_state: BattleState | None = None
        self._left: tuple[E, Generator[Question, Any, None]] | None = None
        """The engine an undo left (and its procedure), released when the next answer is given."""
        self._keeping = True
        """Whether a replay keeps checkpoints (not on the few answers after one read from disk)."""
        self._key = ""
        self._lent: Point | None = None
        """The checkpoint whose engine this run goes on with, lent (a reopen), until it changes it."""
        self._odds: tuple[Question, dict[str, Any]] | None = None

    @property
    def strategic(self) -> StrategicState:
        """The campaign's strategic state the battle was set up in (computed when first needed: a
        run resumed from a checkpoint never needs it)."""
        if self._strategic is None:
            self._strategic = StrategicState.compute(*self._set_up)
        return self._strategic

    # -- what a system gives -----------------------------------------------------------------------
    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> E:
        """The system's engine on a fresh state, log and dice."""
        raise NotImplementedError

    def _words(self, q: Question, raw: Any) -> str:
        """The log's words for answering ``q`` with ``raw``."""
        raise NotImplementedError

    def _marks(self) -> dict[str, Any]:
        """Per unit id, what an answer may change (compared before and after it)."""
        raise NotImplementedError

    def _step(self) -> object:
        """What tells a new step of the battle when it changes (default: resolved)."""
        return self.state.resolved

    def _who(self, team: str) -> str:
        """The name the log gives the one answering: the GM not fighting answers as the Game
        Master, never under the name of the GM-controlled Team."""
        if team == GM and GM not in self.state.battle_teams:
            return "Game Master"
        return self.engine.name(team)

    def answer_text(self, q: Question, raw: Any) -> str:
        """The log's text of answering ``q`` with ``raw``: who, then the words."""
        words = answer_words(q, raw, self.state.units) if q.key.startswith("composition/") else self._words(q, raw)
        return f"{self._who(q.to)}: {words}"

    def status(self) -> RunStatus:
        """Heading, stage and resolution for the window."""
        raise NotImplementedError

    # -- running -----------------------------------------------------------------------------------
    def _state(self) -> BattleState:
        """The battle's state at its set-up (the one a checkpoint on disk that could not be used was checked against, if any)."""
        spare, self._spare_state = self._spare_state, None
        if spare is not None:
            return spare
        teams = {t.id: t for t in self.campaign.teams}
        state = BattleState(self.record, build_roster(self.campaign, self.strategic, self.record), teams,
                            terrain=self.record.terrain)
        self._check(state)
        return state

    def _check(self, state: BattleState) -> None:
        """Refuse a battle this system cannot fight (``RuleError``), on its set-up ``state``: run
        whenever the roster is built, never when the run resumes from a checkpoint (made by a run
        of the same inputs, which passed it; issue 21: a reopen builds no roster)."""

    def restart(self, answers: list[Any], take: bool = False) -> None:
        """Start again from the newest checkpoint these ``answers`` begin with (else from the
        first round) and replay the rest (each must still be legal). ``take``: an undo, which
        takes the checkpoint's engine itself when it stands exactly there (no copy; the next
        answer given keeps a checkpoint there again, :meth:`_keep_here`); one with answers to
        replay after it is copied and stays kept, so undoing again and again never wears the
        checkpoints away."""
        self._give_back(changing=False)  # the engine it goes on with now is another
        points = self._shelf()
        point = points.best(answers, self._read_digest(answers)) if points is not None else None
        here = point is not None and points is not None and point.answers == len(answers) and not points.lent(point)
        take = take and here
        if point is not None and take and points is not None:
            points.drop(point)
        lend = here and not take  # a reopen standing exactly at a checkpoint: its engine lent, not copied
        disk = False
        if point is None and points is not None and answers:
            point = self._from_disk(points, answers)
            take = True  # a point read from disk is this run's own: no copy
            if point is not None:  # the few answers after it keep no points (each copies the engine)
                points.spacing = max(points.spacing, len(answers))
                disk = True
        if point is None or not (self._lend(point, points) if lend and points is not None
                                 else self._resume_from(point, take)):
            state = self._state()
            dice = self._roller()
            self._listen(dice)
            self.engine = self._engine(state, EventLog(), dice)
            self.answers = []
            self._secret = {}
            self._gen = self._procedure()
            self.pending = self._advance(None, first=True)
        self._spare_state = None  # a spare is for this start only (never kept past it)
        if points is not None:
            points.plan(len(answers) - len(self.answers))
        expected = len(answers)
        self._keeping = not disk  # a cold reopen copies no engine: an undo reads the disk again, an answer keeps one
        try:
            with collector_paused():  # the replay's rolls and events would set off full collections (issue 21)
                for a in answers[len(self.answers):]:
                    self._give(a, expected)
        finally:
            self._keeping = True

    def _procedure(self) -> Generator[Question, Any, None]:
        """Fleet composition first (seed 004: "applied when any battle is set up"), then the system's rounds."""
        e = self.engine
        yield from compose(self.campaign, self.record, e.state.units, e.name, e.log)
        e.enlist()
        yield from e.run()

    def _log_roll(self, roll: Roll) -> None:
        text = roll_line(roll, self.engine.name(roll.who))  # the Team's name, not its id
        self.log.add("roll", roll.rule, text, {"faces": list(roll.faces), "total": roll.total,
                                               "purpose": roll.purpose, "who": roll.who})

    def _advance(self, value: Any, first: bool = False) -> Question | None:
        try:
            q = self._came(next(self._gen) if first else self._gen.send(value))
        except StopIteration:
            q = self._came(None)
        if q is None:
            return None
        self.log.add("question", q.rule, q.text, {"key": q.key, "to": q.to})
        return q

    def _came(self, q: Question | None) -> Question | None:
        """The engine's next question (``None``: the battle is over) before it is logged: a system
        may mark it (STCS hides what follows damage to a cloaked ship). This one keeps it as it is."""
        return q

    def _give(self, raw: Any, expected: int | None = None) -> set[str]:
        """Give ``raw`` to the pending question; ``expected``: a replay of that many answers (no
        marks compared), else an answer given now (its changed units returned)."""
        self._left = None
        self._give_back(changing=True)  # the lent engine's point keeps a copy before this answer changes it
        q = self.pending
        if q is None:
            raise IllegalAnswer(self.ROUNDS_RULE, "the Battle Hex is resolved: no question is open")
        ruling = self.RULINGS and isinstance(raw, dict) and "gm_ruling" in raw
        if ruling:
            value = (q.parse or q.check)(ruled(raw))
        else:
            value = q.check(raw)
        secret = self.RULINGS and bool(q.data.get("secret"))
        if expected is None:
            self._keep_here()
        self.answers.append(raw)
        if secret:
            self._secret[len(self.answers) - 1] = q.to
        before = self._marks() if expected is None else {}
        self.log.add("ruling" if ruling else "answer", q.rule, self.answer_text(q, raw),
                     {"key": q.key, "by": q.to, "answer": raw}, visible_to=(q.to, GM) if secret else None)
        try:
            self.pending = self._advance(value)
        except Exception:  # the procedure failed on it (a late refusal or a fault): never keep it
            self.restart(self.answers[:-1])
            raise
        self._checkpoint(len(self.answers) if expected is None else expected)
        if expected is not None:
            return set()
        after = self._marks()
        return {k for k in after if after[k] != before.get(k)}

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    @property
    def log(self) -> EventLog:
        return self.engine.log

    @property
    def state(self) -> BattleState:
        return self.engine.state

    def answer(self, raw: Any) -> BattleChange:
        """Give the pending question ``raw``; an illegal answer raises ``IllegalAnswer`` and changes nothing."""
        start, resolved, step = self.log.size, self.state.resolved, self._step()
        units = self._give(raw)
        return BattleChange(events_from=start, units=frozenset(units), step=self._step() != step,
                            resolved=self.state.resolved and not resolved)

    def undo(self, n: int = 1) -> BattleChange:
        """Take back the last ``n`` answers (a replay without them)."""
        if n < 1 or n > len(self.answers):
            raise IllegalAnswer("undo", f"cannot take back {n} answer{'s' if n != 1 else ''}: "
                                        f"{len(self.answers)} given")
        left = (self.engine, self._gen)
        self.restart(self.answers[:-n], take=True)
        self._left = left  # released with the next answer: freeing a whole force is no part of the undo's wait
        return BattleChange(events_from=self.log.size, rewound=True, step=True)

    def saved(self) -> Campaign:
        """The campaign with the seed and answers stored; once resolved, its results written back."""
        update: dict[str, Any] = {"answers": list(self.answers)}
        if self.SEEDED:
            update.update(seed=self.seed, **({"dice_key": self.dice_key} if self.dice_key else {}))
        if self.RULINGS:
            update["secret_answers"] = self.secret_answers()
        self._write_point()
        stored = self.record.model_copy(update=update)
        new = self.campaign.model_copy(update={"battle_hexes": [stored if r is self.record else r
                                                                for r in self.campaign.battle_hexes]})
        return write_back(new, self.state, self.RESULT_RULE or self.ROUNDS_RULE, self) if self.state.resolved else new

    def key_secret_dice(self, key: str | None = None) -> bool:
        """Begin a battle not begun (no seed stored, answer or key) of secret dice with ``key`` of their streams (the
        record's, sealed for the GM: the plain seed no longer gives them away, issue 25; ``None``: a new random
        key, :func:`rules.dice.new_dice_key`). Whether it was taken."""
        r = self.record
        if not self.SECRET_DICE or self.answers or r.seed is not None or r.dice_key:
            return False
        self.record = r.model_copy(update={"dice_key": new_dice_key() if key is None else key})
        self.campaign = self.campaign.model_copy(update={"battle_hexes": [self.record if b is r else b
                                                                          for b in self.campaign.battle_hexes]})
        self.dice_key, self._points = self.record.dice_key, None
        self.restart([])
        return True

    def adopt(self, campaign: Campaign) -> None:
        """Go on from ``campaign``, the result of :meth:`saved` while the battle is open."""
        self.campaign, self.record = campaign, open_record(campaign, self.record.at)
        if self._points is not None:  # the same battle: a reopen from this campaign finds its checkpoints
            remember(campaign, self._key)

    def secret_answers(self) -> dict[str, str]:
        """Answer index -> the team that gave it in secret (the campaign file seals them)."""
        return {str(i): t for i, t in sorted(self._secret.items())}

    # -- queries for a panel -----------------------------------------------------------------------
    def question_odds(self) -> dict[str, Any]:
        """The exact odds the pending question is shown with, computed when first asked for and
        kept while it is pending ({} for none, or no question)."""
        q = self.pending
        if q is None:
            return {}
        if self._odds is None or self._odds[0] is not q:
            self._odds = (q, self.engine.question_odds(q))
        return self._odds[1]

    def events_json(self, viewer: str = GM) -> str:
        """The log as JSON (one viewer's part of it), byte-for-byte reproducible."""
        return json.dumps([e.to_dict() for e in self.log.for_viewer(viewer)], indent=1, sort_keys=True)

    @property
    def round(self) -> int:
        """The current round (0 before the first)."""
        return self.engine.round

    @property
    def sides(self) -> tuple[str, str]:
        """(attacker, defender) team ids."""
        return self.engine.attacker, self.engine.defender


def answer_said(run: ReplayRun[Any], q: Question, raw: Any) -> str:
    """The words of answering ``q`` with ``raw`` in ``run``, as its log writes them (the GM's overrule quotes a
    refused answer: every system but V13, which words its own)."""
    return run.answer_text(q, raw)
