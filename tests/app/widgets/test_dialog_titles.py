"""Dialog titles a window manager does not cut (issue 22: long titles built from a question's
rule and a Team's name, and a refusal's whole message as the title, were cut on the real
screen). Every question of random games of every battle system, the Combat Phase and the
empire phases opens a dialog whose title is at most ``TITLE_CHARS`` long, with the whole rule in
its label (its name without a seed's number: ``rule_words``); so is the title after a refusal, whose
words go in the dialog. The ignore and Turn Orders dialogs of every Team and power too."""
from __future__ import annotations

import re
from itertools import chain

from app.shell.orders_dialog import OrdersDialog
from app.shell.turn_dialogs import IgnoreDialog
from app.widgets.question_dialogs import QuestionDialog
from app.widgets.titles import TITLE_CHARS, rule_words
from hexmap import Label
from rules.battlehex.log import GM
from rules.model import load_campaign
from rules.strategic.battle_hex import IgnoreQuestion
from tests.conftest import DEFAULT
from tests.play.walk import battle_questions, empire_questions, phase_questions, seam_questions
from tests.rules.turn.test_orders import by_powers

REFUSAL = ("004 Construction Completion Phase (reserve and mothballs): United Federation of Planets cannot "
           "mothball USS Decatur: it is not at one of its planets")


def _who(names: dict[str, str], to: str) -> str:
    """Whom a question is for, as the battle window and the Combat Phase name it."""
    return {GM: "Game Master", "any": "the table (any commander or the GM)"}.get(to, names.get(to, to))


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&amp;", "&").replace("\u2060", "").replace("\xa0", " ")  # whole_rules


def test_every_question_dialog_title_fits_with_the_whole_rule_in_its_label(qtbot):
    names = {t.id: t.name for t in [*load_campaign(DEFAULT).teams, *by_powers().teams]}
    asked = {}
    for _where, run, q, _a in chain(battle_questions(), seam_questions(), phase_questions(), empire_questions()):
        asked.setdefault((q.rule, q.to), q)
        names.update({t.id: t.name for t in getattr(getattr(run, "campaign", None), "teams", [])})
    assert len(asked) > 40  # every system's and phase's rules
    long = []
    for (rule, to), q in sorted(asked.items()):
        d = QuestionDialog(q, _who(names, to))
        qtbot.addWidget(d)
        if len(d.windowTitle()) > TITLE_CHARS:
            long.append(d.windowTitle())
        assert rule_words(rule) in _plain(d.head.text()) and _who(names, to) in _plain(d.head.text())
        d.refused(REFUSAL)
        assert len(d.windowTitle()) <= TITLE_CHARS and d.windowTitle().startswith("Refused: ")
        # the rule as people read it (issue 22): "Construction Completion Phase", no seed's number
        assert d.refusal.text() == f"Refused: {REFUSAL.removeprefix('004 ')}" and not d.refusal.isHidden()
    assert not long, f"{len(long)} titles over {TITLE_CHARS} characters:\n" + "\n".join(long)


def test_the_ignore_and_turn_orders_dialogs_of_every_team_and_power_fit(qtbot):
    c = by_powers()
    names = {t.id: t.name for t in c.teams}
    for team in names:
        q = IgnoreQuestion(Label.parse("0703"), team, "orions", ("ori-cr-1",), "V13.16", False, ("Orion raider",))
        d = IgnoreDialog([q], names, team=team)
        qtbot.addWidget(d)
        assert len(d.windowTitle()) <= TITLE_CHARS, d.windowTitle()
    for p in c.powers:
        d = OrdersDialog(c, p.id)
        qtbot.addWidget(d)
        assert len(d.windowTitle()) <= TITLE_CHARS and d.windowTitle().startswith(p.name), d.windowTitle()



def test_the_dialogs_of_end_movement_and_the_encounters_fit(qtbot, tmp_path):
    """Every dialog the GM and the Teams see from End Movement to Space Combat in the default
    campaign: the hand-overs ("Hand over to the Alliance commander: units that may be ignored
    (V13.16, V13.18)" was 79 long), the ignore and the encounter questions."""
    from tests.app.gui import Answerer, ok, open_main_window, to_space_combat

    main = open_main_window(qtbot, tmp_path)
    answerer = Answerer(ok)
    main.end_movement_action.trigger()
    answerer.stop()
    seen = [*answerer.seen, *to_space_combat(main, qtbot)]
    assert {"HandOverDialog", "IgnoreDialog", "QuestionDialog"} <= {kind for kind, _t in seen}
    long = [title for _kind, title in seen if len(title) > TITLE_CHARS]
    assert not long, long


def test_the_sealed_secrets_dialog_of_a_long_file_name_fits(qtbot):
    """File > Open of a sealed file whose name is long: the title is cut, the intro names it whole."""
    from app.shell.passphrases import UnlockDialog
    from rules.model.io import SealedError

    name = "the-ardana-crisis-turn-12-alliance-copy-for-play-by-email.json"
    d = UnlockDialog(None, name, SealedError(name, [("alliance",)], {}, {"alliance": "Alliance"}))
    qtbot.addWidget(d)
    assert len(d.windowTitle()) <= TITLE_CHARS and d.windowTitle().startswith("Sealed secrets"), d.windowTitle()
