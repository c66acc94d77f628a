"""JSON a save can write back: the campaign's free-form fields and the command line's answers.

A Battle Hex's ``answers``, ``encounter_answers`` and ``pursuit`` hold whatever JSON the engine's
questions take, so pydantic cannot type them field by field. They are :data:`JsonValue`: any
JSON value whose text a save writes and a load reads back unchanged, which rules out what
``json.loads`` lets through but no save can write (a lone surrogate such as ``"\\ud800"``, which
UTF-8 cannot encode), what it would write back as something else (``1e400`` is ``inf``, saved as
``null``), and nesting deeper than :data:`MAX_VALUE_DEPTH` (the whole file has a bound,
:data:`rules.model.io.MAX_DEPTH`, and a save beyond it could not be reopened). A value refused
names the place inside it (``[2].to``) after the field's own path.
"""
from __future__ import annotations

import math
import re
from itertools import accumulate
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, ValidatorFunctionWrapHandler, WrapValidator

__all__ = ["MAX_DEPTH", "MAX_VALUE_DEPTH", "JsonList", "JsonValue", "json_problem", "lone_surrogates", "DuplicateKey", "nesting_problem", "not_utf8", "unique_keys", "utf8_text", "writable_json"]

MAX_DEPTH = 48
"""Deepest nesting of [ ] and { } a file may have (a campaign needs about 12; a Battle Hex's
answers a few more). Deeper files are refused before json or pydantic recurse into them
(rules/model/io.py, and rules/model/secrets.py for a sealed blob's content)."""

MAX_VALUE_DEPTH = 32
"""Deepest nesting of lists and objects in one free-form value (an answer needs 3 or 4; the
file around a Battle Hex's answer adds 4 levels to :data:`rules.model.io.MAX_DEPTH`'s 48)."""

MAX_INT_BITS = 14_000
"""About 4,200 digits: Python reads no longer number from JSON text (``int_max_str_digits``)."""

