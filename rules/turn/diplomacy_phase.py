"""Seed 004 Intel Phase in the campaign turn (issue 23): treaties proposed and answered, treaties
broken or withdrawn from and declarations made, each attempt's Exhibit B chance computed with its
parts, logged before its d100, rolled on the campaign's seeded dice.

Turn Orders of a ``settings.empire_turn`` seed004 campaign (rules/turn/run.py, beside purchases):

* ``{"propose": {"power": a, "to": b, "treaty": t}}``: the prerequisites checked now (refused with
  the rule), the proposal kept until ``b`` answers.
* ``{"accept": {"power": b, "from": a, "treaty": t}}`` / ``{"reject": ...}``: signed when the
  prerequisites still hold (an Armistice restores Normal Relations; an Alliance joins the
  newcomer to every member, who must each have consented by proposing or accepting it).
* ``{"break": {"power": a, "with": b, "treaty": t, "intel": n}}``: break or withdraw from a treaty
  in force; ``{"declare": {"power": a, "against": b, "declaration": "hostilities"|"war",
  "intel": n}}``. ``n`` Intel Points spent (5% each, from the power's pool). A success breaks the
  treaty (and those needing it) or, for a declaration, every treaty with the power and its
  alliance (the cascade); the Exhibit B facts are kept per pair for the next attempts.

An attempt is recorded in the power's Turn Orders (seed: "Diplomatic actions are recorded in the
Intel Missions area"): its Exhibit B line (the Intel Points spent, the odds, the d100) is its Team's
secret (``secret_of``); a success's result (the treaties ended, a declaration) is everyone's, a
failure tells the other Teams nothing (docs/SECRETS.md).

Readings (docs/economy.md): a fact's age is the turns since it happened, at least 1 (a fact of
this turn counts as last turn's); a success (a treaty signed, broken, a declaration: with each power
it reaches) clears the pair's facts, then keeps its own ("All modifiers apply if they occurred since
the last successful diplomatic action"); a failure clears nothing. Contact is
taken from ``diplomacy`` (a pair stated ``no_contact`` has none until a path is traced when the Turn
Orders begin, rules/turn/contact.py).
"""
from __future__ import annotations

from typing import Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.dice import DiceRoller
from rules.economy import diplomacy as dip
from rules.economy import treaties as tr
from rules.economy.diplomacy import Chance, Fact, Happened, Treaty
from rules.errors import RuleError
from rules.model.campaign import Campaign, Relation
from rules.model.economy_model import PowerEconomy
from rules.model.records import LogEntry
from rules.model.treaty_model import PairFact, Proposal, TreatyPair
from rules.model.types import DiplomaticState as D
from rules.strategic.diplomacy import Diplomacy

ORDERS = ("propose", "accept", "reject", "break", "declare")
_IMPLIED: dict[D, frozenset[Treaty]] = {
    D.NORMAL: frozenset(), D.NON_AGGRESSION: frozenset({Treaty.NON_AGGRESSION}),
    D.PEACE: frozenset({Treaty.NON_AGGRESSION, Treaty.PEACE}),
    D.TRADE: frozenset({Treaty.NON_AGGRESSION, Treaty.TRADE}),
    D.MUTUAL_DEFENSE: frozenset({Treaty.NON_AGGRESSION, Treaty.PEACE, Treaty.MUTUAL_DEFENSE}),
    D.ALLIANCE: frozenset({Treaty.NON_AGGRESSION, Treaty.PEACE, Treaty.MUTUAL_DEFENSE, Treaty.ALLIANCE}),
    D.CO_BELLIGERENT: frozenset({Treaty.NON_AGGRESSION, Treaty.CO_BELLIGERENCE}),
    D.HOSTILITIES: frozenset({Treaty.HOSTILITIES}), D.WAR: frozenset({Treaty.WAR})}
