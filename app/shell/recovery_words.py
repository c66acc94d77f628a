"""What a recovered autosave holds that the saved file has not, in a user's words (the Recover
dialog's list: :meth:`app.shell.files.CampaignFilesMixin._offer_recovery`). Moved out of
app/shell/files.py, which had reached the module size limit (issue 21)."""
from __future__ import annotations

from rules.model import Campaign
from rules.model.records import BattleHexRecord, Phase
from rules.strategic import meetings


def differences(saved: Campaign, recovered: Campaign) -> list[str]:
    """What the recovered campaign has that the saved one has not, in a user's words."""
    out = []
    if recovered.turn != saved.turn:
        out.append(f"turn {recovered.turn} (the file: turn {saved.turn})")
    if recovered.phase != saved.phase:
        out.append(f"phase: {_phase(recovered.phase)}; the file is at {_phase(saved.phase)}")
    before: dict[tuple[object, ...], list[BattleHexRecord]] = {}
    for b in saved.battle_hexes:  # each meeting by its sides: a sector may hold several (issue 22)
        before.setdefault(_meeting(b), []).append(b)
    shown = meetings.labels(recovered, range(len(recovered.battle_hexes)))
    for b, label in zip(recovered.battle_hexes, shown):
        same = before.get(_meeting(b))
        old = same.pop(0) if same else None
        at, _, sides = label.partition(": ")
        where = f"Battle Hex {at} ({sides})"
        if old is None:
            out.append(f"{where}: new" + (f", {_count(len(b.answers), 'answer')}" if b.answers else ""))
        elif b.resolved and not old.resolved:
            out.append(f"{where}: resolved")
        elif len(b.answers) != len(old.answers) or b.answers != old.answers:
            out.append(f"{where}: {_count(len(b.answers), 'battle answer')} (the file: {len(old.answers)})")
    orders = sum(1 for f in recovered.fleets
                 if f.orders and f.orders != next((g.orders for g in saved.fleets if g.id == f.id), None))
    if orders:
        out.append(f"movement orders of {_count(orders, 'fleet')}")
    return out or ["other changes"]


def _meeting(b: BattleHexRecord) -> tuple[object, ...]:
    """What tells one Battle Hex record from another of the same sector: its turn, kind and sides."""
    return str(b.at), b.turn, b.kind, b.attacker, b.defender, str(b.between)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def _phase(value: object) -> str:
    """A phase as the phase bar names it ("Combat: Space Combat (Battle Hexes)", not "battles")."""
    return value.title if isinstance(value, Phase) else _name(value)


def _name(value: object) -> str:
    return str(getattr(value, "value", value)).replace("_", " ")
