"""b5 ELINT as engine steps (seed 003 ELINT Abilities): each side gives, in secret with its plots,
the orders of each of its ELINT ships, one level each unless noted: lend offensive support (its
squadron's sensors +1 at an enemy squadron whose commander is within 20 hexes of its own, commander
to commander, when fire begins), lend defensive support (its squadron's Def +1; never jammed), jam
fire control (two enemy ships a level, within 25 hexes when they fire: one range bracket further),
jam enemy ELINT (one level of one enemy ELINT ship within 35 hexes a level), jam the enemy command
network (a ship 1 level, a squadron commander 2, the flagship 4: out of command for the turn, the
ship, its squadron or the whole fleet; lost for the rest of the turn once beyond 15 hexes; the
jamming ship may be fired at without the bypass penalty). Squadron support needs the squadron in
command. Readings (docs/b5.md): a jammed ship loses its orders from the last given, each jam level
one (an order of more levels fails whole); all jams act on the orders as given; several ships may
pool their levels for one order (``with SHIP, SHIP``: the ordering ship pays what it has free, the
ships named the rest, each then within the order's range). Damage to the ELINT Systems: each 'S' box
of the sensor track marked loses a level (rules/systems/b5/damage.py places them); orders given for
more levels than are left fail from the last given, and orders lent levels it no longer has fail whole.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.battlehex.words import plural, possessive
from rules.systems.b5 import command, damage, deploy

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

RULE = "B5 ELINT Abilities"
OFFENSIVE, DEFENSIVE, JAM_FC, JAM_ELINT, JAM_COMMAND = ("offensive", "defensive", "jam fire control",
                                                        "jam elint", "jam command")
ABILITIES = (OFFENSIVE, DEFENSIVE, JAM_FC, JAM_ELINT, JAM_COMMAND)
S_BOX = "S"
"""The key of :attr:`B5Engine.hits` counting a ship's 'S' boxes marked (ELINT levels lost)."""
PRIORITY = 15
"""ELINT Priority Support: the supported squadron's command ship within 15 hexes of the flagship."""
RANGE = {JAM_FC: command.ELINT_RANGE["jam fire control"], JAM_ELINT: command.ELINT_RANGE["jam elint"],
         JAM_COMMAND: command.ELINT_RANGE["jam command"], OFFENSIVE: command.ELINT_RANGE["offensive support"]}


@dataclass(frozen=True, slots=True)
class Order:
    """One ELINT order of ship ``ship``: its ability, the enemy ships it names, the levels it costs."""

    ship: str
    ability: str
    targets: tuple[str, ...] = ()
    levels: int = 1
    squadron: str = ""
    """Support lent to another squadron of its side (ELINT Priority Support), not its own."""
    lent: tuple[tuple[str, int], ...] = ()
    """Other ELINT ships of its side pooling levels for this order, and how many each pays."""

    @property
    def own(self) -> int:
        """The levels the ordering ship pays itself."""
        return self.levels - sum(n for _x, n in self.lent)


def ships(self: B5Engine, team: str) -> list[str]:
    """``team``'s ELINT ships on the board."""
    return [x for x in self.side_units(team) if x in self.at and self.units[x].status is Status.PRESENT
            and self.data(x).elint > 0]


def _enemy(self: B5Engine, team: str, word: str) -> str:
    word = word.strip().lower()
    found = [x for x in self.side_units(self.enemy(team)) if x in self.at and self.units[x].status is Status.PRESENT
             and word in (x.lower(), self.units[x].unit.name.lower())]
    if not found:
        raise IllegalAnswer(RULE, f"{shown(word)} is no enemy ship on the board")
    return found[0]


