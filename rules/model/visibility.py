"""What a viewer may know of the campaign's words: the one place that decides it (issue 20).

:func:`rules.model.units.unit_secret` decides which units are secret (V13.03 incidental, V13.29
cloaked units: their Team's and the GM's); a fleet made only of them is secret whole, its name
and id included (:func:`rules.model.secrets.secret_places` seals them the same way). Words are
checked against those names:

- each campaign log line carries who may read it (:attr:`LogEntry.secret_of`): a line naming a
  hidden unit or fleet is its Team's secret (the GM's alone when it names several Teams'),
  marked when the line is written (:func:`mark`) and sealed with that Team's secrets in saved
  files, so it stays secret until the rules reveal the unit (a later line about a unit no longer
  cloaked or incidental is plain); a battle's result lines are also read by the Teams the battle
  showed those units, and the others read them with the units taken out (:func:`taken_out`,
  :func:`rules.battlehex.results.result_lines`); each viewer is shown one version, the fullest it
  may read (:func:`shown`: a fuller version ``supersedes`` everyone's);
- every other text shown to a viewer (a headless command's events, an undo step's name, a
  status line) is passed through :func:`seen_by` / :func:`words_for`.

Readings:
    * A viewer is a Team id, :data:`GM` (everything), or :data:`TABLE`: the shared screen of a
      hot-seat game, where every Team sits at once and so nobody's secret may show.
    * A visible name that contains a secret one keeps its words back too: a viewer may see less,
      never more.
"""
from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Sequence

from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord, LogEntry
from rules.model.units import unit_secret

GM = "gm"
TABLE = "table"
"""The shared screen: every Team at once (the main window's table view)."""


def hidden_names(c: Campaign) -> dict[str, str]:
    """Every name and id the rules hide, with whose secret it is (a Team id; :data:`GM` for a
    unit of no Team): secret units (in fleets and garrisons) and fleets made only of them.

    Runs twice per answer of a turn (:func:`mark`, :class:`Secrets`): each power's Team is looked
    up once (the first Team listing it, as :meth:`Campaign.team_of_power`), and only for a fleet
    or garrison that holds a secret unit (issue 23: a 10,000-sector turn spent most of its time
    scanning every Team for every sector)."""
    out: dict[str, str] = {}
    teams: dict[str, str] = {}
    for t in reversed(c.teams):  # the first Team listing a power wins
        teams.update(dict.fromkeys(t.powers, t.id))

    def add(name: str, owner: str) -> None:
        if name.strip():
            out[name] = owner if out.get(name, owner) == owner else GM

    for f in c.fleets:
        hidden = [u for u in f.units if unit_secret(u)]
        if not hidden:
            continue
        owner = teams.get(f.power, GM)
        if len(hidden) == len(f.units):
            add(f.name, owner)
            add(f.id, owner)
        for u in hidden:
            add(u.name, owner)
            add(u.id, owner)
    for s in c.map.sectors:
        for u in s.garrison:
            if unit_secret(u):
                owner = GM if s.owner is None else teams.get(s.owner, GM)
                add(u.name, owner)
                add(u.id, owner)
    return out


def _pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    alts = sorted({re.escape(n) for n in names}, key=lambda a: (-len(a), a))
    if not alts:
        return None
    return re.compile(r"(?<![\w'-])(?:" + "|".join(alts) + r")(?![\w'-])")


def listed(names: Iterable[str]) -> str:
    """"A, B and C" of ``names``; "none" when there are none: the list :func:`taken_out` takes a
    hidden name out of (a count of units would still tell a viewer of the hidden ones)."""
    n = list(names)
    return " and ".join(filter(None, (", ".join(n[:-1]), n[-1]))) if n else "none"


