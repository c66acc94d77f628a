"""Seed 002's Shipboard Melee Combat: from the segment after a boarding party beams on, a melee phase
(between the Firing and the Repair / Repower Phases) compares the two sides' Total Melee Strengths
(the persons committed times the Melee Strength Modifiers, 1/2 rounded up) on the Melee Combat Table
(odds rounded in the defender's favour; worse than 1/5 the attackers, better than 6/1 the defenders
give up at once), each side losing its percent (at least 1 person for any loss); then each side's
morale roll (6 plus the Melee Morale modifiers; D10 at or under it, 1 always passes, 10 or more: no
roll): one failure Shaken, a second Surrender. Defenders who surrender give up the ship. A boarding
party may put 10 persons to shutting the ship's power down: D10 1.

Readings: the boarded ship commits up to 20% of its original crew a phase (its crew aboard, less any
already fighting); the odds modifiers are read as the side facing them: the attackers -2 at odds 1/3
or worse for them, the defenders -2 at 3/1 or worse for them; reinforcements (+1) are the defenders'
added this phase; "cut off" (-1 to the boarders) is asked of the GM each phase; step a's losses are
the rise of the boarded ship's Percent Casualties Track since the last phase (its melee losses aside);
marines and military passengers fight beside the crew (:mod:`.troops`: each group's strength by its
rows, rounded, then added; a side's losses taken first from the kind its owner chooses, the Melee Combat
Table's "personnel of the owning player's choice"); the defending crew's losses go on the boarded ship's
Percent Casualties Track, its marines' never. Step b: the boarded ship adds up to 20% of its original
crew and up to 40% of its original marines a phase, or takes some back (a negative number: back to their
stations). Its crew resting aboard off their stations (a boarding party waiting in the transporter rooms, boarders
back aboard: :func:`.parties.resting`) are its crew aboard and may join, within the same 20% a phase, drawn first
(already off its track); taken back or the melee over, they are back at their stations the turn after (removed from
a boarding party), those from the stations at once. "Operational" (told it is boarded) reads its crew aboard the
same way (at their stations or off them), so its side's secret party never shows to the boarders. A side that
withdraws (asked of each in secret every phase) ends the melee; the defenders withdrawing leave the ship to the
boarders (taken).
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.model.stcs import Nation
from rules.systems.stcs import casualties, parties, troops
from rules.systems.stcs.troops import CREW, MARINES, PASSENGERS

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Shipboard Melee Combat"
BOARD = "STCS Boarding Operations"
ODDS = (Fraction(1, 5), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(1),
        Fraction(3, 2), Fraction(2), Fraction(3), Fraction(4), Fraction(5), Fraction(6))
"""The Melee Combat Table's columns, attacker / defender."""
_ROWS = {
    1: "50/0 40/5 30/0 25/5 20/0 20/0 20/5 15/5 10/5 10/5 10/0 10/0",
    2: "40/5 30/0 20/5 15/0 15/5 15/0 15/5 10/5 5/0 0/0 0/5 5/10",
    3: "30/0 20/5 15/0 15/5 10/0 10/0 10/5 5/0 0/0 0/5 5/10 0/10",
    4: "20/5 15/0 15/5 10/0 10/5 5/0 5/0 0/0 0/5 5/10 0/10 5/15",
    5: "15/0 15/5 10/0 10/5 5/0 0/0 0/0 0/5 5/10 0/10 5/15 0/15",
    6: "15/5 10/0 10/5 5/0 0/0 0/0 0/5 5/10 0/10 5/15 0/15 5/20",
    7: "10/0 10/5 5/0 0/0 0/5 0/5 5/10 0/10 5/15 0/15 5/20 0/20",
    8: "10/5 5/0 0/0 0/5 5/10 0/10 0/10 5/15 0/15 5/20 0/20 5/30",
    9: "5/0 0/0 0/5 5/10 5/15 0/15 5/15 0/15 5/20 0/20 5/30 0/40",
    10: "0/10 5/10 5/10 5/15 5/20 0/20 0/15 5/20 0/25 5/30 0/40 5/50"}
TABLE: dict[int, tuple[tuple[int, int], ...]] = {
    f: tuple((int(a), int(d)) for a, d in (c.split("/") for c in row.split())) for f, row in _ROWS.items()}
"""Per D10 face (0 reads 10), per column: the attackers' and the defenders' percent losses."""
MORALE = 6
SHAKEN, SURRENDER = "Shaken", "Surrender"
SHUTDOWN = 10
"""Persons a boarding party puts to shutting down the power (not in the combat values)."""
ADD_MOST = 20
"""Percent of its original crew a boarded ship may add to a melee each phase."""
Procedure = Generator[Question, Any, None]


