"""The battle report: one HTML page with the outcome, every event (rolls with their faces,
rule numbers) and, when the GUI supplies it, a picture of the final map."""
from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape

from rules.battlehex.log import GM
from rules.systems.v13.procedure import BattleProcedure


def report_html(b: BattleProcedure, picture_png: bytes | None = None, viewer: str = GM,
                href: Callable[[int], str] | None = None, note: str = "") -> str:
    """The report as ``viewer`` may know the battle: its units (V13.03: incidental units only once
    revealed, unless they are the viewer's; no other Team's hidden unit the battle has not shown
    the viewer, rules/battlehex/sight.py) and the events it may see, each with its anchor
    (``#event-N``) and, with ``href``, its number a link to the battle's replay at that event
    (``note``, HTML, says what the links do)."""
    from rules.battlehex.sight import sight  # what the viewer may read of the battle (issue 20)

    st = b.state
    seen = sight(b, viewer)
    names = {t.id: t.name for t in b.campaign.teams}
    rows = []
    for u in b.units_for(viewer):
        if not seen.knows(u.id, u.name):
            continue
        where = b.ctx.where(u.pos) if u.pos is not None else ""
        extra = ", crippled" if u.is_crippled else ""
        if u.forced_direction is not None:
            extra += f", next strategic move {u.forced_direction.name}"
        if u.destination:
            extra += f", to {u.destination}"
        if u.outcome:
            extra += f", {u.outcome.lower().replace('_', ' ')}"
        rows.append(f"<tr><td>{escape(u.name)}</td><td>{escape(names.get(u.team, u.team))}</td>"
                    f"<td>{escape(u.status.value)}{escape(extra)}</td><td>{escape(where)}</td></tr>")
    def number(seq: int) -> str:
        return f"<a href='{escape(href(seq))}'>{seq}</a>" if href is not None else str(seq)
    events = "".join(f"<tr id='event-{e.seq}'><td>{number(e.seq)}</td><td>{escape(e.kind)}</td>"
                     f"<td>{escape(e.rule)}</td><td>{escape(e.text)}</td></tr>" for e in seen.events(b.log.events))
    picture = ""
    if picture_png:
        data = base64.b64encode(picture_png).decode()
        picture = f"<h2>Final map</h2><img alt='final map' src='data:image/png;base64,{data}' style='max-width:100%'>"
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Battle Hex {st.record.at}</title>"
            "<style>body{font-family:sans-serif;margin:2em} table{border-collapse:collapse} "
            "td,th{border:1px solid #bbb;padding:3px 6px;text-align:left;vertical-align:top}</style></head><body>"
            f"<h1>Battle Hex {st.record.at}: {escape(names[st.attacker])} attacks {escape(names[st.defender])}</h1>"
            f"<p><b>Terrain</b>: {escape(st.record.terrain.title)}. <b>Outcome</b>: "
            f"{escape(st.resolution or st.end_reason or st.step.value)}. <b>Seed</b>: {b.seed}.</p>"
            "<h2>Units</h2><table><tr><th>Unit</th><th>Team</th><th>Status</th><th>Last position</th></tr>"
            + "".join(rows) + "</table>" + picture
            + "<h2>Log</h2>" + note + "<table><tr><th>#</th><th>Kind</th><th>Rule</th><th>Event</th></tr>" + events
            + "</table></body></html>")
