"""Where a campaign's economy secrets lie (issue 23): each power's economy record, for its Team,
but its units in Reserve or mothballed (the table's view shows them: the inspector says why such
a fleet cannot move); and each Team's V13.28 Economic Points, its own. Seed 004 makes a power's
ship list public and nothing else of its economy ("The income value is added to the player's
Point Pool"), so the campaign's own file seals them as the screen and a Team copy keep them
(:func:`rules.model.secrets.secret_places`; docs/SECRETS.md). A file saved before they were
sealed opens with them readable (:data:`READABLE_BEFORE`) and seals them at its next save.
An Exhibit B fact that not everyone may know (``PairFact.secret_of``) is sealed for its Teams too
(:func:`fact_places`).
"""
from __future__ import annotations

from collections.abc import Iterator

from rules.model.campaign import Campaign
from rules.model.seals import GM

__all__ = ["READABLE_BEFORE", "SEEN", "economy_places", "fact_places"]

SEEN = frozenset({"reserve", "mothballed"})
"""A power's economy fields the table's view shows: never sealed."""
READABLE_BEFORE = ("powers", "teams")
"""The first part of the places an older file kept readable (it opens; its next save seals them)."""


def economy_places(c: Campaign) -> Iterator[tuple[tuple[str | int, ...], tuple[str, ...]]]:
    """Each economy secret's place in ``c``'s JSON (as saved: default values left out) and whose
    it is: a power's Team (``("gm",)`` for a power of no Team)."""
    for i, p in enumerate(c.powers):
        team = c.team_of_power(p.id)
        for name in p.economy.model_dump(exclude_defaults=True, exclude=set(SEEN)) if p.economy else {}:
            yield ("powers", i, "economy", name), (team.id,) if team else (GM,)
    for i, t in enumerate(c.teams):
        if t.economic_points:
            yield ("teams", i, "economic_points"), (t.id,)
    yield from fact_places(c)


def fact_places(c: Campaign) -> Iterator[tuple[tuple[str | int, ...], tuple[str, ...]]]:
    """Each Exhibit B fact not everyone may know (``secret_of``: an encounter scenario generated
    against a power no other Team sees there, rules/turn/encounter_facts.py) and whose it is."""
    teams = {t.id for t in c.teams}
    for i, pair in enumerate(c.treaties):
        for j, f in enumerate(pair.facts):
            if f.secret_of:
                yield ("treaties", i, "facts", j), tuple(f.secret_of) if set(f.secret_of) <= teams else (GM,)
