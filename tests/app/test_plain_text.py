"""Text written for people (issue 22): random games of every battle system (V13, the table,
SIDCORS, AF/EF, and B5 and STCS through the registry's seam), of the seed-004 Combat Phase and
of the seed-004 empire phases (Income, Tech, purchases, Update Asset: :mod:`tests.play.walk`); every question's text,
every choice's label in its dialog (:func:`app.widgets.question_dialogs.option_words`), every undo entry
(the battle's ``summary``, the Combat Phase's :func:`rules.turn.words.answer_words`) and every log
line must read as words: no braces, no quoted keys, no ``@``, no unit, Team or power id where it has a name.
"""
from __future__ import annotations

import re
from itertools import chain

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import option_words
from rules.battlehex.questions import QKind
from rules.battlehex.words import STEPS
from rules.turn.words import answer_words
from tests.play.walk import battle_questions, empire_questions, phase_questions, seam_questions
from tests.hand_kept import hand_kept

KEYS = sorted(k for k in STEPS if "_" in k or k in ("bir", "bif"))
"""The steps of question keys that are no words (``bir``, ``directed_fighters``)."""
CODE = re.compile(r"[{}]|['\"][a-z_]+['\"]\s*:|(?<![+-]\d)@(?!\d)|\b(?:true|false)\b|\b(?:" + "|".join(KEYS) + r"):")
"""Braces, a quoted key (``'dealt':``), an ``@`` (but for a B5 plot's speed change as it is typed,
``+2@1``: the question teaches that form), JSON literals, a question key's step (``bir:``)."""
SLIPS = re.compile(r"(?<![\d.])1 (?:Damage Points|dice|hits)\b|s's\b| -> |\d+d\d+ \[|\(bpv\)|[a-z]\(s\)"
                   r"|\b(?:phasers|disruptors|torpedoes|cannons|beams|lasers|missiles|batteries|drones|weapons) "
                   r"(?:hits|misses)\b|INTERPRETATIONS|\b[A-Z]+_[A-Z_]*[A-Z]\b")
"""Slips seen on the real screen: "1 Damage Points", "1 dice", "Orion Pirates's", an arrow "->",
a roll as "1d6 [3]", "(bpv)" in lower case, a plural weapon's singular verb ("KD-4 disruptors misses"), a count's
word with "(s)" ("1 launcher system(s)"), our design notes' numbering "INTERPRETATIONS 7" (no rule a player
can look up), a data key in capitals ("GROUND_BASE": the default campaign's ground bases' class, issue 23)."""


def _ids() -> re.Pattern[str]:
    c = hand_kept()
    ids = {u.id for f in c.fleets for u in f.units} | {u.id for s in c.map.sectors for u in s.garrison}
    # a Team or power has a name too; its id shows as "(klingon)" or "retreat/alliance" ("monsters" is a word)
    sides = sorted({x.id for x in [*c.teams, *c.powers] if x.id != x.name}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                      + r")(?![\w-])|[(/](?:" + "|".join(re.escape(i) for i in sides) + r")\b")


def _code(text: str, ids: re.Pattern[str]) -> str:
    """What in ``text`` looks like code ("" when nothing)."""
    m = CODE.search(text) or ids.search(text) or SLIPS.search(text)
    if m:
        return m.group(0)
    if "::" in text:  # an undo entry's question cut at its colon: "energy mines (...):: 7049"
        return "::"
    if text.count(")") > text.count("("):  # "(sub-light monitor))"
        return "))"
    return "((" if text.count("(") > text.count(")") else ""  # cut inside its brackets: "mines (2 launchers, reach 4: 5530"


def _names(run) -> dict[str, str]:
    units = getattr(getattr(run, "state", None), "units", None) or {}
    return {uid: getattr(u, "name", uid) for uid, u in dict(units).items()}


