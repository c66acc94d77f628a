"""Seed 004's empire phases run in the campaign turn (issue 23, ``settings.empire_turn`` seed004):
Income, Tech, Update Asset and End of Turn as questions and answers beside the Combat Phase
(:mod:`rules.turn.combat_phase` hands them here), each answer a new campaign, logged with the
seed's section, undone, saved and replayed like every other step.

The order the tool runs (docs/economy.md): Income (the ledgers shown, the GM confirms) -> Tech
(each power's investment, asked of its Team, then on turns 6 and 12 the GM rolls, the odds shown
first) -> Turn Orders (movement; purchases, productivity and repairs) -> Movement -> Combat
Phase -> Construction Completion (the purchases, repairs, status orders and flights' landing shown,
the GM confirms: rules/turn/construction_phase.py) -> Update Asset (the Productivity bought; the
GM rolls every morale check and, on turns 12, 24, ..., census growth) -> End of Turn (with ``settings.random_events``, the GM's events:
rules/turn/random_events.py) -> the next turn's Income. Seed 004 puts Tech after Turn Orders; the
investment is the one Turn Order Tech reads, and it is asked in the Tech Phase itself, before the
movement orders, which change nothing in it.

Dice are the campaign's own: a roll's faces come from ``dice_seed``, the turn and the step, so
the same campaign and answers always give the same rolls.
"""
from __future__ import annotations

import math
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.log import GM
from rules.battlehex.questions import Question, choose, number
from rules.battlehex.words import changed, possessive
from rules.dice import DiceRoller
from rules.economy import planet as pe
from rules.economy import tech
from rules.economy.income import INCOME, Ledger, points
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.economy_model import PowerEconomy, TurnFigures
from rules.model.records import EMPIRE_PHASES, LogEntry, Phase
from rules.strategic.turn import next_turn, open_battle_hexes, refresh_resolution
from rules.turn import construction_phase, random_events
from rules.turn.empire_facts import economy, morale_facts, power_ledgers

SEQUENCE = "004 Sequence of Play"
END = "004 End of Turn Phase"
CONSTRUCTION = "004 Construction Completion Phase"
PHASES = EMPIRE_PHASES
NEXT = {Phase.INCOME: Phase.TECH, Phase.TECH: Phase.ORDERS, Phase.CONSTRUCTION: Phase.UPDATE, Phase.UPDATE: Phase.END}


def runs(c: Campaign) -> bool:
    """Whether BattleHex runs the campaign's empire turn (``settings.empire_turn`` seed004)."""
    return c.settings.empire_turn == "seed004"


def _team(c: Campaign, power: str) -> str:
    team = c.team_of_power(power)
    return team.id if team is not None else GM


def _name(c: Campaign, power: str) -> str:
    p = c.power(power)
    return p.name if p is not None else power


def _invest_room(eco: PowerEconomy) -> int:
    """The most a power may invest now: up to 200% of the requirement, paid from its Point Pool."""
    return min(tech.room(eco.tech_pool, tech.requirement(eco.last_tdp)), max(math.floor(eco.point_pool), 0))


def _odds(eco: PowerEconomy) -> tech.Odds:
    return tech.odds(eco.tech_pool, tech.requirement(eco.last_tdp), eco.advances_this_year)


