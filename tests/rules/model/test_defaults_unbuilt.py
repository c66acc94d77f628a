"""Issue 21 (the plain start, within 3x of the bare PySide6 import): making the campaign records
builds no validator. Three defaults were records made at import (``Campaign.settings =
Settings()``, ``Settings.b5``, ``Unit.fe``): each call built its record's validator (pydantic's
schema generation and the modules it imports), some 8% of the instructions of a start with no
kept first frame. The defaults are now made with ``model_construct``: the same values, no
validator built until a record is first validated."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rules.model.b5 import B5Settings
from rules.model.campaign import Campaign, Settings
from rules.model.units import FEFactors, Unit

ROOT = Path(__file__).resolve().parents[3]
BUILT = """
import main
main._preload()  # the whole model, as the start imports it
from rules.model.types import Strict
todo, built = [Strict], []
while todo:
    cls = todo.pop()
    todo.extend(cls.__subclasses__())
    built += [cls.__name__] if cls is not Strict and cls.__pydantic_complete__ else []
print(sorted(built))
"""


def test_importing_the_model_builds_no_record_of_a_default():
    out = subprocess.run([sys.executable, "-c", BUILT], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=60).stdout
    assert out.strip().splitlines()[-1] == "[]", out


def test_each_default_is_the_record_a_validation_makes():
    for model, field, record in ((Campaign, "settings", Settings), (Settings, "b5", B5Settings),
                                 (Unit, "fe", FEFactors)):
        default = model.model_fields[field].default
        made = record()  # validated: every field's own default
        assert type(default) is record and default == made, (model.__name__, field)
        assert default.model_dump() == made.model_dump() and default.model_fields_set == made.model_fields_set == set()
        assert default.model_dump(exclude_defaults=True) == {}
