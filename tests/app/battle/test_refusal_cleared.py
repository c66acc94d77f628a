"""A refusal's words leave the status bar once an answer is given (issue 22, real-screen pass at
0604 of the default campaign, B5 at both scales): "Refused: ... the fleets begin 45 or more hexes
apart ..." stayed under the battle window after the next hex was accepted and the ship placed,
as if that had been refused too."""
from __future__ import annotations

from tests.app.systems.b5.test_b5_narrow_bar import _placing
from tests.app.systems.b5.test_b5_window import click_hex


def test_an_accepted_answer_clears_the_refusal_in_the_status_bar(qtbot, tmp_path):
    bw = _placing(qtbot, tmp_path)
    panel, run = bw.panel, bw.b
    click_hex(qtbot, panel, run.legal()[0])  # the flagship anywhere; its escort within reach of it
    q = run.pending
    legal = run.legal()
    far = next(x for x in panel.board_labels() if x not in legal)
    bw.panel.board.fit(whole=True)  # the whole board, the refused hex on it
    click_hex(qtbot, panel, far)
    assert run.pending is q and bw.statusBar().currentMessage().startswith("Refused:")
    panel.board.fit()
    click_hex(qtbot, panel, legal[len(legal) // 2])
    assert run.pending is not q  # placed
    assert not bw.statusBar().currentMessage().startswith("Refused:"), bw.statusBar().currentMessage()
