"""What a viewer may know of the campaign's words: the one place that decides it (issue 20).

:func:`rules.model.units.unit_secret` decides which units are secret (V13.03 incidental, V13.29
cloaked units: their Team's and the GM's); a fleet made only of them is secret whole, its name
and id included (:func:`rules.model.secrets.secret_places` seals them the same way). Words are
checked against those names:

- each campaign log line carries who may read it (:attr:`LogEntry.secret_of`): a line naming a
  hidden unit or fleet is its Team's secret (the GM's alone when it names several Teams'),
  marked when the line is written (:func:`mark`) and sealed with that Team's secrets in saved
  files, so it stays secret until the rules reveal the unit (a later line about a unit no longer
  cloaked or incidental is plain);
- every other text shown to a viewer (a headless command's events, an undo step's name, a
  status line) is passed through :func:`seen_by` / :func:`words_for`.

Readings:
    * A viewer is a Team id, :data:`GM` (everything), or :data:`TABLE`: the shared screen of a
      hot-seat game, where every Team sits at once and so nobody's secret may show.
    * A visible name that contains a secret one keeps its words back too: a viewer may see less,
      never more.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from rules.model.campaign import Campaign
from rules.model.records import LogEntry
from rules.model.units import unit_secret

GM = "gm"
TABLE = "table"
"""The shared screen: every Team at once (the main window's table view)."""


def hidden_names(c: Campaign) -> dict[str, str]:
    """Every name and id the rules hide, with whose secret it is (a Team id; :data:`GM` for a
    unit of no Team): secret units (in fleets and garrisons) and fleets made only of them."""
    out: dict[str, str] = {}

    def add(name: str, owner: str) -> None:
        if name.strip():
            out[name] = owner if out.get(name, owner) == owner else GM

    for f in c.fleets:
        team = c.team_of_power(f.power)
        owner = team.id if team else GM
        hidden = [u for u in f.units if unit_secret(u)]
        if f.units and len(hidden) == len(f.units):
            add(f.name, owner)
            add(f.id, owner)
        for u in hidden:
            add(u.name, owner)
            add(u.id, owner)
    for s in c.map.sectors:
        team = c.team_of_power(s.owner)
        for u in s.garrison:
            if unit_secret(u):
                add(u.name, team.id if team else GM)
                add(u.id, team.id if team else GM)
    return out


def _pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    alts = sorted({re.escape(n) for n in names}, key=lambda a: (-len(a), a))
    if not alts:
        return None
    return re.compile(r"(?<![\w'-])(?:" + "|".join(alts) + r")(?![\w'-])")


class Secrets:
    """The hidden names of one or more states of a campaign, to judge words against."""

    def __init__(self, *campaigns: Campaign) -> None:
        self.names: dict[str, str] = {}
        for c in campaigns:
            for name, owner in hidden_names(c).items():
                self.names[name] = owner if self.names.get(name, owner) == owner else GM
        self._pat = _pattern(self.names)

    def owner(self, text: str) -> str | None:
        """Whose secret ``text`` tells: ``None`` when everyone may read it, a Team id when it
        names that Team's hidden units only, :data:`GM` when it names several Teams'."""
        if self._pat is None:
            return None
        owners = {self.names[m.group(0)] for m in self._pat.finditer(text)}
        if not owners:
            return None
        return owners.pop() if len(owners) == 1 else GM

    def kept_from(self, viewer: str) -> list[str]:
        """The hidden names ``viewer`` may not read (sorted)."""
        return sorted(n for n, o in self.names.items() if not may_read(o, viewer))


def may_read(owner: str | None, viewer: str) -> bool:
    """Whether ``viewer`` may read words that are ``owner``'s secret (``None``: nobody's)."""
    return owner is None or viewer == GM or (viewer == owner and owner != GM)


def entry_seen_by(e: LogEntry, viewer: str) -> bool:
    """Whether ``viewer`` may read the campaign log entry ``e``."""
    return may_read(e.secret_of, viewer)


def readable_log(c: Campaign, viewer: str) -> list[LogEntry]:
    """The campaign log as ``viewer`` may read it."""
    return [e for e in c.log if entry_seen_by(e, viewer)]


def seen_by(c: Campaign | Secrets, text: str, viewer: str) -> bool:
    """Whether ``viewer`` may read ``text`` (it names nothing the rules hide from it)."""
    s = c if isinstance(c, Secrets) else Secrets(c)
    return may_read(s.owner(text), viewer)


def words_for(c: Campaign | Secrets, text: str, viewer: str, instead: str) -> str:
    """``text`` when ``viewer`` may read it, else ``instead`` (words naming no secret)."""
    return text if seen_by(c, text, viewer) else instead


def mark(before: Campaign, after: Campaign) -> Campaign:
    """``after`` with each campaign log line it added to ``before``'s marked with whose secret
    it is (:attr:`LogEntry.secret_of`), judged by the hidden units of both states (a unit
    destroyed by the step was hidden when it moved); ``after`` itself when nothing changes."""
    old = len(before.log) if after.log[:len(before.log)] == before.log else 0
    new = after.log[old:]
    if not new:
        return after
    s = Secrets(before, after)
    marked = [e if e.secret_of is not None else _marked(e, s.owner(e.text)) for e in new]
    if all(a is b for a, b in zip(marked, new, strict=True)):
        return after
    return after.model_copy(update={"log": [*after.log[:old], *marked]})


def _marked(e: LogEntry, owner: str | None) -> LogEntry:
    return e if owner is None else e.model_copy(update={"secret_of": owner})


def secret_log(c: Campaign) -> Iterable[tuple[int, str]]:
    """Each secret line of the campaign log: its index and whose secret it is."""
    for i, e in enumerate(c.log):
        if e.secret_of is not None:
            yield i, e.secret_of


__all__ = ["GM", "TABLE", "Secrets", "entry_seen_by", "hidden_names", "mark", "may_read", "readable_log",
           "secret_log", "seen_by", "words_for"]
