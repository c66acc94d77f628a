# What the real-screen tests share (.ci/smoke_x.sh, .ci/walk_x.sh), sourced by them: a private
# Xvfb display with the openbox window manager, BattleHex started with README.md's run command
# (the line after its <!-- run-command --> marker) in a throw-away HOME, and the clean-up that
# ends all of it. Needs: xvfb openbox xdotool imagemagick x11-utils and Qt's xcb libraries
# (.ci/run installs them).
#
#   xs_init LABEL DISPLAY PREFIX   check the tools, make the artefacts folder $ART
#                                  (${TMPDIR:-/tmp}/PREFIX-XXXX), start X on DISPLAY or the next
#                                  free one; failures print "LABEL FAILED at step ..."
#   xs_start_app DIR               start the app with its sandbox and log (DIR/app.log) in DIR
#                                  and export what tests/e2e/xdrive.py reads (E2E_ART...)
#   xs_stop_app                    end the app (its whole session)
#   xs_traceback LOG               0 (and the traceback on stderr) if LOG holds one

fail() { echo "$XS_LABEL FAILED at step $1" >&2; exit 1; }

XVFB_PID= WM_PID= APP_PID=

xs_stop_app() {
  [ -n "$APP_PID" ] || return 0
  kill -TERM -- "-$APP_PID" 2>/dev/null || true
  for _ in $(seq 1 30); do  # at most 3 s for it to go
    kill -0 -- "-$APP_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "-$APP_PID" 2>/dev/null || true
  APP_PID=
}

xs_cleanup() {
  local code=$?
  trap - EXIT INT TERM
  xs_stop_app
  [ -n "$WM_PID" ] && kill -TERM "$WM_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill -TERM "$XVFB_PID" 2>/dev/null || true
  for _ in $(seq 1 30); do
    { [ -n "$XVFB_PID" ] && kill -0 "$XVFB_PID" 2>/dev/null; } || break
    sleep 0.1
  done
  [ -n "$XVFB_PID" ] && kill -KILL "$XVFB_PID" 2>/dev/null || true
  echo
  echo "artefacts: $ART"
  ls -1 "$ART" | sed 's/^/  /'
  echo "$XS_LABEL took $((SECONDS - XS_T0)) s"
  exit "$code"
}

xs_init() {
  XS_LABEL=$1
  XS_T0=$SECONDS
  local missing=() tool num
  for tool in Xvfb openbox xdotool import convert identify xwininfo xdpyinfo xprop setsid timeout python3; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] || fail "0 tools: missing ${missing[*]} (apt-get install xvfb openbox xdotool imagemagick x11-utils; .ci/run does)"

  XS_CMD=$(awk '/<!-- run-command/{found=1; next} found && /^```bash/{getline; print; exit}' README.md)
  [ -n "$XS_CMD" ] || fail "0 README: no run command after a <!-- run-command --> marker"

  ART=$(mktemp -d "${TMPDIR:-/tmp}/$3-XXXX")
  # A display nobody uses: the requested one, else the next free one.
  # An X server that does not come up there (a display another run took meanwhile: seen once, the
  # log empty) is stopped and the next free display tried, three in all, before failing.
  num=${2#:}
  trap xs_cleanup EXIT
  trap 'exit 130' INT TERM
  local server
  for server in 1 2 3; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      [ -e "/tmp/.X$num-lock" ] || [ -e "/tmp/.X11-unix/X$num" ] || break
      num=$((num + 1))
    done
    export DISPLAY=:$num
    echo "X server $DISPLAY (Xvfb + openbox), artefacts in $ART"
    Xvfb "$DISPLAY" -screen 0 1920x1200x24 -nolisten tcp >>"$ART/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 1 50); do
      xdpyinfo >/dev/null 2>&1 && break
      kill -0 "$XVFB_PID" 2>/dev/null || break
      sleep 0.2
    done
    xdpyinfo >/dev/null 2>&1 && break
    echo "Xvfb $DISPLAY attempt $server did not start ($(tail -1 "$ART/xvfb.log"))" >&2
    kill -TERM "$XVFB_PID" 2>/dev/null || true
    XVFB_PID=
    num=$((num + 1))
  done
  xdpyinfo >/dev/null 2>&1 || fail "0 X server: Xvfb $DISPLAY did not start ($(tail -3 "$ART/xvfb.log"))"
  # openbox has been seen to fail "to open the display" once on a machine that had just installed
  # it (the X server answered xdpyinfo): start it again, up to three times, before failing.
  local attempt
  for attempt in 1 2 3; do
    openbox --sm-disable >>"$ART/openbox.log" 2>&1 &
    WM_PID=$!
    for _ in $(seq 1 50); do xs_wm_up && break; kill -0 "$WM_PID" 2>/dev/null || break; sleep 0.2; done
    xs_wm_up && break
    echo "openbox attempt $attempt did not start ($(tail -1 "$ART/openbox.log"))" >&2
    kill -TERM "$WM_PID" 2>/dev/null || true
    sleep 1
  done
  xs_wm_up || fail "0 window manager: openbox did not start ($(tail -1 "$ART/openbox.log"))"
}

xs_wm_up() { xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; }

xs_start_app() {
  local dir=$1 sandbox=$1/sandbox
  mkdir -p "$sandbox/home" "$sandbox/config" "$sandbox/data" "$sandbox/cache" "$sandbox/battlehex" "$sandbox/runtime"
  chmod 700 "$sandbox/runtime"
  echo "+ $XS_CMD"
  # Its own session (so the clean-up ends the app and the pip before it), its own HOME: QSettings,
  # the autosaves and every cache land in the sandbox, never in the user's files.
  env -u QT_QPA_PLATFORM QT_QPA_PLATFORM=xcb \
      HOME="$sandbox/home" XDG_CONFIG_HOME="$sandbox/config" XDG_DATA_HOME="$sandbox/data" \
      XDG_CACHE_HOME="$sandbox/cache" XDG_RUNTIME_DIR="$sandbox/runtime" BATTLEHEX_DATA="$sandbox/battlehex" \
      PIP_CACHE_DIR="${PIP_CACHE_DIR:-${HOME:-/root}/.cache/pip}" PIP_NO_INPUT=1 \
      setsid bash -c "$XS_CMD" >"$dir/app.log" 2>&1 </dev/null &
  APP_PID=$!
  export E2E_ART=$dir E2E_APP_PID=$APP_PID E2E_APP_LOG=$dir/app.log BATTLEHEX_DATA=$sandbox/battlehex
}

xs_traceback() {
  grep -q Traceback "$1" || return 1
  echo "$XS_LABEL FAILED: the app's log $1 contains a Traceback:" >&2
  sed -n '/Traceback/,$p' "$1" | head -40 >&2
}
