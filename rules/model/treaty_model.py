"""Seed 004 Intel Phase in the file (issue 23): the treaties and declarations in force per pair of
powers, the Exhibit B facts between them, and the treaties proposed and not answered yet.

``campaign.diplomacy`` keeps one state per pair (what movement, encounters and invasion read,
rules/strategic/diplomacy.py); ``campaign.treaties`` keeps the whole set for a pair once a treaty
was signed, broken or declared in the tool (rules/turn/diplomacy_phase.py keeps both in step). A
pair without a record reads its set from its state (Peace implies its Non-Aggression Treaty).
Fields at their defaults are not written, so older files stay byte-identical.
"""
from typing import Literal

from pydantic import Field, StrictInt, StrictStr, field_validator, model_validator

from rules.model.records import MAX_TURN
from rules.model.types import Strict

TreatyName = Literal["non_aggression", "peace", "trade", "mutual_defense", "alliance", "hostilities", "war",
                     "co_belligerence"]
"""rules.economy.diplomacy.Treaty by its name in lower case (the Armistice is never in force: it
restores Normal Relations)."""
ProposedName = Literal["non_aggression", "peace", "trade", "mutual_defense", "alliance", "co_belligerence",
                       "armistice"]
"""A treaty that may be proposed (signed, not declared)."""
FactName = Literal["implicated_sabotage", "declared_on_mdt_member", "declared_war_on_mdt_member",
                   "caught_insurgency", "encounter", "caught_sabotage", "declared_on_peace_member",
                   "caught_espionage", "broke_treaty_with_you", "you_broke_treaty", "last_attempt_failed"]
"""rules.economy.diplomacy.Fact by its name in lower case."""
NEEDS: dict[str, str] = {"peace": "non_aggression", "trade": "non_aggression", "mutual_defense": "peace",
                         "alliance": "mutual_defense", "co_belligerence": "non_aggression"}
"""A treaty and the treaty it needs in force (seed 004 Intel Phase)."""


class PairFact(Strict):
    """An Exhibit B fact: ``by`` did it to the other power of the pair on ``turn``."""

    fact: FactName
    by: StrictStr = Field(min_length=1)
    turn: StrictInt = Field(ge=1, le=MAX_TURN)
    secret_of: list[StrictStr] = Field([], description="the Teams who may know it besides the GM, when not "
                                       "everyone may (a power no other Team sees there, V13.29, V13.03: "
                                       "rules/turn/encounter_facts.py); sealed for them in saved files, out of "
                                       "other Teams' copies. Empty: everyone may")


class TreatyPair(Strict):
    """The treaties and declarations in force between two powers, and the facts between them."""

    powers: tuple[StrictStr, StrictStr]
    treaties: list[TreatyName] = []
    facts: list[PairFact] = []

    @field_validator("treaties")
    @classmethod
    def _whole(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError(f"a treaty is listed twice: {v}")
        declared = {"hostilities", "war"} & set(v)
        if declared and len(v) > 1:
            raise ValueError(f"a declaration breaks every treaty: {sorted(declared)} stands alone, not with {v}")
        for t in v:
            if t in NEEDS and NEEDS[t] not in v:
                raise ValueError(f"{t} needs {NEEDS[t]} in force (seed 004 Intel Phase)")
        return v

    @model_validator(mode="after")
    def _two(self) -> "TreatyPair":
        a, b = self.powers
        if a == b:
            raise ValueError(f"a power has no treaty with itself ({a!r})")
        for f in self.facts:
            if f.by not in self.powers:
                raise ValueError(f"a fact between {a!r} and {b!r} is done by {f.by!r}")
        return self


class Proposal(Strict):
    """A treaty ``by`` proposed to ``to`` on ``turn``, waiting for its answer."""

    treaty: ProposedName
    by: StrictStr = Field(min_length=1)
    to: StrictStr = Field(min_length=1)
    turn: StrictInt = Field(ge=1, le=MAX_TURN)


def problems(treaties: list[TreatyPair], proposals: list[Proposal], powers: set[str]) -> list[tuple[str, str]]:
    """What the loader refuses beyond each record's own checks: an unknown power, a pair given twice
    (``(path, message)`` pairs, rules/model/checks.py)."""
    out: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for i, tp in enumerate(treaties):
        for j, p in enumerate(tp.powers):
            if p not in powers:
                out.append((f"treaties[{i}].powers[{j}]", f"power {p!r} does not exist"))
        if frozenset(tp.powers) in seen:
            a, b = tp.powers
            out.append((f"treaties[{i}]", f"the treaties of {a!r}-{b!r} are given more than once"))
        seen.add(frozenset(tp.powers))
    for i, pr in enumerate(proposals):
        for field, p in (("by", pr.by), ("to", pr.to)):
            if p not in powers:
                out.append((f"proposals[{i}].{field}", f"power {p!r} does not exist"))
        if pr.by == pr.to:
            out.append((f"proposals[{i}]", f"a power proposes no treaty to itself ({pr.by!r})"))
    return out
