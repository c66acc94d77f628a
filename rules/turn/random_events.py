"""Seed 004's optional Random Events rule in the End of Turn Phase (issue 23, ``settings.random_events``).

The seed: "Optional rules like the Random Events option take place in this phase and all results
are applied in the next campaign turn. If they are one-time events they occur in their appropriate
phase next turn. If they are permanent effects, they take effect immediately and are treated as if
they occurred during the turn just ending, in the appropriate phase." Its Income Phase: "Income or
costs that accumulate during the turn from random events ... are applied in the next turn's Income
Phase as a miscellaneous income or expense item"; its Morale Check Chart has the row "Event from
Random Event table | Varies". The seed prints no Random Event table, so the GM rules each event.

The GM's questions, a loop until "no more events" (each asked of the GM in secret):

* ``random/N`` (choose): ``"none"`` (no more events: the default), ``"economic/POWER"`` (a one-time
  economic item for a power) or ``"morale/SECTOR/PLANET"`` (a morale event on a power's planet);
* ``random/N/amount`` (number): the item's points (+ income, - expense), or the change to Morale;
* ``random/N/words`` (words): what happened, for the log and the ledger (empty: "a random event").

An economic item becomes the power's miscellaneous item for the next Income Phase
(``economy.misc``: the ledger and the Empire Sheet show it); a morale event is a permanent effect,
applied now (a Command Post keeps Morale at 1 or more, as in the Update Asset Phase). Each is
logged with this rule, sealed to the power's Team as its economy lines are.

Readings (docs/economy.md): the event's kind and target, then its amount, then its words are
three questions so the existing question dialogs ask them; the answers given so far are kept in
``Campaign.turn_asked`` (``random/N=CHOICE``, ``random/N/amount=VALUE``, ``random/N/words``;
cleared at the next turn), so a campaign saved between them asks the next one again.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question, words
from rules.battlehex.words import changed
from rules.errors import RuleError
from rules.economy import planet as pe
from rules.model.campaign import PLANET_VALUE, Campaign, Planet
from rules.model.economy_model import MiscItem, PowerEconomy
from rules.model.records import LogEntry

RULE = "004 End of Turn Phase (Random Events option)"
ROW = "Event from Random Event table"
MOST = 1_000_000
"""The largest economic item the GM may enter, in points (either sign)."""
MOST_MORALE = 99
"""The largest change to Morale one event may make (either sign)."""
NONE = "none"
_SHAPES = "\"none\", \"economic/POWER\" or \"morale/SECTOR/PLANET\""


def runs(c: Campaign) -> bool:
    """Whether the campaign uses the Random Events option (and BattleHex runs its End of Turn)."""
    return c.settings.random_events and c.settings.empire_turn == "seed004"


def _given(c: Campaign) -> tuple[int, str | None, int | None, bool]:
    """The event asked now: its number, the choice and amount given for it so far, and whether
    the GM said "none" (no more events)."""
    n, choice, amount = 1, None, None
    for i, key in enumerate(c.turn_asked):
        if not key.startswith("random/"):
            continue
        head, _, value = key.partition("=")
        try:
            if head == f"random/{n}":
                if value == NONE:
                    return n, None, None, True
                choice = _target(c, value)
            elif head == f"random/{n}/amount":
                amount = _amount(choice, value)
            elif head == f"random/{n}/words":
                n, choice, amount = n + 1, None, None
        except (IllegalAnswer, ValueError) as e:  # a file edited by hand: named, never a fault at opening
            raise RuleError(RULE, f"turn_asked[{i}] {key!r} cannot be read: {getattr(e, 'message', e)}") from None
    return n, choice, amount, False


def _amount(choice: str | None, value: str) -> int:
    """A ``random/N/amount=VALUE`` key's amount, in its event's range."""
    high = MOST if choice is not None and choice.startswith("economic/") else MOST_MORALE
    if choice is None or not value.lstrip("+-").isdigit() or not value.isascii() or len(value) > 8 \
            or not -high <= int(value) <= high:
        raise ValueError(f"an amount is a whole number, -{high} to {high}, after its event")
    return int(value)


def _owned(c: Campaign) -> list[tuple[str, Planet]]:
    """Every power's planet, in map order, with its sector label."""
    ids = {p.id for p in c.powers}
    return [(str(s.at), pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
            if pl.owner in ids]


def _name(c: Campaign, power: str) -> str:
    p = c.power(power)
    return p.name if p is not None else power


def _team(c: Campaign, power: str) -> str:
    t = c.team_of_power(power)
    return t.id if t is not None else GM


def _planet(c: Campaign, choice: str) -> tuple[str, Planet]:
    _, at, name = choice.split("/", 2)
    return next((a, pl) for a, pl in _owned(c) if a == at and pl.name == name)


def _target(c: Campaign, raw: Any) -> str:
    """The first question's answer checked: ``none``, a power's economic item, or a planet's morale event."""
    if not isinstance(raw, str):
        raise IllegalAnswer(RULE, f"a random event is {_SHAPES}, not {shown(raw)}")
    if raw == NONE:
        return raw
    kind, _, rest = raw.partition("/")
    if kind == "economic":
        if c.power(rest) is None:
            raise IllegalAnswer(RULE, f"an economic event's power: there is no power {rest!r} (one of "
                                      f"{', '.join(p.id for p in c.powers)})")
        return raw
    if kind == "morale":
        at, _, name = rest.partition("/")
        if not any(a == at and pl.name == name for a, pl in _owned(c)):
            raise IllegalAnswer(RULE, f"a morale event's planet: no power holds a planet {name!r} at {at!r} "
                                      "(\"morale/SECTOR/PLANET\", e.g. \"morale/0507/Terra\")")
        return raw
    raise IllegalAnswer(RULE, f"a random event is {_SHAPES}, not {shown(raw)}")


def pending(c: Campaign) -> Question | None:
    """The GM's next random-event question, or ``None`` (the option is off, or the GM said "none")."""
    if not runs(c):
        return None
    n, choice, amount, done = _given(c)
    if done:
        return None
    if choice is None:
        return _first(c, n)
    what = _what(c, choice)
    if amount is None:
        economic = choice.startswith("economic/")
        field = "amount" if economic else "morale change"
        text = (f"Game Master: random event {n}, {what}: its amount in points (+ a miscellaneous income, - an "
                f"expense; -{MOST} to {MOST}), applied in the next Income Phase" if economic else
                f"Game Master: random event {n}, {what}: the change to its Morale (-{MOST_MORALE} to "
                f"{MOST_MORALE}; Morale Check Chart \"{ROW}\": Varies), applied now as a permanent effect")
        high = MOST if economic else MOST_MORALE

        def check(a: Any) -> int:
            if isinstance(a, bool) or not isinstance(a, int):
                raise IllegalAnswer(RULE, f"the {field} of random event {n} is a whole number, not {shown(a)}")
            if not -high <= a <= high:
                raise IllegalAnswer(RULE, f"the {field} of random event {n} is {-high} to {high}, not {a}")
            return a
        return _secret(Question(f"random/{n}/amount", QKind.NUMBER, GM, RULE, text, low=-high, high=high,
                                check=check, default=0))
    q = words(f"random/{n}/words", GM, RULE, f"Game Master: random event {n}, {what} ({amount:+d}): what happened, "
              "in words for the log and the ledger (empty: \"a random event\")", "words of the event")
    return _secret(q)


def _first(c: Campaign, n: int) -> Question:
    options = [NONE, *(f"economic/{p.id}" for p in c.powers), *(f"morale/{a}/{pl.name}" for a, pl in _owned(c))]
    names = {NONE: "No more random events this turn", **{o: _what(c, o)[0].upper() + _what(c, o)[1:]
                                                         for o in options[1:]}}
    text = (f"Game Master: {'a' if n == 1 else 'another'} random event this End of Turn? The seed prints no "
            "Random Event table: the GM rules each one - a one-time economic item for a power (its next Income "
            f"Phase's miscellaneous income or expense) or a morale event on a planet (\"{ROW}\", a permanent "
            "effect applied now); or no more events")
    return Question(f"random/{n}", QKind.CHOOSE, GM, RULE, text, tuple(options),
                    data={"secret": True, "option_words": names}, check=lambda a: _target(c, a), default=NONE)


def _what(c: Campaign, choice: str) -> str:
    if choice.startswith("economic/"):
        return f"an economic item for {_name(c, choice.split('/', 1)[1])}"
    at, pl = _planet(c, choice)
    return f"a morale event on {pl.name} ({at}, {_name(c, pl.owner or '')}, Morale {pl.morale})"


def _secret(q: Question) -> Question:
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, q.low, q.high, {**q.data, "secret": True},
                    q.check, q.parse, q.default)


