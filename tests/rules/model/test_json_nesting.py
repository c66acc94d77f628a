"""How deep a file's JSON nests, found before ``json.loads`` meets it (rules/model/json_value.py
``nesting_problem``): the quick scan (a split on the quotes when no quote is escaped, else the
strings matched one by one) against a plain reading of the text character by character."""
from __future__ import annotations

import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.model.json_value import nesting_problem


def _depth_by_hand(text: str) -> int | None:
    """The deepest [ ] / { } nesting outside strings, read one character at a time; None for a
    backslash outside a string (no JSON: ``json.loads`` stops there, before any bracket after it)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "\\":
            return None
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


PIECES = st.sampled_from(['"', "\\", '\\"', "\\\\", "[", "]", "{", "}", " ", "a", ":", ",", "1", "é", "\ud800", "\n"])


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=60))
def test_any_text_reads_as_the_plain_reading_does(pieces):
    text = "".join(pieces)
    deepest = _depth_by_hand(text)
    assume(deepest is not None)
    for limit in {0, 1, 2, max(deepest - 1, 0), deepest}:
        assert nesting_problem(text, limit) == (deepest if deepest > limit else None), (text, limit)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab'),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                               st.text(alphabet='[]{}"\\ab', max_size=3), inner, max_size=3), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(json_values, st.booleans())
def test_json_text_nests_as_its_value_does(value, indent):
    text = json.dumps(value, indent=1 if indent else None)

    def depth(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0
    d = depth(value)
    if d:
        assert nesting_problem(text, d - 1) == d
    assert nesting_problem(text, d) is None


def test_the_boundaries():
    assert nesting_problem("[" * 48 + "]" * 48, 48) is None
    assert nesting_problem("[" * 49 + "]" * 49, 48) == 49
    assert nesting_problem('["' + "[" * 60 + '"]', 2) is None  # brackets in a string do not nest
    assert nesting_problem('["\\"' + "[" * 60 + '"]', 2) is None  # nor after an escaped quote
    assert nesting_problem('["\\\\"' + "[" * 3 + "]]]]", 2) == 4  # an escaped backslash ends the string
    assert nesting_problem('["' + "[" * 60, 2) is None  # a string never closed runs to the end


def test_the_byte_pattern_is_the_checked_one():
    """The scan matches strings with ``_STRING``'s pattern on the text's bytes: the one
    tests/test_linear_patterns.py checks takes each character one way."""
    from rules.model import json_value

    assert json_value._STRING_BYTES.pattern == json_value._STRING.pattern.encode()


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=40))
def test_a_string_match_never_fails_once_begun(pieces):
    """What keeps the scan linear: a match begun at any quote succeeds (one that failed was
    retried from every later quote: 8,000 ``a\\"`` ending in a lone backslash took 5.8 s)."""
    from rules.model import json_value

    text = "".join(pieces)
    for i, ch in enumerate(text):
        if ch == '"':
            assert json_value._STRING.match(text, i) is not None, (text, i)
