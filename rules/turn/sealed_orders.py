"""Seed 004 Turn Orders by sealed file, play by e-mail (issue 23): a power's Team exports its orders
for this turn as a file only the GM opens; the GM imports every power's file and the turn runs
with them (:func:`feed` answers each power's orders question, rules/turn/orders.py).

How a file holds (the seals of issue 20, rules/model/seals.py; threat model docs/SECRETS.md):

* The orders are sealed (AES-GCM, the data key wrapped for the GM's X25519 key) and bound to the
  campaign's id, the power and the turn: a file edited, or moved to another power or turn, does
  not open.
* They are also authenticated by the power's Team: an HMAC keyed by the X25519 exchange of the
  Team's key with the GM's (the Team with its private key and the GM's public one; the GM with
  its own private key and the Team's public one). Anyone may seal to the GM, but only that Team
  (or the GM) makes the MAC: a Klingon cannot send orders as the Federation.
* The file carries the power's fleets' movement orders too (``moves``: fleet -> sectors, plotted
  by dragging on the map, in a Team copy as in the full file; :func:`plot` refuses another
  Team's fleet in a copy). The GM's import gives them to those fleets, after the power's Turn
  Orders, each checked on the GM's file as a drag would be (rules/strategic/movement.py): a path
  illegal there refuses the whole import, naming the file, the fleet and the rule. The seed
  (004 Movement Phase) makes the orders a player writes for its own fleets only; what a copy did
  not know (a hidden non-friendly fleet arriving along a lane, which "prevent[s] non-friendly
  ships in the destination system from using the path that they just arrived from") is no
  order the GM may rewrite: the GM tells the Team the path was refused and it plots again
  (docs/economy.md, "Orders by sealed file").
* Exporting checks each order on the exporter's copy of the campaign (refused with its rule);
  importing refuses, naming the file and why, a file of another campaign, turn or power, a
  power the GM runs, two files of one power, one whose orders are already closed, or one changed
  after it was sealed. Nothing is applied before every file is read.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmap import Label, LaneGraph
from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.json_value import DuplicateKey, unique_keys
from rules.model.key_book import campaign_id_of
from rules.model.records import Phase
from rules.model.seals import GM, SealedBlob, WrongPassphrase, open_blob, seal
from rules.turn import orders

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

    from rules.model.seals import Keyring

FORMAT = "battlehex sealed orders 1"
TURN_ORDERS = orders.TURN_ORDERS


@dataclass(frozen=True)
class Imported:
    """One power's orders read from its file ``name``."""

    name: str
    power: str
    orders: tuple[Any, ...]
    moves: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The fleets' movement orders: ``(fleet, sectors)`` in the order they are given."""


def _context(campaign: str, power: str) -> str:
    return f"{campaign}/orders/{power}"


def _mac(shared: bytes, plain: bytes) -> str:
    key = hashlib.sha256(b"battlehex sealed orders mac|" + shared).digest()
    return hmac.new(key, plain, hashlib.sha256).hexdigest()


def _public(c: Campaign, holder: str, why: str) -> bytes:
    import base64

    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey

    record = c.keys.get(holder)
    if record is None:
        raise RuleError(TURN_ORDERS, why)
    X25519PublicKey.from_public_bytes(base64.b64decode(record.public))  # a valid key
    return base64.b64decode(record.public)


def check(c: Campaign, power: str, given: list[Any], preview: bool = False) -> Campaign:
    """``given`` applied in turn as ``power``'s orders to ``c`` (each refused with its rule).
    ``preview`` (the export, on the player's copy): a break or declaration shows its odds and rolls
    nothing (rules/turn/diplomacy_phase.py ``order``): the roll that counts is the GM's, on the
    campaign's dice, when the turn runs, and a roll shown here would not be it."""
    team = c.team_of_power(power)
    if c.power(power) is None or team is None or team.id == GM:
        raise RuleError(TURN_ORDERS, f"{power!r} is not a power of a player's Team in this campaign")
    now = c
    for i, raw in enumerate(given):
        if raw == orders.DONE:
            raise RuleError(TURN_ORDERS, f"order {i + 1}: \"done\" is not an order (the file closes the orders)")
        if not (isinstance(raw, dict) and len(raw) == 1 and next(iter(raw)) in orders.KINDS
                and isinstance(next(iter(raw.values())), dict)):
            raise RuleError(TURN_ORDERS, f"order {i + 1}: one of {', '.join(orders.KINDS)} ({{kind: {{...}}}}), not "
                                         f"{raw!r}")
        kind, body = next(iter(raw.items()))
        if body.get("power", power) != power:
            raise RuleError(TURN_ORDERS, f"order {i + 1}: {power} enters only its own Turn Orders")
        try:
            if preview and kind in ("break", "declare"):
                from rules.turn.diplomacy_phase import order as diplomacy_order

                now = diplomacy_order(now, kind, {**body, "power": power}, preview=True)
            else:
                now = orders.KINDS[kind](now, {**body, "power": power})
        except RuleError as e:
            raise type(e)(e.rule, f"order {i + 1}: {e}") from None
    return now


