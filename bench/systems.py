"""Battle systems bench (issue 21 part 1): undo and reopen of an AF/EF and a SIDCORS battle of
100 v 100 and 300 v 300 units, played at random (sides that mostly stay) to its last question,
each answer stored as the battle window's controller stores it (``adopt(saved())``).

- undo: the last answer taken back (the run's checkpoints), given again between runs, untimed
  (that answer pays for the engine copy and the release the undo does not);
- reopen: a new run from the session's campaign in the same process (the battle window closed
  and opened again: the campaign the run last stored and adopted, as ``app.battle.controller``
  starts it; the checkpoints filed under the battle's inputs);
- the file opened again in the running app: a new run from the campaign just read from the
  saved file (read untimed, with its strategic state, as File > Open builds the session), which
  the run never adopted: its checkpoints are found by the digest of the data the file was read
  from (:func:`rules.model.io.read_data`), not by serialising the campaign again;
- cold reopen from the file: what a new process does, timed from reading the saved file
  (load, lane graph, run) with nothing of the battle in the process (no checkpoints, no key,
  no code digest): the run resumes from the checkpoint on disk (:mod:`rules.battlehex.resume`);
- each beside the naive baseline measured in the same run: a full replay from the first round
  (what every undo and reopen cost before the seam kept checkpoints; for the cold reopen, with
  the file's load);
- flat: the 300 v 300 figure over the 100 v 100 one, like with like (goal < 2x). Random play
  ends the two sizes after different numbers of answers (AF/EF: 9 and 149), and what a file
  opened again or a cold reopen reads grows with the battle's log, so the longer battle is also
  measured cut at the shorter one's length (its first answers, a battle of its own) and those
  two figures compare the sizes at the same number of answers: growth in units, not in battle
  length. Undo and reopen in the running app are bounded by the checkpoints and depend on the
  question the battle stands at (a battle cut at any answer may stand where no checkpoint
  resumes), so they compare the sizes each at its battle's last question. The growth with
  length at 300 v 300 is shown without a goal.
- the cold reopen reads the whole file: its load (read, JSON parsed, every unit validated,
  ``rules.model.io.load_campaign``) grows with the units as the file does (AF/EF at 9 answers:
  44 KB at 100 v 100, 130 KB at 300 v 300; the load 4.5 -> 12.5 ms CPU), and so does the
  engine read from the checkpoint (its units). That part is the data itself: no reopen can
  read 3x the units in the time of 1x. The bench shows it apart, with the file's size ratio,
  and holds the rest to the flat goal: the run (lane graph, code digest, checkpoint read, and
  the answers after the checkpoint replayed, each AF/EF answer a round of fire of every unit).
  The strategic state ``rules.systems.start`` checks V13.12 on (supply and control scan every
  fleet's units: 0.16 ms at 100 v 100, 0.45 at 300 v 300) is the session's, as the battle
  window's controller passes it: a reopen and the file opened again do not compute it again;
  a cold reopen does.

Sizes are measured in turn (:func:`common.interleaved`). Never asserts times; ``bench/run.py``
checks the goals.

    python bench/systems.py [--smoke] [--json]
"""
from __future__ import annotations

import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
TMP = Path(tempfile.mkdtemp(prefix="bench-systems-"))
atexit.register(shutil.rmtree, TMP, True)
os.environ.setdefault("BATTLEHEX_DATA", str(TMP / "data"))  # never the user's folder

from common import Row, interleaved, main, sizes  # noqa: E402

from hexmap import LaneGraph  # noqa: E402
from rules.dice import DiceRoller  # noqa: E402
from rules.model.io import load_campaign, save_campaign  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.strategic.state import StrategicState  # noqa: E402
from rules.systems import start  # noqa: E402
from rules.battlehex import replay_points  # noqa: E402
from rules.battlehex import resume  # noqa: E402
from tests.play.duel import AT, battle  # noqa: E402
from tests.play.random_battle import Played, play_at_random  # noqa: E402

SIZES = sizes((100, 300), (10, 20))
REPEAT = 11
QUICK_REPEAT = 31
"""Undo and reopen take a few milliseconds or less: more of them make a steadier median on a
loaded machine (a ratio of two sub-millisecond medians of 7 swung by half)."""


