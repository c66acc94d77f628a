"""A resolved Battle Hex record's words (its resolution, participants, answers) are sealed for
every Team entitled to them (issue 23, H5): the default campaign's AF/EF battle at 0509, where
the Coalition damaged the Alliance's incidental Tau Ceti IV Ground Base Alpha and destroyed the
incidental Tau Defense Satellite (V13.03). The record's resolution names them, and it was sealed
for the Alliance (and the GM) alone: the Coalition, which fought them (the result line of the log
is already its to read, 4a29fc9), found its own battle's record emptied in its Team copy, and its
own answers (its attacks on the base) gone with it. Now the record is the two sides' (and the
GM's); a Team not in the battle (the Orions) still gets none of it."""
from __future__ import annotations

from rules.model.secrets import secret_places
from rules.model.team_copy import make_copy
from rules.opening import open_campaign_file
from tests.rules.battlehex.test_results_sight import AT, HIDDEN, PASSES, fought, keyed  # noqa: F401 (fixture)

WHOLE = "destroyed: Tau Defense Satellite; damaged: Tau Ceti IV Ground Base Alpha"


def test_the_record_s_words_are_the_two_sides_secret(fought):  # noqa: F811
    after = fought[1]
    i, rec = next((i, b) for i, b in enumerate(after.battle_hexes) if b.at == AT)
    assert rec.resolved and WHOLE in rec.resolution
    assert rec.secret_of == ["alliance", "coalition"]
    owners = {p[2:]: o for p, o in secret_places(after) if p[:2] == ("battle_hexes", i) and p[2] != "began"}
    assert owners[("resolution",)] == ("alliance", "coalition")
    assert {o for p, o in owners.items() if p[0] == "answers"} == {("alliance", "coalition")}


def test_each_side_s_copy_reads_the_record_whole_and_a_third_team_s_has_none_of_it(fought, tmp_path):  # noqa: F811
    c, key = keyed(fought[1])
    for team in ("alliance", "coalition"):
        path = tmp_path / f"{team}.json"
        path.write_text(make_copy(c, team, key), encoding="utf-8")
        rec = next(b for b in open_campaign_file(path, passphrases={team: PASSES[team]}).battle_hexes
                   if b.at == AT)
        assert WHOLE in rec.resolution, (team, rec.resolution)
        assert len(rec.answers) == 5, (team, rec.answers)  # its own attacks on the base, and the other side's
    orions = make_copy(c, "orions", key)
    assert not [h for h in HIDDEN if h in orions]
