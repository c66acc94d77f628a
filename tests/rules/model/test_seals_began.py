"""Issue 20 over issue 22's kept inputs: a resolved Battle Hex's ``began`` (the fleets and fixed
units as the battle began, for its replay) holds the hidden units the live file seals (cloaked,
incidental: V13.03, V13.29). They are sealed exactly as the live ones: for their Team and the
GM, at their place; no other Team reads them in the file or in the part its passphrase opens."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.model import CampaignError, dumps, parse_campaign
from rules.model.campaign import Campaign
from rules.model.key_book import campaign_id_of
from rules.model.seals import Keyring, SealedBlob, new_key, open_blob, pin_of
from rules.model.secrets import with_key
from rules.model.visibility import mark
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.play.random_battle import play_at_random
from tests.hand_kept import hand_kept

TEAMS = ("alliance", "coalition", "orions")
AT = Label.parse("0509")
QUIET = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
         (Label.parse("0907"), "alliance", "coalition"): False}


def _hidden(c: Campaign) -> dict[str, set[str]]:
    """Team id -> names and ids of its hidden units (judged by their flags, not by the seam)."""
    out: dict[str, set[str]] = {}
    for f in c.fleets:
        t = c.team_of_power(f.power)
        hidden = [u for u in f.units if u.is_cloaked or u.is_incidental]
        got = out.setdefault(t.id if t else "gm", set())
        got |= {x for u in hidden for x in (u.name, u.id)}
        if hidden and len(hidden) == len(f.units):
            got |= {f.name, f.id}
    for s in c.map.sectors:
        t = c.team_of_power(s.owner)
        out.setdefault(t.id if t else "gm", set()).update(
            x for u in s.garrison if u.is_cloaked or u.is_incidental for x in (u.name, u.id))
    return out


@pytest.fixture(scope="module")
def fought() -> tuple[Campaign, Campaign, Keyring]:
    """The default campaign keyed for the GM and every Team, its 0509 battle (the cloaked Shadow
    Squadron, the Alliance's incidental units) fought to its end: (before, after, keys)."""
    c, ring = hand_kept(), Keyring()
    gm, private = new_key("the game master", holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for t in TEAMS:
        record, own = new_key(f"{t} passphrase", holder=t, pin=pin_of(c.keys))
        ring.add(t, own)
        c = with_key(c, t, record, ring)
    g = build_graph(c)
    before = mark(c, end_movement(c, g, QUIET).campaign)
    played = play_at_random(before, AT, "sidcors", 3, g, stubborn=0.2)
    return before, mark(before, played.run.saved()), ring  # marked as every step is (app/shell/session.py)


def test_the_began_units_are_sealed_for_their_team(fought) -> None:
    before, after, ring = fought
    rec = next(r for r in after.battle_hexes if r.at == AT and r.resolved)
    assert rec.began is not None
    secrets = _hidden(before)
    began_names = {x for f in rec.began.fleets for u in f.units for x in (u.name, u.id)} | \
        {x for u in rec.began.garrison for x in (u.name, u.id)}
    assert {"Shadow Squadron (cloaked)", "RIS Talon"} <= secrets["coalition"]
    assert "RIS Talon" in began_names and secrets["alliance"] & began_names  # the snapshot holds both sides' secrets
    text = dumps(after)
    data = json.loads(text)
    plain = json.dumps({k: v for k, v in data.items() if k != "sealed"})
    found = sorted(n for names in secrets.values() for n in names if n in plain)
    assert not found, f"the saved file without a passphrase names {found}"
    leaks: list[str] = []
    opened: set[str] = set()
    for viewer in TEAMS:
        own = Keyring()
        own.add(viewer, ring.get(viewer))
        kept = set().union(*(s for t, s in secrets.items() if t != viewer))
        for raw in data["sealed"]["blobs"]:
            got = open_blob(SealedBlob.model_validate(raw), own, campaign_id_of(after.key_book))
            if got is None:
                continue
            # the battle's words (its result, the log) name what the sides saw of each other; the
            # snapshot's places hold only the viewer's own hidden units
            began = json.dumps([v for path, v in json.loads(got)["secrets"] if "began" in path])
            leaks += [f"{viewer}'s part names {n!r} in the battle's kept inputs" for n in sorted(kept) if n in began]
            opened |= {viewer} if "RIS Talon" in began or "fed-defsat-tau" in began else set()
    assert not leaks, "\n".join(leaks)
    assert opened == {"alliance", "coalition"}  # each Team's own part holds its own hidden units of the snapshot


def test_the_began_units_come_back_in_place(fought) -> None:
    _before, after, ring = fought
    again = parse_campaign(dumps(after), "reopened.json", keyring=ring)
    old = next(r for r in after.battle_hexes if r.at == AT and r.resolved)
    new = next(r for r in again.battle_hexes if r.at == AT and r.resolved)
    assert new.began == old.began


def test_a_began_unit_moved_out_of_its_seal_is_refused(fought) -> None:
    """A hidden unit of the snapshot put back readable (its sealed copy kept) is refused by its
    place, as a live one is."""
    _before, after, ring = fought
    data = json.loads(dumps(after))
    i = next(i for i, r in enumerate(after.battle_hexes) if r.at == AT and r.resolved)
    rec = after.battle_hexes[i]
    assert rec.began is not None
    shadow = next(j for j, f in enumerate(rec.began.fleets) if f.name == "Shadow Squadron (cloaked)")
    fleets = data["battle_hexes"][i]["began"]["fleets"]
    fleets.insert(shadow, rec.began.fleets[shadow].model_dump(mode="json", exclude_defaults=True))
    with pytest.raises(CampaignError, match="began"):
        parse_campaign(json.dumps(data), "changed.json", keyring=ring)