"""The treaties a stated relation implies (a pair without a treaty record)."""
_STATE_ORDER = ((Treaty.WAR, D.WAR), (Treaty.HOSTILITIES, D.HOSTILITIES), (Treaty.ALLIANCE, D.ALLIANCE),
                (Treaty.MUTUAL_DEFENSE, D.MUTUAL_DEFENSE), (Treaty.CO_BELLIGERENCE, D.CO_BELLIGERENT),
                (Treaty.PEACE, D.PEACE), (Treaty.TRADE, D.TRADE), (Treaty.NON_AGGRESSION, D.NON_AGGRESSION))
"""The one state movement and encounters read for a set of treaties: the strongest in force."""


def _treaty(name: Any, rule: str = dip.INTEL) -> Treaty:
    try:
        return Treaty[str(name).upper()]
    except KeyError:
        raise IllegalAnswer(rule, f"no treaty {name!r}: one of "
                                  f"{', '.join(t.name.lower() for t in Treaty)}") from None


def relations(c: Campaign) -> tr.Relations:
    """Every pair of powers in contact and what stands between them."""
    d = Diplomacy(c)
    kept = {frozenset(tp.powers): frozenset(_treaty(t) for t in tp.treaties) for tp in c.treaties}
    pairs: dict[tr.Pair, frozenset[Treaty]] = {}
    ids = [p.id for p in c.powers]
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            key = tr.pair(a, b)
            if key in kept:
                pairs[key] = kept[key]
            elif d.state(a, b) is not D.NO_CONTACT:
                pairs[key] = _IMPLIED[d.state(a, b)]
    return tr.Relations(pairs)


def _record(c: Campaign, a: str, b: str) -> TreatyPair:
    """The pair's record in ``c`` (made, from its implied treaties, when it has none)."""
    for tp in c.treaties:
        if set(tp.powers) == {a, b}:
            return tp
    now = relations(c).between(a, b) or frozenset()
    tp = TreatyPair(powers=(a, b) if a < b else (b, a), treaties=_names(now))
    c.treaties.append(tp)
    c.treaties.sort(key=lambda x: x.powers)
    return tp


def pair_record(c: Campaign, a: str, b: str) -> TreatyPair:
    """The pair's treaty record in ``c``, where its Exhibit B facts are kept (made when it has none)."""
    return _record(c, a, b)


def _names(ts: frozenset[Treaty]) -> list[Any]:
    """The treaties' names in the file, in the seed's order."""
    return [t.name.lower() for t in Treaty if t in ts]


def _store(new: Campaign, before: tr.Relations, after: tr.Relations) -> None:
    """Write the pairs that changed: their treaty records and the one state per pair."""
    for key in sorted(after.pairs, key=sorted):
        if before.pairs.get(key) == after.pairs[key]:
            continue
        a, b = sorted(key)
        ts = after.pairs[key]
        _record(new, a, b).treaties = _names(ts)
        state = next((s for t, s in _STATE_ORDER if t in ts), D.NORMAL)
        new.diplomacy = [r for r in new.diplomacy if set(r.powers) != {a, b}]
        new.diplomacy.append(Relation(powers=(a, b), state=state))
        new.diplomacy.sort(key=lambda r: r.powers)


def facts(c: Campaign, actor: str, other: str, seen_by: str | None = None) -> list[Happened]:
    """The Exhibit B facts ``actor`` counts against ``other``: what ``other`` did, and ``actor``'s own
    breaks and failed attempts; with ``seen_by`` (a Team) only those that Team may know (docs/SECRETS.md:
    a fact sealed for other Teams, another Team's power's failed attempt)."""
    out: list[Happened] = []
    for tp in c.treaties:
        if set(tp.powers) != {actor, other}:
            continue
        for f in tp.facts:
            if seen_by is not None and ((f.secret_of and seen_by not in f.secret_of) or (
                    f.fact == "last_attempt_failed" and getattr(c.team_of_power(f.by), "id", None) != seen_by)):
                continue
            fact = Fact[f.fact.upper()]
            mine = fact in (Fact.YOU_BROKE_TREATY, Fact.LAST_ATTEMPT_FAILED)
            if (f.by == actor) == mine:
                out.append(Happened(fact, max(c.turn - f.turn, 1)))
    return out