def pending(c: Campaign) -> Question | None:
    """The empire phase's open question, or ``None`` (End Phase goes on)."""
    if c.phase is Phase.INCOME and "income/confirm" not in c.turn_asked:
        return _income_question(c, power_ledgers(c, [p.id for p in c.powers]))
    if c.phase is Phase.TECH:
        for p in c.powers:
            eco = economy(c, p.id)
            key = f"tech/invest/{p.id}"
            high = _invest_room(eco)
            if key in c.turn_asked or high <= 0:
                continue
            q = number(key, _team(c, p.id), tech.TECH, f"{p.name}: points to invest in research this turn (0-{high}): "
                       f"research pool {eco.tech_pool}, required {tech.requirement(eco.last_tdp)} (half the last TDP "
                       f"{eco.last_tdp}), odds now {_odds(eco).words()}; Point Pool {points(eco.point_pool)}", 0, high)
            return _secret(q)
        if tech.is_roll_turn(c.turn):
            for p in c.powers:
                eco = economy(c, p.id)
                key = f"tech/roll/{p.id}"
                o = _odds(eco)
                if key in c.turn_asked or o.first == 0:  # nothing to roll for (no pool, or two advances made)
                    continue
                return _secret(choose(key, GM, tech.TECH, f"Game Master: {possessive(p.name)} tech roll on d100 (turn "
                                      f"{c.turn}): {o.words()}; Tech Year {eco.tech_year}, "
                                      f"{_many(eco.advances_this_year, 'advance')} this year - roll", ["roll"]))
    if c.phase is Phase.CONSTRUCTION:
        return construction_phase.pending(c)
    if c.phase is Phase.UPDATE and "update/roll" not in c.turn_asked:
        ids = {p.id for p in c.powers}
        n = sum(1 for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else []) if pl.owner in ids)
        growth = " and census growth (every 12 turns)" if pe.is_growth_turn(c.turn) else ""
        q = choose("update/roll", GM, pe.UPDATE_ASSET, f"Game Master: roll the Update Asset Phase: the Morale "
                   f"Check Chart for {_many(n, 'planet')}{growth} - roll", ["roll"])
        return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": {"roll": "Roll"}},
                        check=q.check)
    if c.phase is Phase.END:  # the Random Events option (settings.random_events): the GM's events, then "none"
        return random_events.pending(c)
    return None


def _many(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one: "11 planets", "1 advance" (not "11 planet(s)")."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _income_question(c: Campaign, books: dict[str, Ledger]) -> Question:
    lines = [f"{_name(c, p.id)}: " + "; ".join(books[p.id].lines()) for p in c.powers]
    return _secret(choose("income/confirm", GM, INCOME, "Game Master: the Income Phase's ledgers -\n"
                          + "\n".join(lines) + "\n- confirm them (the Point Pools are updated)", ["confirm"]))


_WORDS = {"confirm": "Confirm the ledgers: every Point Pool is updated", "roll": "Roll"}


def _secret(q: Question) -> Question:
    """``q`` seen only by whom it asks (and the GM): a power's economy is its own (hot seat)."""
    words = {o: _WORDS[o] for o in q.options if o in _WORDS}
    data = {**q.data, "secret": True, **({"option_words": words} if words else {})}
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, q.low, q.high, data, q.check, q.parse, q.default)


def _dice(c: Campaign, step: int) -> DiceRoller:
    return DiceRoller(c.dice_seed * 104_729 + c.turn * 1_299_709 + step)


def _set(new: Campaign, power: str, **changes: Any) -> PowerEconomy:
    p = new.power(power)
    assert p is not None
    p.economy = (p.economy or PowerEconomy()).model_copy(update=changes)
    return p.economy


def _log(new: Campaign, rule: str, text: str, power: str | None = None) -> None:
    secret = [_team(new, power)] if power is not None else []  # a power without a Team: the GM's alone
    new.log.append(LogEntry(turn=new.turn, rule=rule, text=text, secret_of=secret))