class DuplicateKey(ValueError):
    """A JSON object naming one key twice: ``json.loads`` kept the last value, losing the first unseen."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {_short(key)} appears twice in one object (a key may appear once; the first "
                         "value would be lost)")
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``'s ``object_pairs_hook``: the object as a dict, or :class:`DuplicateKey`. One Python call
    per object (dict() and len() in C): ~0.3 ms more on the default campaign's 732 objects, ~6 ms to load."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return d


def utf8_text(path: str | Path) -> str:
    """The file's text, read as UTF-8 (a command line's answers, lists or dice key file).

    Raises:
        ValueError: naming the file and the first byte that is not UTF-8 (its offset).
        OSError: the file cannot be read.
    """
    try:
        return Path(path).read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: {not_utf8(e)}") from None


def not_utf8(e: UnicodeDecodeError) -> str:
    """Why a file's bytes are not text, in words: the first byte UTF-8 cannot read and its offset."""
    return f"not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start} is not UTF-8; save the file as UTF-8)"


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
"""A JSON string, or an unterminated one up to the end of the text (a last backslash included):
a match never fails once begun, so the scan stays linear (a failed match retried from every
later quote made 25,000 ``\\"`` after an opening quote take 33 s; the same ending in one more
backslash took 1.1 s at 4,000 and 5.8 s at 8,000 before the ``\\?``)."""
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""How a lone surrogate gets into text read as UTF-8: as a JSON escape (the decoder refuses
an encoded one)."""


def nesting_problem(text: str, limit: int) -> int | None:
    """How deep ``text``'s JSON nests when that is more than ``limit`` levels of ``[ ]`` and
    ``{ }``; ``None`` otherwise. Found without recursion, in linear time (strings taken out,
    then a running count over the brackets), so ``json.loads`` never meets such a text."""
    data = text.encode("utf-8", "surrogatepass")  # a character past ASCII never holds an ASCII byte
    if b'\\"' in data:  # an escaped quote somewhere: strings found one by one
        data = _STRING_BYTES.sub(b"", data)
    else:  # every quote opens or closes a string: the text between them is outside every string
        data = b"".join(data.split(b'"')[::2])
    brackets = data.translate(_BRACKETS, _NOT_BRACKETS)  # only [ and ] left ({ } read as them)
    deepest = max(accumulate(map((92).__sub__, brackets)), default=0)  # '[' is 91, ']' 93
    return deepest if deepest > limit else None


_STRING_BYTES = re.compile(_STRING.pattern.encode(), re.DOTALL)
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
"""Timing (issue 21, a 300 KB file of 5,000 answers): the two regular expressions' pass took
~8 ms of its ~100 ms open + Fight; a split on the quotes and one byte translation ~1.5 ms."""


def _where(path: list[str | int]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f"[{p!r}]" if not p.isidentifier() else f".{p}"
                   for p in path)


def _short(text: str) -> str:
    return ascii(text) if len(text) <= 40 else ascii(text[:37]) + "..."


def _value_problem(value: Any) -> str | None:
    if value is None or isinstance(value, (bool, str)):
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as e:
                return (f"text that is not valid Unicode (a lone surrogate, {value[e.start]!r}, in "
                        f"{_short(value)}), which no save can write")
        return None
    if isinstance(value, int):
        return None if value.bit_length() <= MAX_INT_BITS else "a whole number too long to save (over 4,200 digits)"
    if isinstance(value, float):
        return None if math.isfinite(value) else \
            f"a number a save cannot write back ({value!r}: larger than any JSON number such as 1e308)"
    return f"not a JSON value (a {type(value).__name__})"


def json_problem(value: Any, max_depth: int = MAX_VALUE_DEPTH) -> str | None:
    """Why ``value`` is not JSON a save writes back unchanged, with the place inside it; ``None``
    when it is. Iterative: any depth is looked at without recursion."""
    stack: list[tuple[Any, list[str | int], int]] = [(value, [], 0)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, (list, tuple, dict)):
            if depth >= max_depth:
                return f"{_where(path)}: nested too deeply (more than {max_depth} levels of lists and objects)" \
                    if path else f"nested too deeply (more than {max_depth} levels of lists and objects)"
            if isinstance(node, dict):
                for key in node:
                    if not isinstance(key, str) or _value_problem(key):
                        why = _value_problem(key) if isinstance(key, str) else "a key that is not text"
                        return f"{_where(path) or 'a key'}: {why}"
                items: list[tuple[str | int, Any]] = list(node.items())
            else:
                items = list(enumerate(node))
            stack.extend((v, [*path, k], depth + 1) for k, v in reversed(items))
            continue
        why = _value_problem(node)
        if why is not None:
            return f"{_where(path)}: {why}" if path else why
    return None


def lone_surrogates(text: str, data: Any, limit: int = 20) -> list[tuple[str, str]]:
    """The path and reason of each text of ``data`` (a value or a key), parsed from the JSON
    ``text``, holding a lone surrogate, in the file's order (at most ``limit``). Every str
    field needs it: pydantic keeps such a string in a field without constraints (a campaign's
    ``description``, a log line), and no save could write it. Linear; skipped at once when
    ``text`` has no ``\\uD800``-``\\uDFFF`` escape."""
    if not _SURROGATE_ESCAPE.search(text):
        return []
    out: list[tuple[str, str]] = []
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack and len(out) < limit:
        node, path = stack.pop()
        if isinstance(node, dict):
            for key in node:
                why = _value_problem(key) if isinstance(key, str) else None
                if why is not None:
                    out.append((_where(path).lstrip("."), f"a key holds {why}"))
            stack.extend((v, [*path, k]) for k, v in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((v, [*path, i]) for i, v in reversed(list(enumerate(node))))
        elif isinstance(node, str):
            why = _value_problem(node)
            if why is not None:
                out.append((_where(path).lstrip("."), why))
    return out


_BOUND = 1 << MAX_INT_BITS
"""A whole number a save writes back lies strictly within +/- this (``bit_length() <= MAX_INT_BITS``)."""


def _plain(v: Any) -> bool:
    """A value :func:`json_problem` passes, known at a glance: ASCII text, a whole number of
    no more than :data:`MAX_INT_BITS` bits, true, false or null (anything else: not known)."""
    t = type(v)
    if t is str:
        return v.isascii()  # type: ignore[no-any-return]
    if t is int:
        return -_BOUND < v < _BOUND  # type: ignore[no-any-return]
    return t is bool or v is None


def _flat(value: Any, depth: int = 3) -> bool:
    """A plain value, or lists and objects of plain values under ASCII keys nested at most
    ``depth`` deep: most answers (``{"clock": 1, "by": "gm"}``; an AF/EF plan ``{"attacks":
    {unit: {target: AF}}}``), which a file holds thousands of (issue 21: the walk of
    :func:`json_problem` for each of 5,000 answers was ~12 ms of opening the file; for the 149
    plans of a 300 v 300 AF/EF battle about a third of it)."""
    t = type(value)
    if t is dict:
        return depth > 0 and all(type(k) is str and k.isascii() and (_plain(v) or _flat(v, depth - 1))
                                 for k, v in value.items())
    if t is list:
        return depth > 0 and all(_plain(v) or _flat(v, depth - 1) for v in value)
    return _plain(value)


def writable_json(value: Any) -> Any:
    """Pydantic's check of a :data:`JsonValue`.

    Raises:
        ValueError: the reason, with the place inside the value.
    """
    if _flat(value):  # what json_problem passes, told apart at a glance
        return value
    why = json_problem(value)
    if why is not None:
        raise ValueError(why)
    return value


JsonValue = Annotated[Any, AfterValidator(writable_json)]
"""Any JSON value a save writes back unchanged (the module's docstring says what is refused)."""


def _all_flat(values: list[Any]) -> bool:
    """Every one of ``values`` :func:`_flat` (what :func:`writable_json` passes at a glance), an object's
    plain values looked at in the loop itself: a battle's answers are mostly ``{"clock": 1}``."""
    lo, hi = -_BOUND, _BOUND
    for v in values:
        if type(v) is dict:
            for k, x in v.items():
                if type(k) is not str or not k.isascii():
                    return False
                tx = type(x)
                if tx is int:
                    if not lo < x < hi:
                        return False
                elif tx is str:
                    if not x.isascii():
                        return False
                elif not (tx is bool or x is None or _flat(x, 2)):
                    return False
        elif not _flat(v):
            return False
    return True


def _writable_list(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """Pydantic's check of a :data:`JsonList`: a list whose values all pass at a glance is taken whole
    (a copy); anything else is checked value by value, each refusal naming its place (``answers[2].to``).
    Issue 21: pydantic called :func:`writable_json` once per answer, 3.0 ms of a cold reopen's 5,000;
    0.85 ms in one loop."""
    if type(value) is list and _all_flat(value):
        return list(value)
    return handler(value)


JsonList = Annotated[list[JsonValue], WrapValidator(_writable_list)]
"""A list of :data:`JsonValue` (a battle's answers), checked in one call when every value is plain."""
