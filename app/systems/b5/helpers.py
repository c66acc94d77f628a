"""The b5 helpers: seed 003's numbers the engine computes, for a turn fought at the table
(each with its exact chance before the roll). The numbers are the engine's
(rules/systems/b5/fire.py, command.py); this widget only reads its fields and shows them."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QScrollArea, QSpinBox, QVBoxLayout, QWidget

from rules.battlehex.words import plural
from rules.errors import RuleError
from rules.model.b5 import Category
from rules.systems.b5 import command, fire


def _pct(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


class Helpers(QScrollArea):
    """Calculators: to hit, pulse hits, ballistic delay, e-mines, dogfight, fighter flights,
    anti-fighter fire, command, morale, reinforcements."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("b5_helpers")
        self.setWidgetResizable(True)
        inner = QWidget()
        self.lay = QVBoxLayout(inner)
        self.setWidget(inner)
        self.results: dict[str, QLabel] = {}
        self._group("to_hit", "To hit (fire control die + sensor >= Def + range)", [
            ("die", ["d4", "d6", "d8", "d10", "d12"], 3), ("defence", (0, 30), 12), ("sensor", (0, 20), 5),
            ("range", list(fire.BANDS), 0), ("modifiers", (-10, 10), 0)], self._to_hit)
        self._group("pulse", "Pulse weapon hits", [("need", (2, 40), 12), ("rolled", (1, 40), 14),
                                                   ("most", (1, 9), 5)], self._pulse)
        self._group("ballistic", "Ballistic delay", [("hexes", (0, 99), 21)], self._ballistic)
        self._group("emine", "Energy mines", [("launchers", (1, 33), 4),
                                              ("class", [c.value for c in Category], 1)], self._emine)
        self._group("dogfight", "Dogfight (total beats the target's rating by)", [
            ("beat by", (-10, 20), 3), ("reading", [fire.DOGFIGHT_TEXT, fire.DOGFIGHT_PATTERN], 0)], self._dogfight)
        self._group("fighters", "Fighter flight (attack and dogfight)", [
            ("fighters", (1, 12), 6), ("roll", (1, 40), 6), ("anti-ship", (0, 5), 0), ("interceptor", (0, 5), 0)],
            self._fighters)
        self._group("af", "Anti-fighter fire (enemy flights in the ship's hex)", [
            ("AF rating", (1, 12), 3), ("flights", (1, 20), 2)], self._af)
        self._group("command", "Weapon rating after command losses", [
            ("x", (1, 12), 4), ("commander lost", ["no", "yes"], 0), ("flagship lost", ["no", "yes"], 0)],
            self._command)
        self._group("morale", "Morale (d12 + situation >= the level's number: withdraw)", [
            ("grey boxes", (0, 200), 10), ("marked", (0, 200), 5), ("levels rolled", (0, 5), 0),
            ("situation", list(command.SITUATION) + ["none"], 3), ("side", ["defender", "attacker"], 0),
            ("rounding", [command.MORALE_DOWN, command.MORALE_UP], 0)], self._morale)
        self._group("reinforce", "Reinforcements", [("arrival turn", (4, 20), 6), ("check", (1, 10), 1)],
                    self._reinforce)
        self.lay.addStretch(1)

    def read_as(self, dogfight: str, rounding: str) -> None:
        """Open the dogfight and morale helpers at the campaign's readings (settings.b5), once."""
        if getattr(self, "_read", False):
            return
        self._read = True
        for key, name, value in (("dogfight", "reading", dogfight), ("morale", "rounding", rounding)):
            widgets, _compute = getattr(self, f"_{key}_fields")
            box = widgets[name]
            box.setCurrentIndex(max(0, box.findText(value)))

    def _group(self, key: str, title: str, fields: list, compute: Callable[[dict], str]) -> None:
        box = QGroupBox(title)
        form = QFormLayout(box)
        widgets: dict[str, QSpinBox | QComboBox] = {}
        for name, spec, default in fields:
            if isinstance(spec, tuple):
                w: QSpinBox | QComboBox = QSpinBox()
                w.setRange(*spec)
                w.setValue(default)
                w.valueChanged.connect(lambda _v, k=key: self._update(k))
            else:
                w = QComboBox()
                w.addItems(spec)
                w.setCurrentIndex(default)
                w.currentIndexChanged.connect(lambda _v, k=key: self._update(k))
            w.setObjectName(f"b5_{key}_{name.replace(' ', '_')}")
            widgets[name] = w
            form.addRow(name, w)
        out = QLabel()
        out.setObjectName(f"b5_{key}_result")
        out.setWordWrap(True)
        form.addRow(out)
        self.results[key] = out
        setattr(self, f"_{key}_fields", (widgets, compute))
        self.lay.addWidget(box)
        self._update(key)

    def _update(self, key: str) -> None:
        widgets, compute = getattr(self, f"_{key}_fields")
        values = {n: (w.value() if isinstance(w, QSpinBox) else w.currentText()) for n, w in widgets.items()}
        try:
            self.results[key].setText(compute(values))
        except RuleError as e:
            self.results[key].setText(str(e))

    @staticmethod
    def _to_hit(v: dict) -> str:
        face = fire.need(v["defence"], fire.BANDS.index(v["range"]), v["sensor"], v["modifiers"])
        return f"need {face}+ on the {v['die']}: {_pct(fire.p_die_at_least(v['die'], face))} per die"

    @staticmethod
    def _pulse(v: dict) -> str:
        return f"{plural(fire.pulse_hits(v['need'], v['rolled'], v['most']), 'pulse')} hit"

    @staticmethod
    def _ballistic(v: dict) -> str:
        return f"hits {plural(fire.ballistic_delay(v['hexes']), 'pulse')} after launch"

    @staticmethod
    def _emine(v: dict) -> str:
        p = fire.emine_p_hit(Category(v["class"]))
        return f"radius {fire.emine_radius(v['launchers'])}; a {v['class']} unit is hit on {_pct(p)}, 1d12 damage"

    @staticmethod
    def _dogfight(v: dict) -> str:
        return f"{plural(fire.dogfight_kills(v['beat by'], v['reading']), 'fighter')} killed"

    @staticmethod
    def _fighters(v: dict) -> str:
        bonus = fire.fighter_bonus(v["fighters"])
        total = fire.dogfight_total(v["roll"], v["fighters"], v["anti-ship"], v["interceptor"])
        return f"attack and damage +{bonus}; dogfight total {total} (compare with the target's rating)"

    @staticmethod
    def _af(v: dict) -> str:
        x, flights = fire.anti_fighter(v["AF rating"], v["flights"])
        return f"x{x} at each of {plural(flights, 'flight')}"

    @staticmethod
    def _command(v: dict) -> str:
        x = command.rating(v["x"], commander_lost=v["commander lost"] == "yes", flagship_lost=v["flagship lost"] == "yes")
        return f"fires at x{x}"

    @staticmethod
    def _morale(v: dict) -> str:
        levels = command.morale_levels(v["grey boxes"], v["rounding"])
        mod = 0 if v["situation"] == "none" else command.SITUATION[v["situation"]][v["side"] == "attacker"]
        needs = command.morale_checks(v["grey boxes"], v["marked"], v["levels rolled"], v["rounding"])
        checks = "; ".join(f"needs {n}+: withdraws on {_pct(command.p_withdraw(n, mod))}" for n in needs) or "no check now"
        return f"levels {levels}, modifier {mod:+d}: {checks}"

    @staticmethod
    def _reinforce(v: dict) -> str:
        odds = command.arrival_odds(v["check"])
        return (f"discount {command.discount(v['arrival turn'])}%; check {v['check']}: "
                + ", ".join(f"{k} {_pct(p)}" for k, p in odds.items()))
