"""Seed 004's Sequence of Play as the phase bar shows it: every phase of the campaign turn,
where the campaign stands, what each phase waits for and who (issue 13).

Phases BattleHex does not run yet are *kept by hand*: the GM does them off the tool and the turn
passes them. With ``settings.empire_turn`` ``by_hand`` (the default) those are Income, Tech, Intel,
Construction Completion, Update Asset and End of Turn; with ``seed004`` BattleHex runs Income,
Tech, Construction Completion, Update Asset and End of Turn (rules/turn/empire.py), and Intel
stays kept by hand.
With ``settings.combat_phase`` ``v13`` the Combat Phase is V13.11's Battle Hexes alone; its
other sub-phases are kept by hand too.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from typing import TYPE_CHECKING

from hexmap import Label
from rules.model.campaign import Campaign
from rules.model.records import EMPIRE_PHASES, Phase
from rules.model.turn_model import EncounterState, Scenario

if TYPE_CHECKING:
    from rules.battlehex.questions import Question

RULE = "004 Sequence of Play"


class StepState(str, Enum):
    """Where one phase stands in this turn."""

    DONE = "done"
    NOW = "now"
    NEXT = "to come"
    BY_HAND = "kept by hand"
    IN_ORDERS = "run in Turn Orders"


@dataclass(frozen=True)
class Step:
    """One phase of the turn on the phase bar.

    Attributes:
        key: a stable name (``"encounters"``).
        title: as the seed names it.
        group: ``"Combat"`` for the Combat Phase's sub-phases, else ``""``.
        state: done, now, to come, kept by hand, or run in Turn Orders (seed 004's Intel Phase).
        waits_for: for the phase now, what it waits for and who; for one kept by hand, why; for one run
            in Turn Orders, what of it they run.
    """

    key: str
    title: str
    group: str
    state: StepState
    waits_for: str = ""


_ORDER: tuple[tuple[str, str, str, Phase | None], ...] = (
    ("income", "Income", "", None),
    ("orders", "Turn Orders", "", Phase.ORDERS),
    ("tech", "Tech", "", None),
    ("intel", "Intel", "", None),
    ("movement", "Movement", "", None),
    ("supply", "Supply", "Combat", Phase.SUPPLY),
    ("encounters", "Encounters", "Combat", Phase.ENCOUNTERS),
    ("space_combat", "Space Combat", "Combat", Phase.BATTLES),
    ("bombardment", "Orbital Bombardment", "Combat", Phase.BOMBARDMENT),
    ("troops", "Troop Combat", "Combat", Phase.TROOPS),
    ("construction", "Construction Completion", "", None),
    ("update", "Update Asset", "", None),
    ("end", "End of Turn", "", None),
)
_NOT_BUILT = "not run by BattleHex yet: the GM keeps it by hand and the turn passes it"
_IN_ORDERS = ("Intel Points bought and their upkeep paid at Income, contact traced, treaties and declarations, "
              "Intel missions")
_V13_ONLY = "kept by hand in this campaign (settings.combat_phase v13: the Battle Hexes of V13.11 alone)"
_SEED_ONLY = (Phase.SUPPLY, Phase.ENCOUNTERS, Phase.BOMBARDMENT, Phase.TROOPS)


_EMPIRE = {"income": Phase.INCOME, "tech": Phase.TECH, "construction": Phase.CONSTRUCTION, "update": Phase.UPDATE,
           "end": Phase.END}


def _rows(c: Campaign) -> tuple[tuple[str, str, str, Phase | None], ...]:
    """The phases in the order the campaign runs them: with ``settings.empire_turn`` seed004,
    Income, Tech (its investment asked there, before the movement orders), Turn Orders, ...,
    Update Asset and End of Turn are run (rules/turn/empire.py)."""
    if c.settings.empire_turn != "seed004":
        return _ORDER
    rows = [(k, t, g, _EMPIRE.get(k, p)) for k, t, g, p in _ORDER]
    tech = next(r for r in rows if r[0] == "tech")
    rows.remove(tech)
    rows.insert(1, tech)
    return tuple(rows)


def sequence(c: Campaign) -> list[Step]:
    """The turn's phases in the order they run, each with its state and what it waits for."""
    rows = _rows(c)
    order = [row for row in rows if row[3] is not None]
    now_index = next(i for i, row in enumerate(order) if row[3] is c.phase)
    movement = next(i for i, row in enumerate(order) if row[3] is Phase.ORDERS)
    out: list[Step] = []
    for key, title, group, phase in rows:
        if key == "intel" and c.settings.empire_turn == "seed004":  # its orders are Turn Orders (docs/economy.md)
            out.append(Step(key, title, group, StepState.IN_ORDERS, _IN_ORDERS))
            continue
        if phase is None and key != "movement":
            out.append(Step(key, title, group, StepState.BY_HAND, _NOT_BUILT))
            continue
        if phase in _SEED_ONLY and c.settings.combat_phase == "v13":
            out.append(Step(key, title, group, StepState.BY_HAND, _V13_ONLY))
            continue
        if key == "movement":  # executed at once by End Movement
            state = StepState.NEXT if now_index <= movement else StepState.DONE
            out.append(Step(key, title, group, state))
            continue
        i = next(i for i, row in enumerate(order) if row[3] is phase)
        state = StepState.DONE if i < now_index else StepState.NOW if i == now_index else StepState.NEXT
        out.append(Step(key, title, group, state, waits_for(c) if state is StepState.NOW else ""))
    return out


def waits_for(c: Campaign) -> str:
    """What the phase the campaign stands in waits for, and who."""
    if c.phase in _EMPIRE.values():
        from rules.turn.empire import waits_for as empire_waits

        return empire_waits(c)
    open_hexes = [r for r in c.battle_hexes if not r.resolved]
    if c.phase is Phase.ORDERS:
        ruling = any(not m.ruled for p in c.powers if p.economy is not None for m in p.economy.missions)
        return ("the GM: rule on an Intel mission (Turn > Answer, Ctrl+Shift+A); then " if ruling else "") + \
            "movement orders from every team (drag fleets); then the GM ends movement (Ctrl+E)"
    if c.phase is Phase.SUPPLY:
        return "the GM: field repairs where supply ships can give them; review supply and its effects, then go on " \
               "(End Phase)"
    if c.phase is Phase.ENCOUNTERS:
        pending = [r for r in open_hexes if r.encounter is EncounterState.PENDING]
        if pending:
            names = {t.id: t.name for t in c.teams}
            where = ", ".join(f"between {r.at} and {r.between} ({names.get(r.attacker, r.attacker)} and "
                              f"{names.get(r.defender, r.defender)})" if r.between is not None else
                              f"in {r.at} ({names.get(r.defender, r.defender)} defends, {names.get(r.attacker, r.attacker)} "
                              "enters)" for r in pending)
            return f"demands and refusals {where}"
        return "the GM: every encounter is decided; go on to Space Combat (End Phase)"
    if c.phase is Phase.BATTLES:
        unnamed = [c.battle_hexes[i] for i in unsettled(c)]
        if unnamed:
            return "the GM: name the winner of the battle between " + ", ".join(f"{r.at} and {r.between}"
                                                                               for r in unnamed)
        if open_hexes:
            return (f"{len(open_hexes)} open Battle Hex{'es' if len(open_hexes) != 1 else ''} to fight (Ctrl+F) or "
                    "rule on (V13.12)")
        return "the GM: every Battle Hex is resolved; end the phase (End Phase)"
    if c.phase is Phase.BOMBARDMENT:
        return "the GM: orbital bombardment is fought by hand (seed 004 gives no procedure); go on (End Phase)"
    return "the GM: ground losses of each contested planet, then conquests; go on to the next turn (End Phase)"


def system_order(c: Campaign, places: Iterable[Label]) -> dict[Label, int]:
    """Seed 004 Combat Phase: "It is recommended to resolve combat in each system one at a time,
    and the order of resolution should be randomized to prevent any advantage for players": each
    sector's place in this turn's order, a shuffle seeded by the campaign's dice seed and turn (the
    same campaign and turn always give the same order)."""
    labels = sorted(set(places))
    random.Random(c.dice_seed * 1_000_003 + c.turn).shuffle(labels)
    return {at: i for i, at in enumerate(labels)}


def unsettled(c: Campaign) -> list[int]:
    """Battles fought between sectors whose winner is still to be named (seed 004: "Winner
    remains between sectors. Loser returns to the last sector.")."""
    return [i for i, r in enumerate(c.battle_hexes) if r.between is not None and r.resolved
            and r.scenario is Scenario.DEEP_SPACE and not r.winner]


def fightable(c: Campaign) -> list[int]:
    """Indexes of the Battle Hexes that may be fought now (V13.12; seed 004: only the meetings
    that generated a scenario, in the Space Combat Phase), in this turn's order of systems."""
    if c.phase is not Phase.BATTLES:
        return []
    out = [i for i, r in enumerate(c.battle_hexes) if not r.resolved
           and r.encounter in (EncounterState.V13, EncounterState.SCENARIO)]
    # a battle begun in a sector is fought to its end before another meeting there begins: the
    # other would change the forces the first one's answers were given against (issue 19)
    begun = {c.battle_hexes[i].at for i in out if c.battle_hexes[i].answers}
    out = [i for i in out if c.battle_hexes[i].at not in begun or c.battle_hexes[i].answers]
    if c.settings.combat_phase != "seed004":
        return out
    order = system_order(c, (c.battle_hexes[i].at for i in out))
    return sorted(out, key=lambda i: order[c.battle_hexes[i].at])


def current(c: Campaign) -> Step:
    """The phase the campaign stands in."""
    return next(s for s in sequence(c) if s.state is StepState.NOW)


def may_ask(c: Campaign) -> bool:
    """Whether the turn engine can have a question now (a cheap check: the engine itself is not
    imported): a seed-004 Combat Phase, an empire phase, and in Turn Orders only each power's own
    orders (rules.turn.orders.asks) or an Intel mission waiting for the GM's ruling
    (rules.turn.intel_missions.pending)."""
    if c.phase is Phase.ORDERS:
        return (c.settings.empire_turn == "seed004" and c.settings.turn_orders == "powers") or any(
            not m.ruled for p in c.powers if p.economy is not None for m in p.economy.missions)
    return c.settings.combat_phase == "seed004" or c.phase in EMPIRE_PHASES


def outside_combat(c: Campaign) -> bool:
    """Whether the phase the campaign stands in asks its questions outside the Combat Phase:
    an empire phase (rules/turn/empire.py) or Turn Orders (:func:`pending_outside_combat`)."""
    return c.phase in EMPIRE_PHASES or c.phase is Phase.ORDERS


def pending_outside_combat(c: Campaign) -> tuple[int, Question] | None:
    """The open question of an empire phase, or of Turn Orders (each power's own orders, then the
    GM's ruling on an Intel mission), as ``(-1, question)``; ``None`` when none is open. Only that
    phase's engine is imported: a start in the Income Phase imports none of the Combat Phase's
    modules (issue 21)."""
    if c.phase is Phase.ORDERS:
        from rules.turn import intel_missions, orders

        q = orders.pending(c) or intel_missions.pending(c)
    else:
        from rules.turn import empire

        q = empire.pending(c)
    return None if q is None else (-1, q)


_SHORT = {"Turn Orders": "Orders", "Orbital Bombardment": "Bombardment", "Troop Combat": "Troops"}
_SHORTER = {"Construction Completion": "Construction"}


def trail_forms(turn: int, steps: Iterable[Step]) -> list[str]:
    """The phase bar's words for ``steps`` (:func:`sequence`), widest first, each saying which
    phases are done, which is now (in brackets) and which are to come; the bar shows the first
    that fits its width. The whole trail; the Combat Phase's sub-phases as one "Combat" while it
    is not now; the phases done counted ("2 done"), then fewer to come named ("3 more"); last,
    the turn and the phase now by its whole name (issue 22: a phase never cut mid-word)."""
    shown = [s for s in steps if s.state not in (StepState.BY_HAND, StepState.IN_ORDERS)]
    now = next(s for s in shown if s.state is StepState.NOW)
    lead = f"Turn {turn}:  "

    def name(s: Step, names: dict[str, str]) -> str:
        word = names.get(s.title, s.title)
        return f"[{word}]" if s is now else word

    forms = [lead + " \u25b8 ".join([name(s, _SHORT) for s in shown] + ["Next turn"])]
    grouped: list[tuple[str, int]] = []  # the words, and how many phases they stand for
    for s in shown:
        if s.group and not now.group:
            if grouped and grouped[-1][0] == s.group:
                grouped[-1] = (s.group, grouped[-1][1] + 1)
            else:
                grouped.append((s.group, 1))
            continue
        grouped.append((name(s, _SHORT | _SHORTER), 1))
    words = [w for w, _ in grouped]
    at = next(i for i, word in enumerate(words) if word.startswith("["))
    forms.append(lead + " \u25b8 ".join(words + ["Next turn"]))
    done = [f"{sum(n for _, n in grouped[:at])} done"] if at else []
    for after in range(len(grouped) - at - 1, -1, -1):
        rest = sum(n for _, n in grouped[at + 1 + after:])
        forms.append(lead + " \u25b8 ".join(done + words[at:at + 1 + after] + [f"{rest} more" if rest else
                                                                              "Next turn"]))
    forms.append(f"Turn {turn}: [{now.title}]")
    return list(dict.fromkeys(forms))  # each once, in order
