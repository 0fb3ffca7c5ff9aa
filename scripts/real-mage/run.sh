#!/usr/bin/env bash
# npm run test:real-mage: installs mage-ai (0.9.80, the release the contract is checked against, unless
# `--mage-version X.Y.Z` or MAGE_VERSION says another) in a virtualenv, starts a real Mage server on 127.0.0.1 with
# user authentication on and the default owner, runs the real-server profile (through the contract proxy, whose
# recording then seeds the reference server and the mocks) and the raw-HTTP differential against it and against the
# reference server, regenerates docs/compatibility.md (volatile values masked), and stops Mage's whole process
# tree (its own process group, scheduler and server children included) on success, failure and Ctrl-C.
# `--repeat N` runs the whole suite N times against the one Mage (one install, one Mage process), putting Mage back to
# its fresh state between runs (fresh_mage.py), and prints per test how many runs it passed, each run's time and
# whether every run regenerated docs/compatibility.md byte for byte.
# Another Mage release gets a virtualenv of its own (.venv/real-mage-X.Y.Z), installs without the pinned
# constraints (they are 0.9.80's) unless scripts/real-mage/constraints-X.Y.Z.txt keeps its own, writes its report to
# docs/compatibility-X.Y.Z.md, beside 0.9.80's, and closes it with what changed since 0.9.80 in the contract gate's
# words (conformance/real-mage/versions/). `--plan` prints what a run would use, and stops.
# `mage start` runs Mage's scheduler in a child process (instance type server_and_scheduler, the default): it starts
# runs and executes their blocks in job processes. It ticks every 10 s (Mage's default): at 1 s a block job was
# now and then enqueued just as Mage's job pool process was exiting idle, and never ran (docs/compatibility.md).
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
# The project's own Node.js (a dev dependency), as `npm run` would put first: the MCP server needs node:sqlite.
export PATH="$ROOT/node_modules/.bin:$PATH"
source "$ROOT/scripts/real-mage/process-group.sh"
stop_group_on_exit
PORT=${REAL_MAGE_PORT:-6799}
# The contract's DEFAULT_MAGE_VERSION (contract/src/mage-versions.ts; a test keeps the two equal).
DEFAULT_MAGE_VERSION=0.9.80
USAGE="usage: npm run test:real-mage [-- --repeat N] [--mage-version X.Y.Z] [--plan]"

fail() { echo "real-mage: FAILED at step '$1': $2" >&2; exit 1; } # the EXIT trap stops Mage

REPEAT=1
MAGE_VERSION=${MAGE_VERSION:-$DEFAULT_MAGE_VERSION}
PLAN=no
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) REPEAT=${2:-}; shift; shift || true ;;
    --repeat=*) REPEAT=${1#--repeat=}; shift ;;
    --mage-version) MAGE_VERSION=${2:-}; shift; shift || true ;;
    --mage-version=*) MAGE_VERSION=${1#--mage-version=}; shift ;;
    --plan) PLAN=yes; shift ;;
    *) echo "real-mage: unknown argument '$1' ($USAGE)" >&2; exit 2 ;;
  esac