def answer(c: Campaign, raw: Any, graph: LaneGraph | None = None) -> Campaign:
    """Answer :func:`pending`; an illegal answer raises and changes nothing. ``graph``: the
    campaign's lane graph when the caller holds it (else built for Update Asset)."""
    books: dict[str, Ledger] = {}  # the Income ledgers, computed once for the question and the answer
    if c.phase is Phase.INCOME and "income/confirm" not in c.turn_asked:
        books = power_ledgers(c, [p.id for p in c.powers])
    if c.phase is Phase.END and random_events.pending(c) is not None:
        return random_events.answer(c, raw)
    if c.phase is Phase.CONSTRUCTION and construction_phase.pending(c) is not None:
        return construction_phase.answer(c, raw)
    q = _income_question(c, books) if books else pending(c)
    if q is None:
        raise RuleError(SEQUENCE, f"the {c.phase.title} phase waits for no answer: go on with End Phase")
    value = q.check(raw)
    new = _copy_for(c, q.key)
    new.turn_asked.append(q.key)
    if q.key == "income/confirm":
        from rules.economy.sheet import fleet_strength  # the sheet's economy: not on a start's first frame

        for p in c.powers:
            book = books[p.id]
            tdp = int(book.items[0].amount)
            line = TurnFigures(turn=c.turn, tdp=tdp, pool=book.pool, strength=fleet_strength(c, p.id))
            _set(new, p.id, point_pool=book.pool, last_tdp=tdp, misc=[], history=[*economy(c, p.id).history, line])
            _log(new, INCOME, f"{p.name}: " + "; ".join(book.lines()), p.id)
    elif q.key.startswith("tech/invest/"):
        power = q.key.split("/")[2]
        eco = economy(c, power)
        eco = _set(new, power, tech_pool=eco.tech_pool + value, point_pool=eco.point_pool - value)
        _log(new, tech.TECH, f"{_name(c, power)} invests {value} in research: pool {eco.tech_pool} of "
                             f"{tech.requirement(eco.last_tdp)} required; Point Pool {points(eco.point_pool)}", power)
    elif q.key.startswith("tech/roll/"):
        power = q.key.split("/")[2]
        index = [p.id for p in c.powers].index(power)
        eco = economy(c, power)
        dice = _dice(c, index)
        rolls = [dice.roll("1d100", purpose=f"{power} tech advance", rule=tech.TECH, who=GM).natural for _ in (1, 2)]
        result = tech.resolve(c.turn, eco.tech_pool, tech.requirement(eco.last_tdp), eco.advances_this_year, rolls)
        eco = _set(new, power, tech_pool=result.pool, advances_this_year=result.advances_this_year,
                   tech_year=min(eco.tech_year + result.advances, 999))
        words = "; ".join(result.lines) or "no roll"
        _log(new, tech.TECH, f"{_name(c, power)}: {words}; Tech Year {eco.tech_year}", power)
    else:
        _update_assets(new, c, graph)
    return new


def _copy_for(c: Campaign, key: str) -> Campaign:
    """The campaign an answer makes, copied as deep as the answer changes it: an Income or Tech
    answer changes only the powers' records, the log and the questions asked, so those are copied
    and the rest (map, fleets ...) is shared - a campaign is never changed once made, as
    visibility.mark shares it too (a 10,000-sector map was deep-copied for each power's tech roll)."""
    one = key.split("/")[2] if key.startswith(("tech/invest/", "tech/roll/")) else None  # a power's own answer
    powers = list(c.powers) if key == "tech/phase" else [  # a phase begins: the records change at the year's end
        p.model_copy(deep=True) if one is None or p.id == one else p for p in c.powers]
    update: dict[str, Any] = {"powers": powers, "log": list(c.log), "turn_asked": list(c.turn_asked)}
    if key.startswith(("income/", "tech/")):
        return c.model_copy(update=update)
    # Update Asset changes the owned planets' Productivity, Morale and Census: their systems are copied
    sectors = [s if s.star_system is None or not any(pl.owner is not None for pl in s.star_system.planets) else
               s.model_copy(update={"star_system": s.star_system.model_copy(update={
                   "planets": [pl.model_copy() for pl in s.star_system.planets]})}) for s in c.map.sectors]
    return c.model_copy(update={**update, "map": c.map.model_copy(update={"sectors": sectors})})


def _update_assets(new: Campaign, c: Campaign, graph: LaneGraph | None) -> None:
    """The Productivity bought, then the morale checks and census growth of every owned planet,
    logged with their parts."""
    from rules.strategic import build_graph
    from rules.turn.purchases import improvements

    improvements(new)

    graph = build_graph(c) if graph is None else graph
    dice = _dice(c, 10_000)
    memo: dict[str, Any] = {}  # each power's colonies and homeworld reach, computed once
    near: dict[tuple[str, Label], int | None] = {}  # each system's jumps to its nearest other colony
    for s in new.map.sectors:
        for pl in s.star_system.planets if s.star_system is not None else []:
            if pl.owner is None:
                continue
            facts = morale_facts(c, graph, s, pl, memo, near)
            need = sum(1 for ch in pe.Check if ch.target and pe.applies(ch, facts))
            rolls = [dice.roll("1d10", purpose=f"morale {pl.name}", rule=pe.MORALE_CHART, who=GM).natural
                     for _ in range(need)]
            applied = pe.morale_checks(facts, rolls)
            before = pl.morale
            pl.morale = pe.new_morale(pl.morale, applied, facts.command_post)
            parts = "; ".join(a.words() for a in applied) or "no row of the chart applies"
            after = pe.utilized(pl.productivity, pl.census, pl.morale, facts.command_post)
            state = " - in rebellion: no output" if pe.in_rebellion(pl.morale, facts.command_post) else \
                f" - below half its Census: utilized Productivity halved to {after}" if 2 * pl.morale < pl.census \
                else ""
            _log(new, pe.MORALE_CHART, f"{pl.name} ({s.at}): {parts}; Morale {changed(before, pl.morale)}{state}")
            if pe.is_growth_turn(c.turn):
                g = pe.census_growth(pl.census, pl.census_bonus,
                                     dice.roll("1d10", purpose=f"census {pl.name}", rule=pe.UPDATE_ASSET,
                                               who=GM).natural, pl.carrying_capacity)
                pl.census, pl.census_bonus = g.census, g.bonus
                _log(new, pe.UPDATE_ASSET, f"{pl.name} ({s.at}): census growth {g.words}")
    from rules.turn.colonize import settle

    settle(new)  # new colonies, after the checks (a colony starts with Morale equal to its Census)


