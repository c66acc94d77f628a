"""A player of whole campaign turns who presses Return at every question, battles too (I8, session of 2026-11-28).

:class:`ReturnPlayer` answers each question of the turn as a person pressing Return would
(:func:`tests.play.pressed.pressed`: the engine's default, else where the dialog opens; the turn's own questions by
:func:`tests.play.turn_player.default_answer`: End Movement, End Phase), except that a Battle Hex is fought, not ruled:
its battle is played by Return at every question too (:func:`tests.play.battle_player.fight` with ``press``; random
only where a question is answered by choosing on a map or a panel). A battle that raises, has a question whose Return
answer is refused, does not end or leaves flights without their carrier is counted in ``notes`` and ruled, as the
random player does, so the caller sees every such wall at once (a battle that ends before asking anything is ruled
too, and not counted).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.battlehex.questions import Question
from tests.play.battle_player import fight
from tests.play.pressed import NONE, pressed
from tests.play.turn_player import Candidate, TurnPlayer, default_answer

BOUND = 3000
"""The most answers a battle fought by Return may take (tests/test_random_play_every_system.py's bound)."""


class ReturnPlayer(TurnPlayer):
    """Return at every question of whole turns; its battles fought by Return (see the module)."""

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
                     press=True)
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