MOVE_RULE = "004 Movement Phase"


def moves_of(c: Campaign, power: str) -> dict[str, list[str]]:
    """The movement orders plotted for ``power``'s fleets in ``c`` (by fleet id, in the
    campaign's order); an escort is left out: it follows its fleet's orders (004 Movement Phase)."""
    return {f.id: [str(x) for x in f.orders] for f in c.fleets
            if f.power == power and f.orders and f.escort_of is None}


def plot(c: Campaign, graph: LaneGraph, fleet_id: str, path: list[Label]) -> Campaign:
    """``c`` with ``fleet_id`` ordered along ``path`` (a drag on the map): in a Team copy only
    its Team's own fleets, then as in the full file (refused with the rule, nothing changed)."""
    from rules.strategic.planning import not_in_copy
    from rules.strategic.state import StrategicState
    from rules.strategic.turn import PhaseError, set_orders

    fleet = next((f for f in c.fleets if f.id == fleet_id), None)
    foreign = None if fleet is None else not_in_copy(fleet, c)
    if foreign is not None:
        raise PhaseError(MOVE_RULE, foreign)
    return set_orders(c, StrategicState.compute(c, graph), fleet_id, path)


def _moves_body(c: Campaign, power: str, raw: Any, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``raw`` (fleet -> sectors) checked for form and ownership, in its order."""
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, list)
                                            and all(isinstance(x, str) for x in v) for k, v in raw.items()):
        raise RuleError(MOVE_RULE, f"{where}movement orders are {{fleet: [sectors]}}, not {raw!r}")
    name = c.power(power)
    out = []
    for fid, path in raw.items():
        fleet = next((f for f in c.fleets if f.id == fid), None)
        if fleet is None or fleet.power != power:
            raise RuleError(MOVE_RULE, f"{where}{name.name if name else power} orders only its own fleets, and "
                                       f"{fleet.name if fleet else repr(fid)} is not one of them")
        out.append((fid, tuple(path)))
    return tuple(out)


def give_moves(c: Campaign, graph: LaneGraph, power: str, moves: tuple[tuple[str, tuple[str, ...]], ...],
               where: str = "") -> Campaign:
    """``c`` with ``power``'s fleets given ``moves``, each checked as a drag is; the first path
    refused raises naming the fleet, its path and the rule (``where``: the file), nothing given."""
    from rules.strategic.state import StrategicState
    from rules.strategic.turn import set_orders

    now = c
    for fid, path in _moves_body(c, power, {k: list(v) for k, v in moves}, where):
        fleet = next(f for f in now.fleets if f.id == fid)
        try:
            now = set_orders(now, StrategicState.compute(now, graph), fid, [Label.parse(x) for x in path])
        except RuleError as e:
            raise RuleError(e.rule, f"{where}{fleet.name} to {' -> '.join(path)}: {e.message}; no orders were "
                                    "given") from None
        except ValueError:
            raise RuleError(MOVE_RULE, f"{where}{fleet.name}: {list(path)!r} are not sectors") from None
    return now


def export(c: Campaign, power: str, given: list[Any], team_key: X25519PrivateKey,
           moves: dict[str, list[str]] | None = None, graph: LaneGraph | None = None) -> str:
    """The file of ``power``'s orders ``given`` and its fleets' movement orders ``moves`` (fleet
    -> sectors) for this turn, sealed to the GM and made with its Team's private key
    ``team_key`` (an illegal order or path is refused with its rule)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey

    after = check(c, power, given, preview=True)
    if moves:
        from rules.strategic.state import build_graph

        give_moves(after, graph or build_graph(c), power, _moves_body(c, power, moves, ""))
    team = c.team_of_power(power)
    assert team is not None
    mine = _public(c, team.id, f"{team.name} has no seal key: set its passphrase first (File > Passphrases)")
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    if team_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw) != mine:
        raise RuleError(TURN_ORDERS, f"that key is not {possessive(team.name)}")
    gm = _public(c, GM, "the GM has no seal key: orders cannot be sealed to the GM (File > Passphrases)")
    campaign = campaign_id_of(c.key_book)
    content: dict[str, Any] = {"campaign": campaign, "turn": c.turn, "power": power, "orders": given}
    if moves:
        content["moves"] = moves
    body = json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    shared = team_key.exchange(X25519PublicKey.from_public_bytes(gm))
    plain = json.dumps({"body": body.decode(), "mac": _mac(shared, body)}, sort_keys=True).encode()
    blob = seal(plain, {GM: c.keys[GM]}, campaign=_context(campaign, power), save=c.turn)
    return json.dumps({"format": FORMAT, "campaign": campaign, "turn": c.turn, "power": power,
                       "sealed": blob.model_dump(mode="json")}, sort_keys=True, indent=1) + "\n"


