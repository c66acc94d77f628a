"""A Team's own copy of the campaign file, for play by e-mail (issue 23).

The GM makes, for one Team, a copy holding only what that Team may know: the table's view plus
its own secrets (:func:`rules.model.secrets.secret_places` says what is secret and whose,
:func:`rules.model.visibility.may_read` who may read it). Every other Team's secret is taken
out of the copy entirely, not sealed: its hidden units, fleets made only of them, the log lines
and Battle Hex words naming them, the GM's own secrets; so is every other Team's powers' economy
record (a seated Team's Empire Sheet shows only its own powers'; only the units in Reserve or
mothballed, which the table's view shows, are kept), the Exhibit B facts an Intel mission left
between two other powers and another power's failed attempts, every other Team's Economic Points
(V13.28), which other powers closed their Turn Orders and their fleets' plotted movement orders.
The copy keeps the key records of the GM and of its Team alone (the key book signed anew for
those two by the GM), so its Team's
secrets are sealed for that Team (and the GM) as in any file, and its Team's passphrase opens
it. It is marked (``team_copy``: the Team and the turn) and signed with the GM's Ed25519 key
over everything else in the file, the campaign's id and the sealed parts included, so a copy
edited to add units, or moved to another Team or turn, is refused when it is opened; the
Team's passphrase checks the GM's key record against the one its own key was made with
(its pin, :func:`rules.model.seals.unlock`), so a copy signed again with another key is
refused too. A copy opens read-only: a player enters and exports orders from it
(:mod:`rules.turn.sealed_orders`); the GM imports them into the campaign's own file.
Threat model: docs/SECRETS.md.
"""
from __future__ import annotations

import base64
import binascii
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.errors import RuleError
from rules.model.campaign import Campaign, TeamCopyMark
from rules.model.checks import Problem, check_campaign
from rules.model.economy_model import PowerEconomy
from rules.model.json_value import unique_keys
from rules.model.key_book import campaign_id_of, signed_book
from rules.model.seals import GM, LOG_RULE, signing_key, signing_public
from rules.model.secrets import seal_data, secret_places
from rules.model.visibility import may_read

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

__all__ = ["RULE", "copy_problems", "make_copy", "peek", "refuse_own_file"]

RULE = f"{LOG_RULE} (Team copy)"
"""Cited by its refusals: the section a person reads (docs/SECRETS.md's "Team copy"), not a file path."""
_TAG = b"battlehex team copy v1\n"


def _message(data: dict[str, Any]) -> bytes:
    """What the GM signs: the whole file but the signature itself, as canonical JSON."""
    mark = {k: v for k, v in data["team_copy"].items() if k != "signature"}
    rest = {**data, "team_copy": mark}
    return _TAG + json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


_LOST = "a Team copy would replace it and every other Team's secret in it; write the copy to another file"


def refuse_own_file(out: Path, campaign: Path, why: str = _LOST) -> None:
    """Refuses writing a copy (or a player's sealed orders, ``why`` says so) over the campaign's
    own file: the copy would replace it, every other Team's secret lost for good.

    Raises:
        RuleError: ``out`` is the file ``campaign`` (by another spelling or link too).
    """
    try:
        same = out.resolve() == campaign.resolve() or (out.exists() and out.samefile(campaign))
    except OSError:
        same = False
    if same:
        raise RuleError(RULE, f"{out.name} is the campaign's own file: {why}")


def make_copy(c: Campaign, team: str, gm: X25519PrivateKey) -> str:
    """The text of ``team``'s own copy of ``c``, signed with the GM's key ``gm``.

    Raises:
        RuleError: ``team`` is not a player's Team, or it or the GM holds no key; ``gm`` is not
            the GM's key; ``c`` is a Team copy itself.
    """
    t = next((x for x in c.teams if x.id == team), None)
    if t is None or team == GM:
        raise RuleError(RULE, f"{team!r} is not a player's Team of {c.name}")
    if c.team_copy is not None:
        raise RuleError(RULE, "this file is a Team copy: the GM makes copies from the campaign's own file")
    record = c.keys.get(GM)
    if record is None or record.sign is None:
        raise RuleError(RULE, "the GM holds no signing key: set the GM's passphrase first (File > Passphrases)")
    if signing_public(gm) != record.sign:
        raise RuleError(RULE, "that is not the GM's key: the GM's passphrase signs a Team copy")
    if team not in c.keys:
        raise RuleError(RULE, f"{t.name} holds no passphrase: set it first (File > Passphrases), so that its "
                              "copy opens with it and its orders are made with its key")
    data = c.model_dump(mode="json", exclude_defaults=True)
    gone = [p for p, owner in secret_places(c) if not may_read(owner, team)]
    answers = [p for p in gone if p[0] == "battle_hexes" and p[2:3] == ("answers",)]
    for i in sorted({p[1] for p in answers}):  # answers are named by index (secret_answers): a record with
        data["battle_hexes"][i].pop("answers", None)  # another's among them keeps none (they are only its
        data["battle_hexes"][i].pop("secret_answers", None)  # replay's, which a copy never plays)
    gone = [p for p in gone if p not in answers]
    for place in sorted(gone, key=_order, reverse=True):  # the last first: earlier places keep their index
        parent: Any = data
        for part in place[:-1]:
            parent = parent[part]
        del parent[place[-1]]
    keys = {GM: record, team: c.keys[team]}
    copy = _economies_out(Campaign.model_validate(data), t.powers).model_copy(update={
        "keys": keys, "key_book": signed_book(keys, campaign_id_of(c.key_book), gm, copy=team),
        "team_copy": TeamCopyMark(team=team, turn=c.turn)})
    problems = check_campaign(copy)
    if problems:
        raise RuleError(RULE, f"the copy for {t.name} would not open ({problems[0]}): none was made")
    out = seal_data(copy.model_dump(mode="json", exclude_defaults=True), copy)
    out["team_copy"]["signature"] = base64.b64encode(signing_key(gm).sign(_message(out))).decode()
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"


