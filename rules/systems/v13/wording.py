"""Answers in the rule's words: what a Team (or the GM, or the table) did, with unit names.

An answer is plain data (docs/battle_answers.md). The event log keeps it raw in the answer
event's ``data["answer"]`` (the JSON export has it) and shows people :func:`answer_text`,
e.g. "Alliance places KHS Claw of Rrit at 2103 facing D, speed 4"; the undo stack shows
:func:`answer_summary`, e.g. "Battle 0604: Alliance places KHS Claw of Rrit at 2103".

Hexes are read as they lie on the map sheet at the time of the answer (:meth:`Ctx.where`),
Teams by name, units by name: no ids, JSON, ``true``/``false``/``null`` or ``(col,row)``
labels. The wording depends only on (question, answer, state), so the log stays
byte-for-byte reproducible.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hexmap import Facing, Label
from rules.battlehex.log import GM
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Role
from rules.battlehex.state import Ctx
from rules.battlehex.words import possessive

ANY = "any"
SHORT_LIST = 3
"""In a summary, unit lists longer than this end with "and N more"."""


def who(ctx: Ctx, team: str) -> str:
    """Who answers: a Team's name, "the GM" or "the table" (combat actions)."""
    if team == GM:
        return "the GM"
    if team == ANY:
        return "the table"
    return ctx.name(team)


def unit_name(ctx: Ctx, uid: Any) -> str:
    """A unit's name (a unit this battle does not know is "an unknown unit", never its id)."""
    u = ctx.state.units.get(uid) if isinstance(uid, str) else None
    return u.name if u is not None else "an unknown unit"


def unit_list(ctx: Ctx, uids: Iterable[Any], short: bool = False) -> str:
    """``A, B and C``; in ``short`` form at most :data:`SHORT_LIST` names and "N more"."""
    names = [unit_name(ctx, u) for u in uids]
    if short and len(names) > SHORT_LIST:
        names = names[:SHORT_LIST] + [f"{len(names) - SHORT_LIST} more"]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def hex_words(ctx: Ctx, label: Any) -> str:
    """A first-window label of an answer (``"2115"``, ``"(41,-48)"``) as the sheet reads it now."""
    return ctx.where(ctx.window.hex_at(Label.parse(str(label))))


def _sep(where: str) -> str:
    """What goes between a hex in words and the next detail: a comma after "off the map, ..."."""
    return ", " if "," in where else " "


def _yes(raw: Any) -> bool:
    return raw is True or (isinstance(raw, str) and raw.lower() in ("yes", "true"))


def _units(raw: Any) -> list[Any]:
    return list(raw) if isinstance(raw, list) else []


def _part(key: str, i: int) -> str:
    parts = key.split("/")
    return parts[i] if len(parts) > i else ""


# -- one sentence per question ------------------------------------------------------------------
Sentence = Callable[[Question, Any, Ctx, str, bool], str]


def _announce(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} announces a Withdrawal Before Combat" if _yes(raw) else f"{w} does not withdraw before combat"


def _oppose_withdrawal(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} opposes the withdrawal" if _yes(raw) else f"{w} does not oppose the withdrawal"


