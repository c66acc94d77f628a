"""``python main.py battle CAMPAIGN --hex SECTOR --viewer TEAM|gm [--replay] [--answers FILE] [--seed N] [--undo N]
[--passphrase NAME=FILE ...]``: run a Battle Hex's procedure from its saved answers and/or an answers file
(taking back the last N with the engine's undo)
and print the event log and where it stopped, as JSON, as the viewer may know it (a team never
sees what the rules hide from it; ``--viewer gm`` shows everything, so it must be asked for).

The answers file is a JSON list of answers (docs/battle_answers.md). If the campaign is still
before its movement (Turn Orders, or seed 004's Income or Tech Phase, which move no fleet: they are
not played), movement is executed first on the fleets' standing orders (every V13.16/V13.18 question
answered "pay attention") so its Battle Hexes exist; the campaign file is not changed. Exit codes: 0 when every answer was legal, 1 on
an illegal answer (the message names the rule), 2 on a bad command line or file. A file with
sealed secrets (rules/model/secrets.py) opens with ``--passphrase`` for each holder it needs.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from hexmap import Label, LaneGraph
from rules.battlehex.cli_output import finish, give_answers
from rules.battlehex.log import GM, IllegalAnswer
from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.questions import Question
from rules.errors import NoBattleHex, RuleError
from rules.model import Campaign, CampaignError, passphrase_arg
from rules.model.json_value import MAX_VALUE_DEPTH, DuplicateKey, json_problem, nesting_problem, unique_keys, utf8_text
from rules.model.io import seed_arg
from rules.model.records import MAX_SEED as BATTLE_SEED, Phase
from rules.opening import open_campaign_file
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.registry import load


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="battlehex battle", description="run a Battle Hex's set-up from answers",
                                epilog=EXIT_CODES)
    p.add_argument("campaign", help="campaign file")
    p.add_argument("--hex", required=True, help="the Battle Hex's sector, e.g. 0509")
    p.add_argument("--answers", help="JSON file with the list of answers (default: none)")
    p.add_argument("--system", metavar="KEY",
                   help="fight the Battle Hex with this battle system (v13, table, sidcors, ...; default: the hex's "
                        "own, else the campaign's)")
    p.add_argument("--replay", action="store_true",
                   help="give the answers saved in the campaign's Battle Hex record first (then --answers)")
    p.add_argument("--passphrase", action="append", type=passphrase_arg, default=[], metavar="NAME=FILE",
                   help="open the secrets sealed for NAME (a team id or gm) with the passphrase on FILE's first "
                        "line (-: standard input); may be repeated")
    p.add_argument("--dice-key", metavar="FILE",
                   help="the secret dice key on FILE's first line (a FILE that does not exist gets a new key); "
                        "default: the battle's own, else the answers file's \"dice_key\", else a new one each run")
    p.add_argument("--seed", type=seed_arg(BATTLE_SEED), metavar="N", help="dice seed (default: the saved battle's, else derived from the campaign)")
    p.add_argument("--undo", type=int, default=0, metavar="N",
                   help="take back the last N answers with the engine's undo before printing")
    p.add_argument("--viewer", required=True, metavar="TEAM|gm",
                   help="whose view to print: a team id (what the rules let it know, V13.03) or gm (everything)")
    return p


EXIT_CODES = ("exit codes: 0 every answer was legal; 1 an answer is illegal (stderr names its rule); 2 the "
              "command line, the campaign file or the answers file cannot be used (stderr names the file and why)")
"""The exit codes of ``main.py battle`` and ``main.py turn``, shown by their ``--help``."""


def read_answers(path: str | None) -> list[Any]:
    """The answers of the file at ``path`` (none without one).

    Raises:
        ValueError: naming the file: not JSON, nested deeper than an answer may be, an answer
            no save could write back (a lone surrogate, ``1e400``: rules/model/json_value.py).
        OSError: the file cannot be read.
    """
    if not path:
        return []
    text = utf8_text(path)
    deep = nesting_problem(text, MAX_VALUE_DEPTH + 2)  # {"answers": [answer, ...]}
    if deep is not None:
        raise ValueError(f"{path}: nested {deep} levels deep (an answers file nests at most "
                         f"{MAX_VALUE_DEPTH + 2} levels of [ ] and {{ }})")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: JSON syntax error at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except DuplicateKey as e:
        raise ValueError(f"{path}: {e}") from None
    except (ValueError, RecursionError) as e:  # NaN; a number of more than 4,300 digits
        raise ValueError(f"{path}: not usable JSON: {str(e)[:200]}") from None
    if isinstance(data, dict) and "answers" in data:
        data = data["answers"]
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of answers (or {{\"answers\": [...]}})")
    for i, answer in enumerate(data):
        why = json_problem(answer)
        if why is not None:
            raise ValueError(f"{path}: answer {i + 1}: {why}")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def summary(b: BattleProcedure, viewer: str = GM,
            knows: Callable[[str, str], bool] = lambda _id, _name: True) -> dict[str, Any]:
    """Where the battle stands, as ``viewer`` may know it (V13.03: hidden units are left out, and
    those ``knows(id, name)`` refuses: rules/battlehex/sight.py)."""
    st = b.state
    w = b.ctx.window
    known = {u.id for u in b.units_for(viewer) if knows(u.id, u.name)}
    return {"step": st.step.value, "kind": st.kind, "resolved": st.resolved, "resolution": st.resolution,
            "weapon_status": st.ws, "min_range": st.min_range, "range_agreed": st.range_agreed,
            "dor": st.dor.name if st.dor else None, "dod": st.dod.name if st.dod else None,
            "centre": str(w.label(st.centre)) if st.centre else None, "awards": st.awards,
            "placed": {u.id: {"at": str(w.label(u.at)), "facing": u.faces.name, "speed": u.speed}
                       for u in st.placed() if u.id in known},
            "withdrawn": [u.id for u in st.units.values() if not u.present and u.id in known]}


def viewer_ok(campaign: Campaign, viewer: str, prog: str, err: TextIO) -> bool:
    """Whether ``viewer`` is ``gm`` or a team of ``campaign``; if not, says so on ``err``."""
    viewers = [GM, *(t.id for t in campaign.teams)]
    if viewer in viewers:
        return True
    print(f"{prog}: --viewer {viewer}: not a team of this campaign; one of {', '.join(viewers)}", file=err)
    return False


def question_view(q: Question | None, viewer: str, hidden: bool = False) -> dict[str, Any] | None:
    """A pending question as ``viewer`` may see it: a secret one (or one ``hidden`` by its
    caller, or told only to some Teams: ``data["visible_to"]``) addressed to another team shows
    only whom it waits for."""
    if q is None:
        return None
    if (hidden or q.data.get("secret") or viewer not in q.data.get("visible_to", (viewer,))) \
            and viewer not in (q.to, GM):
        return {"to": q.to, "rule": q.rule, "secret": True}
    return q.to_dict()


def question_for(b: BattleProcedure, viewer: str) -> dict[str, Any] | None:
    """The battle's pending question as ``viewer`` may see it."""
    return question_view(b.pending, viewer)


