"""The ``afef`` battle system: AF/EF combat of seed 001 (4.1 and 4.2) in rounds (issue 12).

Modules: :mod:`.odds` (exact hit distributions, chance to damage and destroy, the
interphase), :mod:`.lines` (a unit's factors, marker and line; checks of attack plans and
of matched return fire), :mod:`.procedure` (the rounds as a generator of questions),
:mod:`.asking` (those questions and their checks), :mod:`.battle` (:class:`AfefBattle`, the
BattleRun seam).

A panel calls :class:`AfefBattle` ``(campaign, at, graph=None, dice=DiceRoller)``: the
BattleRun API (``pending``, ``answers``, ``answer(raw)``, ``undo(n)``, ``summary(raw)``,
``saved()``, ``adopt(c)``, ``status()``, ``log``) and ``round``, ``sides`` (attacker,
defender), ``units(team)`` (``AUnit``: ``id``, ``name``, ``team``, ``af``, ``ef``,
``damaged_af``, ``hits``, ``fought``, ``damaged``, ``destroyed``, ``alive``, ``line`` front / screened /
line, ``dice``, ``stepped``), ``lines()``, ``declared()``, ``held()``, ``hits()``,
``must_match()`` {defender: (AF, attackers)}, ``odds(target, dice, stepped=0)``
(``TargetOdds``), ``events_json(viewer)``. Starting refuses with a ``RuleError`` naming
the attacker's and defender's units that have no ``afef`` values.

Questions (``key``: kind, to; answer; data; odds). Attack plans are ``{unit: {target: AF}}``.
The odds a question is shown with come from the run's ``question_odds()`` (:mod:`.shown`),
computed when it is shown and kept while it is pending, never carried by the question nor
saved (issue 21); ``main.py battle`` prints them in ``next_question.data.odds``.

* ``afef/{r}/modifiers``: action, GM; ``{unit: n}`` AF modifiers for the round (``{}``
  none; 4.1.b's circumstances come from chapters we do not have); ``data["af"]``.
* ``afef/{r}/screen``: choose_units, defender; the screened units (the rest form the front,
  which may not be empty); odds per own unit.
* ``afef/{r}/declare``: action, attacker; ``{"attacks": plan, "hold": [ids]}`` (targets:
  the front line; hold only when there are screened units); ``data``: ``dice`` per
  shooter, ``targets``, ``screened``; odds {target: table}.
* ``afef/{r}/return``: action, defender; ``{"attacks": plan}`` for its front line, each
  attacked unit matching ``data["must_match"]`` {unit: {"af", "attackers"}}; ``data``:
  ``dice``, ``targets``; odds {"targets": {attacker: table}, "incoming": {defender:
  TargetOdds dict of the declared roll}}.
* ``afef/{r}/breakthrough`` (attacker: held units at the screened line) and
  ``afef/{r}/breakthrough_return`` (defender: screened units, free fire): action,
  ``{"attacks": plan}``, data as above.
* ``afef/{r}/continue``: choose, GM; ``"fight"`` or ``{"break_off": "attacker" |
  "defender" | "both", "reason": text}`` (logged as a GM ruling with its reason); after
  :data:`.asking.ROUND_LIMIT` rounds (the engine's bound) only a break-off, under its rule.

An odds table (:func:`.odds.odds_table`) is ``{"hits", "ef", "damaged", "by_af": {"n":
odds}, "stepped": odds}``, each odds ``{"damaged", "destroyed", "expected", "hits": {h: p}}``
with exact fractions as text; ``by_af`` stops at :data:`.odds.TABLE_MOST` dice (``odds()``
answers any pool; beyond :data:`.odds.ODDS_MOST` dice, there and in ``incoming``, ``hits`` lists
no table). A pool of more than 100 dice (4.2.b sets no limit) is rolled in parts of 100.

Readings where the seed is open (each logged with its rule where it applies):

* Each round repeats 4.2.a: the defender sets up again (the front may not be empty).
* A targeted defender matches the AF its attackers put on it (all of them in the seed's
  example), or all its dice when it has fewer; AF a unit does not place is lost.
* An AF modifier (4.1.b "several circumstances", chapters we do not have) is the GM's, per
  round; a stepped-down unit places its one die on one target, rolled apart from the pool.
* Units flip and leave when the whole round has fired, breakthrough included (4.2.b), so a
  held unit hit in the round still breaks through; screened units fire back freely (4.2.f
  "may fire back").
* Crippled units come in damaged with half their EF (rounded down) in hits: what an
  interphase leaves them (4.2.c). At the battle's end the hits an interphase would clear are
  cleared (the campaign keeps no markers); damaged units are written back crippled. The 4.2.c
  ruling names each marker it changed ("IKV Kumara 2 to 0"; data ``cleared``) and ``AUnit.fought``
  keeps the marker the fighting left, so the panel says why a card's hits went down.
* Break-off (4.2.d defers to chapters we do not have): the GM's ruling with its reason;
  the side's units leave the battle (disengaged) and stay in the hex.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.systems.registry import BattleSystem

if TYPE_CHECKING:
    from rules.systems.afef.battle import AfefBattle

__all__ = ["SYSTEM", "AfefBattle"]

SYSTEM = BattleSystem("afef", "AF/EF battle line",
                      "front and screened lines, declared attacks and matched return fire, pooled d6 rolls "
                     "(6: two hits, 5: one), damage at half the EF, breakthrough",
                      engine="rules.systems.afef.battle:AfefBattle", panel="app.systems.afef:AfefPanel")
"""The ``afef`` battle system's registry entry (pyproject.toml's ``battlehex.systems``): the
engine loads when a battle is fought, not when the registry is read."""


def __getattr__(name: str) -> Any:
    if name == "AfefBattle":
        from rules.systems.afef.battle import AfefBattle
        return AfefBattle
    raise AttributeError(f"module 'rules.systems.afef' has no attribute {name!r}")
