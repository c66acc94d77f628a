"""The battle's event log: every step, question, answer, roll and ruling, with its rule.

Events are plain data and carry who may see them (``visible_to``: team ids and ``"gm"``;
``None`` for everyone), so a team's view of the log never shows what it must not know.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, overload

from rules.errors import RuleError

if TYPE_CHECKING:
    from rules.dice import Roll

GM = "gm"


class IllegalAnswer(RuleError):
    """An answer the rules do not allow; ``rule`` names the rule that refuses it."""


def shown(value: Any, most: int = 60) -> str:
    """``value`` as a refusal quotes it: its ``repr``, cut to ``most`` characters (an answer may
    be a list of 100,000 ids)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past Python's 4,300 digits; nesting past the stack
        text = f"a number of {len(format(value, 'x'))} hex digits" if isinstance(value, int) else \
            "an answer nested too deep"
    return text if len(text) <= most else text[:most].rstrip() + " ..."


def ruled(raw: dict[Any, Any]) -> Any:
    """The answer a GM ruling ``raw`` gives, once its form is checked: exactly
    ``{"gm_ruling": <reason in words>, "answer": ...}``; any other form raises ``IllegalAnswer``."""
    if raw.keys() != {"answer", "gm_ruling"}:
        raise IllegalAnswer("GM ruling", "a GM ruling is {\"gm_ruling\": \"why\", \"answer\": ...}, with nothing "
                                         f"else and the answer given, not the parts {sorted(map(shown, raw))}")
    why = raw["gm_ruling"]
    if not isinstance(why, str) or not why.strip():
        raise IllegalAnswer("GM ruling", f"a GM ruling needs its reason in words, not {shown(why)}")
    return raw["answer"]


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[str, ...] | None = None

    def seen_by(self, viewer: str) -> bool:
        return self.visible_to is None or viewer == GM or viewer in self.visible_to

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "rule": self.rule, "text": self.text}
        if self.data:
            out["data"] = self.data
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out

    def line(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text


_new = object.__new__
_SET = tuple(getattr(Event, f.name).__set__ for f in fields(Event))  # the slots' own setters


def new_event(seq: int, kind: str, rule: str, text: str, data: dict[str, Any],
              visible_to: tuple[str, ...] | None) -> Event:
    """``Event(seq, kind, rule, text, data, visible_to)`` at a third of the cost: the frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``; this sets the
    slots directly (a replay makes three events per answer, issue 10)."""
    e = _new(Event)
    s_seq, s_kind, s_rule, s_text, s_data, s_visible = _SET
    s_seq(e, seq)
    s_kind(e, kind)
    s_rule(e, rule)
    s_text(e, text)
    s_data(e, data)
    s_visible(e, visible_to)
    return e


class EventLog:
    """Append-only list of events (``events``: to start from, e.g. a checkpoint's first ones).

    ``stored``: the events before ``events`` as read from disk (a cold reopen,
    :mod:`rules.battlehex.resume`), decoded only when someone reads them: :attr:`size`,
    :meth:`add`, :meth:`view` and :attr:`after` do not decode them; :attr:`events` does, once.
    """

    def __init__(self, events: list[Event] | None = None, stored: Sequence[Event] = ()) -> None:
        self._events: list[Event] = events if events is not None else []
        self._stored = stored
        self.hidden_to: tuple[str, ...] | None = None
        """While set, an event added without its own ``visible_to`` is seen by these only (a procedure
        about a hidden unit: :meth:`rules.systems.stcs.battle.STCSBattle._give`)."""

    @property
    def events(self) -> list[Event]:
        """Every event, in order (the stored ones decoded now, once, into the same list)."""
        if self._stored:
            stored, self._stored = self._stored, ()
            self._events[:0] = stored
        return self._events

    def head(self, n: int) -> EventLog:
        """A new log of the first ``n`` events; the stored ones among them stay undecoded when all of them are kept (an
        undo after a cold reopen resumes from the checkpoint read from disk: decoding its 15,000 events made that undo
        grow with the battle, 18 ms at 5,000 answers against 1.6 at 2,000)."""
        stored = self._stored
        if stored and n >= len(stored):
            return EventLog(self._events[:n - len(stored)], stored=stored)
        return EventLog(self.events[:n])

    @property
    def stored(self) -> int:
        """How many of the first events are not decoded yet."""
        return len(self._stored)

    @property
    def after(self) -> list[Event]:
        """The events after the :attr:`stored` ones (a list to append to; ``events`` once decoded)."""
        return self._events

    @property
    def size(self) -> int:
        """How many events there are (nothing decoded)."""
        return len(self._stored) + len(self._events)

    def view(self) -> Sequence[Event]:
        """The events as a live sequence that decodes only what is read of it (the last ones
        a window shows, say)."""
        return _View(self)

    def add(self, kind: str, rule: str, text: str, data: dict[str, Any] | None = None,
            visible_to: tuple[str, ...] | None = None) -> Event:
        events = self._events
        e = new_event(len(self._stored) + len(events) + 1, kind, rule, text, data or {},
                      visible_to if visible_to is not None else self.hidden_to)
        events.append(e)
        return e

    def for_viewer(self, viewer: str) -> list[Event]:
        """The events ``viewer`` may see, numbered in its own view (:func:`renumbered`)."""
        return [renumbered(e, n) for n, e in enumerate((e for e in self.events if e.seen_by(viewer)), 1)]


def roll_line(roll: Roll, name: str) -> str:
    """A roll's words in the log: :meth:`rules.dice.Roll.describe` without its rule, naming who rolls ``name`` (a
    Team's name, not its id), made from the roll's own words, not from a copy of the roll (issue 21: a replay of a
    round of fire logs ~230 rolls)."""
    said, head = roll.describe(), f"{roll.rule}: {roll.purpose} ({roll.who}): "  # as describe() begins
    assert said.startswith(head), said
    return f"{roll.purpose} ({name}): {said[len(head):]}"


def renumbered(e: Event, number: int) -> Event:
    """``e`` with the number ``number`` it has in one viewer's view of the log. A viewer's view counts the
    events meant for it (:meth:`Event.seen_by`) 1, 2, 3..., so the events kept from it leave no gap telling
    that something hidden happened, and when (issue 25); the GM sees every event: its numbers are the log's
    own. An event meant for the viewer keeps its number while its words are kept from it
    (:mod:`rules.battlehex.sight`), so the numbers never change as the battle shows it more."""
    return e if e.seq == number else new_event(number, e.kind, e.rule, e.text, e.data, e.visible_to)


def seen_count(events: Sequence[Event], stop: int, viewer: str) -> int:
    """How many of ``events[:stop]`` are meant for ``viewer`` (its number of the last of them); the events of a
    log's :meth:`EventLog.view` still on disk are counted from their rows, not decoded."""
    if viewer == GM:
        return stop
    if isinstance(events, _View) and events._log.stored:
        log = events._log
        n = min(stop, log.stored)
        count = getattr(log._stored, "seen_count", None)
        head = count(n, viewer) if count is not None else sum(e.seen_by(viewer) for e in log._stored[:n])
        return int(head) + sum(e.seen_by(viewer) for e in log.after[:max(stop - n, 0)])
    return sum(e.seen_by(viewer) for e in events[:stop])


class _View(Sequence[Event]):
    """:meth:`EventLog.view`: reads the stored events one by one or a slice at a time."""

    def __init__(self, log: EventLog) -> None:
        self._log = log

    def __len__(self) -> int:
        return self._log.size

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        log = self._log
        n = log.stored
        if not n:
            return log.after[i]
        stored = log._stored
        if isinstance(i, slice):
            start, stop, step = i.indices(n + len(log.after))
            if step != 1:
                return [self[k] for k in range(start, stop, step)]
            head = list(stored[start:min(stop, n)]) if start < n else []
            return head + log.after[max(start - n, 0):max(stop - n, 0)]
        k = i + self._log.size if i < 0 else i
        if not 0 <= k < self._log.size:
            raise IndexError("event index out of range")
        return stored[k] if k < n else log.after[k - n]
