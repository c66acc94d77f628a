"""Reading and writing campaign files, with errors a person can act on.

A bad file never produces a traceback: :class:`CampaignError` carries the file name and one
:class:`Problem` per fault, each with its field path (``fleets[1].units[3].tactical.facing:
'G' is not a facing A-F``). Saving is atomic (write, then rename), so a failed save never
leaves half a file behind, and ``load(save(c)) == c`` exactly.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import reprlib
import sys
from argparse import ArgumentTypeError
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from rules.errors import RuleError
from rules.model.campaign import MAX_SEED, Campaign
from rules.model.checks import Problem, check_campaign
from rules.model.json_value import MAX_DEPTH, DuplicateKey, lone_surrogates, nesting_problem, not_utf8, unique_keys
from rules.model.migrate import migrate
from rules.model.safe_write import safe_write_text
from rules.model.seal_upgrade import upgraded
from rules.model.seals import Keyring, SealKey, WrongPassphrase, unlock
from rules.model.secrets import Locked, seal_data, unseal_data
from rules.model.team_copy import copy_problems

__all__ = ["CampaignError", "Problem", "SealedError", "campaign_text", "dumps", "load_campaign",
           "load_with_passphrases", "parse_campaign", "json_digest", "passphrase_arg", "read_data", "read_digests", "save_campaign",
           "seed_arg"]


class CampaignError(RuleError):
    """A campaign file that cannot be used, with every problem found in it (``rule`` is the
    file; ``message`` every problem, one a line)."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("", "\n".join(f"{source}: {p}" for p in problems))
        self.rule = source

    def report(self) -> str:
        """One line per problem, each starting with the file name."""
        return "\n".join(f"{self.source}: {p}" for p in self.problems)


class SealedError(CampaignError):
    """A campaign whose sealed secrets the keys given do not open (:mod:`rules.model.secrets`):
    ``locked`` holds each closed blob's recipients, ``keys`` the file's seal keys (to check a
    passphrase against), ``names`` the Teams' names by id."""

    def __init__(self, source: str, locked: list[tuple[str, ...]], keys: dict[str, SealKey],
                 names: dict[str, str]) -> None:
        self.locked, self.keys, self.names = locked, keys, names
        who = sorted({" or ".join("the GM" if n == "gm" else names.get(n, n) for n in to) for to in locked})
        super().__init__(source, [Problem("sealed", "holds secrets sealed for " + "; ".join(who)
                                          + ": a passphrase is needed to open it")])



_REPR = reprlib.Repr()  # a short, safe repr of any input (never recursing into deep data)
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict = 2, 50, 50, 4, 4
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_EXTRA = "unknown field (not part of the campaign format; check its spelling)"


def _too_deep(text: str) -> Problem | None:
    """The problem of ``text`` nesting deeper than :data:`MAX_DEPTH`, found without recursion
    in linear time (:func:`rules.model.json_value.nesting_problem`: ~0.6 ms for the default file)."""
    if nesting_problem(text, MAX_DEPTH) is None:
        return None
    return Problem("", f"nested too deeply (more than {MAX_DEPTH} levels of [ ] and {{ }}; a campaign file "
                       "needs about 12)")


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and _NAME.match(part):
            out += f".{part}" if out else part
        else:  # a key no field has (an unknown field): quoted, control characters escaped
            out += f"[{_REPR.repr(part)}]"
    return out


def _message(err: ErrorDetails) -> str:
    kind = err["type"]
    if kind == "missing":
        return "this field is required but missing"
    if kind == "extra_forbidden":
        return _EXTRA
    msg = str(err["msg"])
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    if ", not " in msg:  # "tuple should have at most 2 items after validation, not 3"
        return f"{msg[0].lower()}{msg[1:]}"
    shown = _REPR.repr(err.get("input"))
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{msg[0].lower()}{msg[1:]}, not {shown}"


