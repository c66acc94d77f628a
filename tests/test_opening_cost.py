"""Opening a file checks that a save can write it back at a cost that does not grow with its
battles' answers (issue 21 part 4: an open of 5,000 answers wrote the campaign out twice,
indented and compact, some 15 ms of the open + Fight goal of 100 ms)."""
from __future__ import annotations

import json
from pathlib import Path

from rules.model import load_campaign
from rules.opening import open_campaign_file, opening_problems

ROOT = Path(__file__).resolve().parent.parent
ANSWERS = 30_000


def _file(tmp_path: Path, n: int) -> Path:
    """The default campaign with a resolved Battle Hex of ``n`` answers (a clock answer each)."""
    data = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    data["battle_hexes"] = [{"at": "0604", "turn": 1, "attacker": data["teams"][0]["id"],
                             "defender": data["teams"][1]["id"], "resolved": True, "resolution": "ruled",
                             "seed": 7, "answers": [{"clock": 1, "by": "gm"}] * n}]
    path = tmp_path / f"c{n}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_save_check_does_not_grow_with_the_answers(tmp_path: Path, monkeypatch) -> None:
    """The check writes the campaign without its battles' answers (each was checked writable by
    its type when the file was read): what it writes for 30,000 answers is what it writes for none.
    (A timed assertion before; the open's time is bench/gui.py's cold reopen row, goal < 100 ms.)"""
    from rules.model import Campaign

    written: list[int] = []
    dump_json = Campaign.model_dump_json

    def model_dump_json(self: Campaign, **kwargs: object) -> str:
        text = dump_json(self, **kwargs)
        written.append(len(text))
        return text

    monkeypatch.setattr(Campaign, "model_dump_json", model_dump_json)
    small, large = load_campaign(_file(tmp_path, 0)), load_campaign(_file(tmp_path, ANSWERS))
    assert opening_problems(small) == []
    none = written[:]
    written.clear()
    assert opening_problems(large) == []
    # before: the 30,000 answers written twice, indented and compact (~15 ms of the open + Fight goal); the
    # campaign without them written once (by pydantic's writer: the file's form, its JSON-mode values, fails alike)
    assert written == none and len(none) == 1, f"{ANSWERS:,} answers: {written} characters written against {none}"


def test_a_campaign_no_save_can_write_is_still_refused(tmp_path: Path, monkeypatch) -> None:
    """The cheaper check keeps the guarantee: a campaign whose save fails is refused, naming it."""
    c = load_campaign(_file(tmp_path, 10))
    c.battle_hexes[0].resolution = "\ud800"  # a lone surrogate no save can write (set past the file's checks)
    problems = opening_problems(c)
    assert len(problems) == 1 and "a save could not write this campaign back" in problems[0].message
    assert open_campaign_file(_file(tmp_path, 10)).battle_hexes[0].answers[-1] == {"clock": 1, "by": "gm"}


def test_opening_a_file_sets_off_no_garbage_collection(tmp_path: Path) -> None:
    """A file's tens of thousands of new objects set off collections of everything a running
    app holds (~5 ms of an open at 5,000 answers); nothing it reads makes a cycle to collect."""
    import gc

    path = _file(tmp_path, ANSWERS)
    runs: list[str] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(f"generation {info['generation']}")
    gc.callbacks.append(seen)
    try:
        assert open_campaign_file(path).battle_hexes[0].answers[0] == {"clock": 1, "by": "gm"}
    finally:
        gc.callbacks.remove(seen)
    assert gc.isenabled() and runs == [], runs


def test_plain_answers_are_checked_at_a_glance_and_the_rest_walked(tmp_path: Path, monkeypatch, capsys) -> None:
    """``main.py --check`` (the window's own opening): each of a file's answers was walked as a
    tree of JSON (~12 ms of opening 5,000 answers); a plain one, ``{"clock": 1, "by": "gm"}``, is
    now passed at a glance, and what a glance cannot pass is still walked and refused by place."""
    import main
    from rules.model import json_value

    walked: list[object] = []
    walk = json_value.json_problem
    monkeypatch.setattr(json_value, "json_problem", lambda v, *a: walked.append(v) or walk(v, *a))
    path = _file(tmp_path, ANSWERS)
    assert main.main(["--check", str(path)]) == 0
    assert len(walked) < 10, f"{len(walked):,} answers walked"  # before: all 30,000
    data = json.loads(path.read_text(encoding="utf-8"))
    answers = data["battle_hexes"][0]["answers"]
    for odd, problem in ((["kz-eff-1", "Ærø"], None), ({"to": "\udc00"}, "[1].to: text that is not valid Unicode"),
                         (2 ** 14_000, "[1]: a whole number too long to save"),
                         ({"at": 1.5, "by": None}, None), ([True, None, -(2 ** 13_999)], None)):
        answers[1] = odd
        path.write_text(json.dumps(data), encoding="utf-8")
        capsys.readouterr()
        code = main.main(["--check", str(path)])
        err = capsys.readouterr().err
        assert (code, problem is None or f"battle_hexes[0].answers{problem}" in err) == (0 if problem is None else 1, True), err