def read(self: B5Engine, uid: str, a: Any) -> tuple[Order, ...]:
    """An ELINT answer: orders separated by ``;`` (``none`` or empty: no order), such as
    ``offensive; jam fire control LSS Pride, LSS Fang; jam command R-F2``."""
    if not isinstance(a, str):
        raise IllegalAnswer(RULE, f"ELINT orders such as \"offensive; jam fire control SHIP, SHIP\", not {shown(a)}")
    team = self.units[uid].team
    out: list[Order] = []
    for part in (p.strip() for p in a.split(";")):
        if part.lower() in ("", "none"):
            continue
        ability = next((x for x in ABILITIES if part.lower().startswith(x)), "")
        rest = part[len(ability):].strip()
        cut = f" {rest.lower()}".find(" with ")  # several ships pooling levels: "ORDER with SHIP, SHIP"
        rest, pool = (rest[:max(0, cut - 1)].strip(), rest[cut + 5:]) if cut >= 0 else (rest, "")
        if ability in (OFFENSIVE, DEFENSIVE) and rest.lower().startswith("for "):
            out.append(Order(uid, ability, squadron=_priority(self, uid, rest[4:].strip())))
            continue
        if not ability or ability in (OFFENSIVE, DEFENSIVE) and rest:
            raise IllegalAnswer(RULE, f"an order is one of {', '.join(ABILITIES)} (with its ships), not {shown(part)}")
        targets = tuple(_enemy(self, team, w) for w in rest.split(",")) if rest else ()
        if ability in (JAM_FC, JAM_ELINT, JAM_COMMAND) and not targets:
            raise IllegalAnswer(RULE, f"{ability} names the enemy ship{'s' if ability == JAM_FC else ''} it jams")
        if len(targets) > (2 if ability == JAM_FC else 0 if ability in (OFFENSIVE, DEFENSIVE) else 1):
            raise IllegalAnswer(RULE, f"one level of {ability} jams {'two ships' if ability == JAM_FC else 'one ship'}"
                                      f", not {len(targets)}")
        if ability == JAM_ELINT and self.data(targets[0]).elint <= 0:
            raise IllegalAnswer(RULE, f"{self.units[targets[0]].unit.name} has no ELINT to jam")
        out.append(Order(uid, ability, targets, _levels(self, ability, targets)))
        if pool:
            out[-1] = _pool(self, uid, out[-1], pool, out[:-1])
    have, lent = self.data(uid).elint, _lent(self, uid)
    if sum(o.own for o in out) > have - lent:
        raise IllegalAnswer(RULE, f"{self.units[uid].unit.name} has {have} ELINT level{'s' if have != 1 else ''}"
                                  + (f", {lent} lent to other orders:" if lent else ",")
                                  + f" not the {sum(o.own for o in out)} these orders need (jam command: 1 a ship, "
                                  "2 a squadron commander, 4 the flagship; several ships may pool levels: "
                                  "\"jam command SHIP with SHIP\")")
    return tuple(out)


def _lent(self: B5Engine, uid: str) -> int:
    """The levels ``uid`` lends this turn to other ships' orders given so far."""
    return sum(n for ship, orders in self.elint.items() if ship != uid for o in orders for x, n in o.lent if x == uid)


def _free(self: B5Engine, uid: str) -> int:
    """``uid``'s ELINT levels not yet spent this turn (its own orders, if given, and levels lent)."""
    return self.data(uid).elint - sum(o.own for o in self.elint.get(uid, ())) - _lent(self, uid)


def _pool(self: B5Engine, uid: str, o: Order, words: str, before: list[Order]) -> Order:
    """ELINT Abilities: "several ELINT ships whose levels are less individually but combine to meet
    the level requirements": ``uid`` pays what it has free after its orders before this one, the
    ships named (other ELINT ships of its side on the board) the rest, in the order named."""
    team = self.units[uid].team
    helpers = []
    for w in (w.strip().lower() for w in words.split(",")):
        found = [x for x in ships(self, team) if x != uid and w in (x.lower(), self.units[x].unit.name.lower())]
        if not found or found[0] in helpers:
            raise IllegalAnswer(RULE, f"{shown(w)} is no other ELINT ship of {self.name(team)} on the board (or named "
                                      "twice)")
        helpers.append(found[0])
    left = o.levels - max(0, min(o.levels, self.data(uid).elint - _lent(self, uid) - sum(b.own for b in before)))
    lent: list[tuple[str, int]] = []
    for x in helpers:
        n = min(left, _free(self, x))
        if n <= 0:
            raise IllegalAnswer(RULE, f"{self.units[x].unit.name} has no ELINT level free for {o.ability}"
                                + ("" if left else f": {self.units[uid].unit.name} pays all {o.levels} itself"))
        lent.append((x, n))
        left -= n
    if left:
        raise IllegalAnswer(RULE, f"{o.ability} needs {o.levels} levels: not enough between "
                                  f"{self.units[uid].unit.name} and " + ", ".join(self.units[x].unit.name
                                                                                   for x in helpers))
    return Order(o.ship, o.ability, o.targets, o.levels, o.squadron, tuple(lent))