def _validation_problems(exc: ValidationError) -> list[Problem]:
    out: list[Problem] = []
    seen: set[Problem] = set()  # a set: 30,000 problems were compared pairwise (two minutes)
    unknown: dict[str, list[str]] = {}  # the unknown fields of one object make one line
    for e in exc.errors():
        loc = tuple(e["loc"])
        if e["type"] == "extra_forbidden" and loc:
            if _path(loc[:-1]) not in unknown:
                out.append(Problem(_path(loc[:-1]), ""))
            unknown.setdefault(_path(loc[:-1]), []).append(_path(loc[-1:]).lstrip("."))
            continue
        problem = Problem(_path(loc), _message(e))
        if problem not in seen:
            seen.add(problem)
            out.append(problem)
    for i, problem in enumerate(out):
        names = unknown.get(problem.path) if not problem.message else None
        if names is not None:
            shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
            out[i] = (Problem(f"{problem.path}.{names[0]}" if problem.path else names[0], _EXTRA) if len(names) == 1
                      else Problem(problem.path, f"unknown fields {shown} (not part of the campaign format; "
                                                 "check their spelling)"))
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_campaign(text: str, source: str = "<text>", keyring: Keyring | None = None) -> Campaign:
    """Validate campaign JSON text, opening its sealed secrets with ``keyring``.

    Raises:
        SealedError: sealed secrets that no key of ``keyring`` opens.
        CampaignError: with every problem found, each naming ``source`` and the field.
    """
    deep = _too_deep(text)
    if deep is not None:
        raise CampaignError(source, [deep])
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as e:
        raise CampaignError(source, [Problem(f"line {e.lineno}, column {e.colno}",
                                             f"JSON syntax error: {e.msg}")]) from None
    except DuplicateKey as e:
        raise CampaignError(source, [Problem("", str(e))]) from None
    except (ValueError, RecursionError) as e:  # NaN, a number of > 4,300 digits; deep nesting the scan missed
        raise CampaignError(source, [Problem("", f"not usable JSON: {_REPR.repr(str(e))[1:-1]}")]) from None
    if not isinstance(data, dict):
        raise CampaignError(source, [Problem("", "the file does not hold a JSON object")])
    broken = lone_surrogates(text, data)
    if broken:
        raise CampaignError(source, [Problem(path, why) for path, why in broken])
    if data.get("format") != "battlehex-campaign":
        raise CampaignError(source, [Problem("format", "not a BattleHex campaign file "
                                             "(expected \"format\": \"battlehex-campaign\")")])
    signed = copy_problems(data)  # a Team copy: as the GM signed it (rules/model/team_copy.py)
    if signed:
        raise CampaignError(source, signed)
    try:
        sealed = unseal_data(data, keyring)
    except Locked as e:
        teams = data.get("teams")
        names = {str(t.get("id")): str(t.get("name")) for t in teams if isinstance(t, dict)} if isinstance(
            teams, list) else {}
        raise SealedError(source, e.locked, e.keys, names) from None
    except WrongPassphrase as e:
        raise CampaignError(source, [Problem("sealed", e.message)]) from None
    if sealed.problems:
        raise CampaignError(source, sealed.problems)
    try:
        data = migrate(data)
        campaign = Campaign.model_validate(data)
        problems = check_campaign(campaign) or sealed.check(campaign)
    except ValidationError as e:
        raise CampaignError(source, _validation_problems(e)) from None
    except RecursionError:
        raise CampaignError(source, [Problem("", "nested too deeply to read")]) from None
    if problems:
        raise CampaignError(source, problems)
    out = upgraded(campaign, keyring)  # a file sealed before issue 20: sealed anew at the next save, logged
    if out is campaign and not campaign.keys:
        _READ.pop(id(campaign), None)
        # the campaign is held: its id is not reused meanwhile; a battle begun in it will look its
        # checkpoints up by the digest: made now, with the file (issue 21, the file opened again)
        _READ[id(campaign)] = (campaign, data, inputs_digests(data) if _begun(data) else None)
        while len(_READ) > READ_KEPT:
            _READ.popitem(last=False)
    return out


