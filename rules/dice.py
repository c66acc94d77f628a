"""Seeded dice: every roll is an immutable, logged record.

The roller is passed in to whatever rolls (never a module-level random). The same seed gives
the same faces in the same order, so a battle replays exactly from (scenario, seed, answers).
Expressions follow the seeds: ``d3``, ``d6``, ``2d6``, ``3d6``, ``7d6``, ``d10``/``D10``,
``d12``, ``d100``, ``2D10``, optionally with a constant (``1d6+2``, ``2d6-1``).
"""
from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

_EXPR_RE = re.compile(r"(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?")
"""Matched against the stripped text (``fullmatch``): no run of spaces the regex could split two
ways, so a long one is refused in linear time (20,000 spaces took 3.5 s)."""


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count`` dice of ``sides`` faces plus a constant ``plus``."""

    count: int
    sides: int
    plus: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 100:
            raise ValueError(f"dice count must be 1-100, not {self.count}")
        if self.sides < 2:
            raise ValueError(f"a die needs at least 2 sides, not {self.sides}")

    @classmethod
    def parse(cls, text: str | DiceExpr) -> DiceExpr:
        """Read ``'2d6'``, ``'d100'``, ``'2D10'``, ``'1d6+2'``.

        Raises:
            ValueError: naming the text that is not a dice expression.
        """
        if isinstance(text, DiceExpr):
            return text
        m = _EXPR_RE.fullmatch(text.strip()) if isinstance(text, str) else None
        if not m:
            shown = repr(text) if len(repr(text)) <= 60 else repr(text)[:40] + "..."
            raise ValueError(f"{shown} is not a dice expression such as '2d6' or 'd100'")
        count = int(m.group(1)) if m.group(1) else 1
        plus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        return cls(count, int(m.group(2)), plus)

    def __str__(self) -> str:
        tail = f"{self.plus:+d}" if self.plus else ""
        return f"{self.count}d{self.sides}{tail}"

    @property
    def minimum(self) -> int:
        return self.count + self.plus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.plus


@dataclass(frozen=True, slots=True)
class Modifier:
    """A labelled addition to a roll, with the rule line that grants it."""

    label: str
    value: int
    rule: str = ""

    def __str__(self) -> str:
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{self.value:+d} {self.label}{cite}"


@dataclass(frozen=True, slots=True)
class Roll:
    """One logged roll: what was rolled, why, under which rule, by whom, and the result."""

    seq: int
    expr: DiceExpr
    faces: tuple[int, ...]
    purpose: str
    rule: str
    who: str
    modifiers: tuple[Modifier, ...] = ()

    @property
    def natural(self) -> int:
        """Sum of the faces plus the expression's own constant."""
        return sum(self.faces) + self.expr.plus

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def total(self) -> int:
        """The modified result the rules read."""
        return self.natural + self.modifier_total

    def describe(self) -> str:
        """A log line: ``V13.413: Weapon Status (Coalition): 2d6 rolled 4 + 5 = 9; +1 Orion = 10``
        (one die: ``1d6 rolled 3``)."""
        faces = " + ".join(str(f) for f in self.faces)
        rolled = faces if len(self.faces) == 1 and not self.expr.plus else f"{faces} = {self.natural}"
        text = f"{self.rule}: {self.purpose} ({self.who}): {self.expr} rolled {rolled}"
        if self.modifiers:
            text += "; " + ", ".join(str(m) for m in self.modifiers) + f" = {self.total}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq, "dice": str(self.expr), "faces": list(self.faces),
            "total": self.total, "purpose": self.purpose, "rule": self.rule, "who": self.who,
            "modifiers": [{"label": m.label, "value": m.value, "rule": m.rule} for m in self.modifiers],
        }


RollListener = Callable[[Roll], None]


