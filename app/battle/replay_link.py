"""A link to a battle's replay from its exported report (issue 22).

Each event of an exported battle report carries an anchor (``#event-12``) and a link
``battlehex://replay?file=...&hex=0509&turn=1&event=12&viewer=coalition``: the campaign file the
battle was exported from, its Battle Hex and turn, the event, and who the report was written
for. ``python main.py LINK`` (or ``python main.py FILE --replay 0509:12``; or a click, once the
``battlehex`` scheme is given to BattleHex, README "Replay links") opens the file and the battle
window in replay mode at that event (:func:`app.battle.replay_main.open_link`), as that viewer:
the GM's view asks the GM's passphrase, as File > Replay a Battle... does.

Pure Python (no Qt): main.py reads a link before it loads PySide6.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

SCHEME = "battlehex"
_EVENT_AT = re.compile(r"^(\d{4})(?::(\d+))?$")


@dataclass(frozen=True)
class ReplayLink:
    """Where a replay link leads: a campaign file, a Battle Hex in it, an event of its log.

    Attributes:
        file: the campaign file.
        hex: the Battle Hex's sector (CCRR).
        turn: the strategic turn of the battle (None: the latest battle fought there).
        event: the event's number in the battle's log (None: the first answer).
        viewer: whom the replay shows the battle to (a Team id, ``gm``; None: asked).
    """

    file: str
    hex: str
    turn: int | None = None
    event: int | None = None
    viewer: str | None = None

    def url(self) -> str:
        """The link as a ``battlehex://replay?...`` URL."""
        parts: dict[str, str | int] = {"file": self.file, "hex": self.hex}
        for key, value in (("turn", self.turn), ("event", self.event), ("viewer", self.viewer)):
            if value is not None:
                parts[key] = value
        return f"{SCHEME}://replay?{urlencode(parts)}"


def is_link(text: str) -> bool:
    """``text`` is a ``battlehex:`` link (not a file name)."""
    return text.lower().startswith(f"{SCHEME}:")


def parse(text: str) -> ReplayLink:
    """The replay link ``text`` names.

    Raises:
        ValueError: not a ``battlehex://replay`` link with a file and a sector.
    """
    u = urlsplit(text)
    if u.scheme.lower() != SCHEME or (u.netloc or u.path.strip("/")) != "replay":
        raise ValueError(f"{text!r} is not a {SCHEME}://replay link")
    q = {k: v[-1] for k, v in parse_qs(u.query).items()}
    if not q.get("file") or not _EVENT_AT.match(q.get("hex", "")):
        raise ValueError(f"{text!r}: a replay link names a campaign file and a sector (hex=CCRR)")
    return ReplayLink(q["file"], q["hex"], _number(q, "turn"), _number(q, "event"), q.get("viewer") or None)


def from_option(file: str, text: str) -> ReplayLink:
    """``--replay 0509`` or ``--replay 0509:12`` (event 12) for the campaign ``file``.

    Raises:
        ValueError: ``text`` is not SECTOR or SECTOR:EVENT.
    """
    m = _EVENT_AT.match(text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a sector with an optional event, such as 0509 or 0509:12")
    return ReplayLink(file, m.group(1), None, int(m.group(2)) if m.group(2) else None)


def _number(q: dict[str, str], key: str) -> int | None:
    text = q.get(key)
    if text is None or text == "":
        return None
    if not text.isdigit():
        raise ValueError(f"{key}={text!r} in a replay link is not a number")
    return int(text)