READ_KEPT = 2
"""How many campaigns read last keep the data they were read from (:func:`read_data`)."""
_READ: OrderedDict[int, tuple[Campaign, dict[str, Any], Digests | None]] = OrderedDict()


def read_data(campaign: Campaign) -> dict[str, Any] | None:
    """The JSON data ``campaign`` was validated from (in the current format; never to be changed)
    when it is one of the last :data:`READ_KEPT` campaigns :func:`parse_campaign` read and seals
    nothing; else None. ``campaign`` is exactly what this data validates to, so a digest of it
    stands for the campaign without serialising it again (issue 21: a battle's checkpoints are
    found by one, :func:`rules.battlehex.replay_points.shelf_key`)."""
    hit = _READ.get(id(campaign))
    return hit[1] if hit is not None and hit[0] is campaign else None


Digests = tuple[str, tuple[str, ...], tuple[str, ...]]
"""(the digest of a campaign's data without any battle record's answers, per battle record the
digest of its answers and secret answers, per battle record the digest of its answers)."""
_ANSWERS = ("answers", "secret_answers")


def json_digest(value: Any) -> str:
    """The SHA-256 of ``value``'s compact JSON text (an answer as a file holds it)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


_sha = json_digest


def inputs_digests(data: dict[str, Any]) -> Digests:
    """The :data:`Digests` of a campaign's JSON data (as a save writes it), which a battle's
    checkpoints are filed under joined without that battle's own answers
    (:func:`rules.battlehex.replay_points.inputs_digest`)."""
    records = data.get("battle_hexes")
    parts: list[str] = []
    answers: list[str] = []
    if isinstance(records, list):
        bare: list[Any] = []
        for r in records:
            if isinstance(r, dict):
                answers.append(_sha(r.get("answers", [])))
                parts.append(_sha([answers[-1], r.get("secret_answers")]))
                bare.append({k: v for k, v in r.items() if k not in _ANSWERS})
            else:
                answers.append(_sha(None))
                parts.append(_sha(None))
                bare.append(r)
        data = {**data, "battle_hexes": bare}
    return _sha(data), tuple(parts), tuple(answers)


def _begun(data: dict[str, Any]) -> bool:
    """Whether ``data`` holds a battle begun and not resolved whose reopen looks its checkpoints up
    by the digest: fought by a system other than V13 (which keeps its own checkpoints; a file
    of 5,000 V13 answers would take ~10 ms more to read)."""
    records = data.get("battle_hexes")
    settings = data.get("settings")
    system = settings.get("battle_system", "v13") if isinstance(settings, dict) else "v13"
    return isinstance(records, list) and any(
        isinstance(r, dict) and r.get("answers") and not r.get("resolved") and (r.get("system") or system) != "v13"
        for r in records)


def read_digests(campaign: Campaign) -> Digests | None:
    """The :data:`Digests` of the data ``campaign`` was read from (:func:`read_data`; made with
    the file when it holds a battle begun, else now and kept); None when it was not read."""
    hit = _READ.get(id(campaign))
    if hit is None or hit[0] is not campaign:
        return None
    if hit[2] is None:
        hit = _READ[id(campaign)] = (campaign, hit[1], inputs_digests(hit[1]))
    return hit[2]


def load_campaign(path: str | os.PathLike[str], keyring: Keyring | None = None) -> Campaign:
    """Read and validate a campaign file, opening its sealed secrets with ``keyring``.

    Raises:
        SealedError: sealed secrets that no key of ``keyring`` opens.
        CampaignError: unreadable file, bad JSON, or invalid content; names file and field.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise CampaignError(str(p), [Problem("", not_utf8(e))]) from None
    except (OSError, ValueError) as e:  # ValueError: not UTF-8 (UnicodeDecodeError), a NUL in the name
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise CampaignError(str(p), [Problem("", f"cannot read the file: {reason}")]) from None
    return parse_campaign(text, str(p), keyring)