done
[[ "$REPEAT" =~ ^[1-9][0-9]?$ ]] || { echo "real-mage: --repeat takes a whole number from 1 to 99, got '$REPEAT'" >&2; exit 2; }
# A release number and nothing else: it becomes a pip requirement and a file name.
[[ "$MAGE_VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "real-mage: the Mage version is a release number such as $DEFAULT_MAGE_VERSION, got '$MAGE_VERSION'" >&2; exit 2; }
if [ "$MAGE_VERSION" = "$DEFAULT_MAGE_VERSION" ]; then
  VENV=$ROOT/.venv/real-mage
  CONSTRAINTS=(-c scripts/real-mage/constraints.txt)
  REPORT=docs/compatibility.md
else
  VENV=$ROOT/.venv/real-mage-$MAGE_VERSION
  CONSTRAINTS=()
  # A release run before keeps its own pins (its pip freeze), so its rerun installs what it ran on.
  [ -f "scripts/real-mage/constraints-$MAGE_VERSION.txt" ] && CONSTRAINTS=(-c "scripts/real-mage/constraints-$MAGE_VERSION.txt")
  REPORT=docs/compatibility-$MAGE_VERSION.md
fi
export MAGE_VERSION
export REAL_MAGE_REPORT=$REPORT
if [ "$PLAN" = yes ]; then
  echo "real-mage: mage-ai==$MAGE_VERSION in ${VENV#"$ROOT"/}, constraints: ${CONSTRAINTS[*]:-none}, report: $REPORT, $REPEAT run(s)"
  exit 0
fi
WORK=$(mktemp -d /tmp/real-mage.XXXXXX)

step="create the virtualenv"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" > "$WORK/venv.log" 2>&1 || fail "$step" "$(tail -5 "$WORK/venv.log")"
fi

step="install mage-ai==$MAGE_VERSION from PyPI"
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mage-ai') != sys.argv[1])" "$MAGE_VERSION" 2>/dev/null; then
  echo "real-mage: installing mage-ai $MAGE_VERSION (a few minutes, once)..."
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "mage-ai==$MAGE_VERSION" "${CONSTRAINTS[@]}" \
    > "$WORK/pip.log" 2>&1 || fail "$step" "$(tail -15 "$WORK/pip.log")"
fi

step="start mage on 127.0.0.1:$PORT"
mage_started=$(date +%s)
cd "$WORK" || exit 1
REQUIRE_USER_AUTHENTICATION=1 MAGE_DATA_DIR="$WORK/data" \
  start_group Mage "$WORK/mage.log" "$VENV/bin/mage" start project --host 127.0.0.1 --port "$PORT"
cd "$ROOT" || exit 1
echo "real-mage: mage started (process group $GROUP), project in $WORK/project"

step="wait for mage to answer"
# Mage's start runs its database migrations and imports its libraries: 2 min on a busy 2-core machine.
for _ in $(seq 1 300); do
  if curl -sf -m 2 "http://127.0.0.1:$PORT/api/status" > /dev/null 2>&1; then break; fi
  kill -0 "$GROUP" 2>/dev/null || fail "$step" "mage exited: $(tail -15 "$WORK/mage.log")"
  sleep 1
done
curl -sf -m 2 "http://127.0.0.1:$PORT/api/status" > /dev/null 2>&1 || fail "$step" "no answer after 300 s: $(tail -15 "$WORK/mage.log")"
echo "real-mage: mage answers on http://127.0.0.1:$PORT"

step="check that mage's scheduler runs"
# Runs only execute when the scheduler process is up; without it every run would wait `initial` until the timeout.
curl -sf -m 5 "http://127.0.0.1:$PORT/api/status" | grep -q '"scheduler_status": "running"' ||
  fail "$step" "the status reports no running scheduler: $(curl -s -m 5 "http://127.0.0.1:$PORT/api/status" | head -c 600)"

step="note what a fresh Mage holds"
URL="http://127.0.0.1:$PORT"
"$VENV/bin/python" scripts/real-mage/fresh_mage.py snapshot "$WORK" "$URL" || fail "$step" "see above"

: > "$WORK/runs.txt"
restore_failed=no
for run in $(seq 1 "$REPEAT"); do
  if [ "$run" -gt 1 ] && ! "$VENV/bin/python" scripts/real-mage/fresh_mage.py restore "$WORK" "$URL"; then
    echo "real-mage: could not put Mage back to its fresh state before run $run: no further run" >&2
    restore_failed=yes
    break
  fi
  step="run $run of $REPEAT: the differential and the profile, then MCP, the editor tour and the UI tour at once"
  echo "real-mage: $step"
  report_before=$(date -r "$REPORT" +%s%N 2>/dev/null)
  run_started=$(date +%s)
  # Where this run's files mark themselves done (conformance/real-mage/suite-sync.ts): fresh for each run.
  mkdir -p "$WORK/sync-$run"
  REAL_MAGE_SYNC="$WORK/sync-$run" REAL_MAGE_URL="$URL" "$ROOT/node_modules/.bin/vitest" run --config vitest.real-mage.config.ts \
    --reporter=default --reporter=json --outputFile.json="$WORK/run-$run.json"
  status=$?
  written=no
  [ "$(date -r "$REPORT" +%s%N 2>/dev/null)" != "$report_before" ] && written=yes && cp "$REPORT" "$WORK/compatibility-$run.md"
  echo "$run $status $(($(date +%s) - run_started)) $written" >> "$WORK/runs.txt"
  [ $status -eq 0 ] || echo "real-mage: run $run failed (mage's log: $WORK/mage.log)" >&2
done

"$ROOT/node_modules/.bin/tsx" scripts/real-mage/repeat-summary.ts "$WORK" "$REPEAT" "$(($(date +%s) - mage_started))"
