"""Opening a campaign file: the one way in for the window (File > Open, the file given at
start, an autosave), ``main.py --check`` and the headless commands, so that they accept and
refuse exactly the same files.

A file is usable when it reads and validates (:func:`rules.model.io.load_campaign`: JSON,
pydantic, the cross-checks), when the engine computes what opening it shows (its lanes, its
strategic state, the Sequence of Play and what the phase waits for, the Combat Phase's pending
question), and when a save can write it back (the file's form and the autosave's). A refusal
of the engine on a file the checks passed is a :class:`~rules.model.io.CampaignError` naming the
rule; any other failure there, a fault of BattleHex itself, is one naming the exception and
the line that raised it: never a traceback in one place and "OK" in the other.
"""
from __future__ import annotations

import gc
import os
import traceback
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from rules.errors import RuleError
from rules.model import Campaign, CampaignError, Problem
from rules.model.io import campaign_text, load_with_passphrases
from rules.model.seals import Keyring

if TYPE_CHECKING:
    from hexmap import LaneGraph
    from rules.strategic import StrategicState

__all__ = ["derived", "open_campaign_file", "opening_problems"]

_ROOT = Path(__file__).resolve().parent.parent
_DERIVED: list[tuple[weakref.ref[Campaign], LaneGraph, StrategicState]] = []
"""The lane graph and strategic state the last check that passed computed, and its campaign."""


def derived(c: Campaign) -> tuple[LaneGraph, StrategicState] | None:
    """The lane graph and strategic state :func:`opening_problems` computed for ``c``, this very
    campaign, when it was the last one checked and passed; handed out once (issue 21: the window's
    session built them again right after the check, ~1.5 ms of an open)."""
    if not _DERIVED:
        return None
    ref, graph, state = _DERIVED.pop()
    return (graph, state) if ref() is c else None


def open_campaign_file(path: str | os.PathLike[str], keyring: Keyring | None = None,
                       passphrases: Mapping[str, str] | None = None) -> Campaign:
    """The campaign of the file at ``path``, its sealed secrets opened with ``keyring`` or the
    ``passphrases`` (a Team id or ``"gm"`` -> its passphrase), once it is usable.

    Raises:
        SealedError: sealed secrets that no key opens (the window then asks for passphrases).
        CampaignError: every problem found, each naming the file (and the field or the rule).
    """
    collecting = gc.isenabled()
    gc.disable()  # a file's tens of thousands of new objects set off full collections of the app's (~15 ms)
    try:
        campaign = load_with_passphrases(path, passphrases or {}, keyring)
        problems = opening_problems(campaign)
    finally:
        if collecting:
            gc.enable()
    if problems:
        raise CampaignError(str(path), problems)
    return campaign


def opening_problems(c: Campaign) -> list[Problem]:
    """Why the engine cannot open ``c`` (a campaign the file checks passed); empty when it can."""
    from rules.model.records import Phase
    from rules.strategic import StrategicState, build_graph
    from rules.turn import sequence

    _DERIVED.clear()
    try:
        graph = build_graph(c)
        state = StrategicState.compute(c, graph)
        sequence.sequence(c)
        sequence.current(c)
        sequence.fightable(c)
        if c.phase is not Phase.ORDERS and sequence.outside_combat(c):  # an empire phase: its engine alone
            sequence.pending_outside_combat(c)
        elif c.phase is not Phase.ORDERS:  # the Combat Phase (and the battle engine) load when a file needs them
            from rules.turn import combat_phase

            combat_phase.pending(c, graph, state)
    except RuleError as e:
        return [Problem("phase", f"the turn cannot go on from here: {e.rule}: {e.message}")]
    except Exception as e:  # noqa: BLE001: a fault of the engine, named instead of a traceback
        return [Problem("", f"BattleHex cannot open this campaign ({_fault(e)}); this is a fault of BattleHex, "
                            "please report it with the file")]
    try:
        _writable(c)
    except Exception as e:  # noqa: BLE001: same: the types should have refused the file
        return [Problem("", f"a save could not write this campaign back ({_fault(e)}); this is a fault "
                            "of BattleHex, please report it with the file")]
    _DERIVED.append((weakref.ref(c), graph, state))
    return []


_ANSWERS = {"battle_hexes": {"__all__": {"answers", "encounter_answers"}}}
"""The battles' answers: :data:`~rules.model.json_value.JsonValue`, each checked writable by
its type when the file was read (text, whole numbers, finite numbers, depth), so not written again."""


def _writable(c: Campaign) -> None:
    """Raise what a save of ``c`` would raise, writing it once and at a cost that does not grow
    with its battles' answers (issue 21 part 4: an open of 5,000 answers wrote them out twice).

    A campaign that seals secrets is written as its compact save is (the file's form is the
    same data sealed alike, only indented). Else it is written once, by pydantic's own writer
    (the autosave's form), without the answers (:data:`_ANSWERS`): the file's form is the same
    serializer's values in JSON mode, which ``json.dumps`` writes without fail but for text UTF-8
    cannot encode (a lone surrogate), which this writer refuses alike (tests/test_opening_cost.py).
    It wrote the file's form as well before, ~3 ms more of a cold reopen (4.4 -> 1.2 ms, 5,000 answers).
    """
    if c.keys:
        campaign_text(c, compact=True).encode("utf-8")
        return
    c.model_dump_json(exclude_defaults=True, exclude=_ANSWERS).encode("utf-8")


def _fault(e: BaseException) -> str:
    """``StopIteration in rules/turn/sequence.py:158: ...``: the exception and where it was raised."""
    frames = traceback.extract_tb(e.__traceback__)
    where = ""
    if frames:
        file = Path(frames[-1].filename)
        shown = file.relative_to(_ROOT).as_posix() if file.is_relative_to(_ROOT) else file.name
        where = f" in {shown}:{frames[-1].lineno}"
    text = str(e)
    return f"{type(e).__name__}{where}" + (f": {text[:200]}" if text else "")
