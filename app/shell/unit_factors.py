"""A class's factors in Campaign > Unit Lists... (issue 23): the counter as built is the Unit
record's fields, typed as JSON in their own dialog (the engine checks them), and shown in the
table in words, never as JSON (issue 22: plain text)."""
from __future__ import annotations

import json
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from rules.battlehex.words import plural
from rules.model.b5 import B5Data, B5Fighter, B5Weapon
from rules.model.stcs import STCSData, STCSWeapon
from rules.model.units import AFEFFactors, FEFactors, Officers, TacticalState, Unit


class FactorsDialog(QDialog):
    """A class's counter typed: the Unit record's fields as JSON (the engine checks them)."""

    def __init__(self, name: str, factors: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Factors of {name}")
        lay = QVBoxLayout(self)
        note = QLabel("The counter as built: the Unit record's fields (docs/campaign_format.md), e.g. "
                      "\"size_class\", \"fe\", \"afef\", \"combat_bpv\". The class and name are the row's.")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Factors")
        try:
            self.text.setPlainText(json.dumps(json.loads(factors or "{}"), indent=2, sort_keys=True))
        except ValueError:
            self.text.setPlainText(factors)
        lay.addWidget(self.text)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(560, 520)

    def factors(self) -> str:
        """The text as typed, on one line when it is JSON."""
        t = self.text.toPlainText()
        try:
            return json.dumps(json.loads(t), sort_keys=True)
        except ValueError:
            return t


def item(text: str, editable: bool = True, tip: str = "") -> QTableWidgetItem:
    it = QTableWidgetItem(text)
    if not editable:
        it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if tip:
        it.setToolTip(tip)
    return it


SECTIONS = (("F&E (SIDCORS)", ("fe", "fe_command_rating", "ew", "is_mauler")), ("AF/EF", ("afef",)),
            ("Babylon 5", ("b5",)), ("STCS", ("stcs",)), ("Counter", ()))
"""The counter's words in sections: each battle system's, then the rest of the counter (the cell shows the first
ones whole: on the real screen the counter's crew and officers came first and the combat factors were cut off)."""
LABELS: dict[str, str] = {
    # the unit
    "id": "counter", "class_designation": "class", "kind": "", "hull_type": "hull", "size_class": "size class",
    "race_flags": "race", "crew_quality": "crew",
    "officers": "officers", "captain": "captain", "navigator": "navigator", "helmsman": "helmsman",
    "chief_engineer": "chief engineer", "crew_units_normal": "crew units", "crew_units_current": "crew units now",
    "boxes_total": "boxes", "internal_hits": "internal hits", "strategic_movement_capable": "strategic movement",
    "native_sublight": "native sub-light", "warp_engines_dropped": "warp engines dropped", "slow": "slow",
    "has_special_sensors": "special sensors", "sensors_damaged": "sensors damaged", "cloak_capable": "cloaking device",
    "is_cloaked": "cloaked", "stealth": "stealth", "is_scout": "scout", "is_carrier": "carrier",
    "is_pf_tender": "PF tender", "carrier_id": "carried by", "basing": "basing (LF fighters)",
    "medium_fighters": "MF fighters", "no_planet_basing": "bases on no planet", "atmospheric": "atmospheric",
    "is_tug": "tug", "tow_capacity": "tows",
    "towing": "towing", "is_civilian": "civilian", "supply_depot": "supply depot", "supply_rating": "supply rating",
    "assault": "assault", "cost": "cost (EP)", "is_auxiliary": "auxiliary", "is_incidental": "incidental",
    "orion_status": "Orion", "lessee_team": "leased by", "wants_fight": "wants a fight",
    "economic_bpv": "economic BPV", "combat_bpv": "combat BPV", "crippled": "crippled",
    "damage_levels": "damage levels", "destroyed": "destroyed", "destroyed_turn": "destroyed on turn",
    "captured": "captured", "fate": "fate", "lost_turns_remaining": "lost turns left", "lost_by": "lost by",
    "base_repair_hits": "hits only a base repairs", "forced_strategic_direction": "forced direction",
    "tactical": "on the battle map", "position": "at", "facing": "facing", "speed": "speed",
    "flag_bridge": "flag bridge boxes", "legendary_captain": "legendary captain", "is_leader": "leader",
    "fcp_row": "command point chart row", "battle_pods": "battle pods", "craft": "craft",
    # F&E (SIDCORS)
    "fe": "", "fe_command_rating": "command rating", "ew": "electronic warfare", "is_mauler": "mauler cannon",
    "attack": "attack", "defense": "defence", "fighters": "fighters", "c_attack": "crippled attack",
    "c_defense": "crippled defence", "c_fighters": "crippled fighters", "has_crippled_side": "crippled side",
    # AF/EF
    "afef": "", "af": "attack factor", "ef": "endurance factor", "damaged_af": "damaged attack factor",
    # Babylon 5 (the ship, a weapon, a fighter flight)
    "b5": "", "category": "", "race": "race", "accel": "acceleration", "decel": "deceleration", "turn": "turn",
    "hard_turn": "hard turn", "come_about": "come about", "course_correct": "course correct", "defence": "defence",
    "armor": "armour", "sensor": "sensor", "structure": "structure", "grey_boxes": "grey boxes",
    "command_rating": "command rating", "elint": "ELINT", "elint_boxes": "ELINT boxes", "jump_engine": "jump engine",
    "guardian": "Guardian Array", "guardian_boxes": "Guardian Array boxes", "tractor": "tractor beam",
    "weapons": "weapons", "fighter_flights": "fighter flights", "flight": "flight", "squadron": "squadron",
    "command": "command ship", "flagship": "flagship", "escort": "flagship escort",
    "abilities": "commander abilities", "style": "commander style",
    "name": "", "cls": "", "shots": "shots a turn", "ranges": "ranges", "fire_control": "fire control",
    "damage": "damage", "x": "times into its best arc", "arcs": "arcs (front round to front left)",
    "anti_fighter": "anti-fighter", "max_pulses": "most pulses", "accelerator": "Plasma Accelerator",
    "move": "move", "offence": "offence", "dogfight": "dogfight", "burn": "burn", "anti_ship": "anti-ship",
    "interceptor": "interceptor",
    # STCS (the ship, a weapon)
    "stcs": "", "nation": "", "class_size": "Class", "warp_engines": "warp engines",
    "warp_current": "warp engine boxes left", "impulse_power": "impulse power", "cruising_warp": "cruising warp",
    "emergency_warp": "emergency warp", "superstructure": "superstructure", "shields": "shields",
    "sensors": "sensors", "crew": "crew", "crew_efficiency": "crew efficiency", "cloak": "cloaking device",
    "monitor": "monitor", "outpost": "outpost", "cargo": "cargo room (SCU)", "freighter": "freighter",
    "mines": "mines carried", "name_of_engines": "engines", "movement_ratio": "movement point ratio",
    "shield_ratio": "shield point ratio", "cloak_power": "cloak power", "marines": "marines",
    "marines_carry": "marines", "military_passengers": "military passengers",
    "large_transporters": "large transporters", "stasis_revived": "marines in stasis revived",
    "temporary_troops": "temporary troops", "casualty_modifiers": "casualty modifiers", "reach": "reach",
}
"""Each field of a counter as people read it (issue 22: "afef: af 4", "x 2" were the record's keys); "": the
value alone ("heavy", "Klingon", a weapon's name). A key not here (typed, refused on OK) is shown as typed."""
AFTER = {"crew_quality": "crew", "crew_units_normal": "crew units", "boxes_total": "boxes",
         "fighter_flights": "fighter flights", "battle_pods": "battle pods", "marines": "marines",
         "military_passengers": "military passengers", "large_transporters": "large transporters",
         "temporary_troops": "temporary troops", "craft": "craft", "flag_bridge": "flag bridge boxes",
         "crew": "crew", "fighters": "fighters", "name_of_engines": "engines"}
"""Fields read with their value first: "30 crew units", "outstanding crew", "Klingon engines"."""
UPPER = {"frd": "FRD", "pf": "PF", "defsat": "DefSat", "federation": "Federation", "klingon": "Klingon",
         "romulan": "Romulan", "gorn": "Gorn", "other": "another nation", "earth": "Earth", "narn": "Narn",
         "centauri": "Centauri", "minbari": "Minbari", "orion": "Orion"}
"""Values read with a capital ("FRD", "Klingon")."""
MODELS = (("", Unit), ("fe", FEFactors), ("afef", AFEFFactors), ("b5", B5Data), ("b5 weapons", B5Weapon),
          ("flight", B5Fighter), ("stcs", STCSData), ("stcs weapons", STCSWeapon), ("officers", Officers),
          ("tactical", TacticalState))
"""The record of each block: "" the unit's, then a block's by the field holding it (a weapon's by "weapons" of
the block it is in)."""
ORDERS = {k: tuple(m.model_fields) for k, m in MODELS}
"""Each block's fields in the record's order (the JSON's keys are sorted)."""


def _roman(n: int) -> str:
    """A Class as STCS writes it, in Roman numerals ("VIII")."""
    out = ""
    for value, mark in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + mark, n - value
    return out


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "/".join(_value(v) for v in value) or "none"
    if value is None:
        return "none"
    text = str(value)
    return UPPER.get(text, text.replace("_", " "))


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _special(key: str, value: object, block: str) -> str | None:
    """The fields said their own way: a Class in Roman numerals, an officer's Rating with its sign, a weapon's
    shots and arcs, a block of fields; None for the others."""
    n = _number(value)
    if key == "class_size" and n is not None:
        return f"Class {_roman(n)}"
    if key == "officers" and isinstance(value, dict):
        return "officers: " + ", ".join(f"{LABELS.get(k, _value(k))} {v:+d}" if _number(v) is not None
                                        else f"{LABELS.get(k, _value(k))} {_value(v)}" for k in _sorted(value, key)
                                        for v in (value[k],))
    if key in ("flight", "tactical") and isinstance(value, dict):
        return f"{LABELS[key]}: {_fields(value, key)}"
    if key == "weapons" and isinstance(value, list):
        return "weapons: " + ", ".join(_weapon(w, f"{block} weapons") for w in value) if value else "no weapons"
    if key == "captain" and block == "stcs":
        return f"rating of its captain {_value(value)}"
    if key == "hull_type" and value == "-":
        return ""
    if key == "x" and n is not None:
        return f"x{n} into its best arc"
    if key == "shots" and n is not None:
        return f"{plural(n, 'shot')} a turn"
    if key == "arcs" and isinstance(value, list):
        return f"arcs {_value(value)} (front round to front left)" if value else ""
    if key == "ranges" and isinstance(value, list) and len(value) == 1:
        return f"range {_value(value)}"
    if key == "marines_carry":
        return f"marines in {_value(value)}" if value == "stasis" else "marines active"
    return None


def _field(key: str, value: object, block: str) -> str:
    """One field in words: "attack factor 4", "jump engine", "no strategic movement", "30 crew units"."""
    said = _special(key, value, block)
    if said is not None:
        return said
    label = LABELS.get(key, key.replace("_", " "))
    if isinstance(value, bool):
        return label if value else f"no {label}"
    if isinstance(value, dict):
        return _fields(value, key)
    if key in AFTER:
        return f"{_value(value)} {AFTER[key]}"
    return f"{label} {_value(value)}" if label else _value(value)


def _sorted(data: dict[str, object], block: str) -> list[str]:
    order = ORDERS.get(block, ())
    return sorted(data, key=lambda k: (order.index(k) if k in order else len(order), k))


def _fields(data: dict[str, object], block: str) -> str:
    """The fields of ``block`` (a key of :data:`ORDERS`) in words, in the record's order."""
    return ", ".join(w for w in (_field(k, data[k], block) for k in _sorted(data, block)) if w)


def _weapon(w: object, block: str) -> str:
    """A weapon: "Disruptor (particle, 2 shots a turn, ...)", "KD-4 disruptors (beam, reach 18)"."""
    if not isinstance(w, dict):
        return _value(w)
    rest = {k: v for k, v in w.items() if k != "name"}
    name = _value(w.get("name", "a weapon"))
    return f"{name} ({_fields(rest, block)})" if rest else name


def factors_sections(factors: str) -> list[str] | None:
    """A class's factors as people read them, a line a section ("F&E (SIDCORS): attack 9, defence 4, ...",
    "AF/EF: attack factor 4, ..."); None when the text is no JSON object (typed, refused on OK)."""
    try:
        parsed = json.loads(factors or "{}")
    except ValueError:
        return None
    if not isinstance(parsed, dict):
        return None
    taken = {k for _, keys in SECTIONS for k in keys}
    lines = []
    for title, keys in SECTIONS:
        part = {k: parsed[k] for k in keys if k in parsed} if keys else {k: v for k, v in parsed.items()
                                                                         if k not in taken}
        if "crew_units_current" in part and part.get("crew_units_current") == part.get("crew_units_normal"):
            del part["crew_units_current"]  # a new unit's crew is whole: said once
        words = _fields(part, "") if not keys else ", ".join(w for w in (_field(k, part[k], "") for k in part) if w)
        if words:
            lines.append(f"{title}: {words}")
    return lines


def factors_words(factors: str) -> str:
    """A class's factors as a person reads them ("ship, hull CA, combat BPV 125; AF/EF: attack factor 4, ..."),
    not as JSON; text that is not JSON (typed, to be refused on OK) as it was typed."""
    lines = factors_sections(factors)
    if lines is None:
        return factors
    return "; ".join(lines) if lines else "a new unit's (every factor its default)"


def factors_cell(factors: str) -> QTableWidgetItem:
    """The Factors cell: the words shown, the JSON kept under Qt.UserRole for the engine."""
    it = item(factors_words(factors), False, factors_tip(factors))
    it.setData(Qt.ItemDataRole.UserRole, factors)
    return it


def factors_of(table: QTableWidget, row: int) -> str:
    """The JSON of the class row ``row``'s factors (what the engine reads)."""
    it = table.item(row, 5)
    if it is None:
        return ""
    kept = it.data(Qt.ItemDataRole.UserRole)
    return kept if isinstance(kept, str) else it.text()


def factors_tip(factors: str) -> str:
    """A class's factors in words, a paragraph a section, then how to type them: rich text, which Qt wraps (a
    plain tooltip is one line, and a Babylon 5 block is wider than the screen)."""
    lines = factors_sections(factors)
    words = lines if lines else [factors_words(factors)]
    return "".join(f"<p>{escape(line)}</p>" for line in [*words, "Double-click, or Edit Factors..., to type them (the "
                                                         "Unit record's fields)"])
