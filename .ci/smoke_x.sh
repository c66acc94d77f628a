#!/usr/bin/env bash
# End-to-end smoke test on a real X server (issue 9): Xvfb + openbox, keys and mouse by
# xdotool, screenshots by ImageMagick. Starts the app with README.md's run command (the line
# after its <!-- run-command --> marker) in a throw-away HOME, then tests/e2e/smoke_x.py
# plays it as a person would: End Movement (Ctrl+E), End Phase (Ctrl+Shift+E) through Supply and
# the Encounters (each encounter dialog answered), Fight (Ctrl+F), the hand-overs and
# set-up questions, a unit dragged onto the map (checked in the autosave), the report
# exported (Ctrl+Shift+S). Screenshots and the app's log stay in the artefacts folder it
# prints. Needs: xvfb openbox xdotool imagemagick x11-utils and Qt's xcb libraries
# (.ci/run installs them). Exit 0 when every step passed, 1 naming the step otherwise.
#
#   SMOKE_DISPLAY  X display to use (default :93, the next free one if taken)
#   SMOKE_HEX      Battle Hex to fight (default 0604)
#   SMOKE_START_TIMEOUT  seconds for the run command's install and the main window (default 180)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
T0=$SECONDS

fail() { echo "SMOKE FAILED at step $1" >&2; exit 1; }

missing=()
for tool in Xvfb openbox xdotool import convert identify xwininfo xdpyinfo xprop setsid timeout python3; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] || fail "0 tools: missing ${missing[*]} (apt-get install xvfb openbox xdotool imagemagick x11-utils; .ci/run does)"

cmd=$(awk '/<!-- run-command/{found=1; next} found && /^```bash/{getline; print; exit}' README.md)
[ -n "$cmd" ] || fail "0 README: no run command after a <!-- run-command --> marker"

ART=$(mktemp -d "${TMPDIR:-/tmp}/battlehex-smoke-XXXX")
SANDBOX=$ART/sandbox
mkdir -p "$SANDBOX/home" "$SANDBOX/config" "$SANDBOX/data" "$SANDBOX/cache" "$SANDBOX/battlehex" "$SANDBOX/runtime"
chmod 700 "$SANDBOX/runtime"

# A display nobody uses: the requested one, else the next free one.
num=${SMOKE_DISPLAY:-:93}; num=${num#:}
for _ in 1 2 3 4 5 6 7 8 9 10; do
  [ -e "/tmp/.X$num-lock" ] || [ -e "/tmp/.X11-unix/X$num" ] || break
  num=$((num + 1))
done
export DISPLAY=:$num

XVFB_PID= WM_PID= APP_PID=
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  [ -n "$APP_PID" ] && kill -TERM -- "-$APP_PID" 2>/dev/null || true
  [ -n "$WM_PID" ] && kill -TERM "$WM_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill -TERM "$XVFB_PID" 2>/dev/null || true
  for _ in $(seq 1 30); do  # at most 3 s for them to go
    { [ -n "$APP_PID" ] && kill -0 -- "-$APP_PID" 2>/dev/null; } || { [ -n "$XVFB_PID" ] && kill -0 "$XVFB_PID" 2>/dev/null; } || break
    sleep 0.1
  done
  [ -n "$APP_PID" ] && kill -KILL -- "-$APP_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill -KILL "$XVFB_PID" 2>/dev/null || true
  echo
  echo "artefacts: $ART"
  ls -1 "$ART" | sed 's/^/  /'
  echo "smoke test took $((SECONDS - T0)) s"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "X server $DISPLAY (Xvfb + openbox), artefacts in $ART"
Xvfb "$DISPLAY" -screen 0 1920x1200x24 -nolisten tcp >"$ART/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
xdpyinfo >/dev/null 2>&1 || fail "0 X server: Xvfb $DISPLAY did not start ($(tail -3 "$ART/xvfb.log"))"
# openbox has been seen to fail "to open the display" once on a machine that had just installed
# it (the X server answered xdpyinfo): start it again, up to three times, before failing.
wm_up() { xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; }
for attempt in 1 2 3; do
  openbox --sm-disable >>"$ART/openbox.log" 2>&1 &
  WM_PID=$!
  for _ in $(seq 1 50); do wm_up && break; kill -0 "$WM_PID" 2>/dev/null || break; sleep 0.2; done
  wm_up && break
  echo "openbox attempt $attempt did not start ($(tail -1 "$ART/openbox.log"))" >&2
  kill -TERM "$WM_PID" 2>/dev/null || true
  sleep 1
done
wm_up || fail "0 window manager: openbox did not start ($(tail -1 "$ART/openbox.log"))"

echo "+ $cmd"
# Its own session (so the trap ends the app and the pip before it), its own HOME: QSettings,
# the autosaves and every cache land in the sandbox, never in the user's files.
env -u QT_QPA_PLATFORM QT_QPA_PLATFORM=xcb \
    HOME="$SANDBOX/home" XDG_CONFIG_HOME="$SANDBOX/config" XDG_DATA_HOME="$SANDBOX/data" \
    XDG_CACHE_HOME="$SANDBOX/cache" XDG_RUNTIME_DIR="$SANDBOX/runtime" BATTLEHEX_DATA="$SANDBOX/battlehex" \
    PIP_CACHE_DIR="${PIP_CACHE_DIR:-${HOME:-/root}/.cache/pip}" PIP_NO_INPUT=1 \
    setsid bash -c "$cmd" >"$ART/app.log" 2>&1 </dev/null &
APP_PID=$!

code=0
SMOKE_ART=$ART SMOKE_APP_PID=$APP_PID SMOKE_APP_LOG=$ART/app.log BATTLEHEX_DATA=$SANDBOX/battlehex \
  timeout 400 python3 "$ROOT/tests/e2e/smoke_x.py" || code=$?
[ "$code" -eq 124 ] && echo "SMOKE FAILED: the driver ran past its 400 s limit" >&2

if grep -q Traceback "$ART/app.log"; then
  echo "SMOKE FAILED at step 7 app log: it contains a Traceback:" >&2
  sed -n '/Traceback/,$p' "$ART/app.log" | head -40 >&2
  code=1
fi
[ "$code" -eq 0 ] && echo "SMOKE PASSED"
exit "$code"