def answer(c: Campaign, raw: Any) -> Campaign:
    """Answer :func:`pending` (a new campaign); an illegal answer raises and changes nothing."""
    q = pending(c)
    if q is None:
        raise IllegalAnswer(RULE, "no random event question is open")
    value = q.check(raw)
    n, choice, amount, _ = _given(c)
    if q.key == f"random/{n}":
        return _noted(c, f"random/{n}={value}")
    if q.key.endswith("/amount"):
        return _noted(c, f"random/{n}/amount={value}")
    assert choice is not None and amount is not None
    said = value or "a random event"
    if choice.startswith("economic/"):
        return _economic(c, n, choice.split("/", 1)[1], amount, said)
    return _morale(c, n, choice, amount, said)


def _noted(c: Campaign, key: str) -> Campaign:
    return c.model_copy(update={"turn_asked": [*c.turn_asked, key]})


def _economic(c: Campaign, n: int, power: str, amount: int, said: str) -> Campaign:
    powers = [p.model_copy(deep=True) if p.id == power else p for p in c.powers]
    p = next(p for p in powers if p.id == power)
    eco = p.economy or PowerEconomy()
    p.economy = eco.model_copy(update={"misc": [*eco.misc, MiscItem(text=f"random event: {said}",
                                                                    amount=Fraction(amount))]})
    how = "income" if amount >= 0 else "expense"
    line = LogEntry(turn=c.turn, rule=RULE, secret_of=[_team(c, power)], text=(
        f"Random event for {p.name}: {said} - a miscellaneous {how} of {abs(amount)} in the next Income Phase "
        "(a one-time event)"))
    return c.model_copy(update={"powers": powers, "log": [*c.log, line],
                                "turn_asked": [*c.turn_asked, f"random/{n}/words"]})


