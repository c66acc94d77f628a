"""The answer a person gives by pressing Return at a question, without choosing anything (issue 22's defaults):
the engine's default (``Question.default``, where the dialog or the panel opens), else where
:class:`app.widgets.question_dialogs.QuestionDialog` opens for its kinds (the first choice, no unit ticked, the
lowest number, "No", empty words, the proposed hex). Placements and actions answered on a map or a panel
(V13's counters, AF/EF's attack plans, B5's placements) have no answer to press: :data:`NONE`.
"""
from __future__ import annotations

from typing import Any

from rules.battlehex.questions import QKind, Question

NONE = object()
"""No answer to press: the question is answered on the map or in a panel, by choosing."""


def pressed(q: Question) -> Any:
    """What Return answers to ``q`` (or :data:`NONE`)."""
    if q.default is not None:
        return q.default
    k = q.kind
    if k is QKind.YES_NO:
        return False
    if k is QKind.CHOOSE:
        return q.options[0] if q.options else NONE
    if k is QKind.CHOOSE_UNITS:
        return []
    if k is QKind.NUMBER:
        return q.low
    if k is QKind.OPTIONAL_NUMBER:
        return None
    if k is QKind.TEXT:
        return ""
    if k is QKind.LABEL:
        return q.data.get("proposed", NONE) if q.data.get("proposed") is not None else NONE
    return NONE