def _battle_texts(games, ids: re.Pattern[str]) -> list[str]:
    """What looks like code in the questions, choices, undo entries, steps and logs of ``games``."""
    bad, runs = [], {}
    for system, run, q, a in games:
        names = _names(run)
        texts = [("question", q.text), ("undo", run.summary(a))]
        stage = run.status().stage  # the battle window's "Step" line
        if any(stage.endswith(f": {k}") for k, words in STEPS.items() if words != k):
            bad.append(f"{system} {q.key} step: a question key's step in {stage!r}")
        if q.kind is QKind.CHOOSE:
            words = q.data.get("option_words", {})
            texts += [("choice", words.get(o) or option_words(o, names)) for o in q.options]
        runs[id(run)] = (system, run)
        for where, text in texts:
            if _code(text, ids):
                bad.append(f"{system} {q.key} {where}: {_code(text, ids)!r} in {text!r}")
    for system, run in runs.values():
        for e in run.log.events:
            if _code(e.text, ids):
                bad.append(f"{system} log: {_code(e.text, ids)!r} in {e.text!r}")
    return bad


def _turn_texts(games, ids: re.Pattern[str]) -> list[str]:
    """What looks like code in the questions, choices, undo entries and campaign logs of whole turns."""
    bad, turn_runs = [], {}
    for where_from, run, q, _a in games:
        if q.key.startswith("turn/"):
            continue  # the headless turn command's own questions (their text gives the JSON form);
            # the main window asks them through its menus and the hand-over dialogs
        names = {t.id: t.name for t in run.campaign.teams} | dict(q.data.get("names", {}))
        texts = [("question", q.text)]
        if q.kind is QKind.CHOOSE:
            words = q.data.get("option_words", {})
            texts += [("choice", words.get(o) or option_words(o, names)) for o in q.options]
        texts += [("undo", answer_words(q, a, names)) for a in ((True, False) if q.kind is QKind.YES_NO
                                                                 else q.options if q.kind is QKind.CHOOSE else ())]
        turn_runs[id(run)] = run
        for where, text in texts:
            if _code(text, ids):
                bad.append(f"{where_from} {q.key} {where}: {_code(text, ids)!r} in {text!r}")
    for run in turn_runs.values():
        for line in run.campaign.log:
            if _code(line.text, ids):
                bad.append(f"{where_from} log: {_code(line.text, ids)!r} in {line.text!r}")
    return bad


def _verdict(bad: list[str]) -> str:
    return f"{len(set(bad))} texts look like code:\n" + "\n".join(sorted(set(bad))[:400])


def test_random_games_of_every_system_and_the_combat_phase_read_as_words():
    ids = _ids()
    bad = _battle_texts(battle_questions(), ids) + _turn_texts(phase_questions(), ids)
    assert not bad, _verdict(bad)


def test_random_b5_and_stcs_battles_read_as_words():
    """The systems added through the registry's seam: "Klothos' shields", never "Klothos's"."""
    bad = _battle_texts(seam_questions(), _ids())
    assert not bad, _verdict(bad)


def test_the_seam_games_reach_this_sessions_questions():
    """The B5 and STCS games the words and defaults tests walk ask the questions this session's rules added
    and log their lines: a side designating its flagship in a tie, a squadron's commander and the new
    flagship's net; fighter orders changed on an even turn by an Ex-Fighter Ops Commander; fire declared
    by squadron and resolved; energy mines hitting a flight; an STCS ship's boarding parties and its
    Casualty Modifier Track."""
    keys, texts, runs = set(), set(), {}
    for _system, run, q, _a in seam_questions():
        keys.add(re.sub(r"/\d+(?=/|$)", "/N", q.key))
        runs[id(run)] = run
        if "resolve" in (q.options or ()) and q.key.startswith("b5/"):
            keys.add("b5 resolve the declared fire")
    for run in runs.values():
        texts |= {re.sub(r"\d+", "N", e.text) for e in run.log.events}
    assert {"b5/flagship/blue", "b5/net/blue", "b5/commander/blue/N", "b5/N/orders/red",
            "b5 resolve the declared fire"} <= keys, sorted(keys)
    wanted = ["Ex-Fighter Ops Commander: R-FLAG's commander changes his squadron's fighter orders on turn N, an even turn",
              "declared: ", "rolled: ", "energy mines at R-FL: dN N -N needs N: hit, dN damage N on armor N: N fighter",
              "Lexington's boarding parties: N of its crew", "Lexington's Casualty Modifier Track: the "]
    missing = [w for w in wanted if not any(t.startswith(w) or f" {w}" in t for t in texts)]
    assert not missing, missing


