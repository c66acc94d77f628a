"""Random legal answers for a battle fought by any battle system (issue 19's random player).

:func:`fight` plays one Battle Hex with its campaign's system, choosing at random (seeded)
among answers the pending question's own check accepts, up to a bound of answers; it
reports the answers given, whether the battle ended, and any exception that is not an
``IllegalAnswer`` (a wall in that battle system, to be reported, not hidden).

V13 questions are answered by :func:`rules.systems.v13.autoplay.random_answer`, B5's and STCS's
by :func:`tests.play.seam_answers.seam_candidates`; the other systems' by :func:`candidates`, which knows their question forms (choices, unit lists,
numbers, AF/EF attack plans, SIDCORS fighter splits) and proposes answers the question's
check then judges.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.errors import RuleError
from rules.model.campaign import Campaign
from tests.play.seam_answers import SEAM, seam_candidates

ENDED_BY_PLAYER = "random play: enough"


@dataclass
class Fought:
    """What :func:`fight` did.

    Attributes:
        answers: the answers given, in order (to pass as ``{"battle": at, "answers": ...}``).
        ended: the battle was resolved by them.
        system: the battle system's key.
        error: an exception other than ``IllegalAnswer`` (``"Type: message"``), if one escaped.
        stuck: a question for which no candidate answer passed its own check.
        dangling: flights the battle's write-back left with a carrier no longer in the file.
        texts: the battle's log, its entries' words (when it started).
        unpressed: pressing Return, the questions it had no answer to (answered at random, by choosing on a map or a
            panel), counted by :func:`tests.play.pressed.step`.
    """

    answers: list[Any] = field(default_factory=list)
    ended: bool = False
    system: str = ""
    error: str = ""
    stuck: str = ""
    dangling: str = ""
    texts: list[str] = field(default_factory=list)
    unpressed: Counter[str] = field(default_factory=Counter)


def _subsets(options: tuple[str, ...], rng: random.Random) -> Iterator[list[str]]:
    opts = list(options)
    for _ in range(6):
        yield [o for o in opts if rng.random() < 0.5]
    yield []
    for o in rng.sample(opts, len(opts)):
        yield [o]
    yield opts
    if len(opts) <= 10:  # every other subset, smallest first: is there any legal answer at all?
        from itertools import combinations

        for k in range(2, len(opts)):
            for combo in combinations(opts, k):
                yield list(combo)


def _plan(dice: dict[str, int], targets: list[str], rng: random.Random, share: float = 0.8) -> dict[str, Any]:
    out: dict[str, dict[str, int]] = {}
    if not targets:
        return out
    for sid in sorted(dice):
        d = dice[sid]
        if d < 1 or rng.random() > share:
            continue
        if rng.random() < 0.5:  # all on one target (pooling, 4.1.b)
            out[sid] = {rng.choice(targets): d}
        else:
            a = rng.randint(1, d)
            row = {rng.choice(targets): a}
            t = rng.choice(targets)
            if d - a > 0:
                row[t] = row.get(t, 0) + d - a
            out[sid] = row
    return out


def _afef(q: Question, rng: random.Random) -> Iterator[Any]:
    step = q.key.split("/")[-1]
    dice = dict(q.data.get("dice", {}))
    targets = list(q.data.get("targets", []))
    if step == "modifiers":
        yield {}
        live = sorted(q.data.get("af", {}))
        yield {u: rng.randint(-2, 2) for u in live if rng.random() < 0.3}
    elif step == "screen":
        yield from _subsets(q.options, rng)
    elif step == "declare":
        hold = [s for s in sorted(dice) if q.data.get("screened") and rng.random() < 0.3]
        free = {k: v for k, v in dice.items() if k not in hold}
        yield {"attacks": _plan(free, targets, rng), "hold": hold}
        yield {"attacks": _plan(dice, targets, rng), "hold": []}
        yield {"attacks": {}, "hold": []}
    elif step == "return":
        owed = q.data.get("must_match", {})
        for _ in range(3):
            plan = _plan({k: v for k, v in dice.items() if k not in owed}, targets, rng)
            for tid, need in sorted(owed.items()):
                row = {rng.choice(need["attackers"]): need["af"]}
                rest = dice.get(tid, 0) - need["af"]
                if rest > 0 and rng.random() < 0.5:
                    t = rng.choice(targets)
                    row[t] = row.get(t, 0) + rest
                plan[tid] = row
            yield {"attacks": plan}
    elif step in ("breakthrough", "breakthrough_return"):
        yield {"attacks": _plan(dice, targets, rng)}
        yield {"attacks": {}}
    elif step == "continue":
        if rng.random() < 0.75:
            yield "fight"
        yield {"break_off": rng.choice(["attacker", "defender", "both"]), "reason": "random play"}
        yield "fight"


def candidates(q: Question, rng: random.Random) -> Iterator[Any]:
    """Answers to try for a question of the table, SIDCORS or AF/EF systems (or the
    composition questions they share), most likely first; the question's check judges them."""
    if q.key.startswith("afef/"):
        yield from _afef(q, rng)
        return
    if q.kind is QKind.YES_NO:
        first = rng.random() < 0.2
        yield first
        yield not first
    elif q.kind is QKind.CHOOSE:
        fighters = q.data.get("fighters") or {}
        if fighters and (not q.options or rng.random() < 0.3):
            uid = rng.choice(sorted(fighters))
            yield {"unit": uid, "fighters": rng.randint(1, max(1, min(fighters[uid], q.data.get("points", 1))))}
        yield from rng.sample(list(q.options), len(q.options))
    elif q.kind is QKind.CHOOSE_UNITS:
        yield from _subsets(q.options, rng)
    elif q.kind in (QKind.NUMBER, QKind.OPTIONAL_NUMBER):
        assert q.low is not None and q.high is not None
        yield rng.randint(q.low, q.high)
        yield q.low
        if q.kind is QKind.OPTIONAL_NUMBER:
            yield None


