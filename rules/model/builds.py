"""What a power may build and what it has ordered (seed 004 Turn Orders, Construction Completion;
issue 23): its unit list and its construction projects.

Readings (docs/economy.md):

* "Each player has a list of ships they could build": ``Power.unit_list``, each entry the unit as
  built (its counter: a ship, flight, base or DEFSAT), its cost and its in-service year. Only a
  class of the power's own list may be bought ("Powers can only purchase units of their own racial
  origin or generic units": the list holds the generic ones it may build too).
* A project (``PowerEconomy.projects``) is paid in full when ordered ("The costs ... are deducted
  from the Point Pool during the Turn Orders Phase") and stays ordered until a Construction
  Completion completes it.
* Ground units are raised from ``Power.ground_list`` (:class:`GroundClass`, named by the ground
  unit's name), at most Census of them a turn at a planet (rules/turn/ground_orders.py).
"""
from pydantic import Field, StrictInt

from rules.model.economy_model import Points
from rules.model.turn_model import GroundUnit
from rules.model.types import Strict
from rules.model.units import Unit

YEAR = 999


class BuildClass(Strict):
    """A unit class the power may build: the unit as built, its cost, its in-service year."""

    unit: Unit
    cost: Points = Field(description="its cost in Economic Points (fractions allowed)")
    in_service: StrictInt | None = Field(None, ge=1, le=YEAR, description="its in-service year: bought only once the "
                                         "power's Tech Year reaches it; absent: always")


class GroundClass(Strict):
    """A ground unit class the power may raise: the ground unit as raised (its name names the
    class), its cost, its in-service year."""

    unit: GroundUnit
    cost: Points = Field(description="its cost in Economic Points (fractions allowed)")
    in_service: StrictInt | None = Field(None, ge=1, le=YEAR, description="its in-service year: raised only once the "
                                         "power's Tech Year reaches it; absent: always")
