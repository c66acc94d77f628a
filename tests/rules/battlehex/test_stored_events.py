"""The log's events as a checkpoint on disk keeps them: decoded a chunk at a time when read, the
same events in the same order as the log written, each answer given back as the battle's own."""
from __future__ import annotations

import pytest

from rules.battlehex.log import EventLog
from rules.battlehex.stored_events import CHUNK, StoredEvents, encode


def _log(n: int) -> tuple[EventLog, list[dict[str, int]]]:
    log, answers = EventLog(), []
    for i in range(n):
        a = {"clock": i}
        answers.append(a)
        log.add("answer", "V13.6", f"answer {i}", {"key": f"combat/{i}", "answer": a})
        log.add("info", "V13.6", f"now {i}", visible_to=("gm",) if i % 7 == 0 else None)
    return log, answers


def _stored(n: int) -> tuple[EventLog, list[dict[str, int]], StoredEvents]:
    log, answers = _log(n)
    blob, sizes, places = encode(log.events)
    return log, answers, StoredEvents(blob, sizes, len(log.events), places, tuple(answers))


def _rows(events) -> list[tuple[object, ...]]:
    return [(e.seq, e.kind, e.rule, e.text, e.data, e.visible_to) for e in events]


def test_stored_events_read_back_as_written_and_decode_only_what_is_read():
    log, answers, stored = _stored(3 * CHUNK)  # 6 chunks
    assert len(stored) == len(log.events) == 6 * CHUNK
    assert _rows(stored[-5:]) == _rows(log.events[-5:]) and stored._chunks.keys() == {5}
    assert _rows([stored[0], stored[-1], stored[CHUNK]]) == _rows([log.events[0], log.events[-1], log.events[CHUNK]])
    assert _rows(stored[CHUNK - 3:2 * CHUNK + 3]) == _rows(log.events[CHUNK - 3:2 * CHUNK + 3])
    assert _rows(stored[::97]) == _rows(log.events[::97]) and stored[7:3] == []
    assert _rows(stored) == _rows(log.events) and _rows(reversed(stored)) == _rows(reversed(log.events))
    assert [e.data["answer"] for e in stored if e.kind == "answer"] == answers
    assert all(a is b for a, b in zip((e.data["answer"] for e in stored if e.kind == "answer"), answers))
    assert stored[5] is stored[5]  # a chunk is decoded once
    with pytest.raises(IndexError):
        stored[len(stored)]


def test_stored_events_that_do_not_fit_their_index_are_refused():
    log, answers, _ = _stored(CHUNK)
    blob, sizes, places = encode(log.events)
    with pytest.raises(ValueError):
        StoredEvents(blob, sizes, len(log.events) + CHUNK, places, tuple(answers))
    with pytest.raises(ValueError):
        StoredEvents(blob[:-1], sizes, len(log.events), places, tuple(answers))
    with pytest.raises(ValueError):
        StoredEvents(blob, sizes, len(log.events), places, tuple(answers[:-1]))


def test_a_chunk_is_checked_against_its_digest_before_it_is_decoded(monkeypatch):
    """The checkpoint's MAC covers each chunk's digest, not the chunks (issue 21: reading a checkpoint costs what its
    state costs): a chunk whose bytes do not match is refused unread, the others read as written."""
    import hashlib
    import marshal

    from rules.battlehex import stored_events

    log, answers = _log(3 * CHUNK // 2)  # 3 chunks
    blob, sizes, places = encode(log.events)
    sums, at = [], 0
    for size in sizes:
        sums.append(hashlib.sha256(blob[at:at + size]).hexdigest())
        at += size
    spoilt = bytearray(blob)
    spoilt[sizes[0] + 9] ^= 1  # a bit of the second chunk
    stored = StoredEvents(bytes(spoilt), sizes, len(log.events), places, tuple(answers), sums)
    loaded: list[int] = []
    monkeypatch.setattr(stored_events, "marshal", type("M", (), {"loads": lambda d: (loaded.append(len(d)),
                                                                                      marshal.loads(d))[1]}))
    assert _rows(stored[-3:]) == _rows(log.events[-3:]) and _rows(stored[:3]) == _rows(log.events[:3])
    assert len(loaded) == 2
    with pytest.raises(ValueError, match="chunk 1 does not match its digest"):
        stored[CHUNK + 1]
    with pytest.raises(ValueError, match="chunk 1"):
        stored.seen_count(len(stored), "gm")
    assert len(loaded) == 2, "the spoilt chunk was decoded"
    with pytest.raises(ValueError):
        StoredEvents(blob, sizes, len(log.events), places, tuple(answers), sums[:-1])


def test_a_log_on_stored_events_adds_after_them_and_decodes_them_when_read_whole():
    full, _answers, stored = _stored(CHUNK)
    log = EventLog(stored=stored)
    after = log.after
    e = log.add("info", "V13.6", "after the checkpoint")
    assert e.seq == len(stored) + 1 and log.size == len(stored) + 1 and log.stored == len(stored)
    view = log.view()
    assert len(view) == log.size and view[-1] is e and _rows(view[-3:-1]) == _rows(full.events[-2:])
    assert _rows(view[len(stored) - 1:]) == _rows([full.events[-1], e])
    assert stored._chunks.keys() == {1}  # only the last chunk read
    events = log.events  # read whole: decoded into the same list the log appends to
    assert events is after and log.stored == 0 and _rows(events) == _rows([*full.events, e])
    assert log.add("info", "V13.6", "next").seq == len(events) and view[-1] is events[-1]