class Fought:
    """One battle played at random, open at its last question."""

    def __init__(self, system: str, n: int, graph: LaneGraph, played: Played, length: int | None = None) -> None:
        self.graph = graph
        self.answers, campaign = list(played.answers), played.campaign
        cut = length is not None and length < len(self.answers) - 1
        if cut:  # its first answers: a battle of its own, told apart from the full one (a word the
            # battle never reads), else both share one shelf of checkpoints and one on disk (bench/b5.py)
            self.answers = self.answers[:length + 1]
            campaign = campaign.model_copy(update={"description": f"{system} bench, {n} a side, {length} answers"})
        self.file = TMP / f"{system}-{n}{f'-at-{length}' if cut else ''}.json"
        run = start(campaign, AT, self.graph)
        for a in self.answers[:-1]:
            run.answer(a)
            run.adopt(run.saved())  # as the battle window's controller stores every answer in the session
        self.run, self.saved = run, run.saved()
        run.adopt(self.saved)  # the session's campaign, as the controller stores it: what a reopened window starts from
        save_campaign(self.saved, self.file)
        keep_last = getattr(run, "keep_last", None)  # the battle window closed: a checkpoint at the last answer
        if keep_last is not None:
            keep_last()
        self.what = f"{system} {n} v {n} ({len(self.answers) - 1} answers)"
        self.from_disk = True
        self.loaded = self.saved
        self.state = self.loaded_state = StrategicState.compute(self.saved, graph)  # what the session holds
        self.reads: list[float] = []  # a cold reopen's load of the file, ms
        self.runs: list[float] = []  # ... and the rest: the lane graph, the checkpoint read, the answers after it

    def undo(self) -> None:
        self.run.undo(1)

    def again(self) -> None:
        """The undone answer given again (untimed, before each undo): it also releases the engine
        the last undo left, and keeps a checkpoint where it is given (one engine copy), as any
        answer after an undo does."""
        if len(self.run.answers) < len(self.answers) - 1:
            self.run.answer(self.answers[-2])

    def reopen(self) -> None:
        start(self.saved, AT, self.graph, self.state)

    def read_again(self) -> None:
        """The saved file read again, with its strategic state, as File > Open builds the session
        (untimed before :meth:`opened_again`)."""
        self.loaded = load_campaign(self.file)
        self.loaded_state = StrategicState.compute(self.loaded, self.graph)

    def opened_again(self) -> None:
        """A new run from the campaign the file was read into, which no run adopted."""
        start(self.loaded, AT, self.graph, self.loaded_state)

    def cold(self) -> None:
        """A new process opening the saved file: load it, build its lane graph, start the run;
        the load (the file read, parsed and every unit validated) and the rest timed apart."""
        t = time.perf_counter()
        c = load_campaign(self.file)
        t1 = time.perf_counter()
        run = start(c, AT, build_graph(c))
        self.reads.append((t1 - t) * 1000)
        self.runs.append((time.perf_counter() - t1) * 1000)
        points = getattr(run, "_points", None)
        self.from_disk = points is not None and points.written is not None

    def fresh(self) -> None:
        """:func:`fresh`, and the checkpoint written again when the last cold reopen could not
        use it: the rules' sources changed since it was written (others editing the working tree
        while the bench runs: a real reopen after an upgrade replays, as it should)."""
        points = self.run._points
        if not self.from_disk and points is not None:
            # a point still kept: never ``points.written``, whose engine an undo may have taken since
            point = points.best(self.answers[:-2])
            if point is not None:
                resume.write(point, self.run._key)
                resume.flush()
        fresh()

    def naive_cold(self) -> None:
        """The same with a full replay from the first round."""
        c = load_campaign(self.file)
        type(self.run)(c, AT, build_graph(c), dice=lambda seed: DiceRoller(seed))

    def naive(self) -> None:
        """A full replay from the first round: a run whose dice callable is not the seeded
        roller keeps no checkpoints."""
        cls = type(self.run)
        cls(self.saved, AT, self.graph, dice=lambda seed: DiceRoller(seed))


def fight(system: str, n: int) -> tuple[LaneGraph, Played]:
    """``n`` v ``n`` units fought at random with ``system`` (sides that mostly stay), from the
    campaign as a file the app saved (the current format, as it is read back)."""
    c, graph = battle(n, system)
    path = TMP / f"{system}-{n}-setup.json"
    save_campaign(c, path)
    return graph, play_at_random(load_campaign(path), AT, system, 5, graph, stubborn=0.9)


