"""Issue 25: the secret dice do not tell the other side how many there were. A cloak scan rolls a die per
cloaked ship within 30 hexes, seen by the cloaked side and the GM; the battle's dice were one seeded
stream, so with the seed (plain in the file) Blue could replay the public rolls after a scan and count
the secret ones before them. Secret rolls now have streams of their own (:meth:`DiceRoller.roll`'s
``secret``), and a scan writes one secret line however many ships it rolled for."""
from __future__ import annotations

import json

from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_leaks import BLUE, RED, blue_sees
from tests.rules.systems.v13.helpers import AT

OPENING = ["sublight", ["lexington"]]
AFTER = ["lock:enterprise:d7", "lock:d7:enterprise", "next", "none", "lock:enterprise:d7", "lock:d7:enterprise"]
"""Public rolls after the scan: both locks (on the seeded dice), the segment's end, the locks not held."""


def scanned(path: str) -> STCSBattle:
    """On the seeded dice, the Bird of Prey moves 15 hexes in secret along ``path``, then the Enterprise
    scans, Red answering in secret, then the public acts of ``AFTER``."""
    run = STCSBattle(stcs_campaign(), AT)
    for a in [*OPENING, "move:bop", "15", path, "scan:enterprise", 8]:
        run.answer(a)
    for a in AFTER:
        if a in run.pending.options:  # (a lock held is not offered again)
            run.answer(a)
    return run


def test_blue_reads_the_same_public_dice_whether_a_cloaked_ship_was_scanned_or_not(tmp_path) -> None:
    near, far = scanned("A:14"), scanned("F:13")
    assert near.engine.range("bop", "enterprise") == 24 and far.engine.range("bop", "enterprise") == 37
    assert near.engine.locks.get("enterprise") != "bop"  # the scan found nothing either way
    assert "scan die" in near.events_json(RED) and "scan die" not in far.events_json(RED)
    public = [[(e.text, e.data.get("faces")) for e in r.log.for_viewer(BLUE) if e.kind == "roll"] for r in (near, far)]
    assert len(public[0]) >= 3 and public[0] == public[1]  # the same faces after the scan
    assert blue_sees(near, tmp_path) == blue_sees(far, tmp_path)  # log (its numbering too), screen and file
    assert json.loads(near.events_json(BLUE))[-1]["seq"] == json.loads(far.events_json(BLUE))[-1]["seq"]


def public_faces(run: STCSBattle) -> list[tuple[str, list[int]]]:
    return [(e.text, e.data["faces"]) for e in run.log.for_viewer(BLUE) if e.kind == "roll"]


def test_a_cloaked_ships_warp_out_attempt_does_not_shift_the_public_dice() -> None:
    """Its activation die was seen by Red and the GM only but taken from the public stream: the locks rolled
    after it told Blue (with the seed) that one was rolled."""
    runs = []
    for pick in ("warpout:bop:2", "none"):
        run = STCSBattle(stcs_campaign(), AT)
        for a in [*OPENING, "next", pick]:
            run.answer(a)
        for a in ("lock:enterprise:d7", "lock:d7:enterprise", "next", "none", "lock:enterprise:d7"):
            if a in run.pending.options:
                run.answer(a)
        runs.append(run)
    assert "warp engine activation" in runs[0].events_json(RED)
    assert "warp engine activation" not in json.dumps(public_faces(runs[0]))
    assert len(public_faces(runs[1])) >= 3 and public_faces(runs[0]) == public_faces(runs[1])


def tied(efficiency: int) -> STCSBattle:
    """The Bird of Prey a Class VIII of ``efficiency`` (57: tied with the Enterprise for the tactical advantage,
    broken by dice seen by Red and the GM only), then the public locks."""
    from rules.model import io
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from tests.rules.systems.stcs.helpers import BOP, D7, FED, ship
    from tests.rules.systems.v13.helpers import duel

    bop = {**BOP, "class_size": 8, "crew_efficiency": efficiency}
    c = duel([ship("enterprise", FED, name="Enterprise"), ship("lexington", FED, name="Lexington")],
             [ship("d7", D7, name="Klothos"), ship("bop", bop, name="Bird of Prey", cloak_capable=True, is_cloaked=True)])
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "stcs"
    c = type(c).model_validate(data)
    run = STCSBattle(end_movement(c, build_graph(c)).campaign, AT)
    for a in [*OPENING, *AFTER]:
        if a in run.pending.options or not run.pending.key.endswith("/act"):
            run.answer(a)
    return run


def test_a_tie_with_a_cloaked_ship_does_not_shift_the_public_dice() -> None:
    tie, none = tied(57), tied(53)
    assert "tactical advantage: Bird of Prey's captain" in tie.events_json(RED)
    assert "tactical advantage: Bird of Prey's captain" not in none.events_json(RED)
    assert len(public_faces(none)) >= 3 and public_faces(tie) == public_faces(none)
