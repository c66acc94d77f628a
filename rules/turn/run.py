"""The campaign turn as questions and answers (issue 13): :class:`TurnRun` asks what the turn
waits for (:attr:`TurnRun.pending`) and takes an answer (:meth:`TurnRun.answer`), so a whole
turn is played from a list of answers (``main.py turn``) and replayed byte for byte.

The questions, in the order of seed 004's Sequence of Play (docs/turn_answers.md):

* Turn Orders, ``turn/{n}/orders`` to the GM: ``{"orders": {"FLEET": ["0304", ...]}}`` or
  ``"end_movement"``; the ignore questions of V13.16 / V13.18 that ending movement raises are
  each asked of their Team, ``turn/{n}/ignore/{team}/{unit}`` (true: ignore).
* Supply, Orbital Bombardment, and Encounters / Troop Combat with nothing open:
  ``turn/{n}/{phase}/end`` to the GM: ``"end_phase"`` or ``{"end_phase": "note"}``.
* Encounters / Troop Combat with a demand or ground losses open: that question itself.
* Space Combat with a Battle Hex to fight: ``turn/{n}/battle/{at}`` to the GM:
  ``{"battle": "0304", "answers": [...]}`` or ``{"battle": "0304", "ruling": "why"}``; where
  several meetings are open in one sector, each is named by the sector and its sides
  (``"0308 coalition v alliance"``: :mod:`rules.strategic.meetings`).

Every answer is applied to a new campaign; an illegal one raises (``IllegalAnswer`` for a
malformed answer, the rule's ``RuleError`` for a refused one) and changes nothing, the log
included. The dice are the campaign's own (``dice_seed``), so the same campaign and answers
always give the same campaign and log.

Readings:
    * The ignore questions live in the run, not in the campaign, until ending movement
      succeeds: a campaign saved between them is still in Turn Orders and asks them again.
      The key names the first unit of the question (one question covers all the other Team's
      units in the sector, listed in ``data.units``).
    * An ignore question and its answer are seen by the Team asked and the GM only; every
      other question, answer and campaign log line is seen by everyone, unless the question's
      data marks it secret or its words name a hidden unit (rules/model/visibility.py: then only
      that unit's Team and the GM; the log line carries it in ``secret_of``).
    * The battle question names the next Battle Hex in the turn's seeded order of systems
      (:func:`rules.turn.sequence.system_order`), but the GM may answer for any of them
      (``options``): seed 004 only *recommends* the randomized order. An empty
      ``answers`` list is refused: it would change nothing.
    * A Battle Hex no longer fightable (V13.12: its own two sides no longer both stand there with
      units that may fight) is not asked about; a battle that removes a side settles it at once
      (logged), else End Phase does. A ruling settles the one meeting it names, no other.
    * A note given with End Phase is logged for every phase (Orbital Bombardment logs it as
      its record kept by hand).
    * A question is logged with its answer once answered; the open one is :attr:`pending`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question, yes_no
from rules.battlehex.words import possessive
from rules.model import visibility
from rules.model.campaign import Campaign
from rules.model.records import LogEntry, Phase
from rules.strategic import build_graph, meetings
from rules.strategic.battle_hex import IgnoreQuestion
from rules.strategic.state import StrategicState
from rules.strategic.turn import gm_resolve, refresh_resolution, set_orders
from rules.turn import combat_phase as cp
from rules.turn.cargo import INVASION
from rules.turn.civilian import release_escorts
from rules.turn.intel_missions import order_seen
from rules.turn.logistics import CargoAction
from rules.turn.logistics import do as cargo_do

SEQUENCE = "004 Sequence of Play"
MOVEMENT = "004 Movement Phase"
SPACE_COMBAT = "V13.12"
_EMPIRE_ORDERS = ("purchase", "productivity", "repair", "intel", "cancel", "scrap", "ground", "colonize", "settle",
                  "reserve", "mothball", "reactivate", "mission", "escort", "route", "propose", "accept", "reject",
                  "break", "declare", "replace")
"""Turn Orders of a seed004-economy campaign beside movement (rules/turn/purchases.py)."""


class BattleAnswerIllegal(IllegalAnswer):
    """An answer inside a ``{"battle": ..., "answers": [...]}`` refused by the battle system;
    ``index`` is its place in that list (from 0)."""

    def __init__(self, rule: str, message: str, index: int) -> None:
        super().__init__(rule, message)
        self.index = index


@dataclass(frozen=True)
class TurnEvent:
    """One entry of the run's log.

    Attributes:
        seq: its number, from 1.
        kind: ``question``, ``answer`` or ``log`` (a line the answer added to the campaign log).
        turn: the campaign turn.
        phase: the phase the campaign stood in when it happened.
        rule: the rule applied.
        text: in words.
        data: the question's key and addressee, or the answer as given.
        visible_to: who may see it (``None``: everyone; the GM sees everything).
    """

    seq: int
    kind: str
    turn: int
    phase: str
    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[str, ...] | None = None

    def seen_by(self, viewer: str) -> bool:
        """Whether ``viewer`` (a Team id or ``gm``) may see it."""
        return self.visible_to is None or viewer == GM or viewer in self.visible_to

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON data."""
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "turn": self.turn, "phase": self.phase,
                               "rule": self.rule, "text": self.text}
        if self.data:
            out["data"] = self.data
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out


