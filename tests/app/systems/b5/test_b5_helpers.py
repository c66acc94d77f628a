"""The b5 Helpers tab's fighter calculators, answered through their spin boxes: the seed's
fighter bonus (five fighters: +2), the dogfight total (+1 per fighter, anti-ship -1,
interceptor +1 a level) and the anti-fighter split (the AF rating over half the flights in the
hex, rounded up; under x1, x1 at half of them)."""
from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from app.systems.b5.helpers import Helpers


def test_the_fighter_and_anti_fighter_helpers_give_the_seeds_numbers(qtbot):
    h = Helpers()
    qtbot.addWidget(h)
    h.findChild(QSpinBox, "b5_fighters_fighters").setValue(5)
    h.findChild(QSpinBox, "b5_fighters_roll").setValue(7)
    assert h.results["fighters"].text().startswith("attack and damage +2; dogfight total 12")
    h.findChild(QSpinBox, "b5_fighters_anti-ship").setValue(1)
    h.findChild(QSpinBox, "b5_fighters_interceptor").setValue(2)
    assert "dogfight total 13" in h.results["fighters"].text()  # 7 + 5 - 1 + 2
    h.findChild(QSpinBox, "b5_af_AF_rating").setValue(6)
    h.findChild(QSpinBox, "b5_af_flights").setValue(4)
    assert h.results["af"].text() == "x3 at each of 4 flights"  # 6 over 2
    h.findChild(QSpinBox, "b5_af_flights").setValue(15)
    assert h.results["af"].text() == "x1 at each of 8 flights"  # 6 over 8 is under 1: half of 15, rounded up
