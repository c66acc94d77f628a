"""result_lines, every viewer's version of a battle's result line (issue 23, H5), for any hidden
units of any owners and anything a battle showed each Team:

- no line tells a reader a hidden unit it may not know (its own, or one the battle showed it);
- everyone's line names no hidden unit, and each Team reads, in some line, every hidden unit of
  the result it may know (nothing dropped);
- the GM reads the whole result;
- the lines stay few and short: at most one for everyone, one per Team, one for the GM, none
  longer than the result and its "(as ... saw it)" note."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.battlehex.results import result_lines
from rules.model.visibility import GM, Secrets, _pattern, may_read

TEAMS = [("alliance", "Alliance"), ("coalition", "Coalition"), ("orions", "Orion Pirates")]
NAMES = ["Tau Defense Satellite", "Tau Ceti IV Ground Base Alpha", "RIS Sith", "RIS Talon", "Shadow Squadron"]
SEEN = ["IKV Vorn", "USS Kongo"]  # units nobody hides


def _secrets(owners: dict[str, str]) -> Secrets:
    s = Secrets.__new__(Secrets)
    s.names = dict(owners)
    s._pat = _pattern(owners)
    return s


@st.composite
def cases(draw):
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=5, unique=True))
    owners = {n: draw(st.sampled_from([t for t, _ in TEAMS] + [GM])) for n in names}
    known = {t: frozenset(draw(st.lists(st.sampled_from(names), unique=True))) for t, _ in TEAMS}
    listed = draw(st.permutations([*names, *SEEN]))
    cut = draw(st.integers(0, len(listed)))
    def words(xs):
        return " and ".join(filter(None, (", ".join(xs[:-1]), xs[-1]))) if xs else "none"
    text = f"Battle Hex 0509 resolved: AF/EF, 1 round: destroyed: {words(listed[:cut])}; damaged: {words(listed[cut:])}"
    return owners, known, text


@settings(max_examples=300, deadline=None)
@given(cases())
def test_each_viewer_s_line_tells_what_it_may_know_all_of_it_and_no_more(case):
    owners, known, text = case
    s = _secrets(owners)
    lines = result_lines(s, text, TEAMS, known)

    def may(t: str, n: str) -> bool:
        return may_read((owners[n],), t) or n in known[t]

    for line, who in lines:
        assert who == [] or who == [GM] or all(t in dict(TEAMS) for t in who), who
        assert who or not s.named(line), line  # everyone's line names no hidden unit
        for t in who:
            assert all(may(t, n) for n in s.named(line)), (t, line)  # no leak
    for t, _ in TEAMS:
        read = {n for line, who in lines if not who or t in who for n in s.named(line)}
        assert read == {n for n in s.named(text) if may(t, n)}, (t, lines)  # nothing dropped
    assert any(line.startswith(text) for line, _who in lines)  # the GM reads it whole (the GM reads every line)
    assert len(lines) <= 2 + len(TEAMS)
    note = len(" (as Alliance, Coalition and Orion Pirates saw it: V13.03, V13.29)")
    assert all(len(line) <= len(text) + note for line, _who in lines)
