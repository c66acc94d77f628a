"""b5 battles saved by older code: a record's answers replayed when the battle is opened.

Each era of the code left questions out that the rules of now ask; a record saved then has no
answer for them, and replayed as it is, gives its next answer to one of them, which refuses it.

- Before the fighter flights flew on the board (the code before 70bfe51): each side's fighter
  orders with its plots (``b5/{turn}/orders/{team}``) and its flights' moves in each pulse
  (``b5/{turn}/fly/{team}``) are answered "none" (no orders, no move: its flights stay aboard
  their carriers, as the old code had them); each pulse's fire question the old code asked only
  because a flight was alive (its flights attacked at the table's word from anywhere; now only
  from an enemy ship's hex), answered "done" then, is one the replay no longer meets: that "done"
  is passed over.
- Before reinforcements were held off the board (rules/systems/b5/reinforcing.py): the secret
  choice of the reinforcing squadrons is answered none (they come from outside, as then).
- Before a dogfight's end was asked (rules/systems/b5/drift.py): the call-off, joining and forcing
  questions at a turn's end are answered "no" (the dogfight drifts, and only the superiority
  flights join it, as the old code had it).

Rules that changed without a new question are settled by the record's ``era`` (BattleHexRecord.era,
written when a battle begins: :data:`ERA`); a record saved with answers and no era (0) was begun
before it:

- Era 1: a squadron's fire is declared as a whole (settings.b5 ``declared_fire`` absent: the
  seed's Combat Procedures); a battle of era 0 is fought shot by shot unless the campaign sets
  ``declared_fire`` true (:func:`settings`).
- Era 2: energy mines roll for the flights of fighters in their area too (rules/systems/b5/emines.py:
  the seed's text on them is cut after "Fighters will"; :func:`mines_hit_flights`); before it, the
  mines left flights out.
- Era 3: a jump-in's squadron with several vortices comes through each of them, its command ship
  at its own or at any of its squadron's (rules/systems/b5/arriving.py, :func:`several_vortices`);
  before it, the whole squadron came by the vortex of the first of its openers answered.
- Era 4: a withdrawing squadron's command ship must end each turn farther from the nearest enemy
  ship, or leave (rules/systems/b5/withdrawal.py ``check_away``); before it, a speed 0 plot kept it
  where it was, and such a plot saved then still replays.

A record is replayed as it is first (a record made now always replays so: same answers, same
bytes), then as saved in each era, the newest first; the first that replays goes on under the
rules of now, and the answers it filled in are part of the answers the next save writes. A record
that replays in none is refused naming the saved answer that no longer fits and the question it
was given to (of the replay that went furthest).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import Question
from rules.errors import RuleError
from rules.model.b5 import B5Settings
from rules.model.records import BattleHexRecord
from rules.systems.b5.drift import ASKED

HELD = "held"
"""The data key of the reinforcing fleet's questions (rules/systems/b5/reinforcing.py): a battle saved
before them held no ship off the board (its reinforcements came from outside: the answer none)."""

ERA = 4
"""The era a battle begun now is recorded in (docs/b5.md "Battles saved by older code")."""
DECLARED_ERA, MINES_ERA, VORTICES_ERA, AWAY_ERA = 1, 2, 3, 4
"""The eras a squadron's fire was first declared as a whole by default, energy mines first
rolled for flights, a squadron first came through all its vortices, and a withdrawing squadron
first had to move away (rules/systems/b5/withdrawal.py)."""
DONE = "done"
"""The fire question's "no more fire" (rules/systems/b5/firing.py), its only question taking it."""


@dataclass(frozen=True, slots=True)
class Era:
    """Code that asked none of the questions with these ``data`` keys (their default filled in)."""

    keys: tuple[str, ...]
    note: str
    """Said with a refusal of a record replayed as saved then."""
    fire_for_flights: bool = False
    """Its pulses asked a fire question whenever a flight was alive (a saved "done" passed over)."""