def chance(c: Campaign, actor: str, other: str, treaty: Treaty, intel: int = 0,
           seen_by: str | None = None) -> Chance:
    """The Exhibit B chance of ``actor``'s attempt against ``other`` (break ``treaty``, or declare it);
    with ``seen_by`` (a Team) as that Team may count it (:func:`facts`: what its screen may show)."""
    now = relations(c).between(actor, other) or frozenset()
    known = facts(c, actor, other, seen_by)
    if treaty in dip.DECLARATIONS:
        return dip.declare_chance(treaty, known, now, intel)
    return dip.break_chance(treaty, known, now, intel)


def _fields(raw: Any, kind: str, keys: set[str]) -> dict[str, Any]:
    if not (isinstance(raw, dict) and keys <= set(raw) <= keys | {"intel"}
            and all(isinstance(raw[k], str) for k in keys)
            and (not isinstance(raw.get("intel", 0), bool) and isinstance(raw.get("intel", 0), int))):
        raise IllegalAnswer(dip.INTEL, f"a {kind} is given as {{\"{kind}\": {{{', '.join(sorted(keys))}"
                                       f"{', intel' if kind in ('break', 'declare') else ''}}}}}, not {raw!r}")
    if c_intel := raw.get("intel", 0):
        if c_intel < 0:
            raise IllegalAnswer(dip.INTEL, f"Intel Points spent are not negative ({c_intel})")
    return raw


def _powers(c: Campaign, *ids: str) -> None:
    if c.settings.empire_turn != "seed004":
        raise RuleError(dip.INTEL, "diplomacy is kept by hand in this campaign (settings.empire_turn by_hand)")
    for p in ids:
        if c.power(p) is None:
            raise IllegalAnswer(dip.INTEL, f"there is no power {p!r}")
    if len(set(ids)) != len(ids):
        raise IllegalAnswer(dip.INTEL, f"a power has no treaty with itself ({ids[0]})")


def _contact(c: Campaign, rel: tr.Relations, a: str, b: str) -> None:
    """Refused, in names, while the pair has no contact (rules/turn/contact.py traces it)."""
    if rel.between(a, b) is None:
        raise RuleError(dip.INTEL, f"{_name(c, a)} and {_name(c, b)} have no contact: no path of their own or known "
                                   "powers' systems joins them yet (traced when the Turn Orders begin)")


def _name(c: Campaign, p: str) -> str:
    pw = c.power(p)
    return pw.name if pw is not None else p


def _log(new: Campaign, rule: str, text: str) -> None:
    new.log.append(LogEntry(turn=new.turn, rule=rule, text=text))


PREVIEW = "no roll now: the GM rolls the d100 when the turn runs"
"""The end of a break's or declaration's line on a sealed file's scratch copy (``preview``)."""


def order(c: Campaign, kind: str, raw: Any, preview: bool = False) -> Campaign:
    """One diplomacy order (the module doc); an illegal one raises and changes nothing. ``preview``
    (a sealed orders file checked on the player's copy, rules/turn/sealed_orders.py): a break or
    declaration is checked and its odds logged, its Intel Points spent, but nothing is rolled and no
    treaty changes - the d100 that counts is rolled once, on the campaign's dice, when the GM runs
    the turn; a second attempt against the same power in the file is refused (it would hang on a
    roll not made yet)."""
    if kind == "propose":
        return _propose(c, _fields(raw, kind, {"power", "to", "treaty"}))
    if kind in ("accept", "reject"):
        return _answer(c, _fields(raw, kind, {"power", "from", "treaty"}), kind == "accept")
    if kind == "break":
        return _attempt(c, _fields(raw, kind, {"power", "with", "treaty"}), "with", "treaty", preview)
    if kind == "declare":
        return _attempt(c, _fields(raw, kind, {"power", "against", "declaration"}), "against", "declaration", preview)
    raise IllegalAnswer(dip.INTEL, f"no diplomacy order {kind!r}: one of {', '.join(ORDERS)}")


