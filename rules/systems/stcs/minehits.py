"""A mine going off on a ship (seed 002, Special Equipment, Mines, Mine Damage; Warping Out Of Battles: "determine
if the mine explodes in the normal manner"): the engine's step after each move and at each segment's end, no
longer the GM's shield act. A ship moving ahead into a mine's hex is attacked on its bow (read so: the seed
names only the other two cases), one moving in reverse into it on its stern (shield 4, read so), one drawn into it by
a tractor beam on the shield leading (Towing); a ship that stays in a mine's hex is attacked there, rotating on shield
1 or 3, 4 or 6 when it turns in reverse (the seed: "depending on the direction of rotation", not which is which: the
GM picks; an Emergency Heading Change rotates it) or stationary on a shield at random (a D6, 1 in 6 each). The chance that a mine goes off and its damage are the base game's (not
in the seed): the GM enters them, the chance first, in secret; the engine rolls D100 against it, and a mine
that does not go off is told to no one but the GM and the mine's side (the GM alone when the ship is a cloaked
enemy). One that does is gone (a lock on it lost), its points absorbed by the shield and the rest entered as a
hit through the shields (:func:`.damage.hit`); on a cloaked ship all of it is its side's and the GM's."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.systems.stcs import damage, shields

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine


GOES_OFF = "STCS Mines, Mine Damage"
BOW = 1
"""The shield a mine attacks when a ship moves ahead into its hex (the bow: read so, the seed names only the
stationary and rotating cases)."""
STERN = 4
"""The shield a mine attacks when a ship moves in reverse into its hex (the stern: read so, as the bow ahead)."""
ROTATING = {"rotates in": (1, 3), "rotates in reverse in": (4, 6)}
"""A ship rotating in a mine's hex: shield 1 or 3 by the direction of rotation, 4 or 6 when it turns while in
reverse ("if the ship turns while in reverse the shield will be #4 or #6"; the seed does not say which is which:
the GM picks)."""


def _drop(e: STCSEngine, h: Hex, i: int) -> None:
    """The ``i``-th mine at ``h`` is gone: a lock on it is lost, the later ones in the hex move up."""
    here = [j for j, m in enumerate(e.mines) if m.at == h]
    del e.mines[here[i]]
    e.mine_locks = {y: (g, j - 1 if g == h and j > i else j) for y, (g, j) in e.mine_locks.items()
                    if (g, j) != (h, i)}


def went_over(e: STCSEngine, x: str, start: Hex, turned: bool, ahead: int,
              reverse: bool = False) -> Generator[Question, Any, None]:
    """After ``x``'s move: each mine in a hex it moved ahead into attacks its bow (``reverse``: it backed into
    ``ahead`` hexes astern, the mine attacks its stern); a ship that stayed in a mine's hex is attacked there,
    rotating (shield 1 or 3; in reverse 4 or 6) or stationary (a D6)."""
    if ahead:
        for k in range(1, ahead + 1):
            yield from _hex(e, x, start.neighbor(e.facing[x], -k if reverse else k), "backs into" if reverse
                            else "enters")
    else:
        yield from _hex(e, x, start, ("rotates in reverse in" if reverse else "rotates in") if turned else "stays in")


def warp_path(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` warps out "along a path to its immediate front": each mine straight ahead of it, nearest first,
    attacks its bow as it goes ("determine if the mine explodes in the normal manner")."""
    here, f = e.at[x], e.facing[x]
    ahead = sorted({m.at for m in e.mines if m.at != here and here.neighbor(f, here.distance(m.at)) == m.at},
                   key=here.distance)
    for h in ahead:
        yield from _hex(e, x, h, "warps out through")


def entered(e: STCSEngine, x: str, h: Hex, side: int) -> Generator[Question, Any, None]:
    """``x`` was drawn by a tractor beam into ``h`` (Towing): each mine there attacks its shield ``side``, the one
    facing the way it was drawn (read so: as a ship moving ahead meets a mine on its bow, the side leading)."""
    yield from _hex(e, x, h, "is drawn into", side)


def stationary(e: STCSEngine) -> Generator[Question, Any, None]:
    """The segment's end: a ship that did not move this segment and is in a mine's hex remains stationary in it
    (the shield a D6); one that made an Emergency Heading Change rotated in it (checked then, :mod:`.heading`)."""
    for x in [x for x in e.on_map() if not (x in e.moves and e.moves[x][0] == e.round) and e.turned.get(x) != e.round]:
        if x in e.at:
            yield from _hex(e, x, e.at[x], "stays in")