def test_random_empire_turns_read_as_words():
    """The seed-004 empire phases (issue 23): "Point Pool 0 to 27", "Morale stays 8", "United
    Federation of Planets' Tech", never an arrow or "s's"."""
    played = list(empire_questions(seeds=(1, 2, 4)))  # seed 4's player buys units (1 and 2 try other orders)
    logs = [line for run in {id(r): r for _s, r, _q, _a in played}.values() for line in run.campaign.log]
    assert {"004 Income Phase", "004 Morale Check Chart", "004 Tech Phase"} <= {line.rule for line in logs}
    assert any("Point Pool" in line.text and " buys " in line.text for line in logs)  # a purchase was made
    bad = _turn_texts(iter(played), _ids())
    assert not bad, _verdict(bad)


HAND_POSSESSIVE = re.compile(r"\{[^{}\n]*\}'s\b")
"""A possessive written by hand after a name in an f-string: ``f"{team.name}'s"`` gives "Orion
Pirates's" (seen: "United Federation of Planets's orders", "fleet fed-trade-vanguard's orders")."""
NOT_NAMES = {"{self.round}": "a turn number", "{_OFFICER_NAME[officer]}": "an officer's title (Captain, ...)"}


def test_no_possessive_is_written_by_hand():
    """Every name's possessive in rules/ and app/ goes through rules.battlehex.words.possessive,
    which gives "Orion Pirates'" and "Klothos'"; ``"{x}'s"`` is left only after a number or a fixed title."""
    from tests.conftest import ROOT

    found = []
    for path in sorted([*(ROOT / "rules").rglob("*.py"), *(ROOT / "app").rglob("*.py")]):
        if path == ROOT / "rules" / "battlehex" / "words.py":
            continue  # the helper itself
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{n}: {m.group(0)}" for m in HAND_POSSESSIVE.finditer(line)
                      if m.group(0)[:-2] not in NOT_NAMES]
    assert not found, "use possessive(name):\n" + "\n".join(found)


HAND_PLURAL = re.compile(r"\{[^{}\n]*\}[a-z ]*\b[a-z]+\(s\)|\{[^{}\n]*\} points to resolve")
"""A count's word written by hand: ``f"{n} order(s)"``, ``f"{n} energy mine(s)"``, ``f"{left} points to resolve"``
(seen: SIDCORS "(1 points to resolve, ...)", "0 order(s)", "1 power(s) imported")."""


def test_no_count_is_written_with_s_in_brackets():
    """Every count's word in rules/ and app/ goes through rules.battlehex.words.plural: "1 point", "3 fleets"."""
    from tests.conftest import ROOT

    found = []
    for path in sorted([*(ROOT / "rules").rglob("*.py"), *(ROOT / "app").rglob("*.py")]):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{n}: {m.group(0)}" for m in HAND_PLURAL.finditer(line)]
    assert not found, "use plural(n, word):\n" + "\n".join(found)


PANEL_SLIPS = ({"at": "", "facing": "A"}, {"at": "north", "facing": "A"}, {"at": "0101", "facing": "Q"})
"""What the B5 panel sends at a placement when the hex field is left empty, holds a word, or the facing is wrong."""


def test_a_b5_placement_is_refused_in_words():
    """A refusal is read under the question too (issue 22: Return in the empty hex field read
    "not {'at': '', 'facing': 'A'}"): the B5 panel's slips at a placement are refused in words."""
    from rules.battlehex.log import IllegalAnswer

    ids, bad, asked = _ids(), [], 0
    for system, _run, q, _a in seam_questions(seeds=(0,)):
        if system != "b5" or q.kind is not QKind.PLACE:
            continue
        asked += 1
        for slip in PANEL_SLIPS:
            try:
                q.check(slip)
            except IllegalAnswer as refused:
                bad += [f"{q.key}: {refused.message}"] if _code(refused.message, ids) else []
            else:
                bad.append(f"{q.key}: {slip} taken")
        if asked == 3:
            break
    assert asked == 3 and not bad, _verdict(bad)