_SPIED = frozenset({"caught_espionage", "caught_sabotage", "caught_insurgency", "implicated_sabotage"})
"""Exhibit B facts an Intel mission's ruling writes: told to the two Teams alone (their log line)."""


def _economies_out(c: Campaign, own: list[str]) -> Campaign:
    """``c`` (changed in place) without the economy of every power but ``own`` (a seated Team's
    Empire Sheet shows only its own powers'; the seed makes no figure of it public): of each
    other power's record only what the table's view shows is kept, its units (still in the copy)
    in Reserve or mothballed (the inspector says why such a fleet cannot move); without
    the Exhibit B facts an Intel mission left between two powers not ``own`` (caught, implicated:
    their log line is those two Teams' alone) and another power's failed attempts; without the
    other Teams' Economic Points (V13.28), which other powers closed their own questions
    (Turn Orders, research, Intel missions' effects: ``turn_asked``) and the movement orders
    plotted for their fleets and the planets their Colony Fleets are to settle."""
    units = {u.id for f in c.fleets for u in f.units} | {u.id for s in c.map.sectors for u in s.garrison}
    for p in c.powers:
        if p.id in own or p.economy is None:
            continue
        kept = PowerEconomy(reserve=[u for u in p.economy.reserve if u in units],
                            mothballed=[u for u in p.economy.mothballed if u in units])
        p.economy = None if kept == PowerEconomy() else kept
    for pair in c.treaties:
        pair.facts = [f for f in pair.facts if (set(pair.powers) & set(own) or f.fact not in _SPIED)
                      and (f.fact != _FAILED or f.by in own)]
    for t in c.teams:
        if not set(t.powers) & set(own):
            t.economic_points = 0  # V13.28's awards add up there: the Team's economy, its own
    c.turn_asked = [k for k in c.turn_asked if _asked_of(k) in (None, *own)]
    for f in c.fleets:
        if f.power not in own:
            f.orders = []  # its plotted movement orders: its Team's Turn Orders (the screen draws the seat's alone)
            f.cargo = [x.model_copy(update={"settle_at": None, "settle_planet": None}) for x in f.cargo]  # its
            # Colony Fleet's chosen planet (rules/turn/colonize.py choose): a Turn Order too
    return c


_FAILED = "last_attempt_failed"
"""An attempt that failed, counted by its own power's next (Exhibit B): the target is not told."""
_ASKED = {"orders": 1, "tech": 2, "mission": 1}
"""The ``turn_asked`` keys of a power's own questions (its Turn Orders closed, its research
invested or rolled, its Intel missions' effects) and where they name the power."""


def _asked_of(key: str) -> str | None:
    """The power whose own question the ``turn_asked`` key ``key`` answered, or ``None``."""
    parts = key.split("=")[0].split("/")
    at = _ASKED.get(parts[0])
    return parts[at] if at is not None and len(parts) > at else None


def _order(place: tuple[str | int, ...]) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, p) if isinstance(p, int) else (1, str(p)) for p in place)


def copy_problems(data: dict[str, Any]) -> list[Problem]:
    """Why the file data ``data`` (as read, its secrets still sealed) is not a Team copy as the
    GM signed it; empty when it is, or when it is no Team copy."""
    mark, book = data.get("team_copy"), data.get("key_book")

    def refused(why: str, field: str = "team_copy") -> list[Problem]:
        return [Problem(field, f"{why}: refused (a Team copy opens only as the GM made it)")]

    made_for = book.get("copy_for") if isinstance(book, dict) else None  # signed with the book (key_book.py)
    if mark is None and made_for is not None:
        return refused(f"the GM signed these key records for the Team copy of {made_for!r}, and the file is no "
                       "longer marked as a copy: a copy never opens as the campaign's own file", "key_book")
    if mark is None:
        return []

    if not isinstance(mark, dict) or not isinstance(mark.get("signature"), str) or not mark["signature"]:
        return refused("a Team copy without the GM's signature")
    team, keys = mark.get("team"), data.get("keys")
    if not isinstance(keys, dict) or set(keys) != {GM, team} or not isinstance(keys[GM], dict):
        return refused(f"a Team copy holds the key records of the GM and of its Team {team!r} alone, this one "
                       f"{sorted(keys) if isinstance(keys, dict) else 'none'}")
    if mark.get("turn") != data.get("turn", 1):
        return refused(f"the copy was made for turn {mark.get('turn')}, its campaign is at turn "
                       f"{data.get('turn', 1)}: the file was changed")
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    try:
        public = Ed25519PublicKey.from_public_bytes(base64.b64decode(str(keys[GM].get("sign")), validate=True))
        public.verify(base64.b64decode(mark["signature"], validate=True), _message(data))
    except (InvalidSignature, ValueError, binascii.Error):
        return refused("the GM's signature does not match the copy: it was changed after the GM made it "
                       "(units added or taken out, another Team or turn)")
    return []


def peek(path: str | Path) -> TeamCopyMark | None:
    """The mark of the Team copy at ``path`` (for whom, which turn), unchecked; ``None`` when
    the file is no Team copy or cannot be read (opening it then says why)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        if "\"team_copy\"" not in text:
            return None
        data = json.loads(text, object_pairs_hook=unique_keys)  # a key twice: no mark (opening refuses it, naming it)
        mark = data.get("team_copy") if isinstance(data, dict) else None
        return None if mark is None else TeamCopyMark.model_validate(mark)
    except (OSError, ValueError):
        return None
