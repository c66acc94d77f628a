"""Reading and writing campaign files, with errors a person can act on.

A bad file never produces a traceback: :class:`CampaignError` carries the file name and one
:class:`Problem` per fault, each with its field path (``fleets[1].units[3].tactical.facing:
'G' is not a facing A-F``). Saving is atomic (write, then rename), so a failed save never
leaves half a file behind, and ``load(save(c)) == c`` exactly.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.checks import Problem, check_campaign
from rules.model.safe_write import safe_write_text

__all__ = ["CampaignError", "Problem", "dumps", "load_campaign", "parse_campaign", "save_campaign"]


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


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _message(err: ErrorDetails) -> str:
    kind = err["type"]
    if kind == "missing":
        return "this field is required but missing"
    if kind == "extra_forbidden":
        return "unknown field (not part of the campaign format; check its spelling)"
    msg = str(err["msg"])
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    shown = repr(err.get("input"))
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{msg[0].lower()}{msg[1:]}, not {shown}"


def _validation_problems(exc: ValidationError) -> list[Problem]:
    return [Problem(_path(tuple(e["loc"])), _message(e)) for e in exc.errors()]


def parse_campaign(text: str, source: str = "<text>") -> Campaign:
    """Validate campaign JSON text.

    Raises:
        CampaignError: with every problem found, each naming ``source`` and the field.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CampaignError(source, [Problem(f"line {e.lineno}, column {e.colno}",
                                             f"JSON syntax error: {e.msg}")]) from None
    if not isinstance(data, dict):
        raise CampaignError(source, [Problem("", "the file does not hold a JSON object")])
    if data.get("format") != "battlehex-campaign":
        raise CampaignError(source, [Problem("format", "not a BattleHex campaign file "
                                             "(expected \"format\": \"battlehex-campaign\")")])
    try:
        campaign = Campaign.model_validate(data)
    except ValidationError as e:
        raise CampaignError(source, _validation_problems(e)) from None
    problems = check_campaign(campaign)
    if problems:
        raise CampaignError(source, problems)
    return campaign


def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Read and validate a campaign file.

    Raises:
        CampaignError: unreadable file, bad JSON, or invalid content; names file and field.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise CampaignError(str(p), [Problem("", f"cannot read the file: {reason}")]) from None
    return parse_campaign(text, str(p))


def dumps(campaign: Campaign) -> str:
    """The campaign as JSON text; fields at their default value are left out."""
    data = campaign.model_dump(mode="json", exclude_defaults=True)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def save_campaign(campaign: Campaign, path: str | os.PathLike[str], compact: bool = False) -> None:
    """Write the campaign atomically (:func:`rules.model.safe_write.safe_write_text`): a failed
    save leaves any previous file untouched; a read-only file is refused.

    ``compact`` writes the same data on one line, ~15x faster (the autosave after every
    answer); the indented form is for files people open.
    """
    p = Path(path)
    text = campaign.model_dump_json(exclude_defaults=True) + "\n" if compact else dumps(campaign)
    safe_write_text(p, text)  # temp file, fsync, rename; keeps the mode, follows a symlink