def _propose(c: Campaign, raw: dict[str, Any]) -> Campaign:
    a, b, t = raw["power"], raw["to"], _treaty(raw["treaty"])
    _powers(c, a, b)
    rel = relations(c)
    _contact(c, rel, a, b)
    why = tr.why_not_sign(rel, t, a, b, consenting=rel.alliance_of(a) | rel.alliance_of(b))
    if why is not None:
        raise RuleError(dip.INTEL, f"{_name(c, a)} cannot propose the {t.title} to {_name(c, b)}: {why}")
    if any(p.by == a and p.to == b and p.treaty == t.name.lower() for p in c.proposals):
        raise RuleError(dip.INTEL, f"{_name(c, a)} already proposed the {t.title} to {_name(c, b)}")
    new = c.model_copy(deep=True)
    new.proposals.append(Proposal(treaty=t.name.lower(), by=a, to=b, turn=c.turn))
    _log(new, dip.INTEL, f"{_name(c, a)} proposes the {t.title} to {_name(c, b)}")
    return new


def _answer(c: Campaign, raw: dict[str, Any], accept: bool) -> Campaign:
    b, a, t = raw["power"], raw["from"], _treaty(raw["treaty"])
    _powers(c, a, b)
    found = [i for i, p in enumerate(c.proposals) if p.by == a and p.to == b and p.treaty == t.name.lower()]
    if not found:
        raise RuleError(dip.INTEL, f"{_name(c, a)} proposed no {t.title} to {_name(c, b)}")
    new = c.model_copy(deep=True)
    del new.proposals[found[0]]
    if not accept:
        _log(new, dip.INTEL, f"{_name(c, b)} rejects the {t.title} {_name(c, a)} proposed")
        return new
    rel = relations(c)
    consenting = {p.by for p in c.proposals if p.treaty == "alliance" and p.to == b} | {a, b}
    why = tr.why_not_sign(rel, t, a, b, consenting)
    if why is not None:
        raise RuleError(dip.INTEL, f"the {t.title} between {_name(c, a)} and {_name(c, b)} cannot be signed: {why}")
    after = tr.sign(rel, t, a, b, consenting)
    _record(new, a, b).facts = []  # Exhibit B: "All modifiers apply if they occurred since the last successful
    _store(new, rel, after)        # diplomatic action" - this one
    _log(new, dip.INTEL, f"{_name(c, b)} accepts: {_name(c, a)} and {_name(c, b)} sign the {t.title}"
         + (" (Normal Relations restored)" if t is Treaty.ARMISTICE else ""))
    return new


def partners_struck(rel: tr.Relations, by: str, reached: tuple[str, ...], declaration: Treaty) -> list[tuple[str, str]]:
    """Exhibit B's "Power has declared hostilities/war on a mutual defense treaty member" (+90 to break),
    "... declared war on a mutual defense treaty member" (+30 to declare) and "... hostilities/war on a
    peace treaty member" (+50 / +10): each power with a Mutual Defense or Peace Treaty (before the
    declaration) with a power declared on counts it against ``by``, the declarer (a Mutual Defense
    Treaty needs Peace, so its partner also counts the peace row: non-cumulative, the highest counts).
    The declarer's own partners among those declared on count it too. A power with no contact with
    the declarer keeps nothing (its pair's record would be contact). Pairs (power, fact), sorted."""
    out: set[tuple[str, str]] = set()
    for key, ts in rel.pairs.items():
        if Treaty.PEACE not in ts and Treaty.MUTUAL_DEFENSE not in ts:
            continue
        for z in key:
            p = next(iter(key - {z}))  # z's partner in this treaty
            if p not in reached:
                continue
            who = p if z == by else z  # the declarer's own partner declared on, or a third power
            if who != p and rel.between(by, who) is None:
                continue
            out.add((who, "declared_on_peace_member"))
            if Treaty.MUTUAL_DEFENSE in ts:
                out.add((who, "declared_on_mdt_member"))
                if declaration is Treaty.WAR:
                    out.add((who, "declared_war_on_mdt_member"))
    return sorted(out)