def start_cli(parser: argparse.ArgumentParser, argv: list[str], err: TextIO,
              prog: str) -> tuple[argparse.Namespace, Campaign, list[Any]] | int:
    """A headless command's arguments, campaign (sealed parts opened with ``--passphrase``) and
    answers; or the exit code (0 for ``--help``, 2 with the reason on ``err``)."""
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        campaign = open_campaign_file(args.campaign, passphrases=dict(args.passphrase))  # as --check
    except CampaignError as e:
        print(e.report(), file=err)
        return 2
    try:
        answers = read_answers(args.answers)
    except (ValueError, OSError) as e:
        print(f"{prog}: {e}", file=err)
        return 2
    if not viewer_ok(campaign, args.viewer, prog, err):
        return 2
    if campaign.team_copy is not None and prog != "orders":  # a Team copy only enters orders (issue 23)
        print(f"{prog}: {args.campaign} is a Team copy (play by e-mail): it runs no phase and fights no battle; "
              "export its orders (main.py orders) for the GM, who runs the turn on the campaign's own file", file=err)
        return 2
    return args, campaign, answers


BEFORE_MOVEMENT = (Phase.INCOME, Phase.TECH, Phase.ORDERS)
"""The phases of a turn before its movement (seed 004's empire turn runs Income and Tech first)."""


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``main.py battle``: the exit code; ``out``, ``err``: the streams now (None: ``sys``'s, as the call finds them)."""
    out, err = out or sys.stdout, err or sys.stderr
    started = start_cli(_parser(), argv, err, "battle")
    if isinstance(started, int):
        return started
    args, campaign, answers = started
    try:
        at = Label.parse(args.hex)
    except ValueError as e:
        print(f"battle: {e}", file=err)
        return 2
    graph = build_graph(campaign)
    if campaign.phase in BEFORE_MOVEMENT:
        before = campaign.phase
        campaign = campaign.model_copy(update={"phase": Phase.ORDERS})  # Income and Tech move no fleet
        report = end_movement(campaign, graph)
        if report.campaign is None:
            decisions = {(q.at, q.team, q.other): False for q in report.questions}
            report = end_movement(campaign, graph, decisions)
        assert report.campaign is not None, "every question of the movement is answered"
        campaign = report.campaign
        where = "Turn Orders" if before is Phase.ORDERS else f"its {before.title} Phase"
        skipped = "" if before is Phase.ORDERS else "; the Income and Tech Phases, which move no fleet, not played"
        print(f"battle: the campaign was in {where}: movement executed to form its Battle Hexes (every "
              f"V13.16/V13.18 question answered 'pay attention'{skipped})", file=err)
    try:
        from rules.systems import system_for  # the other battle systems load only when asked for
        from rules.battlehex.headless_systems import dice_key_arg, with_dice_key, with_system
        campaign = with_system(campaign, at, args.system, args.seed)
        try:
            key = dice_key_arg(args.dice_key, args.answers, err)
        except (ValueError, OSError) as e:
            print(f"battle: {e}", file=err)
            return 2
        campaign = with_dice_key(campaign, at, key, err)
        headless = load(system_for(campaign, at).headless)
    except RuleError as e:
        print(f"battle: {e.message}", file=err)
        return 2
    code: int = headless(campaign, at, graph, answers, args.viewer, args.replay, args.undo, out, err,
                         source=args.campaign)
    return code


def run_v13(campaign: Campaign, at: Label, graph: LaneGraph, answers: list[Any], viewer: str, replay: bool,
            undo: int, out: TextIO, err: TextIO, source: str = "") -> int:
    """``main.py battle`` for V13 (its registry entry's ``headless``): the procedure's own log,
    question and map state as ``viewer`` may know them; the exit code."""
    try:
        b = BattleProcedure(campaign, at, answers=[], graph=graph)
        if replay:
            answers = [*b.record.answers, *answers]
    except NoBattleHex as e:
        print(f"battle: {e.message}", file=err)
        return 2
    failure = give_answers(b.answer, answers)
    if undo and not failure:
        try:
            b.undo(undo)
        except IllegalAnswer as e:
            print(f"battle: {e.message}", file=err)
            return 2
    from rules.battlehex.sight import sight  # what the viewer may read of the battle (issue 20)

    seen = sight(b, viewer)
    result = {"battle_hex": str(at), "seed": b.seed, "answers_used": len(b.answers),
              "log": [e.to_dict() for e in seen.events(b.log.events)],
              "next_question": question_view(b.pending, viewer,
                                             b.pending is not None and not seen.shown(b.pending.to_dict())),
              "state": summary(b, viewer, seen.knows)}
    return finish(result, failure, out, err)


__all__ = ["EXIT_CODES", "finish", "give_answers", "question_for", "question_view", "read_answers", "run", "run_v13",
           "start_cli", "summary", "viewer_ok"]