def _withdraw(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    units = _units(raw)
    return f"{w} withdraws {unit_list(ctx, units, short)}" if units else f"{w} withdraws no unit"


def _left_behind(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    if raw == "unmanned":
        return f"{w} withdraws all personnel from the units left behind"
    return f"{w} keeps the units left behind active with Poor crews"


def _offer(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} offers an Approach Battle" if _yes(raw) else f"{w} offers no Approach Battle"


def _accept(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} accepts the Approach Battle" if _yes(raw) else f"{w} declines the Approach Battle"


def _approach_units(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} sends {unit_list(ctx, _units(raw), short) or 'no unit'} to the Approach Battle"


def _terrain(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    team = ctx.name(_part(q.key, 2))
    if not raw:
        return f"{w} gives {team} no terrain modifier to its Weapon Status roll"
    return f"{w} gives {team} a terrain modifier of {int(raw):+d} to its Weapon Status roll"


def _propose(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} makes no range proposal" if raw is None else f"{w} proposes an opening range of {int(raw)}"


def _range(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    if raw == ctx.campaign.settings.standard_range:
        return f"{w} keeps the standard range of {int(raw)}"
    return f"{w} sets the starting range to {int(raw)}"


def _place(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    name = unit_name(ctx, raw.get("unit"))
    if raw.get("docked"):
        return f"{w} docks {name} at its base"
    at = hex_words(ctx, raw.get("at"))
    out = f"{w} places {name} at {at}"
    if short:
        return out
    if raw.get("facing") is not None:
        out += f"{_sep(at)}facing {Facing.parse(raw['facing']).name}"
    if raw.get("speed") is not None:
        out += f", speed {int(raw['speed'])}"
    return out


def _incidental_dor(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    if _yes(raw):
        return f"{possessive(w)} Incidental Units will retreat towards the nearest friendly Base or Star System"
    return f"{possessive(w)} Incidental Units keep the Direction of Retreat"


def _centre(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} fixes the original centre hex at {hex_words(ctx, raw)}"


def _oppose_exit(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    what = "disengagement" if q.key.startswith("V13.515") else "retreat"
    name = unit_name(ctx, _part(q.key, 1))
    return f"{w} {'opposes' if _yes(raw) else 'does not oppose'} the {what} of {name}"


def _method(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    u = ctx.state.units.get(_part(q.key, 1))
    verb = "disengages" if u is not None and u.role is Role.ATTACKER else "retreats"
    return f"{unit_name(ctx, _part(q.key, 1))} {verb} by {raw}"


def _tow(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    units = _units(raw)
    return f"{unit_name(ctx, _part(q.key, 1))} tows {unit_list(ctx, units, short) if units else 'no one'}"


def _chase(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    target = unit_name(ctx, _part(q.key, 1))
    units = _units(raw)
    return f"{w} sends {unit_list(ctx, units, short)} after {target}" if units else f"{w} does not pursue {target}"


_STRANDED = {"repair": "repair {} in place", "tow": "wait for a tow for {}", "abandon": "abandon {}",
             "scuttle": "scuttle {}"}


def _stranded(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} chooses to " + _STRANDED.get(str(raw), "decide the fate of {}").format(
        unit_name(ctx, _part(q.key, 1)))


def _pursue(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return f"{w} pursues" if _yes(raw) else f"{w} does not pursue"


def _force(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    units = _units(raw)
    return f"{w} chooses its Pursuit Force: {unit_list(ctx, units, short)}" if units else \
        f"{w} chooses no Pursuit Force"


def _rear_guard(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    units = _units(raw)
    return f"{w} chooses its Rear Guard: {unit_list(ctx, units, short)}" if units else f"{w} leaves no Rear Guard"


def _action(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    return action_text(ctx, raw, short)


_SENTENCES: dict[str, Sentence] = {
    "V13.21": _announce, "V13.22": _oppose_withdrawal, "V13.23": _withdraw, "V13.28": _left_behind,
    "V13.36": _offer, "V13.32": _accept, "V13.33": _approach_units, "V13.414": _terrain,
    "V13.422": _propose, "V13.425": _range, "place": _place, "V13.464": _incidental_dor,
    "V13.811": _centre, "combat": _action, "V13.515": _oppose_exit, "V13.615": _oppose_exit,
    "V13.532": _method, "V13.523": _tow, "V13.831": _chase, "V13.942": _stranded, "V13.702": _pursue,
    "V13.721": _force, "V13.722": _rear_guard,
}
_SECRET = {"V13.721": "{} chooses its Pursuit Force", "V13.722": "{} chooses its Rear Guard"}


def clock_words(n: int) -> str:
    """A clock answer of ``n`` impulses in words (also :mod:`rules.systems.v13.clock_run`'s)."""
    return f"the clock advances {n} {'impulse' if n == 1 else 'impulses'}"


def action_text(ctx: Ctx, raw: Any, short: bool = False) -> str:
    """One combat action (V13.480) in words: a move, the clock, a float, a mark, a declaration
    or the end of the battle."""
    if not isinstance(raw, dict):
        return "the table acts"
    if "move" in raw:
        to = hex_words(ctx, raw.get("to"))
        out = f"{unit_name(ctx, raw['move'])} moves to {to}"
        if raw.get("facing") and not short:
            out += f"{_sep(to)}facing {Facing.parse(raw['facing']).name}"
        return out
    if "clock" in raw:
        return clock_words(int(raw["clock"]))
    if "float" in raw:
        n = int(raw.get("hexes", 1))
        return f"the map floats {n} {'hex' if n == 1 else 'hexes'} in direction {Facing.parse(raw['float']).name}"
    if "mark" in raw:
        status = str(raw.get("status"))
        return f"{unit_name(ctx, raw['mark'])} marked " + ("active again" if status == "active" else status)
    if "declare" in raw:
        u = ctx.state.units.get(raw["declare"]) if isinstance(raw["declare"], str) else None
        what = "disengagement" if u is not None and u.role is Role.ATTACKER else "a retreat"
        return f"{unit_name(ctx, raw['declare'])} declares {what}"
    if "end" in raw:
        return f"the GM ends the battle: {str(raw['end']).strip()}"
    return "the table acts"


def _generic(q: Question, raw: Any, ctx: Ctx, w: str, short: bool) -> str:
    """Any other question, by its kind."""
    k = q.kind
    if k is QKind.YES_NO:
        return f"{w} answers {'yes' if _yes(raw) else 'no'}"
    if k is QKind.CHOOSE_UNITS:
        return f"{w} chooses {unit_list(ctx, _units(raw), short) or 'no unit'}"
    if k is QKind.OPTIONAL_NUMBER and raw is None:
        return f"{w} gives no number"
    if k in (QKind.NUMBER, QKind.OPTIONAL_NUMBER):
        return f"{w} answers {int(raw)}"
    if k is QKind.LABEL:
        return f"{w} answers {hex_words(ctx, raw)}"
    if k is QKind.CHOOSE and isinstance(raw, str):
        return f"{w} chooses {raw}"
    return f"{w} answers the {q.rule} question"


def answer_text(q: Question, raw: Any, ctx: Ctx, short: bool = False) -> str:
    """The answer ``raw`` to ``q`` as a sentence, read against the state before it applies.

    A GM ruling (``{"gm_ruling": why, "answer": x}``) reads "GM ruling (why): <sentence>".
    ``short`` leaves out details (facing, speed) and shortens long unit lists. An answer
    whose form is not understood still gets words (never its JSON).
    """
    if isinstance(raw, dict) and "gm_ruling" in raw:
        why = str(raw.get("gm_ruling") or "").strip()
        return f"GM ruling ({why}): {answer_text(q, raw.get('answer'), ctx, short)}"
    w = who(ctx, q.to)
    say = _SENTENCES.get(q.key.split("/")[0], _generic)
    try:
        return say(q, raw, ctx, w, short)
    except (AttributeError, KeyError, TypeError, ValueError):
        return f"{w} answers the {q.rule} question"


def answer_summary(q: Question, raw: Any, ctx: Ctx) -> str:
    """The undo-stack text of an answer: "Battle 0604: Alliance places KHS Claw of Rrit at 2103".

    A secret answer (V13.723) says only who chose what kind of thing, since the undo text is on
    screen for every Team.
    """
    head = f"Battle {ctx.state.record.at}: "
    if q.data.get("secret"):
        base = q.key.split("/")[0]
        return head + _SECRET.get(base, "{} answers in secret").format(who(ctx, q.to))
    return head + answer_text(q, raw, ctx, short=True)
