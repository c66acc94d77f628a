"""``python main.py turn`` with issue 23's Intel Phase rules and inactive units: a fleet with a unit in
Reserve is refused movement (exit 1 naming the rule); contact traced, Intel missions ruled by the GM,
internment and cargo seizure play from an answers file."""
from __future__ import annotations

import json

from rules.model import dumps
from rules.model.campaign import Campaign
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.rules.turn.test_reserve import costed
from tests.test_main_cli import _run


def _turn(tmp_path, campaign: Campaign, answers, *extra):
    camp, f = tmp_path / "camp.json", tmp_path / "answers.json"
    camp.write_text(dumps(campaign), encoding="utf-8")
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("turn", str(camp), "--answers", str(f), *extra)


def test_a_fleet_with_a_unit_in_reserve_is_refused_movement_headless(tmp_path):
    r = _turn(tmp_path, costed(reserve=["fed-ca-kongo"]), [*TO_ORDERS, {"orders": {"fed-third": ["0507"]}}])
    assert r.returncode == 1
    shown = json.loads(r.stdout)
    assert shown["error"]["rule"] == "004 Construction Completion Phase (reserve and mothballs)"
    assert shown["error"]["answer_index"] == len(TO_ORDERS) and "is in Reserve" in shown["error"]["message"]
    ok = _turn(tmp_path, costed(), [*TO_ORDERS, {"orders": {"fed-third": ["0507"]}}])
    assert ok.returncode == 0, ok.stderr


def test_contact_is_traced_when_turn_orders_begin_headless(tmp_path):
    from tests.rules.turn.test_contact import FED_ALONE, LYRAN_ALONE, apart

    r = _turn(tmp_path, apart(LYRAN_ALONE + FED_ALONE), TO_ORDERS)
    assert r.returncode == 0, r.stderr
    lines = [e for e in json.loads(r.stdout)["log"] if e["rule"] == "004 Intel Phase (contact)"]
    assert any("United Federation of Planets and Lyran Star Empire make contact: a path is traced through 0506, "
               "0505, 0604, 0704" in e["text"] for e in lines)


def test_an_intel_mission_is_ordered_and_ruled_by_the_gm_headless(tmp_path):
    from tests.rules.turn.test_intel_missions import mission, spies

    answers = [*TO_ORDERS, mission(2), "failed_caught"]
    r = _turn(tmp_path, spies(), answers)
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert shown["answers_used"] == len(answers) and shown["next_question"]["key"] == "turn/1/orders"
    texts = [e["text"] for e in shown["log"] if e["rule"] == "004 Intel Phase (Intel missions)"]
    assert any("orders an espionage mission against United Federation of Planets at 0207" in t for t in texts)
    assert any("failed, and its agents were caught" in t for t in texts)
    alliance = json.dumps(json.loads(_turn(tmp_path, spies(), answers, "--viewer", "alliance").stdout)["log"])
    assert "agents were caught" in alliance and "orders an espionage mission" not in alliance  # the order stays secret
    assert "1208" not in alliance  # nor the GM's answer that gave it (its staging system)
    bad = _turn(tmp_path, spies(), [*TO_ORDERS, mission(10)])
    assert bad.returncode == 1 and json.loads(bad.stdout)["error"]["rule"] == "004 Intel Phase (Intel missions)"


def test_cargo_is_seized_under_hostilities_in_the_troop_combat_step_headless(tmp_path):
    from tests.rules.turn.test_seizure import loaded

    seize = {"cargo": {"fleet": "k", "verb": "seize", "cargo": "c1"}}
    r = _turn(tmp_path, loaded(phase="troops", settings={"combat_phase": "seed004"}), [seize])
    assert r.returncode == 0, r.stderr + r.stdout
    assert any(e["rule"] == "004 Intel Phase (Declaration of Hostilities: seize cargo)" and "k (Klingon) seizes 5 supply"
               in e["text"] for e in json.loads(r.stdout)["log"])
    bad = _turn(tmp_path, loaded("peace", phase="troops", settings={"combat_phase": "seed004"}), [seize])
    assert bad.returncode == 1
    err = json.loads(bad.stdout)["error"]
    assert err["rule"] == "004 Intel Phase (Declaration of Hostilities: seize cargo)" and "at peace" in err["message"]


