"""What one operation on a battle changed, so a view updates only that (issue 10).

:meth:`BattleProcedure.answer` and :meth:`BattleProcedure.undo` return a :class:`BattleChange`;
the window moves the counters named in ``units``, appends the log events from ``events_from``
(or re-renders the log when ``rewound``), re-reads the floating window when ``window`` and the
step panels when ``step``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BattleChange:
    """The parts of a battle one operation touched.

    Attributes:
        events_from: index into ``log.events`` of the first event this operation added.
        rewound: events were taken back (an undo): a log view must drop what it shows after
            ``events_from`` before appending.
        units: ids of the units whose position, facing, status or counters changed.
        step: the procedure's step (set-up, placement, combat, endings...) changed.
        window: the floating map moved, or the original centre was set (V13.812).
        question: the pending question changed.
        resolved: the Battle Hex was resolved by this operation.
    """

    events_from: int
    rewound: bool = False
    units: frozenset[str] = frozenset()
    step: bool = False
    window: bool = False
    question: bool = True
    resolved: bool = False

    @property
    def everything(self) -> bool:
        """True when a view had better redraw all it shows (a rewind or a new step)."""
        return self.rewound or self.step or self.resolved



@dataclass(frozen=True, slots=True)
class RunStatus:
    """What the shared battle window says about a battle: who fights whom, where it stands."""

    heading: str
    stage: str
    resolved: bool
    resolution: str = ""
