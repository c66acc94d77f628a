"""The ``sidcors`` battle system: the SIDCORS extract of seed 004 ("very quick (if somewhat
bloody) results"), combat in rounds until a side retreats or is destroyed (issue 12).

Modules: :mod:`.tables` (Combat Coefficient Table, Damage Points rounded half up, die roll
shifts), :mod:`.force` (a Battle Force: potential, maulers, scouts, cloaks, costs),
:mod:`.odds` (exact damage distributions per BIF pair), :mod:`.procedure` (the rounds as a
generator of questions), :mod:`.allocation` (Damage Allocation by the owner, fighters
transferred or lost), :mod:`.ending` (the GM ends a battle nobody can win or that reached
the engine's bound), :mod:`.battle` (:class:`SidcorsBattle`, the BattleRun seam).

A panel calls :class:`SidcorsBattle` ``(campaign, at, graph=None, dice=DiceRoller)``: the
BattleRun API (``pending``, ``answer(raw)``, ``undo(n)``, ``summary(raw)``, ``saved()``,
``adopt(c)``, ``status()``, ``log``) and ``round``, ``sides``, ``units(team)`` (``SUnit``:
``id``, ``name``, ``alive``, ``crippled``, ``df``, ``attack``, ``ff`` fighter factors,
``next_step``), ``potential(team)``, ``shift(team)``, ``bir()``, ``scored(team)``,
``owed(team)``, ``plus_minus(team)``, ``allocation_options(team)``, ``mauler(team)``,
``events_json(viewer)``, ``secret_answers()``.

Questions (``key``: kind, to, data):

* ``sidcors/cloak/{team}``: yes_no, the all-cloaked force: use the cloak offensively.
* ``sidcors/{r}/bif/{team}``: number 1-4, to each team in secret (``data["secret"]``), shown
  with the run's ``question_odds()`` = ``{"dealt": ..., "taken": ...}`` (:func:`.odds.summary`:
  ``expected[own-1][other-1]`` and ``points["own-other"]`` = {points: probability}; computed
  when shown, never in the question: issue 21). The answer event is visible only to the team
  and the GM; the BIR is revealed publicly once both chose.
* ``sidcors/{r}/bir``: number 2-8, when the other force has only units that cannot retreat
  (``question_odds()`` per BIR, :func:`.odds.by_bir`).
* ``sidcors/{r}/directed/{team}``: choose ``none`` | a unit id | ``{id}@mauler`` |
  ``fighters`` (``data["points"]``, ``data["mauler"]``); then ``directed_fighters/{team}``
  (number) or ``directed_more/{team}`` (yes_no: destroy the crippled target too).
* ``sidcors/{r}/transfer/{team}``: number, fighter factors that lost their carrier moved to
  carriers with room; the rest die and resolve Damage Points ("transfer or die").
* ``sidcors/{r}/allocate/{team}``: choose a unit id (cripple it, or destroy it when crippled
  or without a crippled side) or ``{"unit": id, "fighters": n}``; ``data["points"]`` owed,
  ``data["steps"]`` {id: [step, points]}, ``data["fighters"]`` {id: factors}.
* ``sidcors/{r}/retreat/{team}``: yes_no after each round (a side with a unit that can retreat).
* ``sidcors/{r}/end``: choose, GM (:mod:`.ending`), before round ``r + 1`` when nobody can hurt
  anybody or after :data:`.ending.ROUND_LIMIT` rounds: ``retreat/{team}`` (a side that can
  retreat; its direction follows) or ``hold`` (both forces stay); ``data["option_words"]``.
* ``sidcors/{r}/direction/{team}``: choose a facing ``A``-``F`` toward a sector joined by a lane
  (``data["option_words"]`` describes each): the retreating force's next strategic move
  (:mod:`.retreat`; V13.614 read for SIDCORS).

Fleet composition (``composition/{team}/flagship``, ``composition/{team}/out``,
:mod:`rules.battlehex.compose`) is asked first, as in every battle system.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.systems.registry import BattleSystem

if TYPE_CHECKING:
    from rules.systems.sidcors.battle import SidcorsBattle

__all__ = ["SYSTEM", "SidcorsBattle"]

SYSTEM = BattleSystem("sidcors", "SIDCORS (quick dice combat)",
                      "rounds of secret Battle Intensity, Combat Potential x Combat Coefficient, Directed "
                     "Damage and damage allocation by the owner, until a side retreats or is destroyed",
                      engine="rules.systems.sidcors.battle:SidcorsBattle", panel="app.systems.sidcors:SidcorsPanel")
"""The ``sidcors`` battle system's registry entry (pyproject.toml's ``battlehex.systems``): the
engine loads when a battle is fought, not when the registry is read."""


def __getattr__(name: str) -> Any:
    if name == "SidcorsBattle":
        from rules.systems.sidcors.battle import SidcorsBattle
        return SidcorsBattle
    raise AttributeError(f"module 'rules.systems.sidcors' has no attribute {name!r}")
