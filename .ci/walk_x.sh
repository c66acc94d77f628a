#!/usr/bin/env bash
# The real-screen walk (issue 19): the default campaign (the app's default, as README.md's run
# command opens it) played on a private Xvfb display for whole turns by keys only, by
# tests/e2e/walk_x.py: once taking every dialog's default (Return), once with seeded random
# choices (Tab, arrows, Space), through every Combat Phase step and a battle in each battle
# system. Each run starts the app afresh (its own HOME and data folder). It fails, naming the
# step, on a traceback in the app's log, on a phase that stops moving (the autosave unchanged
# after a number of key presses) or a battle that never ends. Screenshots of every step and
# the app's logs go to the artefacts folder it prints. Needs what .ci/smoke_x.sh needs (the X
# server and the app are .ci/x_session.sh's).
#
#   bash .ci/walk_x.sh                 the two walks (default, random), two turns each
#   bash .ci/walk_x.sh --monkey 600    600 s of random keys, clicks and drags instead
#
#   WALK_SEED     the random walk's and the monkey's seed (default 7)
#   WALK_TURNS    turns per walk (default 2)
#   WALK_RUNS     which walks (default "default random")
#   WALK_DISPLAY  X display to use (default :95, the next free one if taken)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. .ci/x_session.sh

monkey=0
if [ "${1:-}" = "--monkey" ]; then
  monkey=${2:-600}
  [[ $monkey =~ ^[0-9]+$ ]] || { echo "usage: $0 [--monkey SECONDS]" >&2; exit 2; }
fi
seed=${WALK_SEED:-7}
xs_init WALK "${WALK_DISPLAY:-:95}" battlehex-walk

code=0
if [ "$monkey" -gt 0 ]; then
  runs=(monkey)
else
  read -r -a runs <<<"${WALK_RUNS:-default random}"
fi
for run in "${runs[@]}"; do
  mkdir -p "$ART/$run"
  echo "== $run: screenshots and the app's log in $ART/$run"
  xs_start_app "$ART/$run"
  if [ "$run" = monkey ]; then
    args=(--monkey "$monkey" --seed "$seed")
    limit=$((monkey + 300))
  else
    args=(--mode "$run" --seed "$seed" --turns "${WALK_TURNS:-2}")
    limit=600
  fi
  rc=0
  timeout "$limit" python3 "$ROOT/tests/e2e/walk_x.py" "${args[@]}" || rc=$?
  [ "$rc" -eq 124 ] && echo "WALK FAILED ($run): the driver ran past its $limit s limit" >&2
  xs_traceback "$ART/$run/app.log" && rc=1
  xs_stop_app
  [ "$rc" -eq 0 ] || code=1
done
[ "$code" -eq 0 ] && echo "WALK PASSED (${runs[*]})"
exit "$code"