def _priority(self: B5Engine, uid: str, name: str) -> str:
    """ELINT Priority Support: the admiral orders an ELINT ship of the flag squadron to support
    another squadron of its side (``offensive for SQUADRON``)."""
    from rules.systems.b5 import abilities
    force = self.forces[self.units[uid].team]
    flag = force.squadron_of(force.flagship)
    if "elint priority support" not in abilities.bought(self, force.flagship):
        raise IllegalAnswer(RULE, "support for another squadron needs the fleet admiral's ELINT Priority Support")
    if flag is None or uid not in flag.ships:
        raise IllegalAnswer(RULE, f"ELINT Priority Support orders an ELINT ship of the flag squadron, not "
                                  f"{self.units[uid].unit.name}")
    found = [s.name for s in force.squadrons if s.name.lower() == name.lower() and s.name != flag.name]
    if not found:
        raise IllegalAnswer(RULE, f"{shown(name)} is no other squadron of {self.name(self.units[uid].team)}")
    return found[0]


def _levels(self: B5Engine, ability: str, targets: tuple[str, ...]) -> int:
    if ability != JAM_COMMAND:
        return 1
    t = targets[0]
    force = self.forces[self.units[t].team]
    return command.JAM_COMMAND_LEVELS["flagship" if t == force.flagship else "command ship"
                                      if any(s.command == t for s in force.squadrons) else "ship"]


def question(self: B5Engine, uid: str) -> Question:
    """``uid``'s side gives its ELINT orders for the turn, in secret with its plots."""
    team = self.units[uid].team
    name = self.units[uid].unit.name

    def check(a: Any) -> tuple[Order, ...]:
        return read(self, uid, a)
    return Question(f"b5/{self.round}/elint/{uid}", QKind.LABEL, team, RULE,
                    f"{self.name(team)}: {possessive(name)} ELINT orders for turn {self.round} ("
                    f"{plural(self.data(uid).elint, 'level')}; in secret): offensive, defensive (with ELINT Priority Support: offensive for "
                    "SQUADRON), jam fire control SHIP, SHIP, jam elint SHIP, jam command SHIP, separated by ';' "
                    "(none: no order); \"with SHIP\" after an order: other ELINT ships lend it levels", data={"secret": True, "unit": uid, "elint": uid},
                    check=check, default="none")


def reveal(self: B5Engine) -> None:
    """The orders revealed with the plots: jammed ELINT loses its orders (from the last given, a
    level a jam level; defensive support is never jammed), ranges checked, networks jammed."""
    cut: dict[str, int] = {}
    for orders in self.elint.values():
        for o in orders:
            if o.ability == JAM_ELINT and _near(self, o.ship, o.targets[0], JAM_ELINT):
                cut[o.targets[0]] = cut.get(o.targets[0], 0) + 1
    live: dict[str, tuple[Order, ...]] = {}
    for uid, orders in self.elint.items():
        kept = list(orders)
        for _ in range(cut.get(uid, 0)):
            jammable = [o for o in kept if o.ability != DEFENSIVE]
            if jammable:
                kept.remove(jammable[-1])
        for o in orders:
            said = f"{possessive(self.units[uid].unit.name)} ELINT: {_words(self, o)}"
            if o not in kept:
                self.log.add("ruling", RULE, said + ": jammed, fails", {"unit": uid})
            elif o.ability in (JAM_ELINT, JAM_COMMAND) and not _all_near(self, o):
                kept.remove(o)
                self.log.add("ruling", RULE, f"{said}: beyond {RANGE[o.ability]} hexes, fails", {"unit": uid})
            elif o.squadron and not _priority_holds(self, uid, o):
                kept.remove(o)
                self.log.add("ruling", RULE, f"{said}: {possessive('squadron ' + o.squadron)} command ship is beyond {PRIORITY} hexes "
                                             "of the flagship, or the admiral has used an ability this turn: fails",
                             {"unit": uid})
            else:
                self.log.add("ruling", RULE, said, {"unit": uid})
        live[uid] = tuple(kept)
    self.elint = live
    self.elint_ooc = {}
    for uid, orders in live.items():
        for o in orders:
            if o.ability == JAM_COMMAND:
                _jam_network(self, o)


