"""Seed 004 empire-turn bench (issue 23), on a generated 10,000-sector, 20-power campaign:

* the empire phases only - Income, Tech (the investments already in the pools, the roll of turn
  6), Construction Completion, Update Asset and End of Turn - called in ``rules.turn.empire``
  directly, every answer the GM's (confirm, rolls);
* one whole turn through :class:`rules.turn.run.TurnRun`, as ``main.py turn`` and the GUI play it:
  every phase (End Movement, Supply, Encounters, Space Combat, Bombardment and the marking of
  hidden units' words after each answer included), each question given its default answer (50
  answers, turn 6 to 7).

Figures are CPU time (``time.process_time``, median of the runs: the machine is shared). Never
asserts times; ``bench/run.py`` checks the goal (a figure over it reads MISSED).

    python bench/economy.py [--smoke] [--json]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import SMOKE, Row, main  # noqa: E402

from rules.model.campaign import Campaign  # noqa: E402
from rules.model.records import Phase  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.turn import empire  # noqa: E402
from rules.turn.run import TurnRun  # noqa: E402

POWERS = 20
REPEAT = 1 if SMOKE else 5
MOST_ANSWERS = 500
"""More answers than a turn of this campaign asks (50): a turn that asks more has stopped going on."""


def generated(cols: int = 100, rows: int = 100, powers: int = POWERS, seed: int = 23) -> Campaign:
    """A campaign of ``cols`` x ``rows`` sectors split in ``powers`` vertical bands, a star system
    with 1-3 planets in one sector of five, a fleet of three units every 20 sectors, each power's
    economy record with a tech pool to roll on (turn 6) and a maintenance figure per class."""
    rng = random.Random(seed)
    ids = [f"p{i:02d}" for i in range(powers)]
    sectors: list[dict[str, Any]] = []
    fleets: list[dict[str, Any]] = []
    for c in range(1, cols + 1):
        owner = ids[min(powers - 1, (c - 1) * powers // cols)]
        for r in range(1, rows + 1):
            s: dict[str, Any] = {"at": f"({c},{r})", "owner": owner}
            if rng.random() < 0.2:
                s["star_system"] = {"name": f"S{c}-{r}", "planets": [
                    {"name": f"S{c}-{r} {k}", "owner": owner, "census": rng.randint(1, 10),
                     "productivity": rng.randint(1, 10), "raw": rng.randint(1, 5), "morale": rng.randint(2, 10),
                     "carrying_capacity": 12} for k in range(rng.randint(1, 3))]}
            sectors.append(s)
            if rng.random() < 0.05:
                n = len(fleets)
                fleets.append({"id": f"f{n}", "name": f"Fleet {n}", "power": owner, "sector": f"({c},{r})",
                               "units": [{"id": f"u{n}-{j}", "name": f"U{n}-{j}", "class_designation": "CA"}
                                         for j in range(3)]})
    homes = {p: next(s["at"] for s in sectors if s["owner"] == p and "star_system" in s) for p in ids}
    return Campaign.model_validate({
        "format": "battlehex-campaign", "version": 1, "name": "bench economy", "turn": 6, "phase": "income",
        "settings": {"empire_turn": "seed004", "year": 171},
        "powers": [{"id": p, "name": p, "economy": {"tech_year": 171, "last_tdp": 400, "tech_pool": 150,
                                                     "homeworld": homes[p], "maintenance": {"CA": "1/2"},
                                                     "intel_points": 15}} for p in ids],
        "teams": [{"id": f"t{p}", "name": p, "powers": [p]} for p in ids],
        "map": {"cols": cols, "rows": rows, "sectors": sectors}, "fleets": fleets})


def whole_turn(c: Campaign) -> Campaign:
    """Income -> Tech -> (Turn Orders, Movement, Combat: nothing to do) -> Construction Completion ->
    Update Asset -> End of Turn -> the next Income, every answer the GM's."""
    graph = build_graph(c)
    c = empire.answer(c, "confirm")
    c = empire.advance(c, graph)  # Tech
    while (q := empire.pending(c)) is not None:
        c = empire.answer(c, "roll" if q.key.startswith("tech/roll/") else 0)
    c = empire.advance(c, graph)  # Turn Orders
    c = empire.close_combat(c.model_copy(update={"phase": Phase.TROOPS}), graph)  # Construction Completion
    c = empire.answer(c, "confirm", graph)  # the GM confirms what it does
    c = empire.advance(c, graph)  # Update Asset
    c = empire.answer(c, "roll", graph)
    c = empire.advance(c, graph)  # End of Turn
    return empire.advance(c, graph)  # the next turn's Income


def default_answer(run: TurnRun) -> object:
    """The answer to the question ``run`` waits for that asks nothing of a player: the question's
    default, else executing movement, ending the phase, or its first option (a confirm, a roll)."""
    q = run.pending
    assert q is not None
    if q.default is not None:
        return q.default
    if q.key.endswith("/orders"):
        return "end_movement"
    if q.key.endswith("/end"):
        return "end_phase"
    return q.options[0]


def turn_run(c: Campaign) -> TurnRun:
    """The turn of ``c`` played through :class:`TurnRun` (its lane graph built), every question
    given :func:`default_answer`, until the next turn's Income."""
    run = TurnRun(c)
    while run.campaign.turn == c.turn and len(run.answers) < MOST_ANSWERS:
        run.answer(default_answer(run))
    return run


def cpu_ms(fn: Callable[[], object], repeat: int) -> float:
    """The median CPU time (``time.process_time``) of ``repeat`` calls of ``fn``, in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def rows() -> list[Row]:
    c = generated(30, 30, 6) if SMOKE else generated()
    n = len(c.map.sectors)
    planets = sum(len(s.star_system.planets) for s in c.map.sectors if s.star_system is not None)
    size = f"{n:,} sectors, {len(c.powers)} powers, {planets:,} planets"
    after = whole_turn(c)
    assert after.turn == c.turn + 1 and after.phase is Phase.INCOME, (after.turn, after.phase)
    run = turn_run(c)
    assert run.campaign.turn == c.turn + 1 and run.campaign.phase is Phase.INCOME, \
        (run.campaign.turn, run.campaign.phase, len(run.answers))
    empire_ms = cpu_ms(lambda: whole_turn(c), REPEAT)
    turn_ms = cpu_ms(lambda: turn_run(c), REPEAT)
    return [Row(f"empire phases only, no questions, empire.* called directly ({size})", empire_ms, "< 1000 ms"),
            Row(f"one whole turn through TurnRun (every phase, default answers: {len(run.answers)}) ({size})",
                turn_ms, "< 1000 ms")]


if __name__ == "__main__":
    main(rows)
