"""The GM's change of a campaign's settings in play (issue 23, Campaign > Settings...): who runs the
empire's turn (``settings.empire_turn`` by_hand or seed004), who enters seed 004's Turn Orders
(``turn_orders`` gm or powers), the Random Events option and the battle system for new Battle
Hexes; one change, logged, or refused with what stands in its way and nothing changed.

Readings: seed 004's economy reads every owned planet's Census, Productivity and RAW (Income:
utilized Productivity, at most Census, x RAW), so switching it on is refused while an owned planet
has all three at 0 (the file's default: fields never filled; one 0 alone is a value, a RAW 0 world),
each such planet named; a power with planets and no economy record is given an empty one (Point Pool 0). Switching it
off is refused during one of its own phases (Income, Tech, Update Asset, End of Turn). Whatever else
the campaign's checks refuse (rules/model/checks.py) refuses the change."""
from __future__ import annotations

from typing import Any

from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.checks import check_campaign
from rules.model.economy_model import PowerEconomy
from rules.model.records import LogEntry

RULE = "Campaign settings"
FIELDS = ("empire_turn", "turn_orders", "random_events", "battle_system")
"""The settings a GM changes here, in the order they are logged."""
_WORDS = {"empire_turn": "empire turn", "turn_orders": "Turn Orders", "random_events": "Random Events",
          "battle_system": "battle system for new Battle Hexes"}


def missing(c: Campaign) -> list[str]:
    """Each owned planet whose economy fields were never filled (Census, Productivity and RAW all 0),
    as "Vanguard II (0207): Census, Productivity and RAW"."""
    out = []
    for s in c.map.sectors:
        for pl in s.star_system.planets if s.star_system else []:
            if pl.owner is None:
                continue
            if pl.census == pl.productivity == pl.raw == 0:  # never filled: a 0 alone is a value (a RAW 0 world)
                out.append(f"{pl.name} ({s.at}): Census, Productivity and RAW")
    return out


def change(c: Campaign, wanted: dict[str, Any]) -> Campaign:
    """``c`` with the settings in ``wanted`` (a subset of :data:`FIELDS`), logged; ``c`` itself when
    nothing changes; refused with the reason otherwise."""
    unknown = sorted(set(wanted) - set(FIELDS))
    if unknown:
        raise RuleError(RULE, f"the GM changes {', '.join(FIELDS)} here, not {', '.join(unknown)}")
    now = c.settings
    changed = {k: v for k, v in wanted.items() if getattr(now, k) != v}
    if not changed:
        return c
    from rules.systems import choose_for_campaign  # the battle systems load when first needed

    new = choose_for_campaign(c, str(changed["battle_system"])) if "battle_system" in changed else c
    new = new.model_copy(deep=True)
    try:
        settings = type(now).model_validate({**new.settings.model_dump(), **{k: v for k, v in changed.items()
                                                                           if k != "battle_system"}})
    except ValueError as e:
        raise RuleError(RULE, f"not a setting: {e}") from None
    if changed.get("empire_turn") == "seed004":
        lacking = missing(c)
        if lacking:
            raise RuleError(RULE, "seed 004's economy reads every owned planet's Census, Productivity and RAW "
                                  "(004 Income Phase); fill them in first - missing: " + "; ".join(lacking))
        owners = {pl.owner for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])}
        for p in new.powers:
            if p.economy is None and p.id in owners:
                p.economy = PowerEconomy()
    new.settings = settings
    problems = check_campaign(new)
    if problems:
        raise RuleError(RULE, "; ".join(str(p) for p in problems[:3]))
    said = ", ".join(f"{_WORDS[k]} from {_word(k, getattr(now, k))} to {_word(k, changed[k])}" for k in FIELDS
                     if k in changed)
    new.log.append(LogEntry(turn=c.turn, rule=RULE, text=f"The GM changes the campaign's settings: {said}"))
    return new


def _word(key: str, value: Any) -> str:
    if key == "random_events":
        return "on" if value else "off"
    if key == "battle_system":
        from rules.systems import systems

        known = systems()
        return known[str(value)].title if str(value) in known else str(value)
    if key == "empire_turn":
        return {"by_hand": "kept by hand", "seed004": "run by BattleHex (seed 004)"}.get(str(value), str(value))
    if key == "turn_orders":
        return {"gm": "entered by the GM", "powers": "entered by each power"}.get(str(value), str(value))
    return str(value)
