"""A Team that ignores units at End Movement (V13.16 independent Orions, V13.18 a sub-light unit) has no meeting with
them in seed 004's Encounters Phase: "This prevents the formation of a Battle Hex for that Movement Phase". The default
campaign offers it ("either side at Rook's Rest may ignore the independent Orions (V13.16)"; "the Federation may choose
to ignore the sub-light monitor (V13.18)"), but the Encounters Phase opened a meeting for every pair of Teams in a
sector, ignored or not: the Coalition ignored the Orions at 0703 and still met them (a Coalition-Orion battle), and at
0907 the Alliance ignored IKV Kor'Vat and still met the Coalition."""
from __future__ import annotations

from rules.model import load_campaign
from rules.turn.run import TurnRun, play
from tests.conftest import DEFAULT
from tests.rules.turn.test_encounter_facts import TO_ENCOUNTERS

TO_MOVEMENT = TO_ENCOUNTERS[:TO_ENCOUNTERS.index("end_movement") + 1]
"""Turn 1 of the default campaign to its End Movement (the ignore questions come next)."""


def _encounters(ignore: set[str]) -> TurnRun:
    """End Movement with the ignore questions whose key names ``team/unit`` answered "ignore" (the rest: pay
    attention), then End Phase into the Encounters Phase."""
    run = play(load_campaign(DEFAULT), list(TO_MOVEMENT))
    asked = []
    while run.pending.key.startswith("turn/1/ignore/"):
        asked.append(run.pending.key.removeprefix("turn/1/ignore/"))
        run.answer(asked[-1] in ignore)
    assert asked == ["alliance/ori-cr-1", "coalition/ori-cr-1", "alliance/kli-mon-korvat"], asked
    run.answer("end_phase")  # Supply -> Encounters
    return run


def meetings(run: TurnRun, at: str) -> list[tuple[str, str]]:
    return [(r.attacker, r.defender) for r in run.campaign.battle_hexes if str(r.at) == at]


def test_nobody_ignores_three_meetings_at_0703() -> None:
    run = _encounters(set())
    assert meetings(run, "0703") == [("coalition", "alliance"), ("alliance", "orions"), ("coalition", "orions")]
    assert meetings(run, "0907") == [("alliance", "coalition")]


def test_the_coalition_ignoring_the_orions_does_not_meet_them() -> None:
    run = _encounters({"coalition/ori-cr-1"})
    assert meetings(run, "0703") == [("coalition", "alliance"), ("alliance", "orions")]
    asked = _questions(run)
    assert [q for q in asked if "0703" in q and "Orion Pirates" in q]  # the Alliance and the Orions meet
    assert not [q for q in asked if "0703" in q and "Coalition" in q and "Orion Pirates" in q], asked


def test_both_ignoring_the_orions_leaves_the_orions_out_of_every_meeting() -> None:
    run = _encounters({"alliance/ori-cr-1", "coalition/ori-cr-1"})
    assert meetings(run, "0703") == [("coalition", "alliance")]
    asked = _questions(run)
    assert [q for q in asked if "0703" in q] and not [q for q in asked if "Orion Pirates" in q], asked


def test_the_alliance_ignoring_the_sub_light_monitor_does_not_meet_the_coalition_at_0907() -> None:
    run = _encounters({"alliance/kli-mon-korvat"})
    assert meetings(run, "0907") == []
    asked = _questions(run)
    assert asked and not [q for q in asked if "0907" in q], asked


def _questions(run: TurnRun) -> list[str]:
    """The words of the Encounters Phase's questions, each answered "no demand" (the rest: yes)."""
    texts = []
    while not run.pending.key.endswith("/encounters/end"):
        texts.append(run.pending.text)
        run.answer("none" if "/demand/" in run.pending.key else True)
    return texts