@dataclass
class DiceRoller:
    """Rolls dice from its own seeded generator and keeps every roll in ``history``.

    Args:
        seed: the battle's seed; the same seed gives the same faces in the same order.
    """

    seed: int
    history: list[Roll] = field(default_factory=list)
    listeners: list[RollListener] = field(default_factory=list)

    hidden: str = ""
    """While set (:meth:`hide`), every roll is secret, keyed by it and a count (a procedure about a hidden unit)."""

    secret_key: str = ""
    """The GM's secret key of the secret streams (:func:`new_dice_key`, sealed for the GM in the battle's record):
    with it a secret stream cannot be recomputed from the plain seed; "": the seed alone (before issue 25's fix)."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._hidden_rolls = 0

    def hide(self, key: str) -> None:
        """Make every roll from now on secret, keyed by ``key`` and its count from 0 ("": public again)."""
        self.hidden, self._hidden_rolls = key, 0

    def _face(self, sides: int) -> int:
        return self._rng.randint(1, sides)

    def _secret_faces(self, e: DiceExpr, key: str) -> tuple[int, ...]:
        """``e``'s faces on the secret stream of ``key``: HMAC-SHA-256 under :attr:`secret_key` of the seed and
        the key (without a secret key, SHA-256 of the seed and the key: a player holding the file could
        recompute it)."""
        text = f"{self.seed}\x1f{key}".encode("utf-8", "surrogatepass")
        digest = hmac.new(bytes.fromhex(self.secret_key), text, hashlib.sha256).digest() if self.secret_key \
            else hashlib.sha256(text).digest()
        rng = random.Random(int.from_bytes(digest, "big"))
        return tuple(rng.randint(1, e.sides) for _ in range(e.count))

    def roll(
        self,
        expr: str | DiceExpr,
        *,
        purpose: str,
        rule: str,
        who: str,
        modifiers: Iterable[Modifier] = (),
        secret: str = "",
    ) -> Roll:
        """Roll ``expr`` and log it; every roll must say why, under which rule and for whom.

        ``secret``: a roll seen by one side only, keyed by a text unique in the battle (its question's
        key and what it is for). Its faces come from a stream of their own (the seed and the key,
        hashed), not from the public one, and it is not in ``history`` (its ``seq`` is 0): the public
        rolls that follow are the same whatever secret rolls came before, so their number cannot be
        counted from them (issue 25: the cloak scan dice).
        """
        if not purpose or not rule or not who:
            raise ValueError("a roll needs its purpose, the rule it applies and who rolls")
        e = DiceExpr.parse(expr)
        if not secret and self.hidden:
            self._hidden_rolls += 1
            secret = f"{self.hidden}/{self._hidden_rolls}"
        if secret:
            faces = self._secret_faces(e, secret)
            r = Roll(0, e, faces, purpose, rule, who, tuple(modifiers))
        else:
            faces = tuple(self._face(e.sides) for _ in range(e.count))
            r = Roll(len(self.history) + 1, e, faces, purpose, rule, who, tuple(modifiers))
            self.history.append(r)
        for listen in self.listeners:
            listen(r)
        return r


DICE_KEY_BYTES = 32


def new_dice_key() -> str:
    """A fresh random secret key for a battle's secret dice streams (hex), made when the GM begins the battle."""
    return secrets.token_hex(DICE_KEY_BYTES)


class ScriptedDice(DiceRoller):
    """A roller whose faces are given in advance: for tests and for entering real dice.

    Raises ``ValueError`` when a scripted face does not fit the die, and ``LookupError``
    when the script runs out, so a test never silently rolls something it did not choose.
    """

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(seed=0)
        self._faces = list(faces)

    def _face(self, sides: int) -> int:
        if not self._faces:
            raise LookupError("the scripted dice have no faces left")
        f = self._faces.pop(0)
        if not 1 <= f <= sides:
            raise ValueError(f"scripted face {f} cannot come up on a d{sides}")
        return f

    def _secret_faces(self, e: DiceExpr, key: str) -> tuple[int, ...]:
        """A secret roll takes the next scripted faces too (a test scripts every roll in order)."""
        return tuple(self._face(e.sides) for _ in range(e.count))
