"""The GM's change of a campaign's settings in play (issue 23, Campaign > Settings...): who runs the
empire's turn (``settings.empire_turn`` by_hand or seed004), who enters seed 004's Turn Orders
(``turn_orders`` gm or powers), the Random Events option and the battle system for new Battle
Hexes; one change, logged, or refused with what stands in its way and nothing changed.

Readings: seed 004's economy reads every owned planet's Census, Productivity and RAW (Income:
utilized Productivity, at most Census, x RAW), so switching it on is refused while an owned planet
has all three at 0 (the file's default: fields never filled; one 0 alone is a value, a RAW 0 world),
each such planet named; a power with planets and no economy record is given an empty one (Point Pool 0). Switching it
off is refused during one of its own phases (Income, Tech, Update Asset, End of Turn). Whatever else
the campaign's checks refuse (rules/model/checks.py) refuses the change.

The b5 battle system's readings (``settings.b5``, issue 24: where seed 003's numbers disagree, and
its optional rules) are changed here too, as ``wanted["b5"]``, a dict of :data:`B5_READINGS`' keys.
The B5 engine reads them each time a battle is replayed (rules/systems/b5/battle.py), so a change
is refused while a B5 battle is under way (begun, not resolved), each named: it would replay under
other readings than it was fought with."""
from __future__ import annotations

from typing import Any

from rules.battlehex.words import plural
from rules.errors import RuleError
from rules.model.b5 import B5Settings
from rules.model.campaign import Campaign
from rules.model.checks import check_campaign
from rules.model.economy_model import PowerEconomy
from rules.model.records import LogEntry

RULE = "Campaign settings"
FIELDS = ("empire_turn", "turn_orders", "random_events", "battle_system", "b5")
"""The settings a GM changes here, in the order they are logged."""
_WORDS = {"empire_turn": "empire turn", "turn_orders": "Turn Orders", "random_events": "Random Events",
          "battle_system": "battle system for new Battle Hexes"}
B5_READINGS: dict[str, tuple[str, tuple[tuple[bool | str | None, str], ...]]] = {
    "dogfight": ("Dogfight chart past 6 kills", (
        ("text", 'as the text has it ("7 or higher: 6")'),
        ("pattern", "by the chart's pattern (one more kill per two points past 8)"))),
    "dogfight_rating": ("Dogfight target number", (
        ("face", "the target's dogfight die's largest face (d6: 6)"),
        ("roll", "the target's dogfight die rolled each pulse"))),
    "morale_rounding": ("Top morale circle", (
        ("down", "half the starting level rounded down (the text)"),
        ("up", "half the starting level rounded up (the control sheet)"))),
    "command_by_race": ("Command radius", (
        (False, "5 for every race"),
        (True, "by race (optional rule): 4 Earth and Narn, 6 Minbari, 5 the rest"))),
    "command_styles": ("Command styles", (
        (False, "not used"),
        (True, "rolled on a d10 for each squadron commander at the start (optional rule)"))),
    "declared_fire": ("Squadron fire", (
        (None, "as the seed has it (battles saved before keep shot by shot)"),
        (True, "always declared as a whole, then its damage resolved"),
        (False, "always shot by shot, each shot resolved as it is named"))),
}
"""settings.b5's fields (rules/model/b5.py B5Settings): a GM's words for each and for each value."""


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
    wanted = {**wanted, "b5": _b5(c, wanted["b5"])} if "b5" in wanted else wanted
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
                     if k in changed and k != "b5")
    said = "; ".join(x for x in (said, _b5_words(now.b5, settings.b5)) if x)
    new.log.append(LogEntry(turn=c.turn, rule=RULE, text=f"The GM changes the campaign's settings: {said}"))
    return new


def _b5(c: Campaign, wanted: Any) -> B5Settings:
    """settings.b5 with ``wanted``'s readings, checked; refused while a B5 battle is under way."""
    if not isinstance(wanted, dict):
        raise RuleError(RULE, f"settings.b5 is a set of readings ({', '.join(B5_READINGS)}), not {wanted!r}")
    unknown = sorted(set(wanted) - set(B5_READINGS))
    if unknown:
        raise RuleError(RULE, f"B5 has no reading {', '.join(unknown)}: one of {', '.join(B5_READINGS)}")
    now = c.settings.b5
    for k in sorted(wanted):
        if all(wanted[k] != v or type(wanted[k]) is not type(v) for v, _ in B5_READINGS[k][1]):
            words = "; ".join(f"{v!r} ({w})" for v, w in B5_READINGS[k][1])
            raise RuleError(RULE, f"B5 {B5_READINGS[k][0].lower()} (settings.b5 {k}) is one of {words}, "
                                  f"not {wanted[k]!r}")
    new = now.model_copy(update=wanted)
    if new != now:
        fought = [f"{r.at} (turn {r.turn}, {plural(len(r.answers), 'answer')} given)" for r in c.battle_hexes
                  if not r.resolved and r.answers and (r.system or c.settings.battle_system) == "b5"]
        if fought:
            raise RuleError(RULE, "the B5 readings stay as they are while a B5 battle is under way (its every replay "
                                  "reads them): resolve it or take its answers back first - " + "; ".join(fought))
    return new


def _b5_words(old: B5Settings, new: B5Settings) -> str:
    out = []
    for k, (label, values) in B5_READINGS.items():
        a, b = getattr(old, k), getattr(new, k)
        if a != b:
            word = dict((repr(v), w) for v, w in values)
            out.append(f"B5 {label[0].lower()}{label[1:]} from {word[repr(a)]} to {word[repr(b)]}")
    return "; ".join(out)


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