def taken_out(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` taken out of the list it stands in ("A, B and C"; a list left
    empty reads "none"): a viewer's version of words naming units the rules keep from it."""
    pat = _pattern(names)
    if pat is None:
        return text
    p = pat.pattern
    out = re.sub(rf"(?:, |,? and ){p}|{p}(?:, | and )?", "", text)
    return re.sub(r"(: |\bwith )(?=[;,)]|$)", r"\1none", out)


Owner = tuple[str, ...]
"""Who may read words beside the GM: ``()`` everyone; Team ids (sorted) those Teams; ``("gm",)`` the
GM alone (the words name a hidden unit of no Team)."""


def joined(a: Iterable[str], b: Iterable[str]) -> Owner:
    """Who may read words that tell ``a``'s and ``b``'s secrets at once: the Teams of both (the
    words name hidden units of each, which the Teams learned of together: a battle they fought,
    a meeting); the GM alone when either is the GM's."""
    both = {*a, *b}
    return (GM,) if GM in both else tuple(sorted(both))


class Secrets:
    """The hidden names of one or more states of a campaign, to judge words against."""

    def __init__(self, *campaigns: Campaign) -> None:
        self.names: dict[str, str] = {}
        for c in campaigns:
            for name, owner in hidden_names(c).items():
                self.names[name] = owner if self.names.get(name, owner) == owner else GM
        self._pat = _pattern(self.names)

    def owner(self, text: str) -> Owner:
        """Whose secret ``text`` tells: ``()`` when everyone may read it, else the Teams whose
        hidden units it names (:func:`joined`)."""
        if self._pat is None:
            return ()
        return joined((), {self.names[m.group(0)] for m in self._pat.finditer(text)})

    def named(self, text: str) -> set[str]:
        """The hidden names and ids ``text`` names."""
        return set() if self._pat is None else {m.group(0) for m in self._pat.finditer(text)}

    def kept_from(self, viewer: str) -> list[str]:
        """The hidden names ``viewer`` may not read (sorted)."""
        return sorted(n for n, o in self.names.items() if not may_read((o,), viewer))


def may_read(owner: Iterable[str], viewer: str) -> bool:
    """Whether ``viewer`` may read words that are ``owner``'s secret (``()``: nobody's)."""
    who = tuple(owner)
    return not who or viewer == GM or (viewer in who and who != (GM,))


def readable(s: Secrets, text: str, viewer: str, learned: Collection[str] = ()) -> bool:
    """Whether ``viewer`` may read ``text``: each hidden name it names is the viewer's own
    secret (:func:`may_read`) or one it has ``learned`` (a battle it fought showed it the unit,
    :mod:`rules.battlehex.sight`)."""
    return all(n in learned or may_read((s.names[n],), viewer) for n in s.named(text))


def entry_seen_by(e: LogEntry, viewer: str) -> bool:
    """Whether ``viewer`` may read the campaign log entry ``e``."""
    return may_read(e.secret_of, viewer)


def shown(log: Sequence[LogEntry], viewer: str) -> list[bool]:
    """Whether each line of ``log`` is shown to ``viewer``: those it may read, a battle's result
    once, in the fullest version it may read. A fuller version (``supersedes``: everyone's words,
    written just before it, :func:`rules.battlehex.results.result_lines`) replaces everyone's and
    the fuller versions before it that the viewer may read; the whole one, written last, is the
    GM's. (A viewer who read both saw the result twice: issue 22.)"""
    keep = [entry_seen_by(e, viewer) for e in log]
    for j, e in enumerate(log):
        if not (e.supersedes and keep[j]):
            continue
        for i in range(j - 1, -1, -1):  # back to everyone's version: the versions between are its own
            if log[i].supersedes == e.supersedes:
                keep[i] = False
            elif log[i].text == e.supersedes:
                keep[i] = False
                break
    return keep


def readable_log(c: Campaign, viewer: str) -> list[LogEntry]:
    """The campaign log as ``viewer`` is shown it (:func:`shown`)."""
    return [e for e, k in zip(c.log, shown(c.log, viewer), strict=True) if k]


def seen_by(c: Campaign | Secrets, text: str, viewer: str) -> bool:
    """Whether ``viewer`` may read ``text`` (it names nothing the rules hide from it)."""
    s = c if isinstance(c, Secrets) else Secrets(c)
    return may_read(s.owner(text), viewer)


def words_for(c: Campaign | Secrets, text: str, viewer: str, instead: str) -> str:
    """``text`` when ``viewer`` may read it, else ``instead`` (words naming no secret)."""
    return text if seen_by(c, text, viewer) else instead


RECORD_WORDS = ("encounter_answers", "resolution", "participants", "pursuit", "kept_ws", "scenario")
"""The fields of a Battle Hex record that may name units, beside its ``answers`` (judged one by one)."""


def record_words(b: BattleHexRecord) -> dict[str, str]:
    """The fields of ``b`` that may name units and are not empty (its answers aside), as text."""
    fields = type(b).model_fields
    return {n: _text(getattr(b, n)) for n in RECORD_WORDS if getattr(b, n) != fields[n].default}


def _text(value: object) -> str:
    return json.dumps(value, default=str, ensure_ascii=False, sort_keys=True)


def record_owner(s: Secrets, b: BattleHexRecord) -> Owner:
    """Whose secret the words of Battle Hex record ``b`` tell (its answers included), now or
    when they were given (``b.secret_of``)."""
    return joined(b.secret_of, s.owner(" ".join([*record_words(b).values(), *map(_text, b.answers)])))


def answer_owner(s: Secrets, b: BattleHexRecord, index: int) -> Owner:
    """Whose secret the answer ``index`` of ``b`` tells: the Team that gave it in secret
    (V13.723); else the Teams whose hidden units it names now, and once the battle is resolved
    those of the whole record (``b.secret_of``: a unit destroyed is no longer in the campaign,
    and the sides have seen each other's units fight)."""
    secret = b.secret_answers.get(str(index))
    if secret is not None:
        return (secret,)
    named = s.owner(_text(b.answers[index]))
    return joined(named, b.secret_of) if b.resolved else named


def mark(before: Campaign, after: Campaign) -> Campaign:
    """``after`` with each campaign log line it added to ``before``'s, and each Battle Hex
    record whose words (answers, results) name a hidden unit, marked with whose secret it is
    (``secret_of``), judged by the hidden units of both states (a unit the step destroyed was
    hidden when it moved or fought); ``after`` itself when nothing changes."""
    s = Secrets(before, after)
    old = len(before.log) if after.log[:len(before.log)] == before.log else 0
    log = [e if e.secret_of else _marked(e, s.owner(e.text)) for e in after.log[old:]]
    records = []
    for b in after.battle_hexes:
        owner = list(record_owner(s, b))
        records.append(b if owner == b.secret_of else b.model_copy(update={"secret_of": owner}))
    update: dict[str, object] = {}
    if any(a is not e for a, e in zip(log, after.log[old:], strict=True)):
        update["log"] = [*after.log[:old], *log]
    if any(a is not e for a, e in zip(records, after.battle_hexes, strict=True)):
        update["battle_hexes"] = records
    return after.model_copy(update=update) if update else after


def _marked(e: LogEntry, owner: Owner) -> LogEntry:
    return e if not owner else e.model_copy(update={"secret_of": list(owner)})


def table_campaign(c: Campaign) -> Campaign:
    """``c`` as a viewer who may know no Team's hidden units sees it (the shared screen): every
    hidden unit and every fleet made only of them taken out, so what is computed from it (a
    sector's control, the powers contesting it, supply) tells nothing of them."""
    fleets = []
    for f in c.fleets:
        kept = [u for u in f.units if not unit_secret(u)]
        if f.units and not kept:
            continue
        fleets.append(f if len(kept) == len(f.units) else f.model_copy(update={"units": kept}))
    sectors = [s if not any(unit_secret(u) for u in s.garrison)
               else s.model_copy(update={"garrison": [u for u in s.garrison if not unit_secret(u)]})
               for s in c.map.sectors]
    return c.model_copy(update={"fleets": fleets, "map": c.map.model_copy(update={"sectors": sectors})})


def secret_log(c: Campaign) -> Iterable[tuple[int, Owner]]:
    """Each secret line of the campaign log: its index and whose secret it is."""
    for i, e in enumerate(c.log):
        if e.secret_of:
            yield i, tuple(e.secret_of)


__all__ = ["GM", "TABLE", "Secrets", "entry_seen_by", "hidden_names", "listed", "mark", "may_read", "readable",
           "readable_log", "secret_log", "seen_by", "shown", "table_campaign", "taken_out", "words_for"]
