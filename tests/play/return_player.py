"""A player of whole campaign turns who presses Return at every question, battles too (I8, session of 2026-11-28).

:class:`ReturnPlayer` answers each question of the turn as a person pressing Return would
(:func:`tests.play.pressed.pressed`: the engine's default, else where the dialog opens; the turn's own questions by
:func:`tests.play.turn_player.default_answer`: End Movement, End Phase), except that a Battle Hex is fought, not ruled:
its battle is played by Return at every question too (:func:`tests.play.battle_player.fight` with ``press``; random
only where a question is answered by choosing on a map or a panel). A battle that raises, has a question whose Return
answer is refused, does not end or leaves flights without their carrier is counted in ``notes`` and ruled, as the
random player does, so the caller sees every such wall at once (a battle that ends before asking anything is ruled
too, and not counted). The questions Return had no answer to (a placement on the map, answered at random) are
counted apart, in ``unpressed`` (a B5 question of another kind with no default is a wall: ``notes``).

``far_off``: the GM rules the last unit of each V13 set-up placed ~150 hexes off the map sheet (a GM ruling, issue 11),
so no original centre hex holds every unit and Return meets V13.811's centre question with no legal centre (issue 22:
Return's proposal was refused there); each battle whose centre the engine then ruled is counted in ``notes``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules.battlehex.questions import Question
from rules.battlehex.state import Step
from tests.play.battle_player import fight
from tests.play.pressed import NONE, pressed
from tests.play.turn_player import Candidate, TurnPlayer, default_answer

BOUND = 3000
"""The most answers a battle fought by Return may take (tests/test_random_play_every_system.py's bound)."""


FAR = "(120,140)"
"""Where ``far_off`` rules a V13 set-up's last unit placed: a hex of the plane ~150 hexes off the 42 x 30 map sheet."""


def placed_far_off(_b: Any, q: Question, answer: Any) -> Any:
    """The last unit of a V13 set-up placed at :data:`FAR` by a GM ruling, the others as randomly chosen."""
    if len(q.options) > 1 or q.data.get("step") != Step.PLACE_ATTACKER.value:
        return answer
    inner = answer.get("answer", answer) if isinstance(answer, dict) else answer
    return {"gm_ruling": "Return play: the GM places it far off", "answer": {**inner, "at": FAR}}


class ReturnPlayer(TurnPlayer):
    """Return at every question of whole turns; its battles fought by Return (see the module)."""

    def __init__(self, *args: Any, far_off: bool = False, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.far_off = far_off
        self.unpressed: Counter[str] = Counter()
        """Questions of its battles Return had no answer to (answered at random), by system and step."""

    def _candidates(self, q: Question) -> Iterator[Candidate]:
        parts = q.key.split("/")
        if parts[0] == "turn" and parts[2] == "battle":
            yield self._fought(q), True
            return
        given = pressed(q) if parts[0] != "turn" else NONE
        yield (default_answer(q) if given is NONE else given), True

    def _fought(self, q: Question) -> Any:
        from hexmap import Label
        from rules.strategic import meetings
        from rules.systems import system_for

        at = q.options[0]  # the first Battle Hex the dialog lists
        c = self.run.campaign
        sector = Label.parse(at.split()[0])
        system = system_for(c, sector).key
        index = meetings.named(c, self.run.fightable(), at)
        assert index is not None, f"{q.key}: {at!r} names no meeting the engine would fight"
        done = fight(meetings.bring_first(c, index), sector, self.run.graph, self.rng, BOUND, self.run.dice_key,
                     press=True, placed=placed_far_off if self.far_off else None)
        self.unpressed.update({f"{system} {k}": n for k, n in done.unpressed.items()})
        if any(t.startswith("no centre holds every unit") for t in done.texts):
            self.notes[f"{system} centre ruled by the engine"] += 1
        wrong = (f"{system} error: {done.error}" if done.error else f"{system} no answer: {done.stuck}" if done.stuck
                 else f"{system} did not end within {BOUND} answers" if not done.ended
                 else f"{system} write-back left flights without their carrier: {done.dangling}" if done.dangling
                 else "")
        if wrong:
            self.notes[wrong] += 1
        if wrong or not done.answers:  # (none: it ended before asking anything; ruled, as the random player does)
            return {"battle": at, "ruling": "Return play: the battle could not go on"}
        self.notes[f"{system} battle fought"] += 1
        return {"battle": at, "answers": done.answers}
