"""What the shared screen (the table, every Team at once) may read of the Movement Phase's
report and of the campaign log.

:func:`rules.strategic.battle_hex.table_secret` decides which units the table may not know of
(incidental units V13.03, cloaked units V13.29). A fleet made only of such units is a secret as
a whole: its counter is not shown, so its name may not be either. The movement report and the
campaign log are lines of text (a log entry keeps no fleet or unit id), so a line is kept from
the table when it names a secret fleet or a secret unit: "<fleet> moves to 0509", "<fleet>
stopped ...: met <fleet> coming the other way", "<fleet>: orders cancelled: <unit> is ...".
A visible name that contains a secret one keeps its line back too: the table may see less, never
more.

A fleet's plotted movement orders are its commander's (seed 004 Turn Orders Phase: each player
records its own orders): :func:`orders_seen_by` shows them to the GM and to the fleet's own Team,
never to the table, before any hand-over too.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from rules.model.campaign import Campaign, Fleet
from rules.model.visibility import GM, table_campaign
from rules.strategic.battle_hex import table_secret
from rules.strategic.state import StrategicState


def fleet_secret(fleet: Fleet) -> str:
    """The rule(s) that keep the whole of ``fleet`` from the table (every unit of it is
    :func:`table_secret`), "" when the table may know of it."""
    rules = [table_secret(u) for u in fleet.units]
    if not rules or not all(rules):
        return ""
    return " / ".join(sorted(set(rules)))


def orders_seen_by(campaign: Campaign, fleet: Fleet, viewer: str) -> bool:
    """Whether ``viewer`` (:data:`~rules.model.visibility.GM`, a Team id, or
    :data:`~rules.model.visibility.TABLE`: the shared screen, every Team at once) may see
    ``fleet``'s plotted orders: the GM every fleet's, a Team its own fleets', the table none."""
    if viewer == GM:
        return True
    team = campaign.team_of_power(fleet.power)
    return team is not None and team.id == viewer


def secret_names(campaign: Campaign) -> dict[str, str]:
    """Name -> rule: every fleet made only of secret units and every secret unit (in fleets and
    garrisons), whose names the table may not read."""
    out: dict[str, str] = {}
    for f in campaign.fleets:
        if rule := fleet_secret(f):
            out.setdefault(f.name, rule)
        for u in f.units:
            if rule := table_secret(u):
                out.setdefault(u.name, rule)
    for s in campaign.map.sectors:
        for u in s.garrison:
            if rule := table_secret(u):
                out.setdefault(u.name, rule)
    return {n: r for n, r in out.items() if n.strip()}


def _pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    alts = sorted((re.escape(n) for n in names), key=len, reverse=True)
    if not alts:
        return None
    return re.compile(r"(?<![\w'])(?:" + "|".join(alts) + r")(?![\w'])")


def line_secret(campaign: Campaign, line: str) -> str:
    """The rule that keeps ``line`` from the table ("" when the table may read it): it names a
    fleet made only of secret units, or a secret unit."""
    names = secret_names(campaign)
    pat = _pattern(names)
    m = pat.search(line) if pat is not None else None
    return names[m.group(0)] if m is not None else ""


def table_lines(campaign: Campaign, lines: Iterable[str]) -> list[str]:
    """The lines of ``lines`` (the Movement Phase's report, the campaign log) the table may read."""
    names = secret_names(campaign)
    pat = _pattern(names)
    return [x for x in lines if pat is None or pat.search(x) is None]


def table_state(state: StrategicState) -> StrategicState:
    """The strategic state as the table may know it: computed without the hidden units
    (:func:`rules.model.visibility.table_campaign`), so a sector's status names no power whose
    only presence there is cloaked or incidental ("Contested by ... Romulan Star Empire" told of
    the cloaked Shadow Squadron in 0509); ``state`` itself when nothing is hidden."""
    seen = table_campaign(state.campaign)
    if seen.fleets == state.campaign.fleets and seen.map == state.campaign.map:
        return state
    return StrategicState.compute(seen, state.graph)