def _all_near(self: B5Engine, o: Order) -> bool:
    """The ordering ship and every ship pooling levels for it within the order's range of its target."""
    return all(_near(self, x, o.targets[0], o.ability) for x in (o.ship, *(x for x, _n in o.lent)))


def _words(self: B5Engine, o: Order) -> str:
    names = ", ".join(self.units[t].unit.name for t in o.targets)
    pooled = "".join(f", {n} of them lent by {self.units[x].unit.name}" for x, n in o.lent)
    return (o.ability + (f" {names}" if names else "") + (f" ({o.levels} levels{pooled})" if o.levels > 1 else "")
            + (f" for squadron {o.squadron} (ELINT Priority Support)" if o.squadron else ""))


def _priority_holds(self: B5Engine, uid: str, o: Order) -> bool:
    """ELINT Priority Support at the reveal: the squadron's command ship within 15 hexes of the
    flagship, and the admiral's one ability this turn."""
    from rules.systems.b5 import abilities
    force = self.forces[self.units[uid].team]
    s = next((x for x in force.squadrons if x.name == o.squadron), None)
    if s is None or force.flagship not in self.at or s.command not in self.at or \
            deploy.distance(self.at[force.flagship], self.at[s.command]) > PRIORITY:
        return False
    done = any(turn == self.round and a == "elint priority support" for turn, a in self.used.get(force.flagship, []))
    return done or abilities.use(self, force.flagship, "elint priority support")


def _near(self: B5Engine, a: str, b: str, ability: str) -> bool:
    return a in self.at and b in self.at and deploy.distance(self.at[a], self.at[b]) <= RANGE[ability]


def _jam_network(self: B5Engine, o: Order) -> None:
    """A jammed ship out of command for the turn: the ship; a squadron commander, its squadron; the
    flagship, the whole fleet."""
    t = o.targets[0]
    force = self.forces[self.units[t].team]
    if t == force.flagship:
        hit = [x for x in self.side_units(self.units[t].team) if x in self.at]
    else:
        sq = next((s for s in force.squadrons if s.command == t), None)
        hit = [x for x in sq.ships if x in self.at] if sq else [t]
    fresh = tuple(x for x in hit if x not in self.out_of_command)
    self.elint_ooc[f"{o.ship}>{t}"] = fresh
    self.out_of_command.update(fresh)
    if fresh:
        self.log.add("ruling", RULE, "out of command this turn (command network jammed): "
                     + ", ".join(self.units[x].unit.name for x in fresh), {"unit": t})


def keep_range(self: B5Engine) -> None:
    """After a pulse's moves: a network jam whose ships are beyond 15 hexes is lost for the turn."""
    for uid, orders in list(self.elint.items()):
        for o in orders:
            if o.ability == JAM_COMMAND and not _all_near(self, o):
                back = self.elint_ooc.pop(f"{uid}>{o.targets[0]}", ())
                self.out_of_command.difference_update(back)
                self.elint[uid] = tuple(x for x in self.elint[uid] if x != o)
                self.log.add("ruling", RULE, f"{possessive(self.units[uid].unit.name)} jamming of "
                                             f"{self.units[o.targets[0]].unit.name} is lost for the turn (beyond 15 "
                                             "hexes)" + (": back in command: " + ", ".join(
                                                 self.units[x].unit.name for x in back) if back else ""))


def _support(self: B5Engine, uid: str, ability: str) -> bool:
    """``uid``'s squadron has ``ability`` from one of its ELINT ships, in command."""
    team = self.units[uid].team
    sq = self.forces[team].squadron_of(uid)
    if sq is None or self.lost_commands.get(sq.name) == self.round - 1:
        return False
    return any(o.ability == ability and (o.squadron == sq.name if o.squadron else o.ship in sq.ships)
               and o.ship not in self.out_of_command and self.units[o.ship].status is Status.PRESENT
               for orders in self.elint.values() for o in orders)


