"""Checkpoints kept on disk: a battle reopened from its saved file in a new process resumes from
its newest checkpoint instead of replaying every answer (issue 21 part 1: cold reopen).

The campaign file is not changed by this (the same answers still give the same bytes, and a
file sealed for its Teams never holds a plain copy of the battle): a run writes a checkpoint of
its battle to the per-user data folder (``BATTLEHEX_DATA``, else the platform's user data
folder), ``resume/<battle>.bin``, filed under the battle's inputs
(:func:`~rules.battlehex.replay_points.shelf_key`). A checkpoint read back is used only when

- its HMAC-SHA256 under the folder's private key (``resume/key``, 0600, made once) verifies,
  so a file edited or forged by someone without the key is never unpickled;
- it was made by the same code (a digest of the ``rules`` and ``hexmap`` sources);
- it is this battle's (the same inputs) and the answers it was made after are exactly the
  first answers being replayed (types and order included);
- its engine resumes at the question it names;

else it is ignored and the answers are replayed from the first round: a tampered, stale or
foreign checkpoint is never trusted over the answers. A battle with anything secret (answers
given in secret, log lines for some eyes only, a record sealed for some Teams) is never written
(the folder is the user's, but hot-seat players share the user).
"""
from __future__ import annotations

import gc
import hashlib
import hmac
import io
import json
import marshal
import mmap
import os
import pickle
import secrets
import struct
import sys
import threading
import time
from pathlib import Path
from typing import Any

import hexmap
import rules
from rules.battlehex.answer_digests import answers_digest
from rules.battlehex.log import EventLog
from rules.battlehex.state import BattleState
from rules.dice import DiceExpr, DiceRoller, Modifier, Roll
from rules.battlehex.replay_points import Point, Points
from rules.battlehex.stored_events import StoredEvents, answered, encode

MAGIC = b"BHXRESUME5"
KEPT = 32
"""The most battles' checkpoints the folder keeps (the least recently written go)."""
WRITE_EVERY = 4
"""A checkpoint is written to disk when the one written last is this many answers behind: a
reopen in a new process replays at most about this many answers."""
_ALLOWED = ("rules.", "hexmap.")
_ALLOWED_EXACT = {("fractions", "Fraction"), ("collections", "OrderedDict"), ("collections", "defaultdict"),
                  ("collections", "deque"), ("builtins", "set"),
                  ("builtins", "frozenset"), ("builtins", "object"), ("builtins", "dict"), ("builtins", "list"),
                  ("builtins", "tuple"), ("builtins", "int"), ("builtins", "str")}


def folder() -> Path:
    """Where the checkpoints are kept: ``<user data>/resume``."""
    base = os.environ.get("BATTLEHEX_DATA")
    if not base:
        from platformdirs import user_data_dir

        base = user_data_dir("BattleHex", "BattleHex")
    return Path(base) / "resume"


_KEYS: dict[Path, bytes] = {}


def _key(where: Path, make: bool) -> bytes | None:
    """The folder's private key (made, 0600 in a 0700 folder, when ``make``); None when there is
    none or it cannot be read."""
    hit = _KEYS.get(where)
    if hit is not None:
        return hit
    path = where / "key"
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if not make:
            return None
        try:
            where.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return _key(where, False)
        except OSError:
            return None
        data = secrets.token_bytes(32)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except OSError:
        return None
    if len(data) != 32:
        return None
    _KEYS[where] = data
    return data


_CODE: list[str] = []


def code_digest() -> str:
    """A digest of the sources a checkpoint's engine is made of (the rules and the hex maths) and
    of the Python that wrote it: a checkpoint made by other code is not used."""
    if not _CODE:  # by os.walk and plain strings: pathlib's rglob and relative_to were 2/3 of it (issue 21)
        h = hashlib.sha256(f"{sys.version} {pickle.HIGHEST_PROTOCOL} {marshal.version}".encode())
        for pkg in (rules, hexmap):
            root = os.path.dirname(pkg.__file__ or "")
            cut = len(os.path.dirname(root)) + 1
            files = [os.path.join(d, n) for d, _dirs, names in os.walk(root) for n in names if n.endswith(".py")]
            for p in sorted(files):
                h.update(p[cut:].encode())
                with open(p, "rb") as f:
                    h.update(f.read())
        _CODE.append(h.hexdigest())
    return _CODE[0]


def _answers_digest(answers: list[Any] | tuple[Any, ...]) -> str:
    """The SHA-256 of ``answers``' compact JSON text, going on from the blocks of the same answer objects digested
    before (:mod:`rules.battlehex.answer_digests`: an undo after a cold reopen reads the older checkpoint, whose
    answers the reopen digested: issue 21)."""
    return answers_digest(answers)