def _attempt(c: Campaign, raw: dict[str, Any], other_key: str, what_key: str, preview: bool = False) -> Campaign:
    a, b, t = raw["power"], raw[other_key], _treaty(raw[what_key])
    intel = raw.get("intel", 0)
    _powers(c, a, b)
    rel = relations(c)
    _contact(c, rel, a, b)
    now = rel.between(a, b) or frozenset()
    declaring = what_key == "declaration"
    if declaring and t not in dip.DECLARATIONS:
        raise IllegalAnswer(dip.INTEL, f"a declaration is hostilities or war, not {raw[what_key]!r}")
    if not declaring and (t not in now or t in dip.DECLARATIONS):
        raise RuleError(dip.INTEL, f"no {t.title} stands between {_name(c, a)} and {_name(c, b)} to break")
    if declaring and t in now:
        raise RuleError(dip.INTEL, f"a {t.title} already stands between {_name(c, a)} and {_name(c, b)}")
    eco = (c.power(a) or c.powers[0]).economy or PowerEconomy()
    if intel > eco.intel_points:
        raise RuleError(dip.INTEL, f"{_name(c, a)} holds {eco.intel_points} Intel Points, not {intel}")
    odds = chance(c, a, b, t, intel)
    if not odds.possible:
        raise RuleError(dip.EXHIBIT_B, odds.words())
    new = c.model_copy(deep=True)
    if intel:
        pw = new.power(a)
        assert pw is not None
        pw.economy = eco.model_copy(update={"intel_points": eco.intel_points - intel})
    team = c.team_of_power(a)  # an attempt is a Turn Order: its odds (Intel Points spent) are its Team's
    head = f"{_name(c, a)} against {_name(c, b)}: "
    if preview:
        if any(e.turn == c.turn and e.rule == dip.EXHIBIT_B and e.text.startswith(head) and e.text.endswith(PREVIEW)
               for e in c.log):
            raise RuleError(dip.INTEL, f"one break or declaration against {_name(c, b)} in a sealed orders file: "
                                       "the GM rolls its d100 when the turn runs, and another would hang on it")
        new.log.append(LogEntry(turn=new.turn, rule=dip.EXHIBIT_B, secret_of=[team.id if team else GM],
                                text=f"{head}{odds.words()}; {PREVIEW}"))
        return new
    roll = DiceRoller(c.dice_seed * 7_727 + c.turn * 104_723 + len(c.log)).roll(
        "1d100", purpose=f"{a} {odds.action}", rule=dip.EXHIBIT_B, who=GM).natural
    ok = odds.succeeds(roll)
    tp = _record(new, a, b)
    if ok:  # "All modifiers apply if they occurred since the last successful diplomatic action": this one
        tp.facts = []
    new.log.append(LogEntry(turn=new.turn, rule=dip.EXHIBIT_B, secret_of=[team.id if team else GM], text=(
        f"{head}{odds.words()}; d100 {roll}: " + ("succeeds" if ok else "fails"))))
    if not ok:
        tp.facts.append(PairFact(fact="last_attempt_failed", by=a, turn=c.turn))
        return new
    if declaring:
        after, reached = tr.declare(rel, t, a, b)
        for p in reached:  # the cascade declares on each: a successful action with each
            _record(new, a, p).facts = []
        for p, mark in partners_struck(rel, a, reached, t):
            _record(new, a, p).facts.append(PairFact(fact=mark, by=a, turn=c.turn))
        _store(new, rel, after)
        names = ", ".join(_name(c, p) for p in reached)
        _log(new, dip.INTEL, f"{_name(c, a)} declares {t.title.split(' of ')[1]} on {names}: every treaty with "
                             + ("them" if len(reached) > 1 else "it") + " is broken"
                             + (" (the alliance cascade)" if len(reached) > 1 else ""))
    else:
        after = tr.withdraw(rel, t, a, b)
        gone = [x.title for x in Treaty if x in now and x not in (after.between(a, b) or frozenset())]
        tp.facts += [PairFact(fact="you_broke_treaty", by=a, turn=c.turn),
                     PairFact(fact="broke_treaty_with_you", by=a, turn=c.turn)]
        _store(new, rel, after)
        _log(new, dip.INTEL, f"{_name(c, a)} breaks with {_name(c, b)}: {', '.join(gone)} ended")
    return new
