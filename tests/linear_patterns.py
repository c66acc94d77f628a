"""A regular expression read against a file's text must not split one run of characters two
ways (issue 19: ``\\s*\\(?\\s*`` in the label pattern, ``\\s*(\\d*)\\s*`` in the dice pattern made a
sector of 20,000 spaces take 11 s to refuse: every split of the run was tried before failing).

:func:`ambiguous_runs` finds, in a compiled pattern, two unbounded repeats (``*``, ``+``,
``{n,}``) that can take turns on the same characters: next to each other, or with only parts
that may match nothing between them, or one repeat's end meeting its own start again. Python's
``re`` backtracks through every way of sharing such a run, so a failing match costs the run's
length squared (or worse); without such a pair, a failing match of a long run costs its length.
Possessive repeats and atomic groups never give characters back, so they are not counted."""
from __future__ import annotations

import re
from re import _constants as C  # noqa: PLC2701 (the parser's node kinds: no public name)
from re import _parser  # noqa: PLC2701
from typing import Any

SAMPLE = [chr(c) for c in range(128)] + ["\x85", "\xa0", "\u2028", "\u3000", "\u00e9", "\u0661"]
"""The characters tried when asking whether two repeats can take the same one: ASCII, and a
few non-ASCII spaces, letters and digits (``\\s``, ``\\w`` and ``\\d`` are Unicode-wide)."""
REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT)
Seq = list[tuple[Any, Any]]

_CATEGORY = {"CATEGORY_DIGIT": str.isdecimal, "CATEGORY_SPACE": str.isspace,
             "CATEGORY_WORD": lambda ch: ch.isalnum() or ch == "_"}


def _in(items: Seq, ch: str) -> bool:
    negate, hit = False, False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            hit |= ord(ch) == av
        elif op is C.RANGE:
            hit |= av[0] <= ord(ch) <= av[1]
        elif op is C.CATEGORY:  # \d \s \w, or \D \S \W
            name = str(av)
            hit |= _CATEGORY[name.replace("_NOT_", "_")](ch) != ("_NOT_" in name)
    return hit != negate


def _starts(seq: Seq, ch: str) -> bool:
    """Whether ``seq`` can match a text beginning with ``ch``."""
    for op, av in seq:
        if _item_starts(op, av, ch):
            return True
        if not _item_empty(op, av):
            return False
    return False


def _item_starts(op: Any, av: Any, ch: str) -> bool:
    if op is C.LITERAL:
        return ord(ch) == av
    if op is C.NOT_LITERAL:
        return ord(ch) != av
    if op is C.ANY:
        return True
    if op is C.IN:
        return _in(av, ch)
    if op in (*REPEATS, C.POSSESSIVE_REPEAT):
        return av[1] > 0 and _starts(av[2].data, ch)
    if op is C.SUBPATTERN:
        return _starts(av[-1].data, ch)
    if op is C.ATOMIC_GROUP:
        return _starts(av.data, ch)
    if op is C.BRANCH:
        return any(_starts(b.data, ch) for b in av[1])
    return False


def _empty(seq: Seq) -> bool:
    return all(_item_empty(op, av) for op, av in seq)


def _item_empty(op: Any, av: Any) -> bool:
    if op in (*REPEATS, C.POSSESSIVE_REPEAT):
        return av[0] == 0 or _empty(av[2].data)
    if op is C.SUBPATTERN:
        return _empty(av[-1].data)
    if op is C.ATOMIC_GROUP:
        return _empty(av.data)
    if op is C.BRANCH:
        return any(_empty(b.data) for b in av[1])
    return op in (C.AT, C.ASSERT, C.ASSERT_NOT)


def _runs(seq: Seq, end: bool) -> list[Seq]:
    """The bodies of the unbounded repeats ``seq`` may begin with (``end``: finish with)."""
    out: list[Seq] = []
    for op, av in reversed(seq) if end else seq:
        if op in REPEATS and av[1] == C.MAXREPEAT:
            out.append(av[2].data)
        elif op is C.SUBPATTERN:
            out += _runs(av[-1].data, end)
        elif op is C.BRANCH:
            out += [r for b in av[1] for r in _runs(b.data, end)]
        if not _item_empty(op, av):
            break
    return out


def _share(a: Seq, b: Seq) -> str | None:
    return next((ch for ch in SAMPLE if _starts(a, ch) and _starts(b, ch)), None)


def _walk(seq: Seq, found: list[str]) -> None:
    for i, (op, av) in enumerate(seq):
        for first in _runs([(op, av)], end=True):
            for later_op, later_av in seq[i + 1:]:
                for second in _runs([(later_op, later_av)], end=False):
                    ch = _share(first, second)
                    if ch is not None:
                        found.append(f"two repeats take turns on {ch!r} (item {i})")
                if not _item_empty(later_op, later_av):
                    break
        if op in REPEATS and av[1] == C.MAXREPEAT:
            body = av[2].data
            for a in _runs(body, end=True):
                for b in _runs(body, end=False):
                    ch = _share(a, b)
                    if ch is not None:
                        found.append(f"a repeat's end meets its own start on {ch!r} (item {i})")
            _walk(body, found)
        elif op in (C.POSSESSIVE_REPEAT,):
            _walk(av[2].data, found)
        elif op is C.SUBPATTERN:
            _walk(av[-1].data, found)
        elif op is C.ATOMIC_GROUP:
            _walk(av.data, found)
        elif op is C.BRANCH:
            for b in av[1]:
                _walk(b.data, found)


def ambiguous_runs(pattern: re.Pattern[str] | str) -> list[str]:
    """Where ``pattern`` lets two unbounded repeats share one run of characters ([] when nowhere)."""
    text, flags = (pattern.pattern, pattern.flags) if isinstance(pattern, re.Pattern) else (pattern, 0)
    found: list[str] = []
    _walk(list(_parser.parse(text, flags).data), found)
    return found
