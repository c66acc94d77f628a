"""``main.py battle`` for the battle systems other than V13 (:mod:`rules.battlehex.headless` parses
the command line and hands over here): the same guarantees (an illegal answer exits 1 naming
its rule; the same seed and answers print the same bytes; a Team sees only what the rules let
it see), with the system's status in place of V13's map state."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, TextIO

from hexmap import Label, LaneGraph
from rules.battlehex.cli_output import finish, give_answers
from rules.battlehex.log import IllegalAnswer
from rules.model.json_value import utf8_text
from rules.dice import new_dice_key
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.systems import BattleRun, begin, choose_for_hex, open_record, system_for
from rules.systems.registry import load
from rules.battlehex.sight import KEPT, sight


def with_system(campaign: Campaign, at: Label, key: str | None, seed: int | None) -> Campaign:
    """``campaign`` with the open Battle Hex at ``at`` fought by ``key`` (None: as it is) and
    dice seeded by ``seed`` (None: the record's, else the system's own derivation)."""
    if key is not None:
        campaign = choose_for_hex(campaign, at, key)
    if seed is not None:
        rec = open_record(campaign, at)
        campaign = campaign.model_copy(update={"battle_hexes": [
            rec.model_copy(update={"seed": seed}) if r is rec else r for r in campaign.battle_hexes]})
    return campaign


KEY_FORM = re.compile(r"[0-9a-f]{64}")
"""A secret dice key as written: 64 hex digits (rules.dice.new_dice_key)."""


def dice_key_arg(path: str | None, answers_path: str | None, err: TextIO, prog: str = "battle") -> str | None:
    """The secret dice key the command was given (issue 25): ``--dice-key FILE``'s first line (a FILE that does not
    exist gets a new key, written for the GM alone, mode 0600), or the answers file's ``"dice_key"``; None: none.

    Raises:
        ValueError: naming the file: not a key, or the two disagree.
    """
    keys = []
    if answers_path:
        data = json.loads(utf8_text(answers_path))
        if isinstance(data, dict) and "dice_key" in data:
            if not isinstance(data["dice_key"], str) or not KEY_FORM.fullmatch(data["dice_key"]):
                raise ValueError(f"{answers_path}: \"dice_key\" is 64 hex digits (0-9, a-f)")
            keys.append(data["dice_key"])
    if path:
        f = Path(path)
        if not f.exists():
            key = new_dice_key()
            fd = os.open(f, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(key + "\n")
            print(f"{prog}: {path}: a new secret dice key was made and written there (the GM's alone: give the "
                  "same --dice-key to play the same battle again)", file=err)
        lines = utf8_text(f).splitlines()
        key = lines[0].strip() if lines else ""
        if not KEY_FORM.fullmatch(key):
            raise ValueError(f"{path}: the first line is not a secret dice key (64 hex digits, 0-9, a-f)")
        keys.append(key)
    if len(set(keys)) > 1:
        raise ValueError(f"{path}: its key is not the answers file's \"dice_key\"")
    return keys[0] if keys else None


def with_dice_key(campaign: Campaign, at: Label, key: str | None, err: TextIO) -> Campaign:
    """``campaign`` with the Battle Hex at ``at`` keyed for its secret dice as the GM's app keys it (issue 25: the
    plain seed must not give the secret streams away): the record's own key (sealed for the GM) if it has one, else
    ``key``, else a new one made for this run (said on ``err``); a battle begun without a key (saved answers, no
    key) replays on the seed alone, as the app does. A system with no secret dice is left as it is.

    Raises:
        RuleError: ``key`` given for a battle keyed otherwise, begun without a key, or with no secret dice.
    """
    system = system_for(campaign, at)
    rec = open_record(campaign, at)
    if not getattr(load(system.engine), "SECRET_DICE", False):
        if key:
            raise RuleError("--dice-key", f"{system.title} rolls no secret dice: it takes no key")
        return campaign
    if rec.dice_key or rec.answers:
        if key and key != rec.dice_key:
            raise RuleError("--dice-key", f"Battle Hex {at} " + ("has its own secret dice key (the GM's, in the "
                            "campaign file)" if rec.dice_key else "was begun without a secret dice key: its saved "
                            "answers replay on the seed alone"))
        return campaign
    if key is None:
        key = new_dice_key()
        print(f"battle: a new secret dice key was made for this run (Battle Hex {at} has none, and none was given): "
              "its secret rolls differ from run to run; give --dice-key FILE to keep one", file=err)
    return campaign.model_copy(update={"battle_hexes": [r.model_copy(update={"dice_key": key}) if r is rec else r
                                                        for r in campaign.battle_hexes]})


def run_system(campaign: Campaign, at: Label, graph: LaneGraph, answers: list[Any], viewer: str, replay: bool,
               undo: int, out: TextIO, err: TextIO, source: str = "") -> int:
    """Run the Battle Hex at ``at`` with its system from ``answers`` and print JSON as ``viewer``
    may know it; exit code 0, 1 (an illegal answer) or 2 (a bad command). ``source``: the
    campaign's file, named when its saved answers do not replay."""
    system = system_for(campaign, at)
    try:
        run = begin(system, campaign, at, graph)
    except IllegalAnswer as e:  # the file's answers for this hex do not replay with its system
        print(f"battle: the answers saved for Battle Hex {at}{f' in {source}' if source else ''} are refused by "
              f"{system.title} when replayed: {e}", file=err)
        return 1
    except RuleError as e:  # the battle cannot start (B5: a side with no ship with Babylon 5 data)
        print(f"battle: {system.title} cannot fight Battle Hex {at}{f' of {source}' if source else ''}: {e}", file=err)
        return 2
    if replay:
        answers = [*run.answers, *answers]
    if run.answers:  # the saved answers: --replay gives them, else the run starts from the beginning
        run.undo(len(run.answers))
    failure = give_answers(run.answer, answers)
    if undo and not failure:
        try:
            run.undo(undo)
        except IllegalAnswer as e:
            print(f"battle: {e.message}", file=err)
            return 2
    q = run.pending
    seen = sight(run, viewer)  # what the viewer may read of the battle (issue 20)
    secret = q is not None and (q.data.get("secret") and viewer not in (q.to, "gm") or not seen.shown(q.to_dict()))
    status = run.status()
    result: dict[str, Any] = {
        "battle_hex": str(at), "system": system.key,
        "seed": getattr(run, "seed", None) if getattr(run, "SEEDED", True) else None,  # the table rolls no dice
        "answers_used": len(run.answers),
        "log": [e.to_dict() for e in seen.events(run.log.events)],
        "next_question": None if q is None else {"to": q.to, "rule": q.rule, "secret": True} if secret
        else shown(run, q.to_dict()),
        "state": {"heading": status.heading, "stage": status.stage, "resolved": status.resolved,
                  "resolution": status.resolution if seen.reads(status.resolution) else KEPT}}
    return finish(result, failure, out, err)


def shown(run: BattleRun, question: dict[str, Any]) -> dict[str, Any]:
    """The pending question as printed, with the odds it is shown with in its ``data["odds"]``
    (computed now by the run, issue 21: the question itself carries none)."""
    odds = getattr(run, "question_odds", None)
    shown_odds = odds() if odds is not None else {}
    if shown_odds:
        question["data"] = {**question.get("data", {}), "odds": shown_odds}
    return question


__all__ = ["dice_key_arg", "run_system", "with_dice_key", "with_system"]
