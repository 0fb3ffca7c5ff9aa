# Sourced by run.sh (and by its test): runs a server in a process group (and session) of its own, and stops the
# whole tree on success, failure, Ctrl-C or kill: Mage's scheduler and server children go with it.
GROUP=""
GROUP_NAME=""

# start_group NAME LOG COMMAND...: starts COMMAND in a new session (so its own process group); GROUP is its id.
start_group() {
  GROUP_NAME=$1
  local log=$2
  shift 2
  # Not a group leader when started in the background, so setsid(1) execs COMMAND in place: $! is its pid and pgid.
  setsid "$@" > "$log" 2>&1 < /dev/null &
  GROUP=$!
}

# Every descendant of a pid (children first found through /proc), whatever group it moved to.
descendants() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}

# Stops the group and every descendant of its leader: TERM, up to 10 s, then KILL. Safe to call twice.
stop_group() {
  [ -n "$GROUP" ] || return 0
  local pids
  pids="$GROUP $(descendants "$GROUP" | tr '\n' ' ')"
  kill -TERM -- "-$GROUP" $pids 2>/dev/null
  for _ in $(seq 1 50); do
    alive=""
    for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive="$alive $pid"; done
    kill -0 -- "-$GROUP" 2>/dev/null && alive="$alive group"
    [ -z "$alive" ] && break
    sleep 0.2
  done
  if [ -n "$alive" ]; then kill -KILL -- "-$GROUP" $pids 2>/dev/null; fi
  wait "$GROUP" 2>/dev/null
  echo "real-mage: stopped $GROUP_NAME (process group $GROUP and its descendants)"
  GROUP=""
}

# The group stops whenever the script ends: normal exit, failure, Ctrl-C (INT) or TERM.
stop_group_on_exit() {
  trap stop_group EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}
