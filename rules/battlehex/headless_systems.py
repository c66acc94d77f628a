"""``main.py battle`` for the battle systems other than V13 (:mod:`rules.battlehex.headless` parses
the command line and hands over here): the same guarantees (an illegal answer exits 1 naming
its rule; the same seed and answers print the same bytes; a Team sees only what the rules let
it see), with the system's status in place of V13's map state."""
from __future__ import annotations

from typing import Any, TextIO

from hexmap import Label, LaneGraph
from rules.battlehex.cli_output import finish, give_answers
from rules.battlehex.log import IllegalAnswer
from rules.model.campaign import Campaign
from rules.systems import BattleRun, begin, choose_for_hex, open_record, system_for
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


__all__ = ["run_system", "with_system"]
