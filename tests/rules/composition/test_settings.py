"""The campaign settings and unit fields fleet composition reads are validated like every other field."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.campaign import Settings
from tests.rules.composition.helpers import unit


def test_fleet_composition_defaults_to_bpv_capacity_and_no_year():
    s = Settings()
    assert s.fleet_composition == "bpv" and s.year is None


@pytest.mark.parametrize("bad", [{"fleet_composition": "S8.2"}, {"year": 0}, {"year": 1000}, {"year": "171"},
                                 {"year": 171.0}])
def test_bad_settings_are_refused(bad):
    with pytest.raises(ValidationError):
        Settings.model_validate(bad)


@pytest.mark.parametrize("bad", [{"flag_bridge": -1}, {"flag_bridge": 21}, {"fcp_row": "XX"}, {"battle_pods": 11},
                                 {"craft": 1000}, {"legendary_captain": 1}, {"is_leader": "yes"}])
def test_bad_unit_fields_are_refused(bad):
    with pytest.raises(ValidationError):
        unit("u", **bad)