def test_v13_placement_refusals_cite_rules_a_player_can_look_up():
    """A refused placement is read in the status bar and the panel (issue 22, shots s32/s102: "Refused: V13.432
    / INTERPRETATIONS 7: ..."): every V13 placement question of the random games, two of its units tried on a
    grid of hexes and one far off the map, is refused with the rule number alone, never INTERPRETATIONS."""
    from collections import Counter

    from rules.battlehex.log import IllegalAnswer

    rules, bad = Counter(), []
    for system, _run, q, _a in battle_questions():
        if system != "v13" or q.kind is not QKind.PLACE:
            continue
        for uid in q.options[:2]:
            for at in [f"{c:02d}{r:02d}" for c in range(1, 43, 4) for r in range(1, 31, 4)] + ["(200,200)"]:
                try:
                    q.check({"unit": uid, "at": at})
                except IllegalAnswer as refused:
                    rules[refused.rule.split(" / ")[0]] += 1
                    bad += [f"{q.key} {uid} at {at}: {refused}"] if "INTERPRETATIONS" in str(refused) else []
    assert {"V13.432", "V13.811", "V13.812"} <= set(rules), rules  # the refusals that carried it were reached
    assert not bad, f"{len(bad)} refusals cite INTERPRETATIONS:\n" + "\n".join(bad[:20])


SHOWN_CITATION = re.compile(r"(?<![\w.])(?i:seed\s+)?00\d\s|(?<![\w-])A-\d{1,3}\b|(?i:\bseed\b)(?!\s+(?!00\d\b)\d+\b)")
"""What a player cannot look up (issue 22): a seed file's number ("004 Combat Phase: ...", "seed 004 states none")
or our design notes' numbering of a reading of the rules ("V13.472 / A-21", "(A-59)"): INTERPRETATIONS is ours;
nor "the seed" we build from ("the seed gives no table", "the seed's way out", "(seed 003)"): a player reads rules."""


def _seen(html: str) -> str:
    """The words an HTML fragment shows (its tags left out)."""
    from html import unescape

    return unescape(re.sub(r"<[^>]*>", "", html))


def _refusals(q) -> set[str]:
    """The engine's refusals of wrong answers to ``q``: a V13 unit placed on a grid of hexes (V13.472 / A-21,
    V13.462 / A-22 among them), any other question given words, a number and a dict it does not take."""
    from rules.errors import RuleError

    tries = [{"unit": uid, "at": f"{c:02d}{r:02d}"} for uid in q.options[:3] for c in range(1, 43, 2)
             for r in range(1, 31, 2)] if q.kind is QKind.PLACE and q.key.startswith("place/") else ["zz", 99, {"x": 1}]
    out = set()
    for raw in tries:
        try:
            q.check(raw)
        except RuleError as refused:
            out.add(str(refused))
    return out


def test_shown_rules_name_no_seed_number_and_no_interpretation(qtbot):
    """Every rule a player reads names a rule the player can look up: the question dialog's rule, choices and
    refusal line, the battle log's and the campaign log's lines and the battle report, over random battles of every
    system (V13's placements refused with their interpretations), the Combat Phase and the empire phases. The
    citations stay whole as data (the engine's, the file's): checked here, "004 Income Phase" is in the log."""
    from PySide6.QtWidgets import QRadioButton

    from app.battle.log import report_events
    from app.shell.campaign_log import entry_html
    from app.widgets.log_html import event_html
    from app.widgets.question_dialogs import QuestionDialog

    runs, asked, refusals, bad = {}, {}, set(), []
    games = chain(battle_questions(), phase_questions(seeds=(1,)), empire_questions(seeds=(4,), turns=1))
    for _where, run, q, _a in games:  # each question refused while it is pending
        runs[id(run)] = run
        asked.setdefault(q.rule, q)
        refusals |= _refusals(q)
    cited = {line.rule for run in runs.values() for line in getattr(getattr(run, "campaign", None), "log", ())}
    assert {"004 Income Phase", "004 Movement Phase"} <= cited  # the data keeps the seed's citation
    assert any("/ A-" in r for r in refusals) and any(r.startswith("004 ") for r in refusals), sorted(refusals)[:9]
    for q in asked.values():
        dialog = QuestionDialog(q, "Coalition")
        qtbot.addWidget(dialog)
        choices = [b.text() for b in dialog.findChildren(QRadioButton)]  # "(the seed's way out: ..." (issue 22)
        bad += [f"dialog {q.key}: {t!r}" for t in (dialog.windowTitle(), _seen(dialog.head.text()), *choices)
                if SHOWN_CITATION.search(t)]
    for why in sorted(refusals):
        dialog.refused(why)
        bad += [f"refusal line: {dialog.refusal.text()!r}"] if SHOWN_CITATION.search(dialog.refusal.text()) else []
    for run in runs.values():
        events = getattr(getattr(run, "log", None), "events", None)
        lines = [_seen(event_html(e, details=False)) for e in events] + [_seen(report_events(events, None))] \
            if events is not None else [_seen(entry_html(line)) for line in run.campaign.log]
        bad += [f"log: {text!r}" for text in lines if SHOWN_CITATION.search(text)]
    assert not bad, f"{len(set(bad))} shown texts cite a seed's number or an interpretation:\n" + \
        "\n".join(sorted(set(bad))[:40])