def test_internment_is_asked_in_the_supply_phase_and_a_held_fleet_is_refused_orders_headless(tmp_path):
    from rules.model.records import Phase
    from tests.rules.turn.test_internment import astray

    rule = "004 Intel Phase (Non-Aggression Treaty: internment)"
    r = _turn(tmp_path, astray(), ["hold"])
    assert r.returncode == 0, r.stderr + r.stdout
    assert any(e["rule"] == rule and "Klingon Empire holds Second Squadron" in e["text"]
               for e in json.loads(r.stdout)["log"])
    held = astray(phase=Phase.ORDERS)
    next(f for f in held.fleets if f.id == "fed-second").interned_by = "klingon"
    bad = _turn(tmp_path, held, [{"orders": {"fed-second": ["0806"]}}])
    assert bad.returncode == 1
    err = json.loads(bad.stdout)["error"]
    assert err["rule"] == rule and "Second Squadron is interned" in err["message"]


def test_a_malformed_seize_order_is_refused_naming_seize_among_the_verbs_headless(tmp_path):
    """A seize order with an amount (a field cargo orders do not have) was refused with the form of
    a cargo order that named only embark, land and deploy: the verb being used was not among them."""
    from tests.rules.turn.test_seizure import loaded

    c = loaded(phase="troops", settings={"combat_phase": "seed004"})
    bad = _turn(tmp_path, c, [{"cargo": {"fleet": "k", "verb": "seize", "cargo": "c1", "amount": 5}}])
    assert bad.returncode == 1
    err = json.loads(bad.stdout)["error"]
    assert '"embark" | "land" | "deploy" | "seize"' in err["message"] and err["answer_index"] == 0, err


def test_a_file_whose_mission_or_internment_names_no_other_power_is_refused_by_check(tmp_path):
    """A hand-edited file with a Klingon mission against the Klingons passed --check and the GM's
    'failed_caught' ruling died with a ValueError traceback ('a power has no relations with
    itself'); one against 'nobody' wrote relations with no power; a fleet interned by 'nobody'
    passed. --check now names each field."""
    from rules.model.records import Phase
    from rules.turn.run import play
    from tests.rules.turn.test_intel_missions import mission, spies
    from tests.rules.turn.test_internment import astray

    c = play(spies(), [*TO_ORDERS, mission(3)]).campaign
    k = next(i for i, p in enumerate(c.powers) if p.id == "klingon")
    for against, staging in (("klingon", "1208"), ("nobody", "1208"), ("fed", "9999")):
        bad = c.model_copy(deep=True)
        m = bad.powers[k].economy.missions[0]
        bad.powers[k].economy.missions[0] = m.model_copy(update={"against": against, "staging": staging})
        r = _turn(tmp_path, bad, ["failed_caught"])
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        field = "against" if against != "fed" else "staging"
        assert f"powers[{k}].economy.missions[0].{field}" in r.stderr, r.stderr
    held = astray(phase=Phase.ORDERS)
    f = next(i for i, x in enumerate(held.fleets) if x.id == "fed-second")
    held.fleets[f].interned_by = "nobody"
    r = _turn(tmp_path, held, [{"orders": {"fed-second": ["0806"]}}])
    assert r.returncode == 2 and f"fleets[{f}].interned_by" in r.stderr, r.stderr


def test_a_mission_s_details_beyond_1000_characters_are_refused_headless(tmp_path):
    """100,000 characters of details were taken into the mission, its log line and the GM's question
    (the random events' words stop at 200): now refused naming the field, nothing changed."""
    from tests.rules.turn.test_intel_missions import mission, spies

    long = {"mission": {**mission(2)["mission"], "details": "x" * 100_000}}
    r = _turn(tmp_path, spies(), [*TO_ORDERS, long])
    assert r.returncode == 1
    err = json.loads(r.stdout)["error"]
    assert err["answer_index"] == len(TO_ORDERS) and "details are at most 1000 characters, not 100000" in err["message"]
    fine = {"mission": {**mission(2)["mission"], "details": "x" * 1000}}
    assert _turn(tmp_path, spies(), [*TO_ORDERS, fine]).returncode == 0