def _gm_question(key: str, rule: str, text: str, options: tuple[str, ...] = (),
                 data: dict[str, Any] | None = None) -> Question:
    return Question(key, QKind.ACTION, GM, rule, text, options, data=data or {})


def _end_phase_note(raw: Any, rule: str) -> str:
    """The note of an End Phase answer; anything else is refused."""
    if raw == "end_phase":
        return ""
    if isinstance(raw, dict) and set(raw) == {"end_phase"} and isinstance(raw["end_phase"], str):
        note: str = raw["end_phase"]
        return note
    raise IllegalAnswer(rule, f"answer \"end_phase\" or {{\"end_phase\": \"a note for the log\"}}, not {raw!r}")


def _label(text: Any, rule: str) -> Label:
    if not isinstance(text, str):
        raise IllegalAnswer(rule, f"a sector is a label string such as \"0304\", not {text!r}")
    try:
        return Label.parse(text)
    except ValueError as e:
        raise IllegalAnswer(rule, f"{text!r} is not a sector label: {e}") from None


class TurnRun:
    """The campaign turn of ``campaign`` as questions and answers.

    Attributes:
        campaign: the campaign as the answers so far left it.
        graph: its lane graph.
        log: the questions asked and answered, the answers, and the campaign log lines they added.
        answers: the answers taken so far.
    """

    def __init__(self, campaign: Campaign, graph: LaneGraph | None = None, dice_key: str | None = None) -> None:
        self.campaign, self.dice_key = campaign, dice_key  # the key a battle begun here takes (issue 25)
        self.keyed: list[Label] = []  # the battles begun with it
        self.graph = graph if graph is not None else build_graph(campaign)
        self.log: list[TurnEvent] = []
        self.answers: list[Any] = []
        self._ignores: list[IgnoreQuestion] = []
        self._decisions: dict[tuple[Label, str, str], bool] = {}

    # -- what the turn waits for -------------------------------------------------------------------
    @property
    def pending(self) -> Question | None:
        """The question the turn waits for now (never ``None`` today: the turn always goes on)."""
        c, n = self.campaign, self.campaign.turn
        if c.phase is Phase.ORDERS:
            ig = self._open_ignore()
            if ig is not None:
                return self._ignore_question(ig)
            own = cp.pending(c, self.graph)  # each power's own Turn Orders first (rules/turn/orders.py)
            if own is not None:
                return own[1]
            fleets = tuple(f.id for f in c.fleets)
            buy = c.settings.empire_turn == "seed004"
            return _gm_question(f"turn/{n}/orders", MOVEMENT, "Game Master: give movement orders "
                                "({\"orders\": {fleet: [sectors]}}) or execute movement (\"end_movement\")"
                                + (" - or buy a unit ({\"purchase\": {power, class, at, planet}}) or a planet's "
                                   "Productivity ({\"productivity\": {power, at, planet}}) or repair a unit "
                                   "({\"repair\": {power, unit, planet}}), Intel Points ({\"intel\": {power, "
                                   "points}}), or cancel a project ({\"cancel\": {power, project}}), or "
                                   "diplomacy ({\"propose\"|\"accept\"|\"reject\": {power, to|from, treaty}}, "
                                   "{\"break\": {power, with, treaty, intel}}, {\"declare\": {power, against, "
                                   "declaration, intel}})" if buy else ""),
                                fleets, {"answers": ["orders", "end_movement",
                                                     *(_EMPIRE_ORDERS if buy else ())]})
        open_q = cp.pending(c, self.graph)  # field repairs, demands, a winner between sectors, ground losses
        if open_q is not None:
            return open_q[1]
        if c.phase is Phase.BATTLES:
            hexes = self.fightable()
            if hexes:
                names = meetings.answer_names(c, hexes)
                return _gm_question(f"turn/{n}/battle/{c.battle_hexes[hexes[0]].at}", SPACE_COMBAT,
                                    "Game Master: fight a Battle Hex ({\"battle\": name, \"answers\": [...]}) or "
                                    "rule on it ({\"battle\": name, \"ruling\": why}); a name is the sector, or "
                                    "with several meetings there, the sector and its sides (\"0308 coalition v "
                                    "alliance\")", tuple(names),
                                    {"sides": {k: meetings.sides(c, c.battle_hexes[i]) for k, i in zip(names, hexes)}})
        cargo = " - or move cargo ({\"cargo\": {fleet, verb, cargo, planet}})" if c.phase is Phase.TROOPS else ""
        return _gm_question(f"turn/{n}/{c.phase.value}/end", SEQUENCE,
                            f"Game Master: end the {c.phase.title} phase (\"end_phase\", or {{\"end_phase\": "
                            f"note}}){cargo}")

    def fightable(self) -> list[int]:
        """The records that may be fought now, once those whose sides left are settled (V13.12)."""
        return cp.fightable(refresh_resolution(self.campaign, self.graph))

    def _open_ignore(self) -> IgnoreQuestion | None:
        return next((q for q in self._ignores if (q.at, q.team, q.other) not in self._decisions), None)

    def _ignore_question(self, ig: IgnoreQuestion) -> Question:
        names = {t.id: t.name for t in self.campaign.teams}
        q = yes_no(f"turn/{self.campaign.turn}/ignore/{ig.team}/{ig.units[0] if ig.units else ig.other}", ig.team,
                   ig.rule, ig.text(names) + " (true: ignore them; false: pay attention)",
                   default=ig.ignored_before)  # as the dialog opens: attention, unless ignored before
        return Question(q.key, q.kind, q.to, q.rule, q.text,
                        data={"at": str(ig.at), "other": ig.other, "units": list(ig.units)}, check=q.check,
                        default=q.default)

    # -- answering ---------------------------------------------------------------------------------
    def answer(self, raw: Any) -> None:
        """Answer :attr:`pending` with ``raw``; an illegal answer raises and changes nothing."""
        q = self.pending
        assert q is not None
        before = self.campaign
        phase = before.phase.value
        ignores, decisions = list(self._ignores), dict(self._decisions)
        try:
            after = self._apply(q, raw)
        except Exception:
            self._ignores, self._decisions = ignores, decisions
            raise
        after = visibility.mark(before, after)  # the log lines naming hidden units are their Team's
        self.campaign = after
        self.answers.append(raw)
        hidden = visibility.Secrets(before, after)
        seen = (q.to,) if q.key.split("/")[2:3] == ["ignore"] or q.data.get("secret") else order_seen(before, raw)
        said = f"{q.to}: {_words(raw)}"
        self._event("question", before.turn, phase, q.rule, q.text, {"key": q.key, "to": q.to},
                    _narrowed(seen, hidden.owner(q.text + json.dumps(q.data, sort_keys=True))))
        self._event("answer", before.turn, phase, q.rule, said, {"answer": raw},
                    _narrowed(seen, hidden.owner(said)))
        old = len(before.log) if after.log[:len(before.log)] == before.log else 0
        for e in after.log[old:]:
            self._event("log", e.turn, phase, e.rule, e.text, {}, _narrowed(None, tuple(e.secret_of)))

    def _event(self, kind: str, turn: int, phase: str, rule: str, text: str, data: dict[str, Any],
               seen: tuple[str, ...] | None) -> None:
        self.log.append(TurnEvent(len(self.log) + 1, kind, turn, phase, rule, text, data, seen))

    def _apply(self, q: Question, raw: Any) -> Campaign:
        c = self.campaign
        if c.phase is Phase.TROOPS and isinstance(raw, dict) and set(raw) == {"cargo"}:
            return self._cargo(raw["cargo"])  # a landing may come before a planet's ground losses too
        kind = q.key.split("/")[2] if q.key.startswith("turn/") else ""
        if kind == "ignore":
            self._decisions[(Label.parse(q.data["at"]), q.to, q.data["other"])] = q.check(raw)
            return c if self._open_ignore() is not None else self._end_movement()
        if kind == "orders":
            if raw == "end_movement":
                return self._end_movement()
            if isinstance(raw, dict) and len(raw) == 1 and set(raw) <= set(_EMPIRE_ORDERS):
                from rules.turn.orders import KINDS as how  # seed 004 Turn Orders (rules/turn/orders.py)

                key = next(iter(raw))
                if key not in how:  # seed 004 Intel Phase diplomacy (rules/turn/diplomacy_phase.py)
                    from rules.turn import diplomacy_phase

                    return diplomacy_phase.order(c, key, raw[key])
                return how[key](c, raw[key])
            return self._orders(raw)
        if kind == "battle":
            return self._battle(q, raw)
        if kind in (p.value for p in Phase):
            return self._end_phase(q, raw)
        return cp.answer(c, self.graph, raw)  # an encounter's demand or a planet's ground losses

    def _orders(self, raw: Any) -> Campaign:
        if not (isinstance(raw, dict) and set(raw) == {"orders"} and isinstance(raw["orders"], dict)
                and raw["orders"]):
            raise IllegalAnswer(MOVEMENT, "answer {\"orders\": {\"FLEET\": [\"0304\", ...]}} (at least one fleet) "
                                          f"or \"end_movement\", not {raw!r}")
        new = self.campaign
        for fid, path in raw["orders"].items():
            if not isinstance(path, list):
                fleet = next((f for f in new.fleets if f.id == fid), None)
                raise IllegalAnswer(MOVEMENT, f"{possessive(fleet.name)} orders are a list of sectors, not {path!r}"
                                    if fleet is not None else f"there is no fleet {fid!r}")
            labels = [_label(p, MOVEMENT) for p in path]
            new = set_orders(new, StrategicState.compute(new, self.graph), fid, labels)
        return new

    def _end_movement(self) -> Campaign:
        report = cp.end_movement(self.campaign, self.graph, dict(self._decisions) or None)
        if report.campaign is None:
            self._ignores = list(report.questions)
            if self._open_ignore() is None:  # every question already decided: should not happen
                raise IllegalAnswer(SEQUENCE, "ending movement asks questions already answered")
            return self.campaign
        self._ignores, self._decisions = [], {}
        return report.campaign

    def _battle(self, q: Question, raw: Any) -> Campaign:
        forms = ({"battle", "answers"}, {"battle", "ruling"})
        if not (isinstance(raw, dict) and set(raw) in forms):
            raise IllegalAnswer(SPACE_COMBAT, "answer {\"battle\": \"0304\", \"answers\": [...]} or {\"battle\": "
                                              f"\"0304\", \"ruling\": \"why\"}}, not {raw!r}")
        name, hexes = raw["battle"], self.fightable()
        if not isinstance(name, str):
            raise IllegalAnswer(SPACE_COMBAT, f"a Battle Hex is named by a string such as \"0304\", not {name!r}")
        index = meetings.named(self.campaign, hexes, name)
        if index is None:
            several = [o for o in q.options if o.split(" ")[0] == name.strip() and o != name.strip()]
            why = f"{len(several)} meetings are open at {name.strip()}: name one" if several else \
                meetings.not_fightable(self.campaign, name)
            raise IllegalAnswer(SPACE_COMBAT, f"{why}: one of {', '.join(q.options)}")
        at = self.campaign.battle_hexes[index].at
        if "ruling" in raw:
            if not isinstance(raw["ruling"], str):
                raise IllegalAnswer("GM ruling", f"a ruling is a reason in words, not {raw['ruling']!r}")
            return gm_resolve(self.campaign, at, raw["ruling"], index)
        answers = raw["answers"]
        if not isinstance(answers, list) or not answers:
            raise IllegalAnswer(SPACE_COMBAT, f"the battle's answers are a list of at least one answer, not "
                                              f"{answers!r}")
        from rules.systems import start  # the battle systems load only when a battle is fought
        run = start(meetings.bring_first(self.campaign, index), at, self.graph)  # the record named is fought
        keying = getattr(run, "key_secret_dice", None)  # a battle begun now: keyed as the GM's app keys one
        if self.dice_key is not None and keying is not None and keying(self.dice_key):
            self.keyed.append(at)
        for i, a in enumerate(answers):
            try:
                run.answer(a)
            except IllegalAnswer as e:
                raise BattleAnswerIllegal(e.rule, f"the battle at {at}, its answer {i + 1}: {e.message}", i) from None
        # a civilian fleet the battle destroyed leaves its escorts free; a meeting there whose side
        # the battle removed is settled at once (V13.12), not offered to fight
        return refresh_resolution(release_escorts(run.saved()), self.graph)

    def _end_phase(self, q: Question, raw: Any) -> Campaign:
        if isinstance(raw, dict) and set(raw) == {"cargo"}:
            return self._cargo(raw["cargo"])
        note = _end_phase_note(raw, SEQUENCE).strip()
        c = self.campaign
        if note and c.phase is not Phase.BOMBARDMENT:
            c = c.model_copy(deep=True)
            c.log.append(LogEntry(turn=c.turn, rule=SEQUENCE, text=f"GM note on {c.phase.title}: {note}"))
        return cp.advance(c, self.graph, note)


    def _cargo(self, order: Any) -> Campaign:
        """``{"fleet": id, "verb": "embark" | "land" | "deploy" | "seize", "cargo": id, "planet": name}``
        (rules.turn.logistics; seed 004 Invasion Phase)."""
        keys = {"fleet", "verb", "cargo", "planet"}
        if not isinstance(order, dict) or not {"fleet", "verb", "cargo"} <= set(order) or set(order) - keys \
                or not all(isinstance(order[k], str) for k in order):
            raise IllegalAnswer(INVASION, "a cargo order is {\"fleet\": id, \"verb\": \"embark\" | \"land\" | "
                                          "\"deploy\" | \"seize\", \"cargo\": id, \"planet\": name}")
        action = CargoAction(order["verb"], f"{order['verb']} {order['cargo']}", order["cargo"],
                             order.get("planet", ""))
        if not any(f.id == order["fleet"] for f in self.campaign.fleets):
            raise IllegalAnswer(INVASION, f"there is no fleet {order['fleet']!r}")
        return cargo_do(self.campaign, self.graph, order["fleet"], action)


def _narrowed(seen: tuple[str, ...] | None, owner: visibility.Owner) -> tuple[str, ...] | None:
    """Who may see an event seen by ``seen`` whose words are ``owner``'s secret
    (rules/model/visibility.py): only those of both; the GM alone is ``()``."""
    if not owner:
        return seen
    if owner == (GM,):
        return ()
    return tuple(t for t in seen if t in owner) if seen is not None else owner


def _words(raw: Any) -> str:
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    if isinstance(raw, str):
        return raw.replace("_", " ")
    return json.dumps(raw, sort_keys=True)


def play(campaign: Campaign, answers: list[Any], graph: LaneGraph | None = None) -> TurnRun:
    """A run of ``campaign`` given every answer of ``answers`` in order (raises on the first
    illegal one)."""
    run = TurnRun(campaign, graph)
    for a in answers:
        run.answer(a)
    return run
