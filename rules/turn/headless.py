"""``python main.py turn CAMPAIGN --answers FILE [--seed N] [--viewer TEAM|gm] [--out FILE]
[--passphrase NAME=FILE ...] [--dice-key FILE]``: play the campaign turn from a file of answers
(:class:`rules.turn.run.TurnRun`, docs/turn_answers.md) and print, as JSON with sorted keys,
the turn and phase reached, the log events the viewer may see, the next question and, on an
illegal answer, ``error`` with its ``answer_index`` and ``rule``.

``--out`` writes the campaign the answers reached (up to the illegal one, if any) through
:func:`rules.model.save_campaign`. Exit codes as ``main.py battle``: 0 when every answer was
legal, 1 on an illegal answer (stderr names the rule), 2 on a bad command line or file.

Readings:
    * ``--viewer`` may be left out: the turn is the GM's tool, so the GM's view is printed
      (a Team's view must be asked for with ``--viewer TEAM``).
    * ``--seed`` replaces the campaign's ``dice_seed`` before the first answer (the file
      written with ``--out`` keeps it, so it replays alike).
    * A battle begun by a battle answer is keyed for its secret dice as the GM's app and ``main.py battle`` key
      one (issue 25): ``--dice-key FILE``, else the answers file's ``"dice_key"``, else a new key for this run
      (said on stderr); the key is the record's, sealed for the GM in ``--out``. A battle begun before keeps its own.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from rules.battlehex.headless import EXIT_CODES, finish, give_answers, question_view, start_cli
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.dice import new_dice_key
from rules.errors import RuleError
from rules.model import CampaignError, passphrase_arg, save_campaign, visibility
from rules.model.campaign import Campaign
from rules.model.io import seed_arg
from rules.turn.run import TurnRun


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="battlehex turn", description="play the campaign turn from a file of answers",
                                epilog=EXIT_CODES)
    p.add_argument("campaign", help="campaign file")
    p.add_argument("--answers", required=True, help="JSON file with the list of answers (docs/turn_answers.md)")
    p.add_argument("--seed", type=seed_arg(), metavar="N", help="dice seed (default: the campaign's dice_seed)")
    p.add_argument("--viewer", default=GM, metavar="TEAM|gm",
                   help="whose view to print: a team id (what it may know) or gm (everything; the default)")
    p.add_argument("--out", metavar="FILE", help="write the campaign the answers reached to FILE")
    p.add_argument("--passphrase", action="append", type=passphrase_arg, default=[], metavar="NAME=FILE",
                   help="open the secrets sealed for NAME (a team id or gm) with the passphrase on FILE's first "
                        "line (-: standard input); may be repeated")
    p.add_argument("--dice-key", metavar="FILE",
                   help="the secret dice key of the battles begun here, on FILE's first line (a FILE that does not "
                        "exist gets a new key); default: the answers file's \"dice_key\", else a new one each run")
    p.add_argument("--orders", action="append", default=[], metavar="FILE",
                   help="a power's sealed Turn Orders (main.py orders), opened with the GM's --passphrase and "
                        "answered when its orders are asked; may be repeated (rules/turn/sealed_orders.py)")
    return p


def question_for(q: Question | None, viewer: str, campaign: Campaign | None = None) -> dict[str, Any] | None:
    """The pending question as ``viewer`` may see it: a secret one (or an ignore question) to
    another Team shows only whom it waits for; of ``campaign``'s hidden units and fleets
    (rules/model/visibility.py), options naming one the viewer may not know are left out, and a
    question whose words name one shows only whom it waits for."""
    shown = question_view(q, viewer, hidden=q is not None and "/ignore/" in q.key)
    if shown is None or campaign is None or shown.get("secret"):
        return shown
    hidden = visibility.Secrets(campaign)
    if "options" in shown:
        shown["options"] = [o for o in shown["options"] if visibility.seen_by(hidden, json.dumps(o), viewer)]
    if not visibility.seen_by(hidden, json.dumps(shown, sort_keys=True), viewer):
        return {"to": shown["to"], "rule": shown["rule"], "secret": True}
    return shown


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``main.py turn``: the exit code (0, 1 or 2); ``out``, ``err``: the streams now (None: ``sys``'s)."""
    out, err = out or sys.stdout, err or sys.stderr
    started = start_cli(_parser(), argv, err, "turn")
    if isinstance(started, int):
        return started
    args, campaign, answers = started
    if args.seed is not None:
        campaign = campaign.model_copy(update={"dice_seed": args.seed})
    from rules.battlehex.headless_systems import dice_key_arg  # the battle command's key, for the turn's battles

    try:
        key = dice_key_arg(args.dice_key, args.answers, err, "turn")
    except (ValueError, OSError) as e:
        print(f"turn: {e}", file=err)
        return 2
    turn = TurnRun(campaign, dice_key=key or new_dice_key())
    give = turn.answer
    if args.orders:  # sealed Turn Orders: every file read (or all refused) before any answer
        from rules.turn.sealed_orders import fed_answers

        try:
            give = fed_answers(turn, args.orders, dict(args.passphrase))
        except (RuleError, OSError) as e:
            print(f"turn: {e}", file=err)
            return 1
    failure = give_answers(give, answers)
    if turn.keyed and key is None:
        print(f"turn: a new secret dice key was made for this run (Battle Hex {', '.join(map(str, turn.keyed))} "
              "begun without one, and none was given): its secret rolls differ from run to run; give --dice-key "
              "FILE to keep one", file=err)
    c = turn.campaign
    result: dict[str, Any] = {"turn": c.turn, "phase": c.phase.value, "phase_title": c.phase.title,
                              "seed": c.dice_seed, "answers_used": len(turn.answers),
                              "log": [e.to_dict() for e in turn.log if e.seen_by(args.viewer)],
                              "next_question": question_for(turn.pending, args.viewer, c)}
    if args.out:
        try:
            save_campaign(c, args.out)
        except (OSError, CampaignError) as e:
            print(f"turn: --out {args.out}: {e}", file=err)
            return 2
    return finish(result, failure, out, err, "turn")
