"""Seed 002's Carrying Marines in the STCS ship data: marines (Active or in Stasis, the Troop Carry
Table's minimums) and military passengers, validated; files without them stay valid (none)."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.stcs import Carry, Nation, STCSData
from tests.rules.systems.stcs.test_data import SHIP


def test_old_files_carry_no_marines_and_no_passengers() -> None:
    d = STCSData.model_validate(SHIP)
    assert (d.marines, d.marines_carry, d.military_passengers) == (0, Carry.ACTIVE, 0)
    assert "marines" not in d.model_dump(exclude_defaults=True)  # the file as before


def test_marines_and_passengers_read() -> None:
    d = STCSData.model_validate({**SHIP, "marines": 25, "military_passengers": 40})
    assert (d.marines, d.military_passengers, d.crew) == (25, 40, 430)  # marines never count as crew
    s = STCSData.model_validate({**SHIP, "marines": 20, "marines_carry": "stasis"})
    assert s.marines_carry is Carry.STASIS
    assert STCSData.model_validate({**SHIP, "nation": "gorn"}).nation is Nation.GORN


@pytest.mark.parametrize("change, words", [
    ({"marines": 9}, "stcs.marines: a ship carrying marines active carries at least 10 (seed 002 Troop Carry "
                     "Table), not 9"),
    ({"marines": 19, "marines_carry": "stasis"}, "carrying marines stasis carries at least 20"),
    ({"marines_carry": "stasis"}, "stcs.marines_carry: stasis is how a ship carries its marines; it has none"),
    ({"marines": -1}, "marines"),
    ({"military_passengers": -5}, "military_passengers"),
    ({"marines_carry": "frozen"}, "marines_carry"),
])
def test_bad_marine_data_is_refused_with_words_that_name_it(change: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError) as e:
        STCSData.model_validate({**SHIP, **change})
    assert words in str(e.value)


def test_the_minimums_are_boundaries() -> None:
    assert STCSData.model_validate({**SHIP, "marines": 10}).marines == 10
    assert STCSData.model_validate({**SHIP, "marines": 20, "marines_carry": "stasis"}).marines == 20
