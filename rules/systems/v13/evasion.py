"""Where a sub-light evader stands for its fate (V13.90): the special routings (V13.921-V13.924)
and the hex class and terrain the fate tables read, asked both when the fate is rolled after
the battle and when a player chooses sub-light evasion, so the exact odds shown beside the
choice are those of the roll that follows (issue 12)."""
from __future__ import annotations

from typing import NamedTuple

from rules.battlehex.roster import BUnit
from rules.battlehex.state import Ctx
from rules.systems.v13.sublight import HexClass, Outcome, classify, routing
from rules.model.types import Terrain
from rules.systems.v13.odds import evasion_text

SPECIAL_RULE = {Outcome.AWAITING_RENDEZVOUS: "V13.921", Outcome.SHARES_TOWER: "V13.924", Outcome.AT_BASE: "V13.923"}


class Evasion(NamedTuple):
    """How ``unit``'s sub-light evasion is settled: a special routing, or the fate tables."""

    special: Outcome | None
    hex_class: HexClass
    terrain: Terrain
    orion: bool


def evasion_of(ctx: Ctx, u: BUnit, towed: bool | None = None) -> Evasion:
    """What settles ``u``'s evasion in this Battle Hex (``towed``: by default, its method says)."""
    st, s = ctx.state, ctx.strategic
    sec = s.sectors.get(st.record.at)
    owner_team = s.team_of(s.owner(st.record.at))
    bases = [x for x in st.units.values() if x.team == u.team and x.is_base and x.present]
    own_system = sec is not None and sec.star_system is not None and owner_team is not None \
        and owner_team.id == u.team
    towed = u.method.startswith("towed by") if towed is None else towed
    special = routing(u.unit.native_sublight, towed, bool(bases) or own_system)
    mine = owner_team is not None and owner_team.id == u.team
    hostile = owner_team is not None and not mine and s.dip.teams_may_fight(st.teams[u.team], owner_team)
    terrain = st.record.terrain or Terrain.NONE
    hc = classify(mine, owner_team is not None and hostile, terrain)
    return Evasion(special, hc, st.record.terrain, st.teams[u.team].is_orion_pirates)


def evasion_odds_line(ctx: Ctx, u: BUnit) -> str:
    """The exact odds of ``u``'s fate if it evades at sub-light now (V13.90), in words."""
    e = evasion_of(ctx, u, towed=False)
    if e.special is not None:
        return f"sub-light evasion: {e.special.value}, certain"
    return (f"sub-light evasion ({e.hex_class.value} hex, {e.terrain.title}): "
            + evasion_text(u.unit, e.hex_class, e.terrain, e.orion))

