"""b5 the exact odds a fire target question shows before the roll (rules/systems/b5/firing.py): per
target, the range band, the fire-control die's chance, the 'x' and the damage die's chance of each class
(a Plasma Accelerator's damage by its last shot: rules/systems/b5/specials.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.model.b5 import B5Weapon, WeaponClass
from rules.systems.b5 import damage, fire, firing, flightfire, losses, marking, specials

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine


def odds(self: B5Engine) -> dict[str, str]:
    """Per target the pending target question offers, its exact chance per die before the roll."""
    if self.aiming is None:
        return {}
    firer, w = self.aiming
    out = {}
    for target in firing.targets(self, firer, w):
        if target in self.air.at:
            out[self.units[target].unit.name] = flightfire.odds(self, firer, w, target)
            continue
        t = self.data(target)
        band, sensor, penalty, defence = firing._aim(self, firer, w, target)
        face = fire.need(defence, band, sensor, penalty)
        p = fire.p_die_at_least(firing._fc(w, t), face)
        out[self.units[target].unit.name] = (f"{fire.BANDS[band]} range, {firing._fc(w, t)} needs {face}+: "
                                             f"{p} a die, "
                                             f"x{losses.x_rating(self, firer, firing.arc_x(self, firer, w, target))}; "
                                             f"damage {_damage(self, firer, w, target, band)}")
    return out


def _damage(self: B5Engine, firer: str, w: B5Weapon, target: str, band: int) -> str:
    return damage.class_odds(marking.dmg(w, _hurt(self, firer, w, band)), _armor(self, w, target, firer), w.cls)

def _hurt(self: B5Engine, firer: str, w: B5Weapon, band: int) -> int:
    """The band whose damage rating ``w`` does now (a Plasma Accelerator's by its last shot)."""
    return specials.damage_band(w, band, self.fired.get(firer, {}).get(w.name, []), self.round, self.pulse)


def _armor(self: B5Engine, w: B5Weapon, target: str, firer: str) -> int:
    """The armor a shot of ``w`` strikes: the arc's, a ballistic weapon's the target's best."""
    return max(self.data(target).armor) if w.cls is WeaponClass.BALLISTIC else self.data(target).armor[
        firing._arc(self, target, firer)]
