"""Who a hidden event is seen by, said once each (seen on the real screen by H4 in an STCS battle: the
GM's answer to the Not Firing question read "(seen only by the GM and the GM)": a question asked of
the GM carries the GM as its Team and, as every secret, the GM)."""
from __future__ import annotations

from app.widgets.log_html import event_html
from rules.battlehex.log import GM, Event

NAMES = {"red": "Red", "blue": "Blue"}


def _seen(visible_to) -> str:
    html = event_html(Event(1, "answer", "STCS 5.1", "yes", visible_to=visible_to), names=NAMES)
    return html.split("(seen only by ", 1)[1].split(")", 1)[0]


def test_the_gm_is_named_once():
    assert _seen((GM, GM)) == "the GM"


def test_a_side_and_the_gm():
    assert _seen(("red", GM)) == "Red and the GM"
    assert _seen(("red", GM, "red")) == "Red and the GM"


def test_three_readers_in_a_list():
    assert _seen(("red", "blue", GM)) == "Red, Blue and the GM"
