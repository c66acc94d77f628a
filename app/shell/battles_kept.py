"""What a save of the campaign file keeps beside it: each battle of the session at its last answer
(issue 21). Closing a battle window writes the checkpoint at its last answer
(:meth:`rules.battlehex.run_points.Checkpointed.keep_last`, ``resume/<battle>.last.bin``); File > Save and
Save As, with the window still open, wrote only the file, so a cold reopen of the saved file resumed
from the older checkpoint and replayed the answers after it (the round of fire after it, which grows
with the units). A save now writes it too, for every battle the session runs that keeps checkpoints
(the shared seam's runs; V13 writes its own in ``saved()``).

The autosave does not write it: it writes the autosave file, never the campaign file, and runs after
every answer (the run's own checkpoints, every few answers, serve its recovery).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def keep_last_answers(session: Any) -> int:
    """Write the checkpoint at the last answer of each battle ``session`` runs (its controllers' runs
    that keep checkpoints on disk); returns how many were asked to. Written on a worker thread
    (:func:`rules.battlehex.resume.flush` waits for them): the save is not held up by them."""
    if session is None:
        return 0
    asked = 0
    for ctl in list(session.battles.values()):
        keep: Callable[[], None] | None = getattr(ctl.run, "keep_last", None)
        if keep is not None:
            keep()
            asked += 1
    return asked