ERAS = (Era((HELD,), " (replayed as saved before reinforcements were held off the board)"),
        Era((ASKED, HELD), " (replayed as saved before a dogfight's end was asked)"),
        Era(("fighter_orders", "flights", ASKED, HELD),
            " (the battle was saved before the fighter flights flew on the board, when a flight attacked any ship at "
            "the table's word)", True))
"""Newest first."""
Tried = tuple[int, RuleError | None, Question | None, str]
"""A replay: the saved answers given, the refusal or None, the question refusing, the era's note."""


def era(record: BattleHexRecord) -> int:
    """The era ``record``'s battle is fought in: its own, once it has answers; :data:`ERA` for a
    battle not begun (no answer given yet)."""
    return record.era if record.answers else max(record.era, ERA)


def settings(st: B5Settings, era: int) -> B5Settings:
    """The campaign's b5 settings ``st`` as a battle of ``era`` plays them: ``declared_fire`` absent
    is the seed's rule (true) from era 1 on, false before it (the fire then was shot by shot)."""
    if st.declared_fire is not None:
        return st
    return st.model_copy(update={"declared_fire": era >= DECLARED_ERA})


def mines_hit_flights(era: int) -> bool:
    """Whether energy mines roll for the flights in their area in a battle of ``era``."""
    return era >= MINES_ERA


def several_vortices(era: int) -> bool:
    """Whether a jump-in's squadron comes through each of its vortices in a battle of ``era``
    (rules/systems/b5/arriving.py); before, all of it came by the first of its openers answered."""
    return era >= VORTICES_ERA


class Replaying(Protocol):
    """What a replay needs of the run (rules.battlehex.run.ReplayRun)."""

    answers: list[Any]
    pending: Question | None

    def restart(self, answers: list[Any], take: bool = False) -> None: ...

    def answer(self, raw: Any) -> object: ...


def new_question(q: Question | None, era: Era = ERAS[-1]) -> bool:
    """Whether ``q`` is a question a battle saved in ``era`` (the oldest: any) never answered."""
    return q is not None and any(k in q.data for k in era.keys)


def _fill(run: Replaying, answers: list[Any], era: Era) -> Tried:
    """Replay ``answers`` as saved in ``era``: each question new since then that comes before one of
    them given its default ("none", no)."""
    run.restart([])
    for i, a in enumerate(answers):
        while run.pending is not None and new_question(run.pending, era):
            run.answer(run.pending.default if run.pending.default is not None else "none")
        q = run.pending
        if era.fire_for_flights and a == DONE and q is not None and DONE not in q.options:
            continue  # a pulse's fire question asked for its flights alone
        try:
            run.answer(a)
        except RuleError as e:  # refused (IllegalAnswer), or a rule the replayed battle cannot meet
            return i, e, q, era.note
    return len(answers), None, None, era.note


def replay(run: Replaying, answers: list[Any]) -> None:
    """Replay a record's ``answers`` on ``run``: as they are, else as saved in an older era.

    Raises:
        IllegalAnswer: none replays; it names the saved answer (its number, its words) and the
            question it no longer fits, with the rule that refuses it.
    """
    try:
        run.restart(list(answers))
        return
    except RuleError as e:
        best: Tried = (len(run.answers), e, run.pending, "")
    if new_question(best[2]):
        for era in ERAS:
            tried = _fill(run, answers, era)
            if tried[1] is None:
                return
            if tried[0] > best[0]:  # it went further: its refusal says more
                best = tried
    given, error, q, note = best
    assert error is not None
    if given >= len(answers):  # no saved answer to blame (a side with no B5 data: no battle at all)
        raise error
    asked = f", to {shown(q.text, 90)}," if q is not None else ""
    raise IllegalAnswer(error.rule, f"saved answer {given + 1} of {len(answers)}, {shown(answers[given])}{asked} no "
                                    f"longer fits{note}: {error.message}") from error