def load_with_passphrases(path: str | os.PathLike[str], passphrases: Mapping[str, str],
                          keyring: Keyring | None = None) -> Campaign:
    """Read a campaign file whose sealed secrets ``keyring`` or the holders named in
    ``passphrases`` (a Team id or ``"gm"`` -> its passphrase) open (the command line's
    ``--passphrase``).

    Raises:
        SealedError: secrets that none of the keys or passphrases opens.
        CampaignError: a bad file, a holder without a key, a wrong passphrase.
    """
    try:
        return load_campaign(path, keyring)
    except SealedError as e:
        if not passphrases:
            raise
        ring = Keyring()
        if keyring is not None:
            ring.update(keyring)
        for name, phrase in passphrases.items():
            record = e.keys.get(name)
            who = "the GM" if name == "gm" else e.names.get(name, name)
            if record is None:
                raise CampaignError(str(path), [Problem(f"keys[{name!r}]", f"{who} holds no seal key in this "
                                                        f"file (holders: {', '.join(sorted(e.keys))})")]) from None
            try:
                ring.add(name, unlock(record, phrase, who, e.keys), phrase)
            except WrongPassphrase as wrong:
                raise CampaignError(str(path), [Problem(f"keys[{name!r}]", wrong.message)]) from None
        return load_campaign(path, ring)


def passphrase_arg(text: str) -> tuple[str, str]:
    """``NAME=FILE`` of the command line's ``--passphrase``: the holder (a Team id or ``gm``) and
    the passphrase, the first line of FILE (``-``: standard input), never the command line itself
    (other users of the computer can read a process's arguments)."""
    name, sep, file = text.partition("=")
    if not sep or not name or not file:
        raise ArgumentTypeError(f"{text!r}: expected NAME=FILE (a team id or gm, and a file holding the passphrase)")
    try:
        lines = (sys.stdin.readline() if file == "-" else Path(file).read_text(encoding="utf-8")).splitlines()
    except (OSError, ValueError) as e:
        raise ArgumentTypeError(f"{file}: cannot read the passphrase: {getattr(e, 'strerror', None) or e}") from None
    return name, lines[0] if lines else ""


def seed_arg(bound: int = MAX_SEED) -> Callable[[str], int]:
    """The command line's ``--seed N``: a whole number within +/- ``bound`` (the campaign's ``dice_seed``'s, by
    default; a battle record's ``seed`` has its own), refused at once: a seed beyond it was taken and written into
    a file that ``--check`` and every load then refused."""
    def seed(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise ArgumentTypeError(f"{text!r}: a seed is a whole number") from None
        if not -bound <= n <= bound:
            raise ArgumentTypeError(f"{text}: a seed lies between -{bound} and {bound}")
        return n
    return seed


def dumps(campaign: Campaign) -> str:
    """The campaign as JSON text; fields at their default value are left out, secrets sealed
    for the holders of the campaign's keys."""
    data = seal_data(campaign.model_dump(mode="json", exclude_defaults=True), campaign)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def campaign_text(campaign: Campaign, compact: bool = False) -> str:
    """The text :func:`save_campaign` writes: :func:`dumps`, or with ``compact`` the same data
    on one line, ~15x faster (the autosave after every answer)."""
    if compact and not campaign.keys:
        return campaign.model_dump_json(exclude_defaults=True) + "\n"
    if compact:  # secrets are sealed on the JSON's data
        data = seal_data(campaign.model_dump(mode="json", exclude_defaults=True), campaign)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    return dumps(campaign)


def save_campaign(campaign: Campaign, path: str | os.PathLike[str], compact: bool = False) -> None:
    """Write the campaign atomically (:func:`rules.model.safe_write.safe_write_text`): a failed
    save leaves any previous file untouched; a read-only file is refused.

    ``compact`` writes the same data on one line, ~15x faster (the autosave after every
    answer); the indented form is for files people open.
    """
    safe_write_text(Path(path), campaign_text(campaign, compact))  # temp file, fsync, rename; keeps the mode
