"""Battle systems bench (issue 21 part 1): undo and reopen of an AF/EF and a SIDCORS battle of
100 v 100 and 300 v 300 units, played at random (sides that mostly stay) to its last question,
each answer stored as the battle window's controller stores it (``adopt(saved())``).

- undo: the last answer taken back (the run's checkpoints), given again between runs, untimed
  (that answer pays for the engine copy and the release the undo does not);
- reopen: a new run from the session's campaign in the same process (the battle window closed
  and opened again: the campaign the run last stored and adopted, as ``app.battle.controller``
  starts it; the checkpoints filed under the battle's inputs);
- the file opened again in the running app: a new run from the campaign just read from the
  saved file (read untimed), which the run never adopted: its checkpoints are found by the
  digest of the data the file was read from (:func:`rules.model.io.read_data`), not by
  serialising the campaign again;
- cold reopen from the file: what a new process does, timed from reading the saved file
  (load, lane graph, run) with nothing of the battle in the process (no checkpoints, no key,
  no code digest): the run resumes from the checkpoint on disk (:mod:`rules.battlehex.resume`);
- each beside the naive baseline measured in the same run: a full replay from the first round
  (what every undo and reopen cost before the seam kept checkpoints; for the cold reopen, with
  the file's load);
- flat: the 300 v 300 figure over the 100 v 100 one (goal < 2x).

Sizes are measured in turn (:func:`common.interleaved`). Never asserts times; ``bench/run.py``
checks the goals.

    python bench/systems.py [--smoke] [--json]
"""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
TMP = Path(tempfile.mkdtemp(prefix="bench-systems-"))
atexit.register(shutil.rmtree, TMP, True)
os.environ.setdefault("BATTLEHEX_DATA", str(TMP / "data"))  # never the user's folder

from common import Row, interleaved, main, sizes  # noqa: E402

from rules.dice import DiceRoller  # noqa: E402
from rules.model.io import load_campaign, save_campaign  # noqa: E402
from rules.strategic import build_graph  # noqa: E402
from rules.systems import start  # noqa: E402
from rules.battlehex import replay_points  # noqa: E402
from rules.battlehex import resume  # noqa: E402
from tests.play.duel import AT, battle  # noqa: E402
from tests.play.random_battle import play_at_random  # noqa: E402

SIZES = sizes((100, 300), (10, 20))
REPEAT = 11
QUICK_REPEAT = 31
"""Undo and reopen take a few milliseconds or less: more of them make a steadier median on a
loaded machine (a ratio of two sub-millisecond medians of 7 swung by half)."""


class Fought:
    """One battle played at random, open at its last question."""

    def __init__(self, system: str, n: int) -> None:
        c, self.graph = battle(n, system)
        self.file = TMP / f"{system}-{n}.json"
        save_campaign(c, self.file)
        c = load_campaign(self.file)  # as a file the app saved: the current format, as it is read back
        played = play_at_random(c, AT, system, 5, self.graph, stubborn=0.9)
        self.answers = played.answers
        run = start(played.campaign, AT, self.graph)
        for a in self.answers[:-1]:
            run.answer(a)
            run.adopt(run.saved())  # as the battle window's controller stores every answer in the session
        self.run, self.saved = run, run.saved()
        run.adopt(self.saved)  # the session's campaign, as the controller stores it: what a reopened window starts from
        save_campaign(self.saved, self.file)
        self.what = f"{system} {n} v {n} ({len(self.answers) - 1} answers)"
        self.from_disk = True
        self.loaded = self.saved

    def undo(self) -> None:
        self.run.undo(1)

    def again(self) -> None:
        """The undone answer given again (untimed, before each undo): it also releases the engine
        the last undo left, and keeps a checkpoint where it is given (one engine copy), as any
        answer after an undo does."""
        if len(self.run.answers) < len(self.answers) - 1:
            self.run.answer(self.answers[-2])

    def reopen(self) -> None:
        start(self.saved, AT, self.graph)

    def read_again(self) -> None:
        """The saved file read again (untimed before :meth:`opened_again`)."""
        self.loaded = load_campaign(self.file)

    def opened_again(self) -> None:
        """A new run from the campaign the file was read into, which no run adopted."""
        start(self.loaded, AT, self.graph)

    def cold(self) -> None:
        """A new process opening the saved file: load it, build its lane graph, start the run."""
        c = load_campaign(self.file)
        run = start(c, AT, build_graph(c))
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


def fresh() -> None:
    """Nothing of any battle left in the process, as in a new one: no checkpoints, no campaign
    keys known, no checkpoint key or code digest read yet."""
    replay_points.SHELF.clear()
    replay_points._KNOWN.clear()
    resume._KEYS.clear()
    resume._CODE.clear()


def rows() -> list[Row]:
    out: list[Row] = []
    for system in ("afef", "sidcors"):
        fought = {n: Fought(system, n) for n in SIZES}
        undo = interleaved({n: f.undo for n, f in fought.items()}, QUICK_REPEAT,
                           before={n: f.again for n, f in fought.items()})
        reopen = interleaved({n: f.reopen for n, f in fought.items()}, QUICK_REPEAT)
        again = interleaved({n: f.opened_again for n, f in fought.items()}, QUICK_REPEAT,
                            before={n: f.read_again for n, f in fought.items()})
        cold = interleaved({n: f.cold for n, f in fought.items()}, REPEAT, before={n: f.fresh for n, f in fought.items()})
        naive = interleaved({n: f.naive for n, f in fought.items()}, 3)
        naive_cold = interleaved({n: f.naive_cold for n, f in fought.items()}, 3)
        for n, f in fought.items():
            out += [Row(f"{f.what}: undo the last answer", undo[n], "< 100 ms", naive[n]),
                    Row(f"{f.what}: reopen in the running app", reopen[n], "< 100 ms", naive[n]),
                    Row(f"{f.what}: the file opened again in the running app", again[n], "< 100 ms", naive[n]),
                    Row(f"{f.what}: cold reopen from the saved file (a new process)", cold[n], "< 100 ms",
                        naive_cold[n])]
        small, big = SIZES
        for what, figures in (("undo", undo), ("reopen", reopen), ("file opened again", again), ("cold reopen", cold)):
            out.append(Row(f"{system}: {what} {big} v {big} over {small} v {small} (flat)",
                           figures[big] / figures[small], "< 2 x", unit="x"))
    return out


if __name__ == "__main__":
    main(rows)
