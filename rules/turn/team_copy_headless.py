"""``python main.py team-copy CAMPAIGN --team TEAM --passphrase gm=FILE --out FILE``: the GM
writes a Team's own copy of the campaign for play by e-mail (rules/model/team_copy.py): only
what that Team may know, signed with the GM's key. The player opens it with the Team's
passphrase alone and exports orders from it (``main.py orders COPY ...``).

Exit codes as ``main.py turn``: 0 written, 1 refused (stderr says why), 2 a bad command line,
file or passphrase.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from rules.errors import RuleError
from rules.model import CampaignError, passphrase_arg
from rules.model.safe_write import safe_write_text
from rules.model.seals import GM, WrongPassphrase, unlock
from rules.model.team_copy import make_copy, refuse_own_file
from rules.opening import open_campaign_file
from rules.battlehex.words import possessive


_EXIT_CODES = ("exit codes: 0 the copy was written; 1 refused (stderr says why: not a player's Team, a Team without "
               "a passphrase); 2 the command line, the campaign file, the GM's key or passphrase cannot be used")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="battlehex team-copy", epilog=_EXIT_CODES,
                                description="write a Team's own copy of the campaign (play by e-mail)")
    p.add_argument("campaign", help="the campaign's own file (the GM's)")
    p.add_argument("--team", required=True, help="the Team the copy is for (its id)")
    p.add_argument("--passphrase", action="append", type=passphrase_arg, default=[], metavar="NAME=FILE",
                   help="the GM's passphrase (gm=FILE, FILE's first line; -: standard input): it opens the "
                        "campaign and signs the copy")
    p.add_argument("--out", required=True, metavar="FILE", help="the Team copy to write")
    return p


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``main.py team-copy``: the exit code (0, 1 or 2)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    passes = dict(args.passphrase)
    if GM not in passes:
        print("team-copy: the GM's passphrase signs the copy: --passphrase gm=FILE", file=err)
        return 2
    try:
        c = open_campaign_file(args.campaign, passphrases={GM: passes[GM]})
    except CampaignError as e:
        print(e.report(), file=err)
        return 2
    if GM not in c.keys:
        print(f"team-copy: {args.campaign}: the GM holds no key to sign a copy with (File > Passphrases)", file=err)
        return 2
    try:
        gm = unlock(c.keys[GM], passes[GM], "the GM", c.keys)
    except WrongPassphrase as e:
        print(f"team-copy: {e}", file=err)
        return 2
    try:
        refuse_own_file(Path(args.out), Path(args.campaign))
        text = make_copy(c, args.team, gm)
    except RuleError as e:
        print(f"team-copy: refused: {e}", file=err)
        return 1
    try:
        safe_write_text(Path(args.out), text)
    except OSError as e:
        print(f"team-copy: --out {args.out}: {e}", file=err)
        return 2
    team = next(t.name for t in c.teams if t.id == args.team)
    print(f"{args.out}: {possessive(team)} copy of {c.name}, turn {c.turn}, signed by the GM", file=out)
    return 0
