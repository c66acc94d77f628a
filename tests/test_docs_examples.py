"""The example commands and answer files in docs/turn_answers.md and docs/battle_answers.md run
as written (issue 21 part 5): each ```bash block's ``python main.py`` command is run, with its
optional ``[...]`` parts left out and with all of them, the answers file it names holding the
doc's next ```json block, and must exit 0 having taken every answer of the example."""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("turn_answers.md", "battle_answers.md")
BLOCK = re.compile(r"```(bash|json)\n(.*?)```", re.S)


def examples(doc: str) -> list[tuple[list[str], str | None]]:
    """Each command of ``doc`` (without its optional parts, then with them, when it has any)
    with the JSON example that follows it (the answers it names)."""
    blocks = BLOCK.findall((ROOT / "docs" / doc).read_text(encoding="utf-8"))
    out = []
    for i, (kind, text) in enumerate(blocks):
        if kind != "bash":
            continue
        command = text.replace("\\\n", " ").strip()
        follow = next((t for k, t in blocks[i + 1:] if k == "json"), None)
        bare = re.sub(r"\[[^\]]*\]", "", command)
        out.append((shlex.split(bare), follow))
        if bare != command:
            out.append((shlex.split(re.sub(r"\[([^\]]*)\]", r"\1", command)), follow))
    return out


CASES = [pytest.param(doc, i, id=f"{doc}#{i}") for doc in DOCS for i in range(len(examples(doc)))]


def test_every_doc_command_has_an_example():
    assert len(CASES) >= 3  # turn, the V13 battle, a battle of another system
    systems = {argv[argv.index("--system") + 1] for argv, _answers in examples("battle_answers.md") if "--system" in argv}
    assert {"sidcors", "b5", "stcs"} <= systems, f"battle_answers.md runs an example of {sorted(systems)} only"


@pytest.mark.parametrize("doc, index", CASES)
def test_the_example_runs_as_written(tmp_path, doc, index):
    argv, answers = examples(doc)[index]
    assert argv[:2] == ["python", "main.py"], argv
    assert answers is not None, f"{doc}: no example answers after `{' '.join(argv)}`"
    given = json.loads(answers)
    name = argv[argv.index("--answers") + 1]
    (tmp_path / name).write_text(answers, encoding="utf-8")
    args = [str(ROOT / a) if a.startswith("scenarios/") else a for a in argv[2:]]
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(argv)} exited {done.returncode}: {done.stderr[-800:]}"
    out = json.loads(done.stdout)
    assert out["answers_used"] == len(given) and "error" not in out