def _v13_answer(b: Any, q: Question, rng: random.Random, actions: list[int]) -> Any:
    from rules.systems.v13.autoplay import random_answer

    if q.kind is QKind.ACTION:
        if actions[0] <= 0:
            return {"end": ENDED_BY_PLAYER}
        actions[0] -= 1
    return random_answer(b, rng)


def fight(campaign: Campaign, at: Label, graph: LaneGraph, rng: random.Random, bound: int = 300,
          dice_key: str | None = None, press: bool = False,
          placed: Callable[[Any, Question, Any], Any] | None = None) -> Fought:
    """Play the open Battle Hex at ``at`` with random legal answers, at most ``bound`` of them (a battle begun now
    keyed for its secret dice by ``dice_key``, as ``main.py turn`` keys it). ``press``: Return pressed at every
    question that has an answer to press (:func:`tests.play.pressed.pressed`), the random answers only where the
    question is answered by choosing on a map or a panel (counted in ``unpressed``; a B5 question answered otherwise
    with no answer to press is ``stuck``: :func:`tests.play.pressed.wall`); a pressed answer refused is ``stuck``. ``placed(run,
    question, answer)`` gives a V13 placement instead of its random ``answer`` (a GM ruling, say)."""
    from tests.play.pressed import NONE, pressed, step, wall

    from rules.systems import start, system_for

    out = Fought(system=system_for(campaign, at).key)
    try:
        b = start(campaign, at, graph)
        if dice_key is not None and hasattr(b, "key_secret_dice"):
            b.key_secret_dice(dice_key)
    except (IllegalAnswer, RuleError) as e:
        out.error = f"{type(e).__name__}: {e}"
        return out
    actions = [rng.randint(0, 12)]
    while b.pending is not None and len(out.answers) < bound:
        q = b.pending
        try:
            if press and (given := pressed(q)) is not NONE:
                try:
                    b.answer(given)
                except IllegalAnswer as e:
                    out.stuck = f"{q.key}: Return's answer {given!r} refused: {e}"
                    return out
                out.answers.append(given)
                continue
            if press:
                out.unpressed[step(q)] += 1
                out.stuck = wall(out.system, q)
                if out.stuck:
                    return out
            if out.system == "v13":
                try:
                    tried = [_v13_answer(b, q, rng, actions)]
                except IllegalAnswer as e:  # autoplay found no legal answer
                    out.stuck = f"{q.key}: {e}"
                    return out
                if q.kind is QKind.PLACE and placed is not None:
                    tried = [placed(b, q, tried[0])]
                if q.kind is QKind.ACTION:
                    tried.append({"end": ENDED_BY_PLAYER})
                if q.kind is QKind.CHOOSE_UNITS:  # autoplay tries 8 random picks; then every subset
                    tried.extend(_subsets(q.options, rng))
                if q.kind is QKind.LABEL:  # units so far apart that no centre holds them all: the GM rules
                    tried.append({"gm_ruling": "random play: no legal centre", "answer": tried[0]})
            elif out.system in SEAM:
                tried = list(seam_candidates(out.system, b, q, rng))
            else:
                tried = list(candidates(q, rng))
            for a in tried:
                try:
                    if out.system not in ("v13", *SEAM):
                        q.check(a)
                    b.answer(a)
                except IllegalAnswer:
                    continue
                out.answers.append(a)
                break
            else:
                out.stuck = f"{q.key}: {q.text}"
                return out
        except Exception as e:  # noqa: BLE001 - a wall in the battle system: reported by the caller
            out.error = f"{type(e).__name__}: {e} (at {q.key})"
            return out
    out.ended = b.pending is None
    out.texts = [e.text for e in b.log.events]
    if out.ended:
        out.dangling = dangling_flights(b.saved())
    return out


def dangling_flights(c: Campaign) -> str:
    """Flights whose ``carrier_id`` names a unit no longer in the campaign (``--check`` refuses
    the file): the shared write-back (rules/battlehex/results.py) keeps the flights of a carrier a
    battle destroyed or captured. Reported in issue 19; the player rules such a battle instead."""
    ids = {u.id for f in c.fleets for u in f.units} | {u.id for s in c.map.sectors for u in s.garrison}
    return ", ".join(sorted(f"{u.id} (carrier {u.carrier_id})" for f in c.fleets for u in f.units
                            if u.carrier_id is not None and u.carrier_id not in ids))
