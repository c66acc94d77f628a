#!/usr/bin/env bash
# End-to-end smoke test on a real X server (issue 9): Xvfb + openbox, keys and mouse by
# xdotool, screenshots by ImageMagick. Starts the app with README.md's run command (the line
# after its <!-- run-command --> marker) in a throw-away HOME, then tests/e2e/smoke_x.py
# plays it as a person would: the default campaign's Income and Tech Phases (Answer, Ctrl+Shift+A, and
# End Phase, Ctrl+Shift+E, each dialog's default), End Movement (Ctrl+E), End Phase through Supply and
# the Encounters (each encounter dialog answered), Fight (Ctrl+F), the hand-overs and
# set-up questions, a unit dragged onto the map (checked in the autosave), the report
# exported (Ctrl+Shift+S). Screenshots and the app's log stay in the artefacts folder it
# prints. Needs: xvfb openbox xdotool imagemagick x11-utils and Qt's xcb libraries
# (.ci/run installs them). Exit 0 when every step passed, 1 naming the step otherwise.
# The X server and the app are .ci/x_session.sh's (shared with .ci/walk_x.sh).
#
#   SMOKE_DISPLAY  X display to use (default :93, the next free one if taken)
#   SMOKE_HEX      Battle Hex to fight (default 0604)
#   SMOKE_START_TIMEOUT  seconds for the run command's install and the main window (default 180)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. .ci/x_session.sh

xs_init SMOKE "${SMOKE_DISPLAY:-:93}" battlehex-smoke
xs_start_app "$ART"

code=0
E2E_START_TIMEOUT=${SMOKE_START_TIMEOUT:-180} timeout 400 python3 "$ROOT/tests/e2e/smoke_x.py" || code=$?
[ "$code" -eq 124 ] && echo "SMOKE FAILED: the driver ran past its 400 s limit" >&2

xs_traceback "$ART/app.log" && code=1
[ "$code" -eq 0 ] && echo "SMOKE PASSED"
exit "$code"