def waits_for(c: Campaign) -> str:
    """What the empire phase now waits for, and who."""
    if c.phase is Phase.CONSTRUCTION:
        return construction_phase.waits_for(c)
    q = pending(c)
    if q is not None and c.phase is Phase.END:
        return random_events.waits_for(c)
    if q is not None:
        who = "the GM" if q.to == GM else next((t.name for t in c.teams if t.id == q.to), q.to)
        what = {"confirm": "confirm the ledgers", "invest": "a research investment", "roll": "the roll"}
        return f"{who}: {what[q.key.split('/')[1]]} (Turn > Answer, Ctrl+Shift+A)"
    if c.phase is Phase.END:
        return "the GM: the turn ends; go on to the next turn's Income (End Phase)"
    return f"the GM: the {c.phase.title} phase is done; go on (End Phase)"


def close_combat(c: Campaign, graph: LaneGraph) -> Campaign:
    """After the Combat Phase: the Construction Completion Phase begins, its outcome (the purchases,
    reserve orders and flights' landing; replacement flights are Turn Orders, rules/turn/replacement.py)
    shown to the GM, who confirms it (rules/turn/construction_phase.py); End Phase then begins Update Asset."""
    if c.settings.combat_phase != "seed004":  # a v13 turn ends once its Battle Hexes are resolved (V13.12)
        c = refresh_resolution(c, graph)
        still = open_battle_hexes(c)
        if still:
            raise RuleError("V13.12", "the Movement Phase cannot end while Battle Hexes are unresolved: "
                                      + ", ".join(str(b.at) for b in still))
    return construction_phase.begin(c)


def advance(c: Campaign, graph: LaneGraph) -> Campaign:
    """End Phase of an empire phase: the next phase, or after End of Turn the next turn's Income."""
    q = pending(c)
    if q is not None:
        raise RuleError(q.rule, f"the {c.phase.title} phase waits for: {q.text}")
    if c.phase is Phase.END:
        new = next_turn(c, graph)
        new.phase = Phase.INCOME
        new.log.append(LogEntry(turn=new.turn, rule=SEQUENCE, text=f"{Phase.INCOME.title} begins"))
        return new
    new = _copy_for(c, "tech/phase")  # the phase, the log and (at the year's end) the powers' records
    if c.phase is Phase.TECH and tech.is_year_end(c.turn):  # the year's count starts anew
        new.powers = [p if p.economy is None else p.model_copy(update={"economy": p.economy.model_copy(
            update={"advances_this_year": 0})}) for p in c.powers]
    new.phase = NEXT[c.phase]
    new.log.append(LogEntry(turn=new.turn, rule=SEQUENCE, text=f"{new.phase.title} begins"))
    if new.phase is Phase.ORDERS:  # the Intel Phase's contact, traced as the diplomacy orders open
        from rules.turn.contact import trace

        new = trace(new, graph)
    if new.phase is Phase.END and random_events.runs(new):
        new.log.append(LogEntry(turn=new.turn, rule=END, text="the turn ends: the GM enters this turn's random "
                                                              "events (the Random Events option)"))
    elif new.phase is Phase.END:
        new.log.append(LogEntry(turn=new.turn, rule=END, text="the turn ends (no random events: the optional rule "
                                                              "is not used in this campaign)"))
    return new