def _hex(e: STCSEngine, x: str, h: Hex, how: str, side: int = 0) -> Generator[Question, Any, None]:
    i = 0
    while x in e.at and i < sum(1 for m in e.mines if m.at == h):
        gone = yield from goes_off(e, x, h, i, how, side)
        i += 0 if gone else 1


def goes_off(e: STCSEngine, x: str, h: Hex, i: int, how: str, drawn: int = 0) -> Generator[Question, Any, bool]:
    """The ``i``-th mine at ``h`` attacks ``x`` (``how`` it came to be there): the GM enters the base game's chance
    that it goes off and the engine rolls D100, seen by the GM and the mine's side only (by the GM alone for a
    cloaked enemy ship), so a mine that does not go off is not told; one that does is gone, its shield found (the
    bow, 1 or 3 rotating, a D6 stationary), its points entered from the table and absorbed, the rest through. On
    a cloaked ship that is its side's and the GM's."""
    mine = [m for m in e.mines if m.at == h][i]
    team, hidden = e.units[x].team, e.cloaked[x]
    key = f"stcs/{e.round}/minehit/{x}/{h.q},{h.r}/{i}"
    shield = (f"shield {drawn} (the side leading as it is drawn in)" if drawn else
              "shield 1 (the bow, moving ahead into it)" if how in ("enters", "warps out through") else
              "shield 4 (the stern, moving in reverse into it)" if how == "backs into" else
              f"shield {' or '.join(map(str, ROTATING[how]))} (rotating{' in reverse' if 'reverse' in how else ''}: "
              "the GM picks)" if how in ROTATING else "a D6: each shield 1 in 6")
    _hide(e, (GM,) if hidden and mine.team != team else (mine.team, GM), key)
    chance = int((yield Question(key, QKind.NUMBER, GM, GOES_OFF, f"Game Master (in secret): {e.ship(x)} {how} the "
                                 f"hex {h.q},{h.r} of a mine: its chance to go off, in percent (the base game's: 0 "
                                 f"it does not, 100 it does)? Then its shield: {shield}.", low=0, high=100,
                                 default=100, data={"secret": True}, check=_percent)))
    off = chance >= 100 or chance > 0 and e.dice.roll(
        "d100", purpose=f"a mine goes off (1-{chance}: {chance}%)", rule=GOES_OFF, who=mine.team).total <= chance
    if not off:
        e.log.add("ruling", GOES_OFF, f"the mine at {h.q},{h.r} does not go off under {e.ship(x)}")
        _hide(e, None, "")
        return False
    _hide(e, (team, GM) if hidden else None, f"{key}/on" if hidden else "")
    _drop(e, h, i)
    e.log.add("ruling", GOES_OFF, f"a mine goes off on {e.ship(x)} at {h.q},{h.r}", {"unit": x})  # (its chance: the
    # GM's and the mine side's, with the die)
    secret = {"secret": True} if hidden else {}
    if drawn:
        side = drawn
    elif how in ("enters", "warps out through", "backs into"):
        side = STERN if how == "backs into" else BOW
    elif how in ROTATING:
        a, b = ROTATING[how]
        side = int((yield e._choose(f"{key}/shield", GOES_OFF, f"Game Master: {e.ship(x)} {how} the mine's "
                                    f"hex: which shield does the mine attack ({a} or {b} by the direction of rotation)?",
                                    {str(s): f"shield {s}" for s in (a, b)}, data=secret)))
    else:
        side = e.dice.roll("d6", purpose=f"the shield the mine attacks under {e.ship(x)} (1 in 6 each)",
                           rule=GOES_OFF, who=team).total
    pts = int((yield Question(f"{key}/points", QKind.NUMBER, GM, GOES_OFF, f"Game Master: how many points of "
                              f"damage does the mine do to {possessive(e.ship(x))} shield {side} (the base game's)?",
                              low=1, high=damage.MOST, default=1, data=secret, check=damage.points)))
    through = shields.absorb(e, x, side, pts, "the mine")
    if through:
        yield from damage.hit(e, x, through)
    _hide(e, None, "")
    return True


def _hide(e: STCSEngine, to: tuple[str, ...] | None, key: str) -> None:
    """Events and rolls from now on seen by ``to`` only, rolled on the secret stream ``key`` (None, "": public)."""
    e.log.hidden_to = to
    e.dice.hide(key)


def _percent(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a <= 100:
        raise IllegalAnswer(GOES_OFF, "a chance in percent is 0-100")
    return a
