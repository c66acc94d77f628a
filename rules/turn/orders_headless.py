"""``python main.py orders CAMPAIGN --power POWER --answers FILE [--moves FILE] --passphrase TEAM=FILE --out FILE``:
a power's Turn Orders for this turn (a JSON list of orders, as rules/turn/orders.py takes them) and
its fleets' movement orders (``--moves``: a JSON object, fleet -> the sectors to enter, as a drag on
the map gives them) checked on the campaign (the campaign's own file or the Team's copy) and
written as a file sealed to the GM (rules/turn/sealed_orders.py); the GM's ``main.py turn ...
--orders FILE ...`` runs the turn with them.

Exit codes as ``main.py turn``: 0 written, 1 an order refused (stderr names the rule), 2 a bad
command line, file or passphrase.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from rules.battlehex.headless import EXIT_CODES, start_cli
from rules.battlehex.words import plural
from rules.errors import RuleError
from rules.model import passphrase_arg
from rules.model.campaign import Campaign
from rules.model.json_value import unique_keys, utf8_text
from rules.model.seals import WrongPassphrase, unlock
from rules.model.team_copy import refuse_own_file
from rules.turn.sealed_orders import export


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="battlehex orders", epilog=EXIT_CODES,
                                description="export a power's Turn Orders as a file sealed to the GM")
    p.add_argument("campaign", help="campaign file")
    p.add_argument("--power", required=True, help="the power whose orders these are")
    p.add_argument("--answers", required=True, help="JSON file with the list of orders")
    p.add_argument("--passphrase", action="append", type=passphrase_arg, default=[], metavar="NAME=FILE",
                   help="the power's Team's passphrase (TEAM=FILE, FILE's first line; -: standard input)")
    p.add_argument("--moves", metavar="FILE", help="JSON file with the fleets' movement orders: {fleet: [sectors]}")
    p.add_argument("--out", required=True, metavar="FILE", help="the sealed orders file to write")
    p.add_argument("--viewer", default="gm", help=argparse.SUPPRESS)
    return p


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``main.py orders``: the exit code (0, 1 or 2)."""
    out, err = out or sys.stdout, err or sys.stderr
    started = start_cli(_parser(), argv, err, "orders")
    if isinstance(started, int):
        return started
    args, campaign, given = started
    moves = None
    if args.moves:
        try:
            moves = json.loads(utf8_text(args.moves), object_pairs_hook=unique_keys)
        except (OSError, ValueError) as e:
            print(f"orders: --moves {args.moves}: {e}", file=err)
            return 2
    team = campaign.team_of_power(args.power)
    passes = dict(args.passphrase)
    if team is None or team.id not in passes or team.id not in campaign.keys:
        print(f"orders: {args.power!r} needs its Team's key: --passphrase TEAM=FILE of a keyed Team", file=err)
        return 2
    try:
        key = unlock(campaign.keys[team.id], passes[team.id], team.id, campaign.keys)
    except WrongPassphrase as e:
        print(f"orders: {e}", file=err)
        return 2
    try:
        refuse_own_file(Path(args.out), Path(args.campaign), "the sealed orders would replace it and the campaign "
                        "in it for good; write the orders to another file")
        text = export(campaign, args.power, given, key, moves)
    except RuleError as e:
        print(f"orders: refused: {e}", file=err)  # its rule once
        return 1
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"orders: --out {args.out}: {e}", file=err)
        return 2
    fleets = f" and the movement orders of {plural(len(moves), 'fleet')}" if moves else ""
    print(f"{args.out}: {plural(len(given), 'order')}{fleets} of {args.power} for turn {campaign.turn}, sealed to the GM",
          file=out)
    for line in odds(campaign, args.power, given):  # as File > Export My Orders... shows them
        print(line, file=out)
    return 0


def odds(c: Campaign, power: str, given: list[Any]) -> list[str]:
    """The odds of each break or declaration in ``given``, in the words the export's dialog shows them: every
    Exhibit B part and "no roll now" (the GM rolls the d100 when the turn runs)."""
    from rules.turn.diplomacy_phase import PREVIEW
    from rules.turn.sealed_orders import check

    scratch = check(c, power, given, preview=True)
    return [e.text for e in scratch.log[len(c.log):] if e.text.endswith(PREVIEW)]