def _file(where: Path, battle: str, last: bool = False) -> Path:
    """The battle's checkpoint file; ``last``: the one at its last answer (:func:`keep_last`)."""
    name = hashlib.sha256(battle.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return where / (name + (".last.bin" if last else ".bin"))


def _rolls(rolls: tuple[Roll, ...]) -> list[tuple[Any, ...]]:
    return [(r.seq, str(r.expr), r.faces, r.purpose, r.rule, r.who,
             tuple((m.label, m.value, m.rule) for m in r.modifiers)) for r in rolls]


def _shared(st: BattleState, log: EventLog, dice: DiceRoller) -> dict[int, tuple[str, ...]]:
    """What the engine shares with the campaign and the run: named, not copied, in the file."""
    out: dict[int, tuple[str, ...]] = {id(st.record): ("record",), id(log): ("log",), id(dice): ("dice",)}
    for t in st.teams.values():
        out[id(t)] = ("team", t.id)
    for uid, u in st.units.items():
        out[id(u.unit)] = ("unit", uid)
    return out


def keep(points: Points, answers: list[Any], battle: str) -> None:
    """Write the newest of ``points`` before the last of ``answers`` to disk when the one written
    last is more than :data:`WRITE_EVERY` answers behind or no longer on this line of answers."""
    n, last = len(answers), points.written
    if n < 2 or last is not None and n - last.answers <= WRITE_EVERY and last.answers < n \
            and all(a is b for a, b in zip(last.given, answers)):
        return
    point = points.best(answers[:-1])
    if point is not None and point is not last and write(point, battle):
        points.written = point


def keep_last(point: Point, battle: str) -> bool:
    """Write ``point``, at the battle's last answer, beside the older checkpoint :func:`keep` wrote (a window closed, a
    file saved: issue 21, a reopen then replays no answer, where from the older one it replays the round of fire after
    it, which grows with the units; an undo after the reopen still resumes from the older one)."""
    return write(point, battle, last=True)


def load(points: Points, battle: str, answers: list[Any], state: BattleState) -> Point | None:
    """The checkpoint on disk that ``answers`` begin with (:func:`read`: the one at the last answer, else the older),
    if its engine resumes at the question it names; noted as written."""
    point = read(battle, answers, state, last=True)
    if point is None or point.engine.resume(point.key) is None:
        point = read(battle, answers, state)
    if point is None or point.engine.resume(point.key) is None:
        return None
    points.written = point
    return point


def write(point: Point, battle: str, last: bool = False) -> bool:
    """Write ``point`` of the battle filed under ``battle`` to the folder (made into bytes here,
    stored on a worker thread: :func:`flush` waits for it); False when it is not written (a
    value the file cannot hold, no key)."""
    if point.dice[0] != "random":
        return False
    given = [e.data["answer"] for e in point.events if answered(e)]
    if len(given) != len(point.given) or any(a is not b for a, b in zip(given, point.given)):
        return False  # the answers' events are not the answers given: not written
    where = folder()
    key = _key(where, make=True)
    if key is None:
        return False
    engine = point.engine
    out = io.BytesIO()
    try:
        _Pickler(out, _shared(engine.state, engine.log, engine.dice)).dump(engine)
        events, chunks, places = encode(point.events)
        view, at, sums = memoryview(events), 0, []
        for size in chunks:  # each chunk's digest, under the MAC: the chunks themselves are not (see read)
            sums.append(hashlib.sha256(view[at:at + size]).hexdigest())
            at += size
        head = json.dumps({"battle": battle, "code": code_digest(), "answers": len(point.given),
                           "given": _answers_digest(point.given), "key": point.key, "dice": point.dice[1],
                           "secret": [list(x) for x in point.secret], "events": len(point.events), "chunks": chunks,
                           "sums": sums})
        rolls = marshal.dumps(_rolls(point.rolls))
    except (pickle.PicklingError, TypeError, ValueError, AttributeError, RecursionError):
        return False
    parts = [head.encode(), marshal.dumps(places), rolls, out.getvalue(), events]  # the log last, outside the MAC
    macked = struct.pack(">5I", *(len(p) for p in parts)) + b"".join(parts[:-1])  # not compressed: quicker both ways
    flush()  # one write at a time, in order
    thread = threading.Thread(target=_store, args=(where, _file(where, battle, last), key, macked, events),
                              name="checkpoint", daemon=True)
    _WRITER.append(thread)
    thread.start()
    return True


_WRITER: list[threading.Thread] = []
"""The write in progress (its MAC, the file and the pruning are done off the caller's thread)."""


def flush() -> None:
    """Wait for the write in progress (before reading a checkpoint back)."""
    while _WRITER:
        _WRITER.pop().join()


def _store(where: Path, target: Path, key: bytes, macked: bytes, events: bytes) -> None:
    """Write a checkpoint atomically (a failed write leaves the last one, or none: a reopen then
    replays the answers): ``macked`` under the MAC, then the log's chunks (their digests in ``macked``)."""
    data = MAGIC + hmac.new(key, MAGIC + macked, hashlib.sha256).digest() + macked + events
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    try:
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
            f.write(data)
        os.replace(tmp, target)
        if not target.name.endswith(".last.bin"):  # an older checkpoint newer than the one at the last answer
            target.with_suffix(".last.bin").unlink(missing_ok=True)
        _prune(where)
    except OSError:
        pass


def _prune(where: Path) -> None:
    """Keep the :data:`KEPT` newest checkpoints; remove what a killed write left (a minute old)."""
    files = sorted(where.glob("*.bin"), key=lambda p: p.stat().st_mtime)
    for p in files[:-2 * KEPT]:  # each battle's older checkpoint and the one at its last answer
        p.unlink(missing_ok=True)
    stale = time.time() - 60
    for p in where.glob("*.tmp"):
        try:
            if p.stat().st_mtime < stale:
                p.unlink()
        except OSError:
            pass


class _Pickler(pickle.Pickler):
    """Writes the objects the engine shares with the campaign and the run by name (quicker than
    ``persistent_id``, which is asked of every value)."""

    def __init__(self, out: io.BytesIO, shared: dict[int, tuple[str, ...]]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self._named = shared

    def reducer_override(self, obj: Any) -> Any:
        name = self._named.get(id(obj))
        return NotImplemented if name is None else (shared_object, name)


_LOADING = threading.local()


def shared_object(*name: str) -> Any:
    """The object named ``name`` of the run a checkpoint is being read for."""
    objects: dict[tuple[str, ...], Any] = _LOADING.objects
    return objects[name]


class _Unpickler(pickle.Unpickler):
    """Reads only the classes of the engine's own modules; the shared objects come from the run."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith(_ALLOWED) or (module, name) in _ALLOWED_EXACT:
            found = super().find_class(module, name)
            if isinstance(found, type) or found is shared_object:  # classes only: no function is called
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not an engine's class")


def read(battle: str, answers: list[Any], state: BattleState, last: bool = False) -> Point | None:
    """The checkpoint on disk of the battle filed under ``battle`` that ``answers`` begin with (``last``: the one
    written at its last answer), its engine on ``state``'s record, teams and campaign units; None when there is none
    or it is not to be trusted (see the module's description)."""
    flush()
    where = folder()
    key = _key(where, make=False)
    if key is None:
        return None
    try:
        data = _bytes(_file(where, battle, last))
    except (OSError, ValueError):
        return None
    n = len(MAGIC)
    if data[:n] != MAGIC or len(data) < n + 32:
        return None
    body = memoryview(data)[n + 32:]
    sizes = struct.unpack(">5I", body[:20])
    if 20 + sum(sizes) != len(body):
        return None
    macked = body[:len(body) - sizes[-1]]  # all but the log's chunks, each checked by its digest when decoded
    if not hmac.compare_digest(data[n:n + 32], hmac.new(key, MAGIC + macked, hashlib.sha256).digest()):
        return None
    collecting = gc.isenabled()
    gc.disable()  # thousands of new events and rolls would set off full collections of the campaign's objects
    try:
        return _point(body, battle, answers, state)
    except Exception:  # made by this code and key, yet unreadable: replay instead
        return None
    finally:
        if collecting:
            gc.enable()


def _bytes(path: Path) -> bytes | mmap.mmap:
    """The file's bytes: mapped where a file replaced or removed keeps its mapping (POSIX), so only what is read of
    the log's chunks is read from the disk (issue 21: reading 1.5 MB at 5,000 answers was 0.6 ms of an undo)."""
    if os.name != "posix":
        return path.read_bytes()
    with open(path, "rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


def _point(payload: memoryview, battle: str, answers: list[Any], state: BattleState) -> Point | None:
    sizes = struct.unpack(">5I", payload[:20])
    parts, at = [], 20
    for size in sizes:
        parts.append(payload[at:at + size])
        at += size
    head = json.loads(bytes(parts[0]))
    given = int(head["answers"])
    if head["battle"] != battle or head["code"] != code_digest() or given > len(answers) \
            or head["given"] != _answers_digest(answers[:given]):
        return None
    log, dice = EventLog(), DiceRoller(0)
    shared: dict[tuple[str, ...], Any] = {("record",): state.record, ("log",): log, ("dice",): dice}
    shared.update({("team", t): team for t, team in state.teams.items()})
    shared.update({("unit", u): b.unit for u, b in state.units.items()})
    _LOADING.objects = shared
    try:
        engine = _Unpickler(io.BytesIO(parts[3])).load()
    finally:
        _LOADING.objects = {}
    if engine.state.record is not state.record:
        return None
    places = marshal.loads(parts[1])
    if len(places) != given:
        return None
    kept = tuple(answers[:given])  # given back: each answer's event holds the battle's own object
    events = StoredEvents(parts[4], head["chunks"], int(head["events"]), places, kept, head["sums"])  # decoded when read
    if len(events):
        events[-1]  # noqa: B018 (the last chunk, which a window shows first, read now: a bad one replays)
    exprs: dict[str, DiceExpr] = {}
    rolls = tuple(Roll(seq, exprs.get(expr) or exprs.setdefault(expr, DiceExpr.parse(expr)), faces, purpose, rule,
                       who, tuple(Modifier(*m) for m in mods))
                  for seq, expr, faces, purpose, rule, who, mods in marshal.loads(parts[2]))
    version, internal, gauss = head["dice"]
    return Point(kept, str(head["key"]), engine, ("random", (version, tuple(internal), gauss)),
                 rolls, events, tuple((int(i), str(t)) for i, t in head["secret"]))