def fresh() -> None:
    """Nothing of any battle left in the process, as in a new one: no checkpoints, no campaign
    keys known, no checkpoint key or code digest read yet."""
    replay_points.SHELF.clear()
    replay_points._KNOWN.clear()
    resume._KEYS.clear()
    resume._CODE.clear()


def rows() -> list[Row]:
    out: list[Row] = []
    small, big = SIZES
    for system in ("afef", "sidcors"):
        played = {n: fight(system, n) for n in SIZES}
        length = min(len(p.answers) for _g, p in played.values()) - 1
        fought = {str(n): Fought(system, n, *played[n]) for n in SIZES}
        even = {n: str(n) for n in SIZES}  # each size at the common length: the full battle or a cut one
        for n in SIZES:
            if len(played[n][1].answers) - 1 > length:
                even[n] = f"{n} at {length}"
                fought[even[n]] = Fought(system, n, *played[n], length)
        undo = interleaved({k: f.undo for k, f in fought.items()}, QUICK_REPEAT,
                           before={k: f.again for k, f in fought.items()})
        reopen = interleaved({k: f.reopen for k, f in fought.items()}, QUICK_REPEAT)
        again = interleaved({k: f.opened_again for k, f in fought.items()}, QUICK_REPEAT,
                            before={k: f.read_again for k, f in fought.items()})
        cold = interleaved({k: f.cold for k, f in fought.items()}, REPEAT, before={k: f.fresh for k, f in fought.items()})
        naive = interleaved({k: f.naive for k, f in fought.items()}, 3)
        naive_cold = interleaved({k: f.naive_cold for k, f in fought.items()}, 3)
        read = {k: statistics.median(f.reads) for k, f in fought.items()}
        ran = {k: statistics.median(f.runs) for k, f in fought.items()}
        for k, f in fought.items():
            out += [Row(f"{f.what}: undo the last answer", undo[k], "< 100 ms", naive[k]),
                    Row(f"{f.what}: reopen in the running app", reopen[k], "< 100 ms", naive[k]),
                    Row(f"{f.what}: the file opened again in the running app", again[k], "< 100 ms", naive[k]),
                    Row(f"{f.what}: cold reopen from the saved file (a new process)", cold[k], "< 100 ms",
                        naive_cold[k]),
                    Row(f"  of which the file loaded ({f.file.stat().st_size // 1024} KB read, parsed, every unit "
                        "validated)", read[k]),
                    Row("  of which the run (lane graph, code digest, checkpoint read, the answers after it "
                        "replayed)", ran[k])]
        figures = (("undo", undo), ("reopen", reopen), ("file opened again", again), ("cold reopen", cold))
        for what, measured in figures:
            if what in ("undo", "reopen"):  # bounded by checkpoints: both at their battle's last question
                out.append(Row(f"{system}: {what} {big} v {big} over {small} v {small}, each at its battle's last "
                               "question (flat)", measured[str(big)] / measured[str(small)], "< 2 x", unit="x"))
                continue
            if what == "cold reopen":  # the file is read whole: it grows with the units (see the module's note)
                b, s_ = even[big], even[small]
                out += [Row(f"{system}: cold reopen {big} v {big} over {small} v {small}, both {length} answers, "
                            "whole (the file grows with the units)", measured[b] / measured[s_], unit="x"),
                        Row(f"  its file's size {big} v {big} over {small} v {small}",
                            fought[b].file.stat().st_size / fought[s_].file.stat().st_size, unit="x"),
                        Row(f"  its load, {big} v {big} over {small} v {small}", read[b] / read[s_], unit="x"),
                        Row(f"{system}: cold reopen's run {big} v {big} over {small} v {small}, both {length} answers "
                            "(flat)", ran[b] / ran[s_], "< 2 x", unit="x")]
                continue
            out.append(Row(f"{system}: {what} {big} v {big} over {small} v {small}, both {length} answers (flat)",
                           measured[even[big]] / measured[even[small]], "< 2 x", unit="x"))
        longer = [n for n in SIZES if even[n] != str(n)]
        for n in longer:  # what the longer battle adds: no goal (the issue asks flat in units)
            full = len(played[n][1].answers) - 1
            for what, measured in figures:
                out.append(Row(f"{system}: {what} {n} v {n}, {full} answers over {length} (battle length)",
                               measured[str(n)] / measured[even[n]], unit="x"))
    return out


if __name__ == "__main__":
    main(rows)
