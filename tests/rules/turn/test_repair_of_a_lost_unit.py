"""A repair whose unit is lost before Construction Completion (issue 23; seed 004 Turn Orders: "Any
illegal orders will be canceled and not executed"; the costs "are deducted from the Point Pool during the
Turn Orders Phase, even if the events of the turn prevent their completion"). Found by random play where
bases fight (tests/test_random_base_battles.py): the Federation ordered Battle Station Tau's repair, the
station was destroyed in the next battle, and the paid repair waited at every Construction Completion
after, named by the unit's id ('the repair of BATS fed-bats-tau waits ...: the unit is not at 0509').
Now the repair is cancelled, its points lost, logged by the unit's class and the turn it was ordered."""
from __future__ import annotations

from tests.rules.strategic.builder import fleet
from tests.rules.turn.test_base_damage_levels import base_campaign, fought, order
from rules.turn import purchases

LINE = ("Fed at Earth (0303): the SB whose repair was ordered on turn 1 is no longer in "
        "play (destroyed or captured): the repair is cancelled, its 6 EP paid are lost")


def test_the_repair_of_a_base_destroyed_in_battle_is_cancelled_and_its_points_lost():
    c = order(base_campaign(levels=1, fleets=[fleet("k", "klingon", "0303")]))
    pool = c.power("fed").economy.point_pool
    assert [j.repair_of for j in c.power("fed").economy.projects] == ["sb"]
    after = fought(c, [], destroyed=["sb"])
    assert all(u.id != "sb" for u in after.sector_at("0303").garrison)  # the write-back took it off
    said: dict[str, list[str]] = {}
    done = purchases.complete(after, said)
    assert done.power("fed").economy.projects == []  # not waiting for ever
    assert done.power("fed").economy.point_pool == pool  # the points paid stay spent
    assert said["fed"] == [LINE]
    assert [e.rule for e in done.log if e.text == LINE] == ["004 Turn Orders Phase"]


def test_the_repair_of_a_base_still_in_play_but_not_crippled_waits_as_before():
    c = order(base_campaign(levels=1))
    c.sector_at("0303").garrison[0].crippled, c.sector_at("0303").garrison[0].damage_levels = False, 0
    done = purchases.complete(c)
    assert [j.repair_of for j in done.power("fed").economy.projects] == ["sb"]
