"""Reading a campaign deep-copies no default value per unit (issue 21 part 1: a unit's default
Officers were deep-copied for each of a 300 v 300 battle's 600 units on every open, some 4 ms
of a cold reopen that grew with the force); the defaults still read and save as before."""
from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

import main
from rules.model.io import load_campaign, save_campaign
from tests.play.duel import battle


def test_opening_a_file_deep_copies_nothing_per_unit(tmp_path: Path, monkeypatch) -> None:
    c, _ = battle(60, "afef")
    path = tmp_path / "c.json"
    save_campaign(c, path)
    assert "officers" not in path.read_text(encoding="utf-8")  # a default is not written
    copies: list[str] = []
    real = BaseModel.__deepcopy__
    monkeypatch.setattr(BaseModel, "__deepcopy__", lambda x, *a: copies.append(type(x).__name__) or real(x, *a))
    assert main.main(["--check", str(path)]) == 0
    read = load_campaign(path)
    assert copies.count("Officers") == 0, f"{copies.count('Officers')} Officers deep-copied"
    units = [u for f in read.fleets for u in f.units]
    assert len(units) == 120 and all(u.officers.captain == 0 for u in units)
    assert units[0].officers is not units[1].officers  # each unit its own
    again, third = tmp_path / "again.json", tmp_path / "third.json"
    save_campaign(read, again)
    save_campaign(load_campaign(again), third)
    assert "officers" not in again.read_text(encoding="utf-8")
    assert json.loads(again.read_text(encoding="utf-8")) == json.loads(third.read_text(encoding="utf-8"))