def supported(self: B5Engine, s: Any) -> bool:
    """Squadron ``s`` has ELINT support this turn (offensive or defensive; the move priorities)."""
    return any(_support(self, s.command, a) for a in (OFFENSIVE, DEFENSIVE))


def sensor_bonus(self: B5Engine, firer: str, target: str) -> int:
    """Offensive support: +1 when the target's squadron commander is within 20 hexes of the firer's."""
    if not _support(self, firer, OFFENSIVE):
        return 0
    mine = self.forces[self.units[firer].team].squadron_of(firer)
    theirs = self.forces[self.units[target].team].target_group(target)
    a, b = (mine.command if mine else firer), (theirs.command if theirs else target)
    return int(a in self.at and b in self.at and deploy.distance(self.at[a], self.at[b]) <= RANGE[OFFENSIVE])


def defence_bonus(self: B5Engine, target: str) -> int:
    """Defensive support: the target's squadron's Def +1."""
    return int(_support(self, target, DEFENSIVE))


def jammed(self: B5Engine, firer: str) -> int:
    """Fire-control jamming: one range bracket further for ``firer`` (a jamming ship within 25)."""
    return int(any(o.ability == JAM_FC and firer in o.targets and _near(self, o.ship, firer, JAM_FC)
                   and self.units[o.ship].status is Status.PRESENT for orders in self.elint.values() for o in orders))


def lit(self: B5Engine, target: str) -> bool:
    """A ship jamming a command network is lit up: fired at without the bypass penalty."""
    return any(o.ability == JAM_COMMAND for o in self.elint.get(target, ()))


def damaged(self: B5Engine, uid: str) -> None:
    """Damage to the ELINT Systems, after a shot is marked on ``uid``: "Each time one of these boxes
    is marked as damaged, the ship will lose one level of its ELINT ability". Its orders this turn
    beyond the levels left fail from the last given (any order: damage is not jamming), then the
    orders of other ships it lends levels it no longer has (whole, the last given first); a jammed
    network they held comes back in command."""
    base = self.units[uid].unit.b5
    if base is None or not base.elint:
        return
    hits = self.hits.setdefault(uid, {})
    lost, before = damage.elint_lost(base, hits.get("sensor", 0)), hits.get(S_BOX, 0)
    if lost <= before:
        return
    hits[S_BOX] = lost  # (the 'S' boxes marked, logged; data() counts them from the sensor boxes)
    name, left = self.units[uid].unit.name, base.elint - lost
    boxes = "an 'S' box" if lost - before == 1 else f"{lost - before} 'S' boxes"
    self.log.add("ruling", RULE, f"{name}: {boxes} of its sensor track marked: ELINT level {left} now (of "
                                 f"{base.elint})", {"unit": uid})
    why = f"{name} has {left} ELINT level{'s' if left != 1 else ''} left"
    while self.elint.get(uid) and sum(o.own for o in self.elint[uid]) + _lent(self, uid) > left:
        _fail(self, uid, self.elint[uid][-1], why)
    while _lent(self, uid) > left:
        owner, o = [(x, o) for x, orders in self.elint.items() for o in orders if any(y == uid for y, _n in o.lent)][-1]
        _fail(self, owner, o, why)


def _fail(self: B5Engine, uid: str, o: Order, why: str) -> None:
    """``uid``'s order ``o`` fails for the rest of the turn (ELINT lost to damage)."""
    self.elint[uid] = tuple(x for x in self.elint[uid] if x != o)
    back = self.elint_ooc.pop(f"{uid}>{o.targets[0]}", ()) if o.ability == JAM_COMMAND else ()
    self.out_of_command.difference_update(back)
    self.log.add("ruling", RULE, f"{possessive(self.units[uid].unit.name)} ELINT: {_words(self, o)}: fails ({why})"
                 + (": back in command: " + ", ".join(self.units[x].unit.name for x in back) if back else ""),
                 {"unit": uid})