@dataclass
class Melee:
    """A melee aboard a boarded ship: the boarders, the defenders fighting, each side's morale."""

    attackers: int
    team: str
    home: str
    """The ship the boarders came from (its Crew Efficiency and nation)."""
    since: int
    """The segment the boarders beamed on."""
    defenders: int = 0
    morale: tuple[str, str] = ("Good", "Good")
    fought: int = 0
    """The last segment a melee phase was fought."""
    track: int = 0
    """The boarded ship's Percent Casualties Track after the last melee phase (step a reads its rise)."""
    marines: int = 0
    """The boarders' marines (``attackers`` are the boarders of its crew)."""
    passengers: int = 0
    """The boarders' military passengers."""
    guards: int = 0
    """The boarded ship's own marines fighting (``defenders`` are its crew fighting)."""
    rested: int = 0
    """Of ``defenders``, those drawn from its crew resting off their stations (:func:`.parties.draw`)."""

    def side(self, defending: bool) -> dict[str, int]:
        """A side's persons by kind (the kinds it has)."""
        g = {CREW: self.defenders, MARINES: self.guards} if defending else {
            CREW: self.attackers, MARINES: self.marines, PASSENGERS: self.passengers}
        return {k: n for k, n in g.items() if n > 0}

    def lose(self, defending: bool, lost: dict[str, int]) -> None:
        """Takes ``lost`` persons by kind off a side."""
        if defending:
            self.defenders -= lost.get(CREW, 0)
            self.guards -= lost.get(MARINES, 0)
            self.rested = min(self.rested, self.defenders)  # losses fall on those from the stations first
        else:
            self.attackers -= lost.get(CREW, 0)
            self.marines -= lost.get(MARINES, 0)
            self.passengers -= lost.get(PASSENGERS, 0)

    def total(self, defending: bool) -> int:
        return sum(self.side(defending).values())


def quality(efficiency: int) -> Fraction:
    """Melee Strength for Crew Quality: CE 44 or less 0.8, 45-90 1.0, 91 or more 1.2."""
    return Fraction(4, 5) if efficiency <= 44 else Fraction(1) if efficiency <= 90 else Fraction(6, 5)


def strength(n: int, efficiency: int, klingon: bool, own_ship: bool, first_phase: bool, shaken: bool) -> int:
    """The Total Melee Strength of ``n`` persons: times every modifier that applies, 1/2 rounded up."""
    m = quality(efficiency) * (Fraction(11, 10) if klingon else 1) * (1 if own_ship else Fraction(9, 10)) \
        * (Fraction(4, 5) if first_phase else 1) * (Fraction(4, 5) if shaken else 1)
    return int(n * m + Fraction(1, 2))


def side_strength(groups: dict[str, int], efficiency: int, nation: Nation, own_ship: bool, first_phase: bool,
                  shaken: bool) -> int:
    """A side's Total Melee Strength: each kind's persons times its modifiers, 1/2 rounded up, added."""
    phase = (Fraction(4, 5) if first_phase else 1) * (Fraction(4, 5) if shaken else 1)
    return sum(int(n * troops.factor(k, efficiency, nation, own_ship) * phase + Fraction(1, 2))
               for k, n in groups.items())


def best_morale(kinds: list[str], efficiency: int, nation: Nation, own_ship: bool) -> int:
    """The base morale (6) and the best kind's own modifiers ("the rolling side may pick the type of personnel
    which will generate the best value")."""
    return MORALE + max(troops.morale_bonus(k, efficiency, nation, own_ship) for k in kinds)


def column(attack: int, defend: int) -> int | None:
    """The odds column, rounded in the defender's favour: -1 below 1/5 (the attackers give up), None above 6/1
    (the defenders give up)."""
    if defend == 0:
        return None
    r = Fraction(attack, defend)
    if r > ODDS[-1]:
        return None
    return max((i for i, c in enumerate(ODDS) if c <= r), default=-1)


