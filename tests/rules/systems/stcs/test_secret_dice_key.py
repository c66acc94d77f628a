"""Issue 25's tell: the battle's seed is plain in the file, and the secret dice streams (the cloak scan dice,
a cloaked ship's activation die...) were SHA-256 of the seed and a key a reader can guess, so a player holding
the file recomputed them. A battle the GM begins now gets a random key of its secret streams, kept in its
record and sealed for the GM alone: Blue's own copy (play by e-mail) holds no key, and what Blue can compute
from it is not the stream the battle rolled; the GM's file replays byte for byte."""
from __future__ import annotations

import json

from rules.dice import DiceExpr, DiceRoller, new_dice_key
from rules.model import save_campaign
from rules.opening import open_campaign_file
from rules.model.seals import Keyring, new_key, pin_of, unlock
from rules.model.secrets import with_key
from rules.model.team_copy import make_copy
from rules.systems import start
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

PASSES = {"gm": "game master pass", "red": "red's passphrase", "blue": "blue's passphrase"}
ANSWERS = ["sublight", ["lexington"], "scan:enterprise", 4, "next", "none", "scan:enterprise", 4]
PROBE = DiceExpr(60, 10)


def keyed_campaign():
    c, ring = stcs_campaign(), Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("red", "blue"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    return c


def begun(c, key: str | None):
    """The battle as the GM begins it in the app (a fresh key of its secret dice), then played."""
    run = start(c, AT)
    if key is not None:
        assert run.key_secret_dice(key)
    for a in ANSWERS:
        run.answer(a)
    return run


def scan_lines(run, viewer: str = "gm") -> list[str]:
    return [e["text"] for e in json.loads(run.events_json(viewer)) if "scan die" in e["text"]]


def test_a_player_with_the_file_cannot_recompute_the_secret_stream(tmp_path) -> None:
    c = keyed_campaign()
    run = begun(c, new_dice_key())
    assert len(scan_lines(run)) == 2  # the Bird of Prey's scan dice, rolled on their secret streams
    gm = unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)
    copy = make_copy(run.saved(), "blue", gm)
    full = tmp_path / "camp.json"
    save_campaign(run.saved(), full)
    assert run.dice_key not in copy and run.dice_key not in full.read_text()  # sealed for the GM, or taken out
    record = next(b for b in json.loads(copy)["battle_hexes"] if b["at"] == str(AT))
    assert "dice_key" not in record and record["seed"] == run.seed  # Blue has the seed, not the key
    stream = "stcs/1/hidden/1/bop"  # the first scan's stream: its key, as the engine names it
    blue = DiceRoller(record["seed"], secret_key=record.get("dice_key", ""))
    assert blue._secret_faces(PROBE, stream) != run.engine.dice._secret_faces(PROBE, stream)


def test_the_gms_file_replays_the_same_bytes(tmp_path) -> None:
    c = keyed_campaign()
    run = begun(c, new_dice_key())
    path = tmp_path / "camp.json"
    save_campaign(run.saved(), path)
    again = start(open_campaign_file(path, passphrases={"gm": PASSES["gm"]}), AT)
    assert again.dice_key == run.dice_key and again.answers == run.answers
    assert again.events_json() == run.events_json() and again.events_json("blue") == run.events_json("blue")
    assert begun(c, run.dice_key).events_json() == run.events_json()  # same scenario, seed, key, answers


def test_another_key_rolls_another_stream() -> None:
    c = keyed_campaign()
    one, two = begun(c, "1" * 64), begun(c, "2" * 64)
    plain = begun(c, None)  # a battle never keyed (files before the key): the plain seed's streams
    assert one.engine.dice._secret_faces(PROBE, "x") != two.engine.dice._secret_faces(PROBE, "x")
    assert plain.engine.dice._secret_faces(PROBE, "x") == DiceRoller(plain.seed)._secret_faces(PROBE, "x")
    assert one.saved().battle_hexes[0].dice_key == "1" * 64 and plain.saved().battle_hexes[0].dice_key == ""
