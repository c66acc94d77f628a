"""A mixed-empire side whose convoy of another power must take part (I8's random play, session of 2026-11-28:
``random`` game 2003, STCS, seed 004's economy, turn 2 or 3): the Coalition at 0509 was asked "the force (618) is over
the capacity of IKV Kumara (1500): choose the units that stay out", and no answer was legal. Under the Klingon
flagship the Romulan transports, which may not stay out, outweighed every Klingon unit (seed 004 BPV Capacity,
mixed-empire fleets: the flagship's power provides at least 50% of the BPV), so keeping any units out could not
make the force legal: a wall. The flagships offered are now those under which the rule can hold."""
from __future__ import annotations

from itertools import combinations

from rules.battlehex.headless_systems import with_system
from rules.battlehex.log import IllegalAnswer
from rules.composition import flagship_candidates, members_in
from rules.model.campaign import Fleet
from rules.model.turn_model import FleetKind
from rules.systems import start
from tests.play.pressed import NONE, pressed
from tests.play.walk import formed


def _coalition_with_romulan_transports(transports: int):
    """The default campaign after End Movement: at 0509 the Klingon deep strike cut to IKV Kumara (with the
    Klingon Transport Fleet), the Romulan squadron and ``transports`` Romulan Transport Fleets of seven ships."""
    c, graph = formed(-1)
    c = c.model_copy(deep=True)
    at = c.battle_hexes[0].at
    assert str(at) == "0509" and c.battle_hexes[0].attacker == "coalition"
    strike = next(f for f in c.fleets if f.id == "kli-deep-strike")
    strike.units = strike.units[:1]
    model = next(f for f in c.fleets if f.id == "kli-transport-7")
    for k in range(transports):
        c.fleets.append(Fleet(id=f"rom-tf-{k}", name=f"Romulan Transport Fleet {k}", power="romulan", sector=at,
                              kind=FleetKind.TRANSPORT,
                              units=[u.model_copy(update={"id": f"{u.id}-rom-{k}"}) for u in model.units]))
    return c, graph, at


def _coalition(c, at):
    powers = next(t.powers for t in c.teams if t.id == "coalition")
    return members_in(c, str(at), powers)


def test_a_flagship_whose_power_the_convoy_outweighs_is_not_offered():
    c, _, at = _coalition_with_romulan_transports(3)  # Klingon 126 + 112 (its transports) against 336 Romulan
    offered = flagship_candidates(_coalition(c, at), "bpv")
    assert "kli-d7-kumara" not in offered and offered[0] == "rom-kr-talon"


def test_without_the_convoy_the_best_command_rating_still_comes_first():
    c, _, at = _coalition_with_romulan_transports(0)
    assert flagship_candidates(_coalition(c, at), "bpv")[0] == "kli-d7-kumara"


def test_return_at_every_question_passes_the_composition():
    c, graph, at = _coalition_with_romulan_transports(3)
    b = start(with_system(c, at, "v13", 0), at, graph)
    while b.pending is not None and b.pending.key.startswith("composition/"):
        q = b.pending
        if q.key.endswith("/out"):  # some answer is legal (the old flagship left none)
            legal = []
            for k in range(len(q.options) + 1):
                for pick in combinations(q.options, k):
                    try:
                        q.check(list(pick))
                    except IllegalAnswer:
                        continue
                    legal.append(pick)
            assert legal, q.text
        answer = pressed(q)
        assert answer is not NONE
        b.answer(answer)
    assert b.pending is not None and not b.pending.key.startswith("composition/")
    said = [e.text for e in b.log.events if e.text.startswith("Coalition: flagship")]
    assert said == ["Coalition: flagship RIS Talon; 884 of 1100 (BPV Capacity): every unit takes part"]