def _refused(name: str, why: str) -> RuleError:
    return RuleError(TURN_ORDERS, f"{name}: {why}; no orders were imported")


def _json(name: str, text: str | bytes) -> Any:
    """The JSON of file ``name`` (or of its sealed part); a key named twice in one object is refused naming the file
    and the key, as a campaign file's is (:func:`rules.model.json_value.unique_keys`)."""
    try:
        return json.loads(text, object_pairs_hook=unique_keys)
    except DuplicateKey as e:
        raise _refused(name, str(e)) from None


def read(c: Campaign, name: str, text: str, keyring: Keyring) -> Imported:
    """The orders in file ``name`` (its ``text``), opened with the GM's key in ``keyring``; a file
    of the wrong campaign, turn or power, or changed, is refused naming the file and why."""
    import base64

    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey

    try:
        data = _json(name, text)
    except RuleError:  # a key named twice
        raise
    except ValueError:
        raise _refused(name, "not a sealed orders file (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused(name, f"not a sealed orders file (format is not {FORMAT!r})")
    campaign, turn, power = data.get("campaign"), data.get("turn"), data.get("power")
    if campaign != campaign_id_of(c.key_book):
        raise _refused(name, "it was made for another campaign")
    if turn != c.turn:
        raise _refused(name, f"it holds the orders of turn {turn}, this is turn {c.turn}")
    p = c.power(str(power))
    team = c.team_of_power(str(power))
    if p is None or team is None or team.id == GM:
        raise _refused(name, f"{power!r} is not a power of a player's Team in this campaign")
    if orders.key(p.id) in c.turn_asked:
        raise _refused(name, f"{possessive(p.name)} orders for turn {c.turn} are already closed")
    gm = keyring.get(GM)
    if gm is None:
        raise _refused(name, "the GM's key is not open (the GM's passphrase opens sealed orders)")
    try:
        blob = SealedBlob.model_validate(data.get("sealed"))
        if blob.save != c.turn:
            raise WrongPassphrase("sealed", "bound to another turn")
        plain = open_blob(blob, keyring, campaign=_context(str(campaign), p.id))
    except (ValueError, WrongPassphrase):
        raise _refused(name, f"it does not open as {possessive(p.name)} orders for turn {c.turn}: it was changed after it "
                             "was sealed, or made for another power or turn") from None
    if plain is None:
        raise _refused(name, "it is not sealed to the GM")
    inner = _json(name, plain)
    body = str(inner["body"]).encode()
    team_public = c.keys.get(team.id)
    if team_public is None:
        raise _refused(name, f"{team.name} has no seal key: its orders cannot be authenticated")
    shared = gm.exchange(X25519PublicKey.from_public_bytes(base64.b64decode(team_public.public)))
    if not hmac.compare_digest(_mac(shared, body), str(inner["mac"])):
        raise _refused(name, f"it was not made with {possessive(team.name)} key: another Team cannot send {possessive(p.name)} orders")
    got = _json(name, body)
    if (got["campaign"], got["turn"], got["power"]) != (campaign, c.turn, p.id):
        raise _refused(name, "its sealed header differs from its outer one")
    try:
        moves = _moves_body(c, p.id, got.get("moves", {}), "")
    except RuleError as e:
        raise _refused(name, e.message) from None
    return Imported(name, p.id, tuple(got["orders"]), moves)


def read_all(c: Campaign, files: list[tuple[str, str]], keyring: Keyring) -> dict[str, Imported]:
    """Every file read (``(name, text)``), by power; any refusal refuses them all."""
    out: dict[str, Imported] = {}
    for name, text in files:
        got = read(c, name, text, keyring)
        if got.power in out:
            who = c.power(got.power)
            raise _refused(name, f"{out[got.power].name} already holds {possessive(who.name if who else got.power)} orders")
        out[got.power] = got
    return out


def feed(pending: Any, answer: Any, imported: dict[str, Imported]) -> list[str]:
    """Answer the open orders questions whose power's file was imported (each order, then
    ``"done"``) through ``answer``; ``pending()`` gives the open question. The powers fed."""
    fed: list[str] = []
    while True:
        q = pending()
        if q is None or not q.key.startswith("orders/") or q.data.get("power") not in imported:
            return fed
        got = imported[str(q.data["power"])]
        for raw in got.orders:
            try:
                answer(raw)
            except RuleError as e:
                raise type(e)(e.rule, f"{got.name}: {e}") from None
        answer(orders.DONE)
        fed.append(got.power)


def fed_answers(turn: Any, paths: list[str], passphrases: dict[str, str]) -> Any:
    """For ``main.py turn --orders``: the files at ``paths`` read with the GM's passphrase, the
    orders questions answered from them now and after each answer; the answer function to use."""
    from pathlib import Path

    from rules.model.seals import Keyring, unlock

    c = turn.campaign
    if GM not in passphrases or GM not in c.keys:
        raise RuleError(TURN_ORDERS, "sealed orders open with the GM's key: --passphrase gm=FILE")
    ring = Keyring()
    ring.add(GM, unlock(c.keys[GM], passphrases[GM], GM, c.keys))
    imported = read_all(c, [(p, Path(p).read_text(encoding="utf-8")) for p in paths], ring)

    if c.phase is Phase.ORDERS:  # every file's paths checked now, after its Turn Orders, before any answer
        for power in sorted(imported):
            got = imported[power]
            give_moves(check(c, power, list(got.orders)), turn.graph, power, got.moves, f"{got.name}: ")
    moved: list[bool] = []

    def fed() -> None:
        feed(lambda: turn.pending, turn.answer, imported)
        q = turn.pending
        if moved or q is None or q.key != f"turn/{turn.campaign.turn}/orders":
            return
        moved.append(True)  # the GM's movement question: every file's movement orders, checked first
        given: dict[str, list[str]] = {}
        now = turn.campaign
        for power in sorted(imported):
            got = imported[power]
            now = give_moves(now, turn.graph, power, got.moves, f"{got.name}: ")
            given.update((fid, list(path)) for fid, path in got.moves)
        if given:
            turn.answer({"orders": given})

    def answer(raw: Any) -> None:
        turn.answer(raw)
        fed()

    fed()
    return answer


def run_imported(c: Campaign, imported: dict[str, Imported], graph: LaneGraph | None = None) -> Campaign:
    """``c`` with every open orders question whose power's file was imported answered from it,
    then each file's movement orders given (a new campaign; the app applies it as one undoable
    step, so an order or path refused applies nothing)."""
    state = {"c": c}

    def pending() -> Any:
        return orders.pending(state["c"])

    def answer(raw: Any) -> None:
        state["c"] = orders.answer(state["c"], raw)

    feed(pending, answer, imported)
    now = state["c"]
    if any(got.moves for got in imported.values()):
        from rules.strategic.state import build_graph

        lanes = graph or build_graph(now)
        for power in sorted(imported):
            got = imported[power]
            now = give_moves(now, lanes, power, got.moves, f"{got.name}: ")
    return now
