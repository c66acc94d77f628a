"""``main.py`` alone builds no argparse parser (issue 21: the start with no kept first frame, ~4 ms
of CPU): its options are what the parser would give, and any other command line is parsed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("argv", [[], ["--startup-probe"]])
def test_the_start_reads_the_command_line_as_the_parser_would(argv):
    assert main._arguments(argv) == main._parser().parse_args(argv)


def test_any_other_command_line_is_parsed():
    assert main._arguments(["x.json", "--size", "800x600"]).size == (800, 600)
    with pytest.raises(SystemExit):
        main._arguments(["--size", "1x1"])


COUNT = """
import argparse, builtins, json, sys
made = []
init = argparse.ArgumentParser.__init__
def counting(self, *a, **k):
    made.append(1)
    init(self, *a, **k)
argparse.ArgumentParser.__init__ = counting
sys.argv = ["main.py", "--startup-probe"]
import main
code = main.main()
print(json.dumps(dict(parsers=len(made), code=code)))
"""


def test_the_start_builds_no_parser(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", COUNT], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.strip().splitlines()[-1]) == {"parsers": 0, "code": 0}
