"""A battle log's events as a checkpoint on disk keeps them (:mod:`rules.battlehex.resume`): rows
of :func:`~rules.battlehex.log.new_event`'s arguments, marshalled in chunks of :data:`CHUNK`, each
decoded only when one of its events is read (issue 21: a cold reopen at 5,000 answers decoded
15,000 events, ~9 ms, to show the last few hundred).

An answer's event is written without its answer (the answers are the battle's own, given back
when read: the event holds the battle's own object). Each chunk is checked against its SHA-256, kept
under the checkpoint's MAC, before it is decoded: the file's MAC covers the digests, not the chunks,
so reading a checkpoint costs what its state costs, not its log's length (issue 21: the MAC over
1.5 MB of chunks was 0.9 ms of an undo of 10 after a cold reopen at 5,000 answers).
"""
from __future__ import annotations

import hashlib
import marshal
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import starmap
from typing import Any, overload

from rules.battlehex.log import Event, new_event

CHUNK = 256
"""Events per chunk: the last few hundred (what a battle window shows) decode in about 0.2 ms."""


def answered(e: Event) -> bool:
    """An answer's event: its data ends with the answer."""
    return e.kind in ("answer", "ruling") and bool(e.data) and next(reversed(e.data)) == "answer"


def encode(events: Sequence[Event]) -> tuple[bytes, list[int], list[int]]:
    """``events`` as (their chunks one after another, each chunk's size in bytes, the places
    of the answers' events, whose data is written without the answer)."""
    rows: list[tuple[Any, ...]] = []
    places: list[int] = []
    for i, e in enumerate(events):
        data = e.data
        if answered(e):
            places.append(i)
            data = {k: v for k, v in data.items() if k != "answer"}
        rows.append((e.seq, e.kind, e.rule, e.text, data, e.visible_to))
    chunks = [marshal.dumps(rows[i:i + CHUNK]) for i in range(0, len(rows), CHUNK)]
    return b"".join(chunks), [len(c) for c in chunks], places


class StoredEvents(Sequence[Event]):
    """The events :func:`encode` wrote, decoded a chunk at a time when read (each chunk once).

    Args:
        blob: the chunks one after another.
        sizes: each chunk's size in bytes.
        count: how many events there are.
        places: the places of the answers' events, in order.
        answers: the answers given back to those events, in the same order.
        sums: each chunk's SHA-256 (hex), checked before it is decoded (None: not checked).

    Raises:
        ValueError: sizes, count, places and sums that do not fit together; a chunk read that does not
            match its digest (never decoded).
    """

    def __init__(self, blob: bytes | memoryview, sizes: Sequence[int], count: int, places: Sequence[int],
                 answers: Sequence[Any], sums: Sequence[str] | None = None) -> None:
        if sum(sizes) != len(blob) or len(sizes) != -(-count // CHUNK) or len(places) != len(answers) \
                or any(not 0 <= p < count for p in places[-1:]) or sums is not None and len(sums) != len(sizes):
            raise ValueError("stored events that do not fit their index")
        self._sums = sums
        self._blob = memoryview(blob)
        self._starts = [0]
        for size in sizes:
            self._starts.append(self._starts[-1] + size)
        self._count = count
        self._places = places
        self._answers = answers
        self._chunks: dict[int, list[Event]] = {}

    def __len__(self) -> int:
        return self._count

    def _chunk(self, k: int) -> list[Event]:
        hit = self._chunks.get(k)
        if hit is not None:
            return hit
        rows = self._rows(k)
        lo = k * CHUNK
        if len(rows) != min(CHUNK, self._count - lo):
            raise ValueError(f"stored events: chunk {k} holds {len(rows)} events")
        places = self._places
        at = bisect_left(places, lo)
        while at < len(places) and places[at] < lo + CHUNK:
            rows[places[at] - lo][4]["answer"] = self._answers[at]
            at += 1
        events = self._chunks[k] = list(starmap(new_event, rows))
        return events

    def _rows(self, k: int) -> list[tuple[Any, ...]]:
        """Chunk ``k``'s rows, once its bytes match their digest."""
        data = self._blob[self._starts[k]:self._starts[k + 1]]
        if self._sums is not None and hashlib.sha256(data).hexdigest() != self._sums[k]:
            raise ValueError(f"stored events: chunk {k} does not match its digest")
        rows: list[tuple[Any, ...]] = marshal.loads(data)
        return rows

    def seen_count(self, stop: int, viewer: str) -> int:
        """How many of the first ``stop`` events are meant for ``viewer`` (:meth:`Event.seen_by`), read from the
        rows of the chunks not decoded (no event made: a window's log numbers a Team's events, issue 25)."""
        n = 0
        for k in range(-(-stop // CHUNK)):
            lo = k * CHUNK
            hit = self._chunks.get(k)
            seen = ([e.visible_to for e in hit] if hit is not None
                    else [row[5] for row in self._rows(k)])
            n += sum(1 for v in seen[:stop - lo] if v is None or viewer in v)
        return n

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        if isinstance(i, slice):
            start, stop, step = i.indices(self._count)
            if step != 1:
                return [self[k] for k in range(start, stop, step)]
            out: list[Event] = []
            for k in range(start // CHUNK, -(-stop // CHUNK) if stop > start else 0):
                lo = k * CHUNK
                out.extend(self._chunk(k)[max(start - lo, 0):stop - lo])
            return out
        k = i + self._count if i < 0 else i
        if not 0 <= k < self._count:
            raise IndexError("event index out of range")
        return self._chunk(k // CHUNK)[k % CHUNK]

    def __iter__(self) -> Iterator[Event]:
        for k in range(len(self._starts) - 1):
            yield from self._chunk(k)