def losses(n: int, pct: int) -> int:
    """Persons lost of ``n`` at ``pct`` percent: at least 1 for any loss."""
    return min(n, max(1, n * pct // 100)) if pct and n else 0


def morale_score(efficiency: int, own_ship: bool, klingon: bool, shaken: bool, reinforced: bool,
                 bad_odds: bool) -> int:
    """The Modified Melee Morale Score."""
    return (MORALE + (-1 if efficiency <= 44 else 0 if efficiency <= 90 else 1) + (1 if own_ship else 0)
            + (1 if klingon else 0) + (-1 if shaken else 0) + (1 if reinforced else 0) - (2 if bad_odds else 0))


def holds(score: int, d10: int) -> bool:
    """A morale roll: at or under the score, a 1 always passes."""
    return d10 == 1 or d10 <= score


# -- on the engine -----------------------------------------------------------------------------------
def begin(e: STCSEngine, x: str, y: str, n: int, kind: str = CREW) -> None:
    """``n`` boarders (of ``x``'s crew, marines or military passengers) from ``x`` beam onto ``y``."""
    team = e.units[x].team
    if y not in e.contact.melees:  # more boarders join the melee already aboard
        e.contact.melees[y] = Melee(0, team, x, e.round, track=e.casualties.get(y, 0))
    e.contact.melees[y].lose(False, {kind: -n})
    operational = casualties.crew_left(e, y) + parties.aboard(e, y) * 100 // max(1, e.data(y).crew) >= 10  # aboard
    e.log.add("ruling", BOARD, f"{e.ship(y)} is being boarded" if operational else
              f"a boarding party beams onto {e.ship(y)}", visible_to=None if operational else (team, GM))
    e.log.add("ruling", BOARD, f"{n} boarders{'' if kind == CREW else f' ({kind})'} from {e.ship(x)} beam onto "
              f"{e.ship(y)}", visible_to=(team, GM))


def due(e: STCSEngine) -> list[str]:
    """The boarded ships whose melee phase may be fought now (from the segment after the boarding)."""
    return [y for y, m in e.contact.melees.items() if m.since < e.round and m.fought < e.round and y in e.at]


def fight(e: STCSEngine, y: str) -> Procedure:
    """One melee phase aboard ``y``."""
    m = e.contact.melees[y]
    d, h = e.data(y), e.data(m.home)
    hurt = max(0, e.casualties.get(y, 0) - m.track)  # a: the ship's damage since the last phase hurts both sides
    if hurt:  # (the marines fighting for the ship were taken off those aboard by the hit: :func:`.troops.hurt`)
        both = [{k: losses(n, hurt) for k, n in m.side(i).items()} for i in (False, True)]
        m.lose(False, both[0])
        m.lose(True, both[1])
        la, ld = sum(both[0].values()), sum(both[1].values())
        e.log.add("ruling", RULE, f"damage to {e.ship(y)} since the last melee phase ({hurt}% casualties): the "
                  f"boarders lose {la}, the defenders {ld}")
    aboard = d.crew * casualties.crew_left(e, y) // 100 + parties.resting(e, y)  # at their stations or resting
    most = max(0, min(aboard, d.crew * ADD_MOST // 100))  # 20% a phase, whichever they come from
    added = int((yield _join(e, y, "defenders", "crew (at their stations or resting off them)", -m.defenders, most,
                             m.defenders)))
    _muster(e, y, m, added)
    reinforced = added > 0  # (morale: reinforcements received)
    if troops.aboard(e, y, MARINES):  # b: its marines too (up to 40% of its original a phase; none in Stasis)
        joined = int((yield _join(e, y, "defenders/marines", f"marines (40% of its {troops.carried(e, y, MARINES)} "
                                  "a phase)", -m.guards, troops.defend_most(e, y, m.guards), m.guards)))
        m.guards += joined
        reinforced = reinforced or joined > 0
    m.fought = e.round
    cut = (yield e._choose(f"stcs/{e.round}/melee/{y}/cut", RULE, f"Game Master: does {e.ship(y)} have a shield up "
                           "between itself and every ship that sent the boarders (the boarders are cut off: -1 to "
                           "their morale)?", {"no": "no", "yes": "yes: cut off"})) == "yes"
    leave = []  # c: each side decides in secret whether it withdraws (beaming off or by shuttle: 5%, at least 1)
    for side, team in (("boarders", m.team), ("defenders", e.units[y].team)):
        pick = yield e._choose(f"stcs/{e.round}/melee/{y}/withdraw/{side}", RULE, f"{e.name(team)} (in secret): do "
                               f"your {side} aboard {e.ship(y)} withdraw from the melee (5% lost, at least 1)?",
                               {"stay": "stay and fight", "withdraw": "withdraw"}, to=team, data={"secret": True})
        leave.append(pick == "withdraw")
    if any(leave):
        _withdraw(e, y, leave[0], leave[1])
        return
    first = m.since + 1 == e.round
    a_str = side_strength(m.side(False), h.crew_efficiency, h.nation, False, first, m.morale[0] == SHAKEN)
    d_str = side_strength(m.side(True), d.crew_efficiency, d.nation, True, False, m.morale[1] == SHAKEN)
    col = column(a_str, d_str)
    words = f"strength {a_str} against {d_str}"
    if col is None or col < 0:
        _ends(e, y, attackers_win=col is None, why=f"odds {'above 6/1' if col is None else 'below 1/5'} ({words})")
        return
    odds = f"{ODDS[col].numerator}/{ODDS[col].denominator}"  # the table's words: 1/1, not 1
    e.log.add("ruling", RULE, f"melee aboard {e.ship(y)} at {odds} ({words}): each D10 face 10%, boarders / "
              "defenders lost: " + ", ".join(f"{f % 10} {TABLE[f][col][0]}/{TABLE[f][col][1]}%" for f in range(1, 11)))
    die = e.dice.roll("d10", purpose=f"melee aboard {e.ship(y)} at {odds}", rule=RULE, who=m.team).total
    pa, pd = TABLE[die][col]
    la, ld = losses(m.total(False), pa), losses(m.total(True), pd)
    for defending, n, team in ((False, la, m.team), (True, ld, e.units[y].team)):
        kinds = list(m.side(defending))
        pick = kinds[0] if len(kinds) < 2 or not n else str((yield e._choose(
            f"stcs/{e.round}/melee/{y}/losses/{'defenders' if defending else 'boarders'}", RULE, f"{e.name(team)}: "
            f"which of your {'defenders' if defending else 'boarders'} aboard {e.ship(y)} take the {n} losses first "
            "(the rest from the others)?", {k: k for k in kinds}, to=team, data={"secret": True})))
        lost = troops.take(m.side(defending), n, pick)
        m.lose(defending, lost)
        if defending:  # its crew was off its track when it joined (lost: never back); its marines off those aboard
            troops.leave(e, y, MARINES, lost.get(MARINES, 0))
        if len(kinds) > 1:
            e.log.add("ruling", RULE, f"the {'defenders' if defending else 'boarders'} lost: " + ", ".join(
                f"{lost[k]} {k}" for k in kinds), visible_to=(team, GM))
    m.track = e.casualties.get(y, 0)
    e.log.add("ruling", RULE, f"melee aboard {e.ship(y)}: {words}, odds {odds}, D10 {die % 10}: boarders lose "
              f"{pa}% ({la}), defenders {pd}% ({ld}); {m.total(False)} boarders, {m.total(True)} defenders left")
    if m.total(False) == 0 or m.total(True) == 0:
        _ends(e, y, attackers_win=m.total(False) > 0, why="one side is gone")
        return
    morale = list(m.morale)
    for i, (ce, nation, own, reinforced, bad) in enumerate((
            (h.crew_efficiency, h.nation, False, False, col <= 2), (d.crew_efficiency, d.nation, True, reinforced,
                                                                     col >= 8))):
        score = best_morale(list(m.side(i == 1)), ce, nation, own) + (-1 if morale[i] == SHAKEN else 0) \
            + (1 if reinforced else 0) - (2 if bad else 0) - (1 if cut and i == 0 else 0)
        side = "boarders" if i == 0 else "defenders"
        if score >= 10:
            e.log.add("ruling", RULE, f"the {side}' morale score is {score}: no surrender considered")
            continue
        face = e.dice.roll("d10", purpose=f"{side}' morale (1-{max(1, score)})", rule=RULE,
                           who=m.team if i == 0 else e.units[y].team).total
        if not holds(score, face):
            morale[i] = SHAKEN if morale[i] == "Good" else SURRENDER
            e.log.add("ruling", RULE, f"the {side}' morale fails ({face % 10} over {score}): {morale[i]}")
    m.morale = (morale[0], morale[1])
    if SURRENDER in m.morale:
        _ends(e, y, attackers_win=m.morale[1] == SURRENDER, why="a side surrenders")
        return
    if m.total(False) > SHUTDOWN and (yield e._choose(
            f"stcs/{e.round}/melee/{y}/shutdown", RULE, f"Game Master: do the boarders put {SHUTDOWN} persons to "
            f"shutting down {possessive(e.ship(y))} power (D10 1)?", {"no": "no", "yes": "yes (D10 1)"})) == "yes":
        face = e.dice.roll("d10", purpose="shut down the power (1)", rule=RULE, who=m.team).total
        if face == 1:  # no power to allocate while off (:mod:`.power`)
            e.power.off.add(y)
        e.log.add("ruling", RULE, f"the boarders {'shut down' if face == 1 else 'fail to shut down'} "
                  f"{possessive(e.ship(y))} power" + (" (no power to allocate in the Power Allocation Phase until "
                                                       "it is restored)" if face == 1 else ""))


def _withdraw(e: STCSEngine, y: str, boarders: bool, defenders: bool) -> None:
    """Sides withdraw: each loses 5% (at least 1); the melee ends (the defenders gone, the ship is taken)."""
    m = e.contact.melees[y]
    for gone, n, side in ((boarders, m.total(False), "boarders"), (defenders, m.total(True), "defenders")):
        if gone:
            e.log.add("ruling", RULE, f"the {side} withdraw from {e.ship(y)}: {max(1, n * 5 // 100)} lost on the way")
    if boarders and m.home in e.units:  # back aboard their ship, the way's losses taken from its crew first
        lost = troops.take(m.side(False), max(1, m.total(False) * 5 // 100), CREW)
        back = {k: n - lost.get(k, 0) for k, n in m.side(False).items()}
        parties.returned(e, m.home, back.get(CREW, 0))  # at their stations in the next turn's Power Allocation Phase
        for kind in [k for k in (MARINES, PASSENGERS) if back.get(k)]:  # not crew: aboard again at once (no track)
            troops.leave(e, m.home, kind, -back[kind])
    if defenders:  # they beamed off or took the shuttles: no longer aboard (their crew off the track since they joined)
        m.defenders = m.rested = 0
        troops.leave(e, y, MARINES, m.guards)
    _ends(e, y, attackers_win=defenders and not boarders, why="a side withdrew")


def _ends(e: STCSEngine, y: str, attackers_win: bool, why: str) -> None:
    m = e.contact.melees.pop(y)
    if not attackers_win and m.defenders - m.rested:  # the crew from its stations go back to them at once
        parties.stations(e, y, m.rested - m.defenders)
        e.log.add("ruling", RULE, f"{m.defenders - m.rested} of {possessive(e.ship(y))} crew go back to their "
                  f"stations: {casualties.crew_left(e, y)}% of its crew", {"unit": y},
                  visible_to=(e.units[y].team, GM))
    if not attackers_win:  # those drawn from resting: at their stations the turn after
        parties.rejoin(e, y, m.rested)
    if attackers_win:
        e.contact.captured[y] = m.team
        e.log.add("ruling", RULE, f"{e.ship(y)} is taken by {possessive(e.name(m.team))} boarders ({why}; the GM "
                  "enters the battle's outcome)")
    elif why == "a side withdrew":
        e.log.add("ruling", RULE, f"the melee aboard {e.ship(y)} ends ({why})")
    else:
        e.log.add("ruling", RULE, f"the boarders aboard {e.ship(y)} are beaten ({why})")


def _muster(e: STCSEngine, y: str, m: Melee, n: int) -> None:
    """Step b: ``n`` of ``y``'s crew join its defenders, those resting off their stations first (already off its
    track), then from its stations (off the track now); a negative ``n`` takes them back, those from its stations
    first (at them at once), then those drawn from resting (:func:`.parties.rejoin`)."""
    if n >= 0:
        rested = parties.draw(e, y, n)
        m.rested += rested
        parties.stations(e, y, n - rested)
    else:
        now = min(-n, m.defenders - m.rested)
        parties.stations(e, y, -now)
        m.rested -= -n - now
        parties.rejoin(e, y, -n - now)
    m.defenders += n


def _join(e: STCSEngine, y: str, key: str, who: str, low: int, most: int, fighting: int) -> Question:
    """Step b's question: how many of ``y``'s crew or marines join the melee (a negative number: leave it)."""
    back = f", or {low} to -1 to take that many back" if low < 0 else ""
    return Question(f"stcs/{e.round}/melee/{y}/{key}", QKind.NUMBER, GM, RULE, f"Game Master: how many of "
                    f"{possessive(e.ship(y))} {who} join the melee this phase (0-{most}{back}; {fighting} fighting)?",
                    low=low, high=most, default=most, check=_count(low, most))


def _count(low: int, most: int) -> Any:
    def check(a: Any) -> int:
        if isinstance(a, bool) or not isinstance(a, int) or not low <= a <= most:
            raise IllegalAnswer(RULE, f"a number of persons {low}-{most}")
        return a
    return check