def test_the_default_campaign_describes_itself_in_words():
    """The campaign's description (the strategic map's Campaign panel) names no seed file: it said "Seed 004's
    Combat Phase is played" and "BattleHex runs seed 004's whole turn" (issue 22)."""
    from rules.model import load_campaign
    from tests.conftest import DEFAULT

    text = load_campaign(DEFAULT).description
    assert "Combat Phase" in text and "Income Phase" in text  # it still says what is played
    assert not SHOWN_CITATION.search(text) and not re.search(r"(?i)\bseed\b", text), text


def test_the_new_campaign_and_settings_dialogs_name_no_seed(qtbot, tmp_path):
    """File > New Campaign's optional rule said "Seed 004 End of Turn: ... The seed prints no Random Event table" in
    its tooltip; Campaign > Settings offered B5 squadron fire "As the seed has it" (issue 22): every text and tooltip
    they show names rules, never the seed."""
    from PySide6.QtWidgets import QComboBox, QWidget

    from app.shell.new_campaign import NewCampaignDialog
    from app.shell.settings_dialog import SettingsDialog
    from tests.hand_kept import hand_kept

    shown = []
    for dialog in (NewCampaignDialog(tmp_path), SettingsDialog(hand_kept())):
        qtbot.addWidget(dialog)
        for w in dialog.findChildren(QWidget):
            shown += [t for t in (w.toolTip(), getattr(w, "text", lambda: "")()) if isinstance(t, str) and t]
            if isinstance(w, QComboBox):
                shown += [w.itemText(i) for i in range(w.count())]
                shown += [str(w.itemData(i, Qt.ItemDataRole.ToolTipRole) or "") for i in range(w.count())]
    assert any("Random Event" in t for t in shown) and any("Squadron fire" in t or "declared" in t for t in shown)
    seeds = sorted({t for t in shown if SHOWN_CITATION.search(_seen(t))})
    assert not seeds, seeds


def test_the_orders_dialog_names_no_seed(qtbot):
    """Turn > Turn Orders for a Power...: every page of every power's orders dialog on the shipped campaign (no unit
    list: "Nothing can be bought ... (seed 004: \"Each player has a list ...\"" was seen on the real screen; the Intel
    mission's "the GM rules the mission (the seed gives no table)") names rules, never the seed."""
    from PySide6.QtWidgets import QLabel

    from app.shell.orders_dialog import OrdersDialog
    from rules.model import load_campaign
    from tests.conftest import DEFAULT

    c, shown = load_campaign(DEFAULT), []
    for p in c.powers:
        d = OrdersDialog(c, p.id)
        qtbot.addWidget(d)
        for i in range(d.kind_box.count()):
            d.kind_box.setCurrentIndex(i)
            shown += [w.text() for w in d.findChildren(QLabel) if w.text()]
    assert any("has no unit list in this campaign" in t for t in shown)
    seeds = sorted({t for t in shown if SHOWN_CITATION.search(_seen(t))})
    assert not seeds, seeds


def test_the_battle_banners_name_no_seed():
    """The B5 banner and its tooltip (what is built, what is not and why) read as rules, not as the seed we build
    from: they said "the squadrons move in the seed's order" and "the seed's cut text loses the missions"."""
    from app.systems.b5 import panel

    shown = {name: text for name, text in vars(panel).items() if name.startswith(("BUILT", "NOT_BUILT"))}
    assert len(shown) >= 4, sorted(shown)
    bad = {name: m.group(0) for name, text in shown.items() if (m := SHOWN_CITATION.search(_seen(text)))}
    assert not bad, bad
