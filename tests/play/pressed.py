"""The answer a person gives by pressing Return at a question, without choosing anything (issue 22's defaults):
the engine's default (``Question.default``, where the dialog or the panel opens), else where
:class:`app.widgets.question_dialogs.QuestionDialog` opens for its kinds (the first choice, no unit ticked, the
lowest number, "No", empty words, the proposed hex). Placements and actions answered on a map or a panel
(V13's counters, AF/EF's attack plans, B5's placements) have no answer to press: :data:`NONE`.

A player pressing Return answers those by choosing, at random (:func:`tests.play.battle_player.fight`), which could
hide a wall: a question with no default that a person answers only by typing. :func:`step` names such a question for
counting, and :func:`wall` says when one is a wall (issue 24: any B5 question but a placement on the map).
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


def step(q: Question) -> str:
    """``q``'s key with its turn numbers and unit ids left out (``b5/place/kz-cv-claw`` -> ``b5/place``), to count
    the questions Return could not answer by kind."""
    parts = q.key.split("/")
    return "/".join(parts[:3] if len(parts) > 3 and parts[1].isdigit() else parts[:2])


def wall(system: str, q: Question) -> str:
    """Why Return, with no answer to press at ``q`` (:func:`pressed` gives :data:`NONE`), is a wall a person would
    meet, or "" when the person answers it by choosing on the map. In B5 only a placement (a ship, a vortex, the
    jump-in hex, a gate) is answered on the map, by dragging; every other B5 question must open at an answer."""
    if system != "b5" or q.kind is QKind.PLACE:
        return ""
    return f"{q.key}: a {q.kind.value} question with no default, which Return cannot answer: {q.text}"