def _morale(c: Campaign, n: int, choice: str, change: int, said: str) -> Campaign:
    _, at, name = choice.split("/", 2)
    new = c.model_copy(deep=True)
    s = new.sector_at(at)
    assert s is not None and s.star_system is not None
    pl = next(x for x in s.star_system.planets if x.name == name and x.owner is not None)
    post = s.star_system.has_command_post
    before = pl.morale
    pl.morale = min(max(before + change, 1 if post else 0), PLANET_VALUE)
    state = " - in rebellion: no output" if pe.in_rebellion(pl.morale, post) else \
        " - below half its Census: utilized Productivity halved" if 2 * pl.morale < pl.census else ""
    new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=[_team(c, pl.owner or "")], text=(
        f"Random event on {pl.name} ({at}): {said} - Morale Check Chart \"{ROW}\" {change:+d}, a permanent effect "
        f"as if in this turn's Update Asset Phase; Morale {changed(before, pl.morale)}{state}")))
    new.turn_asked.append(f"random/{n}/words")
    return new


def waits_for(c: Campaign) -> str:
    """What the End of Turn waits for while a random-event question is open."""
    q = pending(c)
    if q is None:
        return ""
    what = {"amount": "the event's amount", "words": "the event's words"}.get(q.key.split("/")[-1],
                                                                              "another random event, or none")
    return f"the GM: {what} (Random Events option; Turn > Answer, Ctrl+Shift+A)"
